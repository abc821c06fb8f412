package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code astrorag mcp} in process, on the samples embedded by hashing, with stdin, stdout and stderr replaced. */
class McpCommandTest {

    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n";

    /** Stdin that writes a stray line to {@code System.out} at its first read, as a careless library might. */
    private static final class StrayWriter extends FilterInputStream {
        private boolean strayed;

        StrayWriter(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (!strayed) {
                strayed = true;
                System.out.println("a stray line for stdout");
            }
            return super.read(b, off, len);
        }
    }

    @Test
    void aStrayWriteToSystemOutGoesToStderrAndStdoutHoldsOnlyTheProtocol() throws Exception {
        String requests = INIT + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":"
                + "{\"question\":\"What resolving power does the spectrograph reach?\"}}}\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream stdin = System.in;
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        int status;
        try {
            System.setIn(new StrayWriter(new ByteArrayInputStream(requests.getBytes(StandardCharsets.UTF_8))));
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            status = AstroRagCommand.execute("mcp", "--model", "hashing", "--no-cache", "--docs", "../rag-examples/samples");
        } finally {
            System.setIn(stdin);
            System.setOut(stdout);
            System.setErr(stderr);
        }
        String errText = err.toString(StandardCharsets.UTF_8);
        assertThat(status).as(errText).isZero();
        assertThat(errText).contains("a stray line for stdout").contains("astrorag mcp: stdin ended: stopping");
        List<JsonNode> messages = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            messages.add(new ObjectMapper().readTree(line));
        }
        assertThat(messages).extracting(m -> m.path("id").asInt()).containsExactlyInAnyOrder(1, 2);
        JsonNode answer = messages.stream().filter(m -> m.path("id").asInt() == 2).findFirst().orElseThrow().path("result");
        assertThat(answer.path("isError").asBoolean()).isFalse();
        assertThat(answer.path("structuredContent").path("citations").get(0).path("source").asText()).isEqualTo("spectrograph-guide.pdf");
        assertThat(System.out).isSameAs(stdout);
    }

    /** Hostile input, third round, row 19: mcp --help lists no option that mcp refuses; --stream is still refused by name. */
    @Test
    void helpListsOnlyTheOptionsThatApply() {
        AskCommandTest.Run help = AskCommandTest.run("mcp", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("--docs").contains("--budget").doesNotContain("--stream");
        assertThat(AskCommandTest.run("ask", "--help").out()).contains("--stream");
    }

    @Test
    void optionsThatCannotServeFailBeforeAnyProtocol() {
        AskCommandTest.Run stream = AskCommandTest.run("mcp", "--model", "hashing", "--docs", "../rag-examples/samples", "--stream");
        assertThat(stream.status()).isEqualTo(2);
        assertThat(stream.err()).isEqualTo("astrorag: error: --stream does not apply to mcp: a tool call returns the whole answer\n");
        AskCommandTest.Run budget = AskCommandTest.run("mcp", "--model", "hashing", "--docs", "../rag-examples/samples", "--budget", "40000");
        assertThat(budget.err()).isEqualTo("astrorag: error: --budget for mcp must be 1 to 32768 tokens, was 40000\n");
        AskCommandTest.Run missing = AskCommandTest.run("mcp", "--docs", "no-such-folder");
        assertThat(missing.err()).isEqualTo("astrorag: error: --docs: no such file or folder: 'no-such-folder'\n");
        assertThat(missing.out()).isEmpty();
    }
}
