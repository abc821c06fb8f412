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
}
