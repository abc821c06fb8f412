package io.github.astrorag.core.generate;

import static io.github.astrorag.core.generate.Fixtures.CEPHEIDS;
import static io.github.astrorag.core.generate.Fixtures.CONTEXT;
import static io.github.astrorag.core.generate.Fixtures.M31_A;
import static io.github.astrorag.core.generate.Fixtures.M31_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Query;
import org.junit.jupiter.api.Test;

class PromptTemplateTest {

    private static final String NUMBERED = "<passage n=\"1\" source=\"m31.pdf\" page=\"4\">\n" + M31_A + "\n</passage>"
            + "\n\n<passage n=\"2\" source=\"notes.md\">\n" + CEPHEIDS + "\n</passage>"
            + "\n\n<passage n=\"3\" source=\"m31.pdf\" page=\"7\">\n" + M31_B + "\n</passage>";

    @Test
    void numbersTheChunksInContextOrderWithSourceAndPage() {
        assertThat(PromptTemplate.numberedContext(CONTEXT)).isEqualTo(NUMBERED);
        assertThat(PromptTemplate.numberedContext(Fixtures.EMPTY)).isEqualTo("(no passages)");
    }

    @Test
    void rendersTheDefaultOpenQuestionPrompt() {
        PromptTemplate.Prompt p = PromptTemplate.defaults().render(Fixtures.OPEN, CONTEXT);
        assertThat(p.system()).isEqualTo(PromptTemplate.DEFAULT_SYSTEM);
        assertThat(p.user()).isEqualTo("Context passages:\n" + NUMBERED
                + "\n\nQuestion: How far away is the Andromeda Galaxy?"
                + "\n\nAnswer in at most three sentences, citing the passages as [n].");
        assertThat(p.asText()).isEqualTo(PromptTemplate.DEFAULT_SYSTEM + "\n\n" + p.user());
    }

    @Test
    void rendersTheOptionsOfAMultipleChoiceQuestionInLetterOrder() {
        String user = PromptTemplate.defaults().render(Fixtures.CHOICE, CONTEXT).user();
        assertThat(user).contains("Question: What do astronomers use Cepheid variables for?\n\nOptions:\n"
                + "A. Dating meteorites\nB. Measuring distances\nC. Detecting exoplanets\nD. Weighing stars\n\n"
                + "Start your reply with the letter of the correct option");
    }

    @Test
    void leavesBracesInTheQuestionAlone() {
        PromptTemplate t = new PromptTemplate("", "Q={question} C={context}", "{question}{context}{options}");
        PromptTemplate.Prompt p = t.render(Query.of("What is {context} or {options}?"), Fixtures.EMPTY);
        assertThat(p.user()).isEqualTo("Q=What is {context} or {options}? C=(no passages)");
        assertThat(p.asText()).isEqualTo(p.user());
    }

    @Test
    void rejectsATemplateWithoutItsPlaceholders() {
        assertThatThrownBy(() -> new PromptTemplate("s", "Answer {question}", PromptTemplate.DEFAULT_MULTIPLE_CHOICE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{context}");
        assertThatThrownBy(() -> new PromptTemplate("s", PromptTemplate.DEFAULT_OPEN_QUESTION, "{question} {context}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{options}");
    }
}
