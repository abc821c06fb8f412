package io.github.astrorag.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's start-up failure report for {@link WrongSpringBootLineException}: the description says which starter
 * meets which Boot, the action names the artifact to use. Registered in {@code META-INF/spring.factories}.
 */
public class WrongSpringBootLineFailureAnalyzer extends AbstractFailureAnalyzer<WrongSpringBootLineException> {

    /** An analyzer: Spring Boot creates it. */
    public WrongSpringBootLineFailureAnalyzer() {
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, WrongSpringBootLineException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Replace io.github.astrorag:" + cause.starter().artifact() + " with io.github.astrorag:"
                        + cause.found().artifact() + " (same version, same astrorag.* properties).",
                cause);
    }
}
