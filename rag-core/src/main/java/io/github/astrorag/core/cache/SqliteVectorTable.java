package io.github.astrorag.core.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * The SQL of {@link SqliteEmbeddingCache}: one open connection to the database file, its schema and the statements
 * that read, write, evict and count vectors. Every failure is a {@link SQLException} for the cache to judge
 * ({@link #damaged}); this class has no policy of its own.
 *
 * <p>Schema {@value #SCHEMA}: {@code meta(k, v)} holds the schema version; {@code spaces(id, name)} numbers the
 * spaces; {@code vectors(space, key, dim, vec, crc, used)}, keyed by the space and the SHA-256 of the exact UTF-8
 * text, holds the vector as little-endian float32 bytes, its dimension, the CRC-32 of those bytes and when it was
 * last used (epoch milliseconds, indexed for eviction). The connection runs with write-ahead logging,
 * {@code synchronous = NORMAL}, incremental auto-vacuum and the given busy timeout.
 *
 * <p>Cost: a lookup is one indexed query per {@value #BATCH} distinct texts plus a batched update of their
 * {@code used}; a store one batched insert in a transaction. Not thread-safe: the cache calls it under its lock.
 */
final class SqliteVectorTable implements AutoCloseable {

    /** The schema version written to, and required of, the file. */
    static final int SCHEMA = 1;
    /** Texts looked up per statement. */
    static final int BATCH = 500;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_NOTADB = 26;
    private static final int SQLITE_FULL = 13;
    /** The tables of schema {@value #SCHEMA}. */
    private static final List<String> OUR_TABLES = List.of("meta", "spaces", "vectors");

    private final Connection db;
    /** The ids of the spaces seen on this connection. */
    private final Map<String, Long> spaceIds = new HashMap<>();

    private SqliteVectorTable(Connection db) {
        this.db = db;
    }

    /**
     * Opens {@code file} (creating it and its folder if missing) and creates the schema if absent.
     *
     * @throws SQLException if the file cannot be opened; a {@link ForeignDatabaseException} if it is another program's
     *         database or has another schema, found before anything is written to it
     * @throws IOException  if the folder cannot be created
     */
    static SqliteVectorTable open(Path file, Duration busyTimeout) throws SQLException, IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        for (String side : List.of("", "-wal", "-shm", "-journal")) {
            Path f = Path.of(file + side);
            if (Files.isSymbolicLink(f)) {
                throw new IOException(side.isEmpty() ? "it is a symbolic link, which the cache never writes through"
                        : f + " is a symbolic link, which the cache never writes through");
            }
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = " + busyTimeout.toMillis());
            String foreign = foreign(s);
            if (foreign != null) {
                throw new ForeignDatabaseException(foreign);
            }
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
                    throw new ForeignDatabaseException("its schema is not " + SCHEMA);
                }
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new SqliteVectorTable(c);
    }

    /**
     * Why the open database is not ours, read before anything is written to it; {@code null} when it is empty (a new
     * file) or holds this cache's schema. Ours means: a {@code meta} table whose {@code schema} is {@value #SCHEMA}
     * (or not yet written, while another process creates the file), and no table but {@code meta}, {@code spaces} and
     * {@code vectors}.
     */
    private static @Nullable String foreign(Statement s) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (ResultSet r = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")) {
            while (r.next()) {
                tables.add(r.getString(1));
            }
        }
        if (tables.isEmpty()) {
            return null;
        }
        List<String> others = tables.stream().filter(t -> !OUR_TABLES.contains(t)).sorted().toList();
        if (!others.isEmpty()) {
            return "it holds tables this cache does not make: " + String.join(", ", others);
        }
        if (!tables.contains("meta")) {
            return "it has no meta table";
        }
        try (ResultSet r = s.executeQuery("SELECT v FROM meta WHERE k = 'schema'")) {
            if (r.next() && !Integer.toString(SCHEMA).equals(r.getString(1))) {
                return "its schema is '" + r.getString(1) + "', this cache writes '" + SCHEMA + "'";
            }
        }
        return null;
    }

    /**
     * A database file that is sound but not this cache's (another program's, or another schema): never a damaged file
     * ({@link #damaged} is false), so the cache neither adopts nor deletes it.
     */
    static final class ForeignDatabaseException extends SQLException {
        private static final long serialVersionUID = 1L;

        ForeignDatabaseException(String why) {
            super("the file is not this cache's database (" + why + "): it is left untouched");
        }
    }

    /**
     * Sets {@code out.get(i)} to a copy of the stored vector of {@code texts.get(i)} in {@code space} where there is
     * a sound one (right length and checksum), marking it used now; a damaged row is deleted and stays a miss.
     */
    void getAll(String space, List<String> texts, List<float @Nullable []> out) throws SQLException {
        Long id = spaceId(space, false);
        if (id != null) {
            lookUp(id, texts, out);
        }
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
            String in = String.join(",", Collections.nCopies(batch.size(), "?"));
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

    /** Stores (or replaces) the vector of each text in {@code space}, used now, in one transaction. */
    void putAll(String space, List<String> texts, List<float[]> vectors) throws SQLException {
        long id = spaceId(space, true);
        long now = System.currentTimeMillis();
        boolean auto = db.getAutoCommit();
        db.setAutoCommit(false);
        SQLException failure = null;
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
            failure = e;
            try {
                db.rollback();
            } catch (SQLException again) {
                e.addSuppressed(again);
            }
            throw e;
        } finally {
            // After SQLITE_FULL, SQLite has rolled the transaction back itself: switching auto-commit back then fails
            // ("cannot commit - no transaction is active"), which must not hide the first failure.
            try {
                db.setAutoCommit(auto);
            } catch (SQLException e) {
                if (failure == null) {
                    throw e;
                }
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * When the live pages exceed {@code maxBytes}, deletes the least recently used rows down to about 90% of it (in
     * proportion to the row count) and returns the freed pages to the file system.
     */
    void evictIfOver(long maxBytes) throws SQLException {
        long used = bytes();
        if (used <= maxBytes) {
            return;
        }
        long rows = entries();
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

    /** The number of stored vectors. */
    long entries() throws SQLException {
        return scalar("SELECT COUNT(*) FROM vectors");
    }

    /** The number of spaces. */
    long spaces() throws SQLException {
        return scalar("SELECT COUNT(*) FROM spaces");
    }

    /** The bytes of the live (not free) pages. */
    long bytes() throws SQLException {
        return (scalar("PRAGMA page_count") - scalar("PRAGMA freelist_count")) * scalar("PRAGMA page_size");
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

    /** Deletes every vector and space and returns the freed pages to the file system. */
    void clear() throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("DELETE FROM vectors");
            s.execute("DELETE FROM spaces");
            s.execute("PRAGMA incremental_vacuum");
            spaceIds.clear();
        }
    }

    /** Closes the connection; a broken one is closed quietly. */
    @Override
    public void close() {
        try {
            db.close();
        } catch (SQLException ignored) {
            // closing a broken connection: nothing more to free
        }
    }

    /** Whether {@code e} says the file is damaged or foreign ({@code SQLITE_CORRUPT}, {@code SQLITE_NOTADB}). */
    /** Whether {@code e} is {@code SQLITE_FULL}: the disk (or the database's page limit) is full. */
    static boolean full(SQLException e) {
        return (e.getErrorCode() & 0xff) == SQLITE_FULL || String.valueOf(e.getMessage()).contains("SQLITE_FULL");
    }

    static boolean damaged(SQLException e) {
        if (e instanceof ForeignDatabaseException) {
            return false;
        }
        int code = e.getErrorCode() & 0xff;
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return code == SQLITE_CORRUPT || code == SQLITE_NOTADB || m.contains("malformed") || m.contains("not a database");
    }

    /**
     * Deletes the database {@code file} and its side files; only regular files, never a device or a folder named as
     * the file.
     *
     * @throws IOException if one of them is not a regular file or cannot be deleted
     */
    static void deleteFiles(Path file) throws IOException {
        for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
            Path p = Path.of(file + suffix);
            if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(p);
            } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(p + " is not a regular file");
            }
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
