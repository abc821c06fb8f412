package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/** Checks the contracts share about a ranking. */
public final class Rankings {

    private Rankings() {
    }

    /**
     * Fails unless {@code hits} are best first: scores do not increase down the list, and equal scores come in
     * ascending chunk id ({@link ScoredChunk#BY_SCORE}).
     *
     * @param what the ranking, for the message
     * @param hits the ranking
     */
    public static void assertBestFirstTiesByChunkId(String what, List<ScoredChunk> hits) {
        for (int i = 1; i < hits.size(); i++) {
            ScoredChunk before = hits.get(i - 1);
            ScoredChunk after = hits.get(i);
            assertThat(after.score()).as("%s: score at %d after %s", what, i, before).isLessThanOrEqualTo(before.score());
            if (after.score() == before.score()) {
                assertThat(after.id()).as("%s: tie at %d", what, i).isGreaterThan(before.id());
            }
        }
    }
}
