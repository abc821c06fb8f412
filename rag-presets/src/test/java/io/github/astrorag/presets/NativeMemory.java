package io.github.astrorag.presets;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Structure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * This process's native memory, for the leak tests, read in ways a busy machine does not change: the bytes glibc's
 * malloc has handed out and not taken back (through JNA, which DJL's ONNX engine brings), and the resident size as a
 * fallback; and the trend of a series of samples.
 */
final class NativeMemory {

    private NativeMemory() {
    }

    /** glibc's {@code struct mallinfo2} (glibc 2.33 and later): every field a {@code size_t}. */
    @Structure.FieldOrder({"arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
            "keepcost"})
    public static final class MallInfo2 extends Structure implements Structure.ByValue {
        public long arena;
        public long ordblks;
        public long smblks;
        public long hblks;
        public long hblkhd;
        public long usmblks;
        public long fsmblks;
        public long uordblks;
        public long fordblks;
        public long keepcost;
    }

    /** The C library's function used here. */
    public interface LibC extends Library {
        /** glibc's allocation statistics, summed over all arenas. */
        MallInfo2 mallinfo2();
    }

    /** The C library when it has mallinfo2 (glibc 2.33 and later), else null (musl, macOS). */
    private static final LibC GLIBC = load();

    private static LibC load() {
        try {
            LibC libc = Native.load("c", LibC.class);
            read(libc);
            return libc;
        } catch (LinkageError | RuntimeException e) {
            return null;
        }
    }

    private static long read(LibC libc) {
        MallInfo2 m = libc.mallinfo2();
        return m.uordblks + m.hblkhd;
    }

    /**
     * The bytes malloc has handed out and not taken back, in its arenas and as separate mappings (mallinfo2's
     * {@code uordblks + hblkhd}); not the freed memory it keeps cached. Empty without glibc 2.33 or later.
     */
    static OptionalLong mallocInUse() {
        return GLIBC == null ? OptionalLong.empty() : OptionalLong.of(read(GLIBC));
    }

    /** The resident size in bytes ({@code VmRSS} of {@code /proc/self/status}, Linux). */
    static long resident() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    /**
     * The Theil-Sen slope of {@code samples} taken at equal steps: the median of the slopes of all pairs, in the
     * samples' unit per step. A steady growth shows in full; a few one-off steps (an allocator that caches one more
     * arena) and noise move it little, unlike the difference between the last sample and the first.
     */
    static double trend(long[] samples) {
        int n = samples.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (double) (samples[j] - samples[i]) / (j - i);
            }
        }
        Arrays.sort(slopes);
        return slopes.length % 2 == 1 ? slopes[slopes.length / 2]
                : (slopes[slopes.length / 2 - 1] + slopes[slopes.length / 2]) / 2;
    }

    /** The samples in MiB, for a failure's message. */
    static String inMiB(long[] samples) {
        return Arrays.stream(samples).mapToObj(b -> Long.toString(b >> 20)).collect(Collectors.joining(" "));
    }
}
