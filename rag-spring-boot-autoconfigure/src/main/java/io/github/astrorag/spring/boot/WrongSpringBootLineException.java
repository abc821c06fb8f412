package io.github.astrorag.spring.boot;

import io.github.astrorag.core.RagException;
import java.util.Objects;

/**
 * A starter of this library runs on the other Spring Boot line: {@code rag-spring-boot-starter} (Boot 3) on
 * Spring Boot 4, or {@code rag-spring-boot-4-starter} on Spring Boot 3. Thrown at start-up by the starter's guard
 * ({@link SpringBootLine#require}); {@link WrongSpringBootLineFailureAnalyzer} turns it into Spring Boot's
 * "APPLICATION FAILED TO START" report naming the artifact to use instead. The message is one line.
 */
public class WrongSpringBootLineException extends RagException {
    private static final long serialVersionUID = 1L;

    /** The starter the application uses. */
    private final SpringBootLine starter;
    /** The line the application runs. */
    private final SpringBootLine found;

    /**
     * The failure of {@code starter} on {@code found}.
     *
     * @param starter the line the application's starter is built for
     * @param found   the line the application runs
     * @throws IllegalArgumentException when both are the same line
     */
    public WrongSpringBootLineException(SpringBootLine starter, SpringBootLine found) {
        super(Objects.requireNonNull(starter, "starter").artifact() + " is built for Spring Boot " + starter.major()
                + " but the application runs Spring Boot " + Objects.requireNonNull(found, "found").major()
                + ": use io.github.astrorag:" + found.artifact() + " instead");
        if (starter == found) {
            throw new IllegalArgumentException("starter and found are both Spring Boot " + starter.major());
        }
        this.starter = starter;
        this.found = found;
    }

    /**
     * The line the application's starter is built for.
     *
     * @return that line
     */
    public SpringBootLine starter() {
        return starter;
    }

    /**
     * The line the application runs.
     *
     * @return that line; its {@link SpringBootLine#artifact()} is the starter to use
     */
    public SpringBootLine found() {
        return found;
    }
}
