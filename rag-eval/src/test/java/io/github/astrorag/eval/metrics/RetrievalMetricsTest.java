package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RetrievalMetricsTest {

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Test
    void supportRecallAndFullSupport() {
        Set<String> gold = Set.of("Shirley Temple", "Kiss and Tell");
        assertThat(RetrievalMetrics.supportRecall(List.of("Shirley Temple", "Janet Waldo"), gold)).isEqualTo(0.5);
        assertThat(RetrievalMetrics.fullSupport(List.of("Shirley Temple", "Janet Waldo"), gold)).isZero();
        assertThat(RetrievalMetrics.fullSupport(List.of("Kiss and Tell", "x", "Shirley Temple"), gold)).isEqualTo(1.0);
        assertThat(RetrievalMetrics.supportRecall(List.of(), gold)).isZero();
    }

    @Test
    void supportPrecisionIsTheShareOfEvidenceTokens() {
        // 120 + 30 tokens of supporting documents, 50 of another: 150 / 200
        Map<String, Integer> tokens = new LinkedHashMap<>();
        tokens.put("A", 120);
        tokens.put("B", 50);
        tokens.put("D", 30);
        assertThat(RetrievalMetrics.supportPrecision(tokens, Set.of("A", "D", "E"))).isEqualTo(0.75);
        assertThat(RetrievalMetrics.supportPrecision(Map.of("B", 50), Set.of("A"))).isZero();
        assertThat(RetrievalMetrics.supportPrecision(Map.of("A", 7, "B", 0), Set.of("A"))).isEqualTo(1.0);
        assertThatThrownBy(() -> RetrievalMetrics.supportPrecision(Map.of("A", 0), Set.of("A")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without tokens");
        assertThatThrownBy(() -> RetrievalMetrics.supportPrecision(Map.of("A", 3), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("undefined");
    }

    @Test
    void ndcgByHand() {
        // ranks: B=1, A=2 (its second chunk repeats), C=3, D=4; relevant {A, D}
        List<String> ranked = List.of("B", "A", "B", "A", "C", "D");
        double dcg = 1 / log2(3) + 1 / log2(5);   // 0.63093 + 0.43068
        double idcg = 1 + 1 / log2(3);            // 1.63093
        assertThat(RetrievalMetrics.ndcgAt(10, ranked, Set.of("A", "D"))).isCloseTo(dcg / idcg, within(1e-12));
        assertThat(RetrievalMetrics.ndcgAt(10, ranked, Set.of("A", "D"))).isCloseTo(0.6509, within(1e-4));
        // cut at 2: only A counts; the ideal still has two relevant documents
        assertThat(RetrievalMetrics.ndcgAt(2, ranked, Set.of("A", "D"))).isCloseTo((1 / log2(3)) / idcg, within(1e-12));
        assertThat(RetrievalMetrics.ndcgAt(10, List.of("A"), Set.of("A"))).isEqualTo(1.0);
    }

    @Test
    void recallAtK() {
        List<String> ranked = List.of("B", "B", "A", "C", "D");
        assertThat(RetrievalMetrics.recallAt(2, ranked, Set.of("A", "D"))).isEqualTo(0.5);
        assertThat(RetrievalMetrics.recallAt(1, ranked, Set.of("A", "D"))).isZero();
        assertThat(RetrievalMetrics.recallAt(10, ranked, Set.of("A", "D", "E"))).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(RetrievalMetrics.documentsInOrder(ranked)).containsExactly("B", "A", "C", "D");
    }

    @Test
    void undefinedWithoutSupportingDocuments() {
        assertThatThrownBy(() -> RetrievalMetrics.ndcgAt(10, List.of("A"), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("undefined");
        assertThatThrownBy(() -> RetrievalMetrics.recallAt(0, List.of("A"), Set.of("A")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("k must be at least 1");
    }
}
