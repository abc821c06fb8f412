package io.github.astrorag.examples.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.InvalidConfigurationException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.pipeline.RagPipeline;
import org.junit.jupiter.api.Test;

class SelectorRegistryTest {

    @Test
    void naiveIsTheCoreDefaultsWithTheRunsEmbedderAndBudget() {
        EvalSettings s = new EvalSettings(300, "hashing", new HashingEmbedder(), 1, true, false);
        RagPipeline p = SelectorRegistry.defaults().get("naive").factory().apply(s);
        assertThat(p.budget()).isEqualTo(300);
        assertThat(p.embedder()).isSameAs(s.embedder());
        assertThat(p.describe().get("retriever")).isEqualTo(java.util.Map.of("name", "dense"));
    }

    @Test
    void extendsByNameAndRefusesClashes() {
        SelectorRegistry r = SelectorRegistry.defaults().with("half", "naive at half the budget",
                s -> RagPipeline.builder().embedder(s.embedder()).budget(s.budget() / 2).build());
        assertThat(r.names()).containsExactly("naive", "half");
        assertThat(SelectorRegistry.defaults().names()).containsExactly("naive");
        assertThatThrownBy(() -> r.with("naive", "again", s -> null)).isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("already registered");
        assertThatThrownBy(() -> r.with("chance", "x", s -> null)).hasMessageContaining("reserved");
        assertThatThrownBy(() -> r.get("mmr")).hasMessageContaining("unknown selector 'mmr': use one of naive, half");
        assertThatThrownBy(() -> ModelRegistry.defaults().create("minilm-q"))
                .hasMessageContaining("unknown model 'minilm-q': use one of hashing");
    }
}
