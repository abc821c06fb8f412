package io.github.astrorag.onnx;

import ai.djl.util.Utils;
import io.github.astrorag.core.EmbeddingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Where the native parts of the ONNX embedder live, without global side effects: this class sets no
 * system property and changes no state of the JVM.
 *
 * <ul>
 *   <li>{@link #cacheFolder()} is DJL's cache folder ({@code ~/.djl.ai}, moved by the environment variable
 *       {@code DJL_CACHE_DIR}), where this library keeps ONNX Runtime's libraries and the bundled models.</li>
 *   <li>{@link #extractOnnxRuntime()} extracts ONNX Runtime's native libraries from its jar once into
 *       {@code <cache>/astrorag/onnxruntime-<hash>} (written to a temporary folder in the cache, then moved
 *       into place atomically, so that a killed process leaves no half-written library). An application
 *       that sets the system property {@value #ORT_NATIVE_PATH} to that folder before ONNX Runtime starts
 *       keeps ONNX Runtime from extracting about 20 MB into a fresh temporary folder on every run.</li>
 *   <li>{@link #sweepLeftovers} deletes the staging folders killed processes left in the cache folder:
 *       only folders this library made (they carry an {@value #OWNER_MARKER} file naming their maker) and
 *       whose maker no longer runs; ONNX Runtime's {@code onnxruntime-java*} and DJL's {@code ort-model*}
 *       folders are theirs and never deleted.</li>
 *   <li>{@link #checkWritable} fails with one clear line when a folder the engine must write to is not
 *       writable.</li>
 * </ul>
 */
public final class NativeLibraries {

    /** The system property ONNX Runtime reads for a folder holding its extracted libraries. */
    public static final String ORT_NATIVE_PATH = "onnxruntime.native.path";
    /** The name of the file that marks a folder this library made, naming the process that made it. */
    public static final String OWNER_MARKER = ".astrorag-owner";
    /** The name prefix of the folders this library extracts ONNX Runtime into before moving them in place. */
    static final String STAGING_PREFIX = "tmp-onnxruntime-";
    /** Name prefixes of the temporary folders ONNX Runtime and DJL create (theirs: never swept). */
    public static final List<String> TEMPORARY_PREFIXES = List.of("onnxruntime-java", "ort-model");

    private static final List<String> ORT_LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni");

    private NativeLibraries() {
    }

    /**
     * DJL's cache folder: {@code DJL_CACHE_DIR}, or {@code ~/.djl.ai}.
     *
     * @return the folder; it may not exist yet
     */
    public static Path cacheFolder() {
        return Utils.getCacheDir();
    }

    /**
     * The folder holding ONNX Runtime's native libraries for this platform, extracted from the classpath
     * on first use; O(library size) once, then O(1).
     *
     * @return the folder holding the libraries
     * @throws EmbeddingException if this platform's libraries are not on the classpath or cannot be written
     */
    public static Path extractOnnxRuntime() {
        return extractOnnxRuntime(cacheFolder().resolve("astrorag"));
    }

    /** {@link #extractOnnxRuntime()} into {@code root}: for tests of concurrent first runs. */
    static Path extractOnnxRuntime(Path root) {
        String platform = ortPlatform();
        try {
            byte[] jni = resource(platform, "onnxruntime4j_jni");
            Path folder = root.resolve("onnxruntime-" + platform + "-" + sha256(jni).substring(0, 16));
            if (complete(folder)) {
                return folder;
            }
            checkWritable(createDirectories(root), "the cache folder", "set the environment variable DJL_CACHE_DIR to a writable folder");
            Path staging = Files.createTempDirectory(root, STAGING_PREFIX);
            try {
                Path marker = markOwned(staging);
                for (String lib : ORT_LIBRARIES) {
                    try (InputStream in = stream(platform, lib)) {
                        Files.copy(in, staging.resolve(System.mapLibraryName(lib)));
                    }
                }
                Files.delete(marker);
                try {
                    Files.move(staging, folder, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    // another process won the race (on Linux a plain FileSystemException, "Directory not empty"):
                    // its folder is complete, and this one's staging folder is deleted below
                    if (!complete(folder)) {
                        throw e;
                    }
                }
            } finally {
                deleteRecursively(staging);
            }
            return folder;
        } catch (IOException | UncheckedIOException e) {
            throw new EmbeddingException("cannot extract ONNX Runtime's native libraries into " + root + ": " + e.getMessage(), e);
        }
    }

    private static boolean complete(Path folder) {
        return ORT_LIBRARIES.stream().allMatch(lib -> Files.isRegularFile(folder.resolve(System.mapLibraryName(lib))));
    }

    private static Path createDirectories(Path folder) {
        try {
            return Files.createDirectories(folder);
        } catch (IOException e) {
            throw new EmbeddingException("cannot create " + folder + " (" + e.getClass().getSimpleName()
                    + "): set the environment variable DJL_CACHE_DIR to a writable folder", e);
        }
    }

    /**
     * Deletes the folders in {@code folder} that this library made (they hold an {@value #OWNER_MARKER}
     * file naming the process that made them: the staging folders of {@link #extractOnnxRuntime()} in
     * {@code <cache>/astrorag}), whose maker no longer runs (no process of its id, or one started at
     * another time: the id was reused), and that were last modified more than {@code olderThan} ago. A
     * folder another library made (ONNX Runtime's {@code onnxruntime-java*}, DJL's {@code ort-model*}) is
     * that library's and never deleted, nor is a folder whose maker still runs. Failures to delete are
     * ignored. O(entries of the folder + size of what is deleted).
     *
     * @param folder the folder to clean, usually {@link #cacheFolder()}{@code /astrorag}
     * @param olderThan the minimum age of a deleted folder
     * @return the folders deleted
     */
    public static List<Path> sweepLeftovers(Path folder, Duration olderThan) {
        Instant before = Instant.now().minus(olderThan);
        List<Path> deleted = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                try {
                    if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && makerGone(p)
                            && !Files.getLastModifiedTime(p).toInstant().isAfter(before) && deleteRecursively(p)) {
                        deleted.add(p);
                    }
                } catch (IOException | UncheckedIOException e) {
                    // gone already, or not ours to delete
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // an unreadable folder has nothing to sweep
        }
        deleted.sort(Comparator.naturalOrder());
        return deleted;
    }

    /** Marks {@code folder} as made by this process: its id and start time in {@value #OWNER_MARKER}. */
    static Path markOwned(Path folder) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        String started = self.info().startInstant().map(Instant::toString).orElse("-");
        return Files.writeString(folder.resolve(OWNER_MARKER), self.pid() + " " + started + "\n");
    }

    /**
     * Whether {@code folder} carries this library's marker and the process it names no longer runs: no
     * process has its id, or the one that has was started at another time. A folder without a readable
     * marker is not ours: false.
     */
    static boolean makerGone(Path folder) throws IOException {
        Path marker = folder.resolve(OWNER_MARKER);
        if (!Files.isRegularFile(marker, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        String[] fields = Files.readString(marker).strip().split(" ");
        long pid;
        try {
            pid = Long.parseLong(fields[0]);
        } catch (NumberFormatException e) {
            return false;
        }
        java.util.Optional<ProcessHandle> maker = ProcessHandle.of(pid);
        if (maker.isEmpty() || !maker.get().isAlive()) {
            return true;
        }
        java.util.Optional<Instant> started = maker.get().info().startInstant();
        return fields.length > 1 && !fields[1].equals("-") && started.isPresent()
                && !started.get().toString().equals(fields[1]);
    }

    /**
     * The folders in {@code temporaryFolder} named like ONNX Runtime's or DJL's temporary folders.
     *
     * @param temporaryFolder the folder to list
     * @return the matching folders, possibly empty
     */
    public static List<Path> leftovers(Path temporaryFolder) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(temporaryFolder)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p) && TEMPORARY_PREFIXES.stream().anyMatch(name::startsWith)) {
                    out.add(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // an unreadable temporary folder has nothing to sweep
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /**
     * Fails with one line naming {@code folder} and {@code remedy} unless a file can be created in it.
     *
     * @param what what the folder is, e.g. {@code "the temporary folder"}
     * @param folder the folder to check
     * @param remedy what the user can do, put at the end of the message
     * @return {@code folder}
     * @throws EmbeddingException if the folder is missing or not writable
     */
    public static Path checkWritable(Path folder, String what, String remedy) {
        try {
            Files.deleteIfExists(Files.createTempFile(folder, ".astrorag-probe", ".tmp"));
            return folder;
        } catch (IOException | SecurityException e) {
            throw new EmbeddingException(what + " " + folder + " is not writable (" + e.getClass().getSimpleName()
                    + "), and the ONNX embedder needs it: " + remedy, e);
        }
    }

    /**
     * The temporary folder of this JVM ({@code java.io.tmpdir}).
     *
     * @return the folder named by {@code java.io.tmpdir}
     */
    public static Path temporaryFolder() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static boolean deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return true;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** ONNX Runtime's name of this platform: {@code linux-x64}, {@code osx-aarch64}, {@code win-x64}, .... */
    static String ortPlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win" : "linux";
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch;
        return o + "-" + a;
    }

    private static InputStream stream(String platform, String lib) {
        String name = "ai/onnxruntime/native/" + platform + "/" + System.mapLibraryName(lib);
        @Nullable InputStream in = NativeLibraries.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new EmbeddingException("ONNX Runtime has no native library " + name + " on the classpath for " + platform);
        }
        return in;
    }

    private static byte[] resource(String platform, String lib) throws IOException {
        try (InputStream in = stream(platform, lib)) {
            return in.readAllBytes();
        }
    }

    /** The SHA-256 of {@code bytes} in lower-case hex. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
