package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import io.github.astrorag.core.model.MetadataFilter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Elasticsearch queries of each metadata filter clause, as the JSON sent (the ITs run them on a node). */
class FilterQueriesTest {

    private static String json(MetadataFilter filter) {
        List<Query> queries = ElasticsearchEphemeralIndex.filterQueries(filter);
        JacksonJsonpMapper mapper = new JacksonJsonpMapper();
        return String.join(",", queries.stream().map(q -> JsonpUtils.toJsonString(q, mapper)).toList());
    }

    @Test
    void equalityAndMembershipAreTermQueries() {
        assertThat(json(MetadataFilter.where("type").is("pdf").and("year").in("2023", "2024")))
                .isEqualTo("{\"term\":{\"metadata.type\":{\"value\":\"pdf\"}}},"
                        + "{\"terms\":{\"metadata.year\":[\"2023\",\"2024\"]}}");
    }

    @Test
    void notEqualAndNotInAreMustNot() {
        assertThat(json(MetadataFilter.where("type").isNot("pdf")))
                .isEqualTo("{\"bool\":{\"must_not\":[{\"term\":{\"metadata.type\":{\"value\":\"pdf\"}}}]}}");
        assertThat(json(MetadataFilter.where("type").notIn("pdf", "md")))
                .isEqualTo("{\"bool\":{\"must_not\":[{\"terms\":{\"metadata.type\":[\"md\",\"pdf\"]}}]}}");
    }

    @Test
    void aRangeIsARangeQueryOnTheValuesNumber() {
        assertThat(json(MetadataFilter.where("year").atLeast("2020")))
                .isEqualTo("{\"range\":{\"metadata_numbers.year\":{\"gte\":2020.0}}}");
        assertThat(json(MetadataFilter.where("survey.size").lessThan("0.5")))
                .isEqualTo("{\"range\":{\"metadata_numbers.survey%2Esize\":{\"lt\":0.5}}}");
    }

    @Test
    void theNumbersAreTheMetadataValuesThatReadAsDecimals() {
        assertThat(ChunkDocument.numbers(Map.of("year", " 2024 ", "type", "md", "ratio", "1e-3", "code", "0x10",
                "survey.size", "3", "100%.x", "1")))
                .isEqualTo(Map.of("year", 2024.0, "ratio", 0.001, "survey%2Esize", 3.0, "100%25%2Ex", 1.0));
    }

    @Test
    void orIsShouldAndNotIsMustNotOfTheFilter() {
        MetadataFilter either = MetadataFilter.where("type").is("md").or(MetadataFilter.where("year").is("2024"));
        assertThat(json(either)).isEqualTo("{\"bool\":{\"minimum_should_match\":\"1\",\"should\":["
                + "{\"bool\":{\"filter\":[{\"term\":{\"metadata.type\":{\"value\":\"md\"}}}]}},"
                + "{\"bool\":{\"filter\":[{\"term\":{\"metadata.year\":{\"value\":\"2024\"}}}]}}]}}");
        assertThat(json(MetadataFilter.not(MetadataFilter.where("type").is("md"))))
                .isEqualTo("{\"bool\":{\"must_not\":[{\"bool\":{\"filter\":[{\"term\":{\"metadata.type\":{\"value\":\"md\"}}}]}}]}}");
    }
}
