package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.TraceSink;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A generator that asks a language model served over HTTP, in one pass, and reads the citations and the
 * chosen option from its reply: the common part of {@link OpenAiCompatibleGenerator} and
 * {@link TgiGenerator}.
 *
 * <p>The prompt comes from a {@link PromptTemplate} (default {@link PromptTemplate#defaults()}), which
 * numbers and fences the context's chunks ({@code <passage n="1" source="…">…</passage>}) in the context's order. The
 * reply becomes the answer by {@link ReplyParser}: the answer's text
 * is the model's reply, stripped of surrounding white space; its citations are read by
 * {@link CitationParser} (numbers naming no chunk are dropped and listed in the trace under
 * {@value CitationParser#INVALID_CITATIONS}); for a multiple-choice query its choice is read by
 * {@link ChoiceParser} ({@code null} and {@value ChoiceParser#UNPARSED_CHOICE} in the trace when the reply
 * names no option strictly). Decoding is greedy by default (temperature {@value #DEFAULT_TEMPERATURE}),
 * and the output is limited to {@value #DEFAULT_MAX_TOKENS_MULTIPLE_CHOICE} tokens for multiple-choice
 * questions, the limit the AstroRAG paper found the best trade-off between latency and accuracy, and to
 * {@value #DEFAULT_MAX_TOKENS_OPEN} tokens for open questions.
 *
 * <p>{@link #stream} receives the reply as server-sent events and hands each piece of text to the
 * callback as it arrives; it returns the same answer as {@link #generate(Query, Context)} for the same
 * reply. HTTP behaviour (timeouts, retries with exponential backoff and jitter on 408/429/5xx and I/O
 * errors, honouring {@code Retry-After}; messages naming status, endpoint and the server's own error
 * message; the API key never shown) is described in the builder's settings. The trace gets
 * {@value #TRACE_ATTEMPTS} (HTTP attempts made) and, where the server says so, {@value #TRACE_FINISH_REASON},
 * {@value #TRACE_PROMPT_TOKENS} and {@value #TRACE_COMPLETION_TOKENS}.
 *
 * <p>Immutable and thread-safe; one HTTP client (and its connection pool) per generator.
 */
public abstract sealed class HttpLlmGenerator implements Generator permits OpenAiCompatibleGenerator, TgiGenerator {

    /** Greedy decoding. */
    public static final double DEFAULT_TEMPERATURE = 0.0;
    /** Highest temperature accepted (OpenAI's limit). */
    public static final double MAX_TEMPERATURE = 2.0;
    /** Output tokens for a multiple-choice question (the AstroRAG paper's best). */
    public static final int DEFAULT_MAX_TOKENS_MULTIPLE_CHOICE = 64;
    /** Output tokens for an open question. */
    public static final int DEFAULT_MAX_TOKENS_OPEN = 256;
    /** Highest output-token limit accepted. */
    public static final int MAX_TOKENS_LIMIT = 1 << 20;
    /** Most stop sequences accepted (servers may accept fewer: OpenAI and TGI by default 4). */
    public static final int MAX_STOP_SEQUENCES = 16;
    /** Trace key: HTTP attempts made. */
    public static final String TRACE_ATTEMPTS = "attempts";
    /** Trace key: why the model stopped ({@code stop}, {@code length}, {@code eos_token}, ...). */
    public static final String TRACE_FINISH_REASON = "finishReason";
    /** Trace key: prompt tokens as counted by the server. */
    public static final String TRACE_PROMPT_TOKENS = "promptTokens";
    /** Trace key: generated tokens as counted by the server. */
    public static final String TRACE_COMPLETION_TOKENS = "completionTokens";


    final double temperature;
    final int maxTokensOpen;
    final int maxTokensMultipleChoice;
    final List<String> stop;
    final @Nullable Long seed;
    final PromptTemplate prompt;
    final HttpEndpoint endpoint;
    final RetryingHttpClient<GenerationException> http;
    private final ReplyParser replyParser = new ReplyParser();

    HttpLlmGenerator(Builder<?> b) {
        this.temperature = b.temperature == null ? DEFAULT_TEMPERATURE : b.temperature;
        this.maxTokensOpen = b.maxTokensOpen == null ? DEFAULT_MAX_TOKENS_OPEN : b.maxTokensOpen;
        this.maxTokensMultipleChoice = b.maxTokensMultipleChoice == null
                ? DEFAULT_MAX_TOKENS_MULTIPLE_CHOICE : b.maxTokensMultipleChoice;
        this.stop = b.stop == null ? List.of() : b.stop;
        this.seed = b.seed;
        this.prompt = b.prompt == null ? PromptTemplate.defaults() : b.prompt;
        this.endpoint = b.endpoint();
        this.http = new RetryingHttpClient<>(endpoint, GenerationException::new);
    }

    /** The path after the base URL of the non-streamed or the streamed request. */
    abstract String path(boolean stream);

    /** The request body. */
    abstract Map<String, Object> body(PromptTemplate.Prompt prompt, int maxTokens, boolean stream);

    /** The reply's text from a non-streamed reply; writes what the server reports to {@code trace}. */
    abstract String text(JsonValue reply, String endpoint, TraceSink trace);

    /** A reader of one streamed reply. */
    abstract StreamReader streamReader(String endpoint, Consumer<String> onToken, TraceSink trace);

    /** Reads the events of one streamed reply. */
    interface StreamReader {
        /** Reads one event's data; returns whether the reply is complete. */
        boolean event(String data);

        /** Events read. */
        int events();

        /** The reply's whole text. */
        String text();
    }


    @Override
    public Answer generate(Query query, Context context, TraceSink trace) {
        return redacting(() -> {
            URI uri = endpoint(false);
            RetryingHttpClient.Reply reply = http.post(uri, request(query, context, false));
            trace.put(TRACE_ATTEMPTS, reply.attempts());
            String endpoint = HttpEndpoint.display(uri);
            return answer(query, context, text(parse(reply.body(), endpoint, "the reply"), endpoint, trace), trace);
        });
    }

    @Override
    public Answer stream(Query query, Context context, Consumer<String> onToken, TraceSink trace) {
        Objects.requireNonNull(onToken, "onToken");
        return redacting(() -> streamed(query, context, onToken, trace));
    }

    /** Runs {@code call}; a failure leaves with its message (server text included) passed through the key's redactor. */
    private Answer redacting(Supplier<Answer> call) {
        try {
            return call.get();
        } catch (GenerationException e) {
            throw http.redacted(e);
        }
    }

    private Answer streamed(Query query, Context context, Consumer<String> onToken, TraceSink trace) {
        URI uri = endpoint(true);
        String endpoint = HttpEndpoint.display(uri);
        StreamReader reader = streamReader(endpoint, onToken, trace);
        RetryingHttpClient.Reply reply = http.stream(uri, request(query, context, true), reader::event);
        trace.put(TRACE_ATTEMPTS, reply.attempts());
        if (reader.events() == 0) {
            throw new GenerationException("POST " + endpoint + ": the reply holds no server-sent events; does the"
                    + " server support streaming?", -1, false, null);
        }
        return answer(query, context, reader.text(), trace);
    }

    private String request(Query query, Context context, boolean stream) {
        int maxTokens = query.multipleChoice() ? maxTokensMultipleChoice : maxTokensOpen;
        return Json.write(body(prompt.render(query, context), maxTokens, stream));
    }

    private URI endpoint(boolean stream) {
        return endpoint.resolve(path(stream));
    }

    private Answer answer(Query query, Context context, String reply, TraceSink trace) {
        return replyParser.answer(query, context, reply, trace);
    }

    /** {@code body} as JSON, or a clear failure naming {@code what} and the body's start. */
    JsonValue parse(String body, String endpoint, String what) {
        return http.parse(body, endpoint, what);
    }

    /** A failure: the server answered 2xx with something this protocol does not allow. */
    GenerationException malformed(String endpoint, String what) {
        return http.malformed(endpoint, what);
    }

    /** Fails when a reply or an event carries an error object instead of a result. */
    static void checkNoError(JsonValue json, String endpoint, String what) {
        if (json.hasNonNull("error")) {
            throw new GenerationException("POST " + endpoint + ": " + what + " reports an error: "
                    + RetryingHttpClient.serverMessage(json.toString()), -1, false, null);
        }
    }

    /** Puts {@code key} into {@code trace} when {@code node} holds a value. */
    static void traceIfPresent(TraceSink trace, String key, @Nullable JsonValue node) {
        if (node != null && !node.isNull() && !node.isMissing()) {
            trace.put(key, node.isNumber() ? node.numberValue() : node.asText());
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = endpoint.describe(name());
        describeProtocol(m);
        m.put("temperature", temperature);
        m.put("maxTokensOpen", maxTokensOpen);
        m.put("maxTokensMultipleChoice", maxTokensMultipleChoice);
        m.put("stop", stop);
        if (seed != null) {
            m.put("seed", seed);
        }
        endpoint.describeClient(m);
        return m;
    }

    /** The name in {@link #describe()}. */
    abstract String name();

    /** Adds protocol settings (the model) to {@link #describe()}. */
    void describeProtocol(Map<String, Object> m) {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + describe();
    }

    /**
     * The settings both protocols share, beside those of every HTTP component ({@link HttpEndpoint.Builder}:
     * base URL, timeouts, attempts, backoff, API key). Fail-fast: a value out of range throws
     * {@link IllegalArgumentException} naming the setting, the value and the limit; a setting given twice
     * throws {@link IllegalStateException} naming it (both {@code maxTokens} methods set one setting).
     *
     * @param <B> the concrete builder
     */
    public abstract static sealed class Builder<B extends Builder<B>> extends HttpEndpoint.Builder<B>
            permits OpenAiCompatibleGenerator.Builder, TgiGenerator.Builder {

        private @Nullable Double temperature;
        private @Nullable Integer maxTokensOpen;
        private @Nullable Integer maxTokensMultipleChoice;
        private @Nullable List<String> stop;
        private @Nullable Long seed;
        private @Nullable PromptTemplate prompt;

        Builder() {
        }

        /**
         * Sampling temperature in [0, {@value HttpLlmGenerator#MAX_TEMPERATURE}]; default {@value
         * HttpLlmGenerator#DEFAULT_TEMPERATURE} (greedy).
         *
         * @param value the temperature; 0 is greedy decoding
         * @return this builder
         */
        public B temperature(double value) {
            once(temperature, "temperature");
            Arguments.check(value >= 0 && value <= MAX_TEMPERATURE,
                    "temperature must be in [0, %s], was %s", MAX_TEMPERATURE, value);
            temperature = value;
            return self();
        }

        /**
         * The output-token limit for every question, in [1, {@value HttpLlmGenerator#MAX_TOKENS_LIMIT}].
         *
         * @param value the limit, in tokens
         * @return this builder
         */
        public B maxTokens(int value) {
            return maxTokens(value, value);
        }

        /**
         * The output-token limits for open and for multiple-choice questions, each in [1,
         * {@value HttpLlmGenerator#MAX_TOKENS_LIMIT}]; defaults {@value HttpLlmGenerator#DEFAULT_MAX_TOKENS_OPEN} and
         * {@value HttpLlmGenerator#DEFAULT_MAX_TOKENS_MULTIPLE_CHOICE}.
         *
         * @param open the limit for open questions, in tokens
         * @param multipleChoice the limit for multiple-choice questions, in tokens
         * @return this builder
         */
        public B maxTokens(int open, int multipleChoice) {
            once(maxTokensOpen, "maxTokens");
            for (int v : new int[] {open, multipleChoice}) {
                Arguments.check(v >= 1 && v <= MAX_TOKENS_LIMIT,
                        "maxTokens must be in [1, %d], was %d", MAX_TOKENS_LIMIT, v);
            }
            maxTokensOpen = open;
            maxTokensMultipleChoice = multipleChoice;
            return self();
        }

        /**
         * Sequences that end generation, each non-empty, at most {@value HttpLlmGenerator#MAX_STOP_SEQUENCES}; default
         * none.
         *
         * @param sequences the stop sequences
         * @return this builder
         */
        public B stop(List<String> sequences) {
            once(stop, "stop");
            Arguments.check(sequences.size() <= MAX_STOP_SEQUENCES,
                    "at most %d stop sequences, were %d", MAX_STOP_SEQUENCES, sequences.size());
            for (String s : sequences) {
                Arguments.check(s != null && !s.isEmpty(), "a stop sequence is empty");
            }
            stop = List.copyOf(sequences);
            return self();
        }

        /**
         * The sampling seed (>= 0), sent to the server; default none.
         *
         * @param value the seed, at least 0
         * @return this builder
         */
        public B seed(long value) {
            once(seed, "seed");
            Arguments.check(value >= 0, "seed must be >= 0, was %d", value);
            seed = value;
            return self();
        }

        /**
         * The prompt; default {@link PromptTemplate#defaults()}.
         *
         * @param value the prompt template
         * @return this builder
         */
        public B prompt(PromptTemplate value) {
            once(prompt, "prompt");
            prompt = Objects.requireNonNull(value, "prompt");
            return self();
        }
    }
}
