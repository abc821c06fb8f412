package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.testing.CpuBudget;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SentencesTest {

    @Test
    void splitsAtSentenceEndsAndBlankLinesButNotAbbreviationsOrWrappedLines() {
        String text = "Dr. Rubin measured rotation curves. They stayed flat!\nWhy? Nobody knew\nat first.\n\nHeading";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "Dr. Rubin measured rotation curves.", "They stayed flat!", "Why?", "Nobody knew\nat first.", "Heading");
    }

    @Test
    void aShortLineBeforeACapitalIsAHeading() {
        assertThat(Sentences.split("Performance\nThe slit is narrow and the grating of the instrument\nHolds still. Done.")).extracting(Sentences.Span::text)
                .containsExactly("Performance", "The slit is narrow and the grating of the instrument\nHolds still.", "Done.");
    }

    @Test
    void spansPointIntoTheText() {
        String text = "  One. Two.  ";
        for (Sentences.Span s : Sentences.split(text)) {
            assertThat(text.substring(s.start(), s.end())).isEqualTo(s.text());
        }
    }

    @Test
    void anAbbreviationIsJudgedOnTheWholeWordBeforeTheStop() {
        assertThat(Sentences.split("See Dr. Who. Supercalifragilisticdr. Next one.")).extracting(Sentences.Span::text)
                .containsExactly("See Dr. Who.", "Supercalifragilisticdr.", "Next one.");
    }

    @Test
    void aMegabyteOfInitialsIsSplitInLinearTime() {
        String initials = "a. B ".repeat(210_000) + "end.";
        List<Sentences.Span> spans = CpuBudget.within(Duration.ofSeconds(60), () -> Sentences.split(initials));
        assertThat(spans).singleElement().satisfies(s -> assertThat(s.end()).isEqualTo(initials.length()));
    }
}
