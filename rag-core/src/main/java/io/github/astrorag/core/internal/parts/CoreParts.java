package io.github.astrorag.core.internal.parts;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.HttpEmbedder;
import io.github.astrorag.core.embed.OpenAiCompatibleEmbedder;
import io.github.astrorag.core.embed.TeiEmbedder;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.generate.HttpLlmGenerator;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.generate.TgiGenerator;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.language.ScriptLanguageDetector;
import io.github.astrorag.core.load.PdfDocumentLoader;
import io.github.astrorag.core.load.TextDocumentLoader;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartSettings;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.token.TokenCounter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * rag-core's parts by name: the dense retriever, the budget selector, the extractive and HTTP generators, the hashing
 * and HTTP embedders, the text and PDF loaders, tiktoken's encodings as tokenizers. Registered in {@code META-INF/services}.
 */
public final class CoreParts implements PartProvider {

    /** The orders of {@link ContextOrder}, as settings write them. */
    public static final List<String> ORDERS = List.of("relevance", "edges");

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public CoreParts() {
    }

    /**
     * The setting {@code order} of a part that arranges chunks.
     *
     * @return the setting, default {@code relevance}
     */
    public static Setting order() {
        return Setting.choice("order", "prompt order of the chosen chunks: relevance, or edges (best first and last)",
                "relevance", ORDERS);
    }

    /**
     * The order a part's {@code order} setting names.
     *
     * @param s the part's settings
     * @return the order
     */
    public static ContextOrder order(PartSettings s) {
        return ContextOrder.valueOf(s.text("order").toUpperCase(Locale.ROOT));
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(
                Part.builder(Role.RETRIEVER, "dense", "top-k by cosine between the question's and the chunks' vectors",
                        (s, c) -> new DenseRetriever()).build(),
                Part.builder(Role.SELECTOR, "budget", "the candidates in their order until the token budget is spent "
                                + "(a cut chunk keeps its most relevant part)",
                        (s, c) -> TokenBudgetSelector.builder().counter(c.tokenCounter()).order(order(s))
                                .analyzer(c.analyzer()).build())
                        .setting(order()).build(),
                Part.builder(Role.GENERATOR, "extractive", "offline: one cited sentence of the context, or an abstention",
                        (s, c) -> s.has("min-support")
                                ? ExtractiveGenerator.builder(c.embedder()).minSupport(s.number("min-support"))
                                        .analyzer(c.analyzer()).build()
                                : ExtractiveGenerator.builder(c.embedder()).analyzer(c.analyzer()).build())
                        .setting(Setting.number("min-support", "the least support an answer needs (below it the answer "
                                + "abstains); default: the embedding model's own", null, 0, 1)).build(),
                http(Part.builder(Role.GENERATOR, "openai", "a server speaking the OpenAI chat completions protocol",
                        (s, c) -> llm(OpenAiCompatibleGenerator.builder().model(s.text("model")), s).build()), true),
                http(Part.builder(Role.GENERATOR, "tgi", "a Hugging Face Text Generation Inference server",
                        (s, c) -> llm(TgiGenerator.builder(), s).build()), false),
                Part.builder(Role.EMBEDDER, "hashing", "no model: hashed word and character n-grams (for tests)",
                        (s, c) -> new HashingEmbedder(s.integer("dimension")))
                        .setting(Setting.integer("dimension", "vector dimension", HashingEmbedder.DEFAULT_DIMENSION, 16, 65536))
                        .build(),
                embedder(Part.builder(Role.EMBEDDER, "openai", "a server speaking the OpenAI embeddings protocol",
                        (s, c) -> vectors(OpenAiCompatibleEmbedder.builder().model(s.text("model")), s).build()), true),
                embedder(Part.builder(Role.EMBEDDER, "tei", "a Hugging Face Text Embeddings Inference server",
                        (s, c) -> {
                            TeiEmbedder.Builder b = vectors(TeiEmbedder.builder(), s);
                            return (s.has("model") ? b.model(s.text("model")) : b).build();
                        }), false),
                Part.builder(Role.ANALYZER, "english", "Lucene's English analysis (stop words, Porter stemming); Thai "
                                + "cut into words by the JDK's dictionary, Han and Hangul as character pairs (the default)",
                        (s, c) -> s.text("han").equals("bigrams") && s.text("hangul").equals("bigrams")
                                ? EnglishTermAnalyzer.defaults()
                                : EnglishTermAnalyzer.builder().hanBigrams(s.text("han").equals("bigrams"))
                                        .hangulBigrams(s.text("hangul").equals("bigrams")).build())
                        .setting(Setting.choice("han", "Han and Hiragana: bigrams (overlapping pairs, as Lucene's CJKAnalyzer) "
                                + "or characters", "bigrams", List.of("bigrams", "characters")))
                        .setting(Setting.choice("hangul", "Hangul: bigrams (overlapping pairs of syllables) or words "
                                + "(between spaces)", "bigrams", List.of("bigrams", "words"))).build(),
                Part.builder(Role.LOADER, "text", "plain text and Markdown files", (s, c) -> new TextDocumentLoader()).build(),
                Part.builder(Role.LOADER, "pdf", "PDF files, page by page (needs PDFBox)", (s, c) -> new PdfDocumentLoader()).build(),
                tokenizer("p50k-base", "tiktoken's p50k_base, as the papers count (the default)"),
                tokenizer("cl100k-base", "tiktoken's cl100k_base: GPT-4, GPT-3.5"),
                tokenizer("o200k-base", "tiktoken's o200k_base: the GPT-4o family (2 to 4 times fewer tokens than p50k_base on "
                        + "Chinese, Arabic or Thai text)"),
                tokenizer("r50k-base", "tiktoken's r50k_base: GPT-3"),
                Part.builder(Role.LANGUAGE_DETECTOR, "script", "the Unicode scripts of the letters, no model; Latin text "
                        + "reads as English (the default)", (s, c) -> new ScriptLanguageDetector()).build());
    }

    /** The tokenizer part of a tiktoken encoding: named as the encoding, {@code -} for {@code _} (a part's spelling). */
    private static Part<TokenCounter> tokenizer(String name, String description) {
        return Part.builder(Role.TOKENIZER, name, description, (s, c) -> TokenCounter.of(name.replace('-', '_'))).build();
    }

    private static <T> Part<T> http(Part.Builder<T> b, boolean needsModel) {
        endpoint(b);
        Setting model = Setting.text("model", "the model name the server expects", null);
        if (needsModel) {
            b.setting(model.asRequired());
        }
        return b.setting(Setting.integer("max-tokens", "most tokens the model may write; default 64 for multiple choice, "
                + HttpLlmGenerator.DEFAULT_MAX_TOKENS_OPEN + " otherwise", null, 1, 1 << 20)).build();
    }

    private static <T> Part<T> embedder(Part.Builder<T> b, boolean needsModel) {
        endpoint(b);
        Setting model = Setting.text("model", "the embedding model the server expects", null);
        b.setting(needsModel ? model.asRequired() : model);
        b.setting(Setting.text("query-prefix", "text put before every question (e.g. 'query: ' for e5)", null));
        b.setting(Setting.text("passage-prefix", "text put before every chunk (e.g. 'passage: ' for e5)", null));
        b.setting(Setting.text("languages", "the languages the model reads, codes joined by '+' (en+zh): a question in "
                + "another is ranked by BM25 alone; default: every language (a multilingual model)", null));
        return b.setting(Setting.integer("batch-size", "texts per request", HttpEmbedder.DEFAULT_BATCH_SIZE, 1, 2048)).build();
    }

    private static void endpoint(Part.Builder<?> b) {
        b.setting(Setting.text("base-url", "the server's address, e.g. http://127.0.0.1:8000/v1", null).asRequired());
        b.setting(Setting.text("api-key-env", "the environment variable holding the API key (sent as a bearer token, "
                + "never printed)", null));
        b.setting(Setting.number("timeout", "longest time of one call in seconds, every attempt and wait included",
                (double) HttpEndpoint.DEFAULT_TIMEOUT.toSeconds(), 0.001, 3600));
        b.setting(Setting.integer("retries", "retries after a failed attempt (5xx, 429, timeout, refused connection)",
                HttpEndpoint.DEFAULT_MAX_RETRIES, 0, HttpEndpoint.MAX_RETRIES_LIMIT));
    }

    private static <B extends HttpEndpoint.Builder<B>> B endpoint(B b, PartSettings s) {
        b.baseUrl(s.text("base-url"));
        if (s.has("api-key-env")) {
            b.apiKeyEnv(s.text("api-key-env"));
        }
        if (s.isGiven("timeout")) {
            b.timeout(Duration.ofMillis(Math.max(1, Math.round(s.number("timeout") * 1000))));
        }
        if (s.isGiven("retries")) {
            b.maxRetries(s.integer("retries"));
        }
        return b;
    }

    private static <B extends HttpLlmGenerator.Builder<B>> B llm(B b, PartSettings s) {
        endpoint(b, s);
        if (s.has("max-tokens")) {
            b.maxTokens(s.integer("max-tokens"));
        }
        return b;
    }

    private static <B extends HttpEmbedder.Builder<B>> B vectors(B b, PartSettings s) {
        endpoint(b, s);
        if (s.has("query-prefix")) {
            b.queryPrefix(s.text("query-prefix"));
        }
        if (s.has("passage-prefix")) {
            b.passagePrefix(s.text("passage-prefix"));
        }
        if (s.isGiven("batch-size")) {
            b.batchSize(s.integer("batch-size"));
        }
        if (s.has("languages")) {
            b.languages(Arrays.stream(s.text("languages").split("\\+")).filter(c -> !c.isBlank()).toList());
        }
        return b;
    }
}
