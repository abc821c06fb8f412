package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.GenerationException;

/**
 * Any 2xx reply body, whole or as the data of server-sent events, read by either protocol gives a text or
 * fails with a {@link GenerationException}: no other exception, whatever the bytes.
 */
class HttpLlmGeneratorFuzzTest {

    private static final String URL = "http://127.0.0.1:9";

    private static HttpLlmGenerator generator(boolean openAi) {
        return openAi ? OpenAiCompatibleGenerator.builder().baseUrl(URL + "/v1").model("m").build()
                : TgiGenerator.builder().baseUrl(URL).build();
    }

    @FuzzTest(maxDuration = "30s")
    void wholeReply(FuzzedDataProvider data) {
        HttpLlmGenerator g = generator(data.consumeBoolean());
        String body = data.consumeRemainingAsString();
        try {
            String text = g.text(g.parse(body, "fuzz", "the reply"), "fuzz", new Fixtures.RecordingTrace());
            assertThat(text).isNotNull();
        } catch (GenerationException e) {
            assertThat(e.getMessage()).isNotNull();
        }
    }

    @FuzzTest(maxDuration = "30s")
    void streamedReply(FuzzedDataProvider data) {
        HttpLlmGenerator g = generator(data.consumeBoolean());
        StringBuilder tokens = new StringBuilder();
        HttpLlmGenerator.StreamReader reader = g.streamReader("fuzz", tokens::append, new Fixtures.RecordingTrace());
        int events = 0;
        try {
            while (data.remainingBytes() > 0) {
                events++;
                if (reader.event(data.consumeString(200))) {
                    break;
                }
            }
            assertThat(reader.text()).isNotNull();
        } catch (GenerationException e) {
            assertThat(e.getMessage()).isNotNull();
        }
        assertThat(reader.events()).isBetween(0, events);
    }
}
