package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.GeneratorContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest extends GeneratorContract {

    @Override
    protected Generator generator() {
        return new ExtractiveGenerator(new HashingEmbedder());
    }

    /** Counts every passage text it is asked to embed. */
    static final class CountingEmbedder implements Embedder {
        final HashingEmbedder delegate = new HashingEmbedder();
        final List<String> passages = new ArrayList<>();

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            passages.addAll(texts);
            return delegate.embedDocuments(texts);
        }

        @Override
        public float[] embedQuery(String text) {
            return delegate.embedQuery(text);
        }
    }

    private static Context context(String text) {
        Chunk c = new Chunk("notes#0", "notes", "notes", "notes.txt", null, 0, text, 40, 0, text.length());
        return new Context(List.of(new ScoredChunk(c, 1.0, null)), text, 40, 100, Map.of());
    }

    @Test
    void multipleChoiceEmbedsEachSentenceOnceAndCitesTheSupport() {
        CountingEmbedder embedder = new CountingEmbedder();
        String text = "Mars has two moons. Jupiter has dozens of moons. Venus has no moon. Mercury has no moon either.";
        Answer a = new ExtractiveGenerator(embedder).generate(Query.withOptions("How many moons does Mars have?",
                Map.of("A", "two", "B", "none", "C", "dozens", "D", "one")), context(text));
        assertThat(a.choice()).isEqualTo("A");
        assertThat(a.citations()).singleElement().satisfies(c -> assertThat(c.quote()).isEqualTo("Mars has two moons."));
        assertThat(embedder.passages).hasSize(4).doesNotHaveDuplicates();
    }

    @Test
    void openQuestionQuotesAndCitesTheBestSentences() {
        Answer a = new ExtractiveGenerator(new HashingEmbedder(), 1, 0.5, 24)
                .generate(Query.of("How many moons does Jupiter have?"), context("Mars has two moons. Jupiter has dozens of moons."));
        assertThat(a.text()).isEqualTo("Jupiter has dozens of moons. [1]");
        assertThat(a.citations()).singleElement().satisfies(c -> assertThat(c.chunkId()).isEqualTo("notes#0"));
    }

    @Test
    void emptyContextSaysSoAndCitesNothing() {
        Context empty = new Context(List.of(), "", 0, 100, Map.of());
        Answer a = new ExtractiveGenerator(new HashingEmbedder()).generate(Query.of("Anything?"), empty);
        assertThat(a.text()).isEqualTo(ExtractiveGenerator.NO_ANSWER);
        assertThat(a.citations()).isEmpty();
    }
}
