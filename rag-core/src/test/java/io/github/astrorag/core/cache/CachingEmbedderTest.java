package io.github.astrorag.core.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CachingEmbedderTest {

    /** Hashing vectors, recording every text it is asked to embed. */
    static final class Recording implements Embedder {
        final HashingEmbedder inner = new HashingEmbedder(32);
        final List<String> seen = new ArrayList<>();
        final boolean fingerprinted;

        Recording(boolean fingerprinted) {
            this.fingerprinted = fingerprinted;
        }

        @Override
        public int dimension() {
            return 32;
        }

        @Override
        public synchronized List<float[]> embedDocuments(List<String> texts) {
            seen.addAll(texts);
            return inner.embedDocuments(texts);
        }

        @Override
        public java.util.Optional<String> fingerprint() {
            return fingerprinted ? inner.fingerprint() : java.util.Optional.empty();
        }
    }

    @Test
    void embedsOnlyWhatTheCacheLacksOnceEachAndReturnsTheSameVectors() {
        Recording model = new Recording(true);
        CachingEmbedder caching = new CachingEmbedder(model, new InMemoryEmbeddingCache());
        CachingEmbedder.Embedded first = caching.embed(List.of("a", "b", "a"));
        assertThat(model.seen).containsExactly("a", "b");
        assertThat(first.hits()).isZero();
        assertThat(first.misses()).isEqualTo(3);
        CachingEmbedder.Embedded second = caching.embed(List.of("b", "c", "a"));
        assertThat(model.seen).containsExactly("a", "b", "c");
        assertThat(second.hits()).isEqualTo(2);
        assertThat(second.vectors().get(0)).containsExactly(model.inner.embedDocuments(List.of("b")).get(0));
        caching.embedQuery("a");
        assertThat(model.seen).as("queries live in their own space").containsExactly("a", "b", "c", "a");
        assertThat(caching.describe()).isEqualTo(model.describe());
    }

    /**
     * Rows rewritten with a valid CRC as NaN, all-zero and 5-dimensional vectors (issue 34, row 10): each is a miss,
     * embedded again and replaced; the call does not fail (was: "embedder … returned a non-finite component").
     */
    @Test
    void aCachedVectorTheEmbedderCouldNotHaveReturnedIsEmbeddedAgainAndReplaced(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) {
        Recording model = new Recording(true);
        String space = model.fingerprint().orElseThrow() + "/passage";
        float[] nan = new float[32];
        nan[3] = Float.NaN;
        float[] zero = new float[32];
        float[] five = {1, 0, 0, 0, 0};
        List<String> texts = List.of("nan", "zero", "five", "fine");
        float[] fine = model.inner.embedDocuments(List.of("fine")).get(0);
        try (SqliteEmbeddingCache cache = SqliteEmbeddingCache.inFolder(dir)) {
            cache.putAll(space, texts, List.of(nan, zero, five, fine));
        }
        try (SqliteEmbeddingCache cache = SqliteEmbeddingCache.inFolder(dir)) {
            CachingEmbedder caching = new CachingEmbedder(model, cache);
            CachingEmbedder.Embedded embedded = caching.embed(texts);
            assertThat(model.seen).containsExactly("nan", "zero", "five");
            assertThat(embedded.hits()).isEqualTo(1);
            assertThat(embedded.misses()).isEqualTo(3);
            List<float[]> expected = model.inner.embedDocuments(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(embedded.vectors().get(i)).containsExactly(expected.get(i));
                assertThat(cache.getAll(space, texts).get(i)).as("replaced in the cache").containsExactly(expected.get(i));
            }
        }
    }

    @Test
    void anEmbedderWithoutFingerprintIsNeverCachedUnderIt() {
        assertThatThrownBy(() -> new CachingEmbedder(new Recording(false), new InMemoryEmbeddingCache()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fingerprint");
    }

    private static final List<Document> DOCS = List.of(
            Document.of("mars", "Mars has two small moons, Phobos and Deimos."),
            Document.of("venus", "Venus is the hottest planet because of its thick atmosphere."));

    private static Map<String, Object> embedStage(Answer a) {
        return a.trace().ingest().stream().filter(s -> s.name().equals("embed")).findFirst().orElseThrow().details();
    }

    @Test
    void aPipelineWithACacheEmbedsASecondInstanceFromItWithIdenticalAnswersAndTracesTheIngest() {
        Recording model = new Recording(true);
        try (InMemoryEmbeddingCache cache = new InMemoryEmbeddingCache()) {
            RagPipeline rag = RagPipeline.builder().embedder(model).embeddingCache(cache).build();
            Answer first;
            try (RagInstance i = rag.openDocuments(DOCS)) {
                first = i.ask("How many moons has Mars?");
            }
            int embedded = model.seen.size();
            Answer second;
            try (RagInstance i = rag.openDocuments(DOCS)) {
                second = i.ask("How many moons has Mars?");
            }
            assertThat(second.text()).isEqualTo(first.text());
            assertThat(second.citations()).isEqualTo(first.citations());
            assertThat(embedStage(first)).containsEntry("texts", 2).containsEntry("cacheHits", 0).containsEntry("cacheMisses", 2);
            assertThat(embedStage(second)).containsEntry("cacheHits", 2).containsEntry("cacheMisses", 0);
            assertThat(second.trace().ingest()).extracting(Trace.Stage::name).containsExactly("chunk", "embed", "index");
            assertThat(model.seen).as("the second instance embedded no chunk").hasSizeLessThanOrEqualTo(embedded + 4);
            assertThat(rag.describe()).isEqualTo(RagPipeline.builder().embedder(model).build().describe());
        }
    }

    @Test
    void aPipelineRunsUncachedAndSaysSoWhenTheEmbedderDeclaresNoFingerprint() {
        Recording model = new Recording(false);
        RagPipeline rag = RagPipeline.builder().embedder(model).embeddingCache(new InMemoryEmbeddingCache()).build();
        try (RagInstance i = rag.openDocuments(DOCS)) {
            assertThat(embedStage(i.ask("Which planet is hottest?"))).containsEntry("cacheHits", 0)
                    .containsEntry("cache", "not used: the embedder declares no fingerprint");
        }
    }

    /** The decorator keeps the Embedder contract over either cache. */
    @org.junit.jupiter.api.Nested
    class OverTheInMemoryCache extends io.github.astrorag.core.testing.EmbedderContract {
        @Override
        protected Embedder embedder() {
            return new CachingEmbedder(new HashingEmbedder(), new InMemoryEmbeddingCache());
        }

        @Override
        protected double tolerance() {
            return 0;
        }
    }

    @org.junit.jupiter.api.Nested
    class OverTheSqliteCache extends io.github.astrorag.core.testing.EmbedderContract {
        @org.junit.jupiter.api.io.TempDir
        java.nio.file.Path dir;

        @Override
        protected Embedder embedder() {
            return new CachingEmbedder(new HashingEmbedder(), SqliteEmbeddingCache.inFolder(dir));
        }

        @Override
        protected double tolerance() {
            return 0;
        }
    }
}
