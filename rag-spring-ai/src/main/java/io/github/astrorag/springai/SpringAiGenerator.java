package io.github.astrorag.springai;

import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.generate.PromptedGenerator;
import io.github.astrorag.core.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * A {@link io.github.astrorag.core.spi.Generator} backed by any Spring AI {@link ChatModel}: the prompt of a
 * {@link PromptTemplate} (default {@link PromptTemplate#defaults()}: the context's chunks fenced and numbered)
 * sent as a system and a user message in one {@code call}, with the model's default options, and the reply's
 * citations and choice read as the HTTP generators read them (see {@link PromptedGenerator}). Decoding
 * settings are the model's own. The model stays the caller's. Thread-safe if the model is.
 */
public final class SpringAiGenerator extends PromptedGenerator {

    private final ChatModel model;

    /**
     * A generator over {@code model} with the default prompt.
     *
     * @param model the Spring AI chat model
     */
    public SpringAiGenerator(ChatModel model) {
        this(model, PromptTemplate.defaults());
    }

    /**
     * A generator over {@code model} with {@code prompt}.
     *
     * @param model  the Spring AI chat model
     * @param prompt the prompt template
     */
    public SpringAiGenerator(ChatModel model, PromptTemplate prompt) {
        super(prompt);
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    protected @Nullable String reply(PromptTemplate.Prompt prompt, Query query) {
        List<Message> messages = new ArrayList<>(2);
        if (!prompt.system().isBlank()) {
            messages.add(new SystemMessage(prompt.system()));
        }
        messages.add(new UserMessage(prompt.user()));
        ChatResponse response = model.call(new Prompt(messages));
        return response == null || response.getResult() == null || response.getResult().getOutput() == null
                ? null : response.getResult().getOutput().getText();
    }

    @Override
    protected String model() {
        return model.getClass().getSimpleName();
    }
}
