package io.github.astrorag.retrieval.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.retrieval.TestChunks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** TEMPORARY: BridgingCoverageSelector.plain() behaves exactly as QueryCoverageSelector. */
class PlainEquivalenceTest {

    private static final String[] WORDS = ("capital Hungary river Danube flows city Paris France born Ada Lunaria "
            + "stars galaxy galaxies the of is a in what which who was were running runs ran 1999 3.14 U.S. "
            + "Moon's crater craters orbit orbits orbiting telescope Hubble").split(" ");

    private static String text(Random r, int min, int max) {
        int n = min + r.nextInt(max - min + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
        }
        return sb.append('.').toString();
    }

    @Test
    void plainEqualsQueryCoverage() {
        Random r = new Random(42);
        int compared = 0;
        for (int round = 0; round < 3000; round++) {
            int n = r.nextInt(12);
            List<ScoredChunk> cands = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String id = "c" + r.nextInt(n + 2);
                double score = r.nextInt(4) == 0 ? 0.5 : r.nextDouble() * (r.nextBoolean() ? 1 : -3);
                float[] v = r.nextBoolean() ? null : new float[] {r.nextFloat(), r.nextFloat(), r.nextFloat()};
                cands.add(new ScoredChunk(TestChunks.chunk(id, "d" + r.nextInt(3), WORDS[r.nextInt(WORDS.length)],
                        text(r, 0, 60)), score, v));
            }
            Query q = r.nextBoolean() ? Query.of(text(r, 1, 8))
                    : Query.of(text(r, 1, 8)).withEmbedding(new float[] {r.nextFloat(), r.nextFloat(), r.nextFloat()});
            boolean custom = r.nextBoolean();
            double w = r.nextInt(3) == 0 ? 0 : r.nextDouble() * 5;
            int k = 1 + r.nextInt(5);
            QueryCoverageSelector old = custom ? QueryCoverageSelector.builder().weight(w).k(k).build()
                    : QueryCoverageSelector.defaults();
            BridgingCoverageSelector neu = custom ? BridgingCoverageSelector.builder().plain().weight(w).k(k).build()
                    : BridgingCoverageSelector.plain();
            Map<String, Object> t1 = new HashMap<>();
            Map<String, Object> t2 = new HashMap<>();
            assertThat(neu.rerank(q, cands, t2::put)).isEqualTo(old.rerank(q, cands, t1::put));
            if (!cands.isEmpty()) {
                for (String key : List.of("queryTerms", "gains", "covered")) {
                    assertThat(t2.get(key)).as(key).isEqualTo(t1.get(key));
                }
            }
            int budget = 1 + r.nextInt(r.nextBoolean() ? 60 : 600);
            t1.clear();
            t2.clear();
            Context a = old.select(q, cands, budget, t1::put);
            Context b = neu.select(q, cands, budget, t2::put);
            assertThat(b.chunks()).isEqualTo(a.chunks());
            assertThat(b.text()).isEqualTo(a.text());
            assertThat(b.tokens()).isEqualTo(a.tokens());
            assertThat(b.budget()).isEqualTo(a.budget());
            if (!cands.isEmpty()) {
                for (String key : List.of("queryTerms", "gains", "covered")) {
                    assertThat(t2.get(key)).as(key).isEqualTo(t1.get(key));
                }
            }
            compared++;
        }
        assertThat(compared).isEqualTo(3000);
    }
}
