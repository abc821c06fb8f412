package io.github.astrorag.core.text;

import static org.assertj.core.api.Assertions.assertThat;

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
}
