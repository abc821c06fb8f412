package io.github.astrorag.retrieval.hyde;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.TraceSink;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * HyDE, Hypothetical Document Embeddings (Gao, Ma, Lin and Callan, ACL 2023), optional in AstroRAG: a
 * generator writes a passage that would answer the question, and retrieval compares chunks with that
 * passage's embedding (an answer looks more like the chunks holding it than a question does).
 *
 * <p>The generator gets a query built from {@link #DEFAULT_INSTRUCTION} and the question, with an
 * empty context; its {@code answer.text()} is the passage, embedded with
 * {@link Embedder#embedDocuments}. The new query vector is, by {@link Mode}, the passage's vector or
 * (default) the normalised mean of the question's and the passage's vectors. The query keeps its text
 * and options; only the embedding changes. The passage goes to the trace ({@code passage}); a blank
 * passage leaves the query as it was ({@code fallback: true} in the trace).
 *
 * <p>Cost: one generation and one embedding per question. Immutable; thread-safe if the generator and
 * embedder are.
 */
public final class HydeQueryTransformer implements QueryTransformer {

    /** Which vector replaces the question's. */
    public enum Mode {
        /** The hypothetical passage's vector alone (the HyDE paper uses the mean of several passages). */
        PASSAGE,
        /** The unit-normalised mean of the question's and the passage's vectors. */
        MEAN
    }

    /** The instruction; {@code %s} is replaced by the question. */
    public static final String DEFAULT_INSTRUCTION = "Write a short passage that answers the question: %s";
    /** Default mode. */
    public static final Mode DEFAULT_MODE = Mode.MEAN;

    private static final Context EMPTY_CONTEXT = new Context(List.of(), "", 0, 0, Map.of());

    private final Generator generator;
    private final Mode mode;
    private final String instruction;

    /**
     * HyDE with the mean of question and passage.
     *
     * @param generator the generator writing the hypothetical passage
     */
    public HydeQueryTransformer(Generator generator) {
        this(generator, DEFAULT_MODE, DEFAULT_INSTRUCTION);
    }

    /**
     * HyDE.
     *
     * @param generator   writes the hypothetical passage
     * @param mode        which vector to use
     * @param instruction the prompt, with one {@code %s} for the question
     * @throws IllegalArgumentException if the instruction has no {@code %s}
     */
    public HydeQueryTransformer(Generator generator, Mode mode, String instruction) {
        this.generator = Objects.requireNonNull(generator, "generator");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.instruction = Objects.requireNonNull(instruction, "instruction");
        Arguments.check(instruction.contains("%s"),
                "the HyDE instruction must contain %%s for the question, was \"%s\"", instruction);
    }

    @Override
    public Query transform(Query query, Embedder embedder, TraceSink trace) {
        Answer answer = generator.generate(Query.of(instruction.replace("%s", query.text())), EMPTY_CONTEXT);
        String passage = answer.text();
        trace.put("mode", mode.name().toLowerCase(Locale.ROOT));
        trace.put("passage", passage);
        float[] q = query.embedding() != null ? query.requireEmbedding() : embedder.embedQuery(query.text());
        if (passage.isBlank()) {
            trace.put("fallback", true);
            return query.withEmbedding(q);
        }
        float[] p = embedder.embedDocuments(List.of(passage)).get(0);
        Vectors.check(String.valueOf(embedder.describe().get("name")), embedder.dimension(), 1, List.of(p));
        if (mode == Mode.PASSAGE) {
            return query.withEmbedding(Vectors.normalizeInPlace(p.clone()));
        }
        float[] qn = Vectors.normalizeInPlace(q.clone());
        float[] pn = Vectors.normalizeInPlace(p.clone());
        float[] mean = new float[qn.length];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = (qn[i] + pn[i]) / 2;
        }
        return Vectors.norm(mean) == 0 ? query.withEmbedding(q) : query.withEmbedding(Vectors.normalizeInPlace(mean));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "hyde");
        m.put("mode", mode.name().toLowerCase(Locale.ROOT));
        m.put("generator", generator.describe());
        return m;
    }
}
