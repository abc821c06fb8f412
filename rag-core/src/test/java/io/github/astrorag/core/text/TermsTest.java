package io.github.astrorag.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TermsTest {

    @Test
    void luceneEnglishAnalysisDropsStopWordsAndPossessivesAndStems() {
        assertThat(Terms.of("The Stars and the Moon's craters")).containsExactly("star", "moon", "crater");
        // "what" is no Lucene stop word; Porter: galaxies → galaxi (step 1a ies → i)
        assertThat(Terms.of("What are the galaxies of the Local Group?")).containsExactly("what", "galaxi", "local", "group");
        assertThat(Terms.of("Running runs ran")).containsExactly("run", "run", "ran");
    }

    @Test
    void aTextWithoutContentWordsHasNoTerms() {
        assertThat(Terms.of("the and of")).isEmpty();
        assertThat(Terms.of("")).isEmpty();
        assertThat(Terms.of(" ,.;! ")).isEmpty();
    }
}
