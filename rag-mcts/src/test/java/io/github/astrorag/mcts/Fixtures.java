package io.github.astrorag.mcts;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;

/** Test fixtures: chunks and a scorer given by a table. */
public final class Fixtures {

    private Fixtures() {
    }

    /** A chunk of document {@code id} with its real p50k token count. */
    public static ScoredChunk chunk(String id, String text, double score, float[] embedding) {
        Chunk c = new Chunk(id, id, id, id + ".txt", null, 0, text, TokenCounter.p50k().count(text), 0, text.length());
        return new ScoredChunk(c, score, embedding);
    }

    /** A chunk without an embedding. */
    public static ScoredChunk chunk(String id, String text, double score) {
        return chunk(id, text, score, null);
    }

    /** The ids of a combination, joined by commas: "A,B". */
    public static String ids(List<ScoredChunk> combination) {
        return String.join(",", combination.stream().map(ScoredChunk::id).toList());
    }

    /** A scorer defined by a function of the ids ("A,B"), counting its calls. */
    public static final class TableScorer implements CombinationScorer {
        public final AtomicInteger calls = new AtomicInteger();
        public final AtomicInteger combinations = new AtomicInteger();
        private final ToDoubleFunction<String> table;

        public TableScorer(ToDoubleFunction<String> table) {
            this.table = table;
        }

        /** A scorer from explicit entries, with a default for anything else. */
        public static TableScorer of(Map<String, Double> entries, double otherwise) {
            Map<String, Double> copy = new HashMap<>(entries);
            return new TableScorer(k -> copy.getOrDefault(k, otherwise));
        }

        @Override
        public double[] scoreAll(Query query, List<List<ScoredChunk>> batch) {
            calls.incrementAndGet();
            combinations.addAndGet(batch.size());
            return batch.stream().mapToDouble(c -> table.applyAsDouble(ids(c))).toArray();
        }
    }
}
