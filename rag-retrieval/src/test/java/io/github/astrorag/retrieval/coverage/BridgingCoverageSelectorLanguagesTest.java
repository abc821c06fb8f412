package io.github.astrorag.retrieval.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.retrieval.TestChunks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link BridgingCoverageSelector.Builder#denseLanguages}: a question the embedder does not read keeps the candidates'
 * rank order. The candidates: A (score 1.0) holds one question term, B (0.95) both. Over three candidates the rarer
 * term's IDF is ln(1 + 2.5/1.5) = 0.98, the shared one's ln(1 + 1.5/2.5) = 0.47, so with w = 0.25 the objective
 * values A at 1 + 0.25 · 0.47/1.45 = 1.08 and B at 0.95 + 0.25 = 1.2: the objective puts B first, the rank order A.
 */
class BridgingCoverageSelectorLanguagesTest {

    private static final BridgingCoverageSelector ENGLISH_MODEL =
            BridgingCoverageSelector.builder().denseLanguages(Set.of("en")).build();

    private static List<ScoredChunk> candidates(String a, String b, String c) {
        return List.of(new ScoredChunk(TestChunks.chunk("A", a), 1.0, null),
                new ScoredChunk(TestChunks.chunk("B", b), 0.95, null),
                new ScoredChunk(TestChunks.chunk("C", c), 0.0, null));
    }

    private static List<String> ids(Context context) {
        return context.chunks().stream().map(ScoredChunk::id).toList();
    }

    @Test
    void anArabicQuestionForAnEnglishEmbedderKeepsTheRankOrder() {
        Query q = Query.of("القمر الأرض");
        List<ScoredChunk> candidates = candidates("القمر بعيد", "القمر يدور حول الأرض", "المريخ كوكب");
        Map<String, Object> trace = new LinkedHashMap<>();
        Context got = ENGLISH_MODEL.select(q, candidates, 1800, trace::put);
        assertThat(ids(got)).containsExactly("A", "B", "C");
        assertThat(got).isEqualTo(new TokenBudgetSelector().assemble(q, candidates, 1800,
                Map.of("selector", "bridging-coverage", "selection", "rank order")));
        assertThat(trace).containsEntry("selection", "rank order").containsEntry("language", "ar");
        // without the embedder's languages the objective reorders the same candidates
        assertThat(ids(BridgingCoverageSelector.defaults().select(q, candidates, 1800))).containsExactly("B", "A", "C");
    }

    @Test
    void anEnglishQuestionIsSelectedByTheObjectiveAsBefore() {
        Query q = Query.of("moon earth");
        List<ScoredChunk> candidates = candidates("moon far", "moon circles earth", "mars planet");
        Map<String, Object> trace = new LinkedHashMap<>();
        Context got = ENGLISH_MODEL.select(q, candidates, 1800, trace::put);
        assertThat(ids(got)).containsExactly("B", "A", "C");
        assertThat(got).isEqualTo(BridgingCoverageSelector.defaults().select(q, candidates, 1800));
        assertThat(trace).doesNotContainKey("selection");
        assertThat(ENGLISH_MODEL.describe()).containsEntry("denseLanguages", List.of("en"));
        assertThat(BridgingCoverageSelector.defaults().describe()).doesNotContainKey("denseLanguages");
    }

    @Test
    void theLanguagesAreGivenOnce() {
        BridgingCoverageSelector.Builder b = BridgingCoverageSelector.builder().denseLanguages(Set.of("en"));
        assertThatThrownBy(() -> b.denseLanguages(Set.of("zh"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().denseLanguages(null))
                .isInstanceOf(NullPointerException.class);
    }
}
