package io.github.astrorag.elasticsearch;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.MetadataFilter;
import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A chunk as stored in Elasticsearch (JSON in snake case): the text for BM25, the provenance as keywords and
 * integers, the metadata as a flattened object (and its values that read as decimal numbers as doubles, for range
 * filters), the insertion sequence number for {@code chunks()} order, the
 * owning instance's id and the time it was opened (epoch milliseconds, for the sweep of the shared index), and the
 * L2-normalised vector; and what the {@link TextAnalysis} adds ({@code text_by_language}, {@code terms}: written
 * when not null, never read back, since the mapping keeps them out of {@code _source}). {@code vector} is null when
 * a request leaves it out of {@code _source}.
 */
record ChunkDocument(String chunkId, String documentId, String title, String source, @Nullable Integer page,
                     int ordinal, String text, int tokens, int start, int end, long seq,
                     @Nullable Map<String, String> metadata, @Nullable Map<String, Double> metadataNumbers,
                     @Nullable String instance, long opened, float @Nullable [] vector,
                     @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Map<String, String> textByLanguage,
                     @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String terms) {

    /** The document of chunk {@code c}, with the fields {@code analysis} indexes beside the text. */
    static ChunkDocument of(Chunk c, long seq, String instance, long opened, float[] vector, TextAnalysis analysis) {
        return new ChunkDocument(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(),
                c.tokens(), c.start(), c.end(), seq, c.metadata(), numbers(c.metadata()), instance, opened, vector,
                analysis.byLanguage(c.text(), c.metadata().get(Metadata.LANGUAGE)), analysis.terms(c.text()));
    }

    /**
     * The metadata values that read as decimal numbers ({@link MetadataFilter#number}), as doubles, each under its key
     * written as {@link #numberKey}.
     */
    static Map<String, Double> numbers(Map<String, String> metadata) {
        Map<String, Double> out = new TreeMap<>();
        metadata.forEach((k, v) -> {
            BigDecimal n = MetadataFilter.number(v);
            if (n != null && Double.isFinite(n.doubleValue())) {
                out.put(numberKey(k), n.doubleValue());
            }
        });
        return out;
    }

    /**
     * A metadata key as a field name under {@code metadata_numbers}: {@code %} written {@code %25} and {@code .}
     * written {@code %2E}, so that a dotted key is one field, beside the key before its dot (one-to-one).
     */
    static String numberKey(String key) {
        return key.replace("%", "%25").replace(".", "%2E");
    }

    /** The field a range on metadata {@code key} compares: {@code metadata_numbers.<numberKey(key)>}. */
    static String numberField(String key) {
        return "metadata_numbers." + numberKey(key);
    }

    Chunk chunk() {
        return new Chunk(chunkId, documentId, title, source, page, ordinal, text, tokens, start, end,
                metadata == null ? Map.of() : metadata);
    }
}
