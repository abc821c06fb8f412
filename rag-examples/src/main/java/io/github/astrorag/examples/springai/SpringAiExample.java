package io.github.astrorag.examples.springai;

import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.examples.ExampleArguments;
import io.github.astrorag.examples.QuotingReplier;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.springai.AstroRagDocumentRetriever;
import io.github.astrorag.springai.PassageQueryAugmenter;
import java.nio.file.Path;
import java.util.List;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.core.task.SyncTaskExecutor;

/**
 * The Spring AI example of docs/integrations.md as a program: a {@link ChatClient} whose {@link RetrievalAugmentationAdvisor}
 * takes its documents from {@link AstroRagDocumentRetriever} (the default pipeline's budgeted, cited selection)
 * and shows them to the chat model with {@link PassageQueryAugmenter}; the reply's {@code [n]} are read back
 * into citations. The advisor retrieves on the calling thread ({@link SyncTaskExecutor}): its default executor's
 * threads are not daemons and would keep a program's JVM alive after {@code main} returns. Arguments:
 * {@code [docs-folder [question...]]} (see {@link ExampleArguments}). The build runs it
 * ({@code ExampleProgramsIT}) with {@link QuotingChatModel}, since no language model runs there.
 */
public final class SpringAiExample {

    private SpringAiExample() {
    }

    /**
     * Asks the question with a stand-in model and prints the reply, then one line per citation.
     *
     * @param args {@code [docs-folder [question...]]}
     */
    public static void main(String[] args) {
        ExampleArguments in = ExampleArguments.of(args);
        // a real application passes its own model here, e.g. OpenAiChatModel or OllamaChatModel (a Spring bean
        // in a Boot application); the stand-in only quotes the passages back
        ask(new QuotingChatModel(), in.docs(), in.question());
    }

    /**
     * Answers {@code question} over {@code docs} with {@code chatModel}, as docs/integrations.md shows.
     *
     * @param chatModel any Spring AI chat model
     * @param docs      the folder to answer from
     * @param question  the question
     */
    @SuppressWarnings("unchecked")
    static void ask(ChatModel chatModel, Path docs, String question) {
        try (RagPipeline rag = AstroRag.recommended();
             AstroRagDocumentRetriever retriever = new AstroRagDocumentRetriever(rag.open(List.of(docs)))) {
            ChatClient client = ChatClient.builder(chatModel).defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                    .documentRetriever(retriever).queryAugmenter(new PassageQueryAugmenter())
                    .taskExecutor(new SyncTaskExecutor()).build()).build();
            ChatClientResponse response = client.prompt().user(question).call().chatClientResponse();
            String reply = response.chatResponse().getResult().getOutput().getText();
            System.out.println(reply);
            List<Document> documents = (List<Document>) response.context().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT);
            AstroRagDocumentRetriever.citations(reply, documents)
                    .forEach(c -> System.out.println(c.number() + ". " + c.location() + ": " + c.quote()));
        }
    }

    /**
     * A stand-in for a real Spring AI chat model: replies to the prompt's user message with
     * {@link QuotingReplier#reply}, the passage sentence closest to the question and its {@code [n]}.
     */
    static final class QuotingChatModel implements ChatModel {

        @Override
        public ChatResponse call(Prompt prompt) {
            return new ChatResponse(List.of(new Generation(new AssistantMessage(QuotingReplier.reply(prompt.getUserMessage().getText())))));
        }
    }
}
