package io.github.astrorag.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.generate.CitationParser;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.GeneratorContract;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generator contract over a scripted LangChain4j chat model, and what the model is sent and what its reply becomes. */
class LangChain4jGeneratorTest extends GeneratorContract {

    /** Cites passage 1 and a number outside any context (9) for open questions; picks B, citing 2, otherwise. */
    private static String reply(String user) {
        return user.contains("Options:")
                ? "B. Astronomers use them to measure distances [2]."
                : "  The Andromeda Galaxy lies about 2.5 million light-years away [1]. It may merge with us [3][9].\n";
    }

    @Override
    protected Generator generator() {
        return new LangChain4jGenerator(new ScriptedChatModel(LangChain4jGeneratorTest::reply));
    }

    @Test
    void sendsTheLibrarysPromptAsSystemAndUserMessagesAndReadsTheCitationsAsTheHttpGeneratorsDo() {
        ScriptedChatModel model = new ScriptedChatModel(LangChain4jGeneratorTest::reply);
        Map<String, Object> trace = new HashMap<>();
        Answer answer = new LangChain4jGenerator(model).generate(QUESTIONS.get(0), CONTEXT, trace::put);

        PromptTemplate.Prompt expected = PromptTemplate.defaults().render(QUESTIONS.get(0), CONTEXT);
        assertThat(model.requests()).hasSize(1);
        assertThat(model.lastSystemText()).isEqualTo(expected.system());
        assertThat(model.lastUserText()).isEqualTo(expected.user())
                .contains("<passage n=\"1\" source=\"guide.pdf\" page=\"4\">\nThe Andromeda Galaxy lies about 2.5")
                .contains("<passage n=\"2\" source=\"notes.md\">\nCepheid");
        assertThat(answer.text()).isEqualTo(
                "The Andromeda Galaxy lies about 2.5 million light-years away [1]. It may merge with us [3][9].");
        assertThat(answer.citations()).containsExactly(
                Citation.of(1, CHUNKS.get(0), "The Andromeda Galaxy lies about 2.5 million light-years from Earth."),
                Citation.of(3, CHUNKS.get(2),
                        "Andromeda and the Milky Way are approaching each other and may merge in about 4.5 billion years."));
        assertThat(trace).containsEntry(CitationParser.INVALID_CITATIONS, List.of(9));
        assertThat(answer.choice()).isNull();
    }

    @Test
    void aReplyThatDeclinesIsAnAbstention() {
        Answer answer = new LangChain4jGenerator(new ScriptedChatModel(user -> "The passages do not contain the answer."))
                .generate(QUESTIONS.get(0), CONTEXT);
        assertThat(answer.abstained()).isTrue();
        assertThat(answer.uncited()).isFalse();
        assertThat(answer.text()).isEqualTo(Answer.NOT_ANSWERED);
    }

    @Test
    void readsTheChoiceOfAMultipleChoiceQuestion() {
        Answer answer = generator().generate(QUESTIONS.get(1), CONTEXT);
        assertThat(answer.choice()).isEqualTo("B");
        assertThat(answer.citations()).extracting(Citation::chunkId).containsExactly("notes#3");
    }

    @Test
    void aFailingModelIsAGenerationExceptionNamingTheModelWithTheCause() {
        IllegalStateException cause = new IllegalStateException("quota exceeded");
        ChatModel failing = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                throw cause;
            }
        };
        assertThatThrownBy(() -> new LangChain4jGenerator(failing).generate(QUESTIONS.get(0), CONTEXT))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("LangChain4jGenerator")
                .hasMessageContaining("quota exceeded")
                .hasCause(cause);
    }

    @Test
    void anEmptySystemMessageIsNotSent() {
        ScriptedChatModel model = ScriptedChatModel.replying("Nothing to say.");
        PromptTemplate noSystem = new PromptTemplate("", PromptTemplate.DEFAULT_OPEN_QUESTION, PromptTemplate.DEFAULT_MULTIPLE_CHOICE);
        Answer answer = new LangChain4jGenerator(model, noSystem).generate(QUESTIONS.get(0), EMPTY);
        assertThat(model.requests().get(0).messages()).hasSize(1);
        assertThat(model.lastUserText()).contains(PromptTemplate.EMPTY_CONTEXT);
        assertThat(answer.uncited()).isFalse();
        assertThat(new LangChain4jGenerator(model, noSystem).describe())
                .containsEntry("name", "LangChain4jGenerator").containsEntry("prompt", "custom");
    }
}
