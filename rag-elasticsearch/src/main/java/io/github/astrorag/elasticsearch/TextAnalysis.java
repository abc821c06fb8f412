package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch._types.query_dsl.TextQueryType;
import io.github.astrorag.core.language.LanguageTags;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * How an {@link ElasticsearchEphemeralIndex} analyses chunk text for its BM25 search ({@link
 * ElasticsearchEphemeralIndex#textSearch} and the lexical half of {@link ElasticsearchEphemeralIndex#hybridSearch}).
 * Three ways, chosen with {@link ElasticsearchEphemeralIndexFactory.Builder#textAnalysis}:
 *
 * <ul>
 *   <li>{@link #standard()} (the default): Elasticsearch's {@code standard} analyzer on the field {@code text}
 *       (Unicode word boundaries, lower case; no stemming; a run of Thai letters is one term, Han characters one
 *       term each). Runs on every distribution.</li>
 *   <li>{@link #byLanguage()}: each chunk is analysed once more by Elasticsearch's built-in analyzer of its
 *       {@link Metadata#LANGUAGE language} (field {@code text_by_language.<language>}: {@code arabic}, {@code cjk},
 *       {@code thai}, {@code hindi}, {@code russian}, ... — {@link #BUILT_IN}), and a question is matched against
 *       {@code text} and every language field at once ({@code multi_match}, {@code best_fields}: a chunk scores
 *       by its better field). These analyzers live in the module {@code analysis-common}, which every
 *       distribution ships but the integration-test one; on a node without it the index cannot be created
 *       ({@link io.github.astrorag.core.IndexException} naming the module).</li>
 *   <li>{@link #terms(TermAnalyzer)}: the terms of the library's own analyzer (the pipeline's
 *       {@link TermAnalyzer}: the one the in-memory BM25, the prefilter and the scorers read) are indexed, joined
 *       by spaces, in the field {@code terms} under Elasticsearch's {@code whitespace} analyzer, and a question
 *       is matched by its terms from the same analyzer: Elasticsearch ranks by exactly the terms the in-memory
 *       index ranks by (Thai and Chinese words cut, Arabic stems), on every distribution.</li>
 * </ul>
 *
 * <p>The extra fields are indexed but not kept in {@code _source}. A shared index
 * ({@link IndexMode#SHARED}) is created with the analysis of the first factory that needs it: factories of
 * another analysis need another {@linkplain ElasticsearchEphemeralIndexFactory.Builder#indexPrefix prefix}.
 * Immutable and thread-safe.
 */
public abstract sealed class TextAnalysis permits TextAnalysis.Standard, TextAnalysis.ByLanguage, TextAnalysis.Terms {

    /**
     * Elasticsearch's built-in language analyzers (Elasticsearch reference, "Language analyzers") by language tag
     * (ISO 639-1, lower case; {@code pt-br} for Brazilian Portuguese, {@code ckb} for Sorani): Chinese, Japanese and
     * Korean share {@code cjk} (character bigrams); Norwegian Bokmål and Nynorsk map to {@code norwegian}.
     */
    public static final Map<String, String> BUILT_IN = Map.ofEntries(
            Map.entry("ar", "arabic"), Map.entry("hy", "armenian"), Map.entry("eu", "basque"), Map.entry("bn", "bengali"),
            Map.entry("pt-br", "brazilian"), Map.entry("bg", "bulgarian"), Map.entry("ca", "catalan"),
            Map.entry("zh", "cjk"), Map.entry("ja", "cjk"), Map.entry("ko", "cjk"), Map.entry("cs", "czech"),
            Map.entry("da", "danish"), Map.entry("nl", "dutch"), Map.entry("en", "english"), Map.entry("et", "estonian"),
            Map.entry("fi", "finnish"), Map.entry("fr", "french"), Map.entry("gl", "galician"), Map.entry("de", "german"),
            Map.entry("el", "greek"), Map.entry("hi", "hindi"), Map.entry("hu", "hungarian"),
            Map.entry("id", "indonesian"), Map.entry("ga", "irish"), Map.entry("it", "italian"),
            Map.entry("lv", "latvian"), Map.entry("lt", "lithuanian"), Map.entry("no", "norwegian"),
            Map.entry("nb", "norwegian"), Map.entry("nn", "norwegian"), Map.entry("fa", "persian"),
            Map.entry("pt", "portuguese"), Map.entry("ro", "romanian"), Map.entry("ru", "russian"),
            Map.entry("sr", "serbian"), Map.entry("ckb", "sorani"), Map.entry("es", "spanish"),
            Map.entry("sv", "swedish"), Map.entry("tr", "turkish"), Map.entry("th", "thai"));

    private TextAnalysis() {
    }

    /**
     * Elasticsearch's {@code standard} analyzer on {@code text}: the default.
     *
     * @return the standard analysis
     */
    public static TextAnalysis standard() {
        return Standard.INSTANCE;
    }

    /**
     * Elasticsearch's built-in analyzer of each chunk's language ({@link #BUILT_IN}) beside {@code standard}.
     *
     * @return the analysis by language
     */
    public static TextAnalysis byLanguage() {
        return new ByLanguage(BUILT_IN);
    }

    /**
     * As {@link #byLanguage()} with another table: each language tag (lower case, e.g. {@code zh} or
     * {@code pt-br}) to the name of an analyzer the cluster has (a built-in one, or one of a plugin such as
     * {@code smartcn} or {@code nori}).
     *
     * @param analyzers language tag to analyzer name; at least one entry
     * @return the analysis by language
     * @throws IllegalArgumentException if the table is empty, or a tag or name is blank or not lower case
     */
    public static TextAnalysis byLanguage(Map<String, String> analyzers) {
        Objects.requireNonNull(analyzers, "analyzers");
        if (analyzers.isEmpty()) {
            throw new IllegalArgumentException("the table of language analyzers is empty: give at least one language");
        }
        analyzers.forEach((tag, name) -> {
            Objects.requireNonNull(tag, "language tag");
            Objects.requireNonNull(name, "analyzer name of " + tag);
            if (!tag.matches("[a-z]{2,3}(-[a-z0-9]{2,8})*")) {
                throw new IllegalArgumentException("language tag must be lower-case BCP 47 such as 'zh' or 'pt-br', was '" + tag + "'");
            }
            if (!name.matches("[a-z0-9_.-]+")) {
                throw new IllegalArgumentException("analyzer name of '" + tag + "' must be a-z, 0-9, '_', '.' or '-', was '" + name + "'");
            }
        });
        return new ByLanguage(analyzers);
    }

    /**
     * The terms of {@code analyzer}, indexed under Elasticsearch's {@code whitespace} analyzer.
     *
     * @param analyzer the analyzer of the pipeline; not {@code null}
     * @return the analysis by the library's terms
     */
    public static TextAnalysis terms(TermAnalyzer analyzer) {
        return new Terms(Objects.requireNonNull(analyzer, "analyzer"));
    }

    /**
     * Parses a setting: {@code standard}, {@code language} or {@code terms}, in any case.
     *
     * @param value the setting
     * @param analyzer gives the analyzer of {@code terms} (the pipeline's); called only for that value
     * @return the analysis
     * @throws IllegalArgumentException on another value
     */
    public static TextAnalysis parse(String value, Supplier<TermAnalyzer> analyzer) {
        Objects.requireNonNull(analyzer, "analyzer");
        return switch (Objects.requireNonNull(value, "value").trim().toLowerCase(Locale.ROOT)) {
            case "standard" -> standard();
            case "language" -> byLanguage();
            case "terms" -> terms(analyzer.get());
            default -> throw new IllegalArgumentException(
                    "unknown text analysis '" + value + "': use standard, language or terms");
        };
    }

    /**
     * The name of this analysis for settings and the trace.
     *
     * @return {@code standard}, {@code language} or {@code terms}
     */
    public abstract String name();

    /** The field mappings this analysis adds to the index (beside {@code text}, which every index has). */
    abstract Map<String, Object> fields();

    /** The BM25 query of a question's {@code text}; null when it has no term to match. */
    abstract @Nullable Query query(String text);

    /** The text of {@code text_by_language} of a chunk, or null. */
    @Nullable Map<String, String> byLanguage(String text, @Nullable String language) {
        return null;
    }

    /** The value of {@code terms} of a chunk, or null. */
    @Nullable String terms(String text) {
        return null;
    }

    /** What the trace shows: {@code name} first. */
    Map<String, Object> describe() {
        return Map.of("name", name());
    }

    /** Elasticsearch's {@code standard} analyzer. */
    static final class Standard extends TextAnalysis {
        static final Standard INSTANCE = new Standard();

        @Override
        public String name() {
            return "standard";
        }

        @Override
        Map<String, Object> fields() {
            return Map.of();
        }

        /** {@code match} on {@code text}. */
        @Override
        Query query(String text) {
            return Query.of(q -> q.match(m -> m.field("text").query(text)));
        }
    }

    /** Elasticsearch's analyzer by the chunk's language. */
    static final class ByLanguage extends TextAnalysis {
        private final Map<String, String> analyzers;

        ByLanguage(Map<String, String> analyzers) {
            this.analyzers = Map.copyOf(analyzers);
        }

        @Override
        public String name() {
            return "language";
        }

        /** The field of {@code language} under {@code text_by_language} ({@link LanguageTags#match}); null if none. */
        @Nullable String fieldOf(@Nullable String language) {
            return LanguageTags.match(language, analyzers.keySet());
        }

        @Override
        Map<String, Object> fields() {
            Map<String, Object> languages = new TreeMap<>();
            analyzers.forEach((tag, analyzer) -> languages.put(tag, Map.of("type", "text", "analyzer", analyzer)));
            return Map.of("text_by_language", Map.of("type", "object", "dynamic", "strict", "properties", languages));
        }

        @Override
        @Nullable Map<String, String> byLanguage(String text, @Nullable String language) {
            String field = fieldOf(language);
            return field == null ? null : Map.of(field, text);
        }

        /** {@code multi_match}, {@code best_fields}, on {@code text} and every {@code text_by_language} field. */
        @Override
        Query query(String text) {
            return Query.of(q -> q.multiMatch(m -> m.fields("text", "text_by_language.*").query(text)
                    .type(TextQueryType.BestFields)));
        }

        @Override
        Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name());
            m.put("analyzers", new TreeMap<>(analyzers));
            return m;
        }
    }

    /** The library's terms under Elasticsearch's {@code whitespace} analyzer. */
    static final class Terms extends TextAnalysis {
        private final TermAnalyzer analyzer;

        Terms(TermAnalyzer analyzer) {
            this.analyzer = analyzer;
        }

        @Override
        public String name() {
            return "terms";
        }

        @Override
        Map<String, Object> fields() {
            return Map.of("terms", Map.of("type", "text", "analyzer", "whitespace"));
        }

        /** The terms of {@code text} joined by single spaces (white space inside a term becomes {@code _}). */
        @Override
        String terms(String text) {
            StringBuilder out = new StringBuilder(text.length());
            analyzer.forEachTerm(text, term -> {
                if (out.length() > 0) {
                    out.append(' ');
                }
                for (int i = 0; i < term.length(); i++) {
                    char c = term.charAt(i);
                    out.append(Character.isWhitespace(c) || Character.isSpaceChar(c) ? '_' : c);
                }
            });
            return out.toString();
        }

        /** {@code match} of the question's terms on {@code terms}; null when it has none. */
        @Override
        @Nullable Query query(String text) {
            String terms = terms(text);
            return terms.isEmpty() ? null : Query.of(q -> q.match(m -> m.field("terms").query(terms)));
        }

        @Override
        Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name());
            m.put("analyzer", analyzer.describe());
            return m;
        }
    }
}
