package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks shared by the file loaders: existence, readability and the size limit, before any byte is read;
 * and the limits on the characters extracted, checked while extracting.
 */
final class LoaderLimits {

    /** 50 MiB: the default largest file a loader reads. */
    static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;
    /** 64 Mi characters: the default most text extracted from one file (a 50 MiB text file fits). */
    static final long DEFAULT_MAX_CHARS = 64L * 1024 * 1024;
    /** 128 Mi characters: the default most text of all the documents of one load call. */
    static final long DEFAULT_MAX_TOTAL_CHARS = 128L * 1024 * 1024;

    private LoaderLimits() {
    }

    static long checkReadable(Path file, long maxBytes) {
        if (!Files.exists(file)) {
            throw new DocumentException.Unreadable(file, "no such file: " + file, null);
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new DocumentException.Unreadable(file, "not a readable file: " + file, null);
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new DocumentException.Unreadable(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
        if (size > maxBytes) {
            throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                    "%s is %,d bytes, over the limit of %,d bytes: split it or raise the loader's maxBytes",
                    file, size, maxBytes));
        }
        if (size == 0) {
            throw new DocumentException.Empty(file, file + " is empty (0 bytes)");
        }
        return size;
    }

    /** Refuses {@code chars} extracted from {@code file} when over {@code maxChars}. */
    static void checkChars(Path file, long chars, long maxChars) {
        if (chars > maxChars) {
            throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                    "%s holds over %,d characters of text, over the limit of %,d characters per file: split it or"
                            + " raise the loader's maxChars", file, chars, maxChars));
        }
    }

    static void checkPositive(String name, long value) {
        Arguments.check(value > 0, "%s must be positive, was %d", name, value);
    }

    static String extension(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? name : name.substring(0, dot);
    }
}
