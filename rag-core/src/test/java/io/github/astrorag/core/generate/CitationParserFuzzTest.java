package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.model.Citation;

/** Any reply parses; every citation names a chunk of the context and quotes it verbatim. */
class CitationParserFuzzTest {

    private static final CitationParser PARSER = new CitationParser();

    @FuzzTest(maxDuration = "30s")
    void citations(FuzzedDataProvider data) {
        String reply = data.consumeRemainingAsString();
        for (Citation c : PARSER.parse(reply, Fixtures.CONTEXT, new Fixtures.RecordingTrace())) {
            assertThat(c.number()).isBetween(1, Fixtures.CONTEXT.chunks().size());
            assertThat(Fixtures.CONTEXT.chunks().get(c.number() - 1).chunk().text()).contains(c.quote());
        }
    }
}
