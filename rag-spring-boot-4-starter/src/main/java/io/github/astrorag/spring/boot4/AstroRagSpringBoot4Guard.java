package io.github.astrorag.spring.boot4;

import io.github.astrorag.spring.boot.AstroRagAutoConfiguration;
import io.github.astrorag.spring.boot.SpringBootLine;
import io.github.astrorag.spring.boot.WrongSpringBootLineException;
import io.github.astrorag.spring.boot.WrongSpringBootLineFailureAnalyzer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;

/**
 * Stops an application that runs this Spring Boot 4 starter on Spring Boot 3 at start-up, before any other
 * auto-configuration of this library. The failure report names {@code io.github.astrorag:rag-spring-boot-starter}
 * ({@link WrongSpringBootLineFailureAnalyzer}).
 */
@AutoConfiguration(before = AstroRagAutoConfiguration.class)
@AutoConfigureOrder(Ordered.HIGHEST_PRECEDENCE)
public class AstroRagSpringBoot4Guard {

    /**
     * Checks the application's Spring Boot line.
     *
     * @param context the application context (its class loader is looked at)
     * @throws WrongSpringBootLineException on Spring Boot 3
     */
    public AstroRagSpringBoot4Guard(ApplicationContext context) {
        SpringBootLine.BOOT_4.require(context.getClassLoader());
    }
}
