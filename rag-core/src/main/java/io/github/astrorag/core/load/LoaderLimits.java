package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks shared by the file loaders, public so that a loader written elsewhere (another module, an application)
 * keeps the same limits and messages: existence, readability and the size limit, before any byte is read; the
 * limits on the characters extracted, checked while extracting; the extension and base name of a file. Every
 * check is O(1) but {@link #checkReadable}, one file-system look-up.
 */
public final class LoaderLimits {

    /** 50 MiB: the default largest file a loader reads. */
    public static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;
    /** 64 Mi characters: the default most text extracted from one file (a 50 MiB text file fits). */
    public static final long DEFAULT_MAX_CHARS = 64L * 1024 * 1024;
    /** 128 Mi characters: the default most text of all the documents of one load call. */
    public static final long DEFAULT_MAX_TOTAL_CHARS = 128L * 1024 * 1024;

    private LoaderLimits() {
    }

    /**
     * Checks that {@code file} exists, is a readable regular file, is not empty and holds at most {@code maxBytes}.
     *
     * @param file the file
     * @param maxBytes the largest size accepted, in bytes
     * @return the file's size in bytes
     * @throws DocumentException.Unreadable if it is missing or cannot be read
     * @throws DocumentException.TooLarge if it is over {@code maxBytes}
     * @throws DocumentException.Empty if it holds no byte
     */
    public static long checkReadable(Path file, long maxBytes) {
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

    /**
     * Refuses {@code chars} extracted from {@code file} when over {@code maxChars}: call it while extracting, so that
     * a small file that expands to much text stops early.
     *
     * @param file the file being read
     * @param chars the characters extracted so far
     * @param maxChars the most characters accepted
     * @throws DocumentException.TooLarge if {@code chars > maxChars}
     */
    public static void checkChars(Path file, long chars, long maxChars) {
        if (chars > maxChars) {
            throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                    "%s holds over %,d characters of text, over the limit of %,d characters per file: split it or"
                            + " raise the loader's maxChars", file, chars, maxChars));
        }
    }

    /**
     * Checks a limit given to a loader.
     *
     * @param name the setting's name, for the message
     * @param value the value
     * @throws IllegalArgumentException if {@code value} is not positive, naming the setting
     */
    public static void checkPositive(String name, long value) {
        Arguments.check(value > 0, "%s must be positive, was %d", name, value);
    }

    /**
     * The extension of a file's name, lower case, without the dot; {@code ""} when it has none.
     *
     * @param file the file
     * @return the extension
     */
    public static String extension(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /**
     * A file's name without its extension.
     *
     * @param file the file
     * @return the base name
     */
    public static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? name : name.substring(0, dot);
    }
}
