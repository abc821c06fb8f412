package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AcronymsTest {

    private static Map<List<String>, List<String>> defined(String text) {
        return Acronyms.defined(List.of(text), EnglishTermAnalyzer.defaults());
    }

    @Test
    void anAbbreviationInBracketsStandsForTheWordsWhoseInitialsItSpells() {
        assertThat(defined("We see the faint sky glow (FSG) in every direction."))
                .containsExactly(Map.entry(List.of("fsg"), List.of("faint", "sky", "glow")));
    }

    @Test
    void aHyphenatedWordMayGiveTheInitialsOfItsPartsAndShortWordsNone() {
        assertThat(defined("Some near-Earth objects (NEOs) cross our orbit."))
                .containsExactly(Map.entry(List.of("neo"), List.of("near", "earth", "object")));
        assertThat(defined("The Large Array of Radio Dishes (LARD) listens."))
                .containsExactly(Map.entry(List.of("lard"), List.of("larg", "arrai", "radio", "dish")));
        assertThat(defined("The Wide-Field Camera (WFC) and the Wide Camera (WC) both flew."))
                .containsKeys(List.of("wfc"), List.of("wc"));
    }

    @Test
    void bracketsThatSpellNothingBeforeThemDefineNothing() {
        assertThat(defined("The survey was run by the team (NASA) in spring.")).isEmpty();
        assertThat(defined("Light was measured (UV) at noon.")).isEmpty();
        assertThat(defined("Nothing in brackets here (see below).")).isEmpty();
    }

    /**
     * Read from each of its letters, a run of 2^18 letters with no abbreviation after it took minutes (2^15 took 2.7
     * s against 6 ms now, measured once); from word starts only, it is read once.
     */
    @Test
    void aLongRunOfLettersIsReadOnce() {
        String run = "x".repeat(1 << 18);
        assertThat(defined(run + " and more, " + run + ".")).isEmpty();
        assertThat(defined(run + " all bright (AB)")).containsExactly(Map.entry(List.of("ab"), List.of("all", "bright")));
    }

    /**
     * The question names the faint sky glow; the second sentence gives its temperature under the acronym, the first
     * a temperature without naming it. Over the three sentences, IDF = ln(1 + 3 / df): temperatur (in two) ln 2.5,
     * correspond, faint, sky, glow (in one) ln 4, and the question's what, doe, todai (in none) the largest, ln 4;
     * the question's weight is ln 2.5 + 7 ln 4. Spelled out, the second sentence holds temperatur, faint, sky, glow:
     * (ln 2.5 + 3 ln 4) / (ln 2.5 + 7 ln 4) = 0.478, above the first's temperatur and correspond, 0.217; read
     * literally, it holds temperatur alone, 0.086.
     */
    @Test
    void aSentenceThatUsesTheAcronymIsMatchedByTheWordsItStandsFor() {
        String text = "Vale and Osk found that its brightness corresponds to a temperature of 4.1 K.\n\n"
                + "Satellites later showed that the FSG matches a body with a temperature of 3.2 K.\n\n"
                + "The dim light left over from the young universe is called the faint sky glow (FSG).";
        Chunk chunk = new Chunk("sky#0", "sky", "sky", "sky.md", null, 0, text, 60, 0, text.length());
        Context context = new Context(List.of(new ScoredChunk(chunk, 1.0, null)), text, 60, 100, Map.of());
        List<String> question = EnglishTermAnalyzer.defaults()
                .terms("What temperature does the faint sky glow correspond to today?");
        double total = Math.log(2.5) + 7 * Math.log(4);
        double[] spelled = overlap(context, question, true);
        assertThat(spelled[1]).isCloseTo((Math.log(2.5) + 3 * Math.log(4)) / total, within(1e-9));
        assertThat(spelled[0]).isCloseTo((Math.log(2.5) + Math.log(4)) / total, within(1e-9));
        double[] literal = overlap(context, question, false);
        assertThat(literal[1]).isCloseTo(Math.log(2.5) / total, within(1e-9));
        assertThat(literal[0]).isCloseTo(spelled[0], within(1e-9));
    }

    private static double[] overlap(Context context, List<String> question, boolean acronyms) {
        List<SentenceCandidates.Candidate> s = SentenceCandidates.of(context, EnglishTermAnalyzer.defaults(), acronyms);
        return new SentenceScorer(null, 1.0, 0).overlap(question, s, SentenceCandidates.idf(s)).total();
    }
}
