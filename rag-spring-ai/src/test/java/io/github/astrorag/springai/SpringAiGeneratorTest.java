package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.generate.ChoiceParser;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.GeneratorContract;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;

/** The generator contract over a scripted Spring AI chat model, and what the model is sent and what its reply becomes. */
class SpringAiGeneratorTest extends GeneratorContract {

    /** Picks D, wrongly, citing 2 and 4 for multiple choice; cites 2 otherwise. */
    private static String reply(String user) {
        return user.contains("Options:")
                ? "D [2][4]"
                : "Cepheids are used to measure distances [2].";
    }

    @Override
    protected Generator generator() {
        return new SpringAiGenerator(new ScriptedChatModel(SpringAiGeneratorTest::reply));
    }

    @Test
    void sendsTheLibrarysPromptAndReadsTheReplyAsTheHttpGeneratorsDo() {
        ScriptedChatModel model = new ScriptedChatModel(SpringAiGeneratorTest::reply);
        Map<String, Object> trace = new HashMap<>();
        Answer answer = new SpringAiGenerator(model).generate(QUESTIONS.get(1), CONTEXT, trace::put);

        PromptTemplate.Prompt expected = PromptTemplate.defaults().render(QUESTIONS.get(1), CONTEXT);
        Prompt sent = model.last();
        assertThat(sent.getInstructions()).extracting(m -> m.getMessageType()).containsExactly(MessageType.SYSTEM, MessageType.USER);
        assertThat(sent.getSystemMessage().getText()).isEqualTo(expected.system());
        assertThat(sent.getUserMessage().getText()).isEqualTo(expected.user())
                .contains("<passage n=\"3\" source=\"guide.pdf\" page=\"7\">\nAndromeda and the Milky Way")
                .contains("B. Measuring distances");
        assertThat(answer.choice()).isEqualTo("D");
        assertThat(answer.citations()).containsExactly(Citation.of(2, CHUNKS.get(1),
                "Cepheid variables pulsate with a period that depends on their luminosity."));
        assertThat(trace).containsEntry("invalidCitations", List.of(4)).doesNotContainKey(ChoiceParser.UNPARSED_CHOICE);
    }

    @Test
    void aFailingModelOrOneWithoutTextIsAGenerationException() {
        IllegalStateException cause = new IllegalStateException("HTTP 503");
        ChatModel failing = prompt -> {
            throw cause;
        };
        assertThatThrownBy(() -> new SpringAiGenerator(failing).generate(QUESTIONS.get(0), CONTEXT))
                .isInstanceOf(GenerationException.class).hasMessageContaining("HTTP 503").hasCause(cause);
        ChatModel silent = prompt -> new ChatResponse(List.of());
        assertThatThrownBy(() -> new SpringAiGenerator(silent).generate(QUESTIONS.get(0), CONTEXT))
                .isInstanceOf(GenerationException.class).hasMessageContaining("holds no text");
        assertThat(new SpringAiGenerator(silent).describe()).containsEntry("name", "SpringAiGenerator")
                .containsEntry("prompt", "default");
    }
}
