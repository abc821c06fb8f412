package io.github.astrorag.eval.bench;

import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import io.github.astrorag.core.embed.HttpEmbedder;
import io.github.astrorag.core.embed.OpenAiCompatibleEmbedder;
import io.github.astrorag.core.embed.TeiEmbedder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What embedding through a server costs on this machine: the same {@value #CHUNKS} chunks embedded by the
 * in-process bge-small-en-v1.5 (int8), and by {@link TeiEmbedder} and {@link OpenAiCompatibleEmbedder}
 * (batches of 32, 4 in flight) against servers on 127.0.0.1 that either run that model ("model behind
 * HTTP": the same work plus the protocol) or answer from the vectors computed beforehand ("protocol
 * only": the client's and the server's HTTP and JSON work, what a remote embedder adds to whatever the
 * server's model costs). Every setup is timed {@value #ROUNDS} times (arguments: {@code [chunks [rounds]]}), interleaved, after one warm-up
 * round each; the table gives the median in ms per 1,000 chunks, the throughput, and the ratio to the
 * in-process model measured in the same run (the machine may be shared: compare ratios, not times across
 * runs).
 *
 * <p>Run: {@code mvn -B -ntp -Pbench -pl rag-eval -am package -DskipTests} then
 * {@code java -cp rag-eval/target/benchmarks.jar io.github.astrorag.eval.bench.RemoteEmbeddingBenchmark}.
 */
public final class RemoteEmbeddingBenchmark {

    /** Chunks per round, unless the first argument says otherwise. */
    static final int CHUNKS = 1000;
    /** Timed rounds per setup, unless the second argument says otherwise. */
    static final int ROUNDS = 5;

    private RemoteEmbeddingBenchmark() {
    }

    /** Deterministic chunk-like texts of about 60 words (about 80 model tokens) each. */
    static List<String> chunks(int count) {
        String[] words = ("spectrograph slit grating resolving power wavelength exposure detector comet orbit "
                + "perihelion galaxy redshift nebula emission line calibration lamp flat field telescope aperture "
                + "seeing airmass photometry magnitude filter cluster parallax distance luminosity").split(" ");
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            StringBuilder b = new StringBuilder("Chunk " + i + ":");
            for (int w = 0; w < 60; w++) {
                b.append(' ').append(words[(i * 31 + w * 7 + w * w) % words.length]);
                if (w % 12 == 11) {
                    b.append('.');
                }
            }
            out.add(b.toString());
        }
        return out;
    }

    /** Serves the vectors computed beforehand: the server does no model work. */
    record Precomputed(Map<String, float[]> vectors, int dimension) implements Embedder {
        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            List<float[]> out = new ArrayList<>(texts.size());
            texts.forEach(t -> out.add(vectors.get(t).clone()));
            return out;
        }

        @Override
        public Map<String, Object> describe() {
            return Map.of("name", "precomputed");
        }
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : CHUNKS;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : ROUNDS;
        List<String> texts = chunks(count);
        try (OnnxSentenceEmbedder bge = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q)) {
            List<float[]> reference = bge.embedDocuments(texts);
            Map<String, float[]> byText = new HashMap<>();
            for (int i = 0; i < texts.size(); i++) {
                byText.put(texts.get(i), reference.get(i));
            }
            Precomputed precomputed = new Precomputed(byText, bge.dimension());
            try (EmbeddingServer teiModel = EmbeddingServer.start(Protocol.TEI, bge, "BAAI/bge-small-en-v1.5", false);
                 EmbeddingServer openAiModel = EmbeddingServer.start(Protocol.OPENAI, bge, "bge-small-en-v1.5", false);
                 EmbeddingServer teiOnly = EmbeddingServer.start(Protocol.TEI, precomputed, "precomputed", false);
                 EmbeddingServer openAiOnly = EmbeddingServer.start(Protocol.OPENAI, precomputed, "precomputed", false)) {
                Map<String, Supplier<List<float[]>>> setups = new LinkedHashMap<>();
                setups.put("in-process bge-small-q", () -> bge.embedDocuments(texts));
                setups.put("tei, model behind HTTP", run(TeiEmbedder.builder().baseUrl(teiModel.baseUrl()).build(), texts));
                setups.put("openai, model behind HTTP", run(OpenAiCompatibleEmbedder.builder()
                        .baseUrl(openAiModel.baseUrl()).model("bge-small-en-v1.5").build(), texts));
                setups.put("tei, protocol only", run(TeiEmbedder.builder().baseUrl(teiOnly.baseUrl()).build(), texts));
                setups.put("openai, protocol only", run(OpenAiCompatibleEmbedder.builder()
                        .baseUrl(openAiOnly.baseUrl()).model("precomputed").build(), texts));
                measure(setups, reference, rounds);
            }
        }
    }

    private static Supplier<List<float[]>> run(HttpEmbedder e, List<String> texts) {
        return () -> e.embedDocuments(texts);
    }

    private static void measure(Map<String, Supplier<List<float[]>>> setups, List<float[]> reference, int rounds) {
        int count = reference.size();
        Map<String, long[]> times = new LinkedHashMap<>();
        for (Map.Entry<String, Supplier<List<float[]>>> s : setups.entrySet()) {
            List<float[]> got = s.getValue().get(); // warm-up, and the vectors must be the model's
            for (int i = 0; i < reference.size(); i++) {
                if (!Arrays.equals(got.get(i), reference.get(i))) {
                    throw new IllegalStateException(s.getKey() + ": vector " + i + " differs from the in-process model's");
                }
            }
            times.put(s.getKey(), new long[rounds]);
        }
        for (int r = 0; r < rounds; r++) {
            for (Map.Entry<String, Supplier<List<float[]>>> s : setups.entrySet()) {
                long start = System.nanoTime();
                s.getValue().get();
                times.get(s.getKey())[r] = System.nanoTime() - start;
            }
        }
        double base = median(times.values().iterator().next());
        System.out.printf(Locale.ROOT, "%d chunks of ~80 tokens, median of %d rounds, %d cores%n", count, rounds,
                Runtime.getRuntime().availableProcessors());
        System.out.println("| setup | ms per 1,000 chunks | chunks/s | time / in-process |");
        System.out.println("| --- | ---: | ---: | ---: |");
        for (Map.Entry<String, long[]> t : times.entrySet()) {
            double ms = median(t.getValue()) / 1e6 * 1000.0 / count;
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f | %.3f |%n", t.getKey(), ms, count / (median(t.getValue()) / 1e9),
                    median(t.getValue()) / base);
        }
    }

    private static double median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
