package io.github.astrorag.core.language;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.LanguageDetector;
import org.junit.jupiter.api.Test;

class ScriptLanguageDetectorTest {

    private final ScriptLanguageDetector d = new ScriptLanguageDetector();

    @Test
    void eachScriptNamesItsLanguage() {
        assertThat(d.detect("探测器一共飞掠了多少次？")).isEqualTo("zh");
        assertThat(d.detect("月は地球の衛星です。")).isEqualTo("ja");
        assertThat(d.detect("서울은 한국의 수도입니다.")).isEqualTo("ko");
        assertThat(d.detect("ดวงจันทร์อยู่ห่างจากโลกเท่าไร")).isEqualTo("th");
        assertThat(d.detect("كم يبعد القمر عن الأرض؟")).isEqualTo("ar");
        assertThat(d.detect("चंद्रमा पृथ्वी से कितनी दूर है?")).isEqualTo("hi");
        assertThat(d.detect("Как далеко Луна от Земли?")).isEqualTo("ru");
        assertThat(d.detect("Πόσο απέχει η Σελήνη από τη Γη;")).isEqualTo("el");
        assertThat(d.detect("כמה רחוק הירח?")).isEqualTo("he");
    }

    @Test
    void anUnreadLanguageIsOneOutsideTheReadOnesAndDetermined() {
        assertThat(d.unreadLanguage("كم يبعد القمر عن الأرض؟", java.util.Set.of("en"))).isEqualTo("ar");
        assertThat(d.unreadLanguage("探测器一共飞掠了多少次？", java.util.Set.of("en", "zh"))).isNull();
        assertThat(d.unreadLanguage("How far is the Moon?", java.util.Set.of("en"))).isNull();
        assertThat(d.unreadLanguage("42 + 7 = ?", java.util.Set.of("en"))).isNull();
        assertThat(d.unreadLanguage("كم يبعد القمر عن الأرض؟", java.util.Set.of())).isNull();
    }

    @Test
    void latinTextGoesToTheLatinDetectorAndTextWithoutLettersIsUndetermined() {
        assertThat(d.detect("How far is the Moon from the Earth?")).isEqualTo("en");
        assertThat(d.detect("Wie weit ist der Mond entfernt?")).isEqualTo("en"); // the script cannot tell
        assertThat(new ScriptLanguageDetector(text -> "de").detect("Wie weit ist der Mond entfernt?")).isEqualTo("de");
        assertThat(d.detect("1519 — 2024 !?")).isEqualTo(LanguageDetector.UNDETERMINED);
        assertThat(d.detect("")).isEqualTo(LanguageDetector.UNDETERMINED);
    }

    @Test
    void aChineseTextWithAnEnglishNameIsChineseAndAFewCjkWordsInEnglishAreEnglish() {
        // 12 Han letters weigh 36 against 10 Latin letters
        assertThat(d.detect("胜任力（英语：Competence）是指某个个人能够")).isEqualTo("zh");
        // 2 Han letters weigh 6 against 31 Latin ones
        assertThat(d.detect("The word 银河 means the Milky Way in Chinese")).isEqualTo("en");
    }

    @Test
    void thePartScriptByNameIsTheDefault() {
        PartRegistry parts = PartRegistry.installed();
        assertThat(Role.of("language-detector")).isSameAs(Role.LANGUAGE_DETECTOR);
        assertThat(parts.names(Role.LANGUAGE_DETECTOR)).containsExactly("script");
        LanguageDetector d = parts.create(Role.LANGUAGE_DETECTOR, "script", PartContext.of(parts));
        assertThat(d).isInstanceOf(ScriptLanguageDetector.class);
        assertThat(d.describe()).isEqualTo(LanguageDetectors.installed().describe());
        assertThat(d.detect("Wer schrieb den Faust?")).isEqualTo("en");
    }
}
