package io.github.astrorag.examples.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.examples.ExampleArguments;
import io.github.astrorag.examples.QuotingReplier;
import io.github.astrorag.langchain4j.AstroRagContentRetriever;
import io.github.astrorag.langchain4j.PassageContentInjector;
import io.github.astrorag.presets.AstroRag;
import java.nio.file.Path;
import java.util.List;

/**
 * The LangChain4j example of docs/integrations.md as a program: an {@link AiServices} assistant whose retrieval augmentor
 * takes its context from {@link AstroRagContentRetriever} (the default pipeline's budgeted, cited selection)
 * and shows it to the chat model with {@link PassageContentInjector}; the reply's {@code [n]} are read back
 * into citations. Arguments: {@code [docs-folder [question...]]} (see {@link ExampleArguments}). The build
 * runs it ({@code ExampleProgramsIT}) with {@link QuotingChatModel}, since no language model runs there.
 */
public final class LangChain4jExample {

    private LangChain4jExample() {
    }

    /** The assistant {@link AiServices} implements. */
    interface Assistant {
        Result<String> answer(String question);
    }

    /**
     * Asks the question with a stand-in model and prints the reply, then one line per citation.
     *
     * @param args {@code [docs-folder [question...]]}
     */
    public static void main(String[] args) {
        ExampleArguments in = ExampleArguments.of(args);
        // a real application passes its own model here, e.g. OpenAiChatModel.builder()...build() or
        // OllamaChatModel.builder()...build(); the stand-in only quotes the passages back
        ask(new QuotingChatModel(), in.docs(), in.question());
    }

    /**
     * Answers {@code question} over {@code docs} with {@code chatModel}, as docs/integrations.md shows.
     *
     * @param chatModel any LangChain4j chat model
     * @param docs      the folder to answer from
     * @param question  the question
     */
    static void ask(ChatModel chatModel, Path docs, String question) {
        try (RagPipeline rag = AstroRag.recommended();
             AstroRagContentRetriever retriever = new AstroRagContentRetriever(rag.open(List.of(docs)))) {
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(chatModel)
                    .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(retriever)
                            .contentInjector(new PassageContentInjector()).build()).build();
            Result<String> result = assistant.answer(question);              // context within 1800 tokens
            System.out.println(result.content());
            AstroRagContentRetriever.citations(result.content(), result.sources())
                    .forEach(c -> System.out.println(c.number() + ". " + c.location() + ": " + c.quote()));
        }
    }

    /**
     * A stand-in for a real LangChain4j chat model: replies to the last user message with
     * {@link QuotingReplier#reply}, the passage sentence closest to the question and its {@code [n]}.
     */
    static final class QuotingChatModel implements ChatModel {

        @Override
        public ChatResponse doChat(ChatRequest request) {
            String prompt = "";
            for (ChatMessage message : request.messages()) {
                if (message instanceof UserMessage user && user.hasSingleText()) {
                    prompt = user.singleText();
                }
            }
            return ChatResponse.builder().aiMessage(AiMessage.from(QuotingReplier.reply(prompt))).build();
        }
    }
}
