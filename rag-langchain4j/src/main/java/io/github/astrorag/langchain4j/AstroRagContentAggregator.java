package io.github.astrorag.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.aggregator.ContentAggregator;
import dev.langchain4j.rag.query.Query;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A LangChain4j {@link ContentAggregator} that fits the contents your own retrievers found (any
 * {@code ContentRetriever}: an {@code EmbeddingStoreContentRetriever} over pgvector, Qdrant, Elasticsearch, an
 * in-memory store, a web search, several of them through a {@code QueryRouter}, with or without a
 * {@code QueryTransformer}) to a token budget, chosen by this library's selector
 * ({@link RagPipeline#select(io.github.astrorag.core.model.Query, List, int)}) instead of by rank. Put it in
 * {@code DefaultRetrievalAugmentor.builder().contentAggregator(...)} in place of the default one.
 *
 * <p>What it does with {@code aggregate}'s contents (every query's, every retriever's): contents of the same text
 * segment (text and metadata) are one passage (the first kept); the same text under other metadata (another
 * document's) is another passage. They are ranked by their {@link ContentMetadata#SCORE} when they come from one
 * query and one retriever and each has a score, otherwise by reciprocal-rank fusion ({@code 1 / (60 + rank)} summed
 * over the lists holding the content, as LangChain4j's default aggregator does): the order a dense pipeline keeps; a
 * pipeline with a lexical or fused retriever (the default preset's BM25 + cosine) ranks them again over exactly them
 * ({@link RagPipeline#select}). A segment's metadata {@code source} and {@code title}, where the store keeps them, are
 * its document and title for the selector (the title-mention graph reads them). Then the pipeline's rerankers and
 * selector choose within the budget, for the user's message (when it is one text; else the first query's text).
 * Each chosen content keeps its text segment's metadata and its content metadata, and its segment's metadata gains
 * the chunk provenance under the {@code astrorag.} keys of {@link Passages} (the text may be cut to fit the budget:
 * then {@code astrorag.start} and {@code astrorag.end} say which part of the content's text was kept). Read a reply's
 * {@code [n]} back with {@link AstroRagContentRetriever#citations}, as for that retriever; with a
 * {@link PassageContentInjector} the model sees the contents numbered.
 *
 * <p>The contents carry no vectors: the pipeline embeds them through its embedding cache (its own in-memory one when
 * it was given none), so a content seen in an earlier request is not embedded again. The filter belongs to the
 * store's side (the retriever's {@code filter} or {@code dynamicFilter}); this aggregator selects among what came
 * back. <b>Per-request budget:</b> {@link Builder#dynamicBudget}, a function of LangChain4j's query (its metadata
 * carries the chat memory id, ...), as {@link AstroRagContentRetriever} has. The pipeline stays the caller's to
 * close. LangChain4j 1.0 onwards. Thread-safe.
 */
public final class AstroRagContentAggregator implements ContentAggregator {

    /** The k of reciprocal-rank fusion, as LangChain4j's {@code ReciprocalRankFuser}. */
    static final int RRF_K = 60;

    private final RagPipeline pipeline;
    private final Function<Query, @Nullable Integer> budget;

    private AstroRagContentAggregator(RagPipeline pipeline, Function<Query, @Nullable Integer> budget) {
        this.pipeline = pipeline;
        this.budget = budget;
    }

    /**
     * An aggregator selecting with {@code pipeline} within its budget (as {@code builder(pipeline).build()}).
     *
     * @param pipeline the pipeline whose embedder, rerankers and selector choose; the caller closes it
     * @return the aggregator
     */
    public static AstroRagContentAggregator of(RagPipeline pipeline) {
        return builder(pipeline).build();
    }

    /**
     * A builder of an aggregator selecting with {@code pipeline}.
     *
     * @param pipeline the pipeline whose embedder, rerankers and selector choose; the caller closes it
     * @return the builder
     */
    public static Builder builder(RagPipeline pipeline) {
        return new Builder(Objects.requireNonNull(pipeline, "pipeline"));
    }

    /**
     * The budgeted selection among every query's contents, in the selector's order. Cost: one question embedding,
     * the embeddings of the contents the cache lacks, and the pipeline's rerankers and selector over the distinct
     * contents.
     *
     * @param queryToContents each query's lists of contents, one list per retriever, as
     *                        {@code DefaultRetrievalAugmentor} gives them
     * @return the chosen contents; empty when no content was given
     * @throws IllegalArgumentException if the budget function gives a budget below 1
     * @throws io.github.astrorag.core.RagException when embedding fails or the pipeline is closed
     */
    @Override
    public List<Content> aggregate(Map<Query, Collection<List<Content>>> queryToContents) {
        Objects.requireNonNull(queryToContents, "queryToContents");
        if (queryToContents.isEmpty()) {
            return List.of();
        }
        Query first = queryToContents.keySet().iterator().next();
        List<List<Content>> lists = new ArrayList<>();
        queryToContents.values().forEach(lists::addAll);
        boolean single = lists.size() == 1;
        // one passage per text segment (its text and its metadata): the same text from two documents is two
        Map<TextSegment, Content> bySegment = new LinkedHashMap<>();
        Map<TextSegment, Double> fused = new LinkedHashMap<>();
        for (List<Content> list : lists) {
            for (int rank = 0; rank < list.size(); rank++) {
                Content c = list.get(rank);
                String text = c.textSegment().text();
                if (text == null || text.isBlank()) {
                    continue;
                }
                bySegment.putIfAbsent(c.textSegment(), c);
                fused.merge(c.textSegment(), 1.0 / (RRF_K + rank + 1), Double::sum);
            }
        }
        if (bySegment.isEmpty()) {
            return List.of();
        }
        List<Content> contents = new ArrayList<>(bySegment.values());
        boolean scored = single && contents.stream().allMatch(c -> c.metadata().get(ContentMetadata.SCORE) instanceof Number);
        List<Passage> passages = new ArrayList<>(contents.size());
        for (int i = 0; i < contents.size(); i++) {
            Content c = contents.get(i);
            double score = scored ? ((Number) c.metadata().get(ContentMetadata.SCORE)).doubleValue()
                    : fused.get(c.textSegment());
            passages.add(new Passage("content-" + i, c.textSegment().text(), strings(c.textSegment().metadata()), score, null));
        }
        Integer b = budget.apply(first);
        Selection selection = pipeline.select(io.github.astrorag.core.model.Query.of(question(first)), passages,
                b == null ? pipeline.budget() : b);
        List<Content> out = new ArrayList<>(selection.picked().size());
        for (int i = 0; i < selection.picked().size(); i++) {
            Selection.Picked p = selection.picked().get(i);
            ScoredChunk chunk = selection.context().chunks().get(i);
            Content original = contents.get(p.index());
            Map<String, Object> fields = new LinkedHashMap<>(original.textSegment().metadata().toMap());
            fields.putAll(Passages.fields(chunk.chunk()));
            out.add(Content.from(TextSegment.from(p.text(), Metadata.from(fields)), original.metadata()));
        }
        return out;
    }

    /** The user's message when it is one text, else the query's text. */
    private static String question(Query query) {
        dev.langchain4j.rag.query.Metadata m = query.metadata();
        ChatMessage message = m == null ? null : m.chatMessage();
        if (message instanceof UserMessage user && user.hasSingleText() && !user.singleText().isBlank()) {
            return user.singleText();
        }
        return query.text();
    }

    /** A text segment's metadata as text, for the metadata filter and the citations. */
    private static Map<String, String> strings(Metadata metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.toMap().forEach((k, v) -> {
            if (v != null && !k.isBlank()) {
                out.put(k, String.valueOf(v));
            }
        });
        return out;
    }

    /**
     * Builds an {@link AstroRagContentAggregator}; the budget may be given once (a fixed value and a function count
     * as the same setting). Not thread-safe; the aggregator it builds is.
     */
    public static final class Builder {

        private final RagPipeline pipeline;
        private @Nullable Function<Query, @Nullable Integer> budget;

        private Builder(RagPipeline pipeline) {
            this.pipeline = pipeline;
        }

        /**
         * Every request's context within {@code budget} tokens instead of the pipeline's budget.
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
         * Each request's budget in tokens from its (first) query (a {@code null} result: the pipeline's budget); a
         * result below 1 fails that request with {@link IllegalArgumentException}. Called once per request; it must
         * be thread-safe.
         *
         * @param budget the request's budget, from the query's text and metadata
         * @return this builder
         * @throws IllegalStateException if a budget was already given
         */
        public Builder dynamicBudget(Function<Query, @Nullable Integer> budget) {
            Objects.requireNonNull(budget, "budget");
            Arguments.checkState(this.budget == null, "the budget was already given");
            this.budget = budget;
            return this;
        }

        /**
         * The aggregator.
         *
         * @return the aggregator
         */
        public AstroRagContentAggregator build() {
            return new AstroRagContentAggregator(pipeline, budget == null ? q -> null : budget);
        }
    }
}
