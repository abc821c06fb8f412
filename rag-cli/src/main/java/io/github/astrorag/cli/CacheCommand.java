package io.github.astrorag.cli;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code astrorag cache stats|clear}: look at or empty the embedding cache that {@code ask} and {@code eval} use.
 * Unlike {@code ask}, for which a cache problem is a warning and the question runs uncached, these maintenance
 * commands tell the truth: a cache that cannot be opened, read or cleared exits with status 2 and one line saying
 * what could not be done.
 */
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
            StringBuilder problem = new StringBuilder();
            try (SqliteEmbeddingCache c = SqliteEmbeddingCache.builder().file(cache.folder().resolve(SqliteEmbeddingCache.FILE_NAME))
                    .warnings(problem::append).build()) {
                check(c, problem);
                run(c, out, problem);
                if (problem.length() > 0) {
                    PrintWriter err = spec.commandLine().getErr();
                    err.println("astrorag: warning: " + Terminal.message(problem.toString()));
                    err.flush();
                }
            }
            out.flush();
        }

        /**
         * Fails with the cache's own warning when it is off (the file could not be opened, read or written); a file
         * that was damaged and rebuilt is usable, and its warning is printed after the command's output.
         */
        static void check(SqliteEmbeddingCache c, CharSequence problem) {
            if (!c.usable()) {
                // the cache's warning is worded for an ask, which goes on without the cache; this command does not
                String why = problem.length() > 0 ? problem.toString().replace(": continuing without it", "")
                        : "embedding cache " + c.describe().get("file") + " cannot be used";
                throw new RagException(why + ": nothing was done");
            }
        }

        abstract void run(SqliteEmbeddingCache c, PrintWriter out, CharSequence problem);
    }

    /** {@code astrorag cache stats}. */
    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Print the cache's file, entries and size.")
    static final class Stats extends OnCache {
        @Override
        void run(SqliteEmbeddingCache c, PrintWriter out, CharSequence problem) {
            Map<String, Object> stats = c.stats();
            check(c, problem);
            for (Map.Entry<String, Object> e : stats.entrySet()) {
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
        void run(SqliteEmbeddingCache c, PrintWriter out, CharSequence problem) {
            Object before = c.stats().get("entries");
            check(c, problem);
            c.clear();
            check(c, problem);
            out.printf("cleared %s entries from %s%n", before, cache.folder().resolve(SqliteEmbeddingCache.FILE_NAME));
        }
    }
}
