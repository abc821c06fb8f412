package io.github.astrorag.eval;

import io.github.astrorag.eval.metrics.ChoiceMetrics;
import io.github.astrorag.eval.metrics.RetrievalMetrics;
import io.github.astrorag.eval.metrics.Rouge;
import io.github.astrorag.eval.metrics.MlqaMetrics;
import io.github.astrorag.eval.metrics.SquadMetrics;
import io.github.astrorag.core.internal.text.Sentences;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Scores one answer of one question. A metric is only reported where it is defined:
 * <ul>
 *   <li>with supporting documents: {@code support_recall} and {@code full_support} (documents with a
 *       chunk in the context), {@code support_precision} (the share of the context's chunk tokens from
 *       supporting documents; not for an empty context), {@code ndcg_at_10}, {@code recall_at_10} and {@code recall_at_20} (documents in the order of
 *       the retrieve stage's candidates, each at its best chunk's rank);</li>
 *   <li>with gold answers, not multiple choice and not {@code open} (whose reference is a paragraph):
 *       {@code answer_in_context}; and when a gold answer occurs in the question's documents (a span,
 *       unlike "yes" or "no"), the same value as {@code span_answer_in_context};</li>
 *   <li>when answers were generated, with gold answers, not multiple choice: {@code exact_match},
 *       {@code f1} (SQuAD) and {@code rouge_1}, {@code rouge_2}, {@code rouge_l} (best over the gold
 *       answers, stemmed as rouge-score); citation markers {@code [n]} are removed from the answer first;</li>
 *   <li>when answers were generated, with gold answers, neither multiple choice nor {@code open}:
 *       {@code answer_has_gold} (the answer without citation markers holds a gold answer as
 *       {@code answer_in_context} matches; 0 for an abstention); and when {@code answer_in_context} is 1:
 *       {@code false_abstention};</li>
 *   <li>when answers were generated, multiple choice: {@code mc_accuracy} (exact letter set);</li>
 *   <li>when answers were generated: {@code abstained} ({@link Answer#abstained()}, or the {@code generate}
 *       stage's detail {@code abstained}); for the types {@code unanswerable} and {@code off-corpus}
 *       {@code correct_abstention} (the same value); not multiple choice and no abstention:
 *       {@code answer_sentences} (the answer's sentences without citation markers, as the core's sentence
 *       splitter finds them); and when the {@code generate} stage's details hold a number under {@code support}:
 *       {@code support}, that number;</li>
 *   <li>always: {@code documents_in_context} (distinct documents with a chunk in the context) and
 *       {@code context_tokens}.</li>
 * </ul>
 */
public final class QuestionScorer {

    private static final Rouge ROUGE = Rouge.withStemming();
    private static final Pattern CITATION = Pattern.compile("(?<!\\s)\\s*+\\[\\d++]");

    /** The cut-off of {@code recall_at_20}: the whole list of the pipelines' 20 candidates. */
    static final int CANDIDATE_K = 20;

    private QuestionScorer() {
    }

    /**
     * The scores of {@code answer}.
     *
     * @param question   the question asked
     * @param answer     its answer, with the context and the trace
     * @param documentOf maps a chunk id of the question's index to its document id
     * @param generated  whether {@code answer}'s text was generated (not {@code --no-generate})
     * @param spanAnswer whether a gold answer occurs in the question's documents (see {@link #isSpan}); only
     *                   then is {@code span_answer_in_context} reported
     * @return metric name → value, only the metrics defined for this question
     */
    public static Map<String, Double> score(EvalQuestion question, Answer answer, Function<String, String> documentOf,
                                            boolean generated, boolean spanAnswer) {
        Map<String, Double> s = new LinkedHashMap<>();
        List<ScoredChunk> context = answer.context().chunks();
        Map<String, Integer> tokensByDocument = new LinkedHashMap<>();
        context.forEach(c -> tokensByDocument.merge(c.chunk().documentId(), c.chunk().tokens(), Integer::sum));
        if (!question.supporting().isEmpty()) {
            List<String> inContext = List.copyOf(tokensByDocument.keySet());
            s.put(MetricNames.FULL_SUPPORT, RetrievalMetrics.fullSupport(inContext, question.supporting()));
            s.put(MetricNames.SUPPORT_RECALL, RetrievalMetrics.supportRecall(inContext, question.supporting()));
            if (tokensByDocument.values().stream().anyMatch(t -> t > 0)) {
                s.put(MetricNames.SUPPORT_PRECISION, RetrievalMetrics.supportPrecision(tokensByDocument, question.supporting()));
            }
            List<String> ranked = answer.trace().stage("retrieve").map(Trace.Stage::candidates).orElse(List.of())
                    .stream().map(c -> documentOf.apply(c.id())).toList();
            s.put(MetricNames.NDCG_10, RetrievalMetrics.ndcgAt(RetrievalMetrics.DEFAULT_K, ranked, question.supporting()));
            s.put(MetricNames.RECALL_10, RetrievalMetrics.recallAt(RetrievalMetrics.DEFAULT_K, ranked, question.supporting()));
            s.put(MetricNames.RECALL_20, RetrievalMetrics.recallAt(CANDIDATE_K, ranked, question.supporting()));
        }
        boolean mc = question.multipleChoice();
        if (hasExtractiveAnswer(question)) {
            double found = answerInContext(question, answer.context().text());
            s.put(MetricNames.ANSWER_IN_CONTEXT, found);
            if (spanAnswer) {
                s.put(MetricNames.SPAN_ANSWER_IN_CONTEXT, found);
            }
        }
        Map<String, Object> generation = answer.trace().stage("generate").map(Trace.Stage::details).orElse(Map.of());
        boolean abstained = answer.abstained() || Boolean.TRUE.equals(generation.get("abstained"));
        if (generated) {
            scoreAbstention(s, question, answer, abstained, generation.get(MetricNames.SUPPORT));
        }
        if (generated && mc) {
            s.put(MetricNames.MC_ACCURACY, ChoiceMetrics.correct(answer.choice(), question.goldLetters()));
        } else if (generated && !question.answers().isEmpty()) {
            String text = withoutCitations(answer.text());
            if (hasExtractiveAnswer(question)) {
                s.put(MetricNames.ANSWER_HAS_GOLD, abstained ? 0.0 : answerInContext(question, text));
            }
            s.put(MetricNames.EXACT_MATCH, question.english() ? SquadMetrics.exactMatch(text, question.answers())
                    : MlqaMetrics.exactMatch(text, question.answers()));
            s.put(MetricNames.F1, question.english() ? SquadMetrics.tokenF1(text, question.answers())
                    : MlqaMetrics.tokenF1(text, question.answers()));
            s.put(MetricNames.ROUGE_1, ROUGE.best(Rouge.Type.ROUGE_1, text, question.answers()).f1());
            s.put(MetricNames.ROUGE_2, ROUGE.best(Rouge.Type.ROUGE_2, text, question.answers()).f1());
            s.put(MetricNames.ROUGE_L, ROUGE.best(Rouge.Type.ROUGE_L, text, question.answers()).f1());
        }
        s.put(MetricNames.DOCUMENTS_IN_CONTEXT, (double) tokensByDocument.size());
        s.put(MetricNames.CONTEXT_TOKENS, (double) answer.context().tokens());
        return s;
    }

    /** The abstention metrics of a generated answer; {@code s} already holds {@code answer_in_context} where defined. */
    private static void scoreAbstention(Map<String, Double> s, EvalQuestion question, Answer answer, boolean abstained,
                                        Object support) {
        double a = abstained ? 1.0 : 0.0;
        s.put(MetricNames.ABSTAINED, a);
        if (question.expectsAbstention()) {
            s.put(MetricNames.CORRECT_ABSTENTION, a);
        }
        if (Double.valueOf(1.0).equals(s.get(MetricNames.ANSWER_IN_CONTEXT))) {
            s.put(MetricNames.FALSE_ABSTENTION, a);
        }
        if (!abstained && !question.multipleChoice()) {
            s.put(MetricNames.ANSWER_SENTENCES, (double) Sentences.split(withoutCitations(answer.text())).size());
        }
        if (support instanceof Number n && Double.isFinite(n.doubleValue())) {
            s.put(MetricNames.SUPPORT, n.doubleValue());
        }
    }

    /** Whether {@code answer_in_context} is defined: gold answers, neither multiple choice nor {@code open}. */
    static boolean hasExtractiveAnswer(EvalQuestion question) {
        return !question.answers().isEmpty() && !question.multipleChoice() && !EvalQuestion.OPEN.equals(question.type());
    }

    /**
     * Whether the question's gold answer is a span: {@link #hasExtractiveAnswer}, not a yes/no answer (every
     * gold answer normalising to {@code yes} or {@code no}: a judgment, even where a document happens to hold
     * the word), and some gold answer occurs (as {@code answer_in_context} matches) in the normal form of its
     * documents' texts.
     *
     * @param normalizedDocuments the question's documents' texts in its {@link #normalize} form, joined by spaces
     */
    static boolean isSpan(EvalQuestion question, String normalizedDocuments) {
        return hasExtractiveAnswer(question)
                && !question.answers().stream().map(SquadMetrics::normalize).allMatch(a -> a.equals("yes") || a.equals("no"))
                && (question.english() ? SquadMetrics.answerInNormalized(normalizedDocuments, question.answers())
                : MlqaMetrics.answerInNormalized(normalizedDocuments, question.answers())) > 0;
    }

    /** The form a question's answers are looked for in: SQuAD's containment form for English, MLQA's normal form for another language. */
    static String normalize(EvalQuestion question, String text) {
        return question.english() ? SquadMetrics.containmentForm(text) : MlqaMetrics.normalize(text);
    }

    /** Whether a gold answer is in {@code text}, matched as the question's language is scored. */
    private static double answerInContext(EvalQuestion question, String text) {
        return question.english() ? SquadMetrics.answerInContext(text, question.answers())
                : MlqaMetrics.answerInContext(text, question.answers());
    }

    /**
     * The answer text without {@code [n]} citation markers (and the white space before them). Linear: a
     * match may start only where a run of white space starts, so no run is scanned from each of its
     * characters.
     */
    static String withoutCitations(String text) {
        return CITATION.matcher(text).replaceAll("").strip();
    }
}
