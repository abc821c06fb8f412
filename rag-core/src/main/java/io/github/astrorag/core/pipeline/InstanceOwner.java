package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What an application-lifetime component built on one {@link RagInstance} shares (the retrievers that hand this
 * library's context to LangChain4j and Spring AI): it holds the instance open for as long as it lives,
 * answers {@link #select} from several threads at once, and {@linkplain #close() closes} the instance, which
 * deletes its index. The pipeline the instance came from stays the caller's: close it after this. After
 * {@code close()}, {@link #select} throws {@link io.github.astrorag.core.IndexException}. Thread-safe.
 */
public abstract class InstanceOwner implements AutoCloseable {

    private final RagInstance instance;

    /**
     * An owner of {@code instance}, which it closes.
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    protected InstanceOwner(RagInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
        if (instance.isClosed()) {
            throw new IllegalArgumentException("the instance is closed");
        }
    }

    /**
     * The chunks of the context the pipeline selects for {@code question} ({@link RagInstance#selectContext}:
     * retrieval, reranking, selection within the token budget), in context order. Cost: one query embedding
     * plus the pipeline's retrieval and selection.
     *
     * @param question the question's text
     * @return the chunks; empty when nothing was selected
     * @throws io.github.astrorag.core.RagException when a stage fails or this is closed
     */
    protected final List<ScoredChunk> select(String question) {
        return instance.selectContext(Query.of(question)).chunks();
    }

    /**
     * The chunks of the context the pipeline selects for {@code query} (its text, options and
     * {@linkplain Query#filter() metadata filter}) within {@code budget} tokens, or the pipeline's budget when
     * {@code budget} is {@code null} ({@link RagInstance#selectContext(Query, int)}), in context order: what an
     * adapter that takes a framework's per-request filter and size needs. Cost as {@link #select(String)}.
     *
     * @param query  the query
     * @param budget the context budget in tokens, at least 1, or {@code null} for the pipeline's
     * @return the chunks; empty when nothing was selected
     * @throws IllegalArgumentException if {@code budget} is below 1
     * @throws io.github.astrorag.core.RagException when a stage fails or this is closed
     */
    protected final List<ScoredChunk> select(Query query, @Nullable Integer budget) {
        return (budget == null ? instance.selectContext(query) : instance.selectContext(query, budget)).chunks();
    }

    /**
     * The instance (do not close it yourself).
     *
     * @return the instance
     */
    public final RagInstance instance() {
        return instance;
    }

    /** Closes the instance, deleting its index; idempotent. The pipeline stays open. */
    @Override
    public void close() {
        instance.close();
    }
}
