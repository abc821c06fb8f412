package io.github.astrorag.eval.bench;

import dev.langchain4j.data.document.DocumentSplitter;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.TokenCountEstimator;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.token.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Chunking throughput: {@link RecursiveTokenChunker} (p50k_base, 300 tokens, 30 overlap) against
 * LangChain4j's {@code DocumentSplitters.recursive(300, 30, estimator)} (paragraphs, lines, OpenNLP
 * sentences, words, characters) with an estimator that counts p50k_base tokens through the same
 * {@link TokenCounter}, so both splitters obey the same limit in the same tokens.
 *
 * <p>One operation chunks the whole sample: the first sections of the astronomy corpus up to
 * {@value #SAMPLE_CHARS} characters (or generated text of that size, see {@link BenchData}). The setup
 * prints the sample's size in MB (UTF-8): MB/s = ops/s × that size. Compare the two scores of one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ChunkingBenchmark {

    /** The sample's size in characters (at least; whole sections are taken). */
    static final int SAMPLE_CHARS = 200_000;

    private List<Document> documents;
    private List<dev.langchain4j.data.document.Document> theirDocuments;
    private RecursiveTokenChunker ours;
    private DocumentSplitter theirs;

    /** LangChain4j's token estimator on p50k_base: the very counter our chunker uses. */
    static final class P50kEstimator implements TokenCountEstimator {
        private final TokenCounter counter = TokenCounter.p50k();

        @Override
        public int estimateTokenCountInText(String text) {
            return counter.count(text);
        }

        @Override
        public int estimateTokenCountInMessage(ChatMessage message) {
            throw new UnsupportedOperationException("only texts are counted in this benchmark");
        }

        @Override
        public int estimateTokenCountInMessages(Iterable<ChatMessage> messages) {
            throw new UnsupportedOperationException("only texts are counted in this benchmark");
        }
    }

    @Setup
    public void setUp() {
        documents = BenchData.documents(SAMPLE_CHARS);
        theirDocuments = new ArrayList<>();
        for (Document d : documents) {
            theirDocuments.add(dev.langchain4j.data.document.Document.from(d.text(),
                    Metadata.from(dev.langchain4j.data.document.Document.FILE_NAME, d.source())));
        }
        ours = RecursiveTokenChunker.defaults();
        theirs = DocumentSplitters.recursive(RecursiveTokenChunker.DEFAULT_MAX_TOKENS,
                RecursiveTokenChunker.DEFAULT_OVERLAP, new P50kEstimator());
        describe();
    }

    private void describe() {
        long bytes = documents.stream().mapToLong(d -> d.text().getBytes(StandardCharsets.UTF_8).length).sum();
        TokenCounter counter = TokenCounter.p50k();
        List<Chunk> a = astrorag();
        List<TextSegment> b = langchain4j();
        System.out.printf(Locale.ROOT, "%nsample: %d documents, %.3f MB (UTF-8), %d p50k tokens, from %s%n",
                documents.size(), bytes / 1e6,
                documents.stream().mapToInt(d -> counter.count(d.text())).sum(), BenchData.source());
        System.out.printf(Locale.ROOT, "ours: %d chunks, mean %.0f, max %d tokens; LangChain4j: %d segments, mean %.0f, max %d tokens%n",
                a.size(), a.stream().mapToInt(Chunk::tokens).average().orElse(0),
                a.stream().mapToInt(Chunk::tokens).max().orElse(0), b.size(),
                b.stream().mapToInt(s -> counter.count(s.text())).average().orElse(0),
                b.stream().mapToInt(s -> counter.count(s.text())).max().orElse(0));
    }

    @Benchmark
    public List<Chunk> astrorag() {
        List<Chunk> out = new ArrayList<>();
        for (Document d : documents) {
            out.addAll(ours.chunk(d));
        }
        return out;
    }

    @Benchmark
    public List<TextSegment> langchain4j() {
        return theirs.splitAll(theirDocuments);
    }
}
