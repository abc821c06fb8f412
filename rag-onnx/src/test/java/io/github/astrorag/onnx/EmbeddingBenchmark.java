package io.github.astrorag.onnx;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Throughput of {@link OnnxSentenceEmbedder} against LangChain4j's in-process runner of the same
 * model ({@link AllMiniLmL6V2QuantizedEmbeddingModel}), on the same 300-token chunks, at the same
 * maximum length, in alternating timed rounds after one warm-up each. Not a test: run it by hand.
 *
 * <p>LangChain4j reads the jar's {@code tokenizer.json} as it is, so it cuts every text at 128
 * tokens; ours is therefore set to {@code maxLength} 128 for the comparison (the printed agreement,
 * the mean cosine between the two models' vectors, is 1 when both saw the same tokens), and is also
 * timed at its default of 256 for reference.
 *
 * <p>Chunks are the first N chunks (p50k_base, 300 tokens, 30 overlap, by the core chunker) of the
 * OpenStax Astronomy corpus, found at {@code ../shared/data/astronomy-2e} from the project root (the
 * first folder up from the working directory that has {@code shared/data}) or under the system
 * property {@code astrorag.data}; without it, generated text of the same size.
 *
 * <p>It also times tokenisation alone: {@link WordPieceTokenizer} against Hugging Face's Rust tokenizer, in the same
 * run, on the same chunks.
 *
 * <p>Arguments: {@code [chunks (200)] [rounds (3)]}.
 */
public final class EmbeddingBenchmark {

    private static final int LANGCHAIN4J_MAX_LENGTH = 128;

    private EmbeddingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> chunks = chunks(n);
        double meanTokens = chunks.stream().mapToInt(t -> RecursiveTokenChunker.defaults().counter().count(t))
                .average().orElse(0);
        System.out.printf(Locale.ROOT, "%d chunks, mean %.0f p50k tokens, %d cores%n", chunks.size(), meanTokens,
                Runtime.getRuntime().availableProcessors());

        // ours first: DJL's engine must create the ONNX Runtime environment, LangChain4j then reuses it
        try (OnnxSentenceEmbedder ours = OnnxSentenceEmbedder.builder().model(SentenceModel.ALL_MINILM_L6_V2_Q)
                        .maxLength(LANGCHAIN4J_MAX_LENGTH).build();
                OnnxSentenceEmbedder ours256 = OnnxSentenceEmbedder.load(SentenceModel.ALL_MINILM_L6_V2_Q)) {
            EmbeddingModel theirs = new AllMiniLmL6V2QuantizedEmbeddingModel();
            List<TextSegment> segments = chunks.stream().map(TextSegment::from).collect(Collectors.toList());
            List<float[]> a = ours.embedDocuments(chunks); // warm-up, and the agreement check
            List<Embedding> b = theirs.embedAll(segments).content();
            ours256.embedDocuments(chunks);
            double agreement = 0;
            for (int i = 0; i < a.size(); i++) {
                agreement += Vectors.dot(a.get(i), b.get(i).vector());
            }
            System.out.printf(Locale.ROOT, "agreement (mean cosine, ours@%d vs LangChain4j): %.6f%n",
                    LANGCHAIN4J_MAX_LENGTH, agreement / a.size());

            tokenizers(chunks, rounds);

            double[] oursRate = new double[rounds];
            double[] theirRate = new double[rounds];
            double[] ours256Rate = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                oursRate[r] = rate(chunks.size(), () -> ours.embedDocuments(chunks));
                theirRate[r] = rate(chunks.size(), () -> theirs.embedAll(segments));
                ours256Rate[r] = rate(chunks.size(), () -> ours256.embedDocuments(chunks));
                System.out.printf(Locale.ROOT,
                        "round %d: ours@%d %.1f chunks/s, LangChain4j %.1f chunks/s, ours@256 %.1f chunks/s%n", r + 1,
                        LANGCHAIN4J_MAX_LENGTH, oursRate[r], theirRate[r], ours256Rate[r]);
            }
            double o = median(oursRate);
            double t = median(theirRate);
            System.out.printf(Locale.ROOT, "median: ours@%d %.1f chunks/s, LangChain4j %.1f chunks/s, ratio %.2f;"
                    + " ours@256 %.1f chunks/s%n", LANGCHAIN4J_MAX_LENGTH, o, t, o / t, median(ours256Rate));
        }
    }

    /**
     * Tokenisation alone, in the same run: {@link WordPieceTokenizer} against Hugging Face's Rust tokenizer (through
     * DJL, which LangChain4j and this embedder used before), both set up as the embedder sets its tokenizer up.
     */
    private static void tokenizers(List<String> chunks, int rounds) throws IOException {
        SentenceModel m = SentenceModel.ALL_MINILM_L6_V2_Q;
        String json = WordPieceTokenizerAgreementIT.resource(m.tokenizerResource());
        WordPieceTokenizer ours = WordPieceTokenizer.parse(json, m.tokenizerResource())
                .truncatedTo(OnnxSentenceEmbedder.DEFAULT_MAX_LENGTH).unpadded();
        try (ai.djl.huggingface.tokenizers.HuggingFaceTokenizer rust = WordPieceTokenizerAgreementIT.reference(json,
                WordPieceTokenizerAgreementIT.embedderOptions(OnnxSentenceEmbedder.DEFAULT_MAX_LENGTH))) {
            ours.encodeAll(chunks);
            rust.batchEncode(chunks);
            for (int r = 0; r < rounds; r++) {
                double o = rate(chunks.size(), () -> ours.encodeAll(chunks));
                double t = rate(chunks.size(), () -> rust.batchEncode(chunks));
                System.out.printf(Locale.ROOT, "tokenizer round %d: WordPieceTokenizer %.0f chunks/s, Hugging Face (Rust,"
                        + " via DJL) %.0f chunks/s%n", r + 1, o, t);
            }
        }
    }

    private static double rate(int count, Runnable work) {
        long start = System.nanoTime();
        work.run();
        return count / ((System.nanoTime() - start) / 1e9);
    }

    private static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static List<String> chunks(int n) throws IOException {
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        List<String> out = new ArrayList<>();
        Path corpus = corpus();
        if (corpus != null) {
            System.out.println("chunks of " + corpus);
            List<Path> files;
            try (Stream<Path> s = Files.list(corpus)) {
                files = s.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList());
            }
            FileSystemDocumentLoader loader = FileSystemDocumentLoader.defaults();
            for (Path f : files) {
                for (Document d : loader.load(f)) {
                    for (Chunk c : chunker.chunk(d)) {
                        if (out.size() < n) {
                            out.add(c.text());
                        }
                    }
                }
                if (out.size() >= n) {
                    break;
                }
            }
        } else {
            System.out.println("no corpus found (set -Dastrorag.data=<folder with astronomy-2e>): generated text");
            Random random = new Random(42);
            String[] words = ("star planet orbit light galaxy telescope mass energy gravity dust cloud moon sun "
                    + "spectrum distance temperature nuclear fusion comet asteroid atmosphere surface radiation "
                    + "wavelength observe measure universe expand cluster nebula pulsar").split(" ");
            StringBuilder text = new StringBuilder();
            while (text.length() < n * 2000) {
                int len = 8 + random.nextInt(15);
                for (int i = 0; i < len; i++) {
                    text.append(i == 0 ? "The " : " ").append(words[random.nextInt(words.length)]);
                }
                text.append(". ");
            }
            for (Chunk c : chunker.chunk(Document.of("generated", text.toString()))) {
                if (out.size() < n) {
                    out.add(c.text());
                }
            }
        }
        return out;
    }

    private static Path corpus() {
        String property = System.getProperty("astrorag.data");
        if (property != null && !property.isBlank()) {
            Path p = Path.of(property).resolve("astronomy-2e");
            return Files.isDirectory(p) ? p : null;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("shared").resolve("data").resolve("astronomy-2e");
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }
}
