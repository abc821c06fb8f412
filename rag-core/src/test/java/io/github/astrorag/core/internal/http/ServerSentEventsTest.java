package io.github.astrorag.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerSentEventsTest {

    private final List<String> data = new ArrayList<>();

    private ServerSentEvents reader(String doneOn) {
        return new ServerSentEvents(d -> {
            data.add(d);
            return d.equals(doneOn);
        });
    }

    private boolean feed(ServerSentEvents sse, String body) {
        for (String line : body.split("\n", -1)) {
            if (sse.line(line)) {
                return true;
            }
        }
        return sse.end();
    }

    @Test
    void handsOverEachEventsDataWithOrWithoutTheSpaceAfterTheColon() {
        ServerSentEvents sse = reader("[DONE]");
        boolean done = feed(sse, ": keep-alive\nevent: message\nid: 7\ndata: {\"a\":1}\n\ndata:{\"b\":2}\nretry: 10\n\n"
                + "data: first\ndata: second\n\ndata: [DONE]\n\ndata: after\n\n");
        assertThat(done).isTrue();
        assertThat(data).containsExactly("{\"a\":1}", "{\"b\":2}", "first\nsecond", "[DONE]");
        assertThat(sse.events()).isEqualTo(4);
    }

    @Test
    void handsOverAnEventLeftOpenAtTheEndOfTheBody() {
        ServerSentEvents sse = reader("never");
        assertThat(feed(sse, "data: one\n\ndata: two")).isFalse();
        assertThat(data).containsExactly("one", "two");
    }

    @Test
    void blankLinesWithoutDataMakeNoEvent() {
        ServerSentEvents sse = reader("never");
        feed(sse, "\n\n: comment\n\n");
        assertThat(data).isEmpty();
        assertThat(sse.events()).isZero();
    }
}
