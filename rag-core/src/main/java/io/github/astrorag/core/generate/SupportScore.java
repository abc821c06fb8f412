package io.github.astrorag.core.generate;

import io.github.astrorag.core.generate.SentenceCandidates.Candidate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The support score {@link ExtractiveGenerator} compares with its {@code minSupport} to decide whether to abstain,
 * and its inputs' term shares: {@code (0.25·coverage + 0.75·max(0, cosine)) · (1 − 0.25·unmatched) · (typeMatch ? 1 :
 * 0.9)}, where coverage and unmatched are IDF-weighted shares of the question's content terms ({@link #share}).
 * The weights were chosen by 2-fold cross-validation over answerable, adversarial unanswerable and off-corpus
 * questions with the default embedding model (docs/evaluation.md): the cosine separates best, the terms guard
 * against a question about something else that the embedding finds close.
 *
 * <p>Contract: every method is a pure function of its arguments. Complexity: {@link #support} is constant time;
 * {@link #held} and {@link #share} are linear in the terms given (plus sorting the held terms). Thread-safety:
 * stateless, safe for concurrent use.
 */
final class SupportScore {

    /** The weight of term coverage against the cosine in a sentence's relevance. */
    private static final double COVERAGE_WEIGHT = 0.25;
    /** How much of the support a question loses when none of its content terms is in the context. */
    private static final double UNMATCHED_PENALTY = 0.25;
    /** The support kept by a sentence without the kind of answer the question asks for. */
    private static final double TYPE_MISS_FACTOR = 0.9;

    /**
     * The support of a sentence, in [0, 1]: {@code (0.25·coverage + 0.75·max(0, cosine)) · (1 − 0.25·unmatched) ·
     * (typeMatch ? 1 : 0.9)}.
     */
    static double support(double coverage, double cosine, double unmatched, double typeMatch) {
        double relevance = COVERAGE_WEIGHT * coverage + (1 - COVERAGE_WEIGHT) * Math.max(0, Math.min(1, cosine));
        return relevance * (1 - UNMATCHED_PENALTY * unmatched) * (typeMatch > 0 ? 1 : TYPE_MISS_FACTOR);
    }

    /** The terms of {@code wanted} that the sentence holds. */
    static List<String> held(Candidate c, Set<String> wanted) {
        return new HashSet<>(c.terms()).stream().filter(wanted::contains).sorted().toList();
    }

    /** The weight of {@code terms} as a share of {@code total}; 0 when {@code total} is 0. */
    static double share(List<String> terms, Map<String, Double> weight, double total) {
        return total == 0 ? 0 : terms.stream().mapToDouble(weight::get).sum() / total;
    }

    private SupportScore() {
    }
}
