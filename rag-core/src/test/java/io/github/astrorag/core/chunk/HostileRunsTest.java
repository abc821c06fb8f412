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
     * Characters per second of a megabyte of dots within a small factor of a megabyte of prose, measured in one run
     * after a warm-up (before: 25 s for 1 MB of dots, 16 s for 48 MB of prose, a factor of about 75; 45 in this
     * test). The bound is loose (20) so that a busy machine does not fail it; docs/reliability.md gives the measured
     * ratio (about 6).
     */
    @Test
    void aMegabyteOfDotsIsCutAboutAsFastAsAMegabyteOfProse() {
        String dots = ".".repeat(1 << 20);
        StringBuilder sb = new StringBuilder();
        java.util.Random r = new java.util.Random(7);
        String[] words = {"the", "dome", "opens", "at", "dusk", "and", "Vega", "rises", "over", "the", "ridge", "while",
            "spectrograph", "readings", "drift", "by", "0.3", "nanometres"};
        while (sb.length() < 1 << 20) {
            sb.append(words[r.nextInt(words.length)]).append(r.nextInt(12) == 0 ? ".\n" : " ");
        }
        String prose = sb.toString();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        chunker.chunk(Document.of("w", prose.substring(0, 1 << 16)));
        chunker.chunk(Document.of("w", dots.substring(0, 1 << 16)));
        long proseNanos = Long.MAX_VALUE;
        long dotsNanos = Long.MAX_VALUE;
        for (int i = 0; i < 2; i++) { // the faster of two runs each, so that a busy machine does not decide
            long p0 = System.nanoTime();
            chunker.chunk(Document.of("p", prose));
            proseNanos = Math.min(proseNanos, System.nanoTime() - p0);
            long d0 = System.nanoTime();
            chunker.chunk(Document.of("d", dots));
            dotsNanos = Math.min(dotsNanos, System.nanoTime() - d0);
        }
        assertThat((double) dotsNanos / proseNanos).as("dots %d ms, prose %d ms", dotsNanos / 1_000_000, proseNanos / 1_000_000)
                .isLessThan(20);
    }
}
