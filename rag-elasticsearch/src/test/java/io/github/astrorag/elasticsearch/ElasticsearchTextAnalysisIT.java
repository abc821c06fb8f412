package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each {@link TextAnalysis} on the build's node (the integration-test distribution: no module analysis-common, so
 * Elasticsearch's language analyzers are absent and the language analysis is shown with analyzers of the core).
 */
class ElasticsearchTextAnalysisIT {

    private static final String PREFIX = "astrorag-it-analysis-";
    /** "Mars is a red planet" and "the Moon goes round the Earth", each one run of Thai letters without a space. */
    private static final String THAI_MARS = "ดาวอังคารเป็นดาวเคราะห์สีแดง";
    private static final String THAI_MOON = "ดวงจันทร์โคจรรอบโลก";
    private static EsTestNode node;

    @BeforeAll
    static void connect() {
        node = EsTestNode.main();
    }

    @AfterAll
    static void nothingLeft() throws Exception {
        if (node != null) {
            assertThat(EsHttp.of(node.url()).indices(PREFIX + "*")).isEmpty();
        }
    }

    private static ElasticsearchEphemeralIndexFactory factory(TextAnalysis analysis) {
        return ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX)
                .textAnalysis(analysis).build();
    }

    private static Chunk chunk(String doc, String text, String language) {
        return new Chunk(Chunk.idOf(doc, 0), doc, doc, doc + ".md", null, 0, text, text.length(), 0, text.length(),
                Map.of(Metadata.LANGUAGE, language));
    }

    private static final List<Chunk> CHUNKS = List.of(chunk("mars", THAI_MARS, "th"), chunk("moon", THAI_MOON, "th"),
            chunk("galaxies", "Galaxies collide slowly.", "en"), chunk("messier", "M31 shines in autumn.", "en"),
            chunk("leuchten", "M31 leuchtet im Herbst.", "de"));

    /** The ids {@code search} finds in a fresh index of {@code analysis} over {@link #CHUNKS}. */
    private static List<String> found(TextAnalysis analysis, Function<ElasticsearchEphemeralIndex, List<ScoredChunk>> search) {
        try (ElasticsearchEphemeralIndexFactory factory = factory(analysis);
             ElasticsearchEphemeralIndex index = factory.createIndex(2)) {
            index.add(CHUNKS, CHUNKS.stream().map(c -> new float[] {1, c.text().length()}).toList());
            assertThat(index.chunks()).as("the analysed fields stay out of what is read back").isEqualTo(CHUNKS);
            return search.apply(index).stream().map(s -> s.chunk().documentId()).toList();
        }
    }

    @Test
    void theStandardAnalyzerKeepsARunOfThaiLettersAsOneTermAndDoesNotStem() {
        assertThat(found(TextAnalysis.standard(), i -> i.textSearch("ดาวเคราะห์", 5))).isEmpty();
        assertThat(found(TextAnalysis.standard(), i -> i.textSearch("galaxy", 5))).isEmpty();
    }

    @Test
    void thePipelinesTermsFindAThaiWordInsideARunAndAnEnglishStem() {
        TextAnalysis terms = TextAnalysis.terms(EnglishTermAnalyzer.defaults());
        assertThat(found(terms, i -> i.textSearch("ดาวเคราะห์", 5))).containsExactly("mars");
        assertThat(found(terms, i -> i.textSearch("galaxy", 5))).containsExactly("galaxies");
        assertThat(found(terms, i -> i.hybridSearch(new float[] {1, 0}, "ดาวเคราะห์", 5)).get(0)).isEqualTo("mars");
        assertThat(found(terms, i -> i.textSearch("of the", 5))).as("a question of stop words alone").isEmpty();
    }

    @Test
    void byLanguageAnalysesEachChunkByTheAnalyzerOfItsLanguage() {
        // simple (letters only, lower case) for English: "M31" gives the term "m" there, and "m31" under standard
        TextAnalysis english = TextAnalysis.byLanguage(Map.of("en", "simple"));
        assertThat(found(english, i -> i.textSearch("m", 5))).containsExactly("messier");
        assertThat(found(english, i -> i.textSearch("M31", 5))).containsExactlyInAnyOrder("messier", "leuchten");
    }

    @Test
    void aSharedIndexOfAnotherAnalysisSaysWhatToDo() throws Exception {
        String prefix = PREFIX + "shared-";
        ElasticsearchSettings settings = EsTestNode.patient(node.url());
        try (ElasticsearchEphemeralIndexFactory standard = ElasticsearchEphemeralIndexFactory.builder(settings)
                .indexPrefix(prefix).mode(IndexMode.SHARED).build();
             ElasticsearchEphemeralIndexFactory terms = ElasticsearchEphemeralIndexFactory.builder(settings).indexPrefix(prefix)
                     .mode(IndexMode.SHARED).textAnalysis(TextAnalysis.terms(EnglishTermAnalyzer.defaults())).build();
             ElasticsearchEphemeralIndex first = standard.createIndex(2);
             ElasticsearchEphemeralIndex second = terms.createIndex(2)) {
            first.add(CHUNKS.subList(0, 1), List.of(new float[] {1, 0}));
            assertThatThrownBy(() -> second.add(CHUNKS.subList(0, 1), List.of(new float[] {1, 0})))
                    .isInstanceOf(IndexException.class).hasMessageContaining("strict_dynamic_mapping_exception")
                    .hasMessageContaining("another index prefix");
            assertThat(second.size()).isZero();
        } finally {
            EsHttp.of(node.url()).send("/" + prefix + "shared-2", "DELETE", null);
        }
    }

    @Test
    void aNodeWithoutTheLanguageAnalyzersSaysWhatToDo() {
        try (ElasticsearchEphemeralIndexFactory factory = factory(TextAnalysis.byLanguage())) {
            assertThatThrownBy(() -> factory.createIndex(2)).isInstanceOf(IndexException.class)
                    .hasMessageContaining("analysis-common").hasMessageContaining("TextAnalysis.terms");
        }
    }
}
