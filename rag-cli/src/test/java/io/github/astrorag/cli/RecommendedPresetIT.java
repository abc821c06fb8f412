package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.presets.AstroRag;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * "Default" means one thing: {@link AstroRag#recommended()} is what {@code astrorag ask --preset default} runs
 * (the README's quick start, which uses it, is compiled by rag-project-tests' DocsJavaBlocksTest).
 */
class RecommendedPresetIT {

    private static final String QUESTION = "What resolving power does the spectrograph reach?";
    private static final Path SAMPLES = Path.of("../rag-examples/samples");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theLibraryCallAnswersTheReadmeQuestionWithTheConfigurationOfTheCommandLinesDefault() throws Exception {
        Answer answer;
        try (RagPipeline rag = AstroRag.recommended(); RagInstance instance = rag.open(List.of(SAMPLES))) {
            answer = instance.ask(QUESTION);
        }
        Citation first = answer.citations().get(0);
        assertThat(first.source()).isEqualTo("spectrograph-guide.pdf");
        assertThat(first.page()).isEqualTo(2);
        assertThat(answer.text()).contains("5000");

        CommandLine cl = AstroRagCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute("ask", "--json", "--preset", "default", "--docs", SAMPLES.toString(), QUESTION);
        assertThat(status).as(err.toString()).isZero();
        JsonNode cli = JSON.readTree(out.toString());
        assertThat(cli.path("trace").path("config")).isEqualTo(JSON.valueToTree(answer.trace().config()));
        assertThat(cli.path("citations").get(0).path("chunkId").asText()).isEqualTo(first.chunkId());
        assertThat(AstroRag.RECOMMENDED_MODEL.id()).isEqualTo(PipelineFactory.DEFAULT_MODEL);
        assertThat(AstroRag.PAPER_MODEL.id()).isEqualTo(PipelineFactory.ASTRORAG_MODEL);
    }
}
