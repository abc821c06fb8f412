package io.github.astrorag.eval.experiments;

import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import io.github.astrorag.eval.metrics.RetrievalMetrics;
import io.github.astrorag.eval.metrics.SquadMetrics;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.internal.text.Sentences;
import io.github.astrorag.core.internal.text.Mentions;
import io.github.astrorag.core.internal.text.Terms;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.onnx.SentenceModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Experiment (run by hand, not in the build): does sentence-level packing help? Each candidate is cut down,
 * before selection, to its sentences ({@link Sentences}) that hold a question term, name another
 * candidate's title, or open its document (the lead sentence of chunk 0), so that more pieces of evidence
 * fit the budget; the selector then works on the packed candidates as on whole ones. Same data and
 * candidates as {@link BridgingExperiment} (HotpotQA dev, SQuAD sample of 200, 20 dense candidates, 300
 * tokens), so the selectors use the coverage weight measured best over dense candidates (w = 2).
 * Printed per selector, whole and packed: full support, answer in context, span answer in context (over
 * the questions whose answer is not yes/no), support precision (share of the context's tokens from
 * supporting documents), documents and tokens in context, the same on SQuAD, and full support / precision
 * on the even and odd halves of HotpotQA.
 *
 * <pre>
 *   java -cp "rag-eval/target/test-classes:rag-eval/target/classes:$(cat rag-eval/target/cp.txt)" \
 *        io.github.astrorag.eval.experiments.PackingExperiment [bge-small-q|minilm-q]
 * </pre>
 * (the class path file as {@link BridgingExperiment} makes it). The results, and why the library does not pack:
 * docs/evaluation.md, "Sentence-level packing (tried, not kept)".
 */
public final class PackingExperiment {

    private static final TokenCounter COUNTER = TokenCounter.p50k();

    private PackingExperiment() {
    }

    public static void main(String[] args) throws Exception {
        BridgingExperiment.Data d = BridgingExperiment.load(SentenceModel.byId(args.length > 0 ? args[0] : "bge-small-q"));
        Map<String, ContextSelector> selectors = new LinkedHashMap<>();
        BridgingCoverageSelector coverage = BridgingCoverageSelector.builder().weight(BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT).build();
        selectors.put("coverage w=2", coverage);
        selectors.put("coverage w=2 without τq and ρ", BridgingCoverageSelector.builder().weight(BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT)
                .questionTitleWeight(0).pageRankWeight(0).build());
        selectors.put("corag over it", MctsContextSelector.builder().scorer(EvidenceCoverageScorer.of(coverage)).fill(true)
                .executor(Runnable::run).build());
        List<BridgingExperiment.Item> even = new ArrayList<>();
        List<BridgingExperiment.Item> odd = new ArrayList<>();
        for (int i = 0; i < d.hotpot().size(); i++) {
            (i % 2 == 0 ? even : odd).add(d.hotpot().get(i));
        }
        System.out.printf(Locale.ROOT, "%-36s %6s %6s %6s %6s %5s %4s | %6s %6s %6s | %s%n", "selector / candidates", "full",
                "ans", "span", "prec", "docs", "tok", "SQfull", "SQspan", "SQprec", "even, odd: full / prec");
        for (var s : selectors.entrySet()) {
            for (boolean packed : new boolean[] {false, true}) {
                double[] h = run(s.getValue(), packed, d.hotpot());
                double[] q = run(s.getValue(), packed, d.squad());
                double[] e = run(s.getValue(), packed, even);
                double[] o = run(s.getValue(), packed, odd);
                System.out.printf(Locale.ROOT, "%-36s %5.1f%% %5.1f%% %5.1f%% %6.3f %5.2f %4.0f | %5.1f%% %5.1f%% %6.3f | %.1f%% / %.3f, %.1f%% / %.3f%n",
                        s.getKey() + (packed ? " / packed" : " / whole"), h[0], h[1], h[2], h[3], h[4], h[5], q[0], q[2], q[3],
                        e[0], e[3], o[0], o[3]);
            }
        }
    }

    /** Each candidate cut to its evidence sentences (kept in order, joined by a space); a chunk with none keeps its first. */
    static List<ScoredChunk> pack(Query query, List<ScoredChunk> candidates) {
        Set<String> asked = Set.copyOf(Terms.of(query.text()));
        List<ScoredChunk> out = new ArrayList<>();
        for (ScoredChunk c : candidates) {
            List<Sentences.Span> spans = Sentences.split(c.chunk().text());
            List<String> kept = new ArrayList<>();
            for (int i = 0; i < spans.size(); i++) {
                String sentence = spans.get(i).text();
                if ((i == 0 && c.chunk().ordinal() == 0) || Terms.of(sentence).stream().anyMatch(asked::contains)
                        || namesAnother(sentence, c, candidates)) {
                    kept.add(sentence);
                }
            }
            String text = kept.isEmpty() ? spans.isEmpty() ? c.chunk().text() : spans.get(0).text() : String.join(" ", kept);
            Chunk ch = c.chunk();
            out.add(c.withChunk(new Chunk(ch.id(), ch.documentId(), ch.title(), ch.source(), ch.page(), ch.ordinal(), text,
                    COUNTER.count(text), ch.start(), ch.end())));
        }
        return out;
    }

    private static boolean namesAnother(String sentence, ScoredChunk c, List<ScoredChunk> candidates) {
        String lower = sentence.toLowerCase(Locale.ROOT);
        for (ScoredChunk o : candidates) {
            String title = o.chunk().title().strip().toLowerCase(Locale.ROOT);
            if (!o.chunk().documentId().equals(c.chunk().documentId()) && title.length() >= 3
                    && Mentions.containsWords(lower, title)) {
                return true;
            }
        }
        return false;
    }

    /** Percentages of full support, answer, span answer; mean precision, documents, tokens. */
    static double[] run(ContextSelector selector, boolean packed, List<BridgingExperiment.Item> items) {
        double full = 0;
        double answer = 0;
        double span = 0;
        double precision = 0;
        double documents = 0;
        double tokens = 0;
        int spans = 0;
        for (BridgingExperiment.Item it : items) {
            List<ScoredChunk> candidates = packed ? pack(it.query(), it.candidates()) : it.candidates();
            Context c = selector.select(it.query(), candidates, BridgingExperiment.BUDGET);
            Map<String, Integer> byDocument = new HashMap<>();
            for (ScoredChunk s : c.chunks()) {
                byDocument.merge(s.chunk().documentId(), COUNTER.count(s.chunk().text()), Integer::sum);
            }
            full += RetrievalMetrics.fullSupport(byDocument.keySet(), it.supporting());
            precision += RetrievalMetrics.supportPrecision(byDocument, it.supporting());
            double a = SquadMetrics.answerInContext(c.text(), it.answers());
            answer += a;
            if (it.answers().stream().noneMatch(x -> x.equalsIgnoreCase("yes") || x.equalsIgnoreCase("no"))) {
                spans++;
                span += a;
            }
            documents += byDocument.size();
            tokens += c.tokens();
        }
        int n = items.size();
        return new double[] {100 * full / n, 100 * answer / n, 100 * span / Math.max(1, spans), precision / n, documents / n, tokens / n};
    }
}
