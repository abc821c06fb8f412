package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.text.Prose;
import io.github.astrorag.core.internal.text.Terms;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The offline default generator: answers with the context's own sentences, so every word of the answer
 * is quoted and cited exactly. No language model is involved.
 *
 * <p>Each sentence of the context is scored by {@code cos(q, s) + w·overlap(q, s)}: the cosine between
 * the question's and the sentence's embeddings (the pipeline's {@link Embedder}) plus the IDF-weighted
 * fraction of the question's content terms that the sentence contains (IDF over the context's
 * sentences; {@code w} = {@value #DEFAULT_OVERLAP_WEIGHT}). Only the {@value #DEFAULT_EMBED_LIMIT}
 * sentences best by overlap are embedded, which bounds the cost per question.
 *
 * <p>Open questions are answered with the {@code maxSentences} best sentences (default
 * {@value #DEFAULT_MAX_SENTENCES}), each followed by its citation {@code [n]}. Multiple-choice questions
 * get the option whose support is strongest: for option {@code o}, the best over sentences {@code s} of
 * {@code cos(question + o, s) + w·overlap(o, s)}, where {@code overlap(o, s)} counts only the option's
 * terms that the question does not already contain; the answer names the option and quotes the sentence
 * that supports it. With an empty context the answer says so and cites nothing (a multiple-choice
 * question then gets the option closest to the question). Deterministic; thread-safe.
 *
 * <p>The sentences are the context's readable ones ({@link Prose}): headings are never quoted, Markdown
 * syntax ({@code **}, {@code [text](url)}, list marks, backticks) is left out and a sentence's line breaks
 * become spaces. The answer text carries that cleaned sentence; the citation's quote is the exact span
 * of the chunk it came from (markup and line breaks as written), so that a quote can always be found in
 * its chunk verbatim, as the {@link Generator} contract requires.
 */
public final class ExtractiveGenerator implements Generator {

    /** Sentences in an open answer. */
    public static final int DEFAULT_MAX_SENTENCES = 2;
    /** Weight of term overlap against cosine. */
    public static final double DEFAULT_OVERLAP_WEIGHT = 0.5;
    /** Most sentences embedded per question. */
    public static final int DEFAULT_EMBED_LIMIT = 24;

    /** The answer given when the context does not answer the question ({@link Answer#NOT_ANSWERED}). */
    public static final String NO_ANSWER = Answer.NOT_ANSWERED;

    private final Embedder embedder;
    private final int maxSentences;
    private final double overlapWeight;
    private final int embedLimit;

    /**
     * Defaults: 2 sentences, overlap weight 0.5, 24 sentences embedded.
     *
     * @param embedder the embedder comparing sentences with the question
     */
    public ExtractiveGenerator(Embedder embedder) {
        this(embedder, DEFAULT_MAX_SENTENCES, DEFAULT_OVERLAP_WEIGHT, DEFAULT_EMBED_LIMIT);
    }

    /**
     * A generator with the given settings.
     *
     * @param embedder the embedder comparing sentences with the question
     * @param maxSentences the most sentences in an answer, at least 1
     * @param overlapWeight the weight w of term overlap against cosine similarity, finite and at least 0
     * @param embedLimit the most sentences embedded per answer, at least 1
     */
    public ExtractiveGenerator(Embedder embedder, int maxSentences, double overlapWeight, int embedLimit) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        Arguments.check(maxSentences >= 1, "maxSentences must be >= 1, was %d", maxSentences);
        Arguments.check(overlapWeight >= 0 && Double.isFinite(overlapWeight),
                "overlapWeight must be finite and >= 0, was %s", overlapWeight);
        Arguments.check(embedLimit >= 1, "embedLimit must be >= 1, was %d", embedLimit);
        this.maxSentences = maxSentences;
        this.overlapWeight = overlapWeight;
        this.embedLimit = embedLimit;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "extractive");
        m.put("maxSentences", maxSentences);
        m.put("overlapWeight", overlapWeight);
        m.put("embedLimit", embedLimit);
        return m;
    }

    /**
     * A sentence of the context, with the 1-based number of its chunk: its readable text (scored and put
     * into the answer) and its verbatim source span (the citation's quote).
     */
    private record Candidate(int number, ScoredChunk chunk, String text, String quote, List<String> terms) {
    }


    @Override
    public Answer generate(Query query, Context context, TraceSink trace) {
        List<Candidate> sentences = sentencesOf(context);
        Map<String, Double> idf = idf(sentences);
        if (query.multipleChoice()) {
            return chooseOption(query, context, sentences, idf, trace);
        }
        if (sentences.isEmpty()) {
            return Answer.abstention(query.text(), NO_ANSWER, context);
        }
        List<String> qTerms = Terms.of(query.text());
        double[] scores = score(embedder.embedQuery(query.text()), qTerms, Set.of(), sentences, idf, new HashMap<>());
        List<Integer> order = rank(scores);
        List<Integer> best = order.subList(0, Math.min(maxSentences, order.size()));
        StringBuilder text = new StringBuilder();
        List<Citation> citations = new ArrayList<>();
        for (int i : best) {
            Candidate c = sentences.get(i);
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(c.text()).append(" [").append(c.number()).append(']');
            citations.add(Citation.of(c.number(), c.chunk().chunk(), c.quote()));
        }
        trace.put("sentencesScored", sentences.size());
        return new Answer(query.text(), text.toString(), citations, null, context, Trace.EMPTY);
    }

    private Answer chooseOption(Query query, Context context, List<Candidate> sentences, Map<String, Double> idf,
                                TraceSink trace) {
        Set<String> qTerms = new HashSet<>(Terms.of(query.text()));
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
                double[] s = score(vector, Terms.of(option.getValue()), qTerms, sentences, idf, sentenceVectors);
                sentence = rank(s).get(0);
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
            text += " — " + c.text() + " [" + c.number() + "]";
            citations.add(Citation.of(c.number(), c.chunk().chunk(), c.quote()));
        }
        return new Answer(query.text(), text, citations, bestLetter, context, Trace.EMPTY);
    }

    /**
     * cos(vector, s) + w·overlap for every sentence, where overlap is the IDF-weighted share of
     * {@code terms} (less {@code exclude}) found in s. Only the best by overlap are embedded; the others
     * keep their overlap score alone, shifted below every embedded one. Sentence vectors are taken from,
     * and added to, {@code vectors} (by sentence index), so that no sentence is embedded twice per answer.
     */
    private double[] score(float[] vector, List<String> terms, Set<String> exclude, List<Candidate> sentences,
                           Map<String, Double> idf, Map<Integer, float[]> vectors) {
        Set<String> wanted = new HashSet<>(terms);
        wanted.removeAll(exclude);
        double total = wanted.stream().mapToDouble(t -> idf.getOrDefault(t, maxIdf(idf))).sum();
        double[] overlap = new double[sentences.size()];
        for (int i = 0; i < sentences.size(); i++) {
            double hit = 0;
            for (String t : new HashSet<>(sentences.get(i).terms())) {
                if (wanted.contains(t)) {
                    hit += idf.getOrDefault(t, 0.0);
                }
            }
            overlap[i] = total == 0 ? 0 : hit / total;
        }
        List<Integer> byOverlap = rank(overlap);
        List<Integer> embedded = byOverlap.subList(0, Math.min(embedLimit, byOverlap.size()));
        List<Integer> missing = embedded.stream().filter(i -> !vectors.containsKey(i)).toList();
        List<float[]> fresh = embedder.embedDocuments(missing.stream().map(i -> sentences.get(i).text()).toList());
        for (int j = 0; j < missing.size(); j++) {
            vectors.put(missing.get(j), fresh.get(j));
        }
        double[] scores = new double[sentences.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = -2 + overlapWeight * overlap[i];
        }
        for (int i : embedded) {
            scores[i] = Vectors.cosine(vector, vectors.get(i)) + overlapWeight * overlap[i];
        }
        return scores;
    }

    private static double maxIdf(Map<String, Double> idf) {
        return idf.values().stream().mapToDouble(Double::doubleValue).max().orElse(1.0);
    }

    /** Indices by descending score, ties by position (earlier first). */
    private static List<Integer> rank(double[] scores) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            idx.add(i);
        }
        idx.sort(Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingInt(i -> i));
        return idx;
    }

    private static List<Candidate> sentencesOf(Context context) {
        List<Candidate> out = new ArrayList<>();
        List<ScoredChunk> chunks = context.chunks();
        for (int n = 0; n < chunks.size(); n++) {
            String text = chunks.get(n).chunk().text();
            for (Prose.Sentence s : Prose.sentences(text)) {
                out.add(new Candidate(n + 1, chunks.get(n), s.text(), text.substring(s.start(), s.end()),
                        Terms.of(s.text())));
            }
        }
        return out;
    }

    /** Smoothed IDF over the context's sentences: log(1 + N / df). */
    private static Map<String, Double> idf(List<Candidate> sentences) {
        Map<String, Integer> df = new HashMap<>();
        for (Candidate c : sentences) {
            for (String t : new HashSet<>(c.terms())) {
                df.merge(t, 1, Integer::sum);
            }
        }
        Map<String, Double> idf = new HashMap<>();
        int n = Math.max(1, sentences.size());
        df.forEach((t, d) -> idf.put(t, Math.log(1 + (double) n / d)));
        return idf;
    }
}
