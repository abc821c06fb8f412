package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.generate.SentenceCandidates.Candidate;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A sentence read with the next one of its paragraph (the window of {@link SentenceScorer}), on a fixture written
 * for this test and an embedder whose vectors are counts of four words, so that every cosine is computed by hand.
 */
class SentenceWindowTest {

    /** Vectors of counts of tide, day, bulges, moon (whole lower-case words); records every text embedded. */
    static final class CountingWordsEmbedder implements Embedder {
        static final List<String> WORDS = List.of("tide", "day", "bulges", "moon");
        final List<String> embedded = new ArrayList<>();

        @Override
        public int dimension() {
            return WORDS.size();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            embedded.addAll(texts);
            return texts.stream().map(CountingWordsEmbedder::counts).toList();
        }

        @Override
        public float[] embedQuery(String text) {
            return counts(text);
        }

        static float[] counts(String text) {
            float[] v = new float[WORDS.size()];
            for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
                int at = WORDS.indexOf(w);
                if (at >= 0) {
                    v[at]++;
                }
            }
            return v;
        }
    }

    /**
     * Paragraph 1: A (tide: 1, 0, 0, 0) then B (day, bulges: 0, 1, 1, 0); paragraph 2: D (tide ×3, day, moon ×2:
     * 3, 1, 0, 2). The question counts tide and day (1, 1, 0, 0).
     */
    private static final String A = "Sailors have always watched the tide.";
    private static final String B = "Each day, Earth turns through two bulges of water.";
    private static final String D = "The tide tables give the tide, the tide height and the day, and the moon and the moon phase.";
    private static final String TEXT = A + " " + B + "\n\n" + D;
    private static final String QUESTION = "Why does the tide come in twice a day?";

    private static Context context() {
        Chunk c = new Chunk("sea#0", "sea", "sea", "sea.md", null, 0, TEXT, 60, 0, TEXT.length());
        return new Context(List.of(new ScoredChunk(c, 1.0, null)), TEXT, 60, 100, Map.of());
    }

    private static List<Candidate> statements() {
        return SentenceCandidates.statements(SentenceCandidates.of(context(), EnglishTermAnalyzer.defaults(), true));
    }

    @Test
    void theNextSentenceIsTheOneAfterInTheSameParagraphOnly() {
        List<Candidate> s = statements();
        assertThat(s).extracting(Candidate::text).containsExactly(A, B, D);
        assertThat(SentenceScorer.next(s, 0)).isEqualTo(1);
        assertThat(SentenceScorer.next(s, 1)).as("a blank line ends the paragraph").isEqualTo(-1);
        assertThat(SentenceScorer.next(s, 2)).as("the last sentence").isEqualTo(-1);
    }

    /**
     * By hand, with overlap weight 0: cos(q, A) = 1/√2 = 0.70711; A read with B counts (1, 1, 1, 0), cos = 2/(√2·√3)
     * = 0.81650, so A scores 0.70711 + 0.5·(0.81650 − 0.70711) = 0.76180; B has no next sentence in its paragraph:
     * 1/(√2·√2) = 0.5; D: 4/(√2·√14) = 0.75593. The cosines reported are the sentences' own.
     */
    @Test
    void aSentenceScoresWhatItsWindowAddsToItsCosine() {
        CountingWordsEmbedder embedder = new CountingWordsEmbedder();
        SentenceScorer.Scores scores = new SentenceScorer(embedder, 0, 10, 0.5)
                .score(embedder.embedQuery(QUESTION), List.of(), Set.of(), statements(), Map.of(), new HashMap<>());
        assertThat(scores.total()[0]).isCloseTo(0.76180, within(1e-5));
        assertThat(scores.total()[1]).isCloseTo(0.5, within(1e-9));
        assertThat(scores.total()[2]).isCloseTo(0.75593, within(1e-5));
        assertThat(scores.cosine()[0]).isCloseTo(0.70711, within(1e-5));
        assertThat(embedder.embedded).as("three sentences, one window").containsExactly(A, B, D, A + " " + B);
    }

    @Test
    void theWindowDecidesBetweenTwoCloseSentencesAndWeightZeroEmbedsNone() {
        CountingWordsEmbedder with = new CountingWordsEmbedder();
        Answer a = ExtractiveGenerator.builder(with).overlapWeight(0).maxSentences(1).minSupport(0).build()
                .generate(Query.of(QUESTION), context());
        assertThat(a.text()).isEqualTo(A + " [1]"); // 0.76180 against D's 0.75593

        CountingWordsEmbedder without = new CountingWordsEmbedder();
        Answer b = ExtractiveGenerator.builder(without).overlapWeight(0).maxSentences(1).minSupport(0).windowWeight(0)
                .build().generate(Query.of(QUESTION), context());
        assertThat(b.text()).isEqualTo(D + " [1]"); // 0.75593 against A's 0.70711
        assertThat(without.embedded).containsExactlyInAnyOrder(A, B, D);
    }

    @Test
    void theWindowWeightIsCheckedAndSetOnce() {
        CountingWordsEmbedder embedder = new CountingWordsEmbedder();
        assertThatThrownBy(() -> ExtractiveGenerator.builder(embedder).windowWeight(-0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("windowWeight");
        assertThatThrownBy(() -> ExtractiveGenerator.builder(embedder).windowWeight(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("windowWeight");
        assertThatThrownBy(() -> ExtractiveGenerator.builder(embedder).windowWeight(0.5).windowWeight(0.5))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("windowWeight");
        assertThat(new ExtractiveGenerator(embedder).describe())
                .containsEntry("windowWeight", ExtractiveGenerator.DEFAULT_WINDOW_WEIGHT)
                .containsEntry("overlapWeight", ExtractiveGenerator.DEFAULT_OVERLAP_WEIGHT)
                .containsEntry("embedLimit", ExtractiveGenerator.DEFAULT_EMBED_LIMIT);
    }
}
