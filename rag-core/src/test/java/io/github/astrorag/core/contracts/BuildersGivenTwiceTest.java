package io.github.astrorag.core.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.OpenAiCompatibleEmbedder;
import io.github.astrorag.core.embed.TeiEmbedder;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.generate.TgiGenerator;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.testing.GivenTwice;
import io.github.astrorag.core.testing.GivenTwice.Values;
import io.github.astrorag.core.token.TokenCounter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every builder of rag-core keeps the house rule: a setting given twice throws {@link IllegalStateException}
 * (checked by {@link GivenTwice} over every public setter, so a new setter is checked too).
 */
class BuildersGivenTwiceTest {

    private static final Map<String, String> HTTP_EXEMPT = Map.of("apiKeyEnv/1",
            "reads the process environment; it is the setting of apiKeyEnv(name, environment), which is checked");

    private static Values http() {
        return Values.defaults()
                .setter("baseUrl", () -> new Object[] {"http://localhost:8080/v1"})
                .setter("apiKeyEnv", () -> new Object[] {"ASTRORAG_TEST_KEY", (Function<String, String>) n -> "test-key"})
                .setter("maxReplyBytes", () -> new Object[] {1L << 20})
                .setter("backoff", () -> new Object[] {Duration.ofMillis(10), Duration.ofSeconds(1)})
                .setter("stop", () -> new Object[] {List.of("END")})
                .setter("languages", () -> new Object[] {List.of("en")})
                .type(PromptTemplate.class, PromptTemplate::defaults)
                .type(Supplier.class, () -> (Supplier<String>) () -> "test-key");
    }

    @Test
    void httpGenerators() {
        assertThat(GivenTwice.assertEverySettingOnce(OpenAiCompatibleGenerator::builder, http(), HTTP_EXEMPT))
                .contains("baseUrl(String)", "maxRetries(int)", "maxTokens(int)", "maxTokens(int, int)", "model(String)");
        GivenTwice.assertEverySettingOnce(TgiGenerator::builder, http(), HTTP_EXEMPT);
    }

    @Test
    void httpEmbedders() {
        assertThat(GivenTwice.assertEverySettingOnce(OpenAiCompatibleEmbedder::builder, http(), HTTP_EXEMPT))
                .contains("dimension(int)", "dimensions(int)", "queryPrefix(String)");
        GivenTwice.assertEverySettingOnce(TeiEmbedder::builder, http(), HTTP_EXEMPT);
    }

    @Test
    void twoMethodsOfOneSettingCountAsOne() {
        OpenAiCompatibleGenerator.Builder k = OpenAiCompatibleGenerator.builder().apiKey(() -> "k");
        assertThatThrownBy(() -> k.apiKeyEnv("ASTRORAG_TEST_KEY", n -> "k")).isInstanceOf(IllegalStateException.class);
        OpenAiCompatibleGenerator.Builder t = OpenAiCompatibleGenerator.builder().maxTokens(10);
        assertThatThrownBy(() -> t.maxTokens(10, 5)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aBadValueIsAnIllegalArgumentNotAState() {
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().temperature(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RecursiveTokenChunker.builder().maxTokens(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SqliteEmbeddingCache.builder().maxBytes(1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sqliteEmbeddingCache() {
        GivenTwice.assertEverySettingOnce(SqliteEmbeddingCache::builder, Values.defaults()
                .type(Path.class, () -> Path.of("embeddings.db"))
                .setter("maxBytes", () -> new Object[] {1L << 20}), Map.of());
    }

    @Test
    void recursiveTokenChunker() {
        GivenTwice.assertEverySettingOnce(RecursiveTokenChunker::builder, Values.defaults()
                .type(TokenCounter.class, TokenCounter::p50k)
                .setter("maxTokens", () -> new Object[] {64}), Map.of());
    }

    private static final Map<String, String> PIPELINE_EXEMPT = Map.of(
            "reranker", "adds a reranker after those given before",
            "rerankers", "replaces the whole list of rerankers",
            "owning", "adds a resource the pipeline closes");

    @Test
    void ragPipelineAndItsToBuilderWhereEachSettingMayBeReplacedOnce() {
        Values values = Values.defaults().setter("language", () -> new Object[] {"zh"})
                .setter("pipelineFor", () -> new Object[] {"zh", (Supplier<RagPipeline>) () -> null});
        GivenTwice.assertEverySettingOnce(RagPipeline::builder, values, PIPELINE_EXEMPT);
        RagPipeline minimal = RagPipeline.builder().embedder(new HashingEmbedder(16)).build();
        GivenTwice.assertEverySettingOnce(minimal::toBuilder, values, PIPELINE_EXEMPT);
    }

    /** A builder whose second {@code size} wins: what the check must catch. */
    public static final class LastCallWins {
        private Integer size;
        private String name;

        public LastCallWins size(int value) {
            size = value;
            return this;
        }

        public LastCallWins name(String value) {
            if (name != null) {
                throw new IllegalArgumentException("name was already set");
            }
            name = value;
            return this;
        }
    }

    @Test
    void theCheckCatchesASettingTakenTwiceOrTheWrongException() {
        assertThatThrownBy(() -> GivenTwice.assertEverySettingOnce(LastCallWins::new, Values.defaults(), Map.of()))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("size(int): accepted")
                .hasMessageContaining("name(String): java.lang.IllegalArgumentException");
    }
}
