package io.github.astrorag.examples.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InstanceScorerTest {

    private static ScoredChunk chunk(String doc, String text) {
        return new ScoredChunk(new Chunk(Chunk.idOf(doc, 0), doc, doc, doc, null, 0, text, 5, 0, text.length()), 1.0, null);
    }

    private static Answer answer(String text, String choice, List<ScoredChunk> context, List<String> retrieved) {
        Context c = new Context(context, String.join(Context.SEPARATOR, context.stream().map(s -> s.chunk().text()).toList()),
                10, 100, Map.of());
        Trace.Stage retrieve = new Trace.Stage("retrieve", 1.0,
                retrieved.stream().map(id -> new Trace.Candidate(id, 0.5)).toList(), Map.of());
        return new Answer("q", text, List.of(), choice, c, new Trace(Map.of(), List.of(retrieve), 10, 100));
    }

    private static String doc(String chunkId) {
        return chunkId.substring(0, chunkId.indexOf('#'));
    }

    @Test
    void scoresAnOpenMultiHopAnswerByHand() {
        EvalInstance instance = new EvalInstance("i", "multi-hop", "Where?", List.of("Paris"),
                List.of(Document.of("A", "x"), Document.of("D", "y")), null, List.of("A", "D"), Map.of(), null);
        Answer a = answer("Paris [1]", null, List.of(chunk("A", "They met in Paris."), chunk("B", "Other.")),
                List.of("B#0", "A#0", "C#0", "D#0"));
        Map<String, Double> s = InstanceScorer.score(instance, a, InstanceScorerTest::doc, true);
        assertThat(s).containsEntry(MetricNames.SUPPORT_RECALL, 0.5).containsEntry(MetricNames.FULL_SUPPORT, 0.0)
                .containsEntry(MetricNames.RECALL_10, 1.0).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1.0)
                .containsEntry(MetricNames.EXACT_MATCH, 1.0).containsEntry(MetricNames.F1, 1.0)
                .containsEntry(MetricNames.ROUGE_L, 1.0).containsEntry(MetricNames.CONTEXT_TOKENS, 10.0)
                .doesNotContainKey(MetricNames.MC_ACCURACY);
        // A at rank 2, D at rank 4: (1/log2 3 + 1/log2 5) / (1 + 1/log2 3)
        assertThat(s.get(MetricNames.NDCG_10)).isCloseTo(0.6509, within(1e-4));
    }

    @Test
    void scoresMultipleChoiceByLetters() {
        EvalInstance instance = new EvalInstance("m", "mcq-multi", "Which?", List.of("x", "y"),
                List.of(Document.of("A", "x")), null, List.of(), Map.of("A", "x", "B", "y", "C", "z"), "AB");
        Map<String, Double> right = InstanceScorer.score(instance, answer("", "BA", List.of(), List.of()),
                InstanceScorerTest::doc, true);
        assertThat(right).containsEntry(MetricNames.MC_ACCURACY, 1.0).doesNotContainKeys(MetricNames.ROUGE_L,
                MetricNames.SUPPORT_RECALL, MetricNames.ANSWER_IN_CONTEXT);
        assertThat(InstanceScorer.score(instance, answer("", "A", List.of(), List.of()), InstanceScorerTest::doc, true))
                .containsEntry(MetricNames.MC_ACCURACY, 0.0);
        assertThat(InstanceScorer.score(instance, answer("", "AB", List.of(), List.of()), InstanceScorerTest::doc, false))
                .containsOnlyKeys(MetricNames.CONTEXT_TOKENS);
    }

    @Test
    void removesCitationMarkers() {
        assertThat(InstanceScorer.withoutCitations("Paris [1]. Rome [12]")).isEqualTo("Paris. Rome");
    }

    @Test
    void removesCitationMarkersWithTheWhiteSpaceBeforeThem() {
        assertThat(InstanceScorer.withoutCitations("a  [1][2] b\t[3]\n[x] [4")).isEqualTo("a b\n[x] [4");
        assertThat(InstanceScorer.withoutCitations("[7] Vega")).isEqualTo("Vega");
    }

    @Test
    void removingMarkersIsLinearOnAMegabyteOfWhiteSpace() {
        String hostile = "a" + " ".repeat(1 << 20) + "x [1]";
        String cleaned = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> InstanceScorer.withoutCitations(hostile));
        assertThat(cleaned).isEqualTo("a" + " ".repeat(1 << 20) + "x");
    }
}
