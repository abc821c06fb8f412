package io.github.astrorag.mcts.bench;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.GreedyContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * MCTS against exhaustive search (CORAG Upper) for the same cheap scorer on all of HotpotQA dev: each
 * question's 10 paragraphs chunked with the core chunker, the top 10 chunks by HashingEmbedder cosine as
 * candidates, a budget of 300 tokens. Reports MCTS's mean utility (S − λ·cost/B) as a fraction of the
 * exhaustive optimum and its scored combinations as a fraction of exhaustive's, plus greedy (NaiveRAG) for
 * reference and how often both supporting paragraphs are kept. Not run by {@code mvn verify}; run with
 * <pre>
 * mvn -q -pl rag-mcts -am test-compile
 * java -cp "rag-mcts/target/test-classes:rag-mcts/target/classes:rag-core/target/classes:$(cat cp.txt)" \
 *     io.github.astrorag.mcts.bench.MctsVsExhaustiveBenchmark [budget] [candidates] [iterations...]
 * </pre>
 * where {@code cp.txt} comes from {@code mvn -q -pl rag-mcts dependency:build-classpath -Dmdep.outputFile=cp.txt}.
 */
public final class MctsVsExhaustiveBenchmark {

    private MctsVsExhaustiveBenchmark() {
    }

    public static void main(String[] args) {
        int budget = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int[] iterations = args.length > 2
                ? java.util.Arrays.stream(args).skip(2).mapToInt(Integer::parseInt).toArray()
                : new int[] {MctsContextSelector.DEFAULT_ITERATIONS};
        Path data = HotpotData.locate("hotpotqa-dev.jsonl").orElseThrow(() -> new IllegalStateException(
                "hotpotqa-dev.jsonl not found: set -Dastrorag.data or run below a folder holding shared/data"));
        long t0 = System.nanoTime();
        List<HotpotData.Item> items = HotpotData.load(data, new HashingEmbedder(), k);
        System.out.printf(Locale.ROOT, "%d questions loaded in %.1f s; budget %d, %d candidates%n", items.size(),
                (System.nanoTime() - t0) / 1e9, budget, k);
        QueryCoverageScorer scorer = QueryCoverageScorer.defaults();
        ExhaustiveContextSelector exhaustive = ExhaustiveContextSelector.builder().scorer(scorer).executor(Runnable::run).build();
        GreedyContextSelector greedy = GreedyContextSelector.builder().scorer(scorer).executor(Runnable::run).build();

        double exU = 0;
        double grU = 0;
        long exCombos = 0;
        long exCalls = 0;
        int exBoth = 0;
        int grBoth = 0;
        double exMillis = 0;
        Context[] exContexts = new Context[items.size()];
        for (int i = 0; i < items.size(); i++) {
            HotpotData.Item it = items.get(i);
            long s = System.nanoTime();
            Context e = exhaustive.select(it.query(), it.candidates(), budget);
            exMillis += (System.nanoTime() - s) / 1e6;
            exContexts[i] = e;
            exU += (double) e.details().get("utility");
            exCombos += (int) e.details().get("combinationsScored");
            exCalls += (int) e.details().get("scorerCalls");
            exBoth += both(e, it) ? 1 : 0;
            Context g = greedy.select(it.query(), it.candidates(), budget);
            grU += utility(scorer, it, g, budget);
            grBoth += both(g, it) ? 1 : 0;
        }
        int n = items.size();
        System.out.printf(Locale.ROOT, "exhaustive (<6 chunks): mean utility %.4f, %.1f combinations and %.1f scorer calls per question, "
                + "%.1f ms per question, both supporting kept %.1f%%%n", exU / n, exCombos / (double) n, exCalls / (double) n,
                exMillis / n, 100.0 * exBoth / n);
        System.out.printf(Locale.ROOT, "greedy (NaiveRAG):      mean utility %.4f (%.3f of exhaustive), both supporting kept %.1f%%%n",
                grU / n, grU / exU, 100.0 * grBoth / n);
        for (int iters : iterations) {
            MctsContextSelector mcts = MctsContextSelector.builder().scorer(scorer).iterations(iters).executor(Runnable::run).build();
            double u = 0;
            long combos = 0;
            long calls = 0;
            int both = 0;
            int optimal = 0;
            double millis = 0;
            for (int i = 0; i < n; i++) {
                HotpotData.Item it = items.get(i);
                long s = System.nanoTime();
                Context m = mcts.select(it.query(), it.candidates(), budget);
                millis += (System.nanoTime() - s) / 1e6;
                u += (double) m.details().get("utility");
                combos += (int) m.details().get("combinationsScored");
                calls += (int) m.details().get("scorerCalls");
                both += both(m, it) ? 1 : 0;
                optimal += m.details().get("path").equals(exContexts[i].details().get("path")) ? 1 : 0;
            }
            System.out.printf(Locale.ROOT, "mcts %2d iterations:     mean utility %.4f = %.3f of exhaustive; combinations scored %.1f per "
                    + "question = %.3f of exhaustive; scorer calls %.1f; optimum found %.1f%%; both supporting kept %.1f%%; %.2f ms per question%n",
                    iters, u / n, u / exU, combos / (double) n, combos / (double) exCombos, calls / (double) n,
                    100.0 * optimal / n, 100.0 * both / n, millis / n);
        }
    }

    private static double utility(CombinationScorer scorer, HotpotData.Item it, Context c, int budget) {
        CombinationScorer bound = scorer.prepare(it.query(), it.candidates());
        return bound.score(it.query(), c.chunks()) - MctsContextSelector.DEFAULT_COST_WEIGHT * c.tokens() / budget;
    }

    private static boolean both(Context c, HotpotData.Item it) {
        return c.chunks().stream().map(ScoredChunk::chunk).map(ch -> ch.documentId()).collect(java.util.stream.Collectors.toSet())
                .containsAll(it.supporting());
    }

}
