package io.github.astrorag.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigureOrder;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;

/**
 * Stops an application that runs this Spring Boot 3 starter on Spring Boot 4 at start-up, before any other
 * auto-configuration of this library: there it would start without its health component and metrics. The failure
 * report names {@code io.github.astrorag:rag-spring-boot-4-starter} ({@link WrongSpringBootLineFailureAnalyzer}).
 */
@AutoConfiguration(before = AstroRagAutoConfiguration.class)
@AutoConfigureOrder(Ordered.HIGHEST_PRECEDENCE)
public class AstroRagSpringBoot3Guard {

    /**
     * Checks the application's Spring Boot line.
     *
     * @param context the application context (its class loader is looked at)
     * @throws WrongSpringBootLineException on Spring Boot 4
     */
    public AstroRagSpringBoot3Guard(ApplicationContext context) {
        SpringBootLine.BOOT_3.require(context.getClassLoader());
    }
}
