package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pipeline's token counter: chunk sizes and the budget follow it, and the trace names it. */
class PipelineTokenCounterTest {

    /** o200k_base: 地|球|是|太阳|系|的|第三|颗|行|星|。 = 11 tokens (p50k_base: 26). */
    private static final String EARTH = "地球是太阳系的第三颗行星。";
    /** o200k_base: 月|球|距离|地|球|约|三|十八|万|公里|。 = 11 tokens (p50k_base: 29). */
    private static final String MOON = "月球距离地球约三十八万公里。";
    private static final TokenCounter O200K = TokenCounter.of("o200k_base");

    @Test
    void theBudgetIsCountedInO200k() {
        // 11 + "\n\n" + 11: the blank line joins the two sentences' tokens without one of its own, 22 in all
        String text = EARTH + "\n\n" + MOON;
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).tokenCounter(O200K).budget(22).build();
             RagInstance instance = rag.openDocuments(List.of(Document.of("zh", text)))) {
            assertThat(instance.chunks()).singleElement().satisfies(c -> assertThat(c.tokens()).isEqualTo(22));
            Context context = instance.selectContext(Query.of("月球距离地球多远？"));
            assertThat(context.text()).isEqualTo(text);
            assertThat(context.tokens()).isEqualTo(22);
            Map<String, Object> config = rag.describe();
            assertThat(config.get("tokenizer")).isEqualTo("o200k_base");
            assertThat(((Map<?, ?>) config.get("chunker")).get("encoding")).isEqualTo("o200k_base");
            assertThat(((Map<?, ?>) config.get("selector")).get("encoding")).isEqualTo("o200k_base");
            assertThat(instance.ask("月球距离地球多远？").trace().config().get("tokenizer")).isEqualTo("o200k_base");
        }
        // the same budget in p50k_base holds less than one of the sentences (26 and 29 tokens)
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).budget(22).build();
             RagInstance instance = rag.openDocuments(List.of(Document.of("zh", text)))) {
            Context context = instance.selectContext(Query.of("月球距离地球多远？"));
            assertThat(context.tokens()).isLessThanOrEqualTo(22);
            assertThat(context.text().length()).isLessThan(EARTH.length());
            assertThat(rag.describe().get("tokenizer")).isEqualTo("p50k_base");
        }
    }

    @Test
    void chunkSizesFollowTheCounter() {
        String text = (EARTH + MOON).repeat(10); // 220 o200k tokens, no white space
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).tokenCounter(O200K).build();
             RagInstance instance = rag.openDocuments(List.of(Document.of("zh", text)))) {
            assertThat(instance.chunks()).singleElement().satisfies(c -> assertThat(c.tokens()).isEqualTo(220));
        }
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).build();
             RagInstance instance = rag.openDocuments(List.of(Document.of("zh", text)))) {
            assertThat(instance.chunks()).hasSizeGreaterThan(1); // 550 p50k tokens
        }
    }

    @Test
    void aChunkerCountingOtherwiseIsRefused() {
        RagPipeline.Builder b = RagPipeline.builder().embedder(new HashingEmbedder(64))
                .chunker(RecursiveTokenChunker.defaults()).tokenCounter(O200K);
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("p50k_base").hasMessageContaining("o200k_base");
        assertThatThrownBy(() -> RagPipeline.builder().tokenCounter(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aGivenChunkersCounterIsTheBudgets() {
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64))
                .chunker(RecursiveTokenChunker.builder().counter(O200K).build()).build()) {
            assertThat(rag.tokenCounter()).isSameAs(O200K);
            assertThat(((Map<?, ?>) rag.describe().get("selector")).get("encoding")).isEqualTo("o200k_base");
        }
    }
}
