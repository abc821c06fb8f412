package io.github.astrorag.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CitationTest {

    @Test
    void locationNamesThePageOnlyWhenTheDocumentHasPages() {
        assertThat(new Citation(1, "guide#3", "spectrograph-guide.pdf", 2, "R = 6,500.").location())
                .isEqualTo("spectrograph-guide.pdf, p. 2");
        assertThat(new Citation(2, "handbook#0", "observatory-handbook.md", null, "The dome is wide.").location())
                .isEqualTo("observatory-handbook.md")
                .doesNotContain("null");
    }
}
