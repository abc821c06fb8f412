package io.github.astrorag.eval.experiments;

import io.github.astrorag.core.language.LanguageDetectors;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.eval.EvalDataset;
import io.github.astrorag.eval.EvalQuestion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Experiment (run by hand, not in the build): how often a language detector (the named ones, by their part specs such
 * as {@code opennlp:candidates=all}; none named: {@link LanguageDetectors#installed()}) names the language of the development sets' questions and paragraphs. Data: the first 200 questions of each of
 * {@code multilingual/cmrc2018-dev} (zh), {@code arcd} (ar), {@code iapp-wiki-qa-th} (th), {@code squad2-dev} and
 * {@code hotpotqa-dev} (en); paragraphs: every corpus file those questions read (zh, ar, th) and the first 300
 * documents of the HotpotQA questions (en), whole; and the hand-written questions of rag-langdetect's tests
 * ({@code rag-langdetect/src/test/resources/questions/<code>.txt}, one a line, 20 each of de, fr, es, it, pt and short
 * English ones), when run from the repository's root. Prints accuracy per set and the confusions.
 *
 * <pre>
 *   mvn -B -o -q -DskipTests test-compile dependency:build-classpath -pl rag-eval -am -Dmdep.outputFile=target/cp.txt
 *   java -cp "rag-eval/target/test-classes:rag-eval/target/classes:$(cat rag-eval/target/cp.txt)" \
 *        io.github.astrorag.eval.experiments.LanguageDetectionExperiment [data folder, default ../shared/data] [detector...]
 * </pre>
 * The results: docs/languages.md, "Language detection".
 */
public final class LanguageDetectionExperiment {

    private LanguageDetectionExperiment() {
    }

    public static void main(String[] args) throws IOException {
        Path data = Path.of(args.length > 0 ? args[0] : "../shared/data");
        PartRegistry parts = PartRegistry.installed();
        List<String> specs = args.length > 1 ? List.of(args).subList(1, args.length) : List.of("");
        for (String spec : specs) {
            long t0 = System.nanoTime();
            LanguageDetector detector = spec.isEmpty() ? LanguageDetectors.installed()
                    : parts.create(Role.LANGUAGE_DETECTOR, spec, PartContext.of(parts));
            detector.detect("warm up the model");
            System.out.printf(Locale.ROOT, "built and first detection in %.0f ms%n", (System.nanoTime() - t0) / 1e6);
            run(data, detector);
        }
    }

    private static void run(Path data, LanguageDetector detector) throws IOException {
        Map<String, String> sets = new LinkedHashMap<>();
        sets.put("multilingual/cmrc2018-dev.jsonl", "zh");
        sets.put("multilingual/arcd.jsonl", "ar");
        sets.put("multilingual/iapp-wiki-qa-th.jsonl", "th");
        sets.put("squad2-dev.jsonl", "en");
        sets.put("hotpotqa-dev.jsonl", "en");
        System.out.println("detector: " + detector.describe());
        for (Map.Entry<String, String> set : sets.entrySet()) {
            List<EvalQuestion> questions = EvalDataset.read(List.of(data.resolve(set.getKey())), 200);
            String want = set.getValue();
            report(set.getKey() + " questions", want, questions.stream().map(EvalQuestion::question).toList(), detector);
            List<String> paragraphs = new ArrayList<>();
            Set<Path> corpora = new LinkedHashSet<>();
            for (EvalQuestion q : questions) {
                if (q.corpus() != null) {
                    corpora.add(q.corpus());
                } else {
                    q.documents().stream().map(Document::text).forEach(paragraphs::add);
                }
            }
            for (Path corpus : corpora) {
                try (Stream<Path> files = Files.list(corpus)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                        paragraphs.add(Files.readString(f));
                    }
                }
            }
            if (set.getKey().startsWith("hotpot")) {
                report(set.getKey() + " paragraphs", want, paragraphs.subList(0, Math.min(300, paragraphs.size())), detector);
            } else if (!corpora.isEmpty() && !want.equals("en")) {
                report(set.getKey() + " paragraphs", want, paragraphs, detector);
            }
        }
        Path fixtures = Path.of("rag-langdetect/src/test/resources/questions");
        if (Files.isDirectory(fixtures)) {
            try (Stream<Path> files = Files.list(fixtures)) {
                for (Path f : files.sorted().toList()) {
                    String want = f.getFileName().toString().replace(".txt", "");
                    report("hand-written " + want + " questions", want,
                            Files.readAllLines(f).stream().filter(l -> !l.isBlank()).toList(), detector);
                }
            }
        }
    }

    private static void report(String name, String want, List<String> texts, LanguageDetector detector) {
        int right = 0;
        Map<String, Integer> confusions = new TreeMap<>();
        long t0 = System.nanoTime();
        for (String t : texts) {
            String got = detector.detect(t);
            if (got.equals(want)) {
                right++;
            } else {
                confusions.merge(got, 1, Integer::sum);
            }
        }
        double micros = (System.nanoTime() - t0) / 1e3 / Math.max(1, texts.size());
        System.out.printf(Locale.ROOT, "%-48s %4d/%-4d %6.1f%%  %7.1f us/text  wrong: %s%n", name, right, texts.size(),
                100.0 * right / Math.max(1, texts.size()), micros, confusions);
    }
}
