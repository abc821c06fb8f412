package io.github.astrorag.mcts.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the shared HotpotQA dev file (never copied into the project) and turns each question into a
 * candidate pool: its paragraphs chunked with the core chunker, embedded, the top k by cosine.
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
        ObjectMapper json = new ObjectMapper();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        List<Item> items = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = json.readTree(line);
                String question = node.get("question").asText();
                List<Chunk> chunks = new ArrayList<>();
                for (JsonNode d : node.get("documents")) {
                    String id = d.get("id").asText();
                    chunks.addAll(chunker.chunk(new Document(id, d.get("title").asText(), id, d.get("text").asText(), List.of())));
                }
                float[] q = embedder.embedQuery(question);
                List<float[]> vectors = embedder.embedDocuments(chunks.stream().map(Chunk::text).toList());
                List<ScoredChunk> scored = new ArrayList<>();
                for (int i = 0; i < chunks.size(); i++) {
                    scored.add(new ScoredChunk(chunks.get(i), Vectors.dot(q, vectors.get(i)), vectors.get(i)));
                }
                scored.sort(ScoredChunk.BY_SCORE);
                Set<String> supporting = new HashSet<>();
                node.path("supporting").forEach(s -> supporting.add(s.asText()));
                items.add(new Item(Query.of(question).withEmbedding(q), List.copyOf(scored.subList(0, Math.min(k, scored.size()))),
                        supporting));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jsonl, e);
        }
        return items;
    }
}
