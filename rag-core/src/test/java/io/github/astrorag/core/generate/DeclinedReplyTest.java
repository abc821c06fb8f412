package io.github.astrorag.core.generate;

import static io.github.astrorag.core.generate.Fixtures.CONTEXT;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.testing.FakeOpenAiServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A model that declines is an abstention, not an uncited answer; one that answers is not. */
class DeclinedReplyTest {

    private FakeOpenAiServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Answer ask(String reply, Fixtures.RecordingTrace trace) {
        server = FakeOpenAiServer.replying(reply);
        OpenAiCompatibleGenerator llm = OpenAiCompatibleGenerator.builder().baseUrl(server.url()).model("m")
                .backoff(Duration.ofMillis(5), Duration.ofSeconds(2)).build();
        return llm.generate(Fixtures.OPEN, CONTEXT, trace);
    }

    @Test
    void theDeclineSentenceBecomesAnAbstention() {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer a = ask("  " + Answer.NOT_ANSWERED + "\n", trace);
        assertThat(a.abstained()).isTrue();
        assertThat(a.uncited()).isFalse();
        assertThat(a.text()).isEqualTo(Answer.NOT_ANSWERED);
        assertThat(a.citations()).isEmpty();
        assertThat(trace.values).containsEntry(ReplyParser.ABSTAINED, true)
                .containsEntry(ReplyParser.DECLINED_REPLY, Answer.NOT_ANSWERED);
    }

    @Test
    void theDefaultPromptTellsTheModelHowToDecline() {
        assertThat(PromptTemplate.DEFAULT_SYSTEM).contains("reply with exactly this sentence and nothing else: "
                + Answer.NOT_ANSWERED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"the documents do not answer this question", "The documents don't answer this question.",
        "**The documents do not answer this question [1].**", "The passages do not contain the answer.",
        "I don't know.", "I do not know based on the passages provided.",
        "The provided context does not mention the distance to Andromeda.",
        "The context doesn\u2019t say how far away it is."})
    void closeVariantsDecline(String reply) {
        Answer a = ask(reply, new Fixtures.RecordingTrace());
        assertThat(a.abstained()).as(reply).isTrue();
        assertThat(a.text()).isEqualTo(Answer.NOT_ANSWERED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"The Andromeda Galaxy is about 2.5 million light-years away [1].",
        "The documents do not say when it was found, but it lies 2.5 million light-years away [1].",
        "I don't know the exact figure; the guide gives 2.5 million light-years [1].",
        "It is about 2.5 million light-years away. The documents do not answer this in more detail."})
    void answersThatMentionAGapAreAnswers(String reply) {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer a = ask(reply, trace);
        assertThat(a.abstained()).as(reply).isFalse();
        assertThat(a.text()).isEqualTo(reply);
        assertThat(trace.values).containsEntry(ReplyParser.ABSTAINED, false);
    }
}
