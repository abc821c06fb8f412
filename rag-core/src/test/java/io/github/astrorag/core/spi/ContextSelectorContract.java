package io.github.astrorag.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@link ContextSelector} contract, for every implementation to extend (published in rag-core's
 * test-jar): never over budget, only given chunks, deterministic.
 */
public abstract class ContextSelectorContract {

    /** The selector under test. */
    protected abstract ContextSelector selector();

    /** Random candidates of varied length, with unit vectors, scores descending. */
    protected static List<ScoredChunk> candidates(long seed, int n) {
        Random r = new Random(seed);
        String[] words = {"star", "galaxy", "orbit", "comet", "light", "dust", "planet", "moon", "sun", "nebula"};
        TokenCounter counter = TokenCounter.p50k();
        List<ScoredChunk> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder();
            int len = 5 + r.nextInt(120);
            for (int w = 0; w < len; w++) {
                sb.append(words[r.nextInt(words.length)]).append(w % 11 == 10 ? ". " : " ");
            }
            String text = sb.toString().strip();
            float[] v = new float[8];
            double norm = 0;
            for (int k = 0; k < 8; k++) {
                v[k] = (float) r.nextGaussian();
                norm += v[k] * v[k];
            }
            for (int k = 0; k < 8; k++) {
                v[k] /= (float) Math.sqrt(norm);
            }
            Chunk c = new Chunk(Chunk.idOf("doc" + (i % 4), i), "doc" + (i % 4), "doc" + (i % 4), "doc" + (i % 4) + ".txt",
                    null, i, text, counter.count(text), 0, text.length());
            out.add(new ScoredChunk(c, 1.0 - i * 0.01, v));
        }
        return out;
    }

    /** A query with a unit embedding of dimension 8. */
    protected static Query query() {
        float[] v = new float[8];
        v[0] = 1;
        return Query.of("star galaxy orbit").withEmbedding(v);
    }

    @Test
    void neverOverBudget() {
        TokenCounter counter = TokenCounter.p50k();
        Random r = new Random(11);
        for (int trial = 0; trial < 40; trial++) {
            int budget = 1 + r.nextInt(600);
            List<ScoredChunk> cands = candidates(trial, 3 + r.nextInt(8));
            Context context = selector().select(query(), cands, budget);
            assertThat(counter.count(context.text())).as("budget %d", budget).isLessThanOrEqualTo(budget);
            assertThat(context.tokens()).isEqualTo(counter.count(context.text()));
            assertThat(context.budget()).isEqualTo(budget);
        }
    }

    @Test
    void onlyGivenChunksAndTheirText() {
        List<ScoredChunk> cands = candidates(3, 8);
        Set<String> ids = cands.stream().map(ScoredChunk::id).collect(Collectors.toSet());
        Context context = selector().select(query(), cands, 400);
        assertThat(context.chunks()).isNotEmpty();
        for (ScoredChunk c : context.chunks()) {
            assertThat(ids).contains(c.id());
            String original = cands.stream().filter(o -> o.id().equals(c.id())).findFirst().orElseThrow().chunk().text();
            assertThat(original).startsWith(c.chunk().text());
        }
        assertThat(context.chunks()).extracting(ScoredChunk::id).doesNotHaveDuplicates();
    }

    @Test
    void deterministic() {
        List<ScoredChunk> cands = candidates(5, 9);
        assertThat(selector().select(query(), cands, 500)).isEqualTo(selector().select(query(), cands, 500));
    }

    @Test
    void emptyCandidatesGiveEmptyContext() {
        Context context = selector().select(query(), List.of(), 100);
        assertThat(context.chunks()).isEmpty();
        assertThat(context.tokens()).isZero();
    }
}
