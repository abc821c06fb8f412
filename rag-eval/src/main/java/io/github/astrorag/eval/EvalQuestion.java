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
 * One evaluation question, an "instance" in the schema of the evaluation data files (see docs/evaluation.md): its own
 * {@code documents}, or a
 * {@code corpus} folder whose files are its documents (ids = file names without extension).
 *
 * @param id         unique id
 * @param type       {@code multi-hop}, {@code extractive}, {@code mcq-single}, {@code mcq-multi},
 *                   {@code judgment}, {@code open}, {@code claim}, {@code unanswerable}, {@code off-corpus}
 * @param question   the query text
 * @param answers    acceptable gold answers (may be empty)
 * @param documents  the question's own documents (empty when {@code corpus} is given)
 * @param corpus     the corpus folder, already resolved against the data file's folder, or {@code null}
 * @param supporting ids of the documents holding the evidence (may be empty)
 * @param options    option letter to text, for multiple choice; empty otherwise
 * @param answerKey  the correct letters ({@code BD}) or, for judgment, {@code true}/{@code false}; or {@code null}
 * @param language   the BCP 47 language of the question and its documents ({@code zh}, {@code ar}, ...) where the data
 *                   says it, else {@code null}: answers of another language than English are matched as MLQA scores
 *                   them ({@link io.github.astrorag.eval.metrics.MlqaMetrics}), and the report has a row per language
 */
public record EvalQuestion(String id, String type, String question, List<String> answers, List<Document> documents,
                           @Nullable Path corpus, List<String> supporting, Map<String, String> options,
                           @Nullable String answerKey, @Nullable String language) {

    /** The type of true/false questions. */
    public static final String JUDGMENT = "judgment";
    /** The type of multi-select questions. */
    public static final String MCQ_MULTI = "mcq-multi";
    /** The type of open questions with a long reference answer. */
    public static final String OPEN = "open";

    /** The type of questions whose documents look relevant but do not answer them (SQuAD 2.0's adversarial ones). */
    public static final String UNANSWERABLE = "unanswerable";
    /** The type of questions asked over documents about something else ({@link EvalDataset#offCorpus}). */
    public static final String OFF_CORPUS = "off-corpus";

    /**
     * A question with no language given.
     *
     * @param id         unique id
     * @param type       the question type
     * @param question   the query text
     * @param answers    acceptable gold answers (may be empty)
     * @param documents  the question's own documents
     * @param corpus     the corpus folder, or {@code null}
     * @param supporting ids of the documents holding the evidence (may be empty)
     * @param options    option letter to text, for multiple choice; empty otherwise
     * @param answerKey  the correct letters or judgment; or {@code null}
     */
    public EvalQuestion(String id, String type, String question, List<String> answers, List<Document> documents,
                        @Nullable Path corpus, List<String> supporting, Map<String, String> options,
                        @Nullable String answerKey) {
        this(id, type, question, answers, documents, corpus, supporting, options, answerKey, null);
    }

    /**
     * Whether the answers are matched as in English ({@link io.github.astrorag.eval.metrics.SquadMetrics}): no
     * language given, or English ({@code en}, {@code en-GB}, ...).
     *
     * @return {@code true} unless the data names another language
     */
    public boolean english() {
        return language == null || language.equalsIgnoreCase("en") || language.regionMatches(true, 0, "en-", 0, 3);
    }

    /** The options a judgment question is asked with. */
    public static final Map<String, String> JUDGMENT_OPTIONS = Map.of(ChoiceMetrics.TRUE, "True", ChoiceMetrics.FALSE, "False");

    /**
     * Copies the lists and the options (sorted by letter, immutable) and checks that exactly one of
     * {@code documents} and {@code corpus} is given.
     *
     * @param id         unique id within its data file; not {@code null}
     * @param type       the question type ({@code multi-hop}, {@code extractive}, {@code mcq-single},
     *                   {@code mcq-multi}, {@code judgment}, {@code open}, {@code claim}, {@code unanswerable},
     *                   {@code off-corpus}); not {@code null}
     * @param question   the query text; not {@code null}
     * @param answers    acceptable gold answers; may be empty
     * @param documents  the question's own documents; empty exactly when {@code corpus} is given
     * @param corpus     the corpus folder, already resolved against the data file's folder; {@code null} exactly
     *                   when {@code documents} is not empty
     * @param supporting ids of the documents holding the evidence; may be empty
     * @param options    option letter to text, for multiple choice; empty otherwise
     * @param answerKey  the correct letters ({@code BD}) or, for judgment, {@code true}/{@code false}; or {@code null}
     * @param language   the BCP 47 language of the question and its documents where the data says it ({@code zh},
     *                   {@code ar}, ...); or {@code null}
     * @throws IllegalArgumentException if both or neither of {@code documents} and {@code corpus} are given
     * @throws NullPointerException if {@code id}, {@code type} or {@code question} is {@code null}
     */
    public EvalQuestion {
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

    /**
     * Whether the question is answered by choosing letters.
     *
     * @return {@code true} when an answer key is given and there are options or the type is {@value #JUDGMENT}
     */
    public boolean multipleChoice() {
        return answerKey != null && (!options.isEmpty() || JUDGMENT.equals(type));
    }

    /**
     * The options the question is asked with.
     *
     * @return the question's options, or {@link #JUDGMENT_OPTIONS} ({@code A}: True, {@code B}: False) for a
     *         judgment without options; immutable, possibly empty for a question that is not multiple choice
     */
    public Map<String, String> effectiveOptions() {
        return options.isEmpty() && JUDGMENT.equals(type) ? JUDGMENT_OPTIONS : options;
    }

    /**
     * The correct letters, as {@link io.github.astrorag.core.model.Answer#choice()} should give them.
     *
     * @return the answer key's letters (such as {@code BD}); for a judgment without options {@code A} (true) or
     *         {@code B} (false)
     * @throws IllegalStateException if the question is not {@link #multipleChoice()}
     * @throws IllegalArgumentException if a judgment's answer key is neither {@code true} nor {@code false}
     */
    public String goldLetters() {
        if (!multipleChoice()) {
            throw new IllegalStateException("instance " + id + " is not multiple choice");
        }
        return options.isEmpty() ? ChoiceMetrics.judgmentKey(answerKey) : answerKey;
    }

    /**
     * Whether several letters may be right.
     *
     * @return {@code true} for the type {@value #MCQ_MULTI}
     */
    public boolean multiSelect() {
        return MCQ_MULTI.equals(type);
    }

    /**
     * Whether the right answer is an abstention: the documents do not answer the question.
     *
     * @return {@code true} for the types {@value #UNANSWERABLE} and {@value #OFF_CORPUS}
     */
    public boolean expectsAbstention() {
        return UNANSWERABLE.equals(type) || OFF_CORPUS.equals(type);
    }

    /**
     * The query as a user would ask it.
     *
     * @return the question with its {@link #effectiveOptions()} when it is {@link #multipleChoice()}, else the
     *         question alone
     */
    public Query query() {
        return multipleChoice() ? Query.withOptions(question, effectiveOptions()) : Query.of(question);
    }
}
