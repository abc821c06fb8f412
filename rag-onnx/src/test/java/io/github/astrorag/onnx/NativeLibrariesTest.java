package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep deletes only what this library made and whose maker is gone; concurrent first extractions leave nothing. */
class NativeLibrariesTest {

    @TempDir
    Path dir;

    private static final FileTime HOURS_AGO = FileTime.from(Instant.now().minus(Duration.ofHours(2)));

    @Test
    void anotherLibrarysFoldersAreNeverSweptWhateverTheirAge() throws IOException {
        Path ort = Files.createDirectories(dir.resolve("onnxruntime-java123"));
        Files.write(ort.resolve("libonnxruntime.so"), new byte[1024]); // a live process's executable
        Path model = Files.createDirectories(dir.resolve("ort-model456"));
        Path justMade = Files.createDirectories(dir.resolve("onnxruntime-java789"));
        Files.setLastModifiedTime(ort, HOURS_AGO);
        Files.setLastModifiedTime(model, HOURS_AGO);

        assertThat(NativeLibraries.sweepLeftovers(dir, Duration.ofMinutes(10))).isEmpty();
        assertThat(NativeLibraries.sweepLeftovers(dir, Duration.ZERO)).isEmpty();

        assertThat(ort.resolve("libonnxruntime.so")).exists();
        assertThat(model).exists();
        assertThat(justMade).exists();
    }

    @Test
    void onlyOurFoldersWhoseMakerIsGoneAreSwept() throws Exception {
        Path live = Files.createDirectories(dir.resolve(NativeLibraries.STAGING_PREFIX + "live"));
        NativeLibraries.markOwned(live);
        Path dead = Files.createDirectories(dir.resolve(NativeLibraries.STAGING_PREFIX + "dead"));
        Process finished = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true).start();
        finished.getInputStream().readAllBytes();
        finished.waitFor();
        Files.writeString(dead.resolve(NativeLibraries.OWNER_MARKER), finished.pid() + " -\n");
        Files.write(dead.resolve("libonnxruntime.so"), new byte[1024]);
        Path reused = Files.createDirectories(dir.resolve(NativeLibraries.STAGING_PREFIX + "reused"));
        Files.writeString(reused.resolve(NativeLibraries.OWNER_MARKER), ProcessHandle.current().pid() + " 2001-01-01T00:00:00Z\n");
        for (Path p : List.of(live, dead, reused)) {
            Files.setLastModifiedTime(p, HOURS_AGO);
        }

        assertThat(NativeLibraries.sweepLeftovers(dir, Duration.ofMinutes(10))).containsExactly(dead, reused);
        assertThat(live).exists();
    }

    /** Four first runs at once on an empty cache: each gets the complete folder, and nothing else is left. */
    @Test
    void concurrentFirstExtractionsAllSucceedAndLeaveOnlyTheFolder() throws Exception {
        for (int round = 0; round < 3; round++) {
            Path root = Files.createDirectories(dir.resolve("cache" + round));
            int runs = 4;
            CyclicBarrier start = new CyclicBarrier(runs);
            ExecutorService pool = Executors.newFixedThreadPool(runs);
            try {
                List<Future<Path>> made = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    made.add(pool.submit(() -> {
                        start.await();
                        return NativeLibraries.extractOnnxRuntime(root);
                    }));
                }
                List<Path> folders = new ArrayList<>();
                for (Future<Path> f : made) {
                    folders.add(f.get());
                }
                assertThat(folders).hasSize(runs).containsOnly(folders.get(0));
                try (Stream<Path> left = Files.list(root)) {
                    assertThat(left).containsExactly(folders.get(0));
                }
                try (Stream<Path> inside = Files.list(folders.get(0))) {
                    assertThat(inside.map(p -> p.getFileName().toString())).noneMatch(NativeLibraries.OWNER_MARKER::equals);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
