package io.github.astrorag.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link AstroRagPropertyException} anywhere in a start-up failure's causes into Spring Boot's
 * "APPLICATION FAILED TO START" report: the description names the property, its value and why it cannot be used,
 * the action says the fix. Registered in {@code META-INF/spring.factories}; the same on Spring Boot 3 and 4.
 */
public final class AstroRagFailureAnalyzer extends AbstractFailureAnalyzer<AstroRagPropertyException> {

    /** For Spring Boot's {@code FailureAnalyzers}: not for direct use. */
    public AstroRagFailureAnalyzer() {
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, AstroRagPropertyException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
