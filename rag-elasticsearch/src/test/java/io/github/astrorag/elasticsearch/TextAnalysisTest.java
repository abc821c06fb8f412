package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Each {@link TextAnalysis}: its settings, the fields it maps and what it writes for a chunk (no node needed). */
class TextAnalysisTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode mappings(TextAnalysis analysis) throws Exception {
        return JSON.readTree(IndexMapping.createBody(4, VectorIndexType.HNSW, 0, analysis)).get("mappings");
    }

    private static String query(TextAnalysis analysis, String text) {
        Query q = analysis.query(text);
        return q == null ? null : JsonpUtils.toJsonString(q, new JacksonJsonpMapper());
    }

    @Test
    void eachAnalysisMatchesAQuestionOnItsFields() {
        assertThat(query(TextAnalysis.standard(), "Galaxies?")).isEqualTo("{\"match\":{\"text\":{\"query\":\"Galaxies?\"}}}");
        assertThat(query(TextAnalysis.byLanguage(), "Galaxies?")).isEqualTo(
                "{\"multi_match\":{\"fields\":[\"text\",\"text_by_language.*\"],\"query\":\"Galaxies?\",\"type\":\"best_fields\"}}");
        TextAnalysis terms = TextAnalysis.terms(EnglishTermAnalyzer.defaults());
        assertThat(query(terms, "Which galaxies?")).isEqualTo("{\"match\":{\"terms\":{\"query\":\"which galaxi\"}}}");
        assertThat(query(terms, "the of")).as("no term: no query, no hit").isNull();
    }

    @Test
    void settingsParse() {
        AtomicInteger made = new AtomicInteger();
        Supplier<TermAnalyzer> english = () -> {
            made.incrementAndGet();
            return EnglishTermAnalyzer.defaults();
        };
        assertThat(TextAnalysis.parse("standard", english)).isSameAs(TextAnalysis.standard());
        assertThat(TextAnalysis.parse(" Language ", english).name()).isEqualTo("language");
        assertThat(made).as("the analyzer is made for terms alone").hasValue(0);
        assertThat(TextAnalysis.parse("terms", english).name()).isEqualTo("terms");
        assertThat(made).hasValue(1);
        assertThatThrownBy(() -> TextAnalysis.parse("icu", english)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown text analysis 'icu': use standard, language or terms");
    }

    @Test
    void aTableOfAnalyzersIsChecked() {
        assertThatThrownBy(() -> TextAnalysis.byLanguage(Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> TextAnalysis.byLanguage(Map.of("ZH", "cjk"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'ZH'");
        assertThatThrownBy(() -> TextAnalysis.byLanguage(Map.of("zh", "smart cn"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'smart cn'");
        assertThat(TextAnalysis.byLanguage(Map.of("zh", "smartcn", "pt-br", "brazilian")).name()).isEqualTo("language");
    }

    @Test
    void theStandardAnalysisMapsTheTextAloneAndKeepsTheWholeSource() throws Exception {
        JsonNode m = mappings(TextAnalysis.standard());
        assertThat(m.get("properties").get("text").toString()).isEqualTo("{\"type\":\"text\"}");
        assertThat(m.get("properties").has("terms")).isFalse();
        assertThat(m.get("properties").has("text_by_language")).isFalse();
        assertThat(m.has("_source")).isFalse();
    }

    @Test
    void byLanguageMapsOneFieldPerLanguageUnderItsBuiltInAnalyzer() throws Exception {
        JsonNode m = mappings(TextAnalysis.byLanguage());
        JsonNode languages = m.get("properties").get("text_by_language").get("properties");
        assertThat(languages.size()).isEqualTo(TextAnalysis.BUILT_IN.size()).isEqualTo(40);
        assertThat(languages.get("ar").get("analyzer").asText()).isEqualTo("arabic");
        assertThat(languages.get("th").get("analyzer").asText()).isEqualTo("thai");
        assertThat(languages.get("zh").get("analyzer").asText()).isEqualTo("cjk");
        assertThat(languages.get("hi").get("analyzer").asText()).isEqualTo("hindi");
        assertThat(m.get("_source").toString()).isEqualTo("{\"excludes\":[\"text_by_language\"]}");
    }

    @Test
    void aChunkGoesToTheFieldOfItsWholeTagOrItsPrimaryLanguage() {
        TextAnalysis analysis = TextAnalysis.byLanguage(Map.of("zh", "cjk", "pt-br", "brazilian", "pt", "portuguese"));
        assertThat(analysis.byLanguage("文本", "zh-CN")).isEqualTo(Map.of("zh", "文本"));
        assertThat(analysis.byLanguage("texto", "pt_BR")).isEqualTo(Map.of("pt-br", "texto"));
        assertThat(analysis.byLanguage("texto", "pt-PT")).isEqualTo(Map.of("pt", "texto"));
        assertThat(analysis.byLanguage("text", "de")).isNull();
        assertThat(analysis.byLanguage("text", null)).isNull();
        assertThat(analysis.terms("文本")).isNull();
    }

    @Test
    void termsAreTheAnalyzersJoinedBySpaces() throws Exception {
        TextAnalysis analysis = TextAnalysis.terms(EnglishTermAnalyzer.defaults());
        // Lucene's English analysis: stop words dropped, possessive and plural stemmed (Porter)
        assertThat(analysis.terms("The galaxies of Andromeda's group")).isEqualTo("galaxi andromeda group");
        assertThat(analysis.terms("the of and")).isEmpty();
        assertThat(analysis.byLanguage("text", "en")).isNull();
        JsonNode m = mappings(analysis);
        assertThat(m.get("properties").get("terms")).isEqualTo(JSON.readTree("{\"type\":\"text\",\"analyzer\":\"whitespace\"}"));
        assertThat(m.get("_source").toString()).isEqualTo("{\"excludes\":[\"terms\"]}");
        ChunkDocument doc = ChunkDocument.of(new Chunk("d#0", "d", "D", "d.md", null, 0, "Galaxies merge.", 3, 0, 15,
                Map.of(Metadata.LANGUAGE, "en")), 0, "i", 0, new float[] {1, 0, 0, 0}, analysis);
        assertThat(doc.terms()).isEqualTo("galaxi merg");
        assertThat(doc.textByLanguage()).isNull();
        assertThat(analysis.describe().keySet()).containsExactly("name", "analyzer");
        assertThat(TextAnalysis.byLanguage().describe().keySet()).containsExactly("name", "analyzers");
    }
}
