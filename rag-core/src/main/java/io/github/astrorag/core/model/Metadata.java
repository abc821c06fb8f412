package io.github.astrorag.core.model;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * String-keyed metadata of documents and chunks: the keys the loaders fill, and the one rule every
 * metadata map follows (immutable, sorted by key so that its JSON is byte-stable, keys non-blank, values
 * non-null). Callers add keys of their own with {@link Document#withMetadata(Map)}; a query restricts
 * retrieval to matching chunks with a {@link MetadataFilter}.
 */
public final class Metadata {

    /** The file name, as cited (filled by the loaders). */
    public static final String SOURCE = "source";
    /**
     * The title of the document a passage comes from, where the caller's store keeps one: a passage given to
     * {@code RagPipeline.select} takes it as its chunk's title (else its source), which the title-mention graph and the
     * coverage scorer read. Documents carry theirs in {@link Document#title()}.
     */
    public static final String TITLE = "title";
    /** A chunk's 1-based page, for paged documents (filled by {@link Chunk#of}). */
    public static final String PAGE = "page";
    /**
     * The file type, filled by the loaders: the file's extension, lower case ({@code txt} for {@code .text},
     * {@code md} for {@code .markdown}): {@code txt}, {@code md}, {@code pdf}, and those of any other loader
     * ({@code html}, {@code docx}, ...).
     */
    public static final String TYPE = "type";
    /** The file's modification time, ISO-8601 in UTC to the second, e.g. {@code 2024-05-01T09:30:00Z}. */
    public static final String MODIFIED = "modified";
    /**
     * The document's language, a BCP 47 code ({@code en}, {@code zh}, {@code ja}, {@code ko}, {@code th}, {@code ar},
     * {@code hi}, {@code ru}, {@code de}, ...) or {@code und} when it could not be told: as the document gave it, else
     * as the pipeline's {@link io.github.astrorag.core.spi.LanguageDetector} or its {@code language} setting said at
     * ingest. Every chunk of the document carries it.
     */
    public static final String LANGUAGE = "language";

    /**
     * The part of its document a chunk comes from (filled by {@link Chunk#of} when its document has
     * {@value #PARTS}): one of {@value #PART_BODY}, {@value #PART_CAPTION}, {@value #PART_EXERCISE},
     * {@value #PART_HEADING}, {@value #PART_OBJECTIVE}, {@value #PART_REFERENCE}, or {@value #PART_MIXED} when
     * the chunk spans more than one. A filter such as {@code part = body} keeps body prose only.
     */
    public static final String PART = "part";
    /**
     * Where the parts other than body prose are in a document: spans in the document's text, written
     * {@code part:start-end} (end exclusive), separated by commas, in ascending order, not overlapping, e.g.
     * {@code heading:0-24,caption:310-402,exercise:5120-7000}; text in no span is {@value #PART_BODY}. A loader
     * that recognises parts where its format says so (the Markdown loader: headings, "Figure:" and "Table:"
     * lines, learning objectives, exercise and reference sections by their headings, list items that are
     * questions; an HTML loader: {@code <figcaption>}, ...) sets it on the document; {@link Chunk#of} keeps on
     * each chunk the spans that overlap it (still in document offsets), so that a reader knows per sentence what
     * it quotes ({@link #partAt}). A document without it is all body prose.
     */
    public static final String PARTS = "parts";
    /** {@value #PART} value: body prose, what the document says (the default). */
    public static final String PART_BODY = "body";
    /** {@value #PART} value: a figure or table caption. */
    public static final String PART_CAPTION = "caption";
    /**
     * {@value #PART} value: an exercise, a review or thought question, a problem, a worked example, a group
     * activity.
     */
    public static final String PART_EXERCISE = "exercise";
    /** {@value #PART} value: a heading or a title. */
    public static final String PART_HEADING = "heading";
    /** {@value #PART} value: a learning objective ("By the end of this section, you will be able to ..."). */
    public static final String PART_OBJECTIVE = "objective";
    /** {@value #PART} value: a link list, references, further reading, videos, web sites. */
    public static final String PART_REFERENCE = "reference";
    /** {@value #PART} value of a chunk that spans more than one part. */
    public static final String PART_MIXED = "mixed";

    private Metadata() {
    }

    /**
     * The part at {@code offset} of a document according to a {@value #PARTS} value.
     *
     * @param parts a {@value #PARTS} value, or null (all body prose)
     * @param offset an offset in the document's text
     * @return the part holding {@code offset}, {@value #PART_BODY} if none does
     * @throws IllegalArgumentException if {@code parts} is not of the form {@code part:start-end,...}
     */
    public static String partAt(String parts, int offset) {
        if (parts == null || parts.isEmpty()) {
            return PART_BODY;
        }
        for (String span : parts.split(",")) {
            int colon = span.indexOf(':');
            int dash = span.indexOf('-', colon + 1);
            if (colon <= 0 || dash < 0) {
                throw new IllegalArgumentException("not a parts value (part:start-end,...): " + parts);
            }
            int start = Integer.parseInt(span, colon + 1, dash, 10);
            int end = Integer.parseInt(span, dash + 1, span.length(), 10);
            if (offset < start) {
                return PART_BODY;
            }
            if (offset < end) {
                return span.substring(0, colon);
            }
        }
        return PART_BODY;
    }

    /**
     * The spans of a {@value #PARTS} value that overlap {@code [start, end)}, and the part of that range: the
     * one part if it lies in one, else {@value #PART_MIXED}.
     *
     * @param parts a {@value #PARTS} value, or null
     * @param start the range's first offset
     * @param end the offset after its last
     * @return {@code [overlapping spans as a PARTS value, part]}
     */
    static String[] partsWithin(String parts, int start, int end) {
        if (parts == null || parts.isEmpty()) {
            return new String[] {"", PART_BODY};
        }
        StringBuilder kept = new StringBuilder();
        String part = null;
        int covered = start; // the range up to here is accounted for
        boolean mixed = false;
        for (String span : parts.split(",")) {
            int colon = span.indexOf(':');
            int dash = span.indexOf('-', colon + 1);
            int s = Integer.parseInt(span, colon + 1, dash, 10);
            int e = Integer.parseInt(span, dash + 1, span.length(), 10);
            if (e <= start || s >= end) {
                continue;
            }
            kept.append(kept.length() == 0 ? "" : ",").append(span);
            String name = span.substring(0, colon);
            mixed |= s > covered || part != null && !part.equals(name);
            part = name;
            covered = e;
        }
        mixed |= part != null && covered < end;
        return new String[] {kept.toString(), part == null ? PART_BODY : mixed ? PART_MIXED : part};
    }

    /**
     * An immutable copy of {@code metadata} sorted by key.
     *
     * @param metadata the entries to copy
     * @return an immutable map, sorted by key
     * @throws NullPointerException     for a null map, key or value
     * @throws IllegalArgumentException for a blank key
     */
    public static Map<String, String> copyOf(Map<String, String> metadata) {
        Objects.requireNonNull(metadata, "metadata");
        TreeMap<String, String> sorted = new TreeMap<>();
        metadata.forEach((key, value) -> {
            checkKey(key);
            sorted.put(key, Objects.requireNonNull(value, () -> "metadata value of key '" + key + "'"));
        });
        return Collections.unmodifiableMap(sorted);
    }

    /**
     * {@code base} with {@code more}'s entries added (replacing those of the same key), sorted and immutable.
     *
     * @param base the entries to start from
     * @param more the entries to add
     * @return the merged entries
     */
    public static Map<String, String> merged(Map<String, String> base, Map<String, String> more) {
        TreeMap<String, String> all = new TreeMap<>(base);
        all.putAll(copyOf(more));
        return copyOf(all);
    }

    /** {@code key}, checked: non-null and not blank. */
    static String checkKey(String key) {
        Objects.requireNonNull(key, "metadata key");
        if (key.isBlank()) {
            throw new IllegalArgumentException("a metadata key must not be blank, was '" + key + "'");
        }
        return key;
    }
}
