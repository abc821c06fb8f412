package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.internal.text.Mentions;
import io.github.astrorag.retrieval.graph.EvidencePrior;
import io.github.astrorag.retrieval.lexical.Bm25;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The objective of {@link BridgingCoverageSelector} bound to one query and its distinct candidates (see
 * that class for the formula): the candidates analysed once (terms, BM25 IDF over the pool, unit
 * vectors, token counts), and a {@link State} per sequence of picks that values a candidate given the
 * picks before it. The greedy selector climbs it one pick at a time; {@link EvidenceCoverageScorer} sums
 * it over a whole ordered combination. Not thread-safe: one state per sequence.
 */
final class CoverageObjective {

    private final BridgingCoverageSelector settings;
    private final List<ScoredChunk> pool;
    private final Map<String, Integer> index = new LinkedHashMap<>();
    private final List<Set<String>> terms;
    private final Bm25 stats;
    private final Map<String, Double> queryIdf = new LinkedHashMap<>();
    private final double total;
    private final float[][] unit;
    private final int[] tokens;
    private final double[] sim;
    private final String[] names;
    private final String[] lower;
    private final boolean[] asked;
    private final double[] prior;

    CoverageObjective(BridgingCoverageSelector settings, Query query, List<ScoredChunk> pool, boolean countTokens) {
        this.settings = settings;
        this.pool = pool;
        int n = pool.size();
        for (int i = 0; i < n; i++) {
            index.put(pool.get(i).id(), i);
        }
        List<List<String>> analysed = Bm25.analyse(pool.stream().map(c -> c.chunk().text()).toList(), settings.analyzer());
        this.stats = Bm25.of(analysed);
        this.terms = new ArrayList<>(n);
        analysed.forEach(a -> terms.add(new LinkedHashSet<>(a)));
        double sum = 0;
        if (n > 0) {
            for (String t : new LinkedHashSet<>(settings.analyzer().terms(query.text()))) {
                if (stats.documentFrequency(t) > 0) {
                    queryIdf.put(t, stats.idf(t));
                    sum += stats.idf(t);
                }
            }
        }
        this.total = sum;
        this.unit = unitVectors(query, pool);
        this.sim = normalised(unit == null ? null : unit[n]);
        String question = Mentions.lower(query.text());
        this.names = new String[n];
        this.lower = new String[n];
        this.asked = new boolean[n];
        for (int i = 0; i < n; i++) {
            names[i] = Mentions.name(pool.get(i).chunk().title());
            lower[i] = Mentions.lower(pool.get(i).chunk().text());
            asked[i] = names[i] != null && Mentions.containsWords(question, names[i]);
        }
        this.prior = settings.pageRankWeight() > 0 && n > 0 ? prior() : null;
        this.tokens = new int[n];
        if (countTokens) {
            for (int i = 0; i < n; i++) {
                tokens[i] = settings.assembler().counter().count(pool.get(i).chunk().text());
            }
        }
    }

    /** The number of distinct candidates. */
    int size() {
        return pool.size();
    }

    /** Candidate {@code i}. */
    ScoredChunk chunk(int i) {
        return pool.get(i);
    }

    /** The position of the candidate with chunk id {@code id}, or -1. */
    int indexOf(String id) {
        return index.getOrDefault(id, -1);
    }

    /** The question's terms that some candidate holds. */
    List<String> queryTerms() {
        return List.copyOf(queryIdf.keySet());
    }

    /** A sequence with no pick yet; {@code budget} 0 = no budget awareness. */
    State start(int budget) {
        return new State(budget);
    }

    /** The picks of one sequence and what they covered. */
    final class State {
        private final boolean[] chosen = new boolean[pool.size()];
        private final List<Integer> picks = new ArrayList<>();
        private final Set<String> covered = new HashSet<>();
        private final Map<String, Double> bridge = new LinkedHashMap<>();
        private final Set<String> matched = new HashSet<>();
        private final List<String> bridgeTrace = new ArrayList<>();
        private final float[] moved;
        private final int budget;
        private double[] sim;
        private int left;

        private State(int budget) {
            this.budget = budget;
            this.left = budget;
            boolean shifts = unit != null && settings.queryShift() > 0;
            this.moved = shifts ? unit[pool.size()].clone() : null;
            this.sim = CoverageObjective.this.sim;
        }

        /** Whether candidate {@code i} was picked. */
        boolean chosen(int i) {
            return chosen[i];
        }

        /** {@code qgain(i)}: the IDF share of the question's terms that candidate i adds. */
        double queryGain(int i) {
            if (total <= 0) {
                return 0;
            }
            double q = 0;
            for (Map.Entry<String, Double> e : queryIdf.entrySet()) {
                if (!covered.contains(e.getKey()) && terms.get(i).contains(e.getKey())) {
                    q += e.getValue();
                }
            }
            return q / total;
        }

        /** {@code v(i)} after the picks so far (budget-discounted when the state has a budget). */
        double value(int i) {
            double value = sim[i];
            if (total > 0) {
                double b = 0;
                for (Map.Entry<String, Double> e : bridge.entrySet()) {
                    if (!matched.contains(e.getKey()) && terms.get(i).contains(e.getKey())) {
                        b += e.getValue();
                    }
                }
                value += settings.weight() * queryGain(i) + settings.bridgeWeight() * (b / total);
            }
            if (unit != null && settings.redundancy() > 0) {
                double dup = 0;
                for (int p : picks) {
                    dup = Math.max(dup, Vectors.dot(unit[i], unit[p]));
                }
                value -= settings.redundancy() * dup;
            }
            if (settings.titleWeight() > 0 && mentioned(i)) {
                value += settings.titleWeight();
            }
            if (asked[i]) {
                value += settings.questionTitleWeight();
            }
            if (prior != null) {
                value += settings.pageRankWeight() * prior[i];
            }
            if (budget > 0 && left > 0 && tokens[i] > left) {
                value = Math.max(value, 0) * left / tokens[i];
            }
            return value;
        }

        /** Adds candidate {@code i} to the picks. */
        void pick(int i) {
            chosen[i] = true;
            picks.add(i);
            Set<String> picked = terms.get(i);
            for (String t : queryIdf.keySet()) {
                if (picked.contains(t)) {
                    covered.add(t);
                }
            }
            for (String t : bridge.keySet()) {
                if (picked.contains(t)) {
                    matched.add(t);
                }
            }
            for (String t : settings.bridgeWeight() > 0 ? bridgeTermsOf(picked) : List.<String>of()) {
                if (!bridge.containsKey(t)) {
                    bridge.put(t, stats.idf(t));
                    bridgeTrace.add(t);
                }
            }
            if (budget > 0) {
                left -= tokens[i];
            }
            if (moved != null && settings.queryShift() > 0) {
                for (int j = 0; j < moved.length; j++) {
                    moved[j] += (float) (settings.queryShift() * unit[i][j]);
                }
                sim = normalised(moved);
            }
        }

        /** The bridge terms taken from the picks, in order. */
        List<String> bridgeTerms() {
            return List.copyOf(bridgeTrace);
        }

        /** The question's terms the picks cover, in query order. */
        List<String> covered() {
            return queryIdf.keySet().stream().filter(covered::contains).toList();
        }

        /**
         * Whether a picked chunk of another document names candidate i's title ({@link Mentions}: at least 3
         * characters, one a letter, case-insensitively as whole words).
         */
        private boolean mentioned(int i) {
            if (names[i] == null) {
                return false;
            }
            for (int p : picks) {
                if (!pool.get(p).chunk().documentId().equals(pool.get(i).chunk().documentId())
                        && Mentions.containsWords(lower[p], names[i])) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * {@link EvidencePrior} over the candidates, personalised by the normalised relevance plus 1 for a
     * document the question names (a tiny floor keeps every weight positive).
     */
    private double[] prior() {
        double[] p = new double[pool.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = sim[i] + (asked[i] ? 1 : 0) + 1e-6;
        }
        return EvidencePrior.of(pool, p);
    }

    /** The m highest-IDF terms of a pick that are no question terms and occur in another candidate. */
    private List<String> bridgeTermsOf(Set<String> picked) {
        return picked.stream()
                .filter(t -> !queryIdf.containsKey(t) && stats.documentFrequency(t) >= 2)
                .sorted(Comparator.comparingDouble((String t) -> -stats.idf(t)).thenComparing(Comparator.naturalOrder()))
                .limit(settings.bridgeTermCount())
                .toList();
    }

    /** Unit candidate vectors and, at index n, the unit query vector; null when one is missing. */
    private static float[][] unitVectors(Query query, List<ScoredChunk> pool) {
        float[] q = query.embedding();
        if (q == null || pool.stream().anyMatch(c -> c.embedding() == null)) {
            return null;
        }
        float[][] unit = new float[pool.size() + 1][];
        for (int i = 0; i < pool.size(); i++) {
            unit[i] = Vectors.normalizeInPlace(pool.get(i).embedding().clone());
        }
        unit[pool.size()] = Vectors.normalizeInPlace(q.clone());
        return unit;
    }

    /**
     * Min-max normalised similarity: to the moved query when there is one and a query shift, else the
     * incoming scores (the same for every state, computed once).
     */
    private double[] normalised(float[] moved) {
        int n = pool.size();
        double[] raw = new double[n];
        for (int i = 0; i < n; i++) {
            raw[i] = unit != null && settings.queryShift() > 0 ? Vectors.dot(unit[i], moved) : pool.get(i).score();
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double r : raw) {
            min = Math.min(min, r);
            max = Math.max(max, r);
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = max > min ? (raw[i] - min) / (max - min) : 1.0;
        }
        return out;
    }
}
