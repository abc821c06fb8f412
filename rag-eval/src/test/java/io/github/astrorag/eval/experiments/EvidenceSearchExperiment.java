package io.github.astrorag.eval.experiments;

import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.onnx.SentenceModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Experiment (run by hand, not in the build): how well does CORAG's search optimise the evidence utility
 * U(S) = Σ v(c_i | c_0…c_{i−1}) − λ·tokens(S)/B ({@link EvidenceCoverageScorer}, λ = 0.1), against the
 * exhaustive optimum and a greedy climb of the same utility? Same data as {@link BridgingExperiment}
 * (HotpotQA dev, 250 questions), the 10 nearest candidates by cosine (the exhaustive search's limit), budget
 * 300, whole chunks only (no filling), the objective at w = 2 (the best over dense candidates). Greedy
 * climb: add the chunk of the largest gain in U among those that fit, while the gain is positive.
 * Printed: mean utility as a fraction of the exhaustive optimum's, how often the optimum is found, full
 * support, tokens and milliseconds per question.
 *
 * <pre>
 *   java -cp "rag-eval/target/test-classes:rag-eval/target/classes:$(cat rag-eval/target/cp.txt)" \
 *        io.github.astrorag.eval.experiments.EvidenceSearchExperiment [bge-small-q|minilm-q]
 * </pre>
 * (the class path file as {@link BridgingExperiment} makes it). The results: docs/evaluation.md, "A CORAG utility
 * that rewards evidence".
 */
public final class EvidenceSearchExperiment {

    private static final int CANDIDATES = 10;
    private static final double LAMBDA = MctsContextSelector.DEFAULT_COST_WEIGHT;
    private static final TokenCounter COUNTER = TokenCounter.p50k();

    private EvidenceSearchExperiment() {
    }

    public static void main(String[] args) throws Exception {
        BridgingExperiment.Data d = BridgingExperiment.load(SentenceModel.byId(args.length > 0 ? args[0] : "bge-small-q"));
        EvidenceCoverageScorer scorer = EvidenceCoverageScorer.of(
                BridgingCoverageSelector.builder().weight(BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT).build());
        int budget = BridgingExperiment.BUDGET;
        List<BridgingExperiment.Item> items = d.hotpot();
        ExhaustiveContextSelector exhaustive = ExhaustiveContextSelector.builder().scorer(scorer).executor(Runnable::run).build();
        double[] optimum = new double[items.size()];
        List<List<String>> optimal = new ArrayList<>();
        Row ex = new Row("exhaustive (up to 5 chunks)");
        for (int i = 0; i < items.size(); i++) {
            BridgingExperiment.Item it = items.get(i);
            long t = System.nanoTime();
            Context c = exhaustive.select(it.query(), top(it), budget);
            ex.millis += (System.nanoTime() - t) / 1e6;
            optimum[i] = utility(scorer, it, c.chunks(), budget);
            optimal.add(ids(c.chunks()));
            ex.add(optimum[i], true, c, it);
        }
        List<Row> rows = new ArrayList<>(List.of(ex));
        Row greedy = new Row("greedy climb of U");
        for (int i = 0; i < items.size(); i++) {
            BridgingExperiment.Item it = items.get(i);
            long t = System.nanoTime();
            List<ScoredChunk> picks = climb(scorer, it, budget);
            greedy.millis += (System.nanoTime() - t) / 1e6;
            Context c = new Context(picks, join(picks), COUNTER.count(join(picks)), budget, java.util.Map.of());
            greedy.add(utility(scorer, it, picks, budget), ids(picks).equals(optimal.get(i)), c, it);
        }
        rows.add(greedy);
        for (int iterations : new int[] {10, 20, 50}) {
            MctsContextSelector mcts = MctsContextSelector.builder().scorer(scorer).iterations(iterations).executor(Runnable::run).build();
            Row r = new Row("MCTS, " + iterations + " iterations");
            for (int i = 0; i < items.size(); i++) {
                BridgingExperiment.Item it = items.get(i);
                long t = System.nanoTime();
                Context c = mcts.select(it.query(), top(it), budget);
                r.millis += (System.nanoTime() - t) / 1e6;
                r.add(utility(scorer, it, c.chunks(), budget), ids(c.chunks()).equals(optimal.get(i)), c, it);
            }
            rows.add(r);
        }
        double total = 0;
        for (double o : optimum) {
            total += o;
        }
        System.out.printf(Locale.ROOT, "%-30s %10s %9s %9s %7s %9s%n", "search", "U / optimum", "optimum", "full", "tokens", "ms");
        for (Row r : rows) {
            int n = items.size();
            System.out.printf(Locale.ROOT, "%-30s %10.3f %8.1f%% %8.1f%% %7.0f %9.1f%n", r.name, r.utility / total,
                    100.0 * r.optimal / n, 100.0 * r.full / n, r.tokens / n, r.millis / n);
        }
    }

    /** One search's sums over the questions. */
    private static final class Row {
        final String name;
        double utility;
        int optimal;
        int full;
        double tokens;
        double millis;

        Row(String name) {
            this.name = name;
        }

        void add(double u, boolean isOptimal, Context c, BridgingExperiment.Item it) {
            utility += u;
            optimal += isOptimal ? 1 : 0;
            Set<String> docs = c.chunks().stream().map(s -> s.chunk().documentId()).collect(Collectors.toSet());
            full += docs.containsAll(it.supporting()) ? 1 : 0;
            tokens += c.tokens();
        }
    }

    private static List<ScoredChunk> top(BridgingExperiment.Item it) {
        return it.candidates().subList(0, Math.min(CANDIDATES, it.candidates().size()));
    }

    /** Adds the fitting chunk of the largest positive gain in U until none gains. */
    private static List<ScoredChunk> climb(EvidenceCoverageScorer scorer, BridgingExperiment.Item it, int budget) {
        List<ScoredChunk> pool = top(it);
        CombinationScorer bound = scorer.prepare(it.query(), pool);
        List<ScoredChunk> picks = new ArrayList<>();
        double current = 0;
        while (true) {
            ScoredChunk best = null;
            double bestU = current;
            for (ScoredChunk c : pool) {
                if (picks.contains(c)) {
                    continue;
                }
                List<ScoredChunk> next = new ArrayList<>(picks);
                next.add(c);
                int tokens = COUNTER.count(join(next));
                if (tokens > budget) {
                    continue;
                }
                double u = bound.score(it.query(), next) - LAMBDA * tokens / budget;
                if (u > bestU) {
                    best = c;
                    bestU = u;
                }
            }
            if (best == null) {
                return picks;
            }
            picks.add(best);
            current = bestU;
        }
    }

    private static double utility(EvidenceCoverageScorer scorer, BridgingExperiment.Item it, List<ScoredChunk> chunks, int budget) {
        if (chunks.isEmpty()) {
            return 0;
        }
        return scorer.prepare(it.query(), top(it)).score(it.query(), chunks) - LAMBDA * COUNTER.count(join(chunks)) / budget;
    }

    private static String join(List<ScoredChunk> chunks) {
        return chunks.stream().map(c -> c.chunk().text()).collect(Collectors.joining(Context.SEPARATOR));
    }

    private static List<String> ids(List<ScoredChunk> chunks) {
        return chunks.stream().map(ScoredChunk::id).toList();
    }
}
