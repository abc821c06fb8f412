package io.github.astrorag.langdetect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.LanguageDetector;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class OpenNlpLanguageDetectorTest {

    private static final OpenNlpLanguageDetector DETECTOR = OpenNlpLanguageDetector.defaults();

    @Test
    void latinLanguagesAreToldApart() {
        assertThat(DETECTOR.detect("Die Stadt liegt am Ufer des Flusses und hat viele alte Brücken.")).isEqualTo("de");
        assertThat(DETECTOR.detect("La ville se trouve au bord du fleuve et possède de nombreux vieux ponts."))
                .isEqualTo("fr");
        assertThat(DETECTOR.detect("La ciudad está a orillas del río y tiene muchos puentes antiguos.")).isEqualTo("es");
        assertThat(DETECTOR.detect("The city lies on the bank of the river and has many old bridges.")).isEqualTo("en");
    }

    @Test
    void nonLatinScriptsAreDecidedByTheScript() {
        assertThat(DETECTOR.detect("月球距离地球有多远？")).isEqualTo("zh");
        assertThat(DETECTOR.detect("ما هي عاصمة المغرب؟")).isEqualTo("ar");
        assertThat(DETECTOR.detect("กรุงเทพมหานครมีประชากรเท่าไร")).isEqualTo("th");
        assertThat(DETECTOR.detect("東京タワーの高さはどれくらいですか")).isEqualTo("ja");
    }

    @Test
    void noLettersIsUndetermined() {
        assertThat(DETECTOR.detect("")).isEqualTo(LanguageDetector.UNDETERMINED);
        assertThat(DETECTOR.detect("1234 5678 -- 3.14")).isEqualTo(LanguageDetector.UNDETERMINED);
        assertThatThrownBy(() -> DETECTOR.detect(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void shortEnglishQuestionsStayEnglish() throws IOException {
        for (String q : lines("en")) {
            assertThat(DETECTOR.detect(q)).as(q).isEqualTo("en");
        }
    }

    /** 20 hand-written questions each; the measured figures (docs/languages.md): de 18, fr, es, it, pt 20. */
    @Test
    void handWrittenQuestionsAsMeasured() throws IOException {
        assertThat(right("de")).isEqualTo(18);
        assertThat(right("fr")).isEqualTo(20);
        assertThat(right("es")).isEqualTo(20);
        assertThat(right("it")).isEqualTo(20);
        assertThat(right("pt")).isEqualTo(20);
    }

    @Test
    void candidatesLimitTheAnswer() {
        OpenNlpLanguageDetector enDe = OpenNlpLanguageDetector.builder().candidates(Set.of("en", "de")).build();
        assertThat(enDe.detect("La ville se trouve au bord du fleuve et possède de nombreux vieux ponts."))
                .isIn("en", "de");
        assertThat(enDe.candidates()).containsExactly("de", "en");
        OpenNlpLanguageDetector neverLeavesEnglish = OpenNlpLanguageDetector.builder().minConfidence(1).build();
        assertThat(neverLeavesEnglish.detect("Die Stadt liegt am Ufer des Flusses und hat viele alte Brücken."))
                .isEqualTo("en");
        assertThat(OpenNlpLanguageDetector.builder().candidates(Set.of("all")).build().candidates())
                .hasSize(OpenNlpLanguageDetector.supportedLanguages().size()).contains("en", "de", "zh", "fa", "et");
    }

    @Test
    void iso639_3IsAnsweredAsBcp47() {
        assertThat(OpenNlpLanguageDetector.bcp47("eng")).isEqualTo("en");
        assertThat(OpenNlpLanguageDetector.bcp47("deu")).isEqualTo("de");
        assertThat(OpenNlpLanguageDetector.bcp47("fra")).isEqualTo("fr");
        assertThat(OpenNlpLanguageDetector.bcp47("spa")).isEqualTo("es");
        assertThat(OpenNlpLanguageDetector.bcp47("cmn")).isEqualTo("zh");
        assertThat(OpenNlpLanguageDetector.bcp47("pes")).isEqualTo("fa");
        assertThat(OpenNlpLanguageDetector.bcp47("heb")).isEqualTo("he");
        assertThat(OpenNlpLanguageDetector.bcp47("ceb")).isEqualTo("ceb");
        // 103 ISO 639-3 codes; fas and pes, est and ekk, lav and lvs are one BCP 47 code each
        assertThat(OpenNlpLanguageDetector.supportedLanguages()).hasSize(100);
    }

    @Test
    void builderFailsFast() {
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().minConfidence(0.5).minConfidence(0.6))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("minConfidence");
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().minConfidence(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minConfidence");
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().candidates(Set.of("en")).candidates(Set.of("de")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("candidates");
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().candidates(Set.of("en", "xx")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'xx'");
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().candidates(Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidates");
        assertThatThrownBy(() -> OpenNlpLanguageDetector.builder().candidates(null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void sameAnswersFromManyThreads() throws Exception {
        List<String> texts = new ArrayList<>();
        for (String l : List.of("de", "fr", "es", "it", "pt", "en")) {
            texts.addAll(lines(l));
        }
        List<String> once = texts.stream().map(DETECTOR::detect).toList();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> runs = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                runs.add(pool.submit(() -> texts.stream().map(DETECTOR::detect).toList()));
            }
            for (Future<List<String>> r : runs) {
                assertThat(r.get()).isEqualTo(once);
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void thePartByName() {
        PartRegistry parts = PartRegistry.installed();
        assertThat(parts.names(Role.LANGUAGE_DETECTOR)).contains("script", "opennlp");
        LanguageDetector d = parts.create(Role.LANGUAGE_DETECTOR, "opennlp:candidates=en+fr,min-confidence=0.5",
                PartContext.of(parts));
        assertThat(d).isInstanceOf(OpenNlpLanguageDetector.class);
        assertThat(((OpenNlpLanguageDetector) d).candidates()).containsExactly("en", "fr");
        assertThat(((OpenNlpLanguageDetector) d).minConfidence()).isEqualTo(0.5);
        assertThat(d.describe()).containsEntry("name", "opennlp");
        assertThat(d.detect("Quelle est la capitale du Canada ?")).isEqualTo("fr");
        LanguageDetector byDefault = parts.create(Role.LANGUAGE_DETECTOR, "opennlp", PartContext.of(parts));
        assertThat(((OpenNlpLanguageDetector) byDefault).minConfidence())
                .isEqualTo(OpenNlpLanguageDetector.DEFAULT_MIN_CONFIDENCE);
        assertThat(((OpenNlpLanguageDetector) byDefault).candidates())
                .containsExactlyInAnyOrderElementsOf(OpenNlpLanguageDetector.DEFAULT_CANDIDATES);
        assertThat(parts.create(Role.LANGUAGE_DETECTOR, "script", PartContext.of(parts)).detect("Wer schrieb den Faust?"))
                .isEqualTo("en");
    }

    private static int right(String language) throws IOException {
        int n = 0;
        for (String q : lines(language)) {
            if (DETECTOR.detect(q).equals(language)) {
                n++;
            }
        }
        return n;
    }

    private static List<String> lines(String language) throws IOException {
        try (InputStream in = OpenNlpLanguageDetectorTest.class.getResourceAsStream("/questions/" + language + ".txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }
}
