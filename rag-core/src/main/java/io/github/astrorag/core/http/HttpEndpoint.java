package io.github.astrorag.core.http;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Secrets;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A server's base URL with the settings every HTTP component shares (the generators of
 * {@code core.generate}, the embedders of {@code core.embed}): timeouts, attempts, backoff and the API key.
 * Each component makes its own retrying client (and so its own connection pool) from these settings.
 * Immutable and thread-safe.
 */
public final class HttpEndpoint {

    /** Time allowed to open a connection. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Time allowed for one attempt (for a stream: for the headers and between two lines). */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /**
     * Time allowed for a whole call, every attempt and wait included: a server that accepts the
     * connection and never answers fails the call within it.
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** Longest timeout accepted. */
    public static final Duration MAX_TIMEOUT = Duration.ofHours(1);
    /** Retries per call after the first attempt. */
    public static final int DEFAULT_MAX_RETRIES = 2;
    /** Most retries accepted. */
    public static final int MAX_RETRIES_LIMIT = 9;
    /** The first backoff before jitter. */
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(500);
    /** The longest wait between attempts, also the longest {@code Retry-After} honoured. */
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(30);
    /** Longest backoff accepted. */
    public static final Duration MAX_BACKOFF_LIMIT = Duration.ofMinutes(10);

    /**
     * The most bytes read of one reply (a whole body, an error body or a whole stream): 16 MiB, some 200 times
     * a batch of 32 vectors of 1,024 dimensions and far more than any generated answer.
     */
    public static final long DEFAULT_MAX_REPLY_BYTES = 16L << 20;
    /** The smallest reply cap accepted. */
    public static final long MIN_REPLY_BYTES_LIMIT = 1L << 10;
    /** The largest reply cap accepted. */
    public static final long MAX_REPLY_BYTES_LIMIT = 1L << 30;

    private final URI baseUrl;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final Duration timeout;
    private final int maxRetries;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final @Nullable Supplier<String> apiKey;
    private final String apiKeySource;
    private final long maxReplyBytes;

    private HttpEndpoint(Builder<?> b) {
        Arguments.check(b.baseUrl != null, "baseUrl is required (for example http://127.0.0.1:8000%s)",
                b.exampleSuffix());
        this.baseUrl = b.baseUrl;
        this.connectTimeout = b.connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : b.connectTimeout;
        this.requestTimeout = b.requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : b.requestTimeout;
        this.timeout = b.timeout == null ? DEFAULT_TIMEOUT : b.timeout;
        this.maxRetries = b.maxRetries == null ? DEFAULT_MAX_RETRIES : b.maxRetries;
        this.initialBackoff = b.initialBackoff == null ? DEFAULT_INITIAL_BACKOFF : b.initialBackoff;
        this.maxBackoff = b.maxBackoff == null ? DEFAULT_MAX_BACKOFF : b.maxBackoff;
        this.apiKey = b.apiKey;
        this.apiKeySource = b.apiKeySource == null ? "none" : b.apiKeySource;
        this.maxReplyBytes = b.maxReplyBytes == null ? DEFAULT_MAX_REPLY_BYTES : b.maxReplyBytes;
    }

    /**
     * The most bytes read of one reply: a whole body, an error body, or a whole stream. A server that sends
     * more fails the call at the first byte past it (not retried), with a message naming the endpoint and
     * the limit; nothing beyond it is read or held.
     *
     * @return the reply cap in bytes; default {@value #DEFAULT_MAX_REPLY_BYTES}
     */
    public long maxReplyBytes() {
        return maxReplyBytes;
    }

    /**
     * The base URL followed by {@code path}.
     *
     * @param path the path to append, starting with {@code /}
     * @return the absolute URI of that path on the server
     */
    public URI resolve(String path) {
        return URI.create(baseUrl + path);
    }

    /**
     * Time to open a connection.
     *
     * @return the connect timeout; default {@link #DEFAULT_CONNECT_TIMEOUT}
     */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * Time for one attempt (for a stream: for the headers and between two lines).
     *
     * @return the timeout of one attempt; default {@link #DEFAULT_REQUEST_TIMEOUT}
     */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /**
     * Time for a whole call, every attempt and backoff included.
     *
     * @return the timeout of a whole call; default {@link #DEFAULT_TIMEOUT}
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Retries per call after the first attempt (so at most {@code maxRetries() + 1} attempts).
     *
     * @return the number of retries; default {@value #DEFAULT_MAX_RETRIES}
     */
    public int maxRetries() {
        return maxRetries;
    }

    /**
     * The first wait between attempts, before jitter.
     *
     * @return the initial backoff; default {@link #DEFAULT_INITIAL_BACKOFF}
     */
    public Duration initialBackoff() {
        return initialBackoff;
    }

    /**
     * The longest wait between attempts, also the longest {@code Retry-After} honoured.
     *
     * @return the longest backoff; default {@link #DEFAULT_MAX_BACKOFF}
     */
    public Duration maxBackoff() {
        return maxBackoff;
    }

    /**
     * Where each call gets its API key, sent as {@code Authorization: Bearer …}: the supplier given to
     * {@link Builder#apiKey}, or the value of the variable named by {@link Builder#apiKeyEnv}. The key never
     * appears in {@link #describe} or {@link #describeClient}.
     *
     * @return the key's supplier, or empty when calls carry no key
     */
    public Optional<Supplier<String>> apiKey() {
        return Optional.ofNullable(apiKey);
    }

    /**
     * The base URL as shown in messages (scheme, host, port and path).
     *
     * @return the base URL without user info, query or fragment
     */
    public String display() {
        return display(baseUrl);
    }

    /**
     * An endpoint as shown in messages and logs: scheme, host, port and path, never user info, query or fragment
     * (where a key could hide).
     *
     * @param uri the endpoint
     * @return its displayed form
     */
    public static String display(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + uri.getRawPath();
    }

    /**
     * A new {@code describe()} map that starts with {@code name} and the base URL.
     *
     * @param name the component's name, put first
     * @return a new mutable map in insertion order
     */
    public Map<String, Object> describe(String name) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", name);
        m.put("baseUrl", display());
        return m;
    }

    /**
     * Whether calls carry an API key.
     *
     * @return {@code true} if an API key was given
     */
    public boolean hasApiKey() {
        return !"none".equals(apiKeySource);
    }

    /**
     * Puts the client's settings into a {@code describe()} map: timeouts, retries and where the key comes from.
     *
     * @param m the map to add to
     */
    public void describeClient(Map<String, Object> m) {
        m.put("connectTimeoutMillis", connectTimeout.toMillis());
        m.put("requestTimeoutMillis", requestTimeout.toMillis());
        m.put("timeoutMillis", timeout.toMillis());
        m.put("maxRetries", maxRetries);
        m.put("maxReplyBytes", maxReplyBytes);
        m.put("apiKey", apiKeySource);
    }

    /**
     * The settings every HTTP component shares. Fail-fast: a value out of range throws
     * {@link IllegalArgumentException} naming the setting, the value and the limit; a setting given twice
     * throws {@link IllegalStateException} naming it (two methods of one setting, such as {@code apiKey} and
     * {@code apiKeyEnv}, count as one).
     *
     * @param <B> the concrete builder
     */
    public abstract static class Builder<B extends Builder<B>> {

        private @Nullable URI baseUrl;
        private @Nullable Duration connectTimeout;
        private @Nullable Duration requestTimeout;
        private @Nullable Duration timeout;
        private @Nullable Integer maxRetries;
        private @Nullable Duration initialBackoff;
        private @Nullable Duration maxBackoff;
        private @Nullable Supplier<String> apiKey;
        private @Nullable String apiKeySource;
        private @Nullable Long maxReplyBytes;

        /** A builder with nothing set. */
        protected Builder() {
        }

        /**
         * This builder.
         *
         * @return {@code this}, typed as the concrete builder
         */
        protected abstract B self();

        /**
         * The path shown in the example of a missing base URL.
         *
         * @return the path, e.g. {@code /v1}
         */
        protected abstract String exampleSuffix();

        /**
         * Fails when a setting is given a second time.
         *
         * @param current the setting's current value, {@code null} if unset
         * @param name the setting's name, for the message
         * @throws IllegalStateException if {@code current} is not {@code null}
         */
        protected static void once(@Nullable Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * {@code value} stripped; fails unless it is a non-blank setting {@code name}.
         *
         * @param value the setting's value, possibly {@code null}
         * @param name the setting's name, for the message
         * @return the stripped value
         * @throws IllegalArgumentException if the value is {@code null} or blank
         */
        protected static String nonBlank(@Nullable String value, String name) {
            Arguments.check(value != null && !value.isBlank(), "%s must not be blank, was '%s'", name, value);
            return value.strip();
        }

        /**
         * The endpoint of these settings: what a component's constructor calls. Fails when {@code baseUrl} is
         * missing.
         *
         * @return a new endpoint
         * @throws IllegalArgumentException if no base URL was given
         */
        public final HttpEndpoint endpoint() {
            return new HttpEndpoint(this);
        }

        /**
         * The server's base URL, {@code http} or {@code https}, without user info, query or fragment; a
         * trailing slash is dropped. Required.
         *
         * @param url the base URL, e.g. {@code http://localhost:8080/v1}
         * @return this builder
         */
        public B baseUrl(String url) {
            once(baseUrl, "baseUrl");
            Objects.requireNonNull(url, "url");
            URI uri;
            try {
                uri = new URI(url.strip().replaceAll("/+$", ""));
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("baseUrl is not a URL: '" + url + "' (" + e.getReason() + ")");
            }
            Arguments.check(("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null, "baseUrl must be an absolute http or https URL with a host, was '%s'", url);
            Arguments.check(uri.getRawUserInfo() == null,
                    "baseUrl must not hold credentials: give the key with apiKeyEnv or apiKey");
            Arguments.check(uri.getRawQuery() == null && uri.getRawFragment() == null,
                    "baseUrl must have no query or fragment, was '%s'", url);
            baseUrl = uri;
            return self();
        }

        /**
         * The API key, read from the environment variable {@code name}, which must be set; sent as
         * {@code Authorization: Bearer …}. Default: no key. Only the variable's name is ever shown, and
         * not even that when it looks like a key; a value with surrounding white space or a control
         * character is refused.
         *
         * @param name the environment variable's name
         * @return this builder
         */
        public B apiKeyEnv(String name) {
            return apiKeyEnv(name, System::getenv);
        }

        /**
         * As {@link #apiKeyEnv(String)} with the environment given (for tests and embedding programs).
         *
         * @param name the environment variable's name
         * @param environment looks a variable up by name; returns {@code null} when unset
         * @return this builder
         */
        public B apiKeyEnv(String name, Function<String, @Nullable String> environment) {
            once(apiKeySource, "apiKey");
            String value = Secrets.fromEnvironment(name, "apiKeyEnv", "the API key", environment);
            apiKey = () -> value;
            apiKeySource = "env:" + name;
            return self();
        }

        /**
         * The API key, asked for once per call; sent as {@code Authorization: Bearer …}. Default: no key.
         *
         * @param supplier gives the key; called once per call
         * @return this builder
         */
        public B apiKey(Supplier<String> supplier) {
            once(apiKeySource, "apiKey");
            apiKey = Objects.requireNonNull(supplier, "supplier");
            apiKeySource = "supplied";
            return self();
        }

        /**
         * Time to open a connection, in (0, 1 h]; default {@link HttpEndpoint#DEFAULT_CONNECT_TIMEOUT}.
         *
         * @param value the connect timeout
         * @return this builder
         */
        public B connectTimeout(Duration value) {
            once(connectTimeout, "connectTimeout");
            connectTimeout = checkTimeout("connectTimeout", value);
            return self();
        }

        /**
         * Time for one attempt, in (0, 1 h]: until the whole reply has arrived, or for a stream until the
         * headers and then between two lines; default {@link HttpEndpoint#DEFAULT_REQUEST_TIMEOUT}.
         *
         * @param value the timeout of one attempt
         * @return this builder
         */
        public B requestTimeout(Duration value) {
            once(requestTimeout, "requestTimeout");
            requestTimeout = checkTimeout("requestTimeout", value);
            return self();
        }

        /**
         * Time for a whole call, every attempt and backoff included, in (0, 1 h]: each attempt gets at
         * most what remains, and no retry starts that would end after it. Default
         * {@link HttpEndpoint#DEFAULT_TIMEOUT}.
         *
         * @param value the timeout of a whole call
         * @return this builder
         */
        public B timeout(Duration value) {
            once(timeout, "timeout");
            timeout = checkTimeout("timeout", value);
            return self();
        }

        /**
         * Retries after a failed attempt (a retriable failure: 5xx, 429, a timeout, a refused or reset connection),
         * in [0, {@value HttpEndpoint#MAX_RETRIES_LIMIT}]: a call makes at most {@code retries + 1} attempts;
         * default {@value HttpEndpoint#DEFAULT_MAX_RETRIES}.
         *
         * @param retries the number of retries
         * @return this builder
         */
        public B maxRetries(int retries) {
            once(maxRetries, "maxRetries");
            Arguments.check(retries >= 0 && retries <= MAX_RETRIES_LIMIT,
                    "maxRetries must be in [0, %d], was %d", MAX_RETRIES_LIMIT, retries);
            maxRetries = retries;
            return self();
        }

        /**
         * The exponential backoff: the first wait before jitter and the longest wait, which is also the
         * longest {@code Retry-After} honoured; {@code 1 ms <= initial <= max <= 10 min}. Defaults
         * {@link HttpEndpoint#DEFAULT_INITIAL_BACKOFF} and {@link HttpEndpoint#DEFAULT_MAX_BACKOFF}.
         *
         * @param initial the first wait, before jitter
         * @param max the longest wait
         * @return this builder
         */
        public B backoff(Duration initial, Duration max) {
            once(initialBackoff, "backoff");
            Arguments.check(initial.toMillis() >= 1 && initial.compareTo(max) <= 0
                            && max.compareTo(MAX_BACKOFF_LIMIT) <= 0,
                    "backoff must satisfy 1 ms <= initial (%d ms) <= max (%d ms) <= %d ms",
                    initial.toMillis(), max.toMillis(), MAX_BACKOFF_LIMIT.toMillis());
            initialBackoff = initial;
            maxBackoff = max;
            return self();
        }

        /**
         * The most bytes read of one reply (a whole body, an error body or a whole stream), in
         * [{@value HttpEndpoint#MIN_REPLY_BYTES_LIMIT}, {@value HttpEndpoint#MAX_REPLY_BYTES_LIMIT}]; default
         * {@value HttpEndpoint#DEFAULT_MAX_REPLY_BYTES} (16 MiB). A longer reply fails the call, not retried.
         *
         * @param bytes the reply cap in bytes
         * @return this builder
         */
        public B maxReplyBytes(long bytes) {
            once(maxReplyBytes, "maxReplyBytes");
            Arguments.check(bytes >= MIN_REPLY_BYTES_LIMIT && bytes <= MAX_REPLY_BYTES_LIMIT,
                    "maxReplyBytes must be in [%d, %d], was %d", MIN_REPLY_BYTES_LIMIT, MAX_REPLY_BYTES_LIMIT, bytes);
            maxReplyBytes = bytes;
            return self();
        }

        private static Duration checkTimeout(String name, Duration value) {
            Arguments.check(value != null && !value.isNegative() && !value.isZero()
                    && value.compareTo(MAX_TIMEOUT) <= 0, "%s must be in (0, %s], was %s", name, MAX_TIMEOUT, value);
            return value;
        }
    }
}
