package io.github.astrorag.core.generate;

import static io.github.astrorag.core.testing.ScriptedHttpServer.json;
import static io.github.astrorag.core.testing.ScriptedHttpServer.sse;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.FakeOpenAiServer;
import io.github.astrorag.core.testing.GeneratorContract;
import io.github.astrorag.core.testing.ScriptedHttpServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The HTTP generators against the {@link Generator} contract, each talking to an in-process fake server
 * whose reply chooses B and cites chunks 2 and 1 of the context and a chunk 7 it does not have.
 */
class HttpGeneratorContractsTest {

    static final String REPLY = "B. Astronomers use Cepheids to measure distances [2]; Andromeda is 2.5 million "
            + "light-years away [1], as [7] says.";

    /** A generator against a fake server that is closed after each check. */
    abstract static class AgainstAServer extends GeneratorContract {
        abstract AutoCloseable server();

        @AfterEach
        void stop() throws Exception {
            server().close();
        }

        @Test
        void keepsTheCitationsOfTheContextAndDropsTheOthers() {
            Answer a = generator().generate(QUESTIONS.get(1), CONTEXT);
            assertThat(a.citations()).extracting(Citation::number).containsExactly(2, 1);
            assertThat(a.choice()).isEqualTo("B");
        }
    }

    @Nested
    class OpenAiCompatible extends AgainstAServer {
        private final FakeOpenAiServer server = FakeOpenAiServer.replying(REPLY);

        @Override
        AutoCloseable server() {
            return server;
        }

        @Override
        protected Generator generator() {
            return OpenAiCompatibleGenerator.builder().baseUrl(server.url()).model("fake")
                    .backoff(Duration.ofMillis(5), Duration.ofSeconds(1)).build();
        }
    }

    @Nested
    class Tgi extends AgainstAServer {
        private final ScriptedHttpServer server = ScriptedHttpServer.start(0, request -> request.path().equals(TgiGenerator.PATH)
                ? json(200, "{\"generated_text\":\"" + REPLY + "\"}")
                : sse(List.of("data:{\"index\":1,\"token\":{\"id\":1,\"text\":\"" + REPLY + "\",\"logprob\":0,\"special\":false},"
                        + "\"generated_text\":\"" + REPLY + "\",\"details\":null}\n\n")));

        @Override
        AutoCloseable server() {
            return server;
        }

        @Override
        protected Generator generator() {
            return TgiGenerator.builder().baseUrl(server.url()).backoff(Duration.ofMillis(5), Duration.ofSeconds(1)).build();
        }
    }
}
