package io.github.astrorag.eval;

import io.github.astrorag.eval.metrics.ChoiceMetrics;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One evaluation question in the schema of the data README: its own {@code documents}, or a
 * {@code corpus} folder whose files are its documents (ids = file names without extension).
 *
 * @param id         unique id
 * @param type       {@code multi-hop}, {@code extractive}, {@code mcq-single}, {@code mcq-multi},
 *                   {@code judgment}, {@code open}, {@code claim}
 * @param question   the query text
 * @param answers    acceptable gold answers (may be empty)
 * @param documents  the instance's own documents (empty when {@code corpus} is given)
 * @param corpus     the corpus folder, already resolved against the data file's folder, or {@code null}
 * @param supporting ids of the documents holding the evidence (may be empty)
 * @param options    option letter to text, for multiple choice; empty otherwise
 * @param answerKey  the correct letters ({@code BD}) or, for judgment, {@code true}/{@code false}; or {@code null}
 */
public record EvalInstance(String id, String type, String question, List<String> answers, List<Document> documents,
                           @Nullable Path corpus, List<String> supporting, Map<String, String> options,
                           @Nullable String answerKey) {

    /** The type of true/false questions. */
    public static final String JUDGMENT = "judgment";
    /** The type of multi-select questions. */
    public static final String MCQ_MULTI = "mcq-multi";
    /** The type of open questions with a long reference answer. */
    public static final String OPEN = "open";

    /** The options a judgment question is asked with. */
    public static final Map<String, String> JUDGMENT_OPTIONS = Map.of(ChoiceMetrics.TRUE, "True", ChoiceMetrics.FALSE, "False");

    public EvalInstance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(question, "question");
        answers = List.copyOf(answers);
        documents = List.copyOf(documents);
        supporting = List.copyOf(supporting);
        options = java.util.Collections.unmodifiableMap(new TreeMap<>(options));
        if (documents.isEmpty() == (corpus == null)) {
            throw new IllegalArgumentException("instance " + id + " needs either documents or a corpus, not "
                    + (corpus == null ? "neither" : "both"));
        }
    }

    /** Whether the question is answered by choosing letters (options given, or a true/false judgment). */
    public boolean multipleChoice() {
        return answerKey != null && (!options.isEmpty() || JUDGMENT.equals(type));
    }

    /** The options asked: the instance's, or {A: True, B: False} for a judgment without options. */
    public Map<String, String> effectiveOptions() {
        return options.isEmpty() && JUDGMENT.equals(type) ? JUDGMENT_OPTIONS : options;
    }

    /** The correct letters; for judgment {@code A} (true) or {@code B} (false). Only for multiple choice. */
    public String goldLetters() {
        if (!multipleChoice()) {
            throw new IllegalStateException("instance " + id + " is not multiple choice");
        }
        return options.isEmpty() ? ChoiceMetrics.judgmentKey(answerKey) : answerKey;
    }

    /** Whether several letters may be right. */
    public boolean multiSelect() {
        return MCQ_MULTI.equals(type);
    }

    /** The query as a user would ask it: open, or with its options. */
    public Query query() {
        return multipleChoice() ? Query.withOptions(question, effectiveOptions()) : Query.of(question);
    }
}
