package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.Vectors;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** bge-small-zh-v1.5: a Chinese question finds its Chinese passage, where the English bge-small does no better than chance. */
class BgeSmallZhIT {

    /** Our own sentences: the telescope's mirror, a recipe, the weather. */
    private static final List<String> PASSAGES = List.of(
            "这台望远镜的主镜直径为八米，安装在海拔四千米的山顶上。",
            "把鸡蛋和面粉搅拌均匀，再放入烤箱烤二十分钟。",
            "明天上午有小雨，下午转晴，气温在十五度左右。");

    private static OnnxSentenceEmbedder zh;

    @BeforeAll
    static void load() {
        zh = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_ZH_V15_Q);
    }

    @AfterAll
    static void close() {
        zh.close();
    }

    @Test
    void aChineseQuestionFindsItsPassage() {
        List<float[]> passages = zh.embedDocuments(PASSAGES);
        for (float[] p : passages) {
            assertThat(p).hasSize(512);
            assertThat(Vectors.norm(p)).isCloseTo(1.0, within(1e-5));
        }
        String[] questions = {"望远镜的镜子有多大？", "蛋糕要烤多久？", "明天会下雨吗？"};
        for (int q = 0; q < questions.length; q++) {
            float[] question = zh.embedQuery(questions[q]);
            int best = 0;
            for (int i = 1; i < passages.size(); i++) {
                if (Vectors.dot(question, passages.get(i)) > Vectors.dot(question, passages.get(best))) {
                    best = i;
                }
            }
            assertThat(best).as(questions[q]).isEqualTo(q);
        }
    }

    @Test
    void itReadsChineseAndSaysSo() {
        assertThat(zh.languages()).isEqualTo(Set.of("zh"));
        assertThat(zh.describe()).containsEntry("name", "bge-small-zh-q").containsEntry("pooling", "cls");
        assertThat(SentenceModel.byId("bge-small-zh-q")).isEqualTo(SentenceModel.BGE_SMALL_ZH_V15_Q);
    }
}
