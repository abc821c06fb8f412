package io.github.astrorag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.ScoredChunk;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stand-in models' reply to this library's prompt, and the example programs' arguments. */
class QuotingReplierTest {

    private static ScoredChunk chunk(int ordinal, String text) {
        return new ScoredChunk(new Chunk("guide.pdf#" + ordinal, "guide.pdf", "guide", "guide.pdf", ordinal + 1, ordinal,
                text, 10, 0, text.length(), Map.of()), 1.0, null);
    }

    private static String prompt(String question, ScoredChunk... chunks) {
        return Passages.prompt(PromptTemplate.defaults(), question, List.of(chunks));
    }

    @Test
    void itQuotesTheSentenceSharingTheMostWordsWithTheQuestionAndCitesItsPassage() {
        String prompt = prompt("How wide is the dome?",
                chunk(0, "The telescope is a reflector. It is old."),
                chunk(1, "Visitors come on Fridays.\nThe dome is 6.5 metres\nwide. It turns on wheels."));
        assertThat(QuotingReplier.reply(prompt)).isEqualTo("The dome is 6.5 metres wide. [2]");
    }

    @Test
    void aLineWithoutAFullStopBeforeACapitalIsASentenceOfItsOwnAndTheEarliestBestSentenceWins() {
        String prompt = prompt("What resolving power?", chunk(0, "Performance\nThe resolving power is 5000."),
                chunk(1, "The resolving power doubles."));
        assertThat(QuotingReplier.reply(prompt)).isEqualTo("The resolving power is 5000. [1]");
    }

    @Test
    void withoutPassagesItSaysThereIsNoAnswer() {
        assertThat(QuotingReplier.reply(prompt("How far is Andromeda?"))).isEqualTo(QuotingReplier.NO_ANSWER);
    }

    @Test
    void theArgumentsAreAFolderAndTheQuestionsWordsEachWithADefault() {
        assertThat(ExampleArguments.of()).isEqualTo(
                new ExampleArguments(Path.of(ExampleArguments.DEFAULT_DOCS), ExampleArguments.DEFAULT_QUESTION));
        assertThat(ExampleArguments.of("docs")).isEqualTo(new ExampleArguments(Path.of("docs"), ExampleArguments.DEFAULT_QUESTION));
        assertThat(ExampleArguments.of("docs", "How", "far?")).isEqualTo(new ExampleArguments(Path.of("docs"), "How far?"));
    }
}
