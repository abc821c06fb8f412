package io.github.astrorag.core.cache;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.OptionalDependency;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.zip.CRC32;
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
 * <p>Never fails its caller: a damaged or foreign file ({@code SQLITE_CORRUPT}, {@code SQLITE_NOTADB}) is
 * deleted and rebuilt; a folder that cannot be written, a full disk or any other storage error turns the
 * cache off (every lookup misses, stores are dropped). Either is said once, through the warning consumer
 * (default: an SLF4J warning). Cost: one indexed lookup per text, batched 500 to a statement.
 */
public final class SqliteEmbeddingCache implements EmbeddingCache {

    /** The default size cap: 2 GiB. */
    public static final long DEFAULT_MAX_BYTES = 2L << 30;
    /** The file name used by {@link #inFolder(Path)}. */
    public static final String FILE_NAME = "embeddings.sqlite";

    private static final Logger LOG = LoggerFactory.getLogger(SqliteEmbeddingCache.class);
    private static final int SCHEMA = 1;
    private static final int BATCH = 500;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_NOTADB = 26;

    private final Path file;
    private final long maxBytes;
    private final Duration busyTimeout;
    private final Consumer<String> warnings;
    private final Map<String, Long> spaceIds = new HashMap<>();
    private @Nullable Connection db;
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

    private @Nullable Connection openOrRebuild() {
        try {
            return open();
        } catch (SQLException e) {
            if (damaged(e)) {
                warn("embedding cache " + file + " is damaged (" + reason(e) + "): rebuilding it");
                try {
                    deleteFiles();
                    return open();
                } catch (SQLException | IOException again) {
                    warn("embedding cache " + file + " cannot be rebuilt (" + again.getMessage() + "): continuing without it");
                    return null;
                }
            }
            warn("embedding cache " + file + " cannot be used (" + reason(e) + "): continuing without it");
            return null;
        } catch (IOException e) {
            warn("embedding cache " + file + " cannot be used (" + e.getMessage() + "): continuing without it");
            return null;
        }
    }

    private Connection open() throws SQLException, IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + busyTimeout.toMillis());
            s.execute("PRAGMA auto_vacuum = INCREMENTAL");
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            s.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS spaces (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
            s.execute("CREATE TABLE IF NOT EXISTS vectors (space INTEGER NOT NULL, key BLOB NOT NULL, dim INTEGER NOT NULL,"
                    + " vec BLOB NOT NULL, crc INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (space, key)) WITHOUT ROWID");
            s.execute("CREATE INDEX IF NOT EXISTS vectors_used ON vectors (used)");
            s.execute("INSERT OR IGNORE INTO meta (k, v) VALUES ('schema', '" + SCHEMA + "')");
            try (ResultSet r = s.executeQuery("SELECT v FROM meta WHERE k = 'schema'")) {
                if (!r.next() || !Integer.toString(SCHEMA).equals(r.getString(1))) {
                    c.close();
                    throw new SQLException("the file was written by another version of this cache", null, SQLITE_NOTADB);
                }
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
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
            Long id = spaceId(space, false);
            if (id != null) {
                lookUp(id, texts, out);
            }
        } catch (SQLException e) {
            fail(e);
        }
        int found = (int) out.stream().filter(Objects::nonNull).count();
        hits += found;
        misses += texts.size() - found;
        return out;
    }

    private void lookUp(long space, List<String> texts, List<float @Nullable []> out) throws SQLException {
        Map<ByteBuffer, List<Integer>> positions = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            positions.computeIfAbsent(ByteBuffer.wrap(sha256(texts.get(i))), k -> new ArrayList<>()).add(i);
        }
        List<ByteBuffer> keys = new ArrayList<>(positions.keySet());
        long now = System.currentTimeMillis();
        for (int from = 0; from < keys.size(); from += BATCH) {
            List<ByteBuffer> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
            String in = String.join(",", java.util.Collections.nCopies(batch.size(), "?"));
            List<ByteBuffer> found = new ArrayList<>();
            List<ByteBuffer> damaged = new ArrayList<>();
            try (PreparedStatement q = db.prepareStatement("SELECT key, dim, vec, crc FROM vectors WHERE space = ? AND key IN (" + in + ")")) {
                q.setLong(1, space);
                for (int i = 0; i < batch.size(); i++) {
                    q.setBytes(i + 2, batch.get(i).array());
                }
                try (ResultSet r = q.executeQuery()) {
                    while (r.next()) {
                        ByteBuffer key = ByteBuffer.wrap(r.getBytes(1));
                        float[] v = decode(r.getInt(2), r.getBytes(3), r.getLong(4));
                        if (v == null) {
                            damaged.add(key);
                            continue;
                        }
                        found.add(key);
                        for (int p : positions.getOrDefault(key, List.of())) {
                            out.set(p, v.clone());
                        }
                    }
                }
            }
            touch(space, found, now);
            delete(space, damaged);
        }
    }

    private static float @Nullable [] decode(int dim, byte @Nullable [] bytes, long crc) {
        if (bytes == null || dim <= 0 || bytes.length != 4 * dim) {
            return null;
        }
        CRC32 check = new CRC32();
        check.update(bytes);
        if (check.getValue() != crc) {
            return null;
        }
        float[] v = new float[dim];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }

    private void touch(long space, List<ByteBuffer> keys, long now) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement u = db.prepareStatement("UPDATE vectors SET used = ? WHERE space = ? AND key = ?")) {
            for (ByteBuffer k : keys) {
                u.setLong(1, now);
                u.setLong(2, space);
                u.setBytes(3, k.array());
                u.addBatch();
            }
            u.executeBatch();
        }
    }

    private void delete(long space, List<ByteBuffer> keys) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement d = db.prepareStatement("DELETE FROM vectors WHERE space = ? AND key = ?")) {
            for (ByteBuffer k : keys) {
                d.setLong(1, space);
                d.setBytes(2, k.array());
                d.addBatch();
            }
            d.executeBatch();
        }
    }

    @Override
    public synchronized void putAll(String space, List<String> texts, List<float[]> vectors) {
        Arguments.check(texts.size() == vectors.size(), "%d texts but %d vectors", texts.size(), vectors.size());
        if (db == null || texts.isEmpty()) {
            return;
        }
        try {
            long id = spaceId(space, true);
            long now = System.currentTimeMillis();
            boolean auto = db.getAutoCommit();
            db.setAutoCommit(false);
            try (PreparedStatement p = db.prepareStatement(
                    "INSERT OR REPLACE INTO vectors (space, key, dim, vec, crc, used) VALUES (?, ?, ?, ?, ?, ?)")) {
                for (int i = 0; i < texts.size(); i++) {
                    float[] v = vectors.get(i);
                    ByteBuffer bytes = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
                    bytes.asFloatBuffer().put(v);
                    CRC32 crc = new CRC32();
                    crc.update(bytes.array());
                    p.setLong(1, id);
                    p.setBytes(2, sha256(texts.get(i)));
                    p.setInt(3, v.length);
                    p.setBytes(4, bytes.array());
                    p.setLong(5, crc.getValue());
                    p.setLong(6, now);
                    p.addBatch();
                }
                p.executeBatch();
                db.commit();
            } catch (SQLException e) {
                db.rollback();
                throw e;
            } finally {
                db.setAutoCommit(auto);
            }
            evictIfOver();
        } catch (SQLException e) {
            fail(e);
        }
    }

    private void evictIfOver() throws SQLException {
        long used = livePages() * pageSize();
        if (used <= maxBytes) {
            return;
        }
        long rows = scalar("SELECT COUNT(*) FROM vectors");
        long drop = Math.max(1, (long) Math.ceil(rows * (1 - 0.9 * maxBytes / (double) used)));
        try (PreparedStatement d = db.prepareStatement("DELETE FROM vectors WHERE (space, key) IN "
                + "(SELECT space, key FROM vectors ORDER BY used ASC LIMIT ?)")) {
            d.setLong(1, drop);
            d.executeUpdate();
        }
        try (Statement s = db.createStatement()) {
            s.execute("PRAGMA incremental_vacuum");
        }
    }

    private long livePages() throws SQLException {
        return scalar("PRAGMA page_count") - scalar("PRAGMA freelist_count");
    }

    private long pageSize() throws SQLException {
        return scalar("PRAGMA page_size");
    }

    private long scalar(String sql) throws SQLException {
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    private @Nullable Long spaceId(String space, boolean create) throws SQLException {
        Long known = spaceIds.get(space);
        if (known != null) {
            return known;
        }
        if (create) {
            try (PreparedStatement p = db.prepareStatement("INSERT OR IGNORE INTO spaces (name) VALUES (?)")) {
                p.setString(1, space);
                p.executeUpdate();
            }
        }
        try (PreparedStatement p = db.prepareStatement("SELECT id FROM spaces WHERE name = ?")) {
            p.setString(1, space);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                spaceIds.put(space, r.getLong(1));
                return r.getLong(1);
            }
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
                m.put("entries", scalar("SELECT COUNT(*) FROM vectors"));
                m.put("spaces", scalar("SELECT COUNT(*) FROM spaces"));
                m.put("bytes", livePages() * pageSize());
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
        try (Statement s = db.createStatement()) {
            s.execute("DELETE FROM vectors");
            s.execute("DELETE FROM spaces");
            s.execute("PRAGMA incremental_vacuum");
            spaceIds.clear();
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

    private void fail(SQLException e) {
        closeConnection();
        spaceIds.clear();
        if (damaged(e) && !closed) {
            warn("embedding cache " + file + " is damaged (" + reason(e) + "): rebuilding it");
            try {
                deleteFiles();
                db = open();
            } catch (SQLException | IOException again) {
                warn("embedding cache " + file + " cannot be rebuilt (" + again.getMessage() + "): continuing without it");
            }
            return;
        }
        warn("embedding cache " + file + " cannot be used (" + reason(e) + "): continuing without it");
    }

    private void closeConnection() {
        if (db != null) {
            try {
                db.close();
            } catch (SQLException ignored) {
                // closing a broken connection: nothing more to free
            }
            db = null;
        }
    }

    /** Deletes the database and its side files; only regular files, never a device or a folder named as the file. */
    private void deleteFiles() throws IOException {
        for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
            Path p = Path.of(file + suffix);
            if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(p);
            } else if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(p + " is not a regular file");
            }
        }
    }

    private static boolean damaged(SQLException e) {
        int code = e.getErrorCode() & 0xff;
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return code == SQLITE_CORRUPT || code == SQLITE_NOTADB || m.contains("malformed") || m.contains("not a database");
    }

    private static String reason(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private void warn(String message) {
        if (!warned) {
            warned = true;
            warnings.accept(message);
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
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
