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

    private Metadata() {
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
