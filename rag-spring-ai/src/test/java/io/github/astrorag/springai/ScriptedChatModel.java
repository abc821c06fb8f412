package io.github.astrorag.springai;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/** A real Spring AI {@link ChatModel} that records every prompt and replies with scripted text (a function of the user's message). */
final class ScriptedChatModel implements ChatModel {

    private final Function<String, String> script;
    private final List<Prompt> prompts = new CopyOnWriteArrayList<>();

    ScriptedChatModel(Function<String, String> script) {
        this.script = script;
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        prompts.add(prompt);
        return new ChatResponse(List.of(new Generation(new AssistantMessage(script.apply(prompt.getUserMessage().getText())))));
    }

    /** The prompts received, in order. */
    List<Prompt> prompts() {
        return prompts;
    }

    /** The last prompt received. */
    Prompt last() {
        return prompts.get(prompts.size() - 1);
    }
}
