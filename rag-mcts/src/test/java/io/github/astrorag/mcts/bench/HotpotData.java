package io.github.astrorag.mcts.bench;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.mcts.agent.AgentDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Locates the shared HotpotQA dev file (never copied into the project) and turns each question into a
 * candidate pool with {@link AgentDataset}: its paragraphs chunked with the core chunker, embedded, the top k by cosine.
 */
public final class HotpotData {

    /** One question with its candidates and the ids of its supporting documents. */
    public record Item(Query query, List<ScoredChunk> candidates, Set<String> supporting) {
    }

    private HotpotData() {
    }

    /** The data folder: {@code -Dastrorag.data}, else the first {@code shared/data} found walking up from the working directory. */
    public static Optional<Path> locate(String file) {
        String prop = System.getProperty("astrorag.data");
        if (prop != null && !prop.isBlank()) {
            Path p = Paths.get(prop).resolve(file);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("shared").resolve("data").resolve(file);
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every question of the file, with its top {@code k} chunks by cosine under {@code embedder}. */
    public static List<Item> load(Path jsonl, Embedder embedder, int k) {
        return AgentDataset.read(jsonl, embedder, RecursiveTokenChunker.defaults(), k, Integer.MAX_VALUE).instances().stream()
                .map(i -> new Item(i.query(), i.candidates(), i.supporting())).toList();
    }
}
