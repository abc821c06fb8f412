package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@link Chunker} contract, for every implementation to extend. On a long Markdown text of 40
 * paragraphs it checks: no chunk over {@link Chunker#maxTokens()} counted by {@link #counter()}, and
 * {@link Chunk#tokens()} that count; ordinals 0, 1, 2, ... with ids {@link Chunk#idOf}; the document's id,
 * title and source on every chunk; spans whose substring is the chunk's text; chunks cover the text in order;
 * pages kept; no blank chunk and none for a blank document; the same document gives the same chunks, also
 * from 4 threads at once.
 *
 * <p>To extend it, implement {@link #chunker()}; override {@link #counter()} if it counts with another
 * encoding.
 */
public abstract class ChunkerContract {

    /** The chunker under test. */
    protected abstract Chunker chunker();

    /** The counter the chunker counts with. */
    protected TokenCounter counter() {
        return TokenCounter.p50k();
    }

    /** A long text of several paragraphs of varied sentences, written for these tests. */
    protected static String longText() {
        StringBuilder sb = new StringBuilder("# Notes on a small telescope\n\n");
        for (int p = 0; p < 40; p++) {
            for (int s = 0; s < 6; s++) {
                sb.append("Observation ").append(p).append('.').append(s)
                        .append(" recorded the brightness of star number ").append(p * 7 + s)
                        .append(" through a thin haze, and the eyepiece fogged twice. ");
            }
            sb.append(p % 5 == 0 ? "\n" : "\n\n");
        }
        return sb.toString();
    }

    @Test
    void noChunkOverTheLimitAndSpansMatchTheText() {
        Document doc = new Document("log.md", "log", "log.md", longText(), List.of());
        List<Chunk> chunks = chunker().chunk(doc);
        assertThat(chunks).hasSizeGreaterThan(3);
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            assertThat(counter().count(c.text())).isLessThanOrEqualTo(chunker().maxTokens()).isEqualTo(c.tokens());
            assertThat(doc.text().substring(c.start(), c.end())).isEqualTo(c.text());
            assertThat(c.ordinal()).isEqualTo(i);
            assertThat(c.id()).isEqualTo(Chunk.idOf("log.md", i));
            assertThat(c.documentId()).isEqualTo("log.md");
            assertThat(c.title()).isEqualTo("log");
            assertThat(c.source()).isEqualTo("log.md");
            assertThat(c.text()).isNotBlank();
        }
    }

    @Test
    void chunksCoverTheWholeTextInOrder() {
        Document doc = Document.of("d", longText());
        List<Chunk> chunks = chunker().chunk(doc);
        int covered = 0;
        for (Chunk c : chunks) {
            assertThat(c.start()).isLessThanOrEqualTo(Math.max(covered, 0) + 2);
            covered = Math.max(covered, c.end());
        }
        assertThat(covered).isEqualTo(doc.text().stripTrailing().length());
    }

    @Test
    void pagesAreKept() {
        String p1 = "The first page speaks of comets.\n";
        String p2 = "The second page speaks of the Andromeda galaxy.\n";
        Document doc = new Document("a.pdf", "a", "a.pdf", p1 + p2, List.of(0, p1.length()));
        List<Chunk> chunks = chunker().chunk(doc);
        assertThat(chunks).extracting(Chunk::page).containsExactly(1, 2);
    }

    @Test
    void sameDocumentSameChunks() {
        Document doc = Document.of("d", longText());
        assertThat(chunker().chunk(doc)).isEqualTo(chunker().chunk(doc));
    }

    @Test
    void sameChunksFromFourThreadsAtOnce() throws Exception {
        Chunker chunker = chunker();
        Document doc = Document.of("d", longText());
        List<Chunk> expected = chunker.chunk(doc);
        assertThat(Concurrently.run(4, 8, () -> chunker.chunk(doc))).containsOnly(expected);
    }

    @Test
    void blankDocumentGivesNoChunk() {
        assertThat(chunker().chunk(Document.of("d", "  \n\n "))).isEmpty();
    }
}
