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

    /** Contributes an analyzer of its own and declares it the default: what rag-analysis does with {@code auto}. */
    static class Lowercasing implements PartProvider {
        @Override
        public List<Part<?>> parts() {
            return List.of(Part.builder(Role.ANALYZER, "letters", "lower-case letters only",
                    (s, c) -> io.github.astrorag.core.analysis.EnglishTermAnalyzer.builder().build()).build());
        }

        @Override
        public java.util.Optional<String> defaultAnalyzer() {
            return java.util.Optional.of("letters");
        }
    }

    @Test
    void aProviderMayDeclareTheAnalyzerEveryContextStartsWith() {
        io.github.astrorag.core.analysis.EnglishTermAnalyzer english = io.github.astrorag.core.analysis.EnglishTermAnalyzer.defaults();
        assertThat(PartRegistry.of(List.of(new Own())).defaultAnalyzer()).isSameAs(english);
        assertThat(PartContext.of(PartRegistry.of(List.of(new Own()))).analyzer()).isSameAs(english);
        PartRegistry declared = PartRegistry.of(List.of(new Own(), new Lowercasing()));
        assertThat(declared.defaultAnalyzer()).isNotSameAs(english).isSameAs(declared.defaultAnalyzer());
        assertThat(PartContext.of(declared).analyzer()).isSameAs(declared.defaultAnalyzer());
        assertThat(PartContext.of(declared, new HashingEmbedder()).analyzer()).isSameAs(declared.defaultAnalyzer());
        assertThatThrownBy(() -> PartRegistry.of(List.of(new Lowercasing(), new Lowercasing() {
            @Override
            public List<Part<?>> parts() {
                return List.of();
            }
        }))).isInstanceOf(IllegalStateException.class).hasMessageContaining("the default analyzer is declared twice");
        assertThatThrownBy(() -> PartRegistry.of(List.of(new PartProvider() {
            @Override
            public List<Part<?>> parts() {
                return List.of();
            }

            @Override
            public java.util.Optional<String> defaultAnalyzer() {
                return java.util.Optional.of("nowhere");
            }
        }))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nowhere");
    }
}
