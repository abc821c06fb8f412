package io.github.astrorag.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.token.TokenCounter;
import java.text.BreakIterator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Documents in scripts other than Latin are cut at sentence and word boundaries, never inside a word, and every chunk
 * is within the budget. The fixtures are sentences written for this test.
 */
class RecursiveTokenChunkerScriptsTest {

    private static final TokenCounter P50K = TokenCounter.p50k();
    private static final RecursiveTokenChunker SMALL = RecursiveTokenChunker.builder().maxTokens(40).overlap(0).build();

    /** Thai without spaces inside a phrase: runs far over 40 p50k tokens. */
    private static final String THAI = "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและเป็นเมืองที่มีประชากรมากที่สุดในประเทศ"
            + " แม่น้ำเจ้าพระยาไหลผ่านกลางเมืองจากทิศเหนือลงสู่อ่าวไทยทางทิศใต้"
            + " อาหารไทยมีชื่อเสียงไปทั่วโลกเพราะมีรสชาติเผ็ดเปรี้ยวหวานและเค็มอยู่ในจานเดียวกัน"
            + " ภาษาไทยมีพยัญชนะสี่สิบสี่ตัวและมีวรรณยุกต์ห้าเสียง";

    /** Chinese: sentences end at 。 with no space after it; the last sentence has no mark inside it at all. */
    private static final String CHINESE = "长城是中国古代的军事防御工程。它的修建持续了两千多年。今天的长城是著名的旅游景点，每年吸引大量游客。"
            + "我们在北京大学的图书馆里读了很多关于中国古代历史和文化的书籍并且认真地做了笔记然后和同学们讨论了很久";

    private static final String KOREAN = "서울은 대한민국의 수도이며 가장 큰 도시이다. 한강이 도시의 가운데를 동쪽에서 서쪽으로 흐른다. "
            + "조선 시대에는 한양이라고 불렸다. 지금은 천만 명에 가까운 사람들이 이 도시에 살고 있다.";

    private static final String ARABIC = "القاهرة هي عاصمة مصر وأكبر مدنها. يمر نهر النيل عبر المدينة من الجنوب إلى الشمال. "
            + "بنيت المدينة القديمة قبل أكثر من ألف عام. يزور الناس الأهرامات القريبة منها كل يوم.";

    @Test
    void aThaiDocumentIsCutAtDictionaryWordBoundariesWithinTheBudget() {
        List<Chunk> chunks = SMALL.chunk(Document.of("th", THAI));
        assertThat(chunks).hasSizeGreaterThan(THAI.split(" ").length); // the phrases themselves are over the budget
        assertWithinBudgetAtBoundaries(THAI, chunks, wordBoundaries(THAI, Locale.forLanguageTag("th")));
        for (Chunk c : chunks) {
            int first = c.text().codePointAt(0);
            assertThat(Character.getType(first)).as(c.text()).isNotEqualTo((int) Character.NON_SPACING_MARK);
        }
        assertThat(chunks).extracting(Chunk::text).doesNotContain("กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทยและเป็นเมืองที่มีประชากรมากที่สุดในประเทศ");
    }

    @Test
    void aChineseDocumentIsCutAtItsSentenceEndsAndElseBetweenCharacters() {
        List<Chunk> chunks = SMALL.chunk(Document.of("zh", CHINESE));
        Set<Integer> boundaries = new HashSet<>();
        for (int i = 0; i <= CHINESE.length(); i++) {
            boundaries.add(i); // every Han character is a word
        }
        assertWithinBudgetAtBoundaries(CHINESE, chunks, boundaries);
        // the sentences with a mark fit the budget one by one (two together do not), the third only cut at its
        // full-width comma; the long sentence without a mark is cut between characters
        assertThat(chunks).extracting(Chunk::text).startsWith("长城是中国古代的军事防御工程。", "它的修建持续了两千多年。",
                "今天的长城是著名的旅游景点，", "每年吸引大量游客。");
        assertThat(chunks.get(4).start()).isEqualTo(CHINESE.indexOf("我们"));
        assertThat(chunks).hasSizeGreaterThan(5);
    }

    @Test
    void koreanAndArabicDocumentsAreCutBetweenWordsWithinTheBudget() {
        for (String text : List.of(KOREAN, ARABIC)) {
            List<Chunk> chunks = SMALL.chunk(Document.of("d", text));
            assertThat(chunks).hasSizeGreaterThan(2);
            Set<Integer> boundaries = new HashSet<>(List.of(0, text.length()));
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == ' ') {
                    boundaries.add(i);
                    boundaries.add(i + 1);
                }
            }
            assertWithinBudgetAtBoundaries(text, chunks, boundaries);
        }
    }

    @Test
    void aKoreanDocumentIsCutAtItsSentenceEndsWhenTheyFit() {
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(80).overlap(0).build();
        List<Chunk> chunks = chunker.chunk(Document.of("ko", KOREAN));
        assertThat(chunks).hasSizeGreaterThan(1).allSatisfy(c -> assertThat(c.text()).endsWith("다."));
    }

    private static void assertWithinBudgetAtBoundaries(String text, List<Chunk> chunks, Set<Integer> boundaries) {
        int at = 0;
        for (Chunk c : chunks) {
            assertThat(c.text()).isEqualTo(text.substring(c.start(), c.end()));
            assertThat(P50K.count(c.text())).isEqualTo(c.tokens()).isLessThanOrEqualTo(40);
            assertThat(boundaries).as("start of %s", c.text()).contains(c.start());
            assertThat(boundaries).as("end of %s", c.text()).contains(c.end());
            assertThat(text.substring(at, c.start())).isBlank(); // nothing left out
            at = c.end();
        }
        assertThat(text.substring(at)).isBlank();
    }

    private static Set<Integer> wordBoundaries(String text, Locale locale) {
        BreakIterator words = BreakIterator.getWordInstance(locale);
        words.setText(text);
        Set<Integer> out = new HashSet<>();
        for (int b = words.first(); b != BreakIterator.DONE; b = words.next()) {
            out.add(b);
        }
        return out;
    }
}
