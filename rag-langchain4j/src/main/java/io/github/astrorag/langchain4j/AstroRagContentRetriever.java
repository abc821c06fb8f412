package io.github.astrorag.langchain4j;

import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.InstanceOwner;
import io.github.astrorag.core.pipeline.RagInstance;
import java.util.List;

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
 * <p><b>Lifecycle:</b> the retriever holds one open {@link RagInstance} for as long as it lives (an
 * application-lifetime component answering many queries, from several threads at once) and
 * {@linkplain #close() closes} it, which deletes the instance's index. The pipeline the instance came from
 * stays the caller's: close it after the retriever. After {@code close()}, {@link #retrieve} throws
 * {@link io.github.astrorag.core.IndexException} (see {@link InstanceOwner}). Thread-safe.
 */
public final class AstroRagContentRetriever extends InstanceOwner implements ContentRetriever {

    /**
     * A retriever over {@code instance}, which it now owns and closes.
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    public AstroRagContentRetriever(RagInstance instance) {
        super(instance);
    }

    /**
     * The budgeted context for {@code query}'s text, one content per selected chunk, in context order. Cost:
     * one query embedding plus the pipeline's retrieval and selection.
     *
     * @param query LangChain4j's query; only its text is used
     * @return the contents; empty when nothing was selected
     * @throws io.github.astrorag.core.RagException when a stage fails or the retriever is closed
     */
    @Override
    public List<Content> retrieve(dev.langchain4j.rag.query.Query query) {
        return select(query.text()).stream().map(Contents::of).toList();
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
}
