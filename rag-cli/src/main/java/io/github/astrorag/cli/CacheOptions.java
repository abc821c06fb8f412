package io.github.astrorag.cli;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Where the command line keeps the embedding cache: {@code --cache DIR}, else {@code $XDG_CACHE_HOME/astrorag},
 * else {@code ~/.cache/astrorag}; {@code --no-cache} turns it off.
 */
public final class CacheOptions {

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Folder of the embedding cache (default: $XDG_CACHE_HOME/astrorag, else ~/.cache/astrorag). "
                    + "Text embedded once is not embedded again.")
    Path folder;

    @Option(names = "--no-cache", description = "Embed every chunk, with no embedding cache.")
    boolean off;

    /**
     * The cache folder by the rule above, whether or not the cache is on.
     *
     * @throws IllegalArgumentException if {@code --cache} names an empty (or blank) path, which would put the cache in
     *         the current folder
     */
    public Path folder() {
        if (folder != null && folder.toString().isBlank()) {
            throw new IllegalArgumentException("--cache was given an empty path: name the cache's folder, e.g. --cache "
                    + "~/.cache/astrorag, or leave --cache out for the default");
        }
        return folder != null ? folder : defaultFolder(System.getenv());
    }

    static Path defaultFolder(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "astrorag");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "astrorag");
    }

    /**
     * The cache, unless {@code --no-cache}; a damaged or unusable file gives one warning line on {@code err}
     * and no failure.
     *
     * @throws IllegalArgumentException if both {@code --cache} and {@code --no-cache} are given
     */
    public Optional<SqliteEmbeddingCache> open(PrintWriter err) {
        if (off && folder != null) {
            throw new IllegalArgumentException("--cache and --no-cache contradict each other: give one");
        }
        if (off) {
            return Optional.empty();
        }
        folder();
        return Optional.of(SqliteEmbeddingCache.builder().file(folder().resolve(SqliteEmbeddingCache.FILE_NAME))
                .warnings(message -> {
                    err.println("astrorag: warning: " + Terminal.oneLine(message));
                    err.flush();
                }).build());
    }
}
