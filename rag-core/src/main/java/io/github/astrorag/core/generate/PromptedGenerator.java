package io.github.astrorag.core.generate;

import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.TraceSink;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A generator over another library's chat model (LangChain4j's, Spring AI's): renders the prompt with a
 * {@link PromptTemplate}, asks the model once through {@link #reply}, and reads the reply with
 * {@link ReplyParser}, so its citations and choice are read exactly as {@link HttpLlmGenerator}'s are.
 *
 * <p>A failure of the model that is not already a {@link RagException} (the other library's own exceptions)
 * becomes a {@link GenerationException} naming this generator, with the failure as its cause; a reply
 * without text (a tool call, say) is a {@link GenerationException} too. Decoding settings (temperature,
 * output limit) are the model's own: configure them on the model. Thread-safe if the model is.
 */
public abstract class PromptedGenerator implements Generator {

    private final PromptTemplate prompt;
    private final ReplyParser parser = new ReplyParser();

    /**
     * A generator that renders its prompts with {@code prompt}.
     *
     * @param prompt the prompt template, e.g. {@link PromptTemplate#defaults()}
     */
    protected PromptedGenerator(PromptTemplate prompt) {
        this.prompt = Objects.requireNonNull(prompt, "prompt");
    }

    /**
     * The model's reply to {@code prompt}: the one call to the model.
     *
     * @param prompt the rendered system and user messages (the system message may be empty: then send none)
     * @param query  the query, for settings that depend on it (multiple choice or not)
     * @return the reply's text, or {@code null} when the reply has none
     */
    protected abstract @Nullable String reply(PromptTemplate.Prompt prompt, Query query);

    /**
     * What the model is, for {@link #describe()} and messages (its class's simple name, say).
     *
     * @return a short description
     */
    protected abstract String model();

    @Override
    public final Answer generate(Query query, Context context, TraceSink trace) {
        String reply;
        try {
            reply = reply(prompt.render(query, context), query);
        } catch (RagException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new GenerationException(getClass().getSimpleName() + " over " + model() + ": the model failed: "
                    + e.getMessage(), -1, false, e);
        }
        if (reply == null) {
            throw new GenerationException(getClass().getSimpleName() + " over " + model()
                    + ": the model's reply holds no text");
        }
        return parser.answer(query, context, reply, trace);
    }

    /** The name (this class's simple name), the model, and whether the prompt is the default one. */
    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", getClass().getSimpleName());
        m.put("model", model());
        m.put("prompt", prompt.equals(PromptTemplate.defaults()) ? "default" : "custom");
        return m;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + describe();
    }
}
