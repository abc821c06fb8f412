package io.github.astrorag.spring.boot;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Keeps the application's {@link RagInstance} in step with the files of {@code astrorag.docs}
 * ({@code astrorag.loading.watch=true}): every {@code astrorag.loading.watch-interval} (default 2 s) it compares the
 * files below the locations (size and modification time) with what it saw last; when something changed it reads the
 * locations again with the same loader and applies the difference to the open instance, by document id: a new
 * document is added, a changed one (its text or metadata) replaced, a vanished one removed
 * ({@link RagInstance#addDocuments}, {@link RagInstance#remove}, each one step, so that an ask sees the old version
 * or the new one). Unchanged documents are not embedded again.
 *
 * <p>What is watched: the files and folders the locations named at start-up (a folder's whole tree, so a new file in
 * it is seen; a pattern's matches as they were at start-up). Classpath documents are packaged with the application and
 * never change: a watch over them fails the start naming the property. While a background load
 * ({@link AstroRagLoading}) has not finished, nothing is compared. A failed reload (a file being written, a broken
 * file named directly) is logged and tried again at the next check; the instance keeps what it had. Cost per
 * interval: one walk of the watched trees (a stat per file); per change: reading every document again, chunking and
 * embedding the changed ones. Thread-safe: one check at a time.
 */
public final class AstroRagDocumentWatch implements SmartLifecycle {

    /** The watching thread's name. */
    public static final String THREAD = "astrorag-watch";

    private static final Logger LOG = LoggerFactory.getLogger(AstroRagDocumentWatch.class);

    /** What a check changed. */
    public record Changes(List<String> added, List<String> replaced, List<String> removed) {

        /**
         * Changes.
         *
         * @param added    the ids of the documents added
         * @param replaced the ids of the documents replaced
         * @param removed  the ids of the documents removed
         */
        public Changes {
            added = List.copyOf(added);
            replaced = List.copyOf(replaced);
            removed = List.copyOf(removed);
        }

        /** @return whether nothing changed */
        public boolean isEmpty() {
            return added.isEmpty() && replaced.isEmpty() && removed.isEmpty();
        }
    }

    private final RagInstance instance;
    private final List<Path> paths;
    private final FileSystemDocumentLoader loader;
    private final DocumentLoader.OnUnreadable onUnreadable;
    private final Duration interval;
    private final @Nullable AstroRagLoading loading;
    private final Object lock = new Object();
    private @Nullable Map<Path, String> seen;
    private @Nullable ScheduledExecutorService timer;

    /**
     * A watch of {@code paths} for {@code instance}.
     *
     * @param instance     the instance to keep in step
     * @param paths        the files and folders of {@code astrorag.docs}, as resolved at start-up
     * @param loader       the loader the instance's documents were read with
     * @param onUnreadable the pipeline's policy for unreadable files
     * @param interval     the time between two checks, positive
     * @param loading      the background load to wait for, or {@code null}
     */
    AstroRagDocumentWatch(RagInstance instance, List<Path> paths, FileSystemDocumentLoader loader,
                          DocumentLoader.OnUnreadable onUnreadable, Duration interval, @Nullable AstroRagLoading loading) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.paths = List.copyOf(paths);
        this.loader = Objects.requireNonNull(loader, "loader");
        this.onUnreadable = Objects.requireNonNull(onUnreadable, "onUnreadable");
        this.interval = Objects.requireNonNull(interval, "interval");
        this.loading = loading;
    }

    /**
     * Compares the files with what the last check saw and, if any changed (or on the first check after a background
     * load), applies the difference to the instance now, on the calling thread. The timer calls this every interval.
     *
     * @return what changed in the instance (empty when no file changed or a background load is still running)
     * @throws RagException if reading the documents again or the instance fails (the instance keeps what it had)
     */
    public Changes checkNow() {
        synchronized (lock) {
            if (loading != null && loading.progress().state() != AstroRagLoading.State.LOADED) {
                return new Changes(List.of(), List.of(), List.of());
            }
            Map<Path, String> now = snapshot();
            if (now.equals(seen)) {
                return new Changes(List.of(), List.of(), List.of());
            }
            Changes changes = apply();
            seen = now;
            return changes;
        }
    }

    /** Reads the locations again and adds, replaces and removes by document id. */
    private Changes apply() {
        List<Document> read = paths.stream().anyMatch(Files::exists)
                ? loader.loadAll(paths.stream().filter(Files::exists).toList(), onUnreadable).documents() : List.of();
        Map<String, Document> held = instance.documents().stream()
                .collect(Collectors.toMap(Document::id, d -> d, (a, b) -> a));
        List<Document> changed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        for (Document d : read) {
            Document old = held.get(d.id());
            if (old == null) {
                added.add(d.id());
                changed.add(d);
            } else if (!old.text().equals(d.text()) || !old.metadata().equals(d.metadata())) {
                replaced.add(d.id());
                changed.add(d);
            }
        }
        Set<String> ids = read.stream().map(Document::id).collect(Collectors.toSet());
        List<String> removed = held.keySet().stream().filter(id -> !ids.contains(id)).sorted().toList();
        if (!changed.isEmpty()) {
            instance.addDocuments(changed);
        }
        removed.forEach(instance::remove);
        Changes changes = new Changes(added, replaced, removed);
        if (!changes.isEmpty()) {
            LOG.info("Documents changed: {} added {}, {} replaced {}, {} removed {}", added.size(), added,
                    replaced.size(), replaced, removed.size(), removed);
        }
        return changes;
    }

    /** Every file below the watched paths with its size and modification time. */
    private Map<Path, String> snapshot() {
        Map<Path, String> out = new HashMap<>();
        for (Path root : paths) {
            if (!Files.exists(root)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    if (a.isRegularFile()) {
                        out.put(p, a.size() + "@" + a.lastModifiedTime().toMillis());
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // a file removed during the walk: the next check sees the tree as it has become
                out.put(root, "unreadable " + e.getMessage());
            }
        }
        return out;
    }

    @Override
    public void start() {
        synchronized (lock) {
            if (timer != null) {
                return;
            }
            if (loading == null) {
                seen = snapshot();   // the instance was opened over these files at start-up
            }
            ScheduledExecutorService t = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, THREAD);
                thread.setDaemon(true);
                return thread;
            });
            timer = t;
            long millis = interval.toMillis();
            t.scheduleWithFixedDelay(this::checkLogged, millis, millis, TimeUnit.MILLISECONDS);
            LOG.info("Watching {} document location(s) every {} ms", paths.size(), millis);
        }
    }

    private void checkLogged() {
        try {
            checkNow();
        } catch (RuntimeException e) {
            LOG.warn("Reloading the changed documents of astrorag.docs failed, tried again at the next check: {}",
                    e.getMessage());
        }
    }

    @Override
    public void stop() {
        ScheduledExecutorService t;
        synchronized (lock) {
            t = timer;
        }
        if (t != null) {
            t.shutdownNow();
            try {
                t.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        synchronized (lock) {
            return timer != null && !timer.isShutdown();
        }
    }
}
