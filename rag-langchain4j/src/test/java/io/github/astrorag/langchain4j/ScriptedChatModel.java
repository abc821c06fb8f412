package io.github.astrorag.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A real {@link ChatModel} that records every request and replies with scripted text (a function of the user's message). */
final class ScriptedChatModel implements ChatModel {

    private final Function<String, String> script;
    private final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

    ScriptedChatModel(Function<String, String> script) {
        this.script = script;
    }

    static ScriptedChatModel replying(String text) {
        return new ScriptedChatModel(user -> text);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        return ChatResponse.builder().aiMessage(AiMessage.from(script.apply(userText(request)))).build();
    }

    List<ChatRequest> requests() {
        return requests;
    }

    /** The text of the last request's last user message. */
    String lastUserText() {
        return userText(requests.get(requests.size() - 1));
    }

    /** The text of the last request's system message, or null. */
    String lastSystemText() {
        for (ChatMessage m : requests.get(requests.size() - 1).messages()) {
            if (m instanceof SystemMessage s) {
                return s.text();
            }
        }
        return null;
    }

    private static String userText(ChatRequest request) {
        String text = null;
        for (ChatMessage m : request.messages()) {
            if (m instanceof UserMessage u) {
                text = u.singleText();
            }
        }
        return text;
    }
}
