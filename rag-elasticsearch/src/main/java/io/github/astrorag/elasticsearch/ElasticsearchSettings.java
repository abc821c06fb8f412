package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.internal.Secrets;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * How to reach an Elasticsearch cluster: its URL(s), the credentials, TLS trust and the timeouts. Immutable
 * and thread-safe; built by a fail-fast {@link Builder}.
 *
 * <p>Credentials are an API key (sent as {@code Authorization: ApiKey ...}) or a user and password (HTTP
 * basic), or none for a cluster without security. <b>Secrets never leave this object</b> except in the
 * request header: {@link #toString()}, {@link #describe()} and every exception message name only the kind of
 * credentials and the user. TLS: an {@code https} URL is verified against the JVM's trust store, or against
 * a CA certificate file (PEM), or by the SHA-256 fingerprint of the CA certificate (as Elasticsearch prints
 * it on first start).
 *
 * <p>Defaults: connect timeout {@value #DEFAULT_CONNECT_TIMEOUT_MILLIS} ms, socket (read) timeout
 * {@value #DEFAULT_SOCKET_TIMEOUT_MILLIS} ms, {@value #DEFAULT_RETRIES} retries, and a total timeout per
 * call of {@value #DEFAULT_TIMEOUT_MILLIS} ms that also caps both timeouts and stops retries that would
 * end after it. Retries apply only to
 * failures to connect (the request never reached the cluster), with a back-off of
 * {@value #RETRY_BACKOFF_MILLIS} ms doubling each time; a request that reached the cluster and timed out
 * is not repeated. So a call fails within about {@code (retries + 1) × connectTimeout + backoffs} when the
 * cluster is unreachable, and within {@code socketTimeout} when it accepted the request but does not
 * answer; in no case does the caller wait longer than the total timeout (with several URLs the client tries the
 * next node after a failure on one, and a call still in flight at the deadline is abandoned with an
 * {@code IndexException}).
 */
public final class ElasticsearchSettings {

    /** Default connect timeout, milliseconds. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 5_000;
    /** Default socket (read) timeout, milliseconds. */
    public static final long DEFAULT_SOCKET_TIMEOUT_MILLIS = 30_000;
    /** Default total timeout of one call, retries included, milliseconds. */
    public static final long DEFAULT_TIMEOUT_MILLIS = 60_000;
    /** Default number of retries after a failure to connect. */
    public static final int DEFAULT_RETRIES = 2;
    /** Upper limit of retries. */
    public static final int MAX_RETRIES = 10;
    /** First back-off between retries, milliseconds; it doubles each retry. */
    public static final long RETRY_BACKOFF_MILLIS = 100;
    /** Upper limit of either timeout. */
    public static final Duration MAX_TIMEOUT = Duration.ofMinutes(10);

    private static final Pattern FINGERPRINT = Pattern.compile("(?i)[0-9a-f]{2}(:?[0-9a-f]{2}){31}");

    /** How requests authenticate. */
    public enum Authentication {
        /** No credentials: a cluster with security disabled. */
        NONE,
        /** An API key. */
        API_KEY,
        /** A user and password (HTTP basic). */
        BASIC
    }

    private final List<URI> urls;
    private final Credentials credentials;
    private final Path caCertificate;
    private final String caFingerprint;
    private final Duration connectTimeout;
    private final Duration socketTimeout;
    private final Duration timeout;
    private final int retries;

    private ElasticsearchSettings(Builder b) {
        this.urls = List.copyOf(b.urls);
        this.credentials = new Credentials(b.apiKey, b.username, b.password);
        this.caCertificate = b.caCertificate;
        this.caFingerprint = b.caFingerprint;
        this.timeout = b.timeout == null ? Duration.ofMillis(DEFAULT_TIMEOUT_MILLIS) : b.timeout;
        this.connectTimeout = min(b.connectTimeout == null ? Duration.ofMillis(DEFAULT_CONNECT_TIMEOUT_MILLIS) : b.connectTimeout, timeout);
        this.socketTimeout = min(b.socketTimeout == null ? Duration.ofMillis(DEFAULT_SOCKET_TIMEOUT_MILLIS) : b.socketTimeout, timeout);
        this.retries = b.retries == null ? DEFAULT_RETRIES : b.retries;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /**
     * A builder; at least one URL is required.
     *
     * @return a new, empty builder that reads {@code *FromEnvironment} variables from the process environment
     */
    public static Builder builder() {
        return new Builder(System::getenv);
    }

    /** A builder that reads environment variables through {@code environment} (for tests). */
    static Builder builder(UnaryOperator<String> environment) {
        return new Builder(environment);
    }

    /**
     * Settings for one URL and no credentials.
     *
     * @param url the cluster URL, as {@link Builder#url(String)} accepts it
     * @return the settings, with the default timeouts and retries
     * @throws IllegalArgumentException if the URL is not a valid {@code http} or {@code https} URL
     */
    public static ElasticsearchSettings of(String url) {
        return builder().url(url).build();
    }

    /**
     * The cluster's URLs (scheme, host, port), in the order given.
     *
     * @return the URLs, normalised to scheme, host and port (default port 9200); never empty
     */
    public List<URI> urls() {
        return urls;
    }

    /**
     * Whether the URLs use TLS.
     *
     * @return {@code true} if the URLs are {@code https}
     */
    public boolean tls() {
        return "https".equals(urls.get(0).getScheme());
    }

    /**
     * The kind of credentials.
     *
     * @return the kind of credentials; {@link Authentication#NONE} if none were given
     */
    public Authentication authentication() {
        return credentials.kind();
    }

    /**
     * The user of basic authentication, if any (not a secret).
     *
     * @return the user name, or empty unless {@link Authentication#BASIC} is used
     */
    public Optional<String> username() {
        return Optional.ofNullable(credentials.username());
    }

    /**
     * The CA certificate file, if one was given.
     *
     * @return the PEM file of the trusted CA, or empty
     */
    public Optional<Path> caCertificate() {
        return Optional.ofNullable(caCertificate);
    }

    /**
     * The CA certificate's SHA-256 fingerprint, if one was given (not a secret).
     *
     * @return the fingerprint as 64 lower-case hex digits without colons, or empty
     */
    public Optional<String> caFingerprint() {
        return Optional.ofNullable(caFingerprint);
    }

    /**
     * The connect timeout.
     *
     * @return the connect timeout; default {@value #DEFAULT_CONNECT_TIMEOUT_MILLIS} ms, at most {@link #timeout()}
     */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * The socket (read) timeout.
     *
     * @return the socket timeout; default {@value #DEFAULT_SOCKET_TIMEOUT_MILLIS} ms, at most {@link #timeout()}
     */
    public Duration socketTimeout() {
        return socketTimeout;
    }

    /**
     * The total time of one call, retries included; it also caps both other timeouts.
     *
     * @return the total timeout of one call; default {@value #DEFAULT_TIMEOUT_MILLIS} ms
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Retries after a failure to connect.
     *
     * @return the number of retries, 0 to {@value #MAX_RETRIES}; default {@value #DEFAULT_RETRIES}
     */
    public int retries() {
        return retries;
    }

    /** The {@code Authorization} header value, or {@code null} without credentials. Package-private: secret. */
    String authorizationHeader() {
        return credentials.authorizationHeader();
    }

    /** The redactor of this object's secrets (and of any credential header value), for messages. */
    Redactor redactor() {
        return credentials.redactor();
    }

    /** The URLs joined by commas, for messages. */
    String urlList() {
        return String.join(",", urls.stream().map(URI::toString).toList());
    }

    /**
     * The settings without secrets, JSON-friendly, for traces and reports.
     *
     * @return a new mutable map, in a fixed key order: urls, authentication, user, CA, the timeouts in milliseconds and
     * the retries
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("urls", urls.stream().map(URI::toString).toList());
        m.put("authentication", credentials.kind().name().toLowerCase(Locale.ROOT));
        if (credentials.username() != null) {
            m.put("user", credentials.username());
        }
        if (caCertificate != null) {
            m.put("caCertificate", caCertificate.toString());
        }
        if (caFingerprint != null) {
            m.put("caFingerprint", caFingerprint);
        }
        m.put("connectTimeoutMillis", connectTimeout.toMillis());
        m.put("socketTimeoutMillis", socketTimeout.toMillis());
        m.put("timeoutMillis", timeout.toMillis());
        m.put("retries", retries);
        return m;
    }

    /** The settings without secrets. */
    @Override
    public String toString() {
        return "ElasticsearchSettings" + describe();
    }

    /**
     * Fail-fast builder: a bad value fails at once with {@link IllegalArgumentException} naming it (never
     * showing a secret), and so do two kinds of credentials or both kinds of CA trust; a setting given twice
     * fails with {@link IllegalStateException}.
     */
    public static final class Builder {
        private final UnaryOperator<String> environment;
        private final List<URI> urls = new ArrayList<>();
        private String apiKey;
        private String username;
        private String password;
        private Path caCertificate;
        private String caFingerprint;
        private Duration connectTimeout;
        private Duration socketTimeout;
        private Duration timeout;
        private Integer retries;

        private Builder(UnaryOperator<String> environment) {
            this.environment = environment;
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * Adds a cluster URL: {@code http} or {@code https}, a host, an optional port (default 9200), no
         * path, query or user info (give credentials separately). All URLs must share a scheme.
         *
         * @param url the URL, e.g. {@code https://localhost:9200}; surrounding white space is ignored
         * @return this builder
         * @throws IllegalArgumentException if the URL is malformed, has credentials, a path, a query or a bad port, or
         * mixes schemes with earlier URLs
         * @throws IllegalStateException if the same URL was already given
         */
        public Builder url(String url) {
            URI clean = ClusterUrls.parse(url);
            Arguments.checkState(!urls.contains(clean), "Elasticsearch URL %s was already given", clean);
            Arguments.check(urls.isEmpty() || urls.get(0).getScheme().equals(clean.getScheme()),
                    "Elasticsearch URLs mix http and https: %s and %s", urls.isEmpty() ? "" : urls.get(0), clean);
            urls.add(clean);
            return this;
        }

        /**
         * Adds several cluster URLs (see {@link #url(String)}).
         *
         * @param values the URLs, added in order
         * @return this builder
         * @throws IllegalArgumentException if one URL is refused by {@link #url(String)}; the URLs before it stay added
         * @throws IllegalStateException if one URL was already given; the URLs before it stay added
         */
        public Builder urls(List<String> values) {
            values.forEach(this::url);
            return this;
        }

        /**
         * Authenticates with an API key (the base64 {@code id:key} form Elasticsearch returns as "encoded").
         *
         * @param value the encoded API key: printable ASCII, no white space
         * @return this builder
         * @throws IllegalArgumentException if the key is empty or holds white space or non-ASCII characters, or basic
         * authentication was given
         * @throws IllegalStateException if an API key was already given
         */
        public Builder apiKey(String value) {
            once(apiKey, "apiKey");
            Arguments.check(username == null, "give either an API key or a user and password, not both");
            Arguments.check(value != null && !value.isBlank(), "the API key is empty");
            Arguments.check(value.chars().allMatch(c -> c > 32 && c < 127),
                    "the API key holds whitespace or non-ASCII characters");
            apiKey = value;
            return this;
        }

        /**
         * Authenticates with the API key held by environment variable {@code variable}; the name and the
         * value are checked as {@link Secrets#fromEnvironment} says, and neither a key given as the name
         * nor the value is ever shown.
         *
         * @param variable the name of the environment variable, e.g. {@code ES_API_KEY}
         * @return this builder
         * @throws IllegalArgumentException if the variable is unset, empty, looks like a key itself, or its value is
         * refused by {@link #apiKey(String)}
         * @throws IllegalStateException if an API key was already given
         */
        public Builder apiKeyFromEnvironment(String variable) {
            return apiKey(Secrets.fromEnvironment(variable, "the API key variable", "the Elasticsearch API key", environment));
        }

        /**
         * Authenticates as {@code user} with {@code password} (HTTP basic).
         *
         * @param user the user name: not blank, without {@code ':'}
         * @param password the password: not empty
         * @return this builder
         * @throws IllegalArgumentException if either is empty, the user holds {@code ':'}, or an API key was given
         * @throws IllegalStateException if basic authentication was already given
         */
        public Builder basicAuth(String user, String password) {
            once(username, "basicAuth");
            Arguments.check(apiKey == null, "give either an API key or a user and password, not both");
            Arguments.check(user != null && !user.isBlank() && user.indexOf(':') < 0,
                    "the Elasticsearch user name is empty or holds ':'");
            Arguments.check(password != null && !password.isEmpty(),
                    "the password of Elasticsearch user %s is empty", user);
            this.username = user;
            this.password = password;
            return this;
        }

        /**
         * Authenticates as {@code user} with the password held by environment variable {@code variable},
         * checked as {@link Secrets#fromEnvironment} says (a password with surrounding white space or a
         * control character is refused, without being shown).
         *
         * @param user the user name: not blank, without {@code ':'}
         * @param variable the name of the environment variable holding the password
         * @return this builder
         * @throws IllegalArgumentException if the variable is unset, its value is refused, or an API key was given
         * @throws IllegalStateException if basic authentication was already given
         */
        public Builder basicAuthFromEnvironment(String user, String variable) {
            return basicAuth(user, Secrets.fromEnvironment(variable, "the password variable", "the Elasticsearch password",
                    environment));
        }

        /**
         * Trusts the CA certificate in this PEM file for {@code https} URLs.
         *
         * @param file a readable PEM file with the CA certificate
         * @return this builder
         * @throws IllegalArgumentException if the file is not readable or a fingerprint was given
         * @throws IllegalStateException if a CA certificate was already given
         */
        public Builder caCertificate(Path file) {
            once(caCertificate, "caCertificate");
            Arguments.check(caFingerprint == null, "give either a CA certificate or a CA fingerprint, not both");
            Objects.requireNonNull(file, "file");
            Arguments.check(Files.isReadable(file), "CA certificate %s does not exist or is not readable", file);
            caCertificate = file;
            return this;
        }

        /**
         * Trusts the CA certificate with this SHA-256 fingerprint (64 hex digits, colons allowed).
         *
         * @param fingerprint 64 hex digits, in either case, colons allowed (as Elasticsearch prints it)
         * @return this builder
         * @throws IllegalArgumentException if the fingerprint is malformed or a CA certificate was given
         * @throws IllegalStateException if a fingerprint was already given
         */
        public Builder caFingerprint(String fingerprint) {
            once(caFingerprint, "caFingerprint");
            Arguments.check(caCertificate == null, "give either a CA certificate or a CA fingerprint, not both");
            Arguments.check(fingerprint != null && FINGERPRINT.matcher(fingerprint.trim()).matches(),
                    "CA fingerprint must be a SHA-256 in hex (64 digits, colons allowed), was '%s'", fingerprint);
            caFingerprint = fingerprint.trim().replace(":", "").toLowerCase(Locale.ROOT);
            return this;
        }

        /**
         * How long to wait for a connection; default 5 s; 1 ms to 10 min.
         *
         * @param value the connect timeout, 1 ms to 10 min
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the connect timeout was already set
         */
        public Builder connectTimeout(Duration value) {
            once(connectTimeout, "connectTimeout");
            connectTimeout = checkTimeout(value, "connectTimeout");
            return this;
        }

        /**
         * How long to wait for an answer once connected; default 30 s; 1 ms to 10 min.
         *
         * @param value the socket timeout, 1 ms to 10 min
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the socket timeout was already set
         */
        public Builder socketTimeout(Duration value) {
            once(socketTimeout, "socketTimeout");
            socketTimeout = checkTimeout(value, "socketTimeout");
            return this;
        }

        private static Duration checkTimeout(Duration value, String name) {
            Objects.requireNonNull(value, name);
            Arguments.check(value.toMillis() >= 1 && value.compareTo(MAX_TIMEOUT) <= 0,
                    "%s must be between 1 ms and %s, was %s", name, MAX_TIMEOUT, value);
            return value;
        }

        /**
         * The total time of one call, retries and back-offs included; default 60 s; 1 ms to 10 min. The
         * connect and socket timeouts are capped by it.
         *
         * @param value the total timeout, 1 ms to 10 min
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the total timeout was already set
         */
        public Builder timeout(Duration value) {
            once(timeout, "timeout");
            timeout = checkTimeout(value, "timeout");
            return this;
        }

        /**
         * Retries after a failure to connect; default 2; 0 to 10.
         *
         * @param value the number of retries, 0 to {@value ElasticsearchSettings#MAX_RETRIES}
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the retries were already set
         */
        public Builder retries(int value) {
            once(retries, "retries");
            Arguments.check(value >= 0 && value <= MAX_RETRIES, "retries must be 0..%d, was %d", MAX_RETRIES, value);
            retries = value;
            return this;
        }

        /**
         * The settings; fails if no URL was given or TLS trust was given for {@code http} URLs.
         *
         * @return the immutable settings
         * @throws IllegalArgumentException if no URL was given, or a CA certificate or fingerprint was given for {@code
         * http} URLs
         */
        public ElasticsearchSettings build() {
            Arguments.check(!urls.isEmpty(), "no Elasticsearch URL given (e.g. http://localhost:9200)");
            boolean https = "https".equals(urls.get(0).getScheme());
            Arguments.check(https || (caCertificate == null && caFingerprint == null),
                    "a CA certificate or fingerprint was given but the URL %s is not https", urls.get(0));
            return new ElasticsearchSettings(this);
        }
    }
}
