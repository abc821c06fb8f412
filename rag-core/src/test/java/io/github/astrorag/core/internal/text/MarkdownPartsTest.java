package io.github.astrorag.core.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.astrorag.core.model.Metadata;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownPartsTest {

    private static final String SECTION = String.join("\n",
            "# Stars", // 0-7
            "", // 8
            "### Learning Objectives", // 9-32
            "- Describe a star", // 33-50
            "Stars shine by fusion.", // 51-73
            "Figure: A star.", // 74-89
            "", // 90
            "- Is a star hot?", // 91-107
            "### Review Questions", // 108-128
            "What is a star?", // 129-144
            "## Videos", // 145-154
            "- A film", // 155-163
            "## Next", // 164-171
            "Body again.");

    @Test
    void partsAreRecognisedWhereTheFormatSaysSo() {
        assertEquals("heading:0-32,objective:33-50,caption:74-89,exercise:91-107,heading:108-128,exercise:129-144,"
                + "heading:145-154,reference:155-163,heading:164-171", MarkdownParts.of(SECTION));
    }

    @Test
    void eachOffsetHasItsPart() {
        String parts = MarkdownParts.of(SECTION);
        assertEquals(Metadata.PART_HEADING, Metadata.partAt(parts, 0));
        assertEquals(Metadata.PART_HEADING, Metadata.partAt(parts, 8));
        assertEquals(Metadata.PART_OBJECTIVE, Metadata.partAt(parts, 40));
        assertEquals(Metadata.PART_BODY, Metadata.partAt(parts, 55));
        assertEquals(Metadata.PART_CAPTION, Metadata.partAt(parts, 74));
        assertEquals(Metadata.PART_EXERCISE, Metadata.partAt(parts, 130));
        assertEquals(Metadata.PART_REFERENCE, Metadata.partAt(parts, 160));
        assertEquals(Metadata.PART_BODY, Metadata.partAt(parts, 175));
        assertEquals(Metadata.PART_BODY, Metadata.partAt(null, 3));
    }

    @Test
    void aWorkedExampleIsAnExerciseFromItsProblemToTheAnswerOfItsCheck() {
        String text = String.join("\n",
                "Kestrels fly fast.", // 0-18 body
                "", // 19
                "Kestrel Speed A kestrel flies 3 km in 6 min. How fast is it?", // 20-80 the problem
                "", // 81
                "SolutionIts speed is 3 km / 6 min.", // 82-116
                "", // 117
                "That is 30 km/h.", // 118-134 the solution goes on
                "", // 135
                "Check Your Learning How far does it fly in 2 h?", // 136-183
                "", // 184
                "Answer: 60 km.", // 185-199 the check's answer
                "", // 200
                "Kestrels nest on cliffs.", // 201-225 body again
                "", // 226
                "Solutions of salt are dense."); // 227-255 body: no worked example
        String parts = MarkdownParts.of(text);
        assertEquals("exercise:20-199", parts);
        assertEquals(Metadata.PART_BODY, Metadata.partAt(parts, 5));
        assertEquals(Metadata.PART_EXERCISE, Metadata.partAt(parts, 125));
        assertEquals(Metadata.PART_BODY, Metadata.partAt(parts, 210));
        // a solution with no check: the problem and the solution only; a check alone: it and its answer
        assertEquals("exercise:8-30", MarkdownParts.of("Prose.\n\nProblem?\n\nSolution: 2.\n\nProse."));
        assertEquals("exercise:8-45", MarkdownParts.of("Prose.\n\nCheck your learning: 1 + 1?\n\nIt is 2.\n\nProse."));
    }

    @Test
    void plainProseHasNoParts() {
        assertEquals("", MarkdownParts.of("Stars shine.\n\nThey are far away."));
    }

    @Test
    void proseRightAfterAListIsItsOwnParagraph() {
        List<Prose.Sentence> s = Prose.sentences("- Describe a star\nStars shine by fusion.");
        assertEquals(List.of("Describe a star", "Stars shine by fusion."), s.stream().map(Prose.Sentence::text).toList());
    }
}
