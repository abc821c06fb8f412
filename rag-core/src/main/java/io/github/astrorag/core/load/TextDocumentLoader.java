package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.internal.text.MarkdownHeadings;
import io.github.astrorag.core.internal.text.MarkdownParts;
import io.github.astrorag.core.model.Metadata;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Reads plain text ({@code .txt}, {@code .text}) and Markdown ({@code .md}, {@code .markdown}) as strict
 * UTF-8, or as strict UTF-16 when the file starts with a UTF-16 byte-order mark ({@code FF FE} little-endian,
 * {@code FE FF} big-endian).
 *
 * <p>A byte-order mark is dropped. A NUL character means binary content and fails as
 * {@link DocumentException.Malformed}, as do bytes that do not decode (the message gives the byte
 * offset). Text of more than {@code maxChars} characters (default 64 Mi) fails as
 * {@link DocumentException.TooLarge}. A Markdown document's title is its first {@code #} heading ({@link MarkdownHeadings}, linear); otherwise the file name without
 * extension. A Markdown document's parts other than body prose (headings, captions, exercises, learning objectives,
 * references: {@link MarkdownParts}) are in its metadata under {@link Metadata#PARTS}, so that each chunk knows
 * them ({@link Metadata#PART}); a plain-text document has none. Files over {@code maxBytes} (default 50 MiB) are refused before they are read.
 */
public final class TextDocumentLoader implements DocumentLoader {

    private static final Set<String> EXTENSIONS = Collections.unmodifiableSet(
            new LinkedHashSet<>(List.of("txt", "text", "md", "markdown")));
    private static final Set<String> MEDIA_TYPES = Collections.unmodifiableSet(
            new LinkedHashSet<>(List.of("text/plain", "text/markdown")));

    private final long maxBytes;
    private final long maxChars;

    /** A loader with the default limits: 50 MiB per file, 64 Mi characters of text. */
    public TextDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES);
    }

    /**
     * A loader that refuses files over {@code maxBytes}, and text over 64 Mi characters.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     */
    public TextDocumentLoader(long maxBytes) {
        this(maxBytes, LoaderLimits.DEFAULT_MAX_CHARS);
    }

    /**
     * A loader that refuses files over {@code maxBytes} and text over {@code maxChars} characters.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @param maxChars the most characters of one file's text, positive
     */
    public TextDocumentLoader(long maxBytes, long maxChars) {
        LoaderLimits.checkPositive("maxBytes", maxBytes);
        LoaderLimits.checkPositive("maxChars", maxChars);
        this.maxBytes = maxBytes;
        this.maxChars = maxChars;
    }

    /** {@code txt}, {@code text}, {@code md}, {@code markdown}. */
    @Override
    public Set<String> extensions() {
        return EXTENSIONS;
    }

    /** {@code text/plain}, {@code text/markdown}. */
    @Override
    public Set<String> mediaTypes() {
        return MEDIA_TYPES;
    }

    @Override
    public boolean supports(Path file) {
        return EXTENSIONS.contains(LoaderLimits.extension(file));
    }

    @Override
    public List<Document> load(Path file) {
        if (!supports(file)) {
            throw new DocumentException.Unsupported(file, "not a text or Markdown file: " + file);
        }
        LoaderLimits.checkReadable(file, maxBytes);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new DocumentException.Unreadable(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
        String text = decode(file, bytes);
        LoaderLimits.checkChars(file, text.length(), maxChars);
        if (text.isBlank()) {
            throw new DocumentException.Empty(file, file + " holds only white space");
        }
        String title = LoaderLimits.baseName(file);
        if (!LoaderLimits.extension(file).startsWith("t")) {
            String heading = MarkdownHeadings.first(text);
            if (heading != null) {
                title = heading;
            }
        }
        String name = file.getFileName().toString();
        Map<String, String> metadata = FileMetadata.of(file);
        if (!LoaderLimits.extension(file).startsWith("t")) {
            String parts = MarkdownParts.of(text);
            if (!parts.isEmpty()) {
                metadata = Metadata.merged(metadata, Map.of(Metadata.PARTS, parts));
            }
        }
        return List.of(new Document(name, title, name, text, List.of(), metadata));
    }

    /** The text of {@code bytes}: UTF-16 after its byte-order mark, else UTF-8 (without a byte-order mark). */
    static String decode(Path file, byte[] bytes) {
        Charset charset = StandardCharsets.UTF_8;
        int skip = 0;
        if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE) {
            charset = StandardCharsets.UTF_16LE;
            skip = 2;
        } else if (bytes.length >= 2 && (bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF) {
            charset = StandardCharsets.UTF_16BE;
            skip = 2;
        }
        if (skip == 0) {
            checkNoNul(file, bytes.length, i -> bytes[i] == 0, "byte offset");
        }
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, skip, bytes.length - skip);
        String text;
        try {
            text = decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            throw new DocumentException.Malformed(file, file + " is not valid " + charset.name() + " (near byte "
                    + in.position() + "): convert it to UTF-8 first", e);
        }
        String decoded = text;
        checkNoNul(file, decoded.length(), i -> decoded.charAt(i) == 0, "character");
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Fails as binary content at the first of {@code length} positions that holds a NUL. */
    private static void checkNoNul(Path file, int length, IntPredicate nulAt, String unit) {
        for (int i = 0; i < length; i++) {
            if (nulAt.test(i)) {
                throw new DocumentException.Malformed(file, file + " looks binary (a NUL at " + unit + " " + i
                        + "): only text is read from ." + LoaderLimits.extension(file) + " files", null);
            }
        }
    }
}
