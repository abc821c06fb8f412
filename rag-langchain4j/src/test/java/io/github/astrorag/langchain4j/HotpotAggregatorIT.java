package io.github.astrorag.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.EmbeddingStoreContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import io.github.astrorag.presets.Preset;
import java.io.BufferedReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The measurement of docs/evaluation.md ("Your store, our selection"): HotpotQA dev at 300 tokens, each question's
 * paragraphs chunked (p50k, 300/30) into LangChain4j's own {@link InMemoryEmbeddingStore} with the bge-small-en-v1.5
 * (quantized) ONNX file of LangChain4j's artifact (run by rag-onnx, as an {@link AstroRagEmbeddingModel}) and retrieved by {@link EmbeddingStoreContentRetriever} (20 results): (a) the contents
 * in the retriever's order until 300 tokens (the last cut to fill) vs (b) {@link AstroRagContentAggregator} with the
 * default preset's selector. Full support: every supporting paragraph has text in the context, as rag-eval counts
 * it. Skipped when $DATA/hotpotqa-dev.jsonl is absent. Prints the table and the aggregator's time per question with
 * the passages' vectors cached.
 */
class HotpotAggregatorIT {

    private static final int BUDGET = 300;

    static Optional<Path> locate(String file) {
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

    @Test
    void aggregatorVersusRetrieverOrder() throws Exception {
        Optional<Path> data = locate("hotpotqa-dev.jsonl");
        Assumptions.assumeTrue(data.isPresent(), "hotpotqa-dev.jsonl not found");
        // the first 25 questions in the build (a smoke run); the measurement of docs/evaluation.md: -Dastrorag.questions=250
        int limit = Integer.getInteger("astrorag.questions", 25);
        ObjectMapper json = new ObjectMapper();
        TokenCounter p50k = TokenCounter.p50k();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        int questions = 0;
        int fullBaseline = 0;
        int fullAggregator = 0;
        List<Double> warmMillis = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        // the selection's own stages (candidates, rerank:*, select): what the aggregator adds to the store's
        // retrieval, which embedded the question already), as wall time and as the asking thread's CPU time (which a
        // shared machine's load does not inflate: the stages run in the asking thread)
        double[] stageMillis = {0, 0};
        List<Double> selectionMillis = new ArrayList<>();
        List<Double> selectionCpuMillis = new ArrayList<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        PipelineObserver selecting = new PipelineObserver() {
            @Override
            public Stage stageStarted(String stage, Scope scope) {
                long cpu0 = threads.getCurrentThreadCpuTime();
                return stage.equals("embed-query") ? Stage.NONE : new Stage() {
                    @Override
                    public void stopped(double millis, Map<String, Object> details) {
                        stageMillis[0] += millis;
                        stageMillis[1] += (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
                    }
                };
            }
        };
        try (OnnxSentenceEmbedder embedder = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
             InMemoryEmbeddingCache cache = new InMemoryEmbeddingCache();
             RagPipeline pipeline = Preset.builder("default", embedder).embeddingCache(cache).budget(BUDGET)
                     .observer(selecting).build();
             BufferedReader in = Files.newBufferedReader(data.get())) {
            // the bundled bge-small-en-v1.5 (quantized) ONNX file of LangChain4j's artifact, run by rag-onnx, as
            // LangChain4j's EmbeddingModel; through the pipeline's cache, so the aggregator finds the store's vectors
            EmbeddingModel model = new AstroRagEmbeddingModel(new CachingEmbedder(embedder, cache));
            AstroRagContentAggregator aggregator = AstroRagContentAggregator.of(pipeline);
            String line;
            while ((line = in.readLine()) != null && questions < limit) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode q = json.readTree(line);
                Set<String> supporting = new HashSet<>();
                q.path("supporting").forEach(s -> supporting.add(s.asText()));
                InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
                List<TextSegment> segments = new ArrayList<>();
                for (JsonNode d : q.path("documents")) {
                    Document doc = Document.of(d.path("id").asText(), d.path("text").asText());
                    for (Chunk c : chunker.chunk(doc)) {
                        // the provenance an application keeps beside each segment: its document and title
                        String id = d.path("id").asText();
                        segments.add(TextSegment.from(c.text(), Metadata.from(
                                Map.of("doc", id, "source", id, "title", d.path("title").asText(id)))));
                    }
                }
                store.addAll(model.embedAll(segments).content(), segments);
                EmbeddingStoreContentRetriever retriever = EmbeddingStoreContentRetriever.builder().embeddingStore(store)
                        .embeddingModel(model).maxResults(20).build();
                Query query = Query.from(q.path("question").asText());
                List<Content> contents = retriever.retrieve(query);
                // (a) the retriever's order until the budget, the last content cut to fill it
                Set<String> baseline = new HashSet<>();
                int used = 0;
                for (Content c : contents) {
                    int t = p50k.count(c.textSegment().text());
                    int left = BUDGET - used - (used == 0 ? 0 : 1);
                    if (left <= 0) {
                        break;
                    }
                    baseline.add(c.textSegment().metadata().getString("doc"));
                    used += Math.min(t, left) + (used == 0 ? 0 : 1);
                }
                // (b) the aggregator (cold: embeds the contents), then warm (their vectors cached)
                Map<Query, Collection<List<Content>>> byQuery = Map.of(query, List.of(contents));
                List<Content> chosen = aggregator.aggregate(byQuery);
                long t0 = System.nanoTime();
                stageMillis[0] = 0;
                stageMillis[1] = 0;
                aggregator.aggregate(byQuery);
                warmMillis.add((System.nanoTime() - t0) / 1e6);
                selectionMillis.add(stageMillis[0]);
                selectionCpuMillis.add(stageMillis[1]);
                Set<String> selected = new HashSet<>();
                chosen.forEach(c -> selected.add(c.textSegment().metadata().getString("doc")));
                fullBaseline += baseline.containsAll(supporting) ? 1 : 0;
                if (selected.containsAll(supporting)) {
                    fullAggregator++;
                } else {
                    missed.add(q.path("id").asText());
                }
                questions++;
            }
        }
        System.out.println("aggregator without full support: " + missed);
        List<Double> stages = selectionMillis.stream().sorted().toList();
        System.out.printf("selection stages (candidates, rerank, select), vectors cached: median %.2f ms, p95 %.2f ms%n",
                stages.get(stages.size() / 2), stages.get((int) (stages.size() * 0.95)));
        List<Double> cpu = selectionCpuMillis.stream().sorted().toList();
        System.out.printf("selection stages, the asking thread's CPU time: median %.2f ms, p95 %.2f ms, max %.2f ms%n",
                cpu.get(cpu.size() / 2), cpu.get((int) (cpu.size() * 0.95)), cpu.get(cpu.size() - 1));
        List<Double> sorted = warmMillis.stream().sorted().toList();
        System.out.printf("HOTPOT questions=%d budget=%d%n", questions, BUDGET);
        System.out.printf("| retriever order until %d tokens | %.1f%% |%n", BUDGET, 100.0 * fullBaseline / questions);
        System.out.printf("| AstroRagContentAggregator (default) | %.1f%% |%n", 100.0 * fullAggregator / questions);
        System.out.printf("aggregate, vectors cached: median %.2f ms, p95 %.2f ms, mean %.2f ms%n",
                sorted.get(sorted.size() / 2), sorted.get((int) (sorted.size() * 0.95)),
                sorted.stream().mapToDouble(Double::doubleValue).average().orElse(0));
    }
}
