package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The Boot 3 starter's guard on Spring Boot 3 (its failure on Boot 4 is tested in rag-spring-boot-4-starter, whose
 * test class path has Boot 4 and this starter).
 */
class AstroRagSpringBoot3GuardTest {

    @Test
    void onBoot3TheGuardLetsTheApplicationStart() {
        assertThat(SpringBootLine.of(getClass().getClassLoader())).isEqualTo(SpringBootLine.BOOT_3);
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AstroRagSpringBoot3Guard.class, AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.embedder.model=hashing")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(AstroRagSpringBoot3Guard.class));
    }

    @Test
    void theFailureAnalyzerIsRegisteredForSpringBootsReport() throws java.io.IOException {
        java.util.List<String> analyzers = new java.util.ArrayList<>();
        for (java.net.URL url : java.util.Collections.list(getClass().getClassLoader().getResources(
                SpringFactoriesLoader.FACTORIES_RESOURCE_LOCATION))) {
            java.util.Properties p = new java.util.Properties();
            try (java.io.InputStream in = url.openStream()) {
                p.load(in);
            }
            analyzers.addAll(org.springframework.util.StringUtils.commaDelimitedListToSet(
                    p.getProperty(FailureAnalyzer.class.getName(), "")));
        }
        assertThat(analyzers).contains(WrongSpringBootLineFailureAnalyzer.class.getName());
    }

    @Test
    void theSameLineTwiceIsNoFailure() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new WrongSpringBootLineException(SpringBootLine.BOOT_3, SpringBootLine.BOOT_3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both Spring Boot 3");
    }
}
