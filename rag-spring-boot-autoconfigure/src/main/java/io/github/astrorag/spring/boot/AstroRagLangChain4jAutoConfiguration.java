package io.github.astrorag.spring.boot;

import dev.langchain4j.rag.content.aggregator.ContentAggregator;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.langchain4j.AstroRagContentAggregator;
import io.github.astrorag.langchain4j.AstroRagContentRetriever;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * When LangChain4j ({@code langchain4j-core}) and rag-langchain4j are on the class path: a LangChain4j
 * {@link ContentRetriever} ({@link AstroRagContentRetriever}) over the application's {@link RagInstance}, whose
 * contents are the instance's budgeted, cited context, and a {@link ContentAggregator}
 * ({@link AstroRagContentAggregator}) that selects among other retrievers' contents with the starter's pipeline, for
 * a {@code DefaultRetrievalAugmentor}. Each is not made when the application defines a bean of its LangChain4j type.
 */
@AutoConfiguration(after = AstroRagAutoConfiguration.class)
@ConditionalOnClass({ContentRetriever.class, AstroRagContentRetriever.class})
public class AstroRagLangChain4jAutoConfiguration {

    /** A configuration for Spring: not for direct use. */
    public AstroRagLangChain4jAutoConfiguration() {
    }

    /**
     * The retriever over the application's instance (which stays the instance bean's to close).
     *
     * @param instance the application-lifetime instance
     * @return the retriever
     */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean(ContentRetriever.class)
    @ConditionalOnBean(RagInstance.class)
    public AstroRagContentRetriever astroRagContentRetriever(RagInstance instance) {
        return new AstroRagContentRetriever(instance);
    }

    /**
     * The aggregator selecting with the starter's pipeline within its budget (the pipeline stays the pipeline bean's
     * to close).
     *
     * @param pipeline the pipeline
     * @return the aggregator
     */
    @Bean(destroyMethod = "")
    @ConditionalOnMissingBean(ContentAggregator.class)
    @ConditionalOnBean(RagPipeline.class)
    public AstroRagContentAggregator astroRagContentAggregator(RagPipeline pipeline) {
        return AstroRagContentAggregator.of(pipeline);
    }
}
