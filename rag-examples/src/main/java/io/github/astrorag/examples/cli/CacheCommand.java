package io.github.astrorag.examples.cli;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code astrorag cache stats|clear}: look at or empty the embedding cache that {@code ask} and {@code eval} use. */
@Command(name = "cache", mixinStandardHelpOptions = true,
        description = "Inspect or clear the embedding cache (a SQLite file that remembers vectors by text).",
        subcommands = {CacheCommand.Stats.class, CacheCommand.Clear.class})
public final class CacheCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** What both subcommands share: the cache options, opening and closing the cache. */
    abstract static class OnCache implements Runnable {
        @Mixin
        CacheOptions cache = new CacheOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            if (cache.off) {
                throw new IllegalArgumentException("--no-cache does not apply here: name the cache with --cache DIR or leave it out");
            }
            PrintWriter out = spec.commandLine().getOut();
            try (SqliteEmbeddingCache c = cache.open(spec.commandLine().getErr()).orElseThrow()) {
                run(c, out);
            }
            out.flush();
        }

        abstract void run(SqliteEmbeddingCache c, PrintWriter out);
    }

    /** {@code astrorag cache stats}. */
    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Print the cache's file, entries and size.")
    static final class Stats extends OnCache {
        @Override
        void run(SqliteEmbeddingCache c, PrintWriter out) {
            for (Map.Entry<String, Object> e : c.stats().entrySet()) {
                if (!e.getKey().equals("hits") && !e.getKey().equals("misses")) {
                    out.printf("%-9s %s%n", e.getKey(), e.getValue());
                }
            }
        }
    }

    /** {@code astrorag cache clear}. */
    @Command(name = "clear", mixinStandardHelpOptions = true, description = "Forget every cached vector.")
    static final class Clear extends OnCache {
        @Override
        void run(SqliteEmbeddingCache c, PrintWriter out) {
            Object before = c.stats().get("entries");
            c.clear();
            out.printf("cleared %s entries from %s%n", before, cache.folder().resolve(SqliteEmbeddingCache.FILE_NAME));
        }
    }
}
