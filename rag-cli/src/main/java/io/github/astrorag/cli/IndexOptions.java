package io.github.astrorag.cli;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory;
import io.github.astrorag.elasticsearch.ElasticsearchSettings;
import io.github.astrorag.elasticsearch.IndexMode;
import io.github.astrorag.elasticsearch.TextAnalysis;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Where each instance's ephemeral index lives, and how to reach an Elasticsearch cluster. */
public final class IndexOptions {

    /** The kinds of index. */
    public enum Kind { MEMORY, ELASTICSEARCH }

    @Option(names = "--index", paramLabel = "KIND",
            description = "Where the question's ephemeral index lives: ${COMPLETION-CANDIDATES}. Default: memory.")
    public Kind kind = Kind.MEMORY;

    @Option(names = "--es-url", paramLabel = "URL", split = ",",
            description = "Elasticsearch node URL(s), e.g. http://127.0.0.1:9200 (comma-separated for several).")
    public List<String> urls;

    @Option(names = "--es-api-key-env", paramLabel = "NAME",
            description = "NAME of the environment variable holding an Elasticsearch API key (not the key itself).")
    public String apiKeyEnv;

    @Option(names = "--es-user", paramLabel = "USER", description = "Elasticsearch user (with --es-password-env).")
    public String user;

    @Option(names = "--es-password-env", paramLabel = "NAME", description = "NAME of the environment variable holding the user's password.")
    public String passwordEnv;

    @Option(names = "--es-ca", paramLabel = "PEM", description = "CA certificate to trust for https.")
    public Path ca;

    @Option(names = "--es-fingerprint", paramLabel = "HEX", description = "SHA-256 fingerprint of the CA to trust for https.")
    public String fingerprint;

    @Option(names = "--es-timeout", paramLabel = "SECONDS",
            description = "Longest time of one Elasticsearch call, retries included; also caps the connect and read timeouts. "
                    + "Default: " + ElasticsearchSettings.DEFAULT_TIMEOUT_MILLIS / 1000 + ".")
    public Double timeout;

    @Option(names = "--es-prefix", paramLabel = "PREFIX",
            description = "Prefix of the ephemeral index names. Default: " + ElasticsearchEphemeralIndexFactory.DEFAULT_PREFIX + ".")
    public String prefix;

    @Option(names = "--es-mode", paramLabel = "MODE", converter = ModeConverter.class,
            description = "index-per-instance (default: each question gets its own index, deleted afterwards) or shared "
                    + "(all questions write to one index, filtered and routed by instance id; faster to open and close).")
    public IndexMode mode;

    /** Parses {@code --es-mode} by the mode's command-line name. */
    static final class ModeConverter implements CommandLine.ITypeConverter<IndexMode> {
        @Override
        public IndexMode convert(String value) {
            return IndexMode.parse(value);
        }
    }

    @Option(names = "--es-analysis", paramLabel = "ANALYSIS",
            description = "How Elasticsearch analyses chunk text for BM25: terms (default: the pipeline's own terms, as "
                    + "--analyzer gives them, so the cluster ranks as the in-memory index does: Thai and Chinese words cut, "
                    + "stems; every node), standard (its standard analyzer) or language (its built-in analyzer of each "
                    + "chunk's language: arabic, cjk, thai, ...; needs a distribution with the module analysis-common).")
    public String analysis;

    /** Whether the options name a cluster. */
    boolean elasticsearch() {
        return kind == Kind.ELASTICSEARCH;
    }

    /**
     * The in-memory factory, or a connected Elasticsearch factory the caller must close.
     *
     * @param analyzer the pipeline's analyzer, made only for {@code --es-analysis terms}
     */
    EphemeralIndexFactory factory(Supplier<TermAnalyzer> analyzer) {
        if (!elasticsearch()) {
            Arguments.check(urls == null && apiKeyEnv == null && user == null && passwordEnv == null
                    && ca == null && fingerprint == null && prefix == null && timeout == null && mode == null
                    && analysis == null, "--es-* options need --index elasticsearch");
            return new InMemoryEphemeralIndexFactory();
        }
        ElasticsearchEphemeralIndexFactory.Builder f = elasticsearchBuilder();
        try {
            f.textAnalysis(TextAnalysis.parse(analysis == null ? "terms" : analysis, analyzer));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--es-analysis: " + e.getMessage(), e);
        }
        return f.build();
    }

    /** A connected Elasticsearch factory (standard text analysis: it only sweeps); the caller closes it. */
    ElasticsearchEphemeralIndexFactory elasticsearchFactory() {
        return elasticsearchBuilder().build();
    }

    private ElasticsearchEphemeralIndexFactory.Builder elasticsearchBuilder() {
        Arguments.check(urls != null && !urls.isEmpty(), "Elasticsearch needs --es-url, e.g. http://127.0.0.1:9200");
        ElasticsearchSettings.Builder s = ElasticsearchSettings.builder().urls(urls);
        if (apiKeyEnv != null) {
            Arguments.check(user == null && passwordEnv == null,
                    "give either --es-api-key-env or --es-user with --es-password-env, not both");
            Secrets.fromEnvironment(apiKeyEnv, "--es-api-key-env", "the Elasticsearch API key", System::getenv);
            s.apiKeyFromEnvironment(apiKeyEnv);
        } else if (user != null || passwordEnv != null) {
            Arguments.check(user != null && passwordEnv != null, "--es-user and --es-password-env go together");
            Secrets.fromEnvironment(passwordEnv, "--es-password-env", "the Elasticsearch password", System::getenv);
            s.basicAuthFromEnvironment(user, passwordEnv);
        }
        if (timeout != null) {
            s.timeout(PipelineFactory.seconds(timeout, "--es-timeout"));
        }
        if (ca != null) {
            s.caCertificate(ca);
        }
        if (fingerprint != null) {
            s.caFingerprint(fingerprint);
        }
        ElasticsearchEphemeralIndexFactory.Builder f = ElasticsearchEphemeralIndexFactory.builder(s.build());
        if (prefix != null) {
            f.indexPrefix(prefix);
        }
        if (mode != null) {
            f.mode(mode);
        }
        return f;
    }
}
