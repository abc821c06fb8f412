package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.pipeline.RagPipeline;
import org.junit.jupiter.api.Test;

class PipelineRegistryTest {

    @Test
    void naiveIsTheCoreDefaultsWithTheRunsEmbedderAndBudget() {
        EvalSettings s = new EvalSettings(300, "hashing", new HashingEmbedder(), 1, true, false);
        RagPipeline p = PipelineRegistry.defaults().get("naive").factory().apply(s);
        assertThat(p.budget()).isEqualTo(300);
        assertThat(p.embedder()).isSameAs(s.embedder());
        assertThat(p.describe().get("retriever")).isEqualTo(java.util.Map.of("name", "dense"));
    }

    @Test
    void everyBuiltInPipelineBuildsAndAnswersWithinTheBudget() {
        EvalSettings settings = new EvalSettings(120, "hashing", new HashingEmbedder(), 1, true, false);
        java.util.List<io.github.astrorag.core.model.Document> docs = java.util.List.of(
                io.github.astrorag.core.model.Document.of("a", "Vega is a bright star in Lyra. It is 25 light-years away."),
                io.github.astrorag.core.model.Document.of("b", "Deneb is in Cygnus and is far more distant."),
                io.github.astrorag.core.model.Document.of("c", "Altair is in Aquila."));
        PipelineRegistry registry = PipelineRegistry.defaults();
        assertThat(registry.names()).containsExactly("default", "corag", "astrorag", "corag-paper", "naive", "bm25", "rrf",
                "weighted", "mmr", "coverage", "upper", "mcts-evidence", "upper-evidence", "default-dense");
        for (String name : registry.names()) {
            RagPipeline pipeline = registry.get(name).factory().apply(settings);
            try (var instance = pipeline.openDocuments(docs)) {
                var answer = instance.ask("How far away is Vega?");
                assertThat(answer.context().tokens()).as(name).isLessThanOrEqualTo(120);
                assertThat(answer.context().chunks()).as(name).isNotEmpty();
                assertThat(answer.trace().config().get("embedder")).as(name).isEqualTo(java.util.Map.of("name", "hashing", "dimension", 384, "extractiveMinSupport", 0.25));
            }
        }
    }

    @Test
    void aPresetTakesItsSettingsFromTheSpec() {
        EvalSettings s = new EvalSettings(300, "hashing", new HashingEmbedder(), 1, true, false);
        PipelineRegistry r = PipelineRegistry.defaults();
        assertThat(r.get("weighted").factory().apply(s).describe().get("retriever")).asString()
                .contains("fusion=weighted", "bm25Weight=0.3");
        assertThat(r.get("weighted:bm25-weight=0.75").name()).isEqualTo("weighted:bm25-weight=0.75");
        assertThat(r.get("weighted:bm25-weight=0.75").factory().apply(s).describe().get("retriever")).asString()
                .contains("fusion=weighted", "bm25Weight=0.75");
        assertThatThrownBy(() -> r.get("weighted:bm25-weight=1.5"))
                .hasMessageContaining("preset weighted: setting bm25-weight must be a number in [0.0, 1.0], was '1.5'");
        assertThatThrownBy(() -> r.get("weighted:bm25-weight=x")).hasMessageContaining("must be a number");
        assertThatThrownBy(() -> r.get("weighted:k=3")).hasMessageContaining("preset weighted takes no setting 'k': its settings are bm25-weight");
        assertThatThrownBy(() -> PipelineRegistry.empty().get("weighted:bm25-weight=0.5")).hasMessageContaining("unknown pipeline");
        java.util.Map<String, Object> fused = r.get("default:bm25-weight=0.4,coverage-weight=0.5").factory().apply(s).describe();
        assertThat(fused.get("retriever")).asString().contains("fusion=weighted", "bm25Weight=0.4");
        assertThat(fused.get("selector")).asString().contains("name=bridging-coverage", "weight=0.5");
    }

    @Test
    void extendsByNameAndRefusesClashes() {
        PipelineRegistry r = PipelineRegistry.defaults().with("half", "naive at half the budget",
                s -> RagPipeline.builder().embedder(s.embedder()).budget(s.budget() / 2).build());
        assertThat(r.names()).startsWith("default").endsWith("default-dense", "half").doesNotHaveDuplicates();
        assertThat(PipelineRegistry.defaults().names()).doesNotContain("half");
        assertThatThrownBy(() -> r.with("naive", "again", s -> null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already registered");
        assertThatThrownBy(() -> r.with("chance", "x", s -> null)).hasMessageContaining("reserved");
        assertThatThrownBy(() -> r.get("random")).hasMessageContaining("unknown pipeline 'random': use one of default, corag")
                .hasMessageContaining("default-dense, half");
    }
}
