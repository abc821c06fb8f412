package io.github.astrorag.eval.bench;

import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The benchmarks' inputs: sections of the OpenStax Astronomy corpus when it is present, seeded
 * generated text otherwise.
 *
 * <p>The corpus is {@code astronomy-2e} of the evaluation data files (see docs/evaluation.md): under the
 * folder named by the system property {@code astrorag.data} when it is set and not blank (the {@code bench}
 * profile passes it on when given), or else under the first {@code shared/data} folder found walking up from
 * the working directory. Nothing of the corpus is copied into the project: it is read at run time.
 */
final class BenchData {

    /** The property naming the folder that holds {@code astronomy-2e}. */
    static final String DATA_PROPERTY = "astrorag.data";

    private static final String[] WORDS = ("star planet orbit light galaxy telescope mass energy gravity dust "
            + "cloud moon sun spectrum distance temperature nuclear fusion comet asteroid atmosphere surface "
            + "radiation wavelength observe measure universe expand cluster nebula pulsar magnitude parallax "
            + "redshift luminosity eclipse crater core mantle magnetic field solar wind interstellar medium "
            + "supernova remnant neutron white dwarf black hole accretion disk quasar cosmic background").split(" ");

    private BenchData() {
    }

    /** The corpus folder, or {@code null} when it is absent. */
    static Path corpus() {
        String property = System.getProperty(DATA_PROPERTY);
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

    /** The corpus's Markdown files in name order; empty when the corpus is absent. */
    static List<Path> corpusFiles() {
        Path corpus = corpus();
        if (corpus == null) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(corpus)) {
            return s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Documents of at least {@code minChars} characters in total: the corpus's sections in name order,
     * or generated documents of about 20,000 characters each when the corpus is absent.
     */
    static List<Document> documents(int minChars) {
        List<Document> out = new ArrayList<>();
        long chars = 0;
        List<Path> files = corpusFiles();
        if (!files.isEmpty()) {
            FileSystemDocumentLoader loader = FileSystemDocumentLoader.defaults();
            for (Path f : files) {
                for (Document d : loader.load(f)) {
                    out.add(d);
                    chars += d.text().length();
                }
                if (chars >= minChars) {
                    return out;
                }
            }
            return out;
        }
        Random random = new Random(42);
        for (int i = 0; chars < minChars; i++) {
            String text = generatedText(random, 20_000);
            out.add(Document.of("generated-" + i + ".md", text));
            chars += text.length();
        }
        return out;
    }

    /** Where the documents come from, for the benchmark's log. */
    static String source() {
        Path corpus = corpus();
        return corpus == null ? "generated text (no astronomy-2e found; set -D" + DATA_PROPERTY + ")" : corpus.toString();
    }

    /**
     * Seeded prose of about {@code chars} characters: sentences of 8 to 22 words, paragraphs of 3 to 7
     * sentences, a Markdown heading every few paragraphs.
     */
    static String generatedText(Random random, int chars) {
        StringBuilder text = new StringBuilder();
        int paragraph = 0;
        while (text.length() < chars) {
            if (paragraph % 5 == 0) {
                text.append("## ").append(capitalised(WORDS[random.nextInt(WORDS.length)])).append(' ')
                        .append(WORDS[random.nextInt(WORDS.length)]).append("\n\n");
            }
            int sentences = 3 + random.nextInt(5);
            for (int s = 0; s < sentences; s++) {
                text.append(sentence(random)).append(s + 1 < sentences ? " " : "\n\n");
            }
            paragraph++;
        }
        return text.toString();
    }

    /** One seeded sentence of 8 to 22 words ending in a full stop. */
    static String sentence(Random random) {
        StringBuilder s = new StringBuilder();
        int len = 8 + random.nextInt(15);
        for (int i = 0; i < len; i++) {
            String w = WORDS[random.nextInt(WORDS.length)];
            s.append(i == 0 ? capitalised(w) : " " + w);
        }
        return s.append('.').toString();
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
