package io.github.astrorag.cli;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.onnx.SentenceModel;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.retrieval.hyde.HydeQueryTransformer;
import io.github.astrorag.retrieval.lexical.Bm25;
import io.github.astrorag.retrieval.lexical.Bm25Prefilter;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;

/**
 * Builds the command line's pipelines from {@link PipelineOptions}, every name through the
 * {@linkplain PartRegistry#installed() registry of parts}: the preset of {@code --preset} with its settings (so
 * {@code --preset default} is exactly {@link AstroRag#recommended()}), the parts that replace the preset's
 * ({@code --retriever}, {@code --reranker}, {@code --selector}), the token counter ({@code --tokenizer}: the preset's
 * chunker and selectors count in it), the generator, HyDE, the index and the cache. A model
 * named by the options is loaded for the pipeline and owned by it: closing the pipeline frees it; with
 * {@code --embedder openai|tei} the pipeline embeds through that server ({@link EmbedderOptions}).
 */
public final class PipelineFactory {

    /** The embedding model of the default preset (a constant for annotations). */
    public static final String DEFAULT_MODEL = "bge-small-q";
    /** The embedding model of the AstroRAG, CORAG-paper and naive presets. */
    public static final String ASTRORAG_MODEL = "minilm-q";

    private PipelineFactory() {
    }

    /** The pipeline the options describe, with the in-memory index. */
    public static RagPipeline build(PipelineOptions o) {
        return build(o, new io.github.astrorag.core.index.InMemoryEphemeralIndexFactory());
    }

    /**
     * The pipeline the options describe, keeping each instance's index in {@code indexes}. Close it: it owns
     * the model it loaded (not an embedder given in the options).
     */
    public static RagPipeline build(PipelineOptions o, EphemeralIndexFactory indexes) {
        return build(o, indexes, null);
    }

    /**
     * The pipeline of {@code o}, over {@code model} instead of the preset's when not {@code null}. When no model is
     * named ({@code --model}, an embedder given, {@code --embedder openai|tei}) and the preset's is the default one
     * (bge-small-en-v1.5, which reads English), the documents of a language another installed bundled model reads
     * ({@link SentenceModel#readersBeyond}: Chinese, bge-small-zh-v1.5, when its artifact is on the class path) are
     * opened by the same pipeline over that model ({@link RagPipeline.Builder#pipelineFor}), loaded when first needed.
     */
    private static RagPipeline build(PipelineOptions o, EphemeralIndexFactory indexes, String model) {
        PartRegistry parts = PartRegistry.installed();
        Arguments.check(o.prefilter == null || o.prefilter >= 1,
                "--prefilter must be at least 1 (the chunks BM25 passes on to be embedded per question), was %s", o.prefilter);
        PartSpec presetSpec = o.presetSpec(parts);
        PartSpec generatorSpec = o.generatorSpec(parts);
        Arguments.check(!o.hyde || !generatorSpec.name().equals("extractive"),
                "--hyde needs a language model to write the hypothetical answer: add --generator openai or tgi");
        o.parts.check(parts);
        if (generatorSpec.settings().containsKey("api-key-env")) {
            Secrets.fromEnvironment(generatorSpec.settings().get("api-key-env"), "--api-key-env", "the API key", System::getenv);
        }
        PartContext analyzed = o.parts.analyzed(PartContext.of(parts));
        PipelinePreset preset = parts.create(Role.PRESET, presetSpec, analyzed);
        TokenCounter counter = o.tokenCounter(parts);
        Embedder embedder = o.embedder != null ? o.embedder : o.embedding.create(parts,
                model != null ? parts.parse(Role.EMBEDDER, model)
                        : o.model != null ? parts.parse(Role.EMBEDDER, o.model) : preset.embedder(), o.model != null);
        try {
            RagPipeline.Builder b = preset.builder(embedder, counter);
            if (embedder != o.embedder && embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            PartContext context = PartContext.of(parts, embedder).with(analyzed.analyzer()).withTokenCounter(counter);
            o.parts.apply(b, preset, context);
            if (model == null && o.embedder == null && o.model == null && o.embedding.kind == EmbedderOptions.Kind.ONNX
                    && preset.embedder().name().equals(DEFAULT_MODEL)) {
                SentenceModel.readersBeyond(SentenceModel.byId(DEFAULT_MODEL)).forEach((language, reader) ->
                        b.pipelineFor(language, () -> build(o, indexes, reader.id())));
            }
            return configure(b, o, indexes, parts, parts.create(Role.GENERATOR, generatorSpec, context), generatorSpec,
                    context).build();
        } catch (RuntimeException | Error e) {
            if (embedder != o.embedder) {
                release(embedder);
            }
            throw e;
        }
    }

    /**
     * The loader of the command line: every loader registered by name ({@link PartRegistry#loaders()}), with the
     * policy for files no loader reads ({@code null}: skip them, counted in one warning).
     */
    static FileSystemDocumentLoader loader(PartRegistry parts, DocumentLoader.OnUnsupported unsupported) {
        FileSystemDocumentLoader.Builder b = FileSystemDocumentLoader.builder().loaders(parts.loaders());
        return (unsupported == null ? b : b.onUnsupported(unsupported)).build();
    }

    private static RagPipeline.Builder configure(RagPipeline.Builder b, PipelineOptions o, EphemeralIndexFactory indexes,
                                                 PartRegistry parts, Generator generator, PartSpec generatorSpec,
                                                 PartContext context) {
        b.index(indexes);
        // every loader registered by name on the class path (rag-documents' HTML and Office files among them)
        b.loader(loader(parts, o.unsupported));
        if (o.unreadable != null) {
            b.onUnreadable(o.unreadable);
        }
        if (o.cache != null) {
            b.embeddingCache(o.cache);
        }
        if (o.budget != null) {
            b.budget(o.budget);
        }
        if (o.language != null) {
            b.language(o.language);
        }
        if (o.languageDetector != null) {
            b.languageDetector(PipelineOptions.languageDetector(parts, o.languageDetector));
        }
        if (o.candidates != null) {
            b.candidates(o.candidates);
        }
        if (o.prefilter != null) {
            b.prefilter(new Bm25Prefilter(new Bm25Retriever(Bm25.DEFAULT_K1, Bm25.DEFAULT_B, context.analyzer())),
                    o.prefilter);
        }
        // the pipeline's own default generator is the extractive one at its defaults: set only what differs
        if (!generatorSpec.equals(PartSpec.of("extractive"))) {
            b.generator(generator);
        }
        if (o.hyde) {
            b.queryTransformer(new HydeQueryTransformer(generator));
        }
        return b;
    }

    /** Closes {@code embedder} if it holds resources (a loaded model). */
    public static void release(Embedder embedder) {
        if (embedder instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                throw new io.github.astrorag.core.RagException("closing the embedding model failed: " + e.getMessage(), e);
            }
        }
    }

    /** {@code value} seconds, which must be positive and finite. */
    static java.time.Duration seconds(double value, String option) {
        Arguments.check(value > 0 && value <= 3600, "%s must be in (0, 3600] seconds, was %s", option, value);
        return java.time.Duration.ofMillis(Math.max(1, Math.round(value * 1000)));
    }
}
