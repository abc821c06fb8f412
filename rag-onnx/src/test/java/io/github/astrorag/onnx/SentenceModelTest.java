package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SentenceModelTest {

    @Test
    void idsAreTheShortNames() {
        assertThat(SentenceModel.ALL_MINILM_L6_V2_Q.id()).isEqualTo("minilm-q");
        assertThat(SentenceModel.ALL_MINILM_L6_V2.id()).isEqualTo("minilm");
        assertThat(SentenceModel.BGE_SMALL_EN_V15_Q.id()).isEqualTo("bge-small-q");
        assertThat(SentenceModel.E5_SMALL_V2_Q.id()).isEqualTo("e5-small-q");
    }

    @ParameterizedTest
    @EnumSource(SentenceModel.class)
    void byIdFindsEveryModelIgnoringCaseAndSpace(SentenceModel m) {
        assertThat(SentenceModel.byId(m.id())).isSameAs(m);
        assertThat(SentenceModel.byId(" " + m.id().toUpperCase(java.util.Locale.ROOT) + " ")).isSameAs(m);
    }

    @ParameterizedTest
    @EnumSource(SentenceModel.class)
    void everyModelIsInstalledWhereItsArtifactIsOnTheClassPath(SentenceModel m) {
        // this module's tests have every optional model artifact on the class path
        assertThat(m.installed()).isTrue();
        assertThat(SentenceModel.class.getClassLoader().getResource(m.modelResource())).isNotNull();
    }

    @Test
    void theReadersBeyondAModelAreTheInstalledModelsOfTheLanguagesItDoesNotRead() {
        // every bundled model is installed in this module's tests
        assertThat(SentenceModel.readersBeyond(SentenceModel.BGE_SMALL_EN_V15_Q))
                .containsExactly(java.util.Map.entry("zh", SentenceModel.BGE_SMALL_ZH_V15_Q));
        assertThat(SentenceModel.readersBeyond(SentenceModel.BGE_SMALL_ZH_V15_Q))
                .containsExactly(java.util.Map.entry("en", SentenceModel.ALL_MINILM_L6_V2_Q));
    }

    @Test
    void anUnknownIdIsRefusedWithTheListOfKnownIds() {
        assertThatThrownBy(() -> SentenceModel.byId("mpnet"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'mpnet'")
                .hasMessageContaining("minilm-q, minilm, bge-small-q, e5-small-q");
        assertThatThrownBy(() -> SentenceModel.byId(null)).isInstanceOf(NullPointerException.class).hasMessage("id");
    }

    @Test
    void poolingAndPrefixesFollowEachModelsTraining() {
        assertThat(SentenceModel.BGE_SMALL_EN_V15_Q.pooling()).isEqualTo(Pooling.CLS);
        assertThat(SentenceModel.ALL_MINILM_L6_V2_Q.pooling()).isEqualTo(Pooling.MEAN);
        assertThat(SentenceModel.E5_SMALL_V2_Q.pooling()).isEqualTo(Pooling.MEAN);
        assertThat(SentenceModel.E5_SMALL_V2_Q.queryPrefix()).isEqualTo("query: ");
        assertThat(SentenceModel.E5_SMALL_V2_Q.passagePrefix()).isEqualTo("passage: ");
        assertThat(SentenceModel.ALL_MINILM_L6_V2_Q.queryPrefix()).isEmpty();
        assertThat(SentenceModel.ALL_MINILM_L6_V2.quantized()).isFalse();
        assertThat(SentenceModel.ALL_MINILM_L6_V2_Q.quantized()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(SentenceModel.class)
    void resourcesAreOnTheClasspath(SentenceModel m) {
        ClassLoader loader = SentenceModel.class.getClassLoader();
        assertThat(loader.getResource(m.modelResource())).as(m.modelResource()).isNotNull();
        assertThat(loader.getResource(m.tokenizerResource())).as(m.tokenizerResource()).isNotNull();
    }
}
