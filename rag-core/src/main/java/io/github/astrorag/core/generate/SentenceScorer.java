package io.github.astrorag.core.generate;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.generate.SentenceCandidates.Candidate;
import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The score {@link ExtractiveGenerator} ranks sentences by: {@code cos(v, s) + u·max(0, cos(v, s + next) − cos(v, s))
 * + w·overlap}, the cosine between a vector (the question's, or the question's with an option) and the sentence's
 * embedding, plus {@code u} times what the sentence read with the next one of its paragraph ({@link #next}) adds to
 * that cosine, plus {@code w} times the IDF-weighted share of the wanted terms the sentence holds (its
 * {@link Candidate#matchTerms}).
 *
 * <p>Contract: {@link #score} embeds at most {@code embedLimit} sentences, the best by overlap, and only those not
 * already in the vectors it is given, and with {@code u > 0} the windows of those that have a next sentence (windows
 * are not kept). Complexity: O(N·|terms|) for N sentences, plus the embedding. Thread-safety:
 * immutable; safe for concurrent use when the embedder is.
 */
final class SentenceScorer {

    /** The scores of a text against the sentences: total, and cosine (NaN where not embedded). */
    record Scores(double[] total, double[] cosine) {
    }

    private final Embedder embedder;
    private final double overlapWeight;
    private final int embedLimit;
    private final double windowWeight;

    SentenceScorer(Embedder embedder, double overlapWeight, int embedLimit) {
        this(embedder, overlapWeight, embedLimit, 0);
    }

    SentenceScorer(Embedder embedder, double overlapWeight, int embedLimit, double windowWeight) {
        this.embedder = embedder;
        this.overlapWeight = overlapWeight;
        this.embedLimit = embedLimit;
        this.windowWeight = windowWeight;
    }

    /**
     * cos(vector, s) + u·max(0, cos(vector, s + next) − cos(vector, s)) + w·overlap for every sentence, where overlap is the IDF-weighted share of
     * {@code terms} (less {@code exclude}) found in s. Only the best by overlap are embedded; the others
     * keep their overlap score alone, shifted below every embedded one. Sentence vectors are taken from,
     * and added to, {@code vectors} (by sentence index), so that no sentence is embedded twice per answer.
     */
    Scores score(float[] vector, List<String> terms, Set<String> exclude, List<Candidate> sentences,
                           Map<String, Double> idf, Map<Integer, float[]> vectors) {
        Set<String> wanted = new HashSet<>(terms);
        wanted.removeAll(exclude);
        double[] overlap = overlaps(wanted, sentences, idf);
        List<Integer> byOverlap = rank(overlap);
        List<Integer> embedded = byOverlap.subList(0, Math.min(embedLimit, byOverlap.size()));
        List<Integer> missing = embedded.stream().filter(i -> !vectors.containsKey(i)).toList();
        List<float[]> fresh = embedder.embedDocuments(missing.stream().map(i -> sentences.get(i).text()).toList());
        for (int j = 0; j < missing.size(); j++) {
            vectors.put(missing.get(j), fresh.get(j));
        }
        double[] scores = new double[sentences.size()];
        double[] cosines = new double[sentences.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = -2 + overlapWeight * overlap[i];
            cosines[i] = Double.NaN;
        }
        for (int i : embedded) {
            cosines[i] = Vectors.cosine(vector, vectors.get(i));
            scores[i] = cosines[i] + overlapWeight * overlap[i];
        }
        if (windowWeight > 0) {
            List<Integer> windowed = embedded.stream().filter(i -> next(sentences, i) >= 0).toList();
            List<float[]> windows = embedder.embedDocuments(windowed.stream()
                    .map(i -> sentences.get(i).text() + " " + sentences.get(next(sentences, i)).text()).toList());
            for (int j = 0; j < windowed.size(); j++) {
                int i = windowed.get(j);
                scores[i] += windowWeight * Math.max(0, Vectors.cosine(vector, windows.get(j)) - cosines[i]);
            }
        }
        return new Scores(scores, cosines);
    }

    /**
     * The sentence right after sentence {@code i} in its chunk and paragraph (no blank line between them), or -1 if
     * {@code i} is the last of its paragraph in the context.
     */
    static int next(List<Candidate> sentences, int i) {
        if (i + 1 >= sentences.size()) {
            return -1;
        }
        Candidate c = sentences.get(i);
        Candidate n = sentences.get(i + 1);
        boolean adjacent = n.number() == c.number() && c.end() <= n.start()
                && c.chunk().chunk().text().substring(c.end(), n.start()).indexOf("\n\n") < 0;
        return adjacent ? i + 1 : -1;
    }

    /**
     * w·overlap alone for every sentence, as {@link #score} computes it, no sentence embedded (cosines NaN): for a
     * question whose language the embedder does not read.
     */
    Scores overlap(List<String> terms, List<Candidate> sentences, Map<String, Double> idf) {
        double[] scores = overlaps(new HashSet<>(terms), sentences, idf);
        double[] cosines = new double[sentences.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] *= overlapWeight;
            cosines[i] = Double.NaN;
        }
        return new Scores(scores, cosines);
    }

    /** The IDF-weighted share of {@code wanted} each sentence's match terms hold (0 when nothing is wanted). */
    private static double[] overlaps(Set<String> wanted, List<Candidate> sentences, Map<String, Double> idf) {
        double total = wanted.stream().mapToDouble(t -> idf.getOrDefault(t, maxIdf(idf))).sum();
        double[] overlap = new double[sentences.size()];
        for (int i = 0; i < sentences.size(); i++) {
            double hit = 0;
            for (String t : new HashSet<>(sentences.get(i).matchTerms())) {
                if (wanted.contains(t)) {
                    hit += idf.getOrDefault(t, 0.0);
                }
            }
            overlap[i] = total == 0 ? 0 : hit / total;
        }
        return overlap;
    }

    private static double maxIdf(Map<String, Double> idf) {
        return idf.values().stream().mapToDouble(Double::doubleValue).max().orElse(1.0);
    }

    /** Indices by descending score, ties by position (earlier first). */
    static List<Integer> rank(double[] scores) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            idx.add(i);
        }
        idx.sort(Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingInt(i -> i));
        return idx;
    }
}
