package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.springai.AstroRagDocumentRetriever;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * When Spring AI's RAG module is on the class path and a {@link RagInstance} bean exists: a Spring AI
 * {@link DocumentRetriever} ({@link AstroRagDocumentRetriever}) whose documents are the instance's budgeted, cited
 * context, for a {@code RetrievalAugmentationAdvisor}. Not made when the application defines its own
 * {@code DocumentRetriever}.
 */
@AutoConfiguration(after = AstroRagAutoConfiguration.class)
@ConditionalOnClass({DocumentRetriever.class, AstroRagDocumentRetriever.class})
public class AstroRagSpringAiAutoConfiguration {

    /** A configuration for Spring: not for direct use. */
    public AstroRagSpringAiAutoConfiguration() {
    }

    /**
     * The retriever over the application's instance. Closing it (with the context) closes the instance, which
     * deletes its index; the instance bean's own close then does nothing.
     *
     * @param instance the application-lifetime instance
     * @return the retriever
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(DocumentRetriever.class)
    @ConditionalOnBean(RagInstance.class)
    public AstroRagDocumentRetriever astroRagDocumentRetriever(RagInstance instance) {
        return new AstroRagDocumentRetriever(instance);
    }
}
