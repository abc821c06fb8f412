package io.github.astrorag.langchain4j;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.DocumentParser;
import io.github.astrorag.core.load.ReaderDocuments;
import io.github.astrorag.core.pipeline.RagInstance;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * LangChain4j's documents into an open {@link RagInstance}: what a {@link DocumentParser} parsed (its Apache Tika,
 * PDFBox or POI parser) or a {@code DocumentLoader} loaded ({@code FileSystemDocumentLoader}, {@code UrlDocumentLoader},
 * ...) is {@linkplain #ingest(List) ingested} as LangChain4j's {@code EmbeddingStoreIngestor} ingests into an
 * embedding store, after which every ask of the instance can retrieve and cite it ({@link RagInstance#addDocuments}:
 * chunked and embedded by the instance's pipeline, an upsert by id).
 *
 * <p>Each LangChain4j document's text and metadata become a library document as {@link ReaderDocuments} says: its
 * source (and id, and what citations show) from the metadata's {@code file_name} (the document loaders' key) or
 * {@code url}, else {@code document-} and the first 12 hex digits of its text's SHA-256 (so that ingesting the same
 * text again replaces it); its title from {@code title} or Tika's {@code dc:title} (a parser built with
 * {@code includeMetadata}); the other metadata kept as text, so that a query's filter can use it. Documents without
 * text are left out with one warning.
 *
 * <p>Ingest into an instance opened empty ({@code pipeline.openEmpty()}), or opened over documents already at hand
 * (such as {@code pipeline.openDocuments(AstroRagDocumentIngestor.documents(parsed))}). The ingestor
 * does not own the instance: its opener closes it (or the {@link AstroRagContentRetriever} that serves it).
 * Thread-safe, as {@link RagInstance#addDocuments} is. LangChain4j 1.0 onwards.
 */
public final class AstroRagDocumentIngestor {

    private final RagInstance instance;

    /**
     * An ingestor into {@code instance}.
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    public AstroRagDocumentIngestor(RagInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
        if (instance.isClosed()) {
            throw new IllegalArgumentException("the instance is closed");
        }
    }

    /**
     * Adds {@code documents} to the instance in one step. Cost: chunking and embedding their text (see
     * {@link RagInstance#addDocuments}).
     *
     * @param documents LangChain4j documents
     * @return the library documents added, with the ids {@link RagInstance#remove} takes; empty (and nothing added)
     *         if none has text
     * @throws NullPointerException if {@code documents} or one of them is null
     * @throws io.github.astrorag.core.RagException if embedding or the index fails, or the instance is closed
     */
    public List<io.github.astrorag.core.model.Document> ingest(List<Document> documents) {
        List<io.github.astrorag.core.model.Document> converted = documents(documents);
        return converted.isEmpty() ? List.of() : instance.addDocuments(converted);
    }

    /**
     * As {@link #ingest(List)}.
     *
     * @param documents LangChain4j documents
     * @return the library documents added
     */
    public List<io.github.astrorag.core.model.Document> ingest(Document... documents) {
        return ingest(List.of(documents));
    }

    /**
     * LangChain4j documents as library documents (see the class comment), e.g. to open an instance over the first
     * ones. Cost: O(their text and metadata).
     *
     * @param documents LangChain4j documents
     * @return the library documents, in order; empty if none has text
     * @throws NullPointerException if {@code documents} or one of them is null
     */
    public static List<io.github.astrorag.core.model.Document> documents(List<Document> documents) {
        Objects.requireNonNull(documents, "documents");
        List<ReaderDocuments.Piece> pieces = new ArrayList<>(documents.size());
        for (Document d : documents) {
            Objects.requireNonNull(d, "document");
            String text = d.text();
            pieces.add(new ReaderDocuments.Piece(text, d.metadata().toMap(), "document-" + digest(text == null ? "" : text)));
        }
        return ReaderDocuments.assemble(pieces);
    }

    /**
     * The instance ingested into.
     *
     * @return the instance
     */
    public RagInstance instance() {
        return instance;
    }

    /** The first 12 hex digits of the SHA-256 of {@code text}'s UTF-8. */
    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }
}
