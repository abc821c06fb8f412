package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.testing.CpuBudget;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MarkdownHeadingsTest {

    @Test
    void readsTheHeadingsTheOldPatternRead() {
        assertThat(MarkdownHeadings.first("Intro line\n\n## Deneb and friends ##\n\nText.")).isEqualTo("Deneb and friends");
        assertThat(MarkdownHeadings.first("   # Indented three  \r\nbody")).isEqualTo("Indented three");
        assertThat(MarkdownHeadings.first("###### Six\n")).isEqualTo("Six");
        assertThat(MarkdownHeadings.first("#\tTabbed ###   ")).isEqualTo("Tabbed");
        assertThat(MarkdownHeadings.all("# One\ntext\n## Two ##\n#Not\n####### Seven\n    # Four spaces\n# \n#"))
                .containsExactly("One", "Two");
    }

    @Test
    void aClosingRunCountsOnlyWhenItStandsAlone() {
        assertThat(MarkdownHeadings.first("# C#")).isEqualTo("C#");
        assertThat(MarkdownHeadings.first("# C# #")).isEqualTo("C#");
        assertThat(MarkdownHeadings.first("# ##\n# Real")).isEqualTo("Real");
    }

    @Test
    void noHeading() {
        assertThat(MarkdownHeadings.first("plain text\n#hashtag")).isNull();
        assertThat(MarkdownHeadings.first("")).isNull();
        assertThat(MarkdownHeadings.all("x")).isEmpty();
    }

    @Test
    void aMegabyteOfSpacesInAHeadingIsLinear() {
        String spaces = " ".repeat(1 << 20);
        String title = CpuBudget.within(Duration.ofSeconds(60), () -> MarkdownHeadings.first("# Title" + spaces + "x"));
        assertThat(title).isEqualTo("Title" + spaces + "x");
        String hashes = "# a" + " #".repeat(1 << 19) + " x";
        assertThat(CpuBudget.within(Duration.ofSeconds(60), () -> MarkdownHeadings.all(hashes + "\n" + hashes)))
                .hasSize(2);
    }
}
