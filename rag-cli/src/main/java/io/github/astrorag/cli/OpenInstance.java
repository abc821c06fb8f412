package io.github.astrorag.cli;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The documents of a command ({@code ask}, {@code mcp}) ingested once: the index factory, the embedding
 * cache, the pipeline and the instance made from the shared options, with a progress bar on stderr while
 * the documents are read and embedded. Closing it closes them in reverse order (the instance first, which
 * deletes its ephemeral index), each even if another failed.
 */
final class OpenInstance implements AutoCloseable {

    private final RagInstance instance;
    private final Deque<AutoCloseable> owned;

    private OpenInstance(RagInstance instance, Deque<AutoCloseable> owned) {
        this.instance = instance;
        this.owned = owned;
    }

    /**
     * Ingests {@code paths} with the pipeline, index and cache the options choose. What was opened before a
     * failure is closed again.
     *
     * @param err where the cache's warnings go
     * @throws IllegalArgumentException on options that contradict each other
     * @throws io.github.astrorag.core.RagException when the documents cannot be read or embedded
     */
    static OpenInstance open(List<Path> paths, InstanceOptions options, PrintWriter err) {
        PipelineOptions pipeline = options.pipeline;
        Deque<AutoCloseable> owned = new ArrayDeque<>();
        try {
            EphemeralIndexFactory indexes = options.index.factory(
                    () -> pipeline.parts.analyzed(PartContext.of(PartRegistry.installed())).analyzer());
            if (indexes instanceof AutoCloseable c) {
                owned.push(c);
            }
            options.cache.open(err).ifPresent(c -> {
                pipeline.cache = c;
                owned.push(c);
            });
            pipeline.unreadable = options.unreadable;
            pipeline.unsupported = options.unsupported;
            RagPipeline rag = PipelineFactory.build(pipeline, indexes);
            owned.push(rag);
            RagInstance instance;
            try (Progress progress = Progress.forIngest(paths.size())) {
                instance = rag.open(paths, progress);
            }
            owned.push(instance);
            return new OpenInstance(instance, owned);
        } catch (RuntimeException e) {
            try {
                closeAll(owned);
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * The paths of {@code values}, each of which must exist.
     *
     * @param hint what to add to the message about a path that names nothing
     * @throws IllegalArgumentException naming the first value that names nothing (an unknown option if it
     *     starts with {@code -})
     */
    static List<Path> existing(List<String> values, String command, String hint) {
        List<Path> paths = new ArrayList<>();
        for (String v : values) {
            Path p = Path.of(v);
            if (!Files.exists(p)) {
                AskCommand.require(!v.startsWith("-"), "unknown option '" + v + "' (see 'astrorag " + command + " --help')");
                throw new IllegalArgumentException("--docs: no such file or folder: '" + v + "'" + hint);
            }
            paths.add(p);
        }
        return paths;
    }

    /** The ingested documents; closed with this. */
    RagInstance instance() {
        return instance;
    }

    /**
     * Closes what {@link #open} made, in reverse order.
     *
     * @throws RuntimeException the first failure to close (a checked one wrapped in a {@link RagException}),
     *     later ones suppressed in it
     */
    @Override
    public void close() {
        closeAll(owned);
    }

    private static void closeAll(Deque<AutoCloseable> owned) {
        RuntimeException first = null;
        while (!owned.isEmpty()) {
            AutoCloseable next = owned.pop();
            try {
                next.close();
            } catch (Exception e) {
                RuntimeException r = e instanceof RuntimeException re ? re
                        : new RagException("closing " + next + " failed: " + e.getMessage(), e);
                if (first == null) {
                    first = r;
                } else {
                    first.addSuppressed(r);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
