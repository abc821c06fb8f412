// Ingest time per character by language (issue 30): the default pipeline (bge-small-en-v1.5, the default analyzer,
// p50k_base or the counter given) opens an instance over about 60,000 characters of each language's articles
// (squad2-articles for English, the multilingual sets' articles for Chinese, Thai and Arabic) as one document each,
// best of 3 after a warm-up, and prints microseconds per character and the ratio to English. Run from the repository
// root after `mvn -B -o -q -DskipTests package -pl rag-cli -am`, with DATA the data folder:
//   DATA=/path/to/data TOKENIZER=o200k_base jshell --class-path rag-cli/target/astrorag.jar scripts/ingest-speed.jsh
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import io.github.astrorag.presets.Preset;
import java.nio.file.*;
import java.util.*;

String corpus(String folder, int chars) throws Exception {
    StringBuilder b = new StringBuilder();
    try (var files = Files.walk(Path.of(System.getenv("DATA"), folder))) {
        for (Path p : files.filter(f -> Files.isRegularFile(f) && (f.toString().endsWith(".txt") || f.toString().endsWith(".md"))).sorted().toList()) {
            b.append(Files.readString(p)).append("\n\n");
            if (b.length() > chars) break;
        }
    }
    return b.substring(0, Math.min(b.length(), chars));
}

double microsPerChar(RagPipeline rag, String text) {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
        long t0 = System.nanoTime();
        try (RagInstance instance = rag.openDocuments(List.of(Document.of("d", text)))) {
            if (i > 0) best = Math.min(best, System.nanoTime() - t0);
        }
    }
    return best / 1e3 / text.length();
}

String tokenizer = Optional.ofNullable(System.getenv("TOKENIZER")).orElse("p50k_base");
OnnxSentenceEmbedder embedder = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
RagPipeline rag = Preset.builder("default", embedder, TokenCounter.of(tokenizer)).build();
String[][] sets = {{"English", "squad2-articles"}, {"Chinese", "multilingual/multilingual-articles/cmrc2018-dev"},
        {"Thai", "multilingual/multilingual-articles/iapp-wiki-qa-th"}, {"Arabic", "multilingual/multilingual-articles/arcd"}};
double english = 0;
for (String[] s : sets) {
    String text = corpus(s[1], 60_000);
    double us = microsPerChar(rag, text);
    if (english == 0) english = us;
    System.out.printf("%-8s %,7d chars  %6.2f us/char  %4.2fx English  (%s)%n", s[0], text.length(), us, us / english, tokenizer);
}
rag.close();
embedder.close();
/exit
