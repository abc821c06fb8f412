package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A best sentence that holds none of the question's terms gives way to one within the margin that holds some, on a
 * fixture written for this test and an embedder whose vectors are set per text, so that every score is computed by
 * hand: the question and TOPIC are (1, 0), so cos = 1; ROUTE is (0.75, 0.661), cos = 0.75; any other text (0, 1).
 */
class TermlessAnswerTest {

    /** On the topic, none of the question's terms (parcels, routed). */
    private static final String TOPIC = "The carrier decides that as it goes.";
    /** One of the two terms (parcels), of equal IDF weight: overlap and coverage 0.5. */
    private static final String ROUTE = "Parcels travel one by one through regional depots.";
    /** Opens with a reference to the sentence before it, which may hold the terms. */
    private static final String BACK = "It is done as the carrier decides.";
    private static final String QUESTION = "How are the parcels routed?";

    /** Vectors set per text (see the class description). */
    private static final Embedder SET = new Embedder() {
        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            return texts.stream().map(TermlessAnswerTest::vector).toList();
        }

        @Override
        public float[] embedQuery(String text) {
            return vector(text);
        }
    };

    private static float[] vector(String text) {
        if (text.equals(QUESTION) || text.equals(TOPIC) || text.equals(BACK)) {
            return new float[] {1, 0};
        }
        return text.equals(ROUTE) ? new float[] {0.75f, 0.6614378f} : new float[] {0, 1};
    }

    /** The texts as paragraphs of their own (no sentence is read with a next one), in one chunk. */
    private static Context context(String... paragraphs) {
        String text = String.join("\n\n", paragraphs);
        Chunk c = new Chunk("post#0", "post", "post", "post.md", null, 0, text, 40, 0, text.length());
        return new Context(List.of(new ScoredChunk(c, 1.0, null)), text, 40, 100, Map.of());
    }

    @Test
    void aBestSentenceWithNoTermOfTheQuestionGivesWayToOneThatHoldsSome() {
        // scores cos + 0.3·overlap: TOPIC 1.0 + 0 = 1.0, ROUTE 0.75 + 0.3·0.5 = 0.9, within the margin 0.15 of 1.0
        Answer a = new ExtractiveGenerator(SET).generate(Query.of(QUESTION), context(TOPIC, ROUTE));
        assertThat(a.text()).isEqualTo(ROUTE + " [1]");
    }

    @Test
    void notWhenNoneWithinTheMarginHoldsATerm() {
        // margin 0.05: ROUTE's 0.9 is below 1.0 − 0.05, so TOPIC answers
        Answer a = ExtractiveGenerator.builder(SET).margin(0.05).build()
                .generate(Query.of(QUESTION), context(TOPIC, ROUTE));
        assertThat(a.text()).isEqualTo(TOPIC + " [1]");
    }

    @Test
    void notWhenTheBestRefersBackToTheSentenceBefore() {
        Answer a = new ExtractiveGenerator(SET).generate(Query.of(QUESTION), context(BACK, ROUTE));
        assertThat(a.text()).startsWith(BACK);
    }
}
