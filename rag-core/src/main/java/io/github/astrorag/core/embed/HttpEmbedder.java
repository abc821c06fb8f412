package io.github.astrorag.core.embed;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import io.github.astrorag.core.spi.Embedder;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An embedder that asks a server over HTTP: the common part of {@link OpenAiCompatibleEmbedder} and
 * {@link TeiEmbedder}.
 *
 * <p><b>Batches.</b> The texts of one call are cut, in order, into batches of at most {@code batchSize}
 * (default {@value #DEFAULT_BATCH_SIZE}); each batch is one HTTP request, and up to {@code concurrency}
 * (default {@value #DEFAULT_CONCURRENCY}) of them are in flight at once, on threads that live for the
 * call. The result is in input order whatever order the replies come in. Each batch is one call of the
 * embedder's retrying HTTP client, with its timeouts, retries on 408/429/5xx (honouring
 * {@code Retry-After}) and the API key redacted from every message (see {@link HttpEndpoint.Builder}).
 *
 * <p><b>Checks.</b> Every vector must be non-empty, finite and not all zero, and of the dimension given
 * to the builder or, if none was, learned from the first reply; it is then scaled to unit L2 norm. A
 * reply that is not JSON, lacks vectors, has fewer or more than asked, holds a NaN or a vector of another
 * dimension fails the call with an {@link EmbeddingException} naming the endpoint, the batch and the
 * text; an HTTP failure's says the status and the server's message. A vector already of unit norm (within
 * {@value #UNIT_TOLERANCE}) is kept bit for bit, so the vectors equal those of the model behind the server. {@link #dimension()} before any call
 * embeds one short probe text when no dimension was given.
 *
 * <p><b>Prefixes.</b> Models such as e5 ({@code "query: "}, {@code "passage: "}) and bge
 * ({@code "Represent this sentence for searching relevant passages: "} for queries) expect prefixes: the
 * query prefix is put before the text of {@link #embedQuery}, the passage prefix before each text of
 * {@link #embedDocuments}; both default to none.
 *
 * <p><b>Languages.</b> The model behind a server is taken to read every language ({@link #languages()} empty), as a
 * multilingual model does: the default preset then fuses its cosine with BM25 and answers with the cosine support
 * in any language. For a model that reads only some ({@code bge-small-en}, {@code e5-small-v2}), declare them with
 * {@link Builder#languages}: a question in another language is then ranked by BM25 alone and answered with the
 * lexical support (docs/languages.md).
 *
 * <p><b>Cache.</b> {@link #fingerprint()} names the protocol, the model the server reports or is
 * configured with, the dimension and the prefixes, so that an embedding cache never mixes the vectors
 * of two models; {@code cacheable(false)} makes it empty (vectors never cached).
 *
 * <p>Cost: O(n) texts in ⌈n / batchSize⌉ requests, O(n · dimension) to read and normalise the replies.
 * Immutable (but for the dimension learned once) and thread-safe.
 */
public abstract sealed class HttpEmbedder implements Embedder permits OpenAiCompatibleEmbedder, TeiEmbedder {

    /** Texts per request. */
    public static final int DEFAULT_BATCH_SIZE = 32;
    /** Largest batch accepted. */
    public static final int MAX_BATCH_SIZE = 2048;
    /** Requests in flight at once. */
    public static final int DEFAULT_CONCURRENCY = 4;
    /** Most requests in flight accepted. */
    public static final int MAX_CONCURRENCY = 64;
    /**
     * Largest dimension accepted, of a given dimension and of any vector a server sends: a longer vector is
     * refused while its reply is parsed, before it is read further.
     */
    public static final int MAX_DIMENSION = 1 << 16;
    /** A vector whose L2 norm is this close to 1 is kept as the server sent it (bit for bit); others are scaled. */
    public static final double UNIT_TOLERANCE = 1e-6;
    /** What {@link #dimension()} embeds (as a passage) to learn the dimension. */
    public static final String DIMENSION_PROBE = "dimension probe";


    /** A language code as {@link Builder#languages} takes it. */
    private static final Pattern LANGUAGE_CODE = Pattern.compile("[a-z]{2,3}");

    final HttpEndpoint endpoint;
    final RetryingHttpClient<EmbeddingException> http;
    private final int batchSize;
    private final int concurrency;
    private final String queryPrefix;
    private final String passagePrefix;
    private final boolean cacheable;
    private final Set<String> languages;
    private final boolean dimensionGiven;
    private final AtomicInteger dimension;

    /** {@code requested}: the dimension the request itself asks for (OpenAI's {@code dimensions}), or null. */
    HttpEmbedder(Builder<?> b, @Nullable Integer requested) {
        this.endpoint = b.endpoint();
        this.http = new RetryingHttpClient<>(endpoint, EmbeddingException::new);
        this.batchSize = b.batchSize == null ? DEFAULT_BATCH_SIZE : b.batchSize;
        this.concurrency = b.concurrency == null ? DEFAULT_CONCURRENCY : b.concurrency;
        this.queryPrefix = b.queryPrefix == null ? "" : b.queryPrefix;
        this.passagePrefix = b.passagePrefix == null ? "" : b.passagePrefix;
        this.cacheable = b.cacheable == null || b.cacheable;
        this.languages = b.languages == null ? Set.of() : b.languages;
        Arguments.check(b.dimension == null || requested == null || b.dimension.equals(requested),
                "dimension (%s) and dimensions (%s) differ", b.dimension, requested);
        Integer expected = b.dimension == null ? requested : b.dimension;
        this.dimensionGiven = expected != null;
        this.dimension = new AtomicInteger(expected == null ? 0 : expected);
    }

    /** The path after the base URL. */
    abstract String path();

    /** The request body for {@code texts}. */
    abstract Map<String, Object> body(List<String> texts);

    /** The vectors of a 2xx reply, in input order, unchecked; throws through {@link #malformed} when the reply has none. */
    abstract List<float[]> vectors(JsonValue reply, int expected, String where);

    /** The protocol's name, first in {@link #fingerprint()} and {@link #describe()}. */
    abstract String name();

    /** The model as it should appear in the fingerprint, or empty when it cannot be known (then nothing is cached). */
    abstract Optional<String> fingerprintModel();

    /** Protocol settings that change the vectors, for the fingerprint ({@code ;key=value...}). */
    abstract String fingerprintSettings();

    /** Adds protocol settings (the model) to {@link #describe()}. */
    abstract void describeProtocol(Map<String, Object> m);

    @Override
    public int dimension() {
        int d = dimension.get();
        if (d == 0) {
            embed(List.of(passagePrefix + DIMENSION_PROBE));
            d = dimension.get();
        }
        return d;
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        Objects.requireNonNull(texts, "texts");
        List<String> prefixed = new ArrayList<>(texts.size());
        for (String t : texts) {
            prefixed.add(passagePrefix + Objects.requireNonNull(t, "a text is null"));
        }
        return embed(prefixed);
    }

    /**
     * The languages declared with {@link Builder#languages}; empty, the default, when none were: the server's model
     * is taken to read every language (a multilingual model).
     */
    @Override
    public Set<String> languages() {
        return languages;
    }

    @Override
    public float[] embedQuery(String text) {
        return embed(List.of(queryPrefix + Objects.requireNonNull(text, "text"))).get(0);
    }

    /**
     * {@code <protocol>:<model>;dim=<d><settings>;query="<prefix>";passage="<prefix>"}, or empty when
     * built with {@code cacheable(false)} or when the model cannot be known. May call the server (to learn
     * the dimension or the model). The API key and credential header values are masked in it, as in every
     * message and log line: what a server reports is stored (as a cache's space) only so redacted.
     */
    @Override
    public Optional<String> fingerprint() {
        if (!cacheable) {
            return Optional.empty();
        }
        // the model may come from the server (TEI's /info), and the fingerprint is stored (a cache's space name):
        // it gets the redaction every message and log line gets, so a server echoing the key stores no key
        return fingerprintModel().map(model -> http.redactor().apply(name() + ":" + model + ";dim=" + dimension()
                + fingerprintSettings() + ";query=" + Json.write(queryPrefix) + ";passage=" + Json.write(passagePrefix)));
    }

    private List<float[]> embed(List<String> texts) {
        int n = texts.size();
        int batches = (n + batchSize - 1) / batchSize;
        if (batches <= 1) {
            return n == 0 ? List.of() : batch(texts, 0, batches);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(concurrency, batches), r -> {
            Thread t = new Thread(r, "astrorag-embed-" + name());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<float[]>>> futures = new ArrayList<>(batches);
            for (int i = 0; i < batches; i++) {
                int from = i * batchSize;
                List<String> part = texts.subList(from, Math.min(n, from + batchSize));
                futures.add(pool.submit(() -> batch(part, from, batches)));
            }
            List<float[]> out = new ArrayList<>(n);
            for (Future<List<float[]>> f : futures) {
                out.addAll(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new EmbeddingException("POST " + where() + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddingException("POST " + where() + " interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The vectors of {@code texts}, which start at text {@code from} of the call. */
    private List<float[]> batch(List<String> texts, int from, int batches) {
        try {
            URI uri = endpoint.resolve(path());
            String body = http.post(uri, Json.write(body(texts))).body();
            String where = where() + " (batch " + (from / batchSize + 1) + " of " + batches + ", texts " + from
                    + ".." + (from + texts.size() - 1) + ")";
            return read(body, texts.size(), from, where);
        } catch (EmbeddingException e) {
            throw http.redacted(e);
        }
    }

    /**
     * The {@code count} checked, unit vectors of a 2xx reply's {@code body}, whose first text is text {@code from}
     * of the call; any reply this protocol does not allow fails with an {@link EmbeddingException} naming
     * {@code where}, and nothing else escapes (what the fuzz tests check).
     */
    List<float[]> read(String body, int count, int from, String where) {
        // no array of the reply (a vector, or the list of a batch's vectors, at most MAX_BATCH_SIZE long) may
        // hold more than MAX_DIMENSION values: refused as the parser reaches value MAX_DIMENSION + 1
        JsonValue reply = http.parse(body, where, "the reply", MAX_DIMENSION,
                " (vectors may have at most " + MAX_DIMENSION + " dimensions)");
        List<float[]> vectors = vectors(reply, count, where);
        if (vectors.size() != count) {
            throw malformed(where, "the reply holds " + vectors.size() + " vectors for " + count + " texts");
        }
        for (int i = 0; i < vectors.size(); i++) {
            check(vectors.get(i), where, from + i);
        }
        return vectors;
    }

    private void check(float[] v, String where, int text) {
        if (v.length == 0) {
            throw malformed(where, "the vector of text #" + text + " is empty");
        }
        if (!dimension.compareAndSet(0, v.length) && dimension.get() != v.length) {
            throw malformed(where, "the vector of text #" + text + " has dimension " + v.length + ", but "
                    + (dimensionGiven ? "the embedder was built for " : "the first reply had ") + dimension.get());
        }
        for (int j = 0; j < v.length; j++) {
            if (!Float.isFinite(v[j])) {
                throw malformed(where, "the vector of text #" + text + " has a non-finite component (" + v[j]
                        + " at " + j + ")");
            }
        }
        double norm = Vectors.norm(v);
        if (norm == 0) {
            throw malformed(where, "the vector of text #" + text + " is all zero");
        }
        if (Math.abs(norm - 1) > UNIT_TOLERANCE) {
            Vectors.normalizeInPlace(v);
        }
    }

    private String where() {
        return HttpEndpoint.display(endpoint.resolve(path()));
    }

    /** A failure: the server answered 2xx with something the protocol does not allow. */
    EmbeddingException malformed(String where, String what) {
        return http.malformed(where, what);
    }

    /** {@code node}, an array of numbers, as floats; fails naming {@code what} otherwise. */
    float[] floats(@Nullable JsonValue node, String where, String what) {
        if (node == null || !node.isArray()) {
            throw malformed(where, what + " is not an array of numbers: "
                    + RetryingHttpClient.truncate(String.valueOf(node)));
        }
        float[] v = new float[node.size()];
        for (int j = 0; j < v.length; j++) {
            JsonValue x = node.path(j);
            if (!x.isNumber()) {
                throw malformed(where, what + " holds a non-number at " + j + ": " + RetryingHttpClient.truncate(x.toString()));
            }
            v[j] = (float) x.doubleValue();
        }
        return v;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = endpoint.describe(name());
        describeProtocol(m);
        int d = dimension.get();
        m.put("dimension", d == 0 ? "learned from the first reply" : d);
        m.put("batchSize", batchSize);
        m.put("concurrency", concurrency);
        m.put("queryPrefix", queryPrefix);
        m.put("passagePrefix", passagePrefix);
        m.put("cacheable", cacheable);
        if (!languages.isEmpty()) {
            m.put("languages", List.copyOf(languages));
        }
        endpoint.describeClient(m);
        return m;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + describe();
    }

    /**
     * The settings both protocols share, beside those of every HTTP component ({@link HttpEndpoint.Builder}:
     * base URL, timeouts, attempts, backoff, API key). Fail-fast: a value out of range throws
     * {@link IllegalArgumentException} naming the setting, the value and the limit; a setting given twice
     * throws {@link IllegalStateException} naming it.
     *
     * @param <B> the concrete builder
     */
    public abstract static sealed class Builder<B extends Builder<B>> extends HttpEndpoint.Builder<B>
            permits OpenAiCompatibleEmbedder.Builder, TeiEmbedder.Builder {
        private @Nullable Integer batchSize;
        private @Nullable Integer concurrency;
        private @Nullable Integer dimension;
        private @Nullable String queryPrefix;
        private @Nullable String passagePrefix;
        private @Nullable Boolean cacheable;
        private @Nullable Set<String> languages;

        Builder() {
        }

        /**
         * The languages the server's model reads, as the language detectors name them (ISO 639 codes of two or three
         * letters: {@code en}, {@code zh}); default none declared, which means every language: a multilingual model
         * such as multilingual-e5 or bge-m3. Declared, a question in another language is ranked by BM25 alone and
         * answered with the lexical support, as with the bundled English models ({@link Embedder#languages()}).
         *
         * @param codes at least one code; upper case is read as lower case
         * @return this builder
         * @throws IllegalArgumentException if {@code codes} is empty or a code is not two or three letters
         */
        public B languages(Collection<String> codes) {
            once(languages, "languages");
            Objects.requireNonNull(codes, "codes");
            Arguments.check(!codes.isEmpty(),
                    "languages: give at least one language code, or leave languages unset for a model that reads every language");
            TreeSet<String> out = new TreeSet<>();
            for (String c : codes) {
                String code = Objects.requireNonNull(c, "a language code is null").strip().toLowerCase(Locale.ROOT);
                Arguments.check(LANGUAGE_CODE.matcher(code).matches(),
                        "languages: '%s' is not a language code as the detectors give one (two or three letters, such as en or zh)", c);
                out.add(code);
            }
            languages = Collections.unmodifiableSet(out);
            return self();
        }

        /**
         * Texts per request, in [1, {@value HttpEmbedder#MAX_BATCH_SIZE}]; default {@value
         * HttpEmbedder#DEFAULT_BATCH_SIZE}.
         *
         * @param value the batch size
         * @return this builder
         */
        public B batchSize(int value) {
            once(batchSize, "batchSize");
            Arguments.check(value >= 1 && value <= MAX_BATCH_SIZE, "batchSize must be in [1, %d], was %d",
                    MAX_BATCH_SIZE, value);
            batchSize = value;
            return self();
        }

        /**
         * Requests in flight at once, in [1, {@value HttpEmbedder#MAX_CONCURRENCY}]; default {@value
         * HttpEmbedder#DEFAULT_CONCURRENCY}.
         *
         * @param value the number of requests in flight
         * @return this builder
         */
        public B concurrency(int value) {
            once(concurrency, "concurrency");
            Arguments.check(value >= 1 && value <= MAX_CONCURRENCY, "concurrency must be in [1, %d], was %d",
                    MAX_CONCURRENCY, value);
            concurrency = value;
            return self();
        }

        /**
         * The dimension every reply must have, in [1, {@value HttpEmbedder#MAX_DIMENSION}]; default: learned
         * from the first reply.
         *
         * @param value the dimension every reply must have
         * @return this builder
         */
        public B dimension(int value) {
            once(dimension, "dimension");
            Arguments.check(value >= 1 && value <= MAX_DIMENSION, "dimension must be in [1, %d], was %d",
                    MAX_DIMENSION, value);
            dimension = value;
            return self();
        }

        /**
         * Put before every query (e5: {@code "query: "}); default none.
         *
         * @param prefix the query prefix; may be empty
         * @return this builder
         */
        public B queryPrefix(String prefix) {
            once(queryPrefix, "queryPrefix");
            queryPrefix = Objects.requireNonNull(prefix, "prefix");
            return self();
        }

        /**
         * Put before every passage (e5: {@code "passage: "}); default none.
         *
         * @param prefix the passage prefix; may be empty
         * @return this builder
         */
        public B passagePrefix(String prefix) {
            once(passagePrefix, "passagePrefix");
            passagePrefix = Objects.requireNonNull(prefix, "prefix");
            return self();
        }

        /**
         * Whether the vectors may be cached; {@code false} makes {@link Embedder#fingerprint()} empty. Default true.
         *
         * @param value {@code false} to forbid caching
         * @return this builder
         */
        public B cacheable(boolean value) {
            once(cacheable, "cacheable");
            cacheable = value;
            return self();
        }
    }
}
