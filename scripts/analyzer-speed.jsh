// Term analysis speed by script: characters analysed per second by each analyzer over the text files of a folder.
// Run from the repository root after `mvn -B -o -q -DskipTests package -pl rag-cli -am`, with DATA the data folder:
//   DATA=/path/to/data jshell --class-path rag-cli/target/astrorag.jar scripts/analyzer-speed.jsh
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.analysis.LanguageAnalyzers;
import java.nio.file.*;

String corpus(String folder) throws Exception {
    StringBuilder b = new StringBuilder();
    try (var files = Files.walk(Path.of(System.getenv("DATA"), folder))) {
        for (Path p : files.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
            b.append(Files.readString(p)).append('\n');
            if (b.length() > 2_000_000) break;
        }
    }
    return b.toString();
}

void speed(String label, TermAnalyzer analyzer, String text) {
    long terms = 0;
    for (int i = 0; i < 3; i++) terms = analyzer.terms(text).size(); // warm-up
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
        long t0 = System.nanoTime();
        analyzer.terms(text);
        best = Math.min(best, System.nanoTime() - t0);
    }
    System.out.printf("%-34s %,10d chars %,9d terms %8.2f Mchar/s%n", label, text.length(), terms, text.length() / (best / 1e3));
}

String en = corpus("squad2-articles");
String zh = corpus("multilingual/multilingual-articles/cmrc2018-dev");
String th = corpus("multilingual/multilingual-articles/iapp-wiki-qa-th");
String ar = corpus("multilingual/multilingual-articles/arcd");
TermAnalyzer english = EnglishTermAnalyzer.defaults();
speed("english, English text", english, en);
speed("english, Chinese text (pairs)", english, zh);
speed("english, Thai text (dictionary)", english, th);
speed("english, Arabic text", english, ar);
speed("chinese (smartcn), Chinese text", LanguageAnalyzers.byName("chinese"), zh);
speed("thai (Lucene), Thai text", LanguageAnalyzers.byName("thai"), th);
speed("arabic (Lucene), Arabic text", LanguageAnalyzers.byName("arabic"), ar);
/exit
