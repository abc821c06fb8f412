package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.analysis.ScriptDetectingAnalyzer;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The analyzer of the command line: {@code --analyzer}, else the registry's default ({@code auto:spaceless=english} with rag-analysis). */
class PartOptionsTest {

    private static final PartRegistry PARTS = PartRegistry.installed();

    private static PartOptions parse(String... args) {
        PartOptions o = new PartOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    @Test
    void withRagAnalysisTheDefaultIsAutoWithSpacelessScriptsAsEnglish() {
        PartContext context = parse().analyzed(PartContext.of(PARTS));
        assertThat(context.analyzer()).isSameAs(ScriptDetectingAnalyzer.spacelessAsEnglish());
        // Arabic by Lucene's arabic analyzer, Thai and Han as english cuts them, English as before
        assertThat(context.analyzer().terms("للمريخ قمران")).containsExactly("مريخ", "قمر");
        assertThat(context.analyzer().terms("火星有")).isEqualTo(EnglishTermAnalyzer.defaults().terms("火星有"));
        assertThat(context.analyzer().terms("ดาวพฤหัสบดีเป็นดาวเคราะห์"))
                .isEqualTo(EnglishTermAnalyzer.defaults().terms("ดาวพฤหัสบดีเป็นดาวเคราะห์"));
        assertThat(context.analyzer().terms("The Moon's craters")).containsExactly("moon", "crater");
        assertThat(parse().any()).isFalse();
    }

    @Test
    void aNamedAnalyzerWins() {
        assertThat(parse("--analyzer", "english").analyzed(PartContext.of(PARTS)).analyzer())
                .isSameAs(EnglishTermAnalyzer.defaults());
        assertThat(parse("--analyzer", "auto").analyzed(PartContext.of(PARTS)).analyzer())
                .isSameAs(ScriptDetectingAnalyzer.instance());
    }
}
