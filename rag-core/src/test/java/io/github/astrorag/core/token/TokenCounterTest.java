package io.github.astrorag.core.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenCounterTest {

    private final TokenCounter p50k = TokenCounter.p50k();

    @Test
    void countsLikeTiktoken() {
        // tiktoken p50k_base: "hello world" -> [31373, 995]
        assertThat(p50k.encode("hello world")).containsExactly(31373, 995);
        assertThat(p50k.count("hello world")).isEqualTo(2);
        assertThat(p50k.count("")).isZero();
        assertThat(p50k.count("<|endoftext|>")).isGreaterThan(1); // special tokens count as text
    }

    @Test
    void truncateGivesAPrefixWithinTheLimit() {
        String text = "The Andromeda Galaxy is about 2.5 million light-years from Earth.";
        for (int max = 0; max <= p50k.count(text) + 1; max++) {
            String head = p50k.truncate(text, max);
            assertThat(text).startsWith(head);
            assertThat(p50k.count(head)).isLessThanOrEqualTo(max);
        }
        assertThat(p50k.truncate(text, 3)).isEqualTo("The Andromeda Galaxy");
    }

    @Test
    void truncateNeverSplitsACharacter() {
        String text = "日本語のテキストと🌌銀河";
        for (int max = 1; max < p50k.count(text); max++) {
            String head = p50k.truncate(text, max);
            assertThat(text).startsWith(head);
            assertThat(head).doesNotContain("\uFFFD");
        }
    }

    @Test
    void encodingsByName() {
        assertThat(TokenCounter.of("cl100k_base").name()).isEqualTo("cl100k_base");
        assertThat(TokenCounter.of("P50K_BASE")).isSameAs(p50k);
        assertThatThrownBy(() -> TokenCounter.of("gpt9")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gpt9");
    }

    @Test
    void noTokenOfAnyEncodingIsLongerThanTheLongestTokenBytes() {
        com.knuddels.jtokkit.api.EncodingRegistry registry = com.knuddels.jtokkit.Encodings.newLazyEncodingRegistry();
        for (com.knuddels.jtokkit.api.EncodingType type : com.knuddels.jtokkit.api.EncodingType.values()) {
            com.knuddels.jtokkit.api.Encoding encoding = registry.getEncoding(type);
            String name = type.getName();
            int longest = 0;
            for (int id = 0; id < 201_000; id++) {
                try {
                    com.knuddels.jtokkit.api.IntArrayList one = new com.knuddels.jtokkit.api.IntArrayList(1);
                    one.add(id);
                    longest = Math.max(longest, encoding.decodeBytes(one).length);
                } catch (RuntimeException unknownId) {
                    // not a token of this encoding
                }
            }
            assertThat(longest).as(name).isPositive()
                    .isLessThanOrEqualTo(TokenCounter.LONGEST_TOKEN_BYTES);
        }
    }

    @Test
    void countUpToCountsExactlyUpToTheLimitAndNeverALongerText() {
        TokenCounter p50k = TokenCounter.p50k();
        assertThat(p50k.countUpTo("The dome opens at dusk.", 300)).isEqualTo(p50k.count("The dome opens at dusk."));
        assertThat(p50k.countUpTo(".".repeat(16 << 20), 300)).isEqualTo(301);
    }

    @Test
    void o200kCountsTheTokensOfTheGpt4oFamily() {
        TokenCounter o200k = TokenCounter.of("o200k_base");
        // tiktoken o200k_base: "hello world" -> [24912, 2375]
        assertThat(o200k.encode("hello world")).containsExactly(24912, 2375);
        // 地|球|是|太阳|系|的|第三|颗|行|星|。: 11 tokens, where p50k_base spends 26 (most characters as 2 or 3 byte pieces)
        String earth = "地球是太阳系的第三颗行星。";
        int[] tokens = o200k.encode(earth);
        assertThat(tokens).hasSize(11);
        assertThat(o200k.count(earth)).isEqualTo(11);
        assertThat(p50k.count(earth)).isEqualTo(26);
        assertThat(o200k.decode(java.util.Arrays.copyOfRange(tokens, 3, 4))).isEqualTo("太阳");
        assertThat(o200k.truncate(earth, 4)).isEqualTo("地球是太阳");
        assertThat(TokenCounter.of("O200K_BASE")).isSameAs(o200k);
        assertThat(TokenCounter.names()).containsExactly("p50k_base", "r50k_base", "p50k_edit", "cl100k_base", "o200k_base");
    }

    /** An application's own counter: one token per code point. */
    private static final TokenCounter CODE_POINTS = new TokenCounter() {
        @Override
        public String name() {
            return "code-points";
        }

        @Override
        public int count(String text) {
            return text.codePointCount(0, text.length());
        }

        @Override
        public int[] encode(String text) {
            return text.codePoints().toArray();
        }

        @Override
        public String decode(int[] tokens) {
            return new String(tokens, 0, tokens.length);
        }
    };

    @Test
    void anApplicationsOwnCounterGetsTruncateAndCountUpTo() {
        assertThat(CODE_POINTS.truncate("銀河🌌星", 2)).isEqualTo("銀河");
        assertThat(CODE_POINTS.truncate("銀河🌌星", 3)).isEqualTo("銀河🌌");
        assertThat(CODE_POINTS.countUpTo("銀河🌌星", 10)).isEqualTo(4);
        assertThat(CODE_POINTS.countUpTo("x".repeat(1281), 10)).isEqualTo(11);
    }

    @Test
    void aChunkerCountsWithAnApplicationsOwnCounter() {
        io.github.astrorag.core.chunk.RecursiveTokenChunker chunker = io.github.astrorag.core.chunk.RecursiveTokenChunker
                .builder().counter(CODE_POINTS).maxTokens(16).overlap(0).build();
        java.util.List<io.github.astrorag.core.model.Chunk> chunks = chunker.chunk(
                io.github.astrorag.core.model.Document.of("d", "地球是太阳系的第三颗行星。 月球距离地球约三十八万公里。"));
        // 13 + 1 + 14 characters: one sentence a chunk
        assertThat(chunks).extracting(io.github.astrorag.core.model.Chunk::text)
                .containsExactly("地球是太阳系的第三颗行星。", "月球距离地球约三十八万公里。");
        assertThat(chunks).extracting(io.github.astrorag.core.model.Chunk::tokens).containsExactly(13, 14);
    }
}
