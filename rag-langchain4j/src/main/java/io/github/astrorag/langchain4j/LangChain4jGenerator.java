package io.github.astrorag.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.generate.PromptedGenerator;
import io.github.astrorag.core.model.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link io.github.astrorag.core.spi.Generator} backed by any LangChain4j {@link ChatModel}: the prompt of
 * a {@link PromptTemplate} (default {@link PromptTemplate#defaults()}: the context's chunks fenced and
 * numbered) sent as a system and a user message in one {@code chat} call, and the reply's citations and
 * choice read as the HTTP generators read them (see {@link PromptedGenerator}). Decoding settings are the
 * model's own. The model stays the caller's. Thread-safe if the model is.
 */
public final class LangChain4jGenerator extends PromptedGenerator {

    private final ChatModel model;

    /**
     * A generator over {@code model} with the default prompt.
     *
     * @param model the LangChain4j chat model
     */
    public LangChain4jGenerator(ChatModel model) {
        this(model, PromptTemplate.defaults());
    }

    /**
     * A generator over {@code model} with {@code prompt}.
     *
     * @param model  the LangChain4j chat model
     * @param prompt the prompt template
     */
    public LangChain4jGenerator(ChatModel model, PromptTemplate prompt) {
        super(prompt);
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    protected @Nullable String reply(PromptTemplate.Prompt prompt, Query query) {
        List<ChatMessage> messages = new ArrayList<>(2);
        if (!prompt.system().isBlank()) {
            messages.add(SystemMessage.from(prompt.system()));
        }
        messages.add(UserMessage.from(prompt.user()));
        var response = model.chat(ChatRequest.builder().messages(messages).build());
        return response == null || response.aiMessage() == null ? null : response.aiMessage().text();
    }

    @Override
    protected String model() {
        return model.getClass().getSimpleName();
    }
}
