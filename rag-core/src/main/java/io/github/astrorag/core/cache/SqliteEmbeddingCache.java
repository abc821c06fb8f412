package io.github.astrorag.core.cache;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.OptionalDependency;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link EmbeddingCache} in one SQLite file ({@code org.xerial:sqlite-jdbc}, an optional dependency of
 * rag-core: add it to use this class), shared safely by threads and by processes: write-ahead logging, a
 * busy timeout, idempotent inserts.
 *
 * <p>Layout: a row per (space, SHA-256 of the exact UTF-8 text) holding the vector as little-endian
 * float32 bytes, its dimension, a CRC-32 of those bytes and when it was last used. A row whose length or
 * checksum does not match is a miss and is deleted: the cache never returns a damaged vector.
 *
 * <p>Bounded: when the live pages exceed {@code maxBytes} (default {@value #DEFAULT_MAX_BYTES} bytes,
 * 2 GiB) the least recently used rows are deleted down to 90% of it and the freed pages returned to the
 * file system. About 1.7 KiB per 384-dimensional vector.
 *
 * <p>Never fails its caller: a damaged file or one that is not a database ({@code SQLITE_CORRUPT},
 * {@code SQLITE_NOTADB}) is deleted and rebuilt; a sound SQLite database that is not this cache's (tables of
 * its own, no {@code meta} table, or another schema version) is never adopted, written or deleted: it turns the
 * cache off, as a folder that cannot be written, a full disk or any other storage error does (every lookup
 * misses, stores are dropped; a full disk is said to be one). The file, its {@code -wal} or its {@code -shm} a
 * symbolic link turns it off too: the cache makes no links, so it never writes through one (a link could send its
 * writes into any file the user can write). Either is said once, through the warning consumer
 * (default: an SLF4J warning). Cost: one indexed lookup per text, batched 500 to a statement. The SQL, the
 * schema and the statements are in the package-private {@code SqliteVectorTable}.
 *
 * <p>Thread-safe: every method holds the cache's lock while it uses the file; processes share the file through
 * SQLite's own locking.
 */
public final class SqliteEmbeddingCache implements EmbeddingCache {

    /** The default size cap: 2 GiB. */
    public static final long DEFAULT_MAX_BYTES = 2L << 30;
    /** The file name used by {@link #inFolder(Path)}. */
    public static final String FILE_NAME = "embeddings.sqlite";

    private static final Logger LOG = LoggerFactory.getLogger(SqliteEmbeddingCache.class);

    private final Path file;
    private final long maxBytes;
    private final Duration busyTimeout;
    private final Consumer<String> warnings;
    /** The open database; null once a storage failure turned the cache off, or after close. */
    private @Nullable SqliteVectorTable db;
    private boolean warned;
    private boolean closed;
    private long hits;
    private long misses;

    private SqliteEmbeddingCache(Builder b) {
        this.file = b.file;
        this.maxBytes = b.maxBytes;
        this.busyTimeout = b.busyTimeout;
        this.warnings = b.warnings;
        this.db = openOrRebuild();
    }

    /**
     * A cache in {@code folder}/{@value #FILE_NAME} with default settings; the folder is created if missing.
     *
     * @param folder the folder of the database file
     * @return the cache; the caller closes it
     */
    public static SqliteEmbeddingCache inFolder(Path folder) {
        return builder().file(folder.resolve(FILE_NAME)).build();
    }

    /**
     * A builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    private @Nullable SqliteVectorTable openOrRebuild() {
        try {
            return open();
        } catch (SQLException e) {
            return recover(e);
        } catch (IOException e) {
            warn("embedding cache " + file + " cannot be used (" + e.getMessage() + "): continuing without it");
            return null;
        }
    }

    private SqliteVectorTable open() throws SQLException, IOException {
        return SqliteVectorTable.open(file, busyTimeout);
    }

    @Override
    public synchronized List<float @Nullable []> getAll(String space, List<String> texts) {
        List<float @Nullable []> out = new ArrayList<>(texts.size());
        texts.forEach(t -> out.add(null));
        if (db == null || texts.isEmpty()) {
            misses += texts.size();
            return out;
        }
        try {
            db.getAll(space, texts, out);
        } catch (SQLException e) {
            fail(e);
        }
        int found = (int) out.stream().filter(Objects::nonNull).count();
        hits += found;
        misses += texts.size() - found;
        return out;
    }

    @Override
    public synchronized void putAll(String space, List<String> texts, List<float[]> vectors) {
        Arguments.check(texts.size() == vectors.size(), "%d texts but %d vectors", texts.size(), vectors.size());
        if (db == null || texts.isEmpty()) {
            return;
        }
        try {
            db.putAll(space, texts, vectors);
            db.evictIfOver(maxBytes);
        } catch (SQLException e) {
            fail(e);
        }
    }

    @Override
    public synchronized Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", file.toAbsolutePath().toString());
        m.put("usable", db != null);
        m.put("maxBytes", maxBytes);
        if (db != null) {
            try {
                m.put("entries", db.entries());
                m.put("spaces", db.spaces());
                m.put("bytes", db.bytes());
            } catch (SQLException e) {
                fail(e);
            }
        }
        m.put("hits", hits);
        m.put("misses", misses);
        return m;
    }

    @Override
    public synchronized void clear() {
        if (db == null) {
            return;
        }
        try {
            db.clear();
        } catch (SQLException e) {
            fail(e);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        closeConnection();
    }

    /**
     * Whether the file is in use (false after a storage failure turned the cache off, or after close).
     *
     * @return {@code true} while the cache reads and writes its file
     */
    public synchronized boolean usable() {
        return db != null;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "sqlite");
        m.put("file", file.toAbsolutePath().toString());
        m.put("maxBytes", maxBytes);
        return m;
    }

    /** After a storage failure: the connection is closed, and the file rebuilt if it is damaged. */
    private void fail(SQLException e) {
        closeConnection();
        db = recover(e);
    }

    /**
     * The database rebuilt from scratch if {@code e} says the file is damaged or foreign (and the cache is not
     * closed), else {@code null}: the cache is off. Warns once.
     */
    private @Nullable SqliteVectorTable recover(SQLException e) {
        if (SqliteVectorTable.damaged(e) && !closed) {
            warn("embedding cache " + file + " is damaged (" + reason(e) + "): rebuilding it");
            try {
                SqliteVectorTable.deleteFiles(file);
                return open();
            } catch (SQLException | IOException again) {
                warn("embedding cache " + file + " cannot be rebuilt (" + again.getMessage() + "): continuing without it");
                return null;
            }
        }
        warn("embedding cache " + file + " cannot be used (" + reason(e) + "): continuing without it");
        return null;
    }

    private void closeConnection() {
        if (db != null) {
            db.close();
            db = null;
        }
    }

    private static String reason(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String line = m.lines().findFirst().orElse(m);
        return SqliteVectorTable.full(e) ? "the disk is full: " + line : line;
    }

    private void warn(String message) {
        if (!warned) {
            warned = true;
            warnings.accept(message);
        }
    }

    /** Fail-fast builder: a bad value throws {@link IllegalArgumentException}, a setting given twice {@link IllegalStateException}. */
    public static final class Builder {
        private @Nullable Path file;
        private long maxBytes = DEFAULT_MAX_BYTES;
        private boolean maxBytesSet;
        private Duration busyTimeout = Duration.ofSeconds(30);
        private boolean busyTimeoutSet;
        private Consumer<String> warnings = LOG::warn;
        private boolean warningsSet;

        private Builder() {
        }

        /**
         * The database file (required); its folder is created if missing.
         *
         * @param value the database file, e.g. {@code cache/embeddings.sqlite}
         * @return this builder
         * @throws IllegalStateException if the file was already set
         */
        public Builder file(Path value) {
            Arguments.checkState(file == null, "file was already set");
            file = Objects.requireNonNull(value, "file");
            return this;
        }

        /**
         * The size cap in bytes; default 2 GiB; at least 1 MiB.
         *
         * @param value the cap, in bytes
         * @return this builder
         * @throws IllegalStateException if the cap was already set
         * @throws IllegalArgumentException if {@code value} is below 1 MiB
         */
        public Builder maxBytes(long value) {
            Arguments.checkState(!maxBytesSet, "maxBytes was already set");
            Arguments.check(value >= 1L << 20, "maxBytes must be at least 1 MiB (1048576), was %d", value);
            maxBytes = value;
            maxBytesSet = true;
            return this;
        }

        /**
         * How long to wait for another process's write; default 30 s; positive.
         *
         * @param value the SQLite busy timeout
         * @return this builder
         * @throws IllegalStateException if the busy timeout was already set
         * @throws IllegalArgumentException if {@code value} is zero or negative
         */
        public Builder busyTimeout(Duration value) {
            Arguments.checkState(!busyTimeoutSet, "busyTimeout was already set");
            Arguments.check(!value.isNegative() && !value.isZero(), "busyTimeout must be positive, was %s", value);
            busyTimeout = value;
            busyTimeoutSet = true;
            return this;
        }

        /**
         * Where the one warning about a damaged or unusable file goes; default: an SLF4J warning.
         *
         * @param value receives the warning's text
         * @return this builder
         * @throws IllegalStateException if the warnings' consumer was already set
         */
        public Builder warnings(Consumer<String> value) {
            Arguments.checkState(!warningsSet, "warnings was already set");
            warnings = Objects.requireNonNull(value, "warnings");
            warningsSet = true;
            return this;
        }

        /**
         * Opens (or creates, or rebuilds) the cache. Never fails for the file's sake: an unusable file gives
         * a cache that is off ({@link #usable()} false) and one warning.
         *
         * @return the cache; the caller closes it
         * @throws IllegalStateException if no file was given, or the SQLite driver ({@link OptionalDependency#SQLITE}) is not on
         *         the class path
         */
        public SqliteEmbeddingCache build() {
            Arguments.checkState(file != null, "file is required");
            OptionalDependency.SQLITE.require("SqliteEmbeddingCache");
            return new SqliteEmbeddingCache(this);
        }
    }
}
