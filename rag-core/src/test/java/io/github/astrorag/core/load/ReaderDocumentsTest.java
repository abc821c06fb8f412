package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.load.ReaderDocuments.Piece;
import io.github.astrorag.core.model.Document;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReaderDocumentsTest {

    @Test
    void theSourceComesFromTheFirstKeyFoundThenTheFallbackAndTitleAndTypeFollowIt() {
        List<Document> docs = ReaderDocuments.assemble(List.of(
                new Piece("Tika text.", Map.of("source", "notes.DOCX", "file_name", "other.txt"), "uuid-1"),
                new Piece("Loader text.", Map.of("file_name", "guide.md", "title", "The guide"), "uuid-2"),
                new Piece("Web text.", Map.of("url", "https://example.org/stars?page=2"), "uuid-3"),
                new Piece("Bare text.", Map.of(), "document-1")));

        assertThat(docs).extracting(Document::id)
                .containsExactly("notes.DOCX", "guide.md", "https://example.org/stars?page=2", "document-1");
        assertThat(docs).extracting(Document::title).containsExactly("notes", "The guide", "https://example.org/stars?page=2", "document-1");
        assertThat(docs.get(0).metadata()).containsEntry("source", "notes.DOCX").containsEntry("type", "docx")
                .containsEntry("file_name", "other.txt");
        assertThat(docs.get(1).metadata()).containsOnly(Map.entry("file_name", "guide.md"), Map.entry("source", "guide.md"),
                Map.entry("title", "The guide"), Map.entry("type", "md"));
        assertThat(docs.get(2).metadata()).doesNotContainKey("type");
        assertThat(docs.get(3).metadata()).containsOnly(Map.entry("source", "document-1"));
        assertThat(docs).allMatch(d -> !d.paged());
    }

    @Test
    void valuesBecomeTextNullsAndBlankKeysAreLeftOutAndATypeGivenIsKept() {
        Map<String, Object> metadata = new HashMap<>();
        metadata.put("year", 2024);
        metadata.put("authors", List.of("Ada", "Grace"));
        metadata.put("empty", null);
        metadata.put(" ", "blank key");
        metadata.put("type", "report");
        metadata.put("source", "r.pdf");

        Document doc = ReaderDocuments.assemble(List.of(new Piece("Text.", metadata, "x"))).get(0);

        assertThat(doc.metadata()).containsOnly(Map.entry("authors", "Ada, Grace"), Map.entry("source", "r.pdf"),
                Map.entry("type", "report"), Map.entry("year", "2024"));
    }

    @Test
    void consecutivePagesOfOneSourceAreJoinedIntoOnePagedDocument() {
        List<Document> docs = ReaderDocuments.assemble(List.of(
                new Piece("Page one.", Map.of("file_name", "a.pdf", "page_number", 1, "end_page_number", 1, "author", "Ada"), "1"),
                new Piece("Also one.", Map.of("file_name", "a.pdf", "page_number", "1", "author", "Ada"), "2"),
                new Piece("Page three.", Map.of("file_name", "a.pdf", "page_number", 3, "author", "Bob"), "3"),
                new Piece("Other file.", Map.of("file_name", "b.pdf", "page_number", 2), "4"),
                new Piece("Back to one.", Map.of("file_name", "b.pdf", "page_number", 1), "5"),
                new Piece("Unpaged.", Map.of("file_name", "b.pdf"), "6")));

        assertThat(docs).extracting(Document::id).containsExactly("a.pdf", "b.pdf", "b.pdf", "b.pdf");
        Document a = docs.get(0);
        // "Page one." 9, "\n\n" 2, "Also one." 9, "\n\n" 2: page 2 (empty) and page 3 start at 22
        assertThat(a.text()).isEqualTo("Page one.\n\nAlso one.\n\nPage three.");
        assertThat(a.pageStarts()).containsExactly(0, 22, 22);
        assertThat(a.pageAt(a.text().indexOf("Page three."))).isEqualTo(3);
        assertThat(a.pageAt(a.text().indexOf("Also one."))).isEqualTo(1);
        // the entries all its pages share, without the page keys
        assertThat(a.metadata()).containsOnly(Map.entry("file_name", "a.pdf"), Map.entry("source", "a.pdf"), Map.entry("type", "pdf"));
        // a page number going back starts another document; page 2 alone: page 1 empty
        assertThat(docs.get(1).pageStarts()).containsExactly(0, 0);
        assertThat(docs.get(2).pageStarts()).containsExactly(0);
        assertThat(docs.get(3).paged()).isFalse();
        assertThat(docs.get(3).metadata()).containsEntry("source", "b.pdf");
    }

    @Test
    void piecesWithoutTextAreLeftOut() {
        List<Document> docs = ReaderDocuments.assemble(List.of(new Piece(null, Map.of(), "media"),
                new Piece(" \n", Map.of("source", "empty.txt"), "e"), new Piece("Kept.", Map.of(), "k")));

        assertThat(docs).extracting(Document::id).containsExactly("k");
        assertThat(ReaderDocuments.assemble(List.of())).isEmpty();
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> ReaderDocuments.assemble(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Piece("t", null, "f")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new Piece("t", Map.of(), " ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fallback");
    }
}
