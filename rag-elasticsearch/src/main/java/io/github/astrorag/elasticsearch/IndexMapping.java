package io.github.astrorag.elasticsearch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The body that creates an index of chunks (an instance's own index or the shared one): one shard,
 * {@code replicas} replicas, refresh only on demand, and a strict mapping of the chunk text ({@code text},
 * BM25), the provenance as keywords ({@code chunk_id}, {@code document_id}, {@code title}, {@code source}; at
 * most 1024 characters indexed) and integers ({@code page}, {@code ordinal}; {@code tokens}, {@code start} and
 * {@code end} stored only), the insertion order {@code seq}, the chunk's metadata as one {@code flattened}
 * field {@code metadata}, the metadata values that read as decimal numbers once more as {@code double} fields under
 * {@code metadata_numbers} (each key's dots and percent signs written {@code %2E} and {@code %25}, so a dotted key
 * stays one field: {@link ChunkDocument#numberField}; what a range filter compares, with no script), the instance id as the keyword {@code instance}, its opening time as the long
 * {@code opened} (epoch milliseconds), and a {@code dense_vector} {@code vector} of the dimension with cosine
 * similarity and the given index type; and the fields of the {@link TextAnalysis} ({@code text_by_language.<tag>}
 * under each language's analyzer, or {@code terms} under {@code whitespace}), indexed but left out of
 * {@code _source}. Stateless.
 */
final class IndexMapping {

    private static final ObjectMapper JSON = new ObjectMapper();

    private IndexMapping() {
    }

    /** The JSON body of a create-index request for vectors of {@code dimension} components. */
    static String createBody(int dimension, VectorIndexType vectorIndexType, int replicas, TextAnalysis analysis) {
        Map<String, Object> vector = new LinkedHashMap<>();
        vector.put("type", "dense_vector");
        vector.put("dims", dimension);
        vector.put("index", true);
        vector.put("similarity", "cosine");
        vector.put("index_options", Map.of("type", vectorIndexType.esName()));
        Map<String, Object> keyword = Map.of("type", "keyword", "ignore_above", 1024);
        Map<String, Object> stored = Map.of("type", "integer", "index", false, "doc_values", false);
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("text", Map.of("type", "text"));
        properties.put("chunk_id", keyword);
        properties.put("document_id", keyword);
        properties.put("title", keyword);
        properties.put("source", keyword);
        properties.put("page", Map.of("type", "integer"));
        properties.put("ordinal", Map.of("type", "integer"));
        properties.put("tokens", stored);
        properties.put("start", stored);
        properties.put("end", stored);
        properties.put("seq", Map.of("type", "long"));
        properties.put("metadata", Map.of("type", "flattened"));
        properties.put("metadata_numbers", Map.of("type", "object", "dynamic", "true"));
        properties.put("instance", keyword);
        properties.put("opened", Map.of("type", "long"));
        properties.put("vector", vector);
        Map<String, Object> analysed = analysis.fields();
        properties.putAll(analysed);
        Map<String, Object> mappings = new LinkedHashMap<>();
        mappings.put("dynamic", "strict");
        if (!analysed.isEmpty()) {
            // indexed for BM25, never read back: kept out of _source
            mappings.put("_source", Map.of("excludes", analysed.keySet().stream().sorted().toList()));
        }
        mappings.put("properties", properties);
        mappings.put("dynamic_templates", List.of(Map.of(
                "metadata_numbers", Map.of("path_match", "metadata_numbers.*", "mapping", Map.of("type", "double")))));
        Map<String, Object> body = Map.of(
                "settings", Map.of("index", Map.of("number_of_shards", 1, "number_of_replicas", replicas, "refresh_interval", "-1")),
                "mappings", mappings);
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
