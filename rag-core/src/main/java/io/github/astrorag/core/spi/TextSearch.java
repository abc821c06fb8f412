package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * Full-text search that an {@link EphemeralIndex} may offer beside cosine search, such as
 * Elasticsearch's BM25: a capability the index declares through {@link EphemeralIndex#fullTextSearch()},
 * never found by a cast.
 *
 * <p>Contract: results hold only the index's own chunks, distinct, best first, ties broken by ascending
 * chunk id, at most {@code k} of them, each with a finite score and its stored vector; the metadata filter
 * applies before ranking, as in {@link EphemeralIndex#search(float[], int, MetadataFilter)}, so the results are
 * the {@code k} best of the chunks it matches (a lexical score does not depend on the filter; a fusion of ranks
 * ranks within the matching chunks). The same call on the same content gives the same result. {@code k} must be
 * positive, else {@link IllegalArgumentException}. Thread-safe, like the index. The methods with a filter are
 * those an implementation writes. The contract is checked by {@code TextSearchContract} in rag-core's test-jar.
 */
public interface TextSearch {

    /**
     * The {@code k} chunks best matching {@code text} by the engine's lexical score, among those {@code filter}
     * matches.
     *
     * @param text the query text
     * @param k the most chunks returned, at least 1
     * @param filter the metadata condition; {@link MetadataFilter#NONE} for none
     * @return at most {@code k} chunks, best first
     * @throws IllegalArgumentException if {@code k} is below 1
     */
    List<ScoredChunk> textSearch(String text, int k, MetadataFilter filter);

    /**
     * As {@link #textSearch(String, int, MetadataFilter)}, unfiltered.
     *
     * @param text the query text
     * @param k the most chunks returned, at least 1
     * @return at most {@code k} chunks, best first
     */
    default List<ScoredChunk> textSearch(String text, int k) {
        return textSearch(text, k, MetadataFilter.NONE);
    }

    /**
     * The {@code k} chunks best by a fusion of the lexical ranking of {@code text} and the cosine ranking
     * of {@code vector}, among those {@code filter} matches; the fusion is the index's own and named in its
     * documentation, and ranks first a chunk that both rankings rank first.
     *
     * @param vector the query vector
     * @param text the query text
     * @param k the most chunks returned, at least 1
     * @param filter the metadata condition; {@link MetadataFilter#NONE} for none
     * @return at most {@code k} chunks, best first
     * @throws IllegalArgumentException if {@code k} is below 1
     */
    List<ScoredChunk> hybridSearch(float[] vector, String text, int k, MetadataFilter filter);

    /**
     * As {@link #hybridSearch(float[], String, int, MetadataFilter)}, unfiltered.
     *
     * @param vector the query vector
     * @param text the query text
     * @param k the most chunks returned, at least 1
     * @return at most {@code k} chunks, best first
     */
    default List<ScoredChunk> hybridSearch(float[] vector, String text, int k) {
        return hybridSearch(vector, text, k, MetadataFilter.NONE);
    }
}
