package io.github.astrorag.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs of one punctuation character, which p50k_base packs at about 60 characters per token: the chunker never hands
 * the encoder more than a bounded text at once (counting a whole run needs memory and time growing faster than its
 * length: a 16 MB run ran out of a 1 GiB heap), and cuts them about as fast as prose.
 */
class HostileRunsTest {

    private static final TokenCounter P50K = TokenCounter.p50k();
    /** The most characters the chunker may count at once: two chunks of the longest tokens. */
    private static final long BOUND = 2L * RecursiveTokenChunker.DEFAULT_MAX_TOKENS * TokenCounter.LONGEST_TOKEN_BYTES;

    /** A chunker with the defaults that records the longest text it counts and how much it counts in all. */
    private static final class Watched {
        long longest;
        long total;
        final RecursiveTokenChunker chunker = new RecursiveTokenChunker(P50K, 300, 30, new RecursiveTokenChunker.Counting() {
            @Override
            public int count(String text) {
                return P50K.count(seen(text));
            }

            @Override
            public int[] encode(String text) {
                return P50K.encode(seen(text));
            }

            @Override
            public String decode(int[] tokens) {
                return P50K.decode(tokens);
            }
        });

        private String seen(String text) {
            longest = Math.max(longest, text.length());
            total += text.length();
            return text;
        }
    }

    @Test
    void aRunOfPunctuationIsNeverCountedWholeAndIsCutIntoChunksWithinTheLimit() {
        for (String ch : List.of("-", "=", ".")) {
            String run = ch.repeat(1 << 18);
            Watched w = new Watched();
            List<Chunk> chunks = w.chunker.chunk(Document.of("d", run));
            assertThat(w.longest).as(ch).isLessThanOrEqualTo(BOUND);
            assertThat(chunks).allSatisfy(c -> assertThat(P50K.count(c.text())).isLessThanOrEqualTo(300));
            assertThat(chunks.get(0).start()).isZero();
            assertThat(chunks.get(chunks.size() - 1).end()).isEqualTo(run.length());
        }
    }

    @Test
    void aRunOfDotsAmongProseIsCountedInBoundedPiecesToo() {
        String prose = "The dome is 6.5 metres wide. It opens at dusk.\n\n";
        String text = prose.repeat(50) + ".".repeat(1 << 18) + "\n\n" + prose.repeat(50);
        Watched w = new Watched();
        List<Chunk> chunks = w.chunker.chunk(Document.of("d", text));
        assertThat(w.longest).isLessThanOrEqualTo(BOUND);
        assertThat(chunks).allSatisfy(c -> assertThat(c.tokens()).isLessThanOrEqualTo(300));
    }

    /**
     * The work on a megabyte of dots is linear: the characters handed to the encoder stay within a small multiple of
     * the text's length (before, each cut counted its whole remaining run again: about 45 times slower per character
     * than prose). The time itself is measured by {@code RunChunkTiming} (docs/reliability.md), not asserted here.
     */
    @Test
    void aMegabyteOfDotsIsCountedInWorkLinearInItsLength() {
        String dots = ".".repeat(1 << 20);
        Watched w = new Watched();
        List<Chunk> chunks = w.chunker.chunk(Document.of("d", dots));
        assertThat(w.longest).isLessThanOrEqualTo(BOUND);
        assertThat(w.total).as("characters counted for %d", dots.length()).isLessThanOrEqualTo(8L * dots.length());
        assertThat(chunks.get(chunks.size() - 1).end()).isEqualTo(dots.length());
    }
}
