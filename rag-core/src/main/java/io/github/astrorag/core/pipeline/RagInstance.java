package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;


/**
 * One set of documents, indexed for answering, owning its transient index. Close it (try-with-resources)
 * and the index is deleted. Questions may be asked from several threads at once.
 */
public final class RagInstance implements AutoCloseable {

    private final RagPipeline pipeline;
    private final EphemeralIndex index;
    private final List<Document> documents;
    private final int chunkCount;
    private final List<Trace.Stage> ingest;

    RagInstance(RagPipeline pipeline, EphemeralIndex index, List<Document> documents, int chunkCount, List<Trace.Stage> ingest) {
        this.pipeline = pipeline;
        this.index = index;
        this.documents = List.copyOf(documents);
        this.chunkCount = chunkCount;
        this.ingest = List.copyOf(ingest);
    }

    /**
     * Answers an open question.
     *
     * @param question the question text; not blank
     * @return the answer, with its citations and trace
     */
    public Answer ask(String question) {
        return ask(Query.of(question));
    }

    /**
     * Answers a question (open or multiple choice).
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the answer, with its citations and trace
     */
    public Answer ask(Query query) {
        return run(query, null);
    }

    /**
     * Answers while streaming the generator's text to {@code onToken}; returns the complete answer.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @param onToken called with each piece of text as it arrives
     * @return the answer, with its citations and trace
     */
    public Answer ask(Query query, Consumer<String> onToken) {
        return run(query, java.util.Objects.requireNonNull(onToken, "onToken"));
    }

    /**
     * The context the pipeline would select for {@code query}, without generating: what evaluation of
     * retrieval needs. The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the context, never over the pipeline's budget
     * @throws IndexException if this instance is closed
     */
    public Context selectContext(Query query) {
        return selectContext(query, pipeline.budget);
    }

    /**
     * The context the pipeline would select for {@code query} within {@code budget} tokens instead of the
     * pipeline's budget, without generating: what a caller that sets the budget per question needs (the
     * MCP server's {@code select_context}). The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question
     * @param budget the context budget in tokens, at least 1
     * @return the selected context, at most {@code budget} tokens
     * @throws IllegalArgumentException if {@code budget} is below 1
     * @throws IndexException if this instance is closed
     */
    public Context selectContext(Query query, int budget) {
        Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
        List<Trace.Stage> stages = new ArrayList<>();
        Context context = selectInto(query, budget, stages);
        Trace trace = new Trace(pipeline.describe(), stages, context.tokens(), context.budget(), ingest);
        return context.withDetails(Map.of("trace", trace));
    }

    private Answer run(Query query, Consumer<String> onToken) {
        List<Trace.Stage> stages = new ArrayList<>();
        Context context = selectInto(query, pipeline.budget, stages);
        Query embedded = query;
        Answer answer = stage(stages, "generate", sink -> onToken == null
                ? pipeline.generator.generate(embedded, context, sink)
                : pipeline.generator.stream(embedded, context, onToken, sink), a -> List.of());
        Trace trace = new Trace(pipeline.describe(), stages, context.tokens(), context.budget(), ingest);
        return answer.withTrace(trace);
    }

    private Context selectInto(Query query, int budget, List<Trace.Stage> stages) {
        ensureOpen();
        Query embedded = stage(stages, "embed-query", sink -> {
            float[] v = pipeline.embedder.embedQuery(query.text());
            Vectors.check(String.valueOf(pipeline.embedder.describe().get("name")), pipeline.embedder.dimension(), 1, List.of(v));
            Query q = query.withEmbedding(v);
            return pipeline.queryTransformer == null ? q : pipeline.queryTransformer.transform(q, pipeline.embedder, sink);
        }, q -> List.of());
        List<ScoredChunk> candidates = stage(stages, "retrieve",
                sink -> pipeline.retriever.retrieve(embedded, index, pipeline.candidates, sink), c -> c);
        for (Reranker r : pipeline.rerankers) {
            List<ScoredChunk> in = candidates;
            candidates = stage(stages, "rerank:" + r.describe().get("name"), sink -> r.rerank(embedded, in, sink), c -> c);
        }
        List<ScoredChunk> pool = candidates;
        return stage(stages, "select", sink -> pipeline.selector.select(embedded, pool, budget, sink),
                Context::chunks);
    }

    private interface Step<T> {
        T run(TraceSink sink);
    }

    private <T> T stage(List<Trace.Stage> stages, String name, Step<T> step,
                        java.util.function.Function<T, List<ScoredChunk>> outputs) {
        if (Thread.currentThread().isInterrupted()) {
            throw new RagException("interrupted before stage " + name);
        }
        ensureOpen();
        Map<String, Object> details = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        T result = step.run(details::put);
        double millis = (System.nanoTime() - t0) / 1e6;
        List<Trace.Candidate> out = outputs.apply(result).stream().map(Trace.Candidate::of).toList();
        stages.add(new Trace.Stage(name, millis, out, details));
        return result;
    }

    private void ensureOpen() {
        if (index.isClosed()) {
            throw new IndexException("this instance is closed: open a new one to ask more questions");
        }
    }

    /**
     * The documents this instance answers from.
     *
     * @return the documents, unmodifiable
     */
    public List<Document> documents() {
        return documents;
    }

    /**
     * How many chunks were indexed.
     *
     * @return the number of chunks
     */
    public int chunkCount() {
        return chunkCount;
    }

    /**
     * Milliseconds spent loading (if this instance read files), chunking, embedding and indexing.
     *
     * @return the ingest time, in milliseconds
     */
    public double ingestMillis() {
        return ingest.stream().mapToDouble(Trace.Stage::millis).sum();
    }

    /**
     * The ingest stages ({@code load}, {@code chunk}, {@code embed}, {@code index}), as every answer's trace carries
     * them.
     *
     * @return the stages, in order
     */
    public List<Trace.Stage> ingestStages() {
        return ingest;
    }

    /**
     * The index's name.
     *
     * @return the name of the index holding this instance's chunks
     */
    public String indexName() {
        return index.name();
    }

    /**
     * The index's kind ({@code memory}, {@code elasticsearch}).
     *
     * @return {@code memory}, {@code elasticsearch} or another index's kind
     */
    public String indexKind() {
        return index.kind();
    }

    /**
     * Whether the instance (and so its index) is closed.
     *
     * @return {@code true} once closed
     */
    public boolean isClosed() {
        return index.isClosed();
    }

    /**
     * The index, for evaluation and advanced use; do not close it yourself.
     *
     * @return the index, owned by this instance
     */
    public EphemeralIndex index() {
        return index;
    }

    /** Deletes the index; idempotent. */
    @Override
    public void close() {
        index.close();
    }

}
