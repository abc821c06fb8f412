// Ingest time per character by language (issue 30): the default pipeline (bge-small-en-v1.5, the default analyzer,
// p50k_base or the counter given; with ROUTE=1 Chinese documents go to the same pipeline over bge-small-zh-v1.5, as
// the command line and the starters route them) opens an instance over about 60,000 characters of each language's articles
// (squad2-articles for English, the multilingual sets' articles for Chinese, Thai and Arabic) as one document each,
// after a warm-up, in ROUNDS rounds (default 5) that take the languages in turn, and prints each language's best
// microseconds per character and the ratio to English. Run from the repository
// root after `mvn -B -o -q -DskipTests package -pl rag-cli -am`, with DATA the data folder:
//   DATA=/path/to/data TOKENIZER=o200k_base [ROUTE=1] jshell --class-path rag-cli/target/astrorag.jar scripts/ingest-speed.jsh
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

/** Nanoseconds of one ingest of {@code text}. */
long ingest(RagPipeline rag, String text) {
    long t0 = System.nanoTime();
    try (RagInstance instance = rag.openDocuments(List.of(Document.of("d", text)))) {
        return System.nanoTime() - t0;
    }
}

String tokenizer = Optional.ofNullable(System.getenv("TOKENIZER")).orElse("p50k_base");
OnnxSentenceEmbedder embedder = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
boolean route = "1".equals(System.getenv("ROUTE"));
OnnxSentenceEmbedder chinese = route ? OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_ZH_V15_Q) : null;
RagPipeline.Builder builder = Preset.builder("default", embedder, TokenCounter.of(tokenizer));
if (route) {
    builder.pipelineFor("zh", () -> Preset.builder("default", chinese, TokenCounter.of(tokenizer)).build());
}
RagPipeline rag = builder.build();
String[][] sets = {{"English", "squad2-articles"}, {"Chinese", "multilingual/multilingual-articles/cmrc2018-dev"},
        {"Thai", "multilingual/multilingual-articles/iapp-wiki-qa-th"}, {"Arabic", "multilingual/multilingual-articles/arcd"}};
// rounds interleave the languages, so that a slow moment of a shared machine touches each alike; best of ROUNDS
int rounds = Integer.parseInt(Optional.ofNullable(System.getenv("ROUNDS")).orElse("5"));
String[] texts = new String[sets.length];
long[] best = new long[sets.length];
for (int i = 0; i < sets.length; i++) {
    texts[i] = corpus(sets[i][1], 60_000);
    ingest(rag, texts[i]); // warm-up (and the Chinese pipeline made)
    best[i] = Long.MAX_VALUE;
}
for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < sets.length; i++) {
        best[i] = Math.min(best[i], ingest(rag, texts[i]));
    }
}
double english = 0;
for (int i = 0; i < sets.length; i++) {
    String[] s = sets[i];
    String text = texts[i];
    double us = best[i] / 1e3 / text.length();
    if (english == 0) english = us;
    System.out.printf("%-8s %,7d chars  %6.2f us/char  %4.2fx English  (%s%s)%n", s[0], text.length(), us, us / english, tokenizer,
            route && s[0].equals("Chinese") ? ", bge-small-zh-v1.5" : ", bge-small-en-v1.5");
}
rag.close();
embedder.close();
if (chinese != null) {
    chinese.close();
}
/exit
