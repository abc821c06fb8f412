package io.github.astrorag.core.part;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Retriever;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartRegistryTest {

    /** A provider of one retriever with one setting, to test the registry alone. */
    static final class Own implements PartProvider {
        @Override
        public List<Part<?>> parts() {
            return List.of(Part.builder(Role.RETRIEVER, "nearest", "the dense retriever under another name",
                    (s, c) -> new DenseRetriever()).setting(Setting.integer("k", "a setting", 3, 1, 9)).build());
        }
    }

    @Test
    void theInstalledRegistryHoldsRagCoresParts() {
        PartRegistry parts = PartRegistry.installed();
        assertThat(parts.names(Role.RETRIEVER)).contains("dense");
        assertThat(parts.names(Role.SELECTOR)).contains("budget");
        assertThat(parts.names(Role.GENERATOR)).contains("extractive", "openai", "tgi");
        assertThat(parts.names(Role.EMBEDDER)).contains("hashing", "openai", "tei");
        assertThat(parts.names(Role.LOADER)).contains("text", "pdf");
        assertThat(PartRegistry.installed()).isSameAs(parts);
    }

    @Test
    void makesAPartFromItsSpecWithCheckedSettings() {
        PartRegistry parts = PartRegistry.installed();
        PartContext c = PartContext.of(parts, new HashingEmbedder());
        assertThat(parts.create(Role.SELECTOR, "budget:order=edges", c)).isInstanceOf(TokenBudgetSelector.class)
                .extracting(s -> s.describe().get("order")).isEqualTo("edges");
        assertThat(parts.create(Role.EMBEDDER, "hashing:dimension=64", c).dimension()).isEqualTo(64);
        assertThat(parts.create(Role.GENERATOR, "extractive:min-support=0.3", c).describe()).containsEntry("minSupport", 0.3);
    }

    @Test
    void unknownNamesAndSettingsAreRefusedWithWhatExists() {
        PartRegistry parts = PartRegistry.of(List.of(new Own()));
        PartContext c = PartContext.of(parts);
        assertThatThrownBy(() -> parts.create(Role.RETRIEVER, "hybrid", c))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("unknown retriever 'hybrid': use one of nearest");
        assertThatThrownBy(() -> parts.create(Role.RETRIEVER, "nearest:top=3", c))
                .hasMessage("retriever nearest takes no setting 'top': its settings are k");
        assertThatThrownBy(() -> parts.create(Role.RETRIEVER, "nearest:k=0", c))
                .hasMessage("retriever nearest: setting k must be a whole number in [1, 9], was '0'");
        Retriever r = parts.create(Role.RETRIEVER, "NEAREST:k=2", c);
        assertThat(r).isInstanceOf(DenseRetriever.class);
    }

    @Test
    void aRequiredSettingMustBeGiven() {
        PartRegistry parts = PartRegistry.installed();
        assertThatThrownBy(() -> parts.create(Role.GENERATOR, "openai:model=m", PartContext.of(parts, new HashingEmbedder())))
                .hasMessage("generator openai needs base-url: write openai:base-url=...");
    }

    @Test
    void twoProvidersMayNotNameOnePartAlike() {
        assertThatThrownBy(() -> PartRegistry.of(List.of(new Own(), new Own())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("retriever nearest is contributed twice");
    }

    @Test
    void aPartThatEmbedsNeedsThePipelinesEmbedder() {
        PartRegistry parts = PartRegistry.installed();
        assertThatThrownBy(() -> parts.create(Role.GENERATOR, "extractive", PartContext.of(parts)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("this part embeds");
    }

    @Test
    void theTableListsEveryPartWithItsSettings() {
        String table = PartRegistry.of(List.of(new Own())).markdownTable();
        assertThat(table).isEqualTo("| role | name | settings | what it is |\n|---|---|---|---|\n"
                + "| retriever | `nearest` | k (integer 1..9, default 3): a setting | the dense retriever under another name |\n");
        assertThat(PartSpec.of("nearest").with(Map.of("k", "2")).settings()).containsEntry("k", "2");
    }
}
