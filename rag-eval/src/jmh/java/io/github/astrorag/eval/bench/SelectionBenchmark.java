package io.github.astrorag.eval.bench;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Time to select from n candidates (n = 20, 100, 1,000): MMR (k = 3, λ = 0.5), personalized PageRank
 * over the cosine graph (τ = 0.01, the paper's) and over the mention graph (top 3 each), greedy
 * query-coverage selection filling an 1,800-token budget ({@link BridgingCoverageSelector#queryCoverage()}, the
 * eval's {@code coverage} pipeline's selector), CORAG's MCTS selection into the same budget (the paper's defaults)
 * and budget filling in relevance order (the baseline).
 *
 * <p>Candidates are seeded: random unit vectors of dimension 384 (the query's too), generated texts of
 * about 250 p50k tokens from 10 documents, scores = cosine to the query, in {@link ScoredChunk#BY_SCORE}
 * order as a dense retriever returns them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SelectionBenchmark {

    /** Vector dimension (MiniLM's and bge-small's). */
    static final int DIMENSION = 384;
    /** Tokens per generated candidate text (at least). */
    static final int CHUNK_TOKENS = 250;
    /** The context budget in tokens. */
    static final int BUDGET = 1800;

    @Param({"20", "100", "1000"})
    public int candidates;

    private Query query;
    private List<ScoredChunk> pool;
    private final MmrRetriever mmr = MmrRetriever.defaults();
    private final PageRankReranker pageRankCosine = PageRankReranker.defaults();
    private final PageRankReranker pageRankMention =
            PageRankReranker.builder().graph(PageRankReranker.GraphKind.MENTION).build();
    private final BridgingCoverageSelector coverage = BridgingCoverageSelector.queryCoverage();
    private final MctsContextSelector mcts = MctsContextSelector.defaults();

    @Setup
    public void setUp() {
        Random random = new Random(7);
        TokenCounter counter = TokenCounter.p50k();
        float[] q = unitVector(random);
        query = Query.of(BenchData.sentence(random)).withEmbedding(q);
        pool = new ArrayList<>(candidates);
        for (int i = 0; i < candidates; i++) {
            StringBuilder text = new StringBuilder();
            if (i % 10 == 0) {
                text.append("# Section ").append(i / 10).append("\n\n");
            }
            while (counter.count(text.toString()) < CHUNK_TOKENS) {
                text.append(BenchData.sentence(random)).append(' ');
            }
            String body = text.toString().strip();
            String doc = "doc-" + (i % 10);
            Chunk chunk = new Chunk(Chunk.idOf(doc, i / 10), doc, "Section " + (i % 10), doc + ".md", null, i / 10,
                    body, counter.count(body), 0, body.length());
            float[] v = unitVector(random);
            pool.add(new ScoredChunk(chunk, cosine(q, v), v));
        }
        pool.sort(ScoredChunk.BY_SCORE);
        pool = List.copyOf(pool);
    }

    private static float[] unitVector(Random random) {
        float[] v = new float[DIMENSION];
        double norm = 0;
        for (int i = 0; i < DIMENSION; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < DIMENSION; i++) {
            v[i] *= inv;
        }
        return v;
    }

    private static double cosine(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Benchmark
    public List<ScoredChunk> mmr() {
        return mmr.rerank(query, pool);
    }

    @Benchmark
    public List<ScoredChunk> pageRankCosine() {
        return pageRankCosine.rerank(query, pool);
    }

    @Benchmark
    public List<ScoredChunk> pageRankMention() {
        return pageRankMention.rerank(query, pool);
    }

    @Benchmark
    public Context queryCoverage() {
        return coverage.select(query, pool, BUDGET);
    }

    /** CORAG: MCTS over ordered combinations, 10 iterations, c = 2.4, λ = 0.1, the query-coverage scorer. */
    @Benchmark
    public Context mcts() {
        return mcts.select(query, pool, BUDGET);
    }

    /** The baseline every selector ends in: whole chunks in relevance order until the budget is spent. */
    @Benchmark
    public Context tokenBudget() {
        return new TokenBudgetSelector().select(query, pool, BUDGET);
    }
}
