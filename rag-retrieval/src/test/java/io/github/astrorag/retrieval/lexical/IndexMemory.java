package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Heap after GC per chunk of each structure an open instance holds, for docs/benchmarks.md: the chunks (texts and
 * fields), the vectors in the in-memory index (384 dimensions), the BM25 statistics, and every term of every chunk
 * analysed at once (what BM25 statistics were built from before issue 34). Run with one prose file as argument.
 */
public final class IndexMemory {
    static long used() throws InterruptedException {
        for (int i = 0; i < 4; i++) { System.gc(); Thread.sleep(100); }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    public static void main(String[] args) throws Exception {
        String text = Files.readString(Path.of(args[0]));
        long t0 = used();
        Document doc = Document.of("prose", text);
        text = null;
        List<Chunk> chunks = RecursiveTokenChunker.builder().build().chunk(doc);
        int n = chunks.size();
        long tChunks = used();
        List<String> texts = chunks.stream().map(Chunk::text).toList();
        long chars = texts.stream().mapToLong(String::length).sum();
        HashingEmbedder embedder = new HashingEmbedder();
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < n; i += 256) vectors.addAll(embedder.embedDocuments(texts.subList(i, Math.min(n, i + 256))));
        EphemeralIndex index = new InMemoryEphemeralIndexFactory().create(embedder.dimension());
        index.add(chunks, vectors);
        vectors = null;
        long tIndex = used();
        Bm25 bm25 = Bm25.ofTexts(texts);
        long tBm25 = used();
        List<List<String>> analysed = Bm25.analyse(texts);
        long tAnalysed = used();
        System.out.printf("all terms analysed %8.0f bytes/chunk (held at once by the old build)%n", (double) (tAnalysed - tBm25) / n);
        System.out.printf("chunks %d, chunk chars %d (%.0f per chunk), document chars %d%n", n, chars, (double) chars / n, doc.text().length());
        System.out.printf("document text      %8.0f bytes/chunk (1 per character of Latin-1 text, else 2)%n", (double) doc.text().length() / n);
        System.out.printf("chunks (texts)     %8.0f bytes/chunk%n", (double) (tChunks - t0) / n);
        System.out.printf("vectors in index   %8.0f bytes/chunk (index over the vectors: %d - %d)%n", (double) (tIndex - tChunks) / n, tIndex, tChunks);
        System.out.printf("bm25 statistics    %8.0f bytes/chunk%n", (double) (tBm25 - tIndex) / n);
        System.out.println(bm25.size() + analysed.size() + index.size());
    }
}
