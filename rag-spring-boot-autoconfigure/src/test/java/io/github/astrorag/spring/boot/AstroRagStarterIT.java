package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter with its real default: the {@code default} preset's ONNX model, over the README's samples. */
class AstroRagStarterIT {

    @Test
    void theDefaultPresetsRetrieverAnswersTheReadmeQuestion() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class,
                        AstroRagSpringAiAutoConfiguration.class))
                .withPropertyValues("astrorag.docs=../rag-examples/samples")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    List<Document> documents = context.getBean(DocumentRetriever.class)
                            .retrieve(new Query("What resolving power does the spectrograph reach?"));
                    assertThat(documents).isNotEmpty();
                    assertThat(documents.get(0).getMetadata()).containsEntry("source", "spectrograph-guide.pdf");
                    assertThat(documents.get(0).getText()).contains("5000");
                });
    }
}
