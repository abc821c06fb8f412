package io.github.astrorag.core.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.load.TextDocumentLoader;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four shapes of a textbook's wrong answers (issue 35), on Markdown fixtures written for this test and read by
 * the real loader: a caption beside body text, an exercise that repeats the question, a reason stated before its
 * consequence, a removed figure reference.
 */
class BookAnswersTest {

    @TempDir
    Path dir;

    /** The whole document as one chunk, read by {@link TextDocumentLoader}: parts are known per sentence. */
    private Context book(String markdown) throws IOException {
        Path file = dir.resolve("section.md");
        Files.writeString(file, markdown);
        Document doc = new TextDocumentLoader().load(file).get(0);
        Chunk chunk = Chunk.of(doc, 0, doc.text(), 200, 0, doc.text().length());
        return new Context(List.of(new ScoredChunk(chunk, 1.0, null)), doc.text(), 200, 1000, Map.of());
    }

    private static Answer ask(String question, Context context) {
        return new ExtractiveGenerator(new HashingEmbedder()).generate(Query.of(question), context);
    }

    @Test
    void aCaptionBesideBodyTextDoesNotAnswer() throws IOException {
        Context ctx = book("""
                # The Glimmer Star

                Figure: The hot surface of the Glimmer star glows beside a cooler companion, shown to scale.

                The Glimmer star is young. Its surface is hot: the temperature at the surface of the Glimmer star is
                about 7200 K, well above that of the Sun.
                """);
        assertEquals("mixed", ctx.chunks().get(0).chunk().metadata().get(Metadata.PART));
        Answer a = ask("How hot is the surface of the Glimmer star?", ctx);
        assertTrue(a.text().contains("7200 K"), a.text());
        assertFalse(a.text().contains("Figure"), a.text());
    }

    @Test
    void aCaptionAnswersWhenNoBodyProseSupportsAnAnswer() throws IOException {
        Context ctx = book("""
                # The Glimmer Star

                Figure: The hot surface of the Glimmer star glows at about 7200 K beside a cooler companion.

                Travellers once steered their boats by lanterns along the river at night.
                """);
        Answer a = ask("How hot is the surface of the Glimmer star?", ctx);
        assertTrue(a.text().startsWith("Figure: The hot surface"), a.text());
    }

    @Test
    void anExerciseThatRepeatsTheQuestionNeverAnswers() throws IOException {
        Context ctx = book("""
                # Pale Dwarfs

                Stars end in many ways. A pale dwarf is a small, dense remnant of a star that has used up its
                nuclear fuel and now slowly cools.

                ### Review Questions

                What is a pale dwarf?

                What is the average density of the pale dwarf in ?
                """);
        Answer a = ask("What is a pale dwarf?", ctx);
        assertTrue(a.text().startsWith("A pale dwarf is a small, dense remnant"), a.text());
        assertFalse(a.text().contains("?"), a.text());
    }

    @Test
    void aReasonStatedBeforeItsConsequenceAnswersWhy() throws IOException {
        Context ctx = book("""
                # The Moon Tarvos

                Tarvos turns once on its axis in exactly the time it takes to go once around its planet. As a
                consequence, Tarvos always keeps the same face turned toward its planet.

                Seen from the planet, Tarvos shows phases, and its far side was first mapped by a probe.
                """);
        Answer a = ask("Why does Tarvos always show the same face to its planet?", ctx);
        assertTrue(a.text().startsWith("Tarvos turns once on its axis in exactly the time"), a.text());
        assertTrue(a.text().contains("As a consequence, Tarvos always keeps the same face"), a.text());
    }

    @Test
    void aSentenceGivingTheCauseIsPreferredForWhy() throws IOException {
        Context ctx = book("""
                # The Moon Tarvos

                Tarvos always keeps the same face turned toward its planet, as observers have long seen.
                Because its period of rotation equals its period of revolution, Tarvos always keeps the same
                face toward its planet.
                """);
        Answer a = ask("Why does Tarvos always keep the same face toward its planet?", ctx);
        assertTrue(a.text().startsWith("Because its period of rotation equals"), a.text());
    }

    @Test
    void aRemovedFigureReferenceLeavesNoFragment() throws IOException {
        Context ctx = book("""
                # Our Neighbour

                Our nearest neighbour in space is the moon Tarvos, a world of grey dust. shows Tarvos and its
                planet drawn to scale on one diagram. Its craters are old (see ) and very deep.
                """);
        Answer a = ask("What is our nearest neighbour in space?", ctx);
        assertTrue(a.text().startsWith("Our nearest neighbour in space is the moon Tarvos, a world of grey dust. [1]"),
                a.text());
        Answer b = ask("How deep are the craters of Tarvos?", ctx);
        assertTrue(b.text().startsWith("Its craters are old and very deep."), b.text());
        assertEquals("Its craters are old (see ) and very deep.", b.citations().get(0).quote());
    }

    @Test
    void anAbbreviationIsNoRemovedSubject() {
        assertEquals(-1, SentenceCandidates.subjectRemovedAt("co-NP holds the complement problems (i.e. problems with answers reversed) of NP."));
        assertEquals(32, SentenceCandidates.subjectRemovedAt("Earth and the Moon are far apart. shows them to scale."));
    }

    @Test
    void aSentenceCutOffByARemovedFormulaIsNoAnswer() {
        assertTrue(SentenceCandidates.unfinished("The distance of a star is the reciprocal of its parallax; that is,"));
        assertFalse(SentenceCandidates.unfinished("(This is how thin the air is high above Earth."));
        assertFalse(SentenceCandidates.unfinished("The air (thin as it is) is cold."));
    }

    @Test
    void quantityQuestionsWantAUnitOfTheirKind() {
        assertTrue(AnswerCues.holdsQuantity(AnswerCues.units("How hot is it?"), "It is about 5800 K at the top."));
        assertFalse(AnswerCues.holdsQuantity(AnswerCues.units("How hot is it?"), "It lies 150 million km away."));
        assertTrue(AnswerCues.holdsQuantity(AnswerCues.units("How far is it?"), "It lies 150 million km away."));
        assertTrue(AnswerCues.holdsQuantity(AnswerCues.units("How old is it?"), "It is 4.5 billion years old."));
        assertTrue(AnswerCues.holdsQuantity(AnswerCues.units("How massive is it?"), "It holds 1.4 MSun of gas."));
        assertTrue(AnswerCues.holdsQuantity(AnswerCues.units("How fast is it?"), "It moves at 30 km/s."));
        assertEquals(AnswerCues.Asks.DEFINITION, AnswerCues.asks("What is a pale dwarf?"));
        assertEquals(AnswerCues.Asks.REASON, AnswerCues.asks("Why is the sky dark at night?"));
        assertEquals(AnswerCues.Asks.QUANTITY, AnswerCues.asks("How many moons does it have?"));
    }
}
