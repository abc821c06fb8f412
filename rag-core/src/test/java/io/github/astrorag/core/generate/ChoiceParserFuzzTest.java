package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Map;

/** Any reply parses to null (flagged in the trace) or to distinct option letters in option order. */
class ChoiceParserFuzzTest {

    private static final ChoiceParser PARSER = new ChoiceParser();
    private static final Map<String, String> OPTIONS = Map.of("A", "Vega", "B", "Deneb", "C", "Altair", "D", "Sirius");

    @FuzzTest(maxDuration = "30s")
    void choices(FuzzedDataProvider data) {
        String reply = data.consumeRemainingAsString();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        String choice = PARSER.parse(reply, OPTIONS, trace);
        if (choice == null) {
            assertThat(trace.values).containsEntry(ChoiceParser.UNPARSED_CHOICE, true);
        } else {
            assertThat(choice).matches("[A-D](, [A-D])*");
            assertThat(choice.split(", ")).isSorted().doesNotHaveDuplicates();
        }
    }
}
