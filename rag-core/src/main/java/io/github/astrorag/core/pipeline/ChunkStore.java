package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Where an open {@link RagInstance}'s chunks live and how an ask retrieves its candidates from them: in an
 * ephemeral index filled at ingest ({@link IndexedChunks}), or, with a prefilter, as the chunks and the
 * prefilter's ranking of them, each question getting an index of its own ({@link PrefilteredChunks}).
 *
 * <p>Thread-safety: a store has one read-write lock. A change to the set (the {@link Addition} from
 * {@link #prepare}, {@link #remove}) runs inside {@link #exclusively}, together with whatever the instance must
 * change in the same step; {@link #prepare} (the costly part of an add: embedding) runs outside it. Reads
 * ({@link #retrieve}, {@link #chunks}) may run from any thread at any time and see the set before a change or after
 * it, never in between: the index store reads under the read lock, the prefilter store reads one immutable snapshot.
 */
abstract sealed class ChunkStore permits IndexedChunks, PrefilteredChunks {

    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    /** The step of an add that stores prepared chunks; run inside {@link #exclusively}. */
    @FunctionalInterface
    interface Addition {
        /** Stores the chunks and returns the stage saying so ({@code add:index} or {@code add:prefilter}). */
        Trace.Stage commit();
    }

    /**
     * Runs {@code change} while no read and no other change of this store runs.
     *
     * @return what {@code change} returned
     */
    final <T> T exclusively(Supplier<T> change) {
        lock.writeLock().lock();
        try {
            return change.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Runs {@code read} while no change of this store runs (reads run in parallel). */
    final <T> T shared(Supplier<T> read) {
        lock.readLock().lock();
        try {
            return read.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Does the work of adding {@code chunks} that needs no lock (embedding them, with a stage {@code add:embed},
     * for an index; nothing with a prefilter) and returns the step that stores them.
     */
    abstract Addition prepare(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages);

    /**
     * Removes the chunks of the document {@code documentId}; called inside {@link #exclusively}.
     *
     * @return how many chunks were removed
     */
    abstract int remove(String documentId);

    /**
     * The candidates for {@code query} (embedded, transformed), with their stages in {@code log}: {@code retrieve},
     * after {@code prefilter} for a prefilter store.
     */
    abstract List<ScoredChunk> retrieve(Query query, StageLog log);

    /** Every chunk held, in the order added; immutable. */
    abstract List<Chunk> chunks();

    /** The index's name; {@code "prefilter"} for a prefilter store. */
    abstract String name();

    /** The index's kind; {@code "prefilter"} for a prefilter store. */
    abstract String kind();

    /** Whether the store's index was closed (by this store or from outside); a prefilter store: once {@link #close}d. */
    abstract boolean isClosed();

    /**
     * The index of the chunks.
     *
     * @throws IllegalStateException for a prefilter store, which has none
     */
    abstract EphemeralIndex index();

    /** Deletes the index, or forgets the vectors embedded for questions; idempotent. */
    abstract void close();
}
