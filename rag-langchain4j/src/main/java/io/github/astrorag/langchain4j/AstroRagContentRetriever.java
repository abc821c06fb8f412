package io.github.astrorag.langchain4j;

import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.pipeline.InstanceOwner;
import io.github.astrorag.core.pipeline.RagInstance;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A LangChain4j {@link ContentRetriever} whose contents are this library's budgeted context: for each query,
 * the chunks its pipeline selects ({@link RagInstance#selectContext}: retrieval, reranking, selection within
 * the token budget), in the pipeline's order.
 *
 * <p>Each {@link Content} carries a chunk's text (the last chunk may be cut to fit the budget) in a
 * {@code TextSegment} whose metadata is the chunk's metadata (its document's, e.g. {@code source},
 * {@code page}) plus the chunk's provenance under the {@code astrorag.} keys of {@link Passages}; its
 * {@link ContentMetadata#SCORE} is the chunk's score from the last stage and its
 * {@link ContentMetadata#EMBEDDING_ID} the chunk's id. Put a {@link PassageContentInjector} in the same
 * {@code RetrievalAugmentor} to show the model the contents as numbered passages, and read the reply's
 * {@code [n]} back with {@link #citations}.
 *
 * <p><b>Per-request settings:</b> as LangChain4j's own {@code EmbeddingStoreContentRetriever} takes a
 * {@code dynamicFilter} and a {@code dynamicMaxResults}, the {@linkplain #builder(RagInstance) builder} takes
 * a {@link Builder#dynamicFilter} (which chunks may be retrieved, by their metadata; LangChain4j's own
 * {@code Filter} via {@link LangChain4jFilters#translate}) and a {@link Builder#dynamicBudget} (the context's
 * size in tokens), both functions of LangChain4j's query, whose {@code metadata()} carries the user's message,
 * the chat memory id and the chat memory (and, in later 1.x releases, the invocation parameters): a
 * filter per user or tenant, a budget per question. Without them, every chunk may be retrieved and the
 * pipeline's budget applies. LangChain4j 1.0 onwards.
 *
 * <p><b>Lifecycle:</b> the retriever holds one open {@link RagInstance} for as long as it lives (an
 * application-lifetime component answering many queries, from several threads at once) and
 * {@linkplain #close() closes} it, which deletes the instance's index. The pipeline the instance came from
 * stays the caller's: close it after the retriever. After {@code close()}, {@link #retrieve} throws
 * {@link io.github.astrorag.core.IndexException} (see {@link InstanceOwner}). Thread-safe.
 */
public final class AstroRagContentRetriever extends InstanceOwner implements ContentRetriever {

    private final Function<dev.langchain4j.rag.query.Query, @Nullable MetadataFilter> filter;
    private final Function<dev.langchain4j.rag.query.Query, @Nullable Integer> budget;

    /**
     * A retriever over {@code instance}, which it now owns and closes, with no filter and the pipeline's
     * budget (as {@code builder(instance).build()}).
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    public AstroRagContentRetriever(RagInstance instance) {
        this(instance, q -> MetadataFilter.NONE, q -> null);
    }

    private AstroRagContentRetriever(RagInstance instance, Function<dev.langchain4j.rag.query.Query, @Nullable MetadataFilter> filter,
            Function<dev.langchain4j.rag.query.Query, @Nullable Integer> budget) {
        super(instance);
        this.filter = filter;
        this.budget = budget;
    }

    /**
     * A builder of a retriever over {@code instance}, which the retriever will own and close.
     *
     * @param instance an open instance
     * @return the builder
     */
    public static Builder builder(RagInstance instance) {
        return new Builder(Objects.requireNonNull(instance, "instance"));
    }

    /**
     * The budgeted context for {@code query}'s text, one content per selected chunk, in context order,
     * restricted to the chunks the query's filter matches and within the query's budget (see
     * {@link Builder}). Cost: one query embedding plus the pipeline's retrieval and selection.
     *
     * @param query LangChain4j's query: its text, and whatever the builder's functions read of it
     * @return the contents; empty when nothing was selected (or nothing matches the filter)
     * @throws IllegalArgumentException if the budget function gives a budget below 1
     * @throws io.github.astrorag.core.RagException when a stage fails or the retriever is closed
     */
    @Override
    public List<Content> retrieve(dev.langchain4j.rag.query.Query query) {
        MetadataFilter f = filter.apply(query);
        io.github.astrorag.core.model.Query q = io.github.astrorag.core.model.Query.of(query.text())
                .withFilter(f == null ? MetadataFilter.NONE : f);
        return select(q, budget.apply(query)).stream().map(Contents::of).toList();
    }

    /**
     * The citations of a model's reply to the contents this retriever gave, numbered as
     * {@link PassageContentInjector} numbered them: {@code [n]} names the {@code n}-th of {@code sources}
     * (numbers naming none are dropped), and each citation quotes that chunk verbatim and carries its id,
     * source, page and metadata. With an {@code AiServices} assistant returning {@code Result<String>}, pass
     * {@code result.content()} and {@code result.sources()}.
     *
     * @param reply   the model's reply
     * @param sources the contents the prompt held, in the prompt's order, as this retriever made them
     * @return the citations, in order of first appearance
     * @throws IllegalArgumentException for a content this retriever did not make
     */
    public static List<Citation> citations(String reply, List<Content> sources) {
        return Passages.citations(reply, Contents.chunks(sources));
    }

    /**
     * Builds an {@link AstroRagContentRetriever}. Each setting may be given once (a second time throws
     * {@link IllegalStateException}); a fixed value and a function for the same setting count as the same
     * setting. Not thread-safe; the retriever it builds is.
     */
    public static final class Builder {

        private final RagInstance instance;
        private @Nullable Function<dev.langchain4j.rag.query.Query, @Nullable MetadataFilter> filter;
        private @Nullable Function<dev.langchain4j.rag.query.Query, @Nullable Integer> budget;

        private Builder(RagInstance instance) {
            this.instance = instance;
        }

        /**
         * Every query restricted to the chunks {@code filter} matches. Default: {@link MetadataFilter#NONE}.
         *
         * @param filter the metadata filter
         * @return this builder
         * @throws IllegalStateException if a filter was already given
         */
        public Builder filter(MetadataFilter filter) {
            Objects.requireNonNull(filter, "filter");
            return dynamicFilter(q -> filter);
        }

        /**
         * Each query restricted to the chunks the filter {@code filter} gives for it matches (a {@code null}
         * result: no filter), as {@code EmbeddingStoreContentRetriever.dynamicFilter} does. For LangChain4j's own
         * {@code Filter}, wrap it in {@link LangChain4jFilters#translate}. Called once per query, on the thread
         * that retrieves; it must be thread-safe.
         *
         * @param filter the query's filter, from its text and metadata
         * @return this builder
         * @throws IllegalStateException if a filter was already given
         */
        public Builder dynamicFilter(Function<dev.langchain4j.rag.query.Query, @Nullable MetadataFilter> filter) {
            Objects.requireNonNull(filter, "filter");
            Arguments.checkState(this.filter == null, "the filter was already given");
            this.filter = filter;
            return this;
        }

        /**
         * Every query's context within {@code budget} tokens instead of the pipeline's budget.
         *
         * @param budget the context budget in tokens, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code budget} is below 1
         * @throws IllegalStateException if a budget was already given
         */
        public Builder budget(int budget) {
            Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
            return dynamicBudget(q -> budget);
        }

        /**
         * Each query's context within the budget {@code budget} gives for it, in tokens (a {@code null} result:
         * the pipeline's budget), as {@code EmbeddingStoreContentRetriever.dynamicMaxResults} sets the number of
         * results. A result below 1 fails that query with {@link IllegalArgumentException}. Called once per
         * query; it must be thread-safe.
         *
         * @param budget the query's budget, from its text and metadata
         * @return this builder
         * @throws IllegalStateException if a budget was already given
         */
        public Builder dynamicBudget(Function<dev.langchain4j.rag.query.Query, @Nullable Integer> budget) {
            Objects.requireNonNull(budget, "budget");
            Arguments.checkState(this.budget == null, "the budget was already given");
            this.budget = budget;
            return this;
        }

        /**
         * The retriever, which owns the instance.
         *
         * @return the retriever
         * @throws IllegalArgumentException if the instance is already closed
         */
        public AstroRagContentRetriever build() {
            return new AstroRagContentRetriever(instance, filter == null ? q -> MetadataFilter.NONE : filter,
                    budget == null ? q -> null : budget);
        }
    }
}
