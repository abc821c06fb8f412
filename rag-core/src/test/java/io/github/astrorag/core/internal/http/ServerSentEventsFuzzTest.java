package io.github.astrorag.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Any body, read line by line, hands over exactly the events a direct reading of the format gives: the
 * data lines of each blank-line-ended block, joined by {@code \n}; the stream stops at the event {@code [DONE]}.
 */
class ServerSentEventsFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void events(FuzzedDataProvider data) {
        String body = data.consumeRemainingAsString();
        List<String> got = new ArrayList<>();
        ServerSentEvents sse = new ServerSentEvents(d -> got.add(d) && d.equals("[DONE]"));
        String[] lines = body.split("\r\n|\r|\n", -1);
        boolean done = false;
        for (String line : lines) {
            done = sse.line(line);
        }
        done = sse.end() || done;
        List<String> expected = new ArrayList<>();
        StringBuilder open = null;
        for (String line : lines) {
            if (!expected.isEmpty() && expected.get(expected.size() - 1).equals("[DONE]")) {
                break;
            }
            if (line.isEmpty()) {
                if (open != null) {
                    expected.add(open.toString());
                }
                open = null;
            } else if (line.equals("data") || line.startsWith("data:")) {
                String value = line.length() <= 5 ? "" : line.substring(line.charAt(5) == ' ' ? 6 : 5);
                open = open == null ? new StringBuilder(value) : open.append('\n').append(value);
            }
        }
        if (open != null && (expected.isEmpty() || !expected.get(expected.size() - 1).equals("[DONE]"))) {
            expected.add(open.toString());
        }
        assertThat(got).isEqualTo(expected);
        assertThat(sse.events()).isEqualTo(got.size());
        assertThat(done).isEqualTo(got.contains("[DONE]"));
    }
}
