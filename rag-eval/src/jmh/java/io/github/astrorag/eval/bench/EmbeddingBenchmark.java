package io.github.astrorag.eval.bench;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.output.Response;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Embedding throughput in chunks per second: {@link OnnxSentenceEmbedder} with all-MiniLM-L6-v2
 * (quantized) against LangChain4j's in-process runner of the same model file
 * ({@link AllMiniLmL6V2QuantizedEmbeddingModel}), on the same {@value #CHUNKS} chunks (p50k_base, 300
 * tokens, 30 overlap) of the astronomy corpus. LangChain4j cuts every text at 128 model tokens, so ours
 * is run at {@code maxLength} 128 too. Ours is created first in every fork: DJL's engine must create the
 * ONNX Runtime environment, which LangChain4j then reuses.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class EmbeddingBenchmark {

    /** Chunks embedded per operation. */
    static final int CHUNKS = 32;
    /** LangChain4j's truncation, in model tokens. */
    static final int MAX_LENGTH = 128;

    private List<String> texts;
    private List<TextSegment> segments;
    private OnnxSentenceEmbedder ours;
    private EmbeddingModel theirs;

    @Setup
    public void setUp() {
        texts = new ArrayList<>();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        for (Document d : BenchData.documents(CHUNKS * 2_000)) {
            for (Chunk c : chunker.chunk(d)) {
                if (texts.size() < CHUNKS) {
                    texts.add(c.text());
                }
            }
        }
        segments = texts.stream().map(TextSegment::from).toList();
        ours = OnnxSentenceEmbedder.builder().model(SentenceModel.ALL_MINILM_L6_V2_Q).maxLength(MAX_LENGTH).build();
        theirs = new AllMiniLmL6V2QuantizedEmbeddingModel();
        List<float[]> a = ours.embedDocuments(texts);
        List<Embedding> b = theirs.embedAll(segments).content();
        double agreement = 0;
        for (int i = 0; i < a.size(); i++) {
            float[] u = a.get(i);
            float[] v = b.get(i).vector();
            double dot = 0;
            for (int k = 0; k < u.length; k++) {
                dot += u[k] * v[k];
            }
            agreement += dot;
        }
        System.out.printf(Locale.ROOT, "%n%d chunks from %s; agreement (mean cosine, ours vs LangChain4j): %.6f; %d cores%n",
                texts.size(), BenchData.source(), agreement / a.size(), Runtime.getRuntime().availableProcessors());
    }

    @TearDown
    public void tearDown() {
        ours.close();
    }

    @Benchmark
    @OperationsPerInvocation(CHUNKS)
    public List<float[]> astrorag() {
        return ours.embedDocuments(texts);
    }

    @Benchmark
    @OperationsPerInvocation(CHUNKS)
    public Response<List<Embedding>> langchain4j() {
        return theirs.embedAll(segments);
    }
}
