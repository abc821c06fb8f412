package io.github.astrorag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.graph.PageRankReranker.GraphKind;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Selection quality of this module's stages on HotpotQA dev (distractor setting, 250 questions, 10
 * paragraphs each, 2 supporting) with the model-free {@link HashingEmbedder}: for each selection of 3
 * chunks, how often both supporting paragraphs are kept and how often a gold answer string occurs in
 * the kept text. HashingEmbedder measures word overlap, not meaning: these are not the numbers of the
 * real embedder. The data is read from {@code ../shared/data} (found by walking up from the working
 * directory) or the system property {@code astrorag.data}; the test is skipped when it is absent.
 */
class HotpotQaSelectionIT {

    private static final int KEEP = 3;

    private static Path dataFile() {
        String prop = System.getProperty("astrorag.data");
        if (prop != null) {
            return Path.of(prop).resolve("hotpotqa-dev.jsonl");
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path f = p.resolve("shared/data/hotpotqa-dev.jsonl");
            if (Files.isRegularFile(f)) {
                return f;
            }
        }
        return null;
    }

    @Test
    void selectionQualityWithHashingEmbedder() throws IOException {
        Path file = dataFile();
        assumeTrue(file != null && Files.isRegularFile(file), "HotpotQA data not found: skipping");
        HashingEmbedder embedder = new HashingEmbedder();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        Map<String, BiFunction<Query, EphemeralIndex, List<ScoredChunk>>> strategies = new LinkedHashMap<>();
        strategies.put("dense top-3", (q, ix) -> ix.search(q.requireEmbedding(), KEEP));
        strategies.put("MMR λ=0.5 (k=3, fetch 20)", (q, ix) -> MmrRetriever.defaults().retrieve(q, ix, KEEP));
        strategies.put("MMR λ=0.7", (q, ix) -> MmrRetriever.builder().lambda(0.7).build().retrieve(q, ix, KEEP));
        strategies.put("BM25 top-3", (q, ix) -> new Bm25Retriever().retrieve(q, ix, KEEP));
        strategies.put("RRF(dense, BM25) top-3", (q, ix) -> HybridRetriever.rrf().retrieve(q, ix, KEEP));
        strategies.put("weighted(dense, BM25 w=0.3) top-3", (q, ix) -> HybridRetriever.weighted(0.3)
                .retrieve(q, ix, KEEP));
        strategies.put("MMR k=10 → PPR cosine top-3", (q, ix) -> PageRankReranker.defaults()
                .rerank(q, MmrRetriever.builder().k(10).build().retrieve(q, ix, 10)));
        strategies.put("dense top-10 → PPR mention top-3", (q, ix) -> PageRankReranker.builder().graph(GraphKind.MENTION)
                .build().rerank(q, ix.search(q.requireEmbedding(), 10)));
        strategies.put("dense top-10 → query coverage top-3", (q, ix) -> BridgingCoverageSelector.queryCoverage()
                .rerank(q, ix.search(q.requireEmbedding(), 10)));
        Map<String, int[]> counts = new LinkedHashMap<>();
        strategies.keySet().forEach(k -> counts.put(k, new int[2]));
        ObjectMapper json = new ObjectMapper();
        int questions = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = json.readTree(line);
                List<Chunk> chunks = new ArrayList<>();
                for (JsonNode d : n.get("documents")) {
                    chunks.addAll(chunker.chunk(new Document(d.get("id").asText(), d.get("title").asText(),
                            d.get("id").asText(), d.get("text").asText(), List.of())));
                }
                Set<String> supporting = new java.util.HashSet<>();
                n.get("supporting").forEach(s -> supporting.add(s.asText()));
                List<String> answers = new ArrayList<>();
                n.get("answers").forEach(a -> answers.add(a.asText().toLowerCase(Locale.ROOT)));
                String question = n.get("question").asText();
                Query q = Query.of(question).withEmbedding(embedder.embedQuery(question));
                try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("hotpot", embedder.dimension())) {
                    index.add(chunks, embedder.embedDocuments(chunks.stream().map(Chunk::text).toList()));
                    for (var s : strategies.entrySet()) {
                        List<ScoredChunk> kept = s.getValue().apply(q, index);
                        assertThat(kept).hasSizeLessThanOrEqualTo(KEEP);
                        Set<String> docs = kept.stream().map(c -> c.chunk().documentId()).collect(Collectors.toSet());
                        String text = kept.stream().map(c -> c.chunk().text()).collect(Collectors.joining("\n"))
                                .toLowerCase(Locale.ROOT);
                        int[] c = counts.get(s.getKey());
                        c[0] += docs.containsAll(supporting) ? 1 : 0;
                        c[1] += answers.stream().anyMatch(text::contains) ? 1 : 0;
                    }
                }
                questions++;
            }
        }
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "HotpotQA dev, %d questions, HashingEmbedder(384), 3 chunks kept%n", questions));
        report.append(String.format(Locale.ROOT, "%-40s %12s %12s%n", "selection", "both supp.", "answer in"));
        for (var e : counts.entrySet()) {
            report.append(String.format(Locale.ROOT, "%-40s %11.1f%% %11.1f%%%n", e.getKey(),
                    100.0 * e.getValue()[0] / questions, 100.0 * e.getValue()[1] / questions));
        }
        System.out.print(report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "hotpotqa-selection-hashing.txt"), report);
        assertThat(questions).isEqualTo(250);
        // 3 of 10 paragraphs at random keep both supporting ones 3·2/(10·9)·... = 6.7% of the time
        for (var e : counts.entrySet()) {
            assertThat(100.0 * e.getValue()[0] / questions).as(e.getKey()).isGreaterThan(6.7);
        }
    }
}
