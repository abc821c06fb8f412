package io.github.astrorag.core.model;


import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A question, optionally with multiple-choice options, and once the pipeline has embedded it, its vector.
 *
 * @param text      the question; never blank
 * @param options   option letter to option text, sorted by letter; empty for open questions
 * @param embedding the vector the dense stages compare chunks with (the question's embedding, or a HyDE
 *                  passage's), or {@code null} before embedding
 * @param filter    which chunks may be retrieved, by their metadata; {@link MetadataFilter#NONE} (the default)
 *                  allows every chunk
 */
public record Query(String text, Map<String, String> options, float @Nullable [] embedding, MetadataFilter filter) {

    /**
     * Checks the text, copies the options and the embedding.
     *
     * @param text the question; never blank
     * @param options option letter to option text, sorted by letter; empty for open questions
     * @param embedding the vector the dense stages compare chunks with (the question's embedding, or a HyDE passage's),
     * or {@code null} before embedding
     * @param filter which chunks may be retrieved, by their metadata; {@link MetadataFilter#NONE} (the default) allows
     * every chunk
     * @throws IllegalArgumentException if the text is blank
     */
    public Query {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw new IllegalArgumentException("the question is blank: ask something");
        }
        options = Collections.unmodifiableMap(new TreeMap<>(options));
        embedding = embedding == null ? null : embedding.clone();
        Objects.requireNonNull(filter, "filter");
    }

    /**
     * A query without a metadata filter.
     *
     * @param text the question; never blank
     * @param options option letter to option text, sorted by letter; empty for open questions
     * @param embedding the vector the dense stages compare chunks with (the question's embedding, or a HyDE passage's),
     * or {@code null} before embedding
     */
    public Query(String text, Map<String, String> options, float @Nullable [] embedding) {
        this(text, options, embedding, MetadataFilter.NONE);
    }

    /**
     * An open question.
     *
     * @param text the question; not blank
     * @return a query without options, embedding or filter
     */
    public static Query of(String text) {
        return new Query(text, Map.of(), null);
    }

    /**
     * A multiple-choice question.
     *
     * @param text the question; not blank
     * @param options option letter to option text
     * @return a query without embedding or filter
     */
    public static Query withOptions(String text, Map<String, String> options) {
        return new Query(text, options, null);
    }

    /**
     * Whether options were given.
     *
     * @return {@code true} for a multiple-choice question
     */
    public boolean multipleChoice() {
        return !options.isEmpty();
    }

    /**
     * This query with the given vector.
     *
     * @param vector the query vector; copied
     * @return a new query
     */
    public Query withEmbedding(float[] vector) {
        return new Query(text, options, vector, filter);
    }

    /**
     * This query restricted to chunks whose metadata {@code newFilter} matches (replacing any filter it had).
     *
     * @param newFilter the metadata condition
     * @return a new query
     */
    public Query withFilter(MetadataFilter newFilter) {
        return new Query(text, options, embedding, newFilter);
    }

    /**
     * The vector; fails when the query has not been embedded.
     *
     * @return a copy of the vector
     * @throws IllegalStateException if the query has not been embedded
     */
    public float[] requireEmbedding() {
        if (embedding == null) {
            throw new IllegalStateException("the query has not been embedded yet");
        }
        return embedding.clone();
    }

    /**
     * The vector, if the query has been embedded.
     *
     * @return a copy of the vector, or {@code null} before embedding
     */
    @Override
    public float @Nullable [] embedding() {
        return embedding == null ? null : embedding.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Query q && q.text.equals(text) && q.options.equals(options) && Arrays.equals(q.embedding, embedding)
                && q.filter.equals(filter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(text, options, Arrays.hashCode(embedding), filter);
    }

    @Override
    public String toString() {
        return "Query[" + text + (options.isEmpty() ? "" : ", options=" + options)
                + (filter.isEmpty() ? "" : ", filter=" + filter) + "]";
    }
}
