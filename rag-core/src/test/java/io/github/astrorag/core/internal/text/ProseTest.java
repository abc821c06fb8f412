package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProseTest {

    private static final String HANDBOOK = """
            # Kestrel Ridge Observatory

            The **Kestrel Ridge** telescope is a 1.2-metre
            reflector on a fork mount. It was built in 1998.

            Instruments
            ===========

            - The *echelle* spectrograph reaches a resolving power of
              40,000 at `f/8`.
            - See the [instrument page](https://example.org/echelle) for filters.
            1. [x] Cool the camera to __minus 20__ degrees.

            ---

            ```text
            # not a heading but code. Never quoted.
            ```

            > Guests must book two weeks ahead.[^1]
            """;

    private static List<String> texts(String source) {
        return Prose.sentences(source).stream().map(Prose.Sentence::text).toList();
    }

    private static List<String> quotes(String source) {
        return Prose.sentences(source).stream().map(s -> source.substring(s.start(), s.end())).toList();
    }

    @Test
    void markdownLosesItsHeadingsCodeBlocksAndSyntaxAndASentenceItsLineBreaks() {
        assertThat(texts(HANDBOOK)).containsExactly(
                "The Kestrel Ridge telescope is a 1.2-metre reflector on a fork mount.",
                "It was built in 1998.",
                "The echelle spectrograph reaches a resolving power of 40,000 at f/8.",
                "See the instrument page for filters.",
                "Cool the camera to minus 20 degrees.",
                "Guests must book two weeks ahead.");
    }

    @Test
    void eachSentenceSpansItsVerbatimSourceWithTheMarkupAroundIt() {
        assertThat(quotes(HANDBOOK)).containsExactly(
                "The **Kestrel Ridge** telescope is a 1.2-metre\nreflector on a fork mount.",
                "It was built in 1998.",
                "The *echelle* spectrograph reaches a resolving power of\n  40,000 at `f/8`.",
                "See the [instrument page](https://example.org/echelle) for filters.",
                "Cool the camera to __minus 20__ degrees.",
                "Guests must book two weeks ahead.[^1]");
    }

    @Test
    void aSetextHeadingOfTwoLinesIsSkippedWhole() {
        assertThat(texts("Cameras and\nfilters\n-------\nThe camera is cooled.")).containsExactly("The camera is cooled.");
    }

    @Test
    void plainTextKeepsItsSymbolsAndDropsOnlyAShortTitleLine() {
        String text = "Performance\nThe slit is narrow and the grating\nholds still. Multiply 2*3 in snake_case;"
                + " a * b stays, as [1] says.\n\nA ~40 km road leads up.";
        assertThat(texts(text)).containsExactly("The slit is narrow and the grating holds still.",
                "Multiply 2*3 in snake_case; a * b stays, as [1] says.", "A ~40 km road leads up.");
    }

    @Test
    void aPdfPageTitleIsNoSentence() {
        assertThat(texts("Spectrograph Guide - Hilltop Observatory\nThis guide describes the long-slit spectrograph\n"
                + "that is mounted behind the main telescope.")).containsExactly(
                "This guide describes the long-slit spectrograph that is mounted behind the main telescope.");
    }

    @Test
    void aShortFirstLineThatEndsASentenceOrAFunctionWordIsNoTitle() {
        assertThat(texts("comes close to the Sun. The gas\nForms the coma.")).containsExactly(
                "comes close to the Sun.", "The gas Forms the coma.");
        assertThat(texts("It reaches a resolving power of\nForty thousand.")).containsExactly(
                "It reaches a resolving power of Forty thousand.");
    }

    @Test
    void escapesAutolinksImagesAndStrikeThroughAreText() {
        String text = "Write \\*stars\\* to <https://example.org> or ![the map](map.png) ~~not here~~.";
        assertThat(texts(text)).containsExactly("Write *stars* to https://example.org or the map not here.");
        assertThat(quotes(text)).containsExactly(text);
    }

    @Test
    void anUnclosedCodeSpanOrBracketIsText() {
        assertThat(texts("A ``lone run and [an open bracket stay.")).containsExactly("A ``lone run and [an open bracket stay.");
        assertThat(texts("")).isEmpty();
        assertThat(texts("# Only a heading\n\n***\n")).isEmpty();
    }

    @Test
    void aRemovedReferenceLeavesNoEmptyBrackets() {
        assertThat(texts("The Moon keeps the same face turned toward Earth ([^1]). It rotates once per orbit."))
                .containsExactly("The Moon keeps the same face turned toward Earth.", "It rotates once per orbit.");
        assertThat(texts("The dome is white (![](dome.png)) and round [ ![](x.png) ].")).containsExactly(
                "The dome is white and round.");
        assertThat(texts("The same face turned toward Earth (). It keeps it ( ) always []."))
                .containsExactly("The same face turned toward Earth.", "It keeps it always.");
        String source = "Call init() first, then f( x ).";
        assertThat(texts(source)).containsExactly(source);
        assertThat(quotes("Toward Earth ([^1]). Next one.")).containsExactly("Toward Earth ([^1]).", "Next one.");
    }

    @Test
    void sentencesSplitAfterFigureAndTableReferences() {
        assertThat(texts("The profile is plotted (Figure 3.2). The next section explains it.")).containsExactly(
                "The profile is plotted (Figure 3.2).", "The next section explains it.");
        assertThat(texts("The widths are listed, see Table 4. It shows them per order.")).containsExactly(
                "The widths are listed, see Table 4.", "It shows them per order.");
        assertThat(texts("The slit is shown in Fig. 3. Light enters it (see Fig. 3.2).\nThe grating disperses it."))
                .containsExactly("The slit is shown in Fig. 3.", "Light enters it (see Fig. 3.2).",
                        "The grating disperses it.");
    }
}
