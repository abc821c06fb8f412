package io.github.astrorag.core.generate;

import static io.github.astrorag.core.generate.Fixtures.CHUNK_1;
import static io.github.astrorag.core.generate.Fixtures.CHUNK_2;
import static io.github.astrorag.core.generate.Fixtures.CHUNK_3;
import static io.github.astrorag.core.generate.Fixtures.CONTEXT;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.testing.CpuBudget;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CitationParserTest {

    private static final String M31_DISTANCE = "The Andromeda Galaxy lies about 2.5 million light-years from Earth.";
    private static final String M31_NEAREST = "It is the nearest large spiral galaxy to the Milky Way.";
    private static final String CEPHEID_USE = "Astronomers use them to measure distances to nearby galaxies.";
    private static final String CEPHEID_PERIOD = "Cepheid variables pulsate with a period that depends on their luminosity.";
    private static final String COLLISION = "They are expected to collide in roughly 4.5 billion years.";
    private static final String APPROACH = "Andromeda and the Milky Way are approaching each other.";

    private final CitationParser parser = new CitationParser();
    private final Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();

    private List<Citation> parse(String reply) {
        return parser.parse(reply, CONTEXT, trace);
    }

    @Test
    void mapsANumberToItsChunkAndQuotesTheBestMatchingSentence() {
        assertThat(parse("Andromeda is about 2.5 million light-years from Earth [1]."))
                .containsExactly(new Citation(1, "m31#0", "m31.pdf", 4, M31_DISTANCE));
        assertThat(trace.values).isEmpty();
    }

    @Test
    void readsListsAndRunsOfMarkers() {
        // "nearest spiral galaxy to the Milky Way": chunk 1's second sentence; in chunk 3 the Milky Way sentence.
        assertThat(parse("It is the nearest spiral galaxy to the Milky Way [1, 3]."))
                .containsExactly(Citation.of(1, CHUNK_1, M31_NEAREST), Citation.of(3, CHUNK_3, APPROACH));
        assertThat(parse("Cepheids measure distances to galaxies [2][1]."))
                .containsExactly(Citation.of(2, CHUNK_2, CEPHEID_USE), Citation.of(1, CHUNK_1, M31_NEAREST));
    }

    @Test
    void aMarkerOpeningASentenceBelongsToThePreviousOne() {
        assertThat(parse("The two galaxies will collide in 4.5 billion years. [3] Cepheids pulsate [2]."))
                .containsExactly(Citation.of(3, CHUNK_3, COLLISION), Citation.of(2, CHUNK_2, CEPHEID_PERIOD));
    }

    @Test
    void quotesTheFirstSentenceWhenNothingMatchesAndKeepsOneCitationPerNumberAndQuote() {
        assertThat(parse("Yes [2]. Yes [2].")).containsExactly(Citation.of(2, CHUNK_2, CEPHEID_PERIOD));
    }

    @Test
    void twoReplySentencesDrawingOnOneChunkGiveOneCitationQuotingTheSpanFromTheFirstToTheLast() {
        List<Citation> cited = parse("Andromeda is 2.5 million light-years from Earth [1]. "
                + "It is the nearest large spiral galaxy to the Milky Way [1].");
        assertThat(cited).singleElement().satisfies(c -> {
            assertThat(c.number()).isEqualTo(1);
            assertThat(c.quote()).startsWith(M31_DISTANCE).endsWith(M31_NEAREST);
            assertThat(CHUNK_1.text()).contains(c.quote());
        });
    }

    @Test
    void dropsNumbersThatNameNoChunkAndFlagsThem() {
        assertThat(parse("It is close [1]. See also [9] and [0, 3].")).containsExactly(
                Citation.of(1, CHUNK_1, M31_DISTANCE), Citation.of(3, CHUNK_3, APPROACH));
        assertThat(trace.values).containsEntry(CitationParser.INVALID_CITATIONS, List.of(9, 0));
    }

    @Test
    void everyQuoteIsVerbatimTextOfItsChunk() {
        for (Citation c : parse("Andromeda [1] pulsates [2] and collides [3]; [1;2] again.")) {
            assertThat(CONTEXT.chunks().get(c.number() - 1).chunk().text()).contains(c.quote());
        }
    }

    @Test
    void aReplyWithoutMarkersCitesNothing() {
        assertThat(parse("The passages do not say.")).isEmpty();
        assertThat(parser.parse("Andromeda [1].", Fixtures.EMPTY, trace)).isEmpty();
        assertThat(trace.values).containsEntry(CitationParser.INVALID_CITATIONS, List.of(1));
    }

    @Test
    void severalMarkersOpeningASentenceAllBelongToThePreviousOne() {
        assertThat(parse("The two galaxies will collide in 4.5 billion years. [3] [1] Cepheids pulsate [2].")).containsExactly(
                Citation.of(3, CHUNK_3, COLLISION), Citation.of(1, CHUNK_1, M31_DISTANCE), Citation.of(2, CHUNK_2, CEPHEID_PERIOD));
    }

    @Test
    void aMegabyteReplyOfMarkersIsParsedInLinearTime() {
        String manySentences = "Andromeda is close [1][3]. ".repeat(40_000);
        assertThat(CpuBudget.within(Duration.ofSeconds(60), () -> parse(manySentences)))
                .extracting(Citation::number).containsExactly(1, 3);
        String oneSentence = "Andromeda" + " [1]".repeat(250_000) + " [2, 9]";
        assertThat(CpuBudget.within(Duration.ofSeconds(60), () -> parse(oneSentence)))
                .extracting(Citation::number).containsExactly(1, 2);
        String openers = "Andromeda lies far." + " [1]".repeat(250_000) + " Then";
        assertThat(CpuBudget.within(Duration.ofSeconds(60), () -> parse(openers)))
                .containsExactly(Citation.of(1, CHUNK_1, M31_DISTANCE));
    }
}
