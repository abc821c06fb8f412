package io.github.astrorag.core.load;

import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The documents another framework's reader made (Spring AI's {@code DocumentReader}s, LangChain4j's
 * {@code DocumentParser}s and {@code DocumentLoader}s), as library documents with the provenance their metadata
 * holds: what the adapters hand to {@link io.github.astrorag.core.pipeline.RagInstance#addDocuments}.
 *
 * <p>Each {@link Piece} (a text and its metadata, in the reader's order) becomes one document, except that
 * consecutive pieces of one source that each carry a page number, in non-decreasing order (Spring AI's PDF readers
 * give one piece per page, or per paragraph), are joined into one paged document: their texts separated by a blank
 * line, page {@code p} starting where its first piece starts (a page no piece holds is empty and starts where the
 * next one does), so that its chunks and citations carry {@value Metadata#PAGE}. Per document:
 * <ul>
 *   <li>{@code source} (what citations show, and the document's id): the first non-blank metadata value under
 *       {@link #SOURCE_KEYS}, else the piece's fallback name; {@value Metadata#SOURCE} is set to it;</li>
 *   <li>{@code title}: the value under {@code title} or {@code dc:title}, else the source without its extension;</li>
 *   <li>{@value Metadata#TYPE}: the source's extension, lower case, unless the metadata has a {@code type};</li>
 *   <li>the other metadata kept as strings (a collection's elements joined by {@code ", "}; null values and blank
 *       keys left out); of a joined document, the entries all its pieces share, without the page keys.</li>
 * </ul>
 * Pieces without text (null or blank: a reader's empty file, a media-only document) are left out, and one warning
 * says how many. Ids are the sources: two documents of one source in one
 * call are made distinct by the instance ({@code ~2}, ...), and adding a source again replaces its document.
 * Cost: O(total text and metadata).
 */
public final class ReaderDocuments {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ReaderDocuments.class);

    /** The metadata keys that name a piece's source, first found wins: Spring AI's and LangChain4j's, then Tika's. */
    public static final List<String> SOURCE_KEYS = List.of("source", "file_name", "url", "resourceName");
    /** The metadata keys of a piece's first page (Spring AI's PDF readers, then a plain {@code page}). */
    public static final List<String> PAGE_KEYS = List.of("page_number", "page");
    /** The metadata keys of a piece's title. */
    private static final List<String> TITLE_KEYS = List.of("title", "dc:title");
    /** Page keys dropped from a joined document's metadata: its pages are in its page starts. */
    private static final List<String> JOINED_DROP = List.of("page_number", "end_page_number", "page");

    private ReaderDocuments() {
    }

    /**
     * A document as a framework's reader gave it.
     *
     * @param text     its text; null or blank for none
     * @param metadata its metadata, values of any type; null values are left out
     * @param fallback the name to cite when no metadata key names its source (a framework id, {@code document-3})
     */
    public record Piece(@Nullable String text, Map<String, ?> metadata, String fallback) {
        /**
         * Checks the arguments.
         *
         * @param text     its text; null or blank for none
         * @param metadata its metadata, values of any type; null values are left out
         * @param fallback the name to cite when no metadata key names its source
         * @throws NullPointerException if {@code metadata} or {@code fallback} is null
         * @throws IllegalArgumentException if {@code fallback} is blank
         */
        public Piece {
            Objects.requireNonNull(metadata, "metadata");
            Objects.requireNonNull(fallback, "fallback");
            if (fallback.isBlank()) {
                throw new IllegalArgumentException("fallback must not be blank");
            }
        }
    }

    /**
     * The library documents of {@code pieces} (see the class comment).
     *
     * @param pieces the reader's documents, in its order
     * @return the documents, in the pieces' order; empty if no piece has text
     * @throws NullPointerException if {@code pieces} or one of them is null
     */
    public static List<Document> assemble(List<Piece> pieces) {
        Objects.requireNonNull(pieces, "pieces");
        List<Document> out = new ArrayList<>();
        int skipped = 0;
        List<Piece> run = new ArrayList<>();
        String runSource = null;
        int runPage = 0;
        for (Piece piece : pieces) {
            Objects.requireNonNull(piece, "piece");
            if (piece.text() == null || piece.text().isBlank()) {
                skipped++;
                continue;
            }
            Map<String, String> metadata = strings(piece.metadata());
            String source = source(metadata, piece.fallback());
            Integer page = page(metadata);
            if (!run.isEmpty() && (page == null || !source.equals(runSource) || page < runPage)) {
                out.add(joined(run, runSource));
                run.clear();
            }
            if (page == null) {
                out.add(document(source, piece.text(), List.of(), metadata));
            } else {
                run.add(piece);
                runSource = source;
                runPage = page;
            }
        }
        if (!run.isEmpty()) {
            out.add(joined(run, runSource));
        }
        if (skipped > 0) {
            LOG.warn("left out {} of the {} documents a reader gave: no text", skipped, pieces.size());
        }
        return List.copyOf(out);
    }

    /** One paged document of consecutive pieces of {@code source} with non-decreasing pages. */
    private static Document joined(List<Piece> run, String source) {
        StringBuilder text = new StringBuilder();
        List<Integer> starts = new ArrayList<>();
        Map<String, String> shared = null;
        for (Piece piece : run) {
            Map<String, String> metadata = strings(piece.metadata());
            int page = Objects.requireNonNull(page(metadata));
            if (text.length() > 0) {
                text.append("\n\n");
            }
            while (starts.size() < page) {
                starts.add(text.length());
            }
            text.append(piece.text());
            if (shared == null) {
                shared = new LinkedHashMap<>(metadata);
            } else {
                shared.entrySet().removeIf(e -> !e.getValue().equals(metadata.get(e.getKey())));
            }
        }
        JOINED_DROP.forEach(shared::remove);
        return document(source, text.toString(), starts, shared);
    }

    private static Document document(String source, String text, List<Integer> pageStarts, Map<String, String> metadata) {
        Map<String, String> kept = new LinkedHashMap<>(metadata);
        String title = TITLE_KEYS.stream().map(kept::get).filter(v -> v != null && !v.isBlank()).findFirst()
                .orElseGet(() -> withoutExtension(source));
        kept.put(Metadata.SOURCE, source);
        String extension = extension(source);
        if (!kept.containsKey(Metadata.TYPE) && extension != null) {
            kept.put(Metadata.TYPE, extension);
        }
        return new Document(source, title, source, text, pageStarts, kept);
    }

    private static String source(Map<String, String> metadata, String fallback) {
        return SOURCE_KEYS.stream().map(metadata::get).filter(v -> v != null && !v.isBlank()).findFirst().orElse(fallback);
    }

    private static @Nullable Integer page(Map<String, String> metadata) {
        for (String key : PAGE_KEYS) {
            String value = metadata.get(key);
            if (value != null) {
                try {
                    int page = Integer.parseInt(value.strip());
                    return page >= 1 ? page : null;
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The metadata as strings: null values and blank keys left out, a collection's elements joined. */
    private static Map<String, String> strings(Map<String, ?> metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.forEach((key, value) -> {
            if (key != null && !key.isBlank() && value != null) {
                out.put(key, value instanceof Collection<?> c
                        ? c.stream().map(String::valueOf).collect(Collectors.joining(", ")) : String.valueOf(value));
            }
        });
        return out;
    }

    /** The last path or URL segment's extension, lower case, if it is 1 to 8 letters or digits; else null. */
    private static @Nullable String extension(String source) {
        String name = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        int dot = name.lastIndexOf('.');
        if (dot <= 0 || dot == name.length() - 1 || name.length() - dot - 1 > 8) {
            return null;
        }
        String extension = name.substring(dot + 1);
        return extension.chars().allMatch(Character::isLetterOrDigit) ? extension.toLowerCase(Locale.ROOT) : null;
    }

    private static String withoutExtension(String source) {
        String extension = extension(source);
        return extension == null ? source : source.substring(0, source.length() - extension.length() - 1);
    }
}
