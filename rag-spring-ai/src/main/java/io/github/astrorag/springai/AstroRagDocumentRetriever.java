package io.github.astrorag.springai;

import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.pipeline.InstanceOwner;
import io.github.astrorag.core.pipeline.RagInstance;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.filter.Filter;

/**
 * A Spring AI {@link DocumentRetriever}, for the {@code RetrievalAugmentationAdvisor}, whose documents are this
 * library's budgeted context: for each query, the chunks its pipeline selects ({@link RagInstance#selectContext}:
 * retrieval, reranking, selection within the token budget), in the pipeline's order.
 *
 * <p>Each {@link Document} has the chunk's id as its id, the chunk's text (the last chunk may be cut to fit the
 * budget), the chunk's score from the last stage as its score, and as metadata the chunk's metadata (its
 * document's, e.g. {@code source}, {@code page}) plus the chunk's provenance under the {@code astrorag.} keys
 * of {@link Passages}. Put a {@link PassageQueryAugmenter} in the same advisor to show the model the
 * documents as numbered passages, and read the reply's {@code [n]} back with {@link #citations}.
 *
 * <p><b>Per-request settings</b>, from the query's context (which the advisor fills from the
 * {@code ChatClient} request's, e.g. {@code .advisors(a -> a.param(key, value))}):
 * <ul>
 *   <li>{@link VectorStoreDocumentRetriever#FILTER_EXPRESSION}, as Spring AI's own retriever reads it: a
 *       {@code Filter.Expression} or its text ({@code "topic == 'comets'"}); only the chunks it matches may be
 *       retrieved. See {@link SpringAiFilters} for the operators translated; the others are refused with an
 *       {@link IllegalArgumentException}.</li>
 *   <li>{@link #BUDGET}: the context's size in tokens for this request (a number, or its text), instead of the
 *       pipeline's budget; the equivalent of the vector store retriever's {@code topK}.</li>
 * </ul>
 * Without them, every chunk may be retrieved and the pipeline's budget applies.
 *
 * <p><b>Lifecycle:</b> the retriever holds one open {@link RagInstance} for as long as it lives (an
 * application-lifetime component, a Spring bean say, answering many queries from several threads at once) and
 * {@linkplain #close() closes} it, which deletes the instance's index (a Spring bean's {@code close()} is called
 * when its context closes). The pipeline the instance came from stays the caller's: close it after the
 * retriever. After {@code close()}, {@link #retrieve} throws {@link io.github.astrorag.core.IndexException}
 * (see {@link InstanceOwner}). Thread-safe.
 */
public final class AstroRagDocumentRetriever extends InstanceOwner implements DocumentRetriever {

    /**
     * The query-context key of a request's context budget in tokens: a positive whole number, as a
     * {@link Number} or its text. Absent: the pipeline's budget.
     */
    public static final String BUDGET = "astrorag_budget";

    /**
     * A retriever over {@code instance}, which it now owns and closes.
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    public AstroRagDocumentRetriever(RagInstance instance) {
        super(instance);
    }

    /**
     * The budgeted context for {@code query}'s text, one document per selected chunk, in context order,
     * restricted by the context's {@link VectorStoreDocumentRetriever#FILTER_EXPRESSION} and within its
     * {@link #BUDGET}. Cost: one query embedding plus the pipeline's retrieval and selection.
     *
     * @param query Spring AI's query: its text and its context's filter expression and budget
     * @return the documents; empty when nothing was selected (or nothing matches the filter)
     * @throws IllegalArgumentException for a filter expression with no equivalent (see {@link SpringAiFilters})
     *                                  or a budget that is not a whole number of at least 1
     * @throws io.github.astrorag.core.RagException when a stage fails or the retriever is closed
     */
    @Override
    public List<Document> retrieve(org.springframework.ai.rag.Query query) {
        io.github.astrorag.core.model.Query q = io.github.astrorag.core.model.Query.of(query.text())
                .withFilter(filter(query.context().get(VectorStoreDocumentRetriever.FILTER_EXPRESSION)));
        return select(q, budget(query.context().get(BUDGET))).stream().map(Documents::of).toList();
    }

    private static MetadataFilter filter(@Nullable Object expression) {
        if (expression == null || expression instanceof Filter.Expression) {
            return SpringAiFilters.translate((Filter.Expression) expression);
        }
        return SpringAiFilters.translate(expression.toString());
    }

    static @Nullable Integer budget(@Nullable Object budget) {
        if (budget == null) {
            return null;
        }
        try {
            int tokens = budget instanceof Integer || budget instanceof Long || budget instanceof Short
                    ? Math.toIntExact(((Number) budget).longValue()) : Integer.parseInt(budget.toString().strip());
            if (tokens >= 1) {
                return tokens;
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // reported below
        }
        throw new IllegalArgumentException("the query context's " + BUDGET + " must be a whole number of tokens of at least 1, was "
                + budget.getClass().getSimpleName() + " " + budget);
    }

    /**
     * The citations of a model's reply to the documents this retriever gave, numbered as
     * {@link PassageQueryAugmenter} numbered them: {@code [n]} names the {@code n}-th of {@code documents}
     * (numbers naming none are dropped), and each citation quotes that chunk verbatim and carries its id,
     * source, page and metadata. After a {@code ChatClient} call, the advisor's documents are in the response
     * context under {@code RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT}.
     *
     * @param reply     the model's reply
     * @param documents the documents the prompt held, in the prompt's order, as this retriever made them
     * @return the citations, in order of first appearance
     * @throws IllegalArgumentException for a document this retriever did not make
     */
    public static List<Citation> citations(String reply, List<Document> documents) {
        return Passages.citations(reply, Documents.chunks(documents));
    }
}
