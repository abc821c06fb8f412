package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/**
 * Issue 33, row 2: each bad property fails a real Spring Boot start with the "APPLICATION FAILED TO START" report
 * of {@link AstroRagFailureAnalyzer} (registered in META-INF/spring.factories): the description names the property,
 * its value and why, the action says the fix.
 */
@ExtendWith(OutputCaptureExtension.class)
class AstroRagFailureReportTest {

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(AstroRagAutoConfiguration.class)
    static class App {
    }

    /** Starts the minimal application with the model-free embedder and {@code properties}; it must fail. */
    private static void start(String... properties) {
        SpringApplication app = new SpringApplication(App.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setBannerMode(Banner.Mode.OFF);
        String[] args = new String[properties.length + 1];
        args[0] = "--astrorag.embedder.model=hashing";
        for (int i = 0; i < properties.length; i++) {
            args[i + 1] = "--" + properties[i];
        }
        assertThatThrownBy(() -> app.run(args)).isNotNull();
    }

    /** The report's description and action, each as the analyzer writes them. */
    private static void assertReport(CapturedOutput output, String description, String... action) {
        String out = output.getAll();
        assertThat(out).contains("APPLICATION FAILED TO START").contains("Description:").contains(description)
                .contains("Action:");
        String after = out.substring(out.indexOf("Action:"));
        for (String a : action) {
            assertThat(after).contains(a);
        }
    }

    @Test
    void aBudgetBelowOne(CapturedOutput output) {
        start("astrorag.budget=-5");
        assertReport(output, "Invalid value '-5' for property 'astrorag.budget': budget must be at least 1 token, was -5",
                "Set astrorag.budget to a number of tokens of at least 1, or leave it out for the preset's budget.");
    }

    @Test
    void anUnknownPresetListsTheKnownOnes(CapturedOutput output) {
        start("astrorag.preset=fast");
        String known = String.join(", ", PartRegistry.installed().names(Role.PRESET));
        assertThat(known).contains("default").contains("astrorag").contains("naive");
        assertReport(output, "Invalid value 'fast' for property 'astrorag.preset': unknown preset 'fast'",
                "Set astrorag.preset to one of: " + known + " (settings as name:key=value,...).");
    }

    @Test
    void anUnknownLanguageDetectorListsTheKnownOnes(CapturedOutput output) {
        start("astrorag.language-detector=lingua");
        String known = String.join(", ", PartRegistry.installed().names(Role.LANGUAGE_DETECTOR));
        assertThat(known).contains("script");
        assertReport(output, "Invalid value 'lingua' for property 'astrorag.language-detector': unknown language-detector "
                + "'lingua'", "Set astrorag.language-detector to one of: " + known);
    }

    @Test
    void anUnknownAnalyzerListsTheKnownOnes(CapturedOutput output) {
        start("astrorag.analyzer=klingon");
        String known = String.join(", ", PartRegistry.installed().names(Role.ANALYZER));
        assertThat(known).contains("english");
        assertReport(output, "Invalid value 'klingon' for property 'astrorag.analyzer': unknown analyzer 'klingon'",
                "Set astrorag.analyzer to one of: " + known);
    }

    @Test
    void aMissingDocsFolder(CapturedOutput output) {
        start("astrorag.docs=no-such-folder");
        assertReport(output, "Invalid value 'no-such-folder' for property 'astrorag.docs': no such file or folder: "
                + java.nio.file.Path.of("no-such-folder").toAbsolutePath(), "Correct the entry of astrorag.docs");
    }

    @Test
    void anUnknownModel(CapturedOutput output) {
        SpringApplication app = new SpringApplication(App.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setBannerMode(Banner.Mode.OFF);
        assertThatThrownBy(() -> app.run("--astrorag.embedder.model=bge-large")).isNotNull();
        assertReport(output, "Invalid value 'bge-large' for property 'astrorag.embedder.model': unknown embedder "
                + "'bge-large'", "Set astrorag.embedder.model to one of: ", "hashing");
    }

    @Test
    void anOpenAiGeneratorWithoutUrl(CapturedOutput output) {
        start("astrorag.generator.kind=openai");
        assertReport(output, "Invalid value '(not set)' for property 'astrorag.generator.base-url': "
                + "astrorag.generator.kind=openai needs it", "Set astrorag.generator.base-url, e.g. http://127.0.0.1:8000/v1");
    }

    @Test
    void aSettingOfAnotherKind(CapturedOutput output) {
        start("astrorag.generator.timeout=30");
        assertReport(output, "Invalid value '30' for property 'astrorag.generator.timeout': astrorag.generator.kind="
                + "extractive takes no such setting (its settings: min-support)", "Remove astrorag.generator.timeout");
    }
}
