package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.generate.SentenceCandidates.Candidate;
import io.github.astrorag.core.internal.text.Prose;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.core.language.ScriptLanguageDetector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The offline default generator: answers with the context's own sentences, so every word of the answer
 * is quoted and cited exactly. No language model is involved.
 *
 * <p><b>Scoring.</b> Each sentence of the context is scored by
 * {@code cos(q, s) + v·max(0, cos(q, s + next) − cos(q, s)) + w·overlap(q, s)}: the cosine between the question's
 * and the sentence's embeddings (the pipeline's {@link Embedder}), plus what reading the sentence with the next one of
 * its paragraph adds to that cosine ({@code v} = {@value #DEFAULT_WINDOW_WEIGHT}: a sentence that leads into its
 * answer, "Anyone living near the sea is familiar with ..." before the tidal bulges, is found by its pair), plus the
 * IDF-weighted fraction of the question's terms that the sentence contains (IDF {@code log(1 + N/df)} over the
 * context's N sentences; {@code w} = {@value #DEFAULT_OVERLAP_WEIGHT}, {@value #DEFAULT_OPTION_OVERLAP_WEIGHT} for
 * multiple choice, which reads no window). A sentence that opens with a reference to the one
 * before it in its chunk (This, These, Those, That, Such, It, Its, They, Their, He, She, His, Her, The latter) is
 * matched with the terms of both, as it is read: "His father was Shi Bingzhi." answers a question about the person
 * the sentence before names. Only the {@value #DEFAULT_EMBED_LIMIT} sentences best by overlap are embedded (each with its
 * window), which bounds the cost per question at twice that many texts embedded.
 *
 * <p><b>Which sentences may be quoted.</b> The sentences are the context's readable ones ({@link Prose}: headings
 * are never quoted, Markdown syntax and leftovers of removed markup such as an emptied {@code ()} are left out,
 * a sentence's line breaks become spaces). An open answer quotes only <em>statements</em>:
 * <ul>
 *   <li>at least {@value AnswerCues#MIN_WORDS} words, with an end mark ({@code . ! ?}) or a verb-like word (an
 *       auxiliary such as is, has, can, or a lower-case word ending in -s or -ed): a title such as "History of
 *       the Kestrel Observatory" is none; a sentence mostly in another script needs no English verb: three words
 *       counted by segmentation (a Han character is one, Thai by dictionary) and its script's end mark
 *       ({@code 。 ！ ？ । ؟} ...; Thai and Lao, which end sentences with a space, four words and none);</li>
 *   <li>no fragment: the first sentence of a chunk that starts inside its document (its span's start is above
 *       0) is a fragment when it starts with a lower-case letter or punctuation, or when it is the tail of a
 *       sentence of another chunk of the same document in the context (the chunk overlap repeats it);</li>
 *   <li>no repeat: a sentence whose normalised text (lower case, letters and digits only) equals one already
 *       seen, from an earlier chunk of the context, is skipped.</li>
 * </ul>
 *
 * <p><b>What a book holds and what a question asks.</b> A sentence is never an answer when it is a question (it
 * ends with "?"), cut off (it ends with a comma or a semicolon) or interrupted by a note a converter inserted
 * ("... background (CMB)Recall that ..."); what a removed reference left is taken out ("(see )", "in ?", a
 * subject-less "shows ..." glued to the sentence before), and two sentences glued with no space where a footnote was
 * removed ("... called it a nova.We now know ...") or with no end mark where a heading was run into its paragraph
 * ("Critical Density of the Universe As we discussed, ...") are read as two; a figure's "(credit: ...)" is dropped.
 * Each sentence knows the part of its document it is in ({@link io.github.astrorag.core.model.Metadata#PARTS}):
 * when the best body sentence is supported enough to answer ({@code minSupport}), only body sentences answer, so a
 * caption, exercise, learning objective, heading or reference answers only when body prose does not (for a quantity
 * question, a caption that gives one of the kind asked also answers when no supported body sentence gives one). A
 * quantity question ("how hot, far, old, long, many, much, fast, high, large, massive, quickly", or one that names
 * its quantity: "what is the temperature of ...", "what mass ...") prefers a number with a unit of its kind, and
 * counts the noun of its adjective among the words a sentence should hold ("how hot": temperature), a
 * definition question ("what is X", X the head of its phrase: "the photosphere" of "the photosphere of the Sun") a
 * sentence that defines X (X opens it, or a clause after a colon, before is/are/means/"must be", or comes right
 * after called, dubbed, known as, referred to as, "given the name", "we call the object a", or in apposition: "the
 * parsec (pc), the distance of ..."), a reason question ("why") a sentence that gives a cause (because, due to,
 * causes, leads to, results in, "..., so ...", "the answer turned out to be", a mechanism in the passive with its
 * agent: "is pushed ... by", ...)
 * or opens as the result of the sentence before it ("For this reason, ...", "As a result, ...", "Therefore, ..."),
 * each if its score is within {@code margin} + {@value #CUE_MARGIN} of the best, and a "who" question a sentence
 * that names someone the question does not (two capitalised words in a row) within {@code margin}, one that also
 * holds the verb the question asks about ("who predicted ...") within {@code margin} + {@value #CUE_MARGIN}; a
 * sentence is matched with the question through the acronyms its context defines ("the cosmic microwave background
 * (CMB)": a sentence saying "CMB" holds cosmic, microwave, background); a preferred
 * sentence must itself be supported enough to answer ({@code minSupport}), so that no cue turns an answer into an
 * abstention. Among the sentences within {@code margin} of the best, a definition that names what it defines ("The
 * surface surrounding a black hole, where the escape velocity equals the speed of light, is called the event horizon")
 * answers before one that only says what it is ("The event horizon is the boundary of the black hole"). Then a
 * best sentence that holds none of the question's content terms and does not refer back to the sentence before it
 * ("The temperature of the chromosphere is about 10,000 K." for "How hot is it at the very center of the Sun?")
 * gives way to the best sentence within {@code margin} that holds some and is of the same kind (giving what the
 * question asks for, or not) and supported enough to answer: its cosine says it is on the topic, not that it answers.
 * A definition answer of one sentence that only names its subject ("... a technique called adaptive optics that
 * ...") is followed by the next sentence of its paragraph when that one refers back ("This technique ...").
 * A "why" answer that opens as a consequence ("As a consequence, ...") or as an inference from what the sentence
 * before reports ("This discrepancy implies that ...", "These observations show that ...") is preceded by the
 * sentence it refers back to, so is a definition that refers back ("This disturbance is called a gravitational
 * wave"), and a "who" answer that names no one else by the nearest of the three sentences before it that does
 * ("Nicolaus Copernicus was born ... His training ... His great contribution ..."), or, when it opens with He, She,
 * His, Her, They or Their and none does, by the sentence before.
 * A sentence of a "why" answer that gives no cause is followed by the next sentence of its passage when that one
 * opens by explaining or correcting it ("However, ...", "But ...", "This is because ...", "The reason is ..."): "...
 * we might expect to see an eclipse ... each month ... However, the Moon's orbit is tilted ... by about 5°".
 *
 * <p><b>Open answers: one sentence unless a second adds coverage.</b> The answer is the best-scored statement;
 * when the question asks for a kind of answer (see {@code typeMatch} below) that it lacks, the best-scored one that
 * holds it, if its score is within {@code margin} of the best.
 * A further statement follows (up to {@code maxSentences}, default {@value #DEFAULT_MAX_SENTENCES}, in score
 * order) only when both hold: its score is at least the best score less {@code margin} (default
 * {@value #DEFAULT_MARGIN}), and it holds question content terms that the sentences already chosen lack,
 * worth at least {@code minGain} (default {@value #DEFAULT_MIN_GAIN}) of the question's IDF weight. In Thai and
 * Lao (by the question's script), whose sentences end at any space and so are often phrases, the best one is
 * followed by the next piece of text of its passage (the name that completes "... lies near"). Each
 * sentence is followed by its citation {@code [n]}, written once after consecutive sentences of one chunk; markers a
 * document wrote into a sentence ({@code [1]}, {@code [2, 3]}) are left out of the answer's text, so that only the
 * answer's own read as citations (the quote keeps them). There
 * is one {@link Citation} per cited chunk, numbered 1, 2, ... in answer order (as the {@link Generator} contract
 * defines it); its quote is the chunk's verbatim span from the first to the last quoted sentence of that chunk.
 *
 * <p><b>Abstention.</b> The answer's <em>support</em> is that of its best supported sentence, a sentence's support
 * being, in [0, 1], higher meaning better supported:
 * <pre>
 * support = (0.25·coverage + 0.75·max(0, cosine)) · (1 − 0.25·unmatched) · (typeMatch ? 1 : 0.9)
 * </pre>
 * where, over the question's content terms Q (its terms less question words such as what, how, does):
 * {@code coverage} is the IDF-weighted share of Q the sentence holds; {@code cosine} is the cosine between the
 * question's and the sentence's embeddings; {@code unmatched} is the IDF-weighted share of Q that no sentence of
 * the context holds (a term found nowhere weighs {@code log(1 + N)}, as if in one sentence), which a question
 * about something else entirely has near 1; {@code typeMatch} is whether the sentence holds the kind of answer the question asks for
 * ("when": a date or number; "how many/much/far/...": a number; "who": a name; any sentence for other
 * questions). Each factor is non-negative and rises with its evidence, so support is
 * monotone in it. Below {@code minSupport} (default {@value #DEFAULT_MIN_SUPPORT}, the default embedding model's;
 * the cosine's scale is the embedding model's, so an embedder may declare its own under {@link #MIN_SUPPORT_HINT},
 * as the built-in models and the model-free hashing embedder do; with any other, choose it by the evaluation's
 * abstention curve) the answer is
 * {@link Answer#abstention(String, String, Context) an abstention} saying {@link #NO_ANSWER}. An empty context,
 * or one with no statement, abstains too. The generate stage's trace always holds {@value #SUPPORT} (a
 * double), its components {@value #COVERAGE}, {@value #COSINE}, {@value #UNMATCHED} (with the terms, under
 * {@value #UNMATCHED_TERMS}), {@value #ANSWER_TYPE}, {@value #TYPE_MATCH} (of the sentence that gave the support),
 * the threshold {@value #MIN_SUPPORT},
 * {@value #ABSTAINED} (a boolean) and {@value #CLOSEST_PASSAGE} (the best statement: its text, chunk id and
 * number), so that a reader can see why. See docs/configuration.md; how the weights and the default threshold were
 * chosen, with what they measure and the commands, is in docs/evaluation.md.
 *
 * <p><b>Abstention per language.</b> When the embedder declares the languages it reads ({@link Embedder#languages()};
 * the bundled English models declare {@code en}) and the question's script says another ({@link ScriptLanguageDetector}:
 * Chinese, Arabic, Thai, ...; Latin script reads as English), the cosine says nothing, so neither the ranking nor the
 * support uses it: sentences are ranked by {@code w·overlap} alone over the question's content terms less the
 * language's question words (no sentence is embedded), and the support is the lexical one,
 * {@code 0.5·found + 0.5·held} over the question's evidence terms (its function words left out, Arabic normalised;
 * see {@code LexicalSupport}), compared with the language's measured threshold (Chinese 0.333, Arabic 0.4375,
 * Thai 0.45, any other 0.35; measured with the default pipeline in docs/languages.md).
 * {@link Builder#minSupport(String, double)}
 * sets the threshold of a language, in either case. A question the embedder reads, and every question when the
 * embedder declares no languages, is scored as above, unchanged.
 *
 * <p><b>Multiple choice.</b> A multiple-choice question gets the option whose support is strongest: for option
 * {@code o}, the best over all sentences {@code s} of {@code cos(question + o, s) + w·overlap(o, s)}, where
 * {@code overlap(o, s)} counts only the option's terms that the question does not already contain; the answer
 * names the option and quotes the sentence that supports it (with an empty context, the option closest to the
 * question, citing nothing). It never abstains.
 *
 * <p>The answer text carries the cleaned sentence; the citation's quote is the exact span of the chunk it came
 * from (markup and line breaks as written), so that a quote can always be found in its chunk verbatim, as the
 * {@link Generator} contract requires. Cost: O(total sentence length) to read the context, at most
 * {@code embedLimit} sentences and as many windows embedded, O(N·|Q|) to score. Deterministic; immutable; thread-safe.
 */
public final class ExtractiveGenerator implements Generator {

    /** A citation marker in a document's sentence, with the white space before it. */
    private static final Pattern MARKER_IN_TEXT =
            Pattern.compile("\\s*" + CitationParser.MARKER.pattern());

    /** The most sentences in an open answer; a second is added only when it adds coverage. */
    public static final int DEFAULT_MAX_SENTENCES = 2;
    /** Weight of term overlap against cosine in an open answer's score. */
    public static final double DEFAULT_OVERLAP_WEIGHT = 0.3;
    /** Weight of term overlap against cosine in a multiple-choice option's score, unless an overlap weight is set. */
    public static final double DEFAULT_OPTION_OVERLAP_WEIGHT = 0.5;
    /** Most sentences embedded per question. */
    public static final int DEFAULT_EMBED_LIMIT = 32;
    /** Weight of what a sentence read with the next one adds to its cosine with the question. */
    public static final double DEFAULT_WINDOW_WEIGHT = 0.5;
    /** How far below the best score a further sentence's score may be. */
    public static final double DEFAULT_MARGIN = 0.15;
    /** The least share of the question's IDF weight a further sentence must add. */
    public static final double DEFAULT_MIN_GAIN = 0.05;
    /** The least support an answer needs; below it the generator abstains (chosen with bge-small-en-v1.5). */
    public static final double DEFAULT_MIN_SUPPORT = 0.44;
    /**
     * The key under which an embedder's {@link Embedder#describe() description} may name the least support this
     * generator should ask of an answer with it (a number in [0, 1]): the cosine's scale is the model's. The
     * built-in models declare theirs ({@code SentenceModel.extractiveMinSupport()}, the model-free hashing
     * embedder 0.25); with an embedder that declares none the default is {@value #DEFAULT_MIN_SUPPORT}.
     */
    public static final String MIN_SUPPORT_HINT = "extractiveMinSupport";

    /** The answer given when the context does not answer the question ({@link Answer#NOT_ANSWERED}). */
    public static final String NO_ANSWER = Answer.NOT_ANSWERED;

    /** Trace key: the answer's support in [0, 1] (a double): that of its best supported sentence. */
    public static final String SUPPORT = "support";
    /** Trace key: the IDF-weighted share of the question's content terms the best supported sentence holds. */
    public static final String COVERAGE = "coverage";
    /** Trace key: the cosine between the question and the best supported sentence. */
    public static final String COSINE = "cosine";
    /** Trace key: the IDF-weighted share of the question's content terms no sentence of the context holds. */
    public static final String UNMATCHED = "unmatched";
    /** Trace key: the question's content terms no sentence of the context holds (a sorted list). */
    public static final String UNMATCHED_TERMS = "unmatchedTerms";
    /** Trace key: the kind of answer the question asks for (NONE, DATE, NUMBER, NAME). */
    public static final String ANSWER_TYPE = "answerType";
    /** Trace key: 1.0 if the best statement holds what the answer type asks for (or there is none), else 0.0. */
    public static final String TYPE_MATCH = "typeMatch";
    /** Trace key: the threshold the support was compared with. */
    public static final String MIN_SUPPORT = "minSupport";
    /** Trace key: whether the answer is an abstention (a boolean). */
    public static final String ABSTAINED = "abstained";
    /** Trace key: the best statement, a map of {@code text}, {@code chunkId} and {@code number} (absent if none). */
    public static final String CLOSEST_PASSAGE = "closestPassage";

    /**
     * The answer cues in use, for measuring what each gains: the system property
     * {@code astrorag.extractive.cues}, a comma-separated subset of parts, quantity, definition, reason, name,
     * naming, agent, verb, describe, acronyms, consequence (default all eleven). A diagnostic for the evaluation (docs/evaluation.md), not a setting.
     */
    private static final Set<String> CUES = Set.of(System.getProperty("astrorag.extractive.cues",
            "parts,quantity,definition,reason,name,naming,agent,verb,describe,acronyms,consequence").split(","));

    /**
     * How much further than {@code margin} below the best score a sentence that gives what a quantity,
     * definition or reason question asks for may be, and still answer first.
     */
    static final double CUE_MARGIN = 0.1;

    private final Embedder embedder;
    private final int maxSentences;
    private final double overlapWeight;
    private final int embedLimit;
    private final double windowWeight;
    private final double margin;
    private final double minGain;
    private final double minSupport;
    private final SentenceScorer scorer;
    private final SentenceScorer optionScorer;
    private final TermAnalyzer analyzer;
    private final Map<String, Double> languageMinSupport;

    private static final LanguageDetector LANGUAGE = new ScriptLanguageDetector();

    /**
     * The defaults: at most 2 sentences, overlap weight 0.3 (0.5 for multiple choice), 32 sentences embedded with
     * their windows at weight 0.5, margin 0.15, gain 0.05,
     * support at least the embedder's declared threshold, or 0.44.
     *
     * @param embedder the embedder comparing sentences with the question
     */
    public ExtractiveGenerator(Embedder embedder) {
        this(builder(embedder));
    }

    /**
     * A generator with the given settings and the defaults for the others (margin, gain, support).
     *
     * @param embedder the embedder comparing sentences with the question
     * @param maxSentences the most sentences in an answer, at least 1
     * @param overlapWeight the weight w of term overlap against cosine similarity, finite and at least 0
     * @param embedLimit the most sentences embedded per answer, at least 1
     */
    public ExtractiveGenerator(Embedder embedder, int maxSentences, double overlapWeight, int embedLimit) {
        this(builder(embedder).maxSentences(maxSentences).overlapWeight(overlapWeight).embedLimit(embedLimit));
    }

    private ExtractiveGenerator(Builder b) {
        this.embedder = b.embedder;
        this.maxSentences = b.maxSentences == null ? DEFAULT_MAX_SENTENCES : b.maxSentences;
        this.overlapWeight = b.overlapWeight == null ? DEFAULT_OVERLAP_WEIGHT : b.overlapWeight;
        this.embedLimit = b.embedLimit == null ? DEFAULT_EMBED_LIMIT : b.embedLimit;
        this.windowWeight = b.windowWeight == null ? DEFAULT_WINDOW_WEIGHT : b.windowWeight;
        this.margin = b.margin == null ? DEFAULT_MARGIN : b.margin;
        this.minGain = b.minGain == null ? DEFAULT_MIN_GAIN : b.minGain;
        this.minSupport = b.minSupport != null ? b.minSupport : declaredMinSupport(b.embedder);
        this.scorer = new SentenceScorer(embedder, overlapWeight, embedLimit, windowWeight);
        this.optionScorer = new SentenceScorer(embedder,
                b.overlapWeight == null ? DEFAULT_OPTION_OVERLAP_WEIGHT : b.overlapWeight, embedLimit);
        this.analyzer = b.analyzer == null ? EnglishTermAnalyzer.defaults() : b.analyzer;
        this.languageMinSupport = Map.copyOf(b.languageMinSupport);
    }

    /** The threshold {@code embedder} declares under {@link #MIN_SUPPORT_HINT}, or {@link #DEFAULT_MIN_SUPPORT}. */
    private static double declaredMinSupport(Embedder embedder) {
        Object declared = embedder.describe().get(MIN_SUPPORT_HINT);
        if (declared instanceof Number n && n.doubleValue() >= 0 && n.doubleValue() <= 1) {
            return n.doubleValue();
        }
        return DEFAULT_MIN_SUPPORT;
    }

    /**
     * A builder over {@code embedder}, every other setting at its default until set.
     *
     * @param embedder the embedder comparing sentences with the question
     * @return a new builder
     */
    public static Builder builder(Embedder embedder) {
        return new Builder(embedder);
    }

    /**
     * Fail-fast builder: a bad value throws {@link IllegalArgumentException} naming it, a setting given twice
     * {@link IllegalStateException}. Not thread-safe.
     */
    public static final class Builder {
        private final Embedder embedder;
        private Integer maxSentences;
        private Double overlapWeight;
        private Integer embedLimit;
        private Double windowWeight;
        private Double margin;
        private Double minGain;
        private Double minSupport;
        private TermAnalyzer analyzer;
        private final Map<String, Double> languageMinSupport = new LinkedHashMap<>();

        private Builder(Embedder embedder) {
            this.embedder = Objects.requireNonNull(embedder, "embedder");
        }

        /**
         * The most sentences in an open answer (default {@value #DEFAULT_MAX_SENTENCES}).
         *
         * @param value at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         * @throws IllegalStateException if already set
         */
        public Builder maxSentences(int value) {
            Arguments.checkState(maxSentences == null, "maxSentences was already set");
            Arguments.check(value >= 1, "maxSentences must be >= 1, was %d", value);
            maxSentences = value;
            return this;
        }

        /**
         * The weight w of term overlap against cosine (default {@value #DEFAULT_OVERLAP_WEIGHT} for an open answer,
         * {@value #DEFAULT_OPTION_OVERLAP_WEIGHT} for a multiple-choice option; a value set here holds for both).
         *
         * @param value finite and at least 0
         * @return this builder
         * @throws IllegalArgumentException if negative or not finite
         * @throws IllegalStateException if already set
         */
        public Builder overlapWeight(double value) {
            Arguments.checkState(overlapWeight == null, "overlapWeight was already set");
            Arguments.check(value >= 0 && Double.isFinite(value), "overlapWeight must be finite and >= 0, was %s", value);
            overlapWeight = value;
            return this;
        }

        /**
         * The most sentences embedded per answer (default {@value #DEFAULT_EMBED_LIMIT}).
         *
         * @param value at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         * @throws IllegalStateException if already set
         */
        public Builder embedLimit(int value) {
            Arguments.checkState(embedLimit == null, "embedLimit was already set");
            Arguments.check(value >= 1, "embedLimit must be >= 1, was %d", value);
            embedLimit = value;
            return this;
        }

        /**
         * The weight {@code v} of the window in an open answer's score (default {@value #DEFAULT_WINDOW_WEIGHT}):
         * a sentence scores {@code cos(q, s) + v·max(0, cos(q, s + next) − cos(q, s)) + w·overlap(q, s)}, where
         * {@code s + next} is the sentence read with the one after it in its paragraph; 0 scores the sentence alone
         * and embeds no window.
         *
         * @param value finite and at least 0
         * @return this builder
         * @throws IllegalArgumentException if negative or not finite
         * @throws IllegalStateException if already set
         */
        public Builder windowWeight(double value) {
            Arguments.checkState(windowWeight == null, "windowWeight was already set");
            Arguments.check(value >= 0 && Double.isFinite(value), "windowWeight must be finite and >= 0, was %s", value);
            windowWeight = value;
            return this;
        }

        /**
         * How far below the best score a further sentence's score may be (default {@value #DEFAULT_MARGIN}).
         *
         * @param value finite and at least 0
         * @return this builder
         * @throws IllegalArgumentException if negative or not finite
         * @throws IllegalStateException if already set
         */
        public Builder margin(double value) {
            Arguments.checkState(margin == null, "margin was already set");
            Arguments.check(value >= 0 && Double.isFinite(value), "margin must be finite and >= 0, was %s", value);
            margin = value;
            return this;
        }

        /**
         * The least share of the question's IDF weight a further sentence must add (default
         * {@value #DEFAULT_MIN_GAIN}).
         *
         * @param value in (0, 1]
         * @return this builder
         * @throws IllegalArgumentException if outside (0, 1]
         * @throws IllegalStateException if already set
         */
        public Builder minGain(double value) {
            Arguments.checkState(minGain == null, "minGain was already set");
            Arguments.check(value > 0 && value <= 1, "minGain must be in (0, 1], was %s", value);
            minGain = value;
            return this;
        }

        /**
         * The least support an answer needs (default: the one the embedder declares under
         * {@link #MIN_SUPPORT_HINT}, else {@value #DEFAULT_MIN_SUPPORT}); 0 never abstains but on
         * a context without statements.
         *
         * @param value in [0, 1]
         * @return this builder
         * @throws IllegalArgumentException if outside [0, 1]
         * @throws IllegalStateException if already set
         */
        public Builder minSupport(double value) {
            Arguments.checkState(minSupport == null, "minSupport was already set");
            Arguments.check(value >= 0 && value <= 1, "minSupport must be in [0, 1], was %s", value);
            minSupport = value;
            return this;
        }

        /**
         * The least support an answer to a question in {@code language} needs (read from the question's script by
         * {@link ScriptLanguageDetector}; Latin script reads as {@code en}), in place of {@code minSupport} or of
         * the lexical support's measured default for that language (see the class description, "Abstention per
         * language"). May be given once per language.
         *
         * @param language a BCP 47 code, such as {@code zh}
         * @param value in [0, 1]
         * @return this builder
         * @throws NullPointerException if {@code language} is null
         * @throws IllegalArgumentException if {@code value} is outside [0, 1] or {@code language} is blank
         * @throws IllegalStateException if already set for {@code language}
         */
        public Builder minSupport(String language, double value) {
            Objects.requireNonNull(language, "language");
            Arguments.check(!language.isBlank(), "language must not be blank");
            Arguments.checkState(!languageMinSupport.containsKey(language),
                    "minSupport for %s was already set", language);
            Arguments.check(value >= 0 && value <= 1, "minSupport for %s must be in [0, 1], was %s", language, value);
            languageMinSupport.put(language, value);
            return this;
        }

        /**
         * The terms sentences and question are compared by (default {@link EnglishTermAnalyzer#defaults()}).
         *
         * @param value the analyzer
         * @return this builder
         * @throws IllegalStateException if already set
         */
        public Builder analyzer(TermAnalyzer value) {
            Arguments.checkState(analyzer == null, "analyzer was already set");
            analyzer = Objects.requireNonNull(value, "analyzer");
            return this;
        }

        /**
         * The generator.
         *
         * @return a new generator with these settings
         */
        public ExtractiveGenerator build() {
            return new ExtractiveGenerator(this);
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "extractive");
        m.put("maxSentences", maxSentences);
        m.put("overlapWeight", overlapWeight);
        m.put("embedLimit", embedLimit);
        m.put("windowWeight", windowWeight);
        m.put("margin", margin);
        m.put("minGain", minGain);
        m.put("minSupport", minSupport);
        if (!languageMinSupport.isEmpty()) {
            m.put("minSupportByLanguage", new java.util.TreeMap<>(languageMinSupport));
        }
        return m;
    }

    @Override
    public Answer generate(Query query, Context context, TraceSink trace) {
        List<Candidate> sentences = SentenceCandidates.of(context, analyzer, CUES.contains("acronyms"));
        Map<String, Double> idf = SentenceCandidates.idf(sentences);
        if (query.multipleChoice()) {
            return chooseOption(query, context, sentences, idf, trace);
        }
        List<Candidate> statements = SentenceCandidates.statements(sentences);
        trace.put("sentencesScored", statements.size());
        if (statements.isEmpty()) {
            traceSupport(trace, 0, 0, 0, 1, List.of(), AnswerCues.AnswerType.NONE, 1, null, true, minSupport);
            return Answer.abstention(query.text(), NO_ANSWER, context);
        }
        String language = embedder.languages().isEmpty() && languageMinSupport.isEmpty() ? null
                : LANGUAGE.detect(query.text());
        boolean lexical = language != null && !embedder.languages().isEmpty()
                && !embedder.languages().contains(language);
        double threshold = threshold(language, lexical);
        Set<String> content = AnswerCues.contentTerms(query.text(), analyzer);
        if (lexical) {
            content = LexicalSupport.asked(language, content, analyzer);
        }
        SentenceScorer.Scores scores = lexical
                ? scorer.overlap(new java.util.TreeSet<>(content).stream().toList(), statements, idf)
                : scorer.score(embedder.embedQuery(query.text()), wantedTerms(query.text()), Set.of(),
                        statements, idf, new HashMap<>());
        List<Integer> order = new ArrayList<>(SentenceScorer.rank(scores.total()));
        AnswerCues.AnswerType type = AnswerCues.answerType(query.text());

        double unknownIdf = Math.log(1 + sentences.size());
        Map<String, Double> qWeight = new LinkedHashMap<>();
        for (String t : new java.util.TreeSet<>(content)) {
            qWeight.put(t, idf.getOrDefault(t, unknownIdf));
        }
        double qTotal = qWeight.values().stream().mapToDouble(Double::doubleValue).sum();
        Set<String> inContext = new HashSet<>(idf.keySet());
        List<String> unmatchedTerms = qWeight.keySet().stream().filter(t -> !inContext.contains(t)).toList();
        double unmatched = SupportScore.share(unmatchedTerms, qWeight, qTotal);
        Set<String> evidence = lexical ? LexicalSupport.evidence(language, content, analyzer) : Set.of();
        Set<String> found = lexical ? LexicalSupport.normalised(language, inContext) : Set.of();
        // each statement's coverage and support, once: whether it may answer is asked of it by every rule below
        double[] coverages = new double[statements.size()];
        double[] supports = new double[statements.size()];
        for (int i = 0; i < supports.length; i++) {
            coverages[i] = SupportScore.share(SupportScore.held(statements.get(i), qWeight.keySet()), qWeight, qTotal);
            supports[i] = lexical
                    ? LexicalSupport.support(evidence, found, LexicalSupport.normalised(language, statements.get(i).terms()))
                    : SupportScore.support(coverages[i],
                            Double.isNaN(scores.cosine()[i]) ? 0 : scores.cosine()[i], unmatched,
                            AnswerCues.matches(type, statements.get(i).text()) ? 1 : 0);
        }
        java.util.function.IntPredicate answers = i -> supports[i] >= threshold;

        AnswerCues.Asks asks = AnswerCues.asks(query.text());
        // the question's own words, as the name tests compare a sentence's capitalised words with them
        Set<String> asked = type == AnswerCues.AnswerType.NAME
                ? AnswerCues.contentTerms(query.text(), EnglishTermAnalyzer.defaults()) : Set.of();
        java.util.function.IntPredicate preferred = preference(query.text(), asks, type, asked, statements);
        java.util.function.IntPredicate gives = preferred.and(answers); // what the question asks for, supported
        // body prose first: a caption, exercise, objective, heading or reference answers only when no body
        // sentence is supported enough to answer; for a quantity, a caption that gives one of the kind asked stays
        // when no supported body sentence does ("How hot is the surface of the Sun?": a figure's "the photosphere
        // has a temperature of about 5800 K" where the body prose only says its surface is "hot gas")
        if (CUES.contains("parts")) {
            List<Integer> body = order.stream().filter(i -> statements.get(i).body()).toList();
            if (!body.isEmpty() && body.size() < order.size() && answers.test(body.get(0))) {
                boolean bodyGives = asks != AnswerCues.Asks.QUANTITY || body.stream().anyMatch(gives::test);
                order = order.stream().filter(i -> statements.get(i).body() || !bodyGives
                        && Metadata.PART_CAPTION.equals(statements.get(i).part()) && gives.test(i))
                        .collect(Collectors.toCollection(ArrayList::new));
            }
        }
        double reach = asks == AnswerCues.Asks.OTHER ? margin : margin + CUE_MARGIN;
        // how far below the best a "who" answer that did what the question asks may be, before any sentence moves first
        double verbReach = scores.total()[order.get(0)] - margin - CUE_MARGIN;
        for (int k = 1; k < order.size() && !preferred.test(order.get(0)); k++) {
            if (scores.total()[order.get(k)] < scores.total()[order.get(0)] - reach) {
                break;
            }
            if (gives.test(order.get(k))) {
                order.add(0, order.remove(k)); // what the question asks for, at a score close to the best
                break;
            }
        }
        // a "who" answer that says the person did what the question asks ("Who predicted ...": "... the triumph of
        // Adams and Le Verrier in predicting ...") before one that names someone who did something else
        Set<String> verb = CUES.contains("verb") && type == AnswerCues.AnswerType.NAME
                ? AnswerCues.askedVerb(query.text(), analyzer) : Set.of();
        if (!verb.isEmpty() && !(preferred.test(order.get(0))
                && statements.get(order.get(0)).terms().containsAll(verb))) {
            for (int k = 1; k < order.size() && scores.total()[order.get(k)] >= verbReach; k++) {
                int i = order.get(k);
                if (gives.test(i) && statements.get(i).terms().containsAll(verb)) {
                    order.add(0, order.remove(k));
                    break;
                }
            }
        }
        // a definition that names what it defines ("..., is called the event horizon") before one that only says
        // what it is ("The event horizon is the boundary ..."), within the margin
        // what a definition question asks about ("the photosphere" of "What is the photosphere of the Sun?")
        Set<String> defined = asks == AnswerCues.Asks.DEFINITION ? AnswerCues.definitionSubject(query.text()) : null;
        if (CUES.contains("naming") && defined != null) {
            double least = scores.total()[order.get(0)] - margin;
            for (int k = 0; k < order.size() && scores.total()[order.get(k)] >= least; k++) {
                if (AnswerCues.names(defined, statements.get(order.get(k)).text())) {
                    if (k > 0 && answers.test(order.get(k))) {
                        order.add(0, order.remove(k));
                    }
                    break;
                }
            }
        }
        // an answer that holds none of the question's terms (coverage 0: "How this is done is up to the network
        // provider."), and is not read with the sentence before it ("It is spread over ...", whose subject that
        // sentence names), gives way to the best sentence within the margin that holds some, of the same kind
        // (what the question asks for, or not): its cosine says it is on the topic, not that it answers
        if (coverages[order.get(0)] == 0 && !SentenceCandidates.refersBack(statements.get(order.get(0)).text())) {
            double least = scores.total()[order.get(0)] - margin;
            boolean kind = preferred.test(order.get(0));
            for (int k = 1; k < order.size() && scores.total()[order.get(k)] >= least; k++) {
                int i = order.get(k);
                if (answers.test(i) && preferred.test(i) == kind && coverages[i] > 0) {
                    order.add(0, order.remove(k));
                    break;
                }
            }
        }
        int best = order.get(0);
        Candidate top = statements.get(best);

        List<Integer> chosen = new ArrayList<>(List.of(best)); // indices into statements
        // an answer that cannot be read alone is quoted after the sentence it refers back to: the cause of "As a
        // consequence, ...", the evidence of "This discrepancy implies that ...", what "this" is in "This disturbance
        // is called X"; a "who" answer that names no one after the person its passage speaks of, named before the
        // pronouns ("Nicolaus Copernicus was born ... His training ... His great contribution ..."), or after the
        // sentence before a "He ..." that names no one
        boolean readsBack = CUES.contains("reason") && asks == AnswerCues.Asks.REASON && AnswerCues.consequence(top.text())
                || CUES.contains("definition") && asks == AnswerCues.Asks.DEFINITION
                && SentenceCandidates.refersBack(top.text());
        int before = readsBack ? sentenceBefore(statements, best) : -1;
        if (CUES.contains("name") && type == AnswerCues.AnswerType.NAME && !AnswerCues.namesAnyoneElse(asked, top.text())) {
            int named = namedBefore(statements, best, asked);
            if (named >= 0) {
                before = named;
            } else if (AnswerCues.opensWithPerson(top.text())) {
                before = sentenceBefore(statements, best);
            }
        }
        if (before >= 0) {
            chosen.add(0, before);
        }
        Set<String> covered = new HashSet<>();
        for (int i : chosen) {
            covered.addAll(SupportScore.held(statements.get(i), qWeight.keySet()));
        }
        for (int k = 1; k < order.size() && chosen.size() < maxSentences; k++) {
            int i = order.get(k);
            if (scores.total()[i] < scores.total()[best] - margin) {
                break;
            }
            if (chosen.contains(i)) {
                continue;
            }
            List<String> fresh = SupportScore.held(statements.get(i), qWeight.keySet()).stream()
                    .filter(t -> !covered.contains(t)).toList();
            if (qTotal > 0 && SupportScore.share(fresh, qWeight, qTotal) >= minGain) {
                chosen.add(i);
                covered.addAll(fresh);
            }
        }

        // a sentence of a "why" answer that gives no cause is read on into the next sentence when that one explains
        // it ("... we might expect to see an eclipse ... each month ... However, the Moon's orbit is tilted ...")
        if (CUES.contains("reason") && asks == AnswerCues.Asks.REASON) {
            for (int k = chosen.size() - 1; k >= 0; k--) {
                int after = causes(statements.get(chosen.get(k)).text()) ? -1
                        : SentenceScorer.next(statements, chosen.get(k));
                if (after >= 0 && !chosen.contains(after) && AnswerCues.explainsBefore(statements.get(after).text())) {
                    chosen.add(k + 1, after);
                }
            }
        }

        // a definition that only names its subject ("... a technique called adaptive optics that can beat ...") is
        // read on into the next sentence when that one goes on about it ("This technique ... makes use of ...")
        if (CUES.contains("describe") && defined != null && chosen.size() == 1 && AnswerCues.names(defined, top.text())) {
            int after = SentenceScorer.next(statements, best);
            if (after >= 0 && SentenceCandidates.refersBack(statements.get(after).text())) {
                chosen.add(after);
            }
        }

        // the answer's support: that of its best supported sentence
        double support = -1;
        double coverage = 0;
        double cosine = 0;
        double typeMatch = 0;
        for (int i : chosen) {
            Candidate c = statements.get(i);
            double cCoverage = coverages[i];
            double cCosine = Double.isNaN(scores.cosine()[i]) ? 0 : scores.cosine()[i];
            double cType = AnswerCues.matches(type, c.text()) ? 1 : 0;
            double cSupport = supports[i];
            if (cSupport > support) {
                support = cSupport;
                coverage = cCoverage;
                cosine = cCosine;
                typeMatch = cType;
            }
        }
        boolean abstain = support < threshold;
        traceSupport(trace, support, coverage, cosine, unmatched, unmatchedTerms, type, typeMatch, top, abstain,
                threshold);
        if (abstain) {
            return Answer.abstention(query.text(), NO_ANSWER, context);
        }
        // Thai and Lao end a "sentence" at any space between two letters, which also parts a phrase from what
        // completes it ("... มีที่ตั้งใกล้กับ มัตสึโมโตะ", "is located near | Matsumoto"): the best phrase is read on
        // into the next one of its passage (after the support is measured, so abstention does not change)
        List<Candidate> quoted = new ArrayList<>(chosen.stream().map(statements::get).toList());
        String script = language != null ? language : LANGUAGE.detect(query.text());
        int at = PHRASE_LANGUAGES.contains(script) ? sentences.indexOf(top) : -1;
        int after = at >= 0 ? SentenceScorer.next(sentences, at) : -1;
        if (after >= 0 && !quoted.contains(sentences.get(after))) {
            quoted.add(quoted.indexOf(top) + 1, sentences.get(after));
        }
        return answer(query, context, quoted);
    }

    /** The languages whose sentences end at a space, so that a sentence is often only a phrase: Thai, Lao. */
    private static final Set<String> PHRASE_LANGUAGES = Set.of("th", "lo");

    /**
     * The threshold for a question in {@code language} (null when not detected): the one set for the language, else,
     * for a lexical support, the measured default of the language, else {@code minSupport}.
     */
    private double threshold(String language, boolean lexical) {
        Double set = language == null ? null : languageMinSupport.get(language);
        if (set != null) {
            return set;
        }
        return lexical ? LexicalSupport.DEFAULT_MIN_SUPPORT.getOrDefault(language, LexicalSupport.DEFAULT_OTHER_MIN_SUPPORT)
                : minSupport;
    }

    /**
     * Which statements give what the question asks for ({@link AnswerCues#asks}): for a quantity, a number with a
     * unit of the kind asked; for a definition, a sentence that defines the subject; for a reason, a sentence that
     * gives a cause; otherwise the answer type's match ({@link AnswerCues#matches}).
     */
    private static java.util.function.IntPredicate preference(String question, AnswerCues.Asks asks,
                                                              AnswerCues.AnswerType type, Set<String> asked,
                                                              List<Candidate> statements) {
        java.util.function.IntPredicate typed = i -> AnswerCues.matches(type, statements.get(i).text());
        switch (asks) {
            case QUANTITY -> {
                if (CUES.contains("quantity")) {
                    Set<AnswerCues.Unit> units = AnswerCues.units(question);
                    return i -> AnswerCues.holdsQuantity(units, statements.get(i).text());
                }
            }
            case DEFINITION -> {
                if (CUES.contains("definition")) {
                    Set<String> subject = AnswerCues.definitionSubject(question);
                    return i -> AnswerCues.defines(subject, statements.get(i).text());
                }
            }
            case REASON -> {
                if (CUES.contains("reason")) {
                    // a cause, or a consequence whose cause is the sentence before it (quoted first, see generate)
                    return i -> causes(statements.get(i).text()) || CUES.contains("consequence")
                            && AnswerCues.result(statements.get(i).text()) && sentenceBefore(statements, i) >= 0;
                }
            }
            default -> {
                if (type == AnswerCues.AnswerType.NAME && CUES.contains("name")) {
                    return i -> AnswerCues.namesSomeoneElse(asked, statements.get(i).text());
                }
            }
        }
        return typed;
    }

    /**
     * The terms a sentence's overlap counts for an open question: the question's, and for a "how" question whose
     * adjective names one quantity the noun a text states it by ("How hot is the surface?" also wants
     * "temperature": a sentence that says "the photosphere has a temperature of about 5800 K" holds no word of
     * the question but "the").
     */
    private List<String> wantedTerms(String question) {
        List<String> terms = analyzer.terms(question);
        String noun = CUES.contains("quantity") ? AnswerCues.howNoun(question) : null;
        if (noun == null) {
            return terms;
        }
        List<String> out = new ArrayList<>(terms);
        out.addAll(analyzer.terms(noun));
        return out;
    }

    /** Whether {@code text} gives a cause ({@link AnswerCues#givesCause}) or a mechanism's agent ({@link AnswerCues#givesAgent}). */
    private static boolean causes(String text) {
        return AnswerCues.givesCause(text) || CUES.contains("agent") && AnswerCues.givesAgent(text);
    }

    /** How many sentences back a "who" answer that names no one looks for the name it speaks of. */
    private static final int NAMED_BEFORE = 3;

    /**
     * The nearest of the {@value #NAMED_BEFORE} sentences before statement {@code i}, in its chunk, that names
     * someone the question did not ({@link AnswerCues#namesAnyoneElse}), or -1.
     */
    private static int namedBefore(List<Candidate> statements, int i, Set<String> asked) {
        int at = sentenceBefore(statements, i);
        for (int steps = 1; at >= 0 && !AnswerCues.namesAnyoneElse(asked, statements.get(at).text()); steps++) {
            at = steps < NAMED_BEFORE ? sentenceBefore(statements, at) : -1;
        }
        return at;
    }

    /** The statement right before statement {@code i} in its chunk, or -1 if it is its chunk's first. */
    private static int sentenceBefore(List<Candidate> statements, int i) {
        return i > 0 && SentenceScorer.next(statements, i - 1) == i ? i - 1 : -1;
    }

    private void traceSupport(TraceSink trace, double support, double coverage, double cosine, double unmatched,
                              List<String> unmatchedTerms, AnswerCues.AnswerType type, double typeMatch,
                              Candidate closest, boolean abstained, double threshold) {
        trace.put(SUPPORT, support);
        trace.put(COVERAGE, coverage);
        trace.put(COSINE, cosine);
        trace.put(UNMATCHED, unmatched);
        trace.put(UNMATCHED_TERMS, List.copyOf(unmatchedTerms));
        trace.put(ANSWER_TYPE, type.name());
        trace.put(TYPE_MATCH, typeMatch);
        trace.put(MIN_SUPPORT, threshold);
        trace.put(ABSTAINED, abstained);
        if (closest != null) {
            Map<String, Object> passage = new LinkedHashMap<>();
            passage.put("text", closest.text());
            passage.put("chunkId", closest.chunk().id());
            passage.put("number", closest.number());
            trace.put(CLOSEST_PASSAGE, passage);
        }
    }

    /**
     * The answer quoting {@code chosen} in order: each sentence then {@code [n]}, the number written once after
     * consecutive sentences of one chunk; one citation per chunk, numbered 1, 2, ... in answer order, quoting the
     * chunk's span from its first to its last quoted sentence.
     */
    private static Answer answer(Query query, Context context, List<Candidate> chosen) {
        StringBuilder text = new StringBuilder();
        Map<Integer, int[]> spans = new LinkedHashMap<>(); // by chunk position, in answer order
        Map<Integer, Integer> numbers = new HashMap<>(); // chunk position -> citation number
        for (int k = 0; k < chosen.size(); k++) {
            Candidate c = chosen.get(k);
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(unmarked(c.text()));
            spans.merge(c.number(), new int[] {c.start(), c.end()},
                    (a, b) -> new int[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
            if (k + 1 == chosen.size() || chosen.get(k + 1).number() != c.number()) {
                text.append(" [").append(numbers.computeIfAbsent(c.number(), p -> numbers.size() + 1)).append(']');
            }
        }
        List<Citation> citations = new ArrayList<>();
        spans.forEach((position, span) -> {
            var chunk = context.chunks().get(position - 1).chunk();
            citations.add(Citation.of(citations.size() + 1, chunk, chunk.text().substring(span[0], span[1])));
        });
        return new Answer(query.text(), text.toString(), citations, null, context, Trace.EMPTY);
    }

    /**
     * {@code sentence} without the citation markers a document wrote into it ({@code [1]}, {@code [2, 3]}: those of
     * {@link CitationParser}), so that only the answer's own markers read as citations; the quote keeps them.
     */
    private static String unmarked(String sentence) {
        return MARKER_IN_TEXT.matcher(sentence).replaceAll("");
    }

    private Answer chooseOption(Query query, Context context, List<Candidate> sentences, Map<String, Double> idf,
                                TraceSink trace) {
        Set<String> qTerms = new HashSet<>(analyzer.terms(query.text()));
        String bestLetter = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        int bestSentence = -1;
        Map<String, Double> optionScores = new LinkedHashMap<>();
        float[] question = sentences.isEmpty() ? embedder.embedQuery(query.text()) : null;
        Map<Integer, float[]> sentenceVectors = new HashMap<>(); // shared by the options: each sentence embedded once
        for (Map.Entry<String, String> option : query.options().entrySet()) {
            double score;
            int sentence = -1;
            float[] vector = embedder.embedQuery(query.text() + " " + option.getValue());
            if (question != null) {
                score = Vectors.cosine(vector, question);
            } else {
                double[] s = optionScorer.score(vector, analyzer.terms(option.getValue()), qTerms, sentences, idf, sentenceVectors)
                        .total();
                sentence = SentenceScorer.rank(s).get(0);
                score = s[sentence];
            }
            optionScores.put(option.getKey(), score);
            if (score > bestScore) {
                bestScore = score;
                bestLetter = option.getKey();
                bestSentence = sentence;
            }
        }
        trace.put("optionScores", optionScores);
        String text = bestLetter + ". " + query.options().get(bestLetter);
        List<Citation> citations = new ArrayList<>();
        if (bestSentence >= 0) {
            Candidate c = sentences.get(bestSentence);
            text += " — " + unmarked(c.text()) + " [1]";
            citations.add(Citation.of(1, c.chunk().chunk(), c.quote()));
        }
        return new Answer(query.text(), text, citations, bestLetter, context, Trace.EMPTY);
    }

}
