package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** MLQA's matching, values counted by hand; beside each, what SQuAD's English matching gives. */
class MlqaMetricsTest {

    @Test
    void chineseIsComparedCharacterByCharacter() {
        // 共|发|射|136|次 (。 removed): the gold 136|次 is a run of its tokens, with or without the space
        assertThat(MlqaMetrics.normalize("共发射136次。")).isEqualTo("共 发 射 136 次");
        assertThat(MlqaMetrics.answerInContext("共发射136次。", List.of("136 次"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext("共发射136次。", List.of("136 次"))).isEqualTo(0.0);
        // 1360次 is no run of 136|次
        assertThat(MlqaMetrics.answerInContext("共发射1360次。", List.of("136 次"))).isEqualTo(0.0);
        // Unicode punctuation (「」 are Ps/Pe) goes
        assertThat(MlqaMetrics.exactMatch("「地球」", List.of("地球"))).isEqualTo(1.0);
        assertThat(SquadMetrics.exactMatch("「地球」", List.of("地球"))).isEqualTo(0.0);
        // 太|阳|系|的|行|星 against 第|三|颗|行|星: 2 in common, P = 2/6, R = 2/5, F1 = 4/11
        assertThat(MlqaMetrics.tokenF1("太阳系的行星", List.of("第三颗行星"))).isCloseTo(4.0 / 11, within(1e-12));
        assertThat(SquadMetrics.tokenF1("太阳系的行星", List.of("第三颗行星"))).isEqualTo(0.0);
    }

    @Test
    void japaneseKanaAndKanjiAreOneTokenEach() {
        // 月|は|地|球|の|衛|星|で|す (。 removed)
        assertThat(MlqaMetrics.tokens("月は地球の衛星です。")).containsExactly("月", "は", "地", "球", "の", "衛", "星", "で", "す");
        assertThat(MlqaMetrics.answerInContext("月は地球の衛星です。", List.of("衛星"))).isEqualTo(1.0);
    }

    @Test
    void thaiIsComparedCharacterByCharacterWithItsMarks() {
        // ด|ว|ง|จั|น|ท|ร์: the vowel ั and the mark ์ (Mn) stay with the letter before them
        assertThat(MlqaMetrics.tokens("ดวงจันทร์")).containsExactly("ด", "ว", "ง", "จั", "น", "ท", "ร์");
        assertThat(MlqaMetrics.answerInContext("ดวงจันทร์อยู่ห่างจากโลก", List.of("ดวงจันทร์"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext("ดวงจันทร์อยู่ห่างจากโลก", List.of("ดวงจันทร์"))).isEqualTo(0.0);
        // 7 tokens against จั|น|ท|ร์: 4 in common, P = 4/7, R = 1, F1 = 8/11
        assertThat(MlqaMetrics.tokenF1("ดวงจันทร์", List.of("จันทร์"))).isCloseTo(8.0 / 11, within(1e-12));
    }

    @Test
    void arabicIsSplitAtSpacesWithItsPunctuationRemoved() {
        String context = "يبعد القمر عن الأرض ٣٨٤ ألف كم، تقريبا.";
        // the Arabic comma ، (Po) goes: ... ألف كم تقريبا
        assertThat(MlqaMetrics.normalize(context)).isEqualTo("يبعد القمر عن الأرض ٣٨٤ ألف كم تقريبا");
        assertThat(MlqaMetrics.answerInContext(context, List.of("٣٨٤ ألف كم"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("٣٨٤ ألف كم"))).isEqualTo(0.0);
        // no article is removed: القمر stays whole (F1 of القمر against قمر is 0)
        assertThat(MlqaMetrics.tokenF1("القمر", List.of("قمر"))).isEqualTo(0.0);
        assertThat(MlqaMetrics.exactMatch("القمر؟", List.of("القمر"))).isEqualTo(1.0);
    }

    @Test
    void latinTextIsSplitAtSpacesAndKeepsItsArticles() {
        assertThat(MlqaMetrics.normalize("The  Moon's orbit — «elliptic»!")).isEqualTo("the moons orbit elliptic");
        assertThat(MlqaMetrics.tokenF1("", List.of(""))).isEqualTo(1.0);
        assertThat(MlqaMetrics.tokenF1("x", List.of("。"))).isEqualTo(0.0);
    }
}
