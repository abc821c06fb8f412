package io.github.astrorag.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;

/** Any text, split into pages or not, chunks within the contract: never over maxTokens, exact spans, whole code points. */
class ChunkerFuzzTest {

    private static final String[] ENCODINGS = {"p50k_base", "cl100k_base"};

    @FuzzTest(maxDuration = "30s")
    void chunk(FuzzedDataProvider data) {
        TokenCounter counter = TokenCounter.of(ENCODINGS[data.consumeInt(0, 1)]);
        int max = data.consumeInt(8, 64);
        int overlap = data.consumeInt(0, (max - 1) / 2);
        boolean paged = data.consumeBoolean();
        String text = data.consumeRemainingAsString();
        List<Integer> pages = paged && text.length() > 1 ? List.of(0, text.length() / 2) : List.of();
        if (!pages.isEmpty() && Character.isLowSurrogate(text.charAt(text.length() / 2))) {
            pages = List.of(0, text.length() / 2 + 1);
        }
        Document doc = new Document("d", "d", "d", text, pages);
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().counter(counter).maxTokens(max).overlap(overlap).build();
        List<Chunk> chunks = chunker.chunk(doc);
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            assertThat(c.ordinal()).isEqualTo(i);
            assertThat(text.substring(c.start(), c.end())).isEqualTo(c.text()).isNotBlank();
            assertThat(counter.count(c.text())).isEqualTo(c.tokens()).isLessThanOrEqualTo(max);
            assertThat(Character.isLowSurrogate(text.charAt(c.start()))).isFalse();
            assertThat(Character.isHighSurrogate(text.charAt(c.end() - 1))).isFalse();
        }
        assertThat(chunker.chunk(doc)).isEqualTo(chunks);
    }
}
