package io.github.astrorag.eval.experiments;

import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.eval.metrics.RetrievalMetrics;
import io.github.astrorag.eval.metrics.SquadMetrics;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Experiment harness for the default context selector (run by hand, not in the build): HotpotQA dev
 * (all 250 questions) and a 200-question sample of SQuAD 2.0 dev (every 14th answerable question),
 * each question's own documents chunked with {@link RecursiveTokenChunker#defaults()}, embedded once
 * with the model given as the first argument (a {@link SentenceModel#id()}, default bge-small-q;
 * vectors cached in {@code java.io.tmpdir}), candidates = the 20
 * nearest chunks by cosine, every selector variant filling a 300-token budget. It prints, per variant,
 * full support and answer-in-context on HotpotQA and support recall on SQuAD, and 2-fold
 * cross-validation over the bridging grid (choose on the even questions, report on the odd ones, and
 * the other way round). Data: the evaluation data files (see docs/evaluation.md), in the folder named by the
 * system property {@code astrorag.data}, or else in the first {@code shared/data} folder found walking up from
 * the working directory.
 *
 * <pre>
 *   mvn -q -pl rag-eval -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 *   java -cp "rag-eval/target/test-classes:rag-eval/target/classes:$(cat rag-eval/target/cp.txt)" \
 *        io.github.astrorag.eval.experiments.BridgingExperiment [bge-small-q|minilm-q]
 * </pre>
 *
 * <p>The results: docs/evaluation.md, "The default's objective".
 */
public final class BridgingExperiment {

    static final int CANDIDATES = 20;
    static final int BUDGET = 300;
    static final int SQUAD_STRIDE = 14;
    static final int SQUAD_SAMPLE = 200;

    /** One question with its candidates. */
    record Item(String question, Query query, List<ScoredChunk> candidates, Set<String> supporting, List<String> answers) {
    }

    /** Per-question scores of one variant: full support, answer in context, support recall. */
    record Scores(double[] full, double[] answer, double[] recall) {
        double mean(double[] a, int parity) {
            double s = 0;
            int c = 0;
            for (int i = 0; i < a.length; i++) {
                if (parity < 0 || i % 2 == parity) {
                    s += a[i];
                    c++;
                }
            }
            return 100 * s / c;
        }
    }

    private BridgingExperiment() {
    }

    static Data load(SentenceModel model) throws IOException {
        Path data = dataFolder();
        if (data == null) {
            throw new IllegalStateException("evaluation data files not found (see docs/evaluation.md): "
                    + "give -Dastrorag.data=<folder>");
        }
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> hotpot = read(data.resolve("hotpotqa-dev.jsonl"), json);
        List<JsonNode> squadAll = read(data.resolve("squad2-dev.jsonl"), json);
        List<JsonNode> squad = new ArrayList<>();
        for (int i = 0; i < squadAll.size() && squad.size() < SQUAD_SAMPLE; i += SQUAD_STRIDE) {
            squad.add(squadAll.get(i));
        }
        Map<String, List<Chunk>> corpora = new HashMap<>();
        List<List<Chunk>> hotpotChunks = new ArrayList<>();
        for (JsonNode n : hotpot) {
            List<Chunk> chunks = new ArrayList<>();
            for (JsonNode d : n.get("documents")) {
                String id = d.get("id").asText();
                chunks.addAll(chunker.chunk(new Document(id, d.get("title").asText(), id, d.get("text").asText(), List.of())));
            }
            hotpotChunks.add(chunks);
        }
        for (JsonNode n : squad) {
            String corpus = n.get("corpus").asText();
            if (!corpora.containsKey(corpus)) {
                List<Chunk> chunks = new ArrayList<>();
                for (Document d : FileSystemDocumentLoader.defaults().load(data.resolve(corpus))) {
                    String id = Path.of(d.id()).getFileName().toString().replaceFirst("\\.[^.]+$", "");
                    chunks.addAll(chunker.chunk(new Document(id, d.title(), d.source(), d.text(), d.pageStarts())));
                }
                corpora.put(corpus, chunks);
            }
        }
        List<String> texts = new ArrayList<>();
        hotpotChunks.forEach(cs -> cs.forEach(c -> texts.add(c.text())));
        corpora.values().forEach(cs -> cs.forEach(c -> texts.add(c.text())));
        List<String> queries = Stream.concat(hotpot.stream(), squad.stream()).map(n -> n.get("question").asText()).toList();
        Map<String, float[]> docVectors = new HashMap<>();
        Map<String, float[]> queryVectors = new HashMap<>();
        embed(model, texts, queries, docVectors, queryVectors);

        List<Item> hp = new ArrayList<>();
        for (int i = 0; i < hotpot.size(); i++) {
            hp.add(item(hotpot.get(i), hotpotChunks.get(i), docVectors, queryVectors));
        }
        List<Item> sq = new ArrayList<>();
        for (JsonNode n : squad) {
            sq.add(item(n, corpora.get(n.get("corpus").asText()), docVectors, queryVectors));
        }
        return new Data(model, hp, sq);
    }

    /** HotpotQA's questions and the SQuAD sample, candidates by cosine under {@code model}. */
    record Data(SentenceModel model, List<Item> hotpot, List<Item> squad) {
    }

    public static void main(String[] args) throws Exception {
        Data loaded = load(SentenceModel.byId(args.length > 0 ? args[0] : SentenceModel.BGE_SMALL_EN_V15_Q.id()));
        List<Item> hp = loaded.hotpot();
        List<Item> sq = loaded.squad();
        SentenceModel model = loaded.model();
        System.out.printf(Locale.ROOT, "%s: HotpotQA %d questions, SQuAD sample %d questions, %d candidates, budget %d%n",
                model.id(), hp.size(), sq.size(), CANDIDATES, BUDGET);

        Map<String, ContextSelector> fixed = new LinkedHashMap<>();
        fixed.put("naive (cosine order)", BridgingCoverageSelector.builder().weight(0).titleWeight(0).budgetAware(false)
                .questionTitleWeight(0).pageRankWeight(0).build());
        fixed.put("cosine + title mention τ=0.5", BridgingCoverageSelector.builder().weight(0).budgetAware(false)
                .questionTitleWeight(0).pageRankWeight(0).build());
        fixed.put("cosine + budget-aware", BridgingCoverageSelector.builder().weight(0).titleWeight(0)
                .questionTitleWeight(0).pageRankWeight(0).build());
        fixed.put("query coverage w=2", BridgingCoverageSelector.queryCoverage());
        fixed.put("τ=0.5 aware, before τq and ρ", BridgingCoverageSelector.builder().weight(2).questionTitleWeight(0).pageRankWeight(0).build());
        fixed.put("  + question title τq=1", BridgingCoverageSelector.builder().weight(2).pageRankWeight(0).build());
        fixed.put("  + PageRank prior ρ=0.25", BridgingCoverageSelector.builder().weight(2).build());
        Map<String, ContextSelector> grid = new LinkedHashMap<>();
        for (double w : new double[] {2}) {
            for (double g : new double[] {0, 0.5}) {
                for (double beta : new double[] {0, 0.25}) {
                    for (double tau : new double[] {0, 0.25, 0.5, 1}) {
                        for (boolean aware : new boolean[] {false, true}) {
                            grid.put(String.format(Locale.ROOT, "w=%s γ=%s β=%s τ=%s aware=%s", w, g, beta, tau, aware),
                                    BridgingCoverageSelector.builder().weight(w).bridgeWeight(g).bridgeTerms(5)
                                            .queryShift(beta).titleWeight(tau).budgetAware(aware)
                                            .questionTitleWeight(0).pageRankWeight(0).build());
                        }
                    }
                }
            }
        }
        Map<String, ContextSelector> evidence = new LinkedHashMap<>();
        for (double tq : new double[] {0, 0.5, 1, 2}) {
            for (double rho : new double[] {0, 0.25, 0.5, 1}) {
                evidence.put(String.format(Locale.ROOT, "τq=%s ρ=%s", tq, rho),
                        BridgingCoverageSelector.builder().weight(2).questionTitleWeight(tq).pageRankWeight(rho).build());
            }
        }
        Map<String, Scores> hpScores = new LinkedHashMap<>();
        Map<String, Scores> sqScores = new LinkedHashMap<>();
        Map<String, ContextSelector> all = new LinkedHashMap<>(fixed);
        all.putAll(grid);
        all.putAll(evidence);
        for (var e : all.entrySet()) {
            hpScores.put(e.getKey(), run(e.getValue(), hp));
            sqScores.put(e.getKey(), run(e.getValue(), sq));
        }
        System.out.printf(Locale.ROOT, "%-42s %8s %8s %8s%n", "variant", "HP full", "HP ans", "SQ rec");
        for (String v : all.keySet()) {
            Scores h = hpScores.get(v);
            Scores s = sqScores.get(v);
            System.out.printf(Locale.ROOT, "%-42s %7.1f%% %7.1f%% %7.1f%%%n", v, h.mean(h.full(), -1),
                    h.mean(h.answer(), -1), s.mean(s.recall(), -1));
        }
        diagnose(BridgingCoverageSelector.builder().weight(2).build(), hp);
        crossValidate("question title τq × PageRank prior ρ (τ=0.5, budget-aware)", evidence.keySet(), hpScores, sqScores);
        crossValidate("whole grid", grid.keySet(), hpScores, sqScores);
        crossValidate("titles unused (τ=0)", grid.keySet().stream().filter(v -> v.contains("τ=0.0")).toList(), hpScores, sqScores);
        crossValidate("title mention and budget awareness only (γ=0, β=0)", grid.keySet().stream()
                .filter(v -> v.contains("γ=0.0") && v.contains("β=0.0")).toList(), hpScores, sqScores);
    }

    /** Where the defaults miss a supporting document: is the first pick supporting, at which (budget-unaware) pick the missing one comes. */
    static void diagnose(ContextSelector selector, List<Item> items) {
        int failures = 0;
        int firstUnsupported = 0;
        int[] missingRank = new int[5];
        for (Item it : items) {
            Context c = selector.select(it.query(), it.candidates(), BUDGET);
            Set<String> docs = c.chunks().stream().map(x -> x.chunk().documentId()).collect(Collectors.toSet());
            if (docs.containsAll(it.supporting())) {
                continue;
            }
            failures++;
            List<ScoredChunk> order = BridgingCoverageSelector.builder().weight(2).k(CANDIDATES).build().rerank(it.query(), it.candidates());
            if (!it.supporting().contains(order.get(0).chunk().documentId())) {
                firstUnsupported++;
            }
            for (int r = 0; r < order.size(); r++) {
                if (it.supporting().contains(order.get(r).chunk().documentId()) && !docs.contains(order.get(r).chunk().documentId())) {
                    missingRank[Math.min(r, 4)]++;
                    break;
                }
            }
        }
        System.out.printf(Locale.ROOT, "defaults miss %d questions: first pick unsupported in %d; first missing support at pick "
                + "1..4,5+: %s%n", failures, firstUnsupported, java.util.Arrays.toString(missingRank));
    }

    /** 2-fold CV: choose the variant with the best full support + answer in context on one half, report the other. */
    static void crossValidate(String name, java.util.Collection<String> variants, Map<String, Scores> hpScores,
            Map<String, Scores> sqScores) {
        System.out.printf(Locale.ROOT, "2-fold CV, %s (%d variants):%n", name, variants.size());
        double[] sum = new double[3];
        for (int train = 0; train < 2; train++) {
            int test = 1 - train;
            String best = null;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (String v : variants) {
                Scores h = hpScores.get(v);
                double value = h.mean(h.full(), train) + h.mean(h.answer(), train);
                if (value > bestValue) {
                    best = v;
                    bestValue = value;
                }
            }
            Scores h = hpScores.get(best);
            Scores s = sqScores.get(best);
            sum[0] += h.mean(h.full(), test) / 2;
            sum[1] += h.mean(h.answer(), test) / 2;
            sum[2] += s.mean(s.recall(), test) / 2;
            System.out.printf(Locale.ROOT, "  train %s → [%s]; on %s: full %.1f%%, answer %.1f%%; SQuAD recall %.1f%%%n",
                    train == 0 ? "even" : "odd", best, test == 0 ? "even" : "odd", h.mean(h.full(), test),
                    h.mean(h.answer(), test), s.mean(s.recall(), test));
        }
        System.out.printf(Locale.ROOT, "  CV mean: full %.1f%%, answer %.1f%%, SQuAD recall %.1f%%%n", sum[0], sum[1], sum[2]);
    }

    static Scores run(ContextSelector selector, List<Item> items) {
        double[] full = new double[items.size()];
        double[] answer = new double[items.size()];
        double[] recall = new double[items.size()];
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            Context c = selector.select(it.query(), it.candidates(), BUDGET);
            Set<String> docs = c.chunks().stream().map(s -> s.chunk().documentId()).collect(Collectors.toSet());
            full[i] = RetrievalMetrics.fullSupport(docs, it.supporting());
            recall[i] = RetrievalMetrics.supportRecall(docs, it.supporting());
            answer[i] = SquadMetrics.answerInContext(c.text(), it.answers());
        }
        return new Scores(full, answer, recall);
    }

    private static Item item(JsonNode n, List<Chunk> chunks, Map<String, float[]> docVectors, Map<String, float[]> queryVectors) {
        String question = n.get("question").asText();
        float[] q = queryVectors.get(question);
        List<ScoredChunk> scored = new ArrayList<>();
        for (Chunk c : chunks) {
            float[] v = docVectors.get(c.text());
            scored.add(new ScoredChunk(c, Vectors.cosine(q, v), v));
        }
        scored.sort(Comparator.comparingDouble(ScoredChunk::score).reversed().thenComparing(ScoredChunk::id));
        List<String> answers = new ArrayList<>();
        n.get("answers").forEach(a -> answers.add(a.asText()));
        Set<String> supporting = new java.util.HashSet<>();
        n.get("supporting").forEach(s -> supporting.add(s.asText()));
        return new Item(question, Query.of(question).withEmbedding(q),
                List.copyOf(scored.subList(0, Math.min(CANDIDATES, scored.size()))), supporting, answers);
    }

    /** Embeds what the cache lacks (documents and queries separately: a model may prefix queries). */
    private static void embed(SentenceModel model, List<String> texts, List<String> queries, Map<String, float[]> docs, Map<String, float[]> qs)
            throws IOException {
        Path cache = Path.of(System.getProperty("java.io.tmpdir"), "astrorag-bridging-" + model.id() + ".bin");
        if (Files.isRegularFile(cache)) {
            try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(cache)))) {
                readMap(in, docs);
                readMap(in, qs);
            }
        }
        List<String> missingDocs = texts.stream().distinct().filter(t -> !docs.containsKey(t)).toList();
        List<String> missingQueries = queries.stream().distinct().filter(t -> !qs.containsKey(t)).toList();
        if (missingDocs.isEmpty() && missingQueries.isEmpty()) {
            return;
        }
        System.out.printf(Locale.ROOT, "embedding %d chunks and %d queries...%n", missingDocs.size(), missingQueries.size());
        try (OnnxSentenceEmbedder e = OnnxSentenceEmbedder.load(model)) {
            List<float[]> v = e.embedDocuments(missingDocs);
            for (int i = 0; i < v.size(); i++) {
                docs.put(missingDocs.get(i), v.get(i));
            }
            for (String q : missingQueries) {
                qs.put(q, e.embedQuery(q));
            }
        }
        try (DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(cache)))) {
            writeMap(out, docs);
            writeMap(out, qs);
        }
    }

    private static void readMap(DataInputStream in, Map<String, float[]> m) throws IOException {
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            byte[] key = new byte[in.readInt()];
            in.readFully(key);
            float[] v = new float[in.readInt()];
            for (int j = 0; j < v.length; j++) {
                v[j] = in.readFloat();
            }
            m.put(new String(key, StandardCharsets.UTF_8), v);
        }
    }

    private static void writeMap(DataOutputStream out, Map<String, float[]> m) throws IOException {
        out.writeInt(m.size());
        for (var e : m.entrySet()) {
            byte[] key = e.getKey().getBytes(StandardCharsets.UTF_8);
            out.writeInt(key.length);
            out.write(key);
            out.writeInt(e.getValue().length);
            for (float f : e.getValue()) {
                out.writeFloat(f);
            }
        }
    }

    private static List<JsonNode> read(Path file, ObjectMapper json) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<JsonNode> out = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    out.add(json.readTree(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path dataFolder() {
        String prop = System.getProperty("astrorag.data");
        if (prop != null) {
            return Path.of(prop);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path f = p.resolve("shared/data");
            if (Files.isDirectory(f)) {
                return f;
            }
        }
        return null;
    }
}
