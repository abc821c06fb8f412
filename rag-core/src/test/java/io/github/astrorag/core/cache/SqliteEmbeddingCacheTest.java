package io.github.astrorag.core.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite cache on real files: exact vectors, spaces, eviction, damage and unusable folders. */
class SqliteEmbeddingCacheTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private SqliteEmbeddingCache open(Path file) {
        return SqliteEmbeddingCache.builder().file(file).warnings(warnings::add).build();
    }

    private static float[] vector(Random r, int dim) {
        float[] v = new float[dim];
        for (int i = 0; i < dim; i++) {
            v[i] = r.nextFloat() * 2 - 1;
        }
        return v;
    }

    @Test
    void returnsTheStoredVectorsBitForBitAcrossReopeningAndKeepsSpacesApart() {
        Path file = dir.resolve("c.sqlite");
        float[] odd = {-0.0f, Float.MIN_VALUE, 1.0000001f, -3.4028235e38f};
        try (SqliteEmbeddingCache c = open(file)) {
            c.putAll("model-a/passage", List.of("same text", "other"), List.of(odd, new float[] {1, 2, 3, 4}));
            assertThat(c.getAll("model-b/passage", List.of("same text"))).containsExactly((float[]) null);
        }
        try (SqliteEmbeddingCache c = open(file)) {
            List<float[]> got = c.getAll("model-a/passage", List.of("same text", "missing", "other", "same text"));
            for (int i = 0; i < 4; i++) {
                assertThat(Float.floatToRawIntBits(got.get(0)[i])).isEqualTo(Float.floatToRawIntBits(odd[i]));
            }
            assertThat(got.get(1)).isNull();
            assertThat(got.get(2)).containsExactly(1, 2, 3, 4);
            assertThat(got.get(3)).containsExactly(got.get(0));
            assertThat(c.getAll("model-a/passage", List.of("same text "))).containsExactly((float[]) null);
            assertThat(c.stats()).containsEntry("entries", 2L).containsEntry("hits", 3L).containsEntry("misses", 2L);
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void evictsTheLeastRecentlyUsedBeyondTheCap() throws Exception {
        Random r = new Random(7);
        try (SqliteEmbeddingCache c = SqliteEmbeddingCache.builder().file(dir.resolve("c.sqlite")).maxBytes(1 << 20).build()) {
            c.putAll("s", List.of("first"), List.of(vector(r, 384)));
            for (int batch = 0; batch < 20; batch++) {
                List<String> texts = new ArrayList<>();
                List<float[]> vectors = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    texts.add("text " + batch + "/" + i);
                    vectors.add(vector(r, 384));
                }
                Thread.sleep(2);
                assertThat(c.getAll("s", List.of("first")).get(0)).as("kept while in use").isNotNull();
                c.putAll("s", texts, vectors);
            }
            assertThat((long) c.stats().get("bytes")).isLessThanOrEqualTo(1 << 20);
            assertThat((long) c.stats().get("entries")).isBetween(100L, 1000L);
            assertThat(c.getAll("s", List.of("text 0/0")).get(0)).as("oldest evicted").isNull();
            assertThat(c.getAll("s", List.of("text 19/99")).get(0)).as("newest kept").isNotNull();
            assertThat(c.getAll("s", List.of("first")).get(0)).as("recently used kept").isNotNull();
        }
    }

    @Test
    void aDamagedRowIsAMissNeverAWrongVector() throws Exception {
        Path file = dir.resolve("c.sqlite");
        try (SqliteEmbeddingCache c = open(file)) {
            c.putAll("s", List.of("a", "b"), List.of(new float[] {1, 2}, new float[] {3, 4}));
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement()) {
            // one row's bytes changed under its checksum (now the floats 1 and 8), the other's length no longer its dimension
            s.executeUpdate("UPDATE vectors SET vec = X'0000803F00000041' WHERE key = (SELECT key FROM vectors ORDER BY key LIMIT 1)");
            s.executeUpdate("UPDATE vectors SET dim = 3 WHERE key = (SELECT key FROM vectors ORDER BY key DESC LIMIT 1)");
        }
        try (SqliteEmbeddingCache c = open(file)) {
            List<float[]> got = c.getAll("s", List.of("a", "b"));
            for (float[] v : got) {
                assertThat(v == null || Arrays.equals(v, new float[] {1, 2}) || Arrays.equals(v, new float[] {3, 4})).isTrue();
            }
            assertThat(got).containsOnlyNulls();
            assertThat(c.stats()).containsEntry("entries", 0L);
        }
    }

    @Test
    void aCorruptedOrTruncatedFileGivesOneWarningAndIsRebuilt() throws Exception {
        Path garbage = dir.resolve("garbage.sqlite");
        Files.write(garbage, "this is not a database, just some bytes that look nothing like one".repeat(200).getBytes());
        try (SqliteEmbeddingCache c = open(garbage)) {
            assertThat(c.usable()).isTrue();
            c.putAll("s", List.of("x"), List.of(new float[] {5, 6}));
            assertThat(c.getAll("s", List.of("x")).get(0)).containsExactly(5, 6);
        }
        assertThat(warnings).singleElement().asString().contains("damaged").contains("rebuilding");

        warnings.clear();
        Path truncated = dir.resolve("truncated.sqlite");
        Random r = new Random(1);
        try (SqliteEmbeddingCache c = open(truncated)) {
            for (int b = 0; b < 10; b++) {
                List<String> texts = new ArrayList<>();
                List<float[]> vectors = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    texts.add("t" + b + "-" + i);
                    vectors.add(vector(r, 384));
                }
                c.putAll("s", texts, vectors);
            }
        }
        long size = Files.size(truncated);
        try (var ch = java.nio.channels.FileChannel.open(truncated, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(size / 3);
        }
        try (SqliteEmbeddingCache c = open(truncated)) {
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                texts.add("t9-" + i);
            }
            List<float[]> got = c.getAll("s", texts);
            Random replay = new Random(1);
            for (int k = 0; k < 900; k++) {
                vector(replay, 384);
            }
            for (int i = 0; i < 100; i++) {
                float[] expected = vector(replay, 384);
                assertThat(got.get(i) == null || Arrays.equals(got.get(i), expected)).as("never a wrong vector").isTrue();
            }
            c.putAll("s", List.of("after"), List.of(new float[] {7}));
            assertThat(c.getAll("s", List.of("after")).get(0)).containsExactly(7);
        }
        assertThat(warnings).hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void anUnusableFolderGivesOneWarningAndACacheThatMisses() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        try (SqliteEmbeddingCache c = open(notAFolder.resolve("sub").resolve("c.sqlite"))) {
            assertThat(c.usable()).isFalse();
            c.putAll("s", List.of("a"), List.of(new float[] {1}));
            assertThat(c.getAll("s", List.of("a"))).containsExactly((float[]) null);
            assertThat(c.stats()).containsEntry("usable", false);
        }
        assertThat(warnings).singleElement().asString().contains("cannot be used").contains("continuing without it");
    }

    @Test
    void neverDeletesWhatIsNotARegularFile() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("looks-like-a-db"));
        try (SqliteEmbeddingCache c = open(folder)) {
            assertThat(c.usable()).isFalse();
        }
        assertThat(folder).isDirectory();
        assertThat(warnings).hasSize(1);
    }

    /** Hostile input row 12: another program's database, and ours with another schema and a table of its own. */
    @Test
    void neverAdoptsNorDeletesADatabaseThatIsNotOurs() throws Exception {
        Path foreign = dir.resolve("foreign.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + foreign); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
            s.execute("INSERT INTO notes (body) VALUES ('keep me')");
        }
        Path newer = dir.resolve("newer.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + newer); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)");
            s.execute("CREATE TABLE spaces (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
            s.execute("CREATE TABLE vectors (space INTEGER NOT NULL, key BLOB NOT NULL, dim INTEGER NOT NULL,"
                    + " vec BLOB NOT NULL, crc INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (space, key)) WITHOUT ROWID");
            s.execute("CREATE TABLE extra (x TEXT)");
            s.execute("INSERT INTO meta VALUES ('schema', '7')");
            s.execute("INSERT INTO extra VALUES ('keep me too')");
        }
        for (Path file : List.of(foreign, newer)) {
            warnings.clear();
            byte[] before = Files.readAllBytes(file);
            try (SqliteEmbeddingCache c = open(file)) {
                assertThat(c.usable()).isFalse();
                c.putAll("s", List.of("a"), List.of(new float[] {1}));
                assertThat(c.getAll("s", List.of("a"))).containsExactly((float[]) null);
                c.clear();
            }
            assertThat(warnings).singleElement().asString().contains("not this cache's database")
                    .contains("continuing without it").doesNotContain("rebuild");
            assertThat(Files.readAllBytes(file)).as(file.toString()).isEqualTo(before);
            assertThat(Path.of(file + "-wal")).doesNotExist();
        }
    }

    @Test
    void anEmptyFileAtThePathBecomesTheCache() throws Exception {
        Path file = Files.createFile(dir.resolve("empty.sqlite"));
        try (SqliteEmbeddingCache c = open(file)) {
            assertThat(c.usable()).isTrue();
            c.putAll("s", List.of("a"), List.of(new float[] {1}));
            assertThat(c.getAll("s", List.of("a")).get(0)).containsExactly(1f);
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void builderFailsFast() {
        assertThatThrownBy(() -> SqliteEmbeddingCache.builder().build()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("file");
        assertThatThrownBy(() -> SqliteEmbeddingCache.builder().maxBytes(1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1000");
        assertThatThrownBy(() -> SqliteEmbeddingCache.builder().file(dir).file(dir)).isInstanceOf(IllegalStateException.class);
    }

    /**
     * Hostile input, third round, row 11: the cache's file (or a side file) a symbolic link to a file elsewhere: never
     * written through, one warning, the cache off; the target left as it was.
     */
    @Test
    void neverWritesThroughASymbolicLink() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path target = Files.createFile(outside.resolve("victim"));
        Path folder = Files.createDirectories(dir.resolve("cache"));
        Path file = Files.createSymbolicLink(folder.resolve(SqliteEmbeddingCache.FILE_NAME), target);
        try (SqliteEmbeddingCache c = open(file)) {
            assertThat(c.usable()).isFalse();
            c.putAll("s", List.of("a"), List.of(new float[] {1}));
        }
        assertThat(warnings).singleElement().asString()
                .isEqualTo("embedding cache " + file + " cannot be used (it is a symbolic link, which the cache never "
                        + "writes through): continuing without it");
        assertThat(target).isEmptyFile();
        assertThat(outside.resolve("victim-wal")).doesNotExist();
        Files.delete(file);
        warnings.clear();
        Path wal = Files.createSymbolicLink(Path.of(file + "-wal"), target);
        try (SqliteEmbeddingCache c = open(file)) {
            assertThat(c.usable()).isFalse();
        }
        assertThat(warnings).singleElement().asString().contains(wal + " is a symbolic link");
        assertThat(target).isEmptyFile();
    }

    /**
     * Hostile input, third round, row 13: the disk fills while vectors are stored (SQLITE_FULL, simulated by capping
     * the connection's pages with {@code PRAGMA max_page_count}): one warning saying the disk is full, the cache off.
     */
    @Test
    void aFullDiskIsSaidToBeAFullDisk() throws Exception {
        Path file = dir.resolve("full.sqlite");
        try (SqliteEmbeddingCache c = open(file)) {
            c.putAll("s", List.of("first"), List.of(new float[] {1, 2}));
            java.lang.reflect.Field table = SqliteEmbeddingCache.class.getDeclaredField("db");
            table.setAccessible(true);
            java.lang.reflect.Field connection = SqliteVectorTable.class.getDeclaredField("db");
            connection.setAccessible(true);
            Connection db = (Connection) connection.get(table.get(c));
            try (Statement s = db.createStatement()) {
                s.execute("PRAGMA max_page_count = " + scalar(s, "PRAGMA page_count"));
            }
            List<String> texts = new ArrayList<>();
            List<float[]> vectors = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                texts.add("text " + i);
                vectors.add(new float[384]);
            }
            c.putAll("s", texts, vectors);
            assertThat(c.usable()).isFalse();
        }
        assertThat(warnings).singleElement().asString().startsWith("embedding cache " + file + " cannot be used (the disk is full")
                .contains("SQLITE_FULL").doesNotContain("no transaction");
    }

    private static long scalar(Statement s, String sql) throws java.sql.SQLException {
        try (java.sql.ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }
}
