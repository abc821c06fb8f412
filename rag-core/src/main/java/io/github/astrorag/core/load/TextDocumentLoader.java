package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.InvalidConfigurationException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.text.MarkdownHeadings;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Reads plain text ({@code .txt}) and Markdown ({@code .md}, {@code .markdown}) as strict UTF-8.
 *
 * <p>A byte-order mark is dropped. A NUL byte means binary content and fails as
 * {@link DocumentException.Malformed}, as do bytes that are not UTF-8 (the message gives the byte
 * offset). A Markdown document's title is its first {@code #} heading ({@link MarkdownHeadings}, linear); otherwise the file name without
 * extension. Files over {@code maxBytes} (default 50 MiB) are refused before they are read.
 */
public final class TextDocumentLoader implements DocumentLoader {

    private static final Set<String> EXTENSIONS = Set.of("txt", "text", "md", "markdown");

    private final long maxBytes;

    /** A loader with the default 50 MiB limit. */
    public TextDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES);
    }

    /** A loader that refuses files over {@code maxBytes}. */
    public TextDocumentLoader(long maxBytes) {
        InvalidConfigurationException.check(maxBytes > 0, "maxBytes must be positive, was %d", maxBytes);
        this.maxBytes = maxBytes;
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
        return List.of(new Document(name, title, name, text, List.of()));
    }

    static String decode(Path file, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new DocumentException.Malformed(file, file + " looks binary (a NUL byte at offset " + i
                        + "): only UTF-8 text is read from ." + LoaderLimits.extension(file) + " files", null);
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            String text = decoder.decode(in).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new DocumentException.Malformed(file, file + " is not valid UTF-8 (near byte " + in.position()
                    + "): convert it to UTF-8 first", e);
        }
    }
}
