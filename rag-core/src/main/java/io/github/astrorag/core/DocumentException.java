package io.github.astrorag.core;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A document could not be loaded. Subclasses tell why; {@link #path()} names the file. When a
 * loader throws, nothing of the call has been indexed.
 */
public class DocumentException extends RagException {
    private static final long serialVersionUID = 1L;
    private final transient @Nullable Path path;

    /**
     * A failure without an underlying cause.
     *
     * @param path the file or folder at fault, or {@code null}
     * @param message what is wrong, naming the file
     */
    public DocumentException(@Nullable Path path, String message) {
        super(message);
        this.path = path;
    }

    /**
     * A failure caused by another.
     *
     * @param path the file or folder at fault, or {@code null}
     * @param message what is wrong, naming the file
     * @param cause the underlying failure
     */
    public DocumentException(@Nullable Path path, String message, Throwable cause) {
        super(message, cause);
        this.path = path;
    }

    /**
     * The file (or folder) at fault, if there is one.
     *
     * @return the path, or {@code null}
     */
    public @Nullable Path path() {
        return path;
    }

    /**
     * The file type is not one the loader reads, or one it reads only with an optional library that is not on the
     * class path (a PDF without PDFBox: the message names the artifact to add).
     */
    public static final class Unsupported extends DocumentException {
        private static final long serialVersionUID = 1L;

        /**
         * An unsupported file.
         *
         * @param path the file of a type no loader reads
         * @param message what is wrong, naming the file and the supported types (or the artifact to add)
         */
        public Unsupported(Path path, String message) {
            super(path, message);
        }
    }

    /** The path does not exist, is not readable, or a folder holds no supported file. */
    public static final class Unreadable extends DocumentException {
        private static final long serialVersionUID = 1L;

        /**
         * An unreadable path.
         *
         * @param path the missing or unreadable file or folder
         * @param message what is wrong, naming the path
         * @param cause the underlying failure, or {@code null} (then one is made from the message)
         */
        public Unreadable(Path path, String message, @Nullable Throwable cause) {
            super(path, message, cause == null ? new RuntimeException(message) : cause);
        }
    }

    /** The file holds no text (zero bytes, only white space, or a PDF without a text layer). */
    public static final class Empty extends DocumentException {
        private static final long serialVersionUID = 1L;

        /**
         * An empty file.
         *
         * @param path the file without text
         * @param message what is wrong, naming the file
         */
        public Empty(Path path, String message) {
            super(path, message);
        }
    }

    /** The file is larger than the configured limit; it was refused before being read. */
    public static final class TooLarge extends DocumentException {
        private static final long serialVersionUID = 1L;

        /**
         * A file over the size limit.
         *
         * @param path the file over the limit
         * @param message what is wrong, naming the file and the limit
         */
        public TooLarge(Path path, String message) {
            super(path, message);
        }
    }

    /** The bytes are not what the type promises: undecodable text, binary content, a broken or encrypted PDF. */
    public static final class Malformed extends DocumentException {
        private static final long serialVersionUID = 1L;

        /**
         * A malformed file.
         *
         * @param path the malformed file
         * @param message what is wrong, naming the file
         * @param cause the underlying failure, or {@code null} (then one is made from the message)
         */
        public Malformed(Path path, String message, @Nullable Throwable cause) {
            super(path, message, cause == null ? new RuntimeException(message) : cause);
        }
    }
}
