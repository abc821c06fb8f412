package io.github.astrorag.spring.boot;

import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * An in-memory embedding cache whose first look-up waits at a gate: a background load of documents stops in its
 * embedding phase until the test opens the gate ({@link #open()}), or fails there ({@link #fail()}), so that a test
 * sees the application while it is loading, deterministically. Both starters' tests use it.
 */
public final class GatedEmbeddingCache implements EmbeddingCache {

    private final InMemoryEmbeddingCache cache = new InMemoryEmbeddingCache();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch gate = new CountDownLatch(1);
    private volatile boolean fail;

    /** Lets the waiting look-up, and every later one, through. */
    public void open() {
        gate.countDown();
    }

    /** Makes the waiting look-up, and every later one, fail as a broken cache would. */
    public void fail() {
        fail = true;
        gate.countDown();
    }

    /**
     * Waits until a look-up waits at the gate.
     *
     * @throws InterruptedException if interrupted
     */
    public void awaitReached() throws InterruptedException {
        if (!reached.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("no look-up reached the gate within 30 s");
        }
    }

    @Override
    public List<float @Nullable []> getAll(String space, List<String> texts) {
        reached.countDown();
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the gate", e);
        }
        if (fail) {
            throw new IllegalStateException("the cache's disk is full");
        }
        return cache.getAll(space, texts);
    }

    @Override
    public void putAll(String space, List<String> texts, List<float[]> vectors) {
        cache.putAll(space, texts, vectors);
    }

    @Override
    public Map<String, Object> stats() {
        return cache.stats();
    }

    @Override
    public void clear() {
        cache.clear();
    }

    @Override
    public void close() {
        cache.close();
    }
}
