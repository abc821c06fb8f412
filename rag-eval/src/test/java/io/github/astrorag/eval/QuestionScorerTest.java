package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.eval.metrics.SquadMetrics;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.testing.CpuBudget;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuestionScorerTest {

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
        EvalQuestion instance = new EvalQuestion("i", "multi-hop", "Where?", List.of("Paris"),
                List.of(Document.of("A", "x"), Document.of("D", "y")), null, List.of("A", "D"), Map.of(), null);
        Answer a = answer("Paris [1]", null, List.of(chunk("A", "They met in Paris."), chunk("B", "Other.")),
                List.of("B#0", "A#0", "C#0", "D#0"));
        Map<String, Double> s = QuestionScorer.score(instance, a, QuestionScorerTest::doc, true, true);
        assertThat(s).containsEntry(MetricNames.SUPPORT_RECALL, 0.5).containsEntry(MetricNames.FULL_SUPPORT, 0.0)
                .containsEntry(MetricNames.RECALL_10, 1.0).containsEntry(MetricNames.RECALL_20, 1.0).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1.0)
                .containsEntry(MetricNames.EXACT_MATCH, 1.0).containsEntry(MetricNames.F1, 1.0)
                .containsEntry(MetricNames.ROUGE_L, 1.0).containsEntry(MetricNames.CONTEXT_TOKENS, 10.0)
                .doesNotContainKey(MetricNames.MC_ACCURACY);
        // A at rank 2, D at rank 4: (1/log2 3 + 1/log2 5) / (1 + 1/log2 3)
        assertThat(s.get(MetricNames.NDCG_10)).isCloseTo(0.6509, within(1e-4));
    }

    private static ScoredChunk chunk(String doc, int ordinal, String text, int tokens) {
        return new ScoredChunk(new Chunk(Chunk.idOf(doc, ordinal), doc, doc, doc, null, ordinal, text, tokens, 0,
                text.length()), 1.0, null);
    }

    @Test
    void supportPrecisionAndDocumentsCountTheContextByHand() {
        EvalQuestion instance = new EvalQuestion("p", "multi-hop", "Who?", List.of("Ada"),
                List.of(Document.of("A", "Ada wrote it."), Document.of("D", "y")), null, List.of("A", "D"), Map.of(), null);
        // A: 30 + 20 tokens, B: 10 tokens; supporting A and D: precision 50 / 60, 2 distinct documents
        Answer a = answer("", null, List.of(chunk("A", 0, "Ada wrote it.", 30), chunk("B", 0, "Other.", 10),
                chunk("A", 1, "More.", 20)), List.of("A#0", "B#0", "C#0", "E#0", "F#0", "G#0", "H#0", "I#0", "J#0", "K#0",
                "L#0", "D#0"));
        Map<String, Double> s = QuestionScorer.score(instance, a, QuestionScorerTest::doc, false, true);
        // D ranks 12th: outside the first 10 documents, inside the 20
        assertThat(s).containsEntry(MetricNames.RECALL_10, 0.5).containsEntry(MetricNames.RECALL_20, 1.0);
        assertThat(s.get(MetricNames.SUPPORT_PRECISION)).isCloseTo(50.0 / 60, within(1e-12));
        assertThat(s).containsEntry(MetricNames.DOCUMENTS_IN_CONTEXT, 2.0).containsEntry(MetricNames.SUPPORT_RECALL, 0.5)
                .containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1.0).containsEntry(MetricNames.SPAN_ANSWER_IN_CONTEXT, 1.0);
        Map<String, Double> empty = QuestionScorer.score(instance, answer("", null, List.of(), List.of()),
                QuestionScorerTest::doc, false, true);
        assertThat(empty).containsEntry(MetricNames.DOCUMENTS_IN_CONTEXT, 0.0).containsEntry(MetricNames.SUPPORT_RECALL, 0.0)
                .containsEntry(MetricNames.SPAN_ANSWER_IN_CONTEXT, 0.0).doesNotContainKey(MetricNames.SUPPORT_PRECISION);
    }

    @Test
    void aYesNoAnswerIsNoSpanAndLeavesTheSpanMetricOut() {
        EvalQuestion yesNo = new EvalQuestion("y", "multi-hop", "Are both French?", List.of("yes"),
                List.of(Document.of("A", "Ada was French."), Document.of("B", "Bo was French too.")), null,
                List.of("A", "B"), Map.of(), null);
        String docs = SquadMetrics.normalize("Ada was French.") + " " + SquadMetrics.normalize("Bo was French too.");
        assertThat(QuestionScorer.isSpan(yesNo, docs)).isFalse();
        // a yes/no answer is a judgment even where a document holds the word
        assertThat(QuestionScorer.isSpan(yesNo, docs + " " + SquadMetrics.normalize("Yes, Bo said."))).isFalse();
        EvalQuestion who = new EvalQuestion("w", "multi-hop", "Who was French?", List.of("Bo"), yesNo.documents(), null,
                List.of("B"), Map.of(), null);
        assertThat(QuestionScorer.isSpan(who, docs)).isTrue();
        Map<String, Double> s = QuestionScorer.score(yesNo, answer("", null, List.of(chunk("A", 0, "Ada was French.", 4)),
                List.of()), QuestionScorerTest::doc, false, false);
        assertThat(s).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 0.0).containsEntry(MetricNames.SUPPORT_PRECISION, 1.0)
                .doesNotContainKey(MetricNames.SPAN_ANSWER_IN_CONTEXT);
    }

    @Test
    void scoresMultipleChoiceByLetters() {
        EvalQuestion instance = new EvalQuestion("m", "mcq-multi", "Which?", List.of("x", "y"),
                List.of(Document.of("A", "x")), null, List.of(), Map.of("A", "x", "B", "y", "C", "z"), "AB");
        Map<String, Double> right = QuestionScorer.score(instance, answer("", "BA", List.of(), List.of()),
                QuestionScorerTest::doc, true, true);
        assertThat(right).containsEntry(MetricNames.MC_ACCURACY, 1.0).doesNotContainKeys(MetricNames.ROUGE_L,
                MetricNames.SUPPORT_RECALL, MetricNames.ANSWER_IN_CONTEXT);
        assertThat(QuestionScorer.score(instance, answer("", "A", List.of(), List.of()), QuestionScorerTest::doc, true, true))
                .containsEntry(MetricNames.MC_ACCURACY, 0.0);
        assertThat(QuestionScorer.score(instance, answer("", "AB", List.of(), List.of()), QuestionScorerTest::doc, false, false))
                .containsOnlyKeys(MetricNames.DOCUMENTS_IN_CONTEXT, MetricNames.CONTEXT_TOKENS);
    }

    @Test
    void removesCitationMarkers() {
        assertThat(QuestionScorer.withoutCitations("Paris [1]. Rome [12]")).isEqualTo("Paris. Rome");
    }

    @Test
    void removesCitationMarkersWithTheWhiteSpaceBeforeThem() {
        assertThat(QuestionScorer.withoutCitations("a  [1][2] b\t[3]\n[x] [4")).isEqualTo("a b\n[x] [4");
        assertThat(QuestionScorer.withoutCitations("[7] Vega")).isEqualTo("Vega");
    }

    @Test
    void removingMarkersIsLinearOnAMegabyteOfWhiteSpace() {
        String hostile = "a" + " ".repeat(1 << 20) + "x [1]";
        String cleaned = CpuBudget.within(Duration.ofSeconds(60), () -> QuestionScorer.withoutCitations(hostile));
        assertThat(cleaned).isEqualTo("a" + " ".repeat(1 << 20) + "x");
    }

    /** An answer whose generate stage reports {@code support} and, if {@code abstained}, is an abstention. */
    private static Answer generated(String text, boolean abstained, Double support, List<ScoredChunk> context) {
        Context c = new Context(context, String.join(Context.SEPARATOR, context.stream().map(x -> x.chunk().text()).toList()),
                10, 100, Map.of());
        Map<String, Object> details = new java.util.LinkedHashMap<>();
        if (support != null) {
            details.put("support", support);
        }
        details.put("abstained", abstained);
        Trace trace = new Trace(Map.of(), List.of(new Trace.Stage("generate", 1.0, List.of(), details)), 10, 100);
        return abstained ? Answer.abstention("q", Answer.NOT_ANSWERED, c).withTrace(trace)
                : new Answer("q", text, List.of(), null, c, trace);
    }

    @Test
    void answerMetricsOfAnAnswerableQuestionByHand() {
        EvalQuestion instance = new EvalQuestion("a", "extractive", "Who built it?", List.of("Ada Morrow"),
                List.of(Document.of("A", "x")), null, List.of(), Map.of(), null);
        List<ScoredChunk> ctx = List.of(chunk("A", "It was built by Ada Morrow in 1871. It is tall."));
        // two sentences, the gold answer inside (normalised, whole tokens), markers removed
        Map<String, Double> s = QuestionScorer.score(instance, generated("The engineer ADA MORROW built it [1]. It is tall [1].", false, 0.8, ctx),
                QuestionScorerTest::doc, true, true);
        assertThat(s).containsEntry(MetricNames.ANSWER_HAS_GOLD, 1.0).containsEntry(MetricNames.ANSWER_SENTENCES, 2.0)
                .containsEntry(MetricNames.ABSTAINED, 0.0).containsEntry(MetricNames.FALSE_ABSTENTION, 0.0)
                .containsEntry(MetricNames.SUPPORT, 0.8).doesNotContainKey(MetricNames.CORRECT_ABSTENTION);
        // "Ada" alone does not hold "Ada Morrow"; one sentence
        Map<String, Double> partial = QuestionScorer.score(instance, generated("Ada built it.", false, null, ctx),
                QuestionScorerTest::doc, true, true);
        assertThat(partial).containsEntry(MetricNames.ANSWER_HAS_GOLD, 0.0).containsEntry(MetricNames.ANSWER_SENTENCES, 1.0)
                .doesNotContainKey(MetricNames.SUPPORT);
        // an abstention although the context holds the answer: a false abstention, no sentences counted
        Map<String, Double> abstained = QuestionScorer.score(instance, generated("", true, 0.1, ctx), QuestionScorerTest::doc, true, true);
        assertThat(abstained).containsEntry(MetricNames.ANSWER_HAS_GOLD, 0.0).containsEntry(MetricNames.ABSTAINED, 1.0)
                .containsEntry(MetricNames.FALSE_ABSTENTION, 1.0).containsEntry(MetricNames.SUPPORT, 0.1)
                .doesNotContainKey(MetricNames.ANSWER_SENTENCES);
        // the context lacks the answer: abstaining is no false abstention
        Map<String, Double> missing = QuestionScorer.score(instance, generated("", true, 0.1, List.of(chunk("B", "Other things."))),
                QuestionScorerTest::doc, true, true);
        assertThat(missing).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 0.0).containsEntry(MetricNames.ABSTAINED, 1.0)
                .doesNotContainKey(MetricNames.FALSE_ABSTENTION);
        // --no-generate: none of the answer metrics
        assertThat(QuestionScorer.score(instance, generated("x", false, 0.5, ctx), QuestionScorerTest::doc, false, true))
                .doesNotContainKeys(MetricNames.ANSWER_HAS_GOLD, MetricNames.ABSTAINED, MetricNames.ANSWER_SENTENCES, MetricNames.SUPPORT);
    }

    @Test
    void abstentionMetricsOfQuestionsToAbstainOn() {
        for (String type : List.of(EvalQuestion.UNANSWERABLE, EvalQuestion.OFF_CORPUS)) {
            EvalQuestion instance = new EvalQuestion("u", type, "Who built the other one?", List.of(),
                    List.of(Document.of("A", "x")), null, List.of(), Map.of(), null);
            assertThat(instance.expectsAbstention()).isTrue();
            List<ScoredChunk> ctx = List.of(chunk("A", "It was built by Ada Morrow."));
            assertThat(QuestionScorer.score(instance, generated("", true, 0.2, ctx), QuestionScorerTest::doc, true, false))
                    .containsEntry(MetricNames.CORRECT_ABSTENTION, 1.0).containsEntry(MetricNames.ABSTAINED, 1.0)
                    .doesNotContainKeys(MetricNames.ANSWER_HAS_GOLD, MetricNames.FALSE_ABSTENTION, MetricNames.EXACT_MATCH);
            assertThat(QuestionScorer.score(instance, generated("Ada Morrow built it.", false, 0.9, ctx), QuestionScorerTest::doc, true, false))
                    .containsEntry(MetricNames.CORRECT_ABSTENTION, 0.0).containsEntry(MetricNames.ABSTAINED, 0.0)
                    .containsEntry(MetricNames.ANSWER_SENTENCES, 1.0);
        }
        // the trace alone may say it abstained
        EvalQuestion off = new EvalQuestion("o", EvalQuestion.OFF_CORPUS, "Q?", List.of(), List.of(Document.of("A", "x")), null,
                List.of(), Map.of(), null);
        Answer traced = generated("", true, null, List.of());
        Answer plain = new Answer("q", Answer.NOT_ANSWERED, List.of(), null, traced.context(), traced.trace());
        assertThat(QuestionScorer.score(off, plain, QuestionScorerTest::doc, true, false)).containsEntry(MetricNames.CORRECT_ABSTENTION, 1.0);
    }
}
