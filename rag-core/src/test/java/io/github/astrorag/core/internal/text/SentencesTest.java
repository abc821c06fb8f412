package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.testing.CpuBudget;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SentencesTest {

    @Test
    void splitsAtSentenceEndsAndBlankLinesButNotAbbreviationsOrWrappedLines() {
        String text = "Dr. Rubin measured rotation curves. They stayed flat!\nWhy? Nobody knew\nat first.\n\nHeading";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "Dr. Rubin measured rotation curves.", "They stayed flat!", "Why?", "Nobody knew\nat first.", "Heading");
    }

    @Test
    void aShortLineBeforeACapitalIsAHeading() {
        assertThat(Sentences.split("Performance\nThe slit is narrow and the grating of the instrument\nHolds still. Done.")).extracting(Sentences.Span::text)
                .containsExactly("Performance", "The slit is narrow and the grating of the instrument\nHolds still.", "Done.");
    }

    @Test
    void spansPointIntoTheText() {
        String text = "  One. Two.  ";
        for (Sentences.Span s : Sentences.split(text)) {
            assertThat(text.substring(s.start(), s.end())).isEqualTo(s.text());
        }
    }

    @Test
    void anAbbreviationIsJudgedOnTheWholeWordBeforeTheStop() {
        assertThat(Sentences.split("See Dr. Who. Supercalifragilisticdr. Next one.")).extracting(Sentences.Span::text)
                .containsExactly("See Dr. Who.", "Supercalifragilisticdr.", "Next one.");
    }

    @Test
    void aMegabyteOfInitialsIsSplitInLinearTime() {
        String initials = "a. B ".repeat(210_000) + "end.";
        List<Sentences.Span> spans = CpuBudget.within(Duration.ofSeconds(60), () -> Sentences.split(initials));
        assertThat(spans).singleElement().satisfies(s -> assertThat(s.end()).isEqualTo(initials.length()));
    }

    @Test
    void koreanSentencesEndAtAStopBeforeHangulThatHasNoCase() {
        String text = "서울은 대한민국의 수도이다. 한강이 도시의 가운데를 흐른다! 인구는 약 천만 명인가? 그렇다.";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "서울은 대한민국의 수도이다.", "한강이 도시의 가운데를 흐른다!", "인구는 약 천만 명인가?", "그렇다.");
    }

    @Test
    void chineseAndJapaneseSentencesEndAtFullWidthMarksWithoutASpace() {
        String text = "长城很长。它有两千多年的历史！你去过吗？？他说：“我去过。”然后笑了。東京は大きい。";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "长城很长。", "它有两千多年的历史！", "你去过吗？？", "他说：“我去过。”", "然后笑了。", "東京は大きい。");
    }

    @Test
    void hindiSentencesEndAtTheDandaAndDoubleDanda() {
        String text = "गंगा भारत की सबसे लंबी नदी है। यह हिमालय से निकलती है॥ लोग इसे पवित्र मानते हैं।";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "गंगा भारत की सबसे लंबी नदी है।", "यह हिमालय से निकलती है॥", "लोग इसे पवित्र मानते हैं।");
    }

    @Test
    void arabicSentencesEndAtTheArabicQuestionMarkAndAStopBeforeAnArabicLetter() {
        String text = "ما هي عاصمة مصر؟ القاهرة هي العاصمة. يمر نهر النيل بها.";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "ما هي عاصمة مصر؟", "القاهرة هي العاصمة.", "يمر نهر النيل بها.");
    }

    @Test
    void ethiopicMyanmarArmenianAndKhmerMarksEndSentences() {
        assertThat(Sentences.split("ሰላም ነው። ደህና ነኝ።")).extracting(Sentences.Span::text)
                .containsExactly("ሰላም ነው።", "ደህና ነኝ።");
        assertThat(Sentences.split("မင်္ဂလာပါ။ နေကောင်းလား။")).extracting(Sentences.Span::text)
                .containsExactly("မင်္ဂလာပါ။", "နေကောင်းလား။");
        assertThat(Sentences.split("Բարեւ։ Ինչպե՞ս ես։")).extracting(Sentences.Span::text)
                .containsExactly("Բարեւ։", "Ինչպե՞ս ես։");
        assertThat(Sentences.split("សួស្តី។ សុខសប្បាយទេ។")).extracting(Sentences.Span::text)
                .containsExactly("សួស្តី។", "សុខសប្បាយទេ។");
    }

    @Test
    void aSpaceBetweenThaiLettersIsASentenceBreakButNotASpaceBeforeADigit() {
        String text = "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย แม่น้ำเจ้าพระยาไหลผ่านเมืองนี้ในปี 2020 มีฝนมาก";
        assertThat(Sentences.split(text)).extracting(Sentences.Span::text).containsExactly(
                "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย", "แม่น้ำเจ้าพระยาไหลผ่านเมืองนี้ในปี 2020 มีฝนมาก");
    }

    @Test
    void englishWithAForeignWordAfterAnAbbreviationStillJoins() {
        assertThat(Sentences.split("It is written e.g. 北京 in Chinese. Next.")).extracting(Sentences.Span::text)
                .containsExactly("It is written e.g. 北京 in Chinese.", "Next.");
    }
}
