package io.github.astrorag.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.testing.ChunkerContract;
import io.github.astrorag.core.testing.CpuBudget;
import io.github.astrorag.core.token.TokenCounter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecursiveTokenChunkerTest extends ChunkerContract {

    @Override
    protected Chunker chunker() {
        return RecursiveTokenChunker.defaults();
    }

    @Test
    void defaultsAreThePapers() {
        RecursiveTokenChunker c = RecursiveTokenChunker.defaults();
        assertThat(c.maxTokens()).isEqualTo(300);
        assertThat(c.overlap()).isEqualTo(30);
        assertThat(c.counter().name()).isEqualTo("p50k_base");
    }

    @Test
    void shortTextIsOneChunk() {
        List<Chunk> chunks = chunker().chunk(Document.of("d", "  Andromeda is 2.5 million light-years away.  "));
        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.text()).isEqualTo("Andromeda is 2.5 million light-years away.");
            assertThat(c.start()).isEqualTo(2);
            assertThat(c.page()).isNull();
        });
    }

    @Test
    void consecutiveChunksOverlapByAtMostTheOverlap() {
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(60).overlap(10).build();
        List<Chunk> chunks = chunker.chunk(Document.of("d", longText()));
        TokenCounter counter = TokenCounter.p50k();
        int overlapping = 0;
        for (int i = 1; i < chunks.size(); i++) {
            Chunk prev = chunks.get(i - 1);
            Chunk next = chunks.get(i);
            if (next.start() < prev.end()) {
                overlapping++;
                String shared = prev.text().substring(next.start() - prev.start());
                assertThat(counter.count(shared)).isLessThanOrEqualTo(10);
            }
            assertThat(next.tokens()).isLessThanOrEqualTo(60);
        }
        assertThat(overlapping).isGreaterThan(chunks.size() / 2);
    }

    @Test
    void aWordLongerThanAChunkIsCutAtTokens() {
        String word = "x".repeat(5000);
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(50).overlap(0).build();
        List<Chunk> chunks = chunker.chunk(Document.of("d", word));
        assertThat(chunks).hasSizeGreaterThan(5).allSatisfy(c -> assertThat(c.tokens()).isLessThanOrEqualTo(50));
        assertThat(String.join("", chunks.stream().map(Chunk::text).toList())).isEqualTo(word);
    }

    @Test
    void aMegabyteWordOfAsciiIsCutInBoundedWindows() {
        StringBuilder word = new StringBuilder(1 << 20);
        java.util.Random r = new java.util.Random(5);
        while (word.length() < 1 << 20) {
            word.append((char) ('a' + r.nextInt(26)));
        }
        assertCutContiguouslyWithinTheContract(word.toString());
    }

    @Test
    void aMegabyteWordOfCjkAndEmojiIsCutInBoundedWindowsAndNeverInsideASurrogatePair() {
        StringBuilder word = new StringBuilder(1 << 20);
        java.util.Random r = new java.util.Random(7);
        while (word.length() < 1 << 20) {
            word.appendCodePoint(r.nextBoolean() ? 0x4E00 + r.nextInt(2000) : 0x1F300 + r.nextInt(500));
        }
        assertCutContiguouslyWithinTheContract(word.toString());
    }

    /** One word without white space: cut at token boundaries into contiguous chunks (no word to overlap at). */
    private void assertCutContiguouslyWithinTheContract(String word) {
        Document doc = Document.of("word", word);
        List<Chunk> chunks = CpuBudget.within(Duration.ofSeconds(60), () -> chunker().chunk(doc));
        TokenCounter counter = TokenCounter.p50k();
        int at = 0;
        for (Chunk c : chunks) {
            assertThat(c.start()).isEqualTo(at);
            assertThat(c.text()).isEqualTo(word.substring(c.start(), c.end()));
            assertThat(counter.count(c.text())).isEqualTo(c.tokens()).isLessThanOrEqualTo(300);
            assertThat(Character.isLowSurrogate(word.charAt(c.start()))).isFalse();
            assertThat(Character.isHighSurrogate(word.charAt(c.end() - 1))).isFalse();
            at = c.end();
        }
        assertThat(at).isEqualTo(word.length());
        assertThat(chunks.size()).isGreaterThan(word.length() / 2000);
        Document head = Document.of("word", word.substring(0, 100_000));
        assertThat(chunker().chunk(head)).isEqualTo(chunker().chunk(head));
    }

    @Test
    void paragraphsAreKeptWholeWhenTheyFit() {
        String a = "Comets are icy bodies. They grow tails near the Sun.";
        String b = "Asteroids are rocky. Most orbit between Mars and Jupiter.";
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(16).overlap(0).build();
        List<Chunk> chunks = chunker.chunk(Document.of("d", a + "\n\n" + b));
        assertThat(chunks).extracting(Chunk::text).containsExactly(a, b);
    }

    @Test
    void exactForEveryEncodingAndOddText() {
        StringBuilder odd = new StringBuilder(longText());
        java.util.Random r = new java.util.Random(3);
        String[] bits = {"  ", "\n", "\t", "\u00a0", "Ωμέγα", "don't", "'s", "123", "...", "🌌", "x".repeat(40), "\r\n"};
        for (int i = 0; i < 3000; i++) {
            odd.append(bits[r.nextInt(bits.length)]).append(i % 7 == 0 ? "" : " ");
        }
        for (String encoding : List.of("p50k_base", "cl100k_base", "o200k_base", "r50k_base")) {
            TokenCounter counter = TokenCounter.of(encoding);
            for (int[] setting : new int[][] {{300, 30}, {50, 20}, {8, 0}}) {
                RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().counter(counter)
                        .maxTokens(setting[0]).overlap(setting[1]).build();
                Document doc = Document.of("odd", odd.toString());
                for (Chunk c : chunker.chunk(doc)) {
                    assertThat(counter.count(c.text())).as(encoding + " " + setting[0]).isEqualTo(c.tokens())
                            .isLessThanOrEqualTo(setting[0]);
                    assertThat(doc.text().substring(c.start(), c.end())).isEqualTo(c.text());
                }
            }
        }
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> RecursiveTokenChunker.builder().maxTokens(4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4");
        assertThatThrownBy(() -> RecursiveTokenChunker.builder().maxTokens(20).overlap(10).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlap");
        assertThatThrownBy(() -> RecursiveTokenChunker.builder().maxTokens(20).maxTokens(30))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
    }
}
