package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TermsTest {

    private static final Analyzer LUCENE = new EnglishAnalyzer();

    static List<String> lucene(String text) {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = LUCENE.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Test
    void englishAnalysisDropsStopWordsAndPossessivesAndStems() {
        assertThat(Terms.of("The Stars and the Moon's craters")).containsExactly("star", "moon", "crater");
        // "what" is no Lucene stop word; Porter: galaxies → galaxi (step 1a ies → i)
        assertThat(Terms.of("What are the galaxies of the Local Group?")).containsExactly("what", "galaxi", "local", "group");
        assertThat(Terms.of("Running runs ran")).containsExactly("run", "run", "ran");
    }

    @Test
    void aTextWithoutContentWordsHasNoTerms() {
        assertThat(Terms.of("the and of")).isEmpty();
        assertThat(Terms.of("")).isEmpty();
        assertThat(Terms.of(" ,.;! ")).isEmpty();
    }

    @Test
    void wordsKeepTheirInnerPunctuationByTheUnicodeRules() {
        assertThat(Terms.of("U.S.A. can't 3.14 1,000 e.g. a:b snake_case x2 2x")).containsExactly(
                "u.s.a", "can't", "3.14", "1,000", "e.g", "a:b", "snake_cas", "x2", "2x");
        assertThat(Terms.of("東京タワー")).containsExactly("東", "京", "タワー");
        assertThat(Terms.of("a".repeat(300))).containsExactly("a".repeat(255), "a".repeat(45));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "The Hubble Space Telescope's spectrograph (STIS) resolved lines at 656.3 nm; R = 10,000.",
        "Don't, won't, o'clock, rock'n'roll, 'quoted', ‘curly’, the Sun’s core, JAMES'S, 1'000",
        "3.14.15 1..2 a..b .5 5. -7 +8 10:30 a:b: :c x_ __ _y_ π≈3.14 naïve café résumé coöperate",
        "Über straße ΑΒΓ σοφία İstanbul Ǆ ﬁnal ⅫⅢ Ωmega ½ ² x² 4th 21st",
        "ᠤᠷᠠᠳ\u202Fᠤᠨ e\u0301 a\u200Db a\u200Bb a\u00ADb ع\u064Eرب हिन्दी ไทย 한국어 カタカナ ひらがな 漢字",
        "http://example.org/a?b=c user@example.com #tag @mention C++ C# .NET node.js v1.2.3",
        "☉ ♂ ♄ ⛢ ☿ ♥️ 👩\u200D💻 🇫🇷 1️⃣ © ™ ★ 🔭 telescope🔭",
        "relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli "
        + "vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness "
        + "callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti "
        + "electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable "
        + "defensible irritant replacement adjustment dependent adoption homologou communism activate "
        + "angulariti homologous effective bowdlerize probate rate cease controll roll caresses ponies "
        + "ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping "
        + "tanned falling hissing fizzed failing filing happy sky archaeology geology biology abli yy ied"
    })
    void agreesWithLucenesEnglishAnalyzer(String text) {
        assertThat(Terms.of(text)).isEqualTo(lucene(text));
    }

    @Test
    void agreesWithLucenesEnglishAnalyzerOnThisModulesSources() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("src/main/java"))) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(50);
        long terms = 0;
        for (Path f : files) {
            String text = Files.readString(f);
            List<String> ours = Terms.of(text);
            assertThat(ours).as(f.toString()).isEqualTo(lucene(text));
            terms += ours.size();
        }
        assertThat(terms).isGreaterThan(30_000);
    }

    /**
     * With {@code -Dterms.corpus=<folder>}: every {@code .md} and {@code .txt} file of the folder, and every line
     * of its {@code .jsonl} files, analysed by both; prints the count (without it, skipped).
     */
    @Test
    void agreesWithLucenesEnglishAnalyzerOverAnOutsideCorpusWhenOneIsGiven() throws IOException {
        String folder = System.getProperty("terms.corpus", "");
        assumeFalse(folder.isBlank(), "no -Dterms.corpus=<folder>");
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of(folder))) {
            files = s.filter(p -> p.toString().matches(".*\\.(md|txt|jsonl)$")).sorted().toList();
        }
        long texts = 0;
        long terms = 0;
        for (Path f : files) {
            String content = Files.readString(f, StandardCharsets.UTF_8);
            for (String text : f.toString().endsWith(".jsonl") ? content.split("\n") : new String[] {content}) {
                List<String> ours = Terms.of(text);
                assertThat(ours).as(f + ", text " + texts).isEqualTo(lucene(text));
                texts++;
                terms += ours.size();
            }
        }
        assertThat(texts).isPositive();
        System.out.printf("Terms agrees with Lucene's EnglishAnalyzer on %,d texts (%,d terms) of %s%n", texts, terms, folder);
    }
}
