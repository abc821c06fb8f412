package io.github.astrorag.core.internal.http;

import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A line-by-line reader of a {@code text/event-stream} body (the WHATWG server-sent events format) that
 * hands each event's data to a handler.
 *
 * <p>Lines {@code data:VALUE} or {@code data: VALUE} add VALUE to the event (several data lines are joined
 * with {@code \n}); a blank line ends the event; comment lines ({@code :…}) and the fields {@code event},
 * {@code id} and {@code retry} are ignored, since neither the OpenAI nor the TGI stream needs them. An
 * event still open when the body ends is handed over too (some servers omit the last blank line). Not
 * thread-safe: one instance per stream.
 */
final class ServerSentEvents {

    private final Predicate<String> onData;
    private @Nullable StringBuilder data;
    private boolean done;
    private int events;

    /** @param onData receives each event's data; returns {@code true} when the stream is complete */
    ServerSentEvents(Predicate<String> onData) {
        this.onData = onData;
    }

    /** Reads one line (without its line break); returns whether the handler has declared the stream complete. */
    boolean line(String line) {
        if (done) {
            return true;
        }
        if (line.isEmpty()) {
            return dispatch();
        }
        if (line.startsWith(":")) {
            return false;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        if (!field.equals("data")) {
            return false;
        }
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        if (data == null) {
            data = new StringBuilder(value);
        } else {
            data.append('\n').append(value);
        }
        return false;
    }

    /** Ends the body: hands over an event still open; returns whether the handler declared the stream complete. */
    boolean end() {
        return dispatch();
    }

    /** Events handed to the handler so far. */
    int events() {
        return events;
    }

    private boolean dispatch() {
        if (data != null && !done) {
            String payload = data.toString();
            data = null;
            events++;
            done = onData.test(payload);
        }
        return done;
    }
}
