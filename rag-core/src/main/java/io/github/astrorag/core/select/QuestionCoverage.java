package io.github.astrorag.core.select;

import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The relevance of a piece of text to a question, as the budget assembly measures it: the IDF share of the
 * question's terms that the text holds,
 *
 * <pre>
 *   relevance(x) = Σ_{t ∈ Q ∩ x} idf(t) / Σ_{t ∈ Q} idf(t)
 * </pre>
 *
 * where Q is the set of the question's terms that occur in at least one of the selection's candidates (terms by
 * the pipeline's {@link TermAnalyzer}) and idf is BM25's {@code ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))} over
 * those N candidates. In [0, 1]; {@link #known()} is false when Q is empty, and then every text scores 0. Built
 * once per cut, in O(total candidate text). Not thread-safe: one per call.
 */
final class QuestionCoverage {

    private final TermAnalyzer analyzer;
    private final Map<String, Double> idf;
    private final double total;

    private QuestionCoverage(TermAnalyzer analyzer, Map<String, Double> idf) {
        this.analyzer = analyzer;
        this.idf = idf;
        double sum = 0;
        for (double w : idf.values()) {
            sum += w;
        }
        this.total = sum;
    }

    /**
     * The coverage of {@code question}'s terms, weighted over {@code candidates}.
     *
     * @param analyzer gives the terms
     * @param question the question's text
     * @param candidates the selection's candidates
     * @return the measure
     */
    static QuestionCoverage of(TermAnalyzer analyzer, String question, List<ScoredChunk> candidates) {
        Set<String> asked = new LinkedHashSet<>(analyzer.terms(question));
        Map<String, Integer> df = new HashMap<>();
        for (ScoredChunk c : candidates) {
            for (String t : new HashSet<>(analyzer.terms(c.chunk().text()))) {
                if (asked.contains(t)) {
                    df.merge(t, 1, Integer::sum);
                }
            }
        }
        int n = candidates.size();
        Map<String, Double> idf = new HashMap<>();
        df.forEach((t, k) -> idf.put(t, Math.log(1 + (n - k + 0.5) / (k + 0.5))));
        return new QuestionCoverage(analyzer, idf);
    }

    /** Whether some candidate holds a term of the question. */
    boolean known() {
        return total > 0;
    }

    /** The question terms (of Q) among {@code terms}, sorted so that sums over them are reproducible. */
    Set<String> asked(Collection<String> terms) {
        Set<String> out = new TreeSet<>();
        for (String t : terms) {
            if (idf.containsKey(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** The relevance of a text whose question terms are {@code asked}. */
    double of(Set<String> asked) {
        if (total == 0) {
            return 0;
        }
        double sum = 0;
        for (String t : asked) {
            sum += idf.getOrDefault(t, 0.0);
        }
        return sum / total;
    }

    /** The relevance of {@code text}. */
    double of(String text) {
        return of(asked(analyzer.terms(text)));
    }
}
