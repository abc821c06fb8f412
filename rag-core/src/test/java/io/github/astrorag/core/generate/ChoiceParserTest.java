package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ChoiceParserTest {

    private static final Map<String, String> OPTIONS = Fixtures.CHOICE.options();
    private final ChoiceParser parser = new ChoiceParser();

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "B                                              | B",
        "B.                                             | B",
        "\"  B. Measuring distances, as stated in [2]. \" | B",
        "(C) The third option                           | C",
        "C) Detecting exoplanets                        | C",
        "**B**                                          | B",
        "**B.** Cepheids                                | B",
        "Answer: B                                      | B",
        "The correct answer is D.                       | D",
        "Option C                                       | C",
        "B [2]                                          | B",
        "B - distances                                  | B",
        "\"B, D\"                                       | B, D",
        "D and B.                                       | B, D",
        "\"(A), (C): both\"                             | A, C",
        "I think the answer is C [2].                   | C",
        "Looking at [2], the answer: B                  | B",
    })
    void readsTheLetters(String reply, String expected) {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        assertThat(parser.parse(reply, OPTIONS, trace)).isEqualTo(expected);
        assertThat(trace.values).isEmpty();
    }

    @ParameterizedTest(name = "''{0}'' -> unparsed")
    @ValueSource(strings = {
        "A star is not an option here.",
        "E",
        "B, E",
        "B or C",
        "b",
        "",
        "The passages do not say.",
        "The answer is B. No, the answer is C.",
        "Bright Cepheids",
    })
    void refusesAnythingElse(String reply) {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        assertThat(parser.parse(reply, OPTIONS, trace)).isNull();
        assertThat(trace.values).containsEntry(ChoiceParser.UNPARSED_CHOICE, true);
    }
}
