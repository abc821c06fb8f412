package io.github.astrorag.springai;

import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.postretrieval.document.DocumentPostProcessor;

/**
 * A Spring AI {@link DocumentPostProcessor}, for the {@code RetrievalAugmentationAdvisor}, that fits the documents
 * your own {@code DocumentRetriever} found (a {@code VectorStoreDocumentRetriever} over any {@code VectorStore}:
 * pgvector, Qdrant, Elasticsearch, Redis, {@code SimpleVectorStore}, ...) to a token budget, chosen by this library's
 * selector ({@link RagPipeline#select(io.github.astrorag.core.model.Query, List, int)}) instead of by rank. Add it
 * with {@code RetrievalAugmentationAdvisor.builder().documentPostProcessors(...)}.
 *
 * <p>What it does with the documents (after the advisor's joiner, every expanded query's): documents of the same id
 * are one (the first kept); the pipeline ranks them as {@link RagPipeline#select} says (its retriever over exactly
 * them: the default preset's BM25 + cosine; a dense pipeline by their scores when each has one, otherwise by cosine
 * with the question); then the pipeline's rerankers and selector choose within the budget, for the original query's
 * text. A document's metadata {@code source} and {@code title}, where the store keeps them, are its document and
 * title for the selector (the title-mention graph reads them).
 * Each chosen document keeps its id, its score and its metadata, which gains the chunk provenance under the
 * {@code astrorag.} keys of {@link Passages}; its text may be cut to fit the budget (then {@code astrorag.start} and
 * {@code astrorag.end} say which part was kept). Read a reply's {@code [n]} back with
 * {@link AstroRagDocumentRetriever#citations}; with a {@link PassageQueryAugmenter} the model sees them numbered.
 *
 * <p>The documents' vectors are not carried by Spring AI's documents: the pipeline embeds them through its
 * embedding cache (its own in-memory one when it was given none), so a document seen in an earlier request is not
 * embedded again. The filter belongs to the store's side (the retriever's {@code filterExpression}, or the request's
 * {@code VectorStoreDocumentRetriever.FILTER_EXPRESSION}); this post-processor selects among what came back.
 * <b>Per-request budget:</b> the query context's {@link AstroRagDocumentRetriever#BUDGET} (a whole number of tokens,
 * or its text), as for {@link AstroRagDocumentRetriever}; absent, the pipeline's budget. The pipeline stays the
 * caller's to close. Spring AI 1.1 and 2.0. Thread-safe.
 */
public final class AstroRagDocumentPostProcessor implements DocumentPostProcessor {

    private final RagPipeline pipeline;

    /**
     * A post-processor selecting with {@code pipeline}.
     *
     * @param pipeline the pipeline whose embedder, rerankers and selector choose; the caller closes it
     */
    public AstroRagDocumentPostProcessor(RagPipeline pipeline) {
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
    }

    /**
     * The budgeted selection among {@code documents}, in the selector's order. Cost: one question embedding, the
     * embeddings of the documents the cache lacks, and the pipeline's rerankers and selector over them.
     *
     * @param query     Spring AI's query: its text and its context's budget
     * @param documents the retrieved documents
     * @return the chosen documents; empty when none was given
     * @throws IllegalArgumentException for a budget that is not a whole number of at least 1
     * @throws io.github.astrorag.core.RagException when embedding fails or the pipeline is closed
     */
    @Override
    public List<Document> process(Query query, List<Document> documents) {
        Objects.requireNonNull(query, "query");
        Integer budget = AstroRagDocumentRetriever.budget(query.context().get(AstroRagDocumentRetriever.BUDGET));
        Map<String, Document> byId = new LinkedHashMap<>();
        for (Document d : documents) {
            if (d.getText() != null && !d.getText().isBlank()) {
                byId.putIfAbsent(d.getId(), d);
            }
        }
        if (byId.isEmpty()) {
            return List.of();
        }
        List<Document> given = new ArrayList<>(byId.values());
        List<Passage> passages = new ArrayList<>(given.size());
        for (int i = 0; i < given.size(); i++) {
            Document d = given.get(i);
            passages.add(new Passage("document-" + i, d.getText(), strings(d.getMetadata()), d.getScore(), null));
        }
        Selection selection = pipeline.select(io.github.astrorag.core.model.Query.of(query.text()), passages,
                budget == null ? pipeline.budget() : budget);
        List<Document> out = new ArrayList<>(selection.picked().size());
        for (int i = 0; i < selection.picked().size(); i++) {
            Selection.Picked p = selection.picked().get(i);
            ScoredChunk chunk = selection.context().chunks().get(i);
            Document original = given.get(p.index());
            Map<String, Object> metadata = new LinkedHashMap<>(original.getMetadata());
            metadata.putAll(Passages.fields(chunk.chunk()));
            Document.Builder b = Document.builder().id(original.getId()).text(p.text()).metadata(metadata);
            if (original.getScore() != null) {
                b.score(original.getScore());
            }
            out.add(b.build());
        }
        return out;
    }

    /** A document's metadata as text, for the metadata filter and the citations. */
    private static Map<String, String> strings(Map<String, Object> metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.forEach((k, v) -> {
            if (v != null && !k.isBlank()) {
                out.put(k, String.valueOf(v));
            }
        });
        return out;
    }
}
