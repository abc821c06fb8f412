package io.github.astrorag.springai;

import io.github.astrorag.core.load.ReaderDocuments;
import io.github.astrorag.core.pipeline.RagInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.document.Document;
import org.springframework.ai.document.DocumentReader;
import org.springframework.ai.document.DocumentWriter;

/**
 * A Spring AI {@link DocumentWriter} that adds the documents it is given to an open {@link RagInstance}, so that
 * Spring AI's ETL pipeline fills it: {@code writer.accept(reader.get())} with any {@link DocumentReader} (its Tika,
 * PDF, JSON and Markdown readers, or a transformer's output), after which every ask of the instance can retrieve
 * and cite them ({@link RagInstance#addDocuments}: chunked and embedded by the instance's pipeline, an upsert by
 * id).
 *
 * <p>Each Spring AI document's text and metadata become a library document as {@link ReaderDocuments} says: its
 * source (and id, and what citations show) from the metadata's {@code source} (the Tika reader's key)
 * or {@code file_name} (the PDF readers'), else the Spring AI document's id; consecutive pages of
 * one PDF ({@code page_number}) joined into one paged document whose citations carry the page; the other metadata
 * kept as text, so that a query's filter can use it. Documents without text (media only, or blank) are left out
 * with one warning.
 *
 * <p>Write into an instance opened empty ({@code pipeline.openEmpty()}), or opened over documents already at hand
 * (such as {@code pipeline.openDocuments(AstroRagDocumentWriter.documents(reader.get()))}). The writer does not own the instance: its opener closes it (or the
 * {@link AstroRagDocumentRetriever} that serves it). Thread-safe, as {@link RagInstance#addDocuments} is.
 */
public final class AstroRagDocumentWriter implements DocumentWriter {

    private final RagInstance instance;

    /**
     * A writer into {@code instance}.
     *
     * @param instance an open instance
     * @throws IllegalArgumentException if the instance is already closed
     */
    public AstroRagDocumentWriter(RagInstance instance) {
        this.instance = Objects.requireNonNull(instance, "instance");
        if (instance.isClosed()) {
            throw new IllegalArgumentException("the instance is closed");
        }
    }

    /**
     * Adds {@code documents} to the instance in one step; nothing when none has text. Cost: chunking and embedding
     * their text (see {@link RagInstance#addDocuments}).
     *
     * @param documents Spring AI documents, as a reader gives them
     * @throws NullPointerException if {@code documents} or one of them is null
     * @throws io.github.astrorag.core.RagException if embedding or the index fails, or the instance is closed
     */
    @Override
    public void accept(List<Document> documents) {
        List<io.github.astrorag.core.model.Document> converted = documents(documents);
        if (!converted.isEmpty()) {
            instance.addDocuments(converted);
        }
    }

    /**
     * Spring AI documents as library documents (see the class comment), e.g. to open an instance over a reader's
     * first batch. Cost: O(their text and metadata).
     *
     * @param documents Spring AI documents, in the reader's order
     * @return the library documents; empty if none has text
     * @throws NullPointerException if {@code documents} or one of them is null
     */
    public static List<io.github.astrorag.core.model.Document> documents(List<Document> documents) {
        Objects.requireNonNull(documents, "documents");
        List<ReaderDocuments.Piece> pieces = new ArrayList<>(documents.size());
        for (Document d : documents) {
            Objects.requireNonNull(d, "document");
            pieces.add(new ReaderDocuments.Piece(d.isText() ? d.getText() : null, d.getMetadata(), d.getId()));
        }
        return ReaderDocuments.assemble(pieces);
    }

    /**
     * The instance written into.
     *
     * @return the instance
     */
    public RagInstance instance() {
        return instance;
    }
}
