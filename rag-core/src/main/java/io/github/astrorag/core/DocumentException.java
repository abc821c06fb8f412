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

    public DocumentException(@Nullable Path path, String message) {
        super(message);
        this.path = path;
    }

    public DocumentException(@Nullable Path path, String message, Throwable cause) {
        super(message, cause);
        this.path = path;
    }

    /** The file (or folder) at fault, if there is one. */
    public @Nullable Path path() {
        return path;
    }

    /** The file type is not one the loader reads. */
    public static final class Unsupported extends DocumentException {
        private static final long serialVersionUID = 1L;

        public Unsupported(Path path, String message) {
            super(path, message);
        }
    }

    /** The path does not exist, is not readable, or a folder holds no supported file. */
    public static final class Unreadable extends DocumentException {
        private static final long serialVersionUID = 1L;

        public Unreadable(Path path, String message, @Nullable Throwable cause) {
            super(path, message, cause == null ? new RuntimeException(message) : cause);
        }
    }

    /** The file holds no text (zero bytes, only white space, or a PDF without a text layer). */
    public static final class Empty extends DocumentException {
        private static final long serialVersionUID = 1L;

        public Empty(Path path, String message) {
            super(path, message);
        }
    }

    /** The file is larger than the configured limit; it was refused before being read. */
    public static final class TooLarge extends DocumentException {
        private static final long serialVersionUID = 1L;

        public TooLarge(Path path, String message) {
            super(path, message);
        }
    }

    /** The bytes are not what the type promises: undecodable text, binary content, a broken or encrypted PDF. */
    public static final class Malformed extends DocumentException {
        private static final long serialVersionUID = 1L;

        public Malformed(Path path, String message, @Nullable Throwable cause) {
            super(path, message, cause == null ? new RuntimeException(message) : cause);
        }
    }
}
