package io.github.astrorag.core.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
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
import java.util.Set;
import io.github.astrorag.core.internal.text.Prose;
import io.github.astrorag.core.internal.text.Terms;
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
    void aCaptionGivesTheQuantityAskedForWhenTheBodyProseGivesNone() throws IOException {
        Context ctx = book("""
                # The Glimmer Star

                Figure: The Glimmer star beside its companion. The photosphere of the Glimmer star has a temperature of
                about 7200 K. (credit: modification of work by the Lantern Survey)

                The Glimmer star is young. Its surface is a boiling sea of hot gas, and the Glimmer star shines white.
                """);
        Answer a = ask("How hot is the surface of the Glimmer star?", ctx);
        assertTrue(a.text().startsWith("The photosphere of the Glimmer star has a temperature of about 7200 K."),
                a.text());
        assertFalse(a.text().contains("credit"), "a figure's credit line is no part of what it says: " + a.text());
        // a question that asks for no quantity is answered from the body prose, as before
        String what = ask("What is the surface of the Glimmer star like?", ctx).text();
        assertTrue(what.contains("boiling sea") && !what.contains("photosphere"), what);
        // "how hot" asks for a temperature, the word a text states it by; "how long" names no single quantity
        assertEquals("temperature", AnswerCues.howNoun("How hot is the surface of the Glimmer star?"));
        assertEquals("distance", AnswerCues.howNoun("How far away is it?"));
        assertEquals(null, AnswerCues.howNoun("How long does it shine?"));
        assertEquals(null, AnswerCues.howNoun("What is the Glimmer star?"));
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
    void anInferenceIsQuotedAfterTheEvidenceItDrawsOn() throws IOException {
        Context ctx = book("""
                # The Lantern Cluster

                Galaxies in the Lantern cluster race around its centre far faster than the pull of all the stars and
                gas that telescopes record would allow. This discrepancy implies that the Lantern cluster holds a
                large amount of unseen mass. Its hot gas glows faintly in X-rays.
                """);
        Answer a = ask("Why do astronomers think the Lantern cluster holds unseen mass?", ctx);
        assertTrue(a.text().startsWith("Galaxies in the Lantern cluster race around its centre"), a.text());
        assertTrue(a.text().contains("This discrepancy implies that the Lantern cluster holds"), a.text());
        // a demonstrative, at most three words, a verb of evidence, then "that"
        assertTrue(AnswerCues.consequence("These X-ray observations show that the gas is hot."));
        assertTrue(AnswerCues.consequence("That measured discrepancy suggests that mass is missing."));
        assertTrue(AnswerCues.consequence("Such measurements indicate that the cluster is old."));
        assertFalse(AnswerCues.consequence("This star shows a spectrum that is rich in metals."));
        assertFalse(AnswerCues.consequence("The data imply that the cluster is old."));
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
    void twoSentencesGluedWhereAFootnoteWasRemovedAreTwoSentences() {
        String source = "Observers saw a new star appear, and they called it a nova.We now know the name misleads.";
        List<Prose.Sentence> parts = SentenceCandidates.unglued(source, new Prose.Sentence(source, 0, source.length()));
        assertEquals(List.of("Observers saw a new star appear, and they called it a nova.", "We now know the name misleads."),
                parts.stream().map(Prose.Sentence::text).toList());
        // each part quotes its own span of the source
        assertEquals(parts.get(1).text(), source.substring(parts.get(1).start(), parts.get(1).end()));
        // one letter before the mark is an abbreviation, not a glue
        String abbreviation = "She earned her Ph.D. in Leiden, e.g.The thesis.";
        assertEquals(1, SentenceCandidates.unglued(abbreviation,
                new Prose.Sentence(abbreviation, 0, abbreviation.length())).size());
    }

    @Test
    void aHeadingRunIntoItsParagraphAndAMissingPeriodLeaveTwoSentences() {
        String source = "Density of the Dust As we saw, the dust is thin. It was near 20 grams per litre The newest "
                + "value is 22 grams per litre.";
        List<Prose.Sentence> parts = Prose.sentences(source).stream()
                .flatMap(p -> SentenceCandidates.unglued(source, p).stream()).toList();
        assertEquals(List.of("Density of the Dust", "As we saw, the dust is thin.", "It was near 20 grams per litre",
                "The newest value is 22 grams per litre."), parts.stream().map(Prose.Sentence::text).toList());
        for (Prose.Sentence p : parts) {
            assertEquals(p.text(), source.substring(p.start(), p.end()), "each part quotes its own span");
        }
        // a title after "the film" (a capital follows) and a lone capital letter (A, I) are no sentence start
        for (String one : List.of("We watched the film The Dark Tower twice.", "Vitamin A is found in carrots.")) {
            assertEquals(1, SentenceCandidates.unglued(one, new Prose.Sentence(one, 0, one.length())).size(), one);
        }
    }

    @Test
    void aPrepositionLeftBeforeACommaByARemovedReferenceIsDropped() {
        String source = "For , we adopt a value of 67 for the constant. The gas shown in , is hot.";
        List<String> texts = Prose.sentences(source).stream().map(p -> SentenceCandidates.whole(source, p).text())
                .toList();
        assertEquals(List.of("We adopt a value of 67 for the constant.", "The gas shown, is hot."), texts);
        // a preposition that ends its clause is English: "worked with, ..." keeps its word
        String english = "It is the team she worked with, and the tool she paid for, that matter.";
        assertEquals(english, SentenceCandidates.whole(english, new Prose.Sentence(english, 0, english.length())).text());
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

    @Test
    void aHowQuestionWhoseSubjectIsAQuantityNounWantsThatQuantity() {
        // "how high" alone asks for a distance; "how high is the air pressure" for a pressure
        assertEquals(Set.of(AnswerCues.Unit.DISTANCE), AnswerCues.units("How high is the summit of Vela Mons?"));
        assertEquals(Set.of(AnswerCues.Unit.PRESSURE), AnswerCues.units("How high is the air pressure at the surface of Vela?"));
        assertEquals(AnswerCues.Asks.QUANTITY, AnswerCues.asks("How high is the air pressure at the surface of Vela?"));
        assertEquals(Set.of(AnswerCues.Unit.TEMPERATURE), AnswerCues.units("How high was the temperature of the gas?"));
        assertEquals(Set.of(AnswerCues.Unit.PRESSURE), AnswerCues.units("What is the pressure at the bottom of the sea?"));
        Set<AnswerCues.Unit> pressure = Set.of(AnswerCues.Unit.PRESSURE);
        assertTrue(AnswerCues.holdsQuantity(pressure, "Its surface pressure of 60 bars would crush a probe."));
        assertTrue(AnswerCues.holdsQuantity(pressure, "The air presses down at 101 kPa, or 1 atm."));
        assertTrue(AnswerCues.holdsQuantity(pressure, "The thin air holds only 0.006 bar."));
        assertFalse(AnswerCues.holdsQuantity(pressure, "Its air is nearly 100 times thicker than ours, at 700 K."));
    }

    @Test
    void aQuestionThatNamesItsQuantityWantsAUnitOfThatKind() {
        assertEquals(AnswerCues.Asks.QUANTITY, AnswerCues.asks("What is the temperature at the surface of Vela?"));
        assertEquals(Set.of(AnswerCues.Unit.TEMPERATURE), AnswerCues.units("What is the temperature at the surface of Vela?"));
        assertEquals(Set.of(AnswerCues.Unit.TEMPERATURE), AnswerCues.units("What temperature does the glow correspond to?"));
        assertEquals(Set.of(AnswerCues.Unit.MASS), AnswerCues.units("What is the maximum mass a pale dwarf can have?"));
        assertEquals(Set.of(AnswerCues.Unit.DURATION), AnswerCues.units("What was the age of the cluster?"));
        assertEquals(Set.of(AnswerCues.Unit.SPEED, AnswerCues.Unit.DURATION), AnswerCues.units("How quickly does it drift?"));
        // a motion under way asks for its rate
        assertEquals(Set.of(AnswerCues.Unit.SPEED), AnswerCues.units("How quickly is the ring of Vela spreading?"));
        assertEquals(Set.of(AnswerCues.Unit.SPEED), AnswerCues.units("How rapidly are the two stars moving apart?"));
        assertTrue(AnswerCues.holdsQuantity(Set.of(AnswerCues.Unit.SPEED), "It drifts away by 3.8 centimeters per year."));
        // "as" is no "a" before the unit "s", "ones" no "one"
        assertFalse(AnswerCues.holdsQuantity(Set.of(AnswerCues.Unit.DURATION), "As it moves away, it orbits less quickly."));
        assertFalse(AnswerCues.holdsQuantity(Set.of(AnswerCues.Unit.DURATION), "The bright ones fade."));
        assertTrue(AnswerCues.holdsQuantity(Set.of(AnswerCues.Unit.DURATION), "It takes a few minutes, or one day."));
        // the noun is the head of its phrase, not the first word of another name
        assertEquals(AnswerCues.Asks.DEFINITION, AnswerCues.asks("What is the mass function?"));
        assertEquals(AnswerCues.Asks.DEFINITION, AnswerCues.asks("What is a pale dwarf?"));
    }

    /** Whether the sentence defines the subject of the definition question. */
    private static boolean defines(String question, String sentence) {
        return AnswerCues.defines(AnswerCues.definitionSubject(question), sentence);
    }

    @Test
    void aDefinitionIsFoundByTheHeadOfItsSubjectAndEveryTermOfAWord() {
        assertEquals(Set.copyOf(Terms.of("photosphere")), AnswerCues.definitionSubject("What is the photosphere of the Sun?"));
        assertTrue(defines("What is the photosphere of the Sun?", "The photosphere is the layer where the gas becomes opaque."));
        // "light-year" is two terms: both must be found in the sentence's first words
        assertTrue(defines("What is a light-year?", "A light-year is the distance light travels in one year."));
        assertFalse(defines("What is a light-year?", "Light from the year before reached us late."));
        assertTrue(defines("What is starquake seismology?", "The ringing of stars is referred to as starquake seismology."));
        // the subject opens the sentence, or comes right after the word that names it (or after the thing named)
        assertFalse(defines("What is starquake seismology?", "Another finding of starquake seismology is that it spins."));
        assertTrue(defines("What is the tilt of an orbit?", "The angle between the two planes is called the tilt of the orbit."));
        assertFalse(defines("What is the tilt of an orbit?", "A flat orbit can be called an orbit of zero tilt."));
        assertTrue(defines("What is a protostar?", "While the cloud core shrinks, we call the object a protostar."));
        // "given the name X" and "dubbed X" name X as "called X" does; a name alone is no namer
        assertTrue(defines("What is a ridge dwarf?",
                "Such hills lie between ridges and mounds and were given the name ridge dwarfs."));
        assertTrue(AnswerCues.names(AnswerCues.definitionSubject("What is a ridge dwarf?"),
                "Such hills lie between ridges and mounds and have received the name ridge dwarf."));
        assertTrue(AnswerCues.names(AnswerCues.definitionSubject("What is a ridge dwarf?"),
                "The smallest hills were soon dubbed ridge dwarfs by the surveyors."));
        assertFalse(AnswerCues.names(AnswerCues.definitionSubject("What is a ridge dwarf?"),
                "The name ridge dwarf is older than the survey."));
        assertFalse(AnswerCues.names(AnswerCues.definitionSubject("What is a ridge dwarf?"),
                "They were given the name of the ridge dwarf's finder."));
        // a clause after a colon opens like a sentence, and a modal's "be" is a copula
        assertTrue(defines("What is a hypothesis?", "This point is crucial: a hypothesis must be an idea that can be tested."));
        assertFalse(defines("What is a hypothesis?", "Tested twice, the hypothesis must be dropped."));
    }

    @Test
    void aDefinitionThatSaysThisIsCalledXQuotesTheSentenceThatSaysWhatThisIs() throws IOException {
        Context ctx = book("""
                # Ridge waves

                Any sudden slip of a fault along the ridge makes a ripple in the ground. This ripple is called a ridge
                wave, and it travels for miles. Ridge waves were first recorded at the Kestrel Observatory.
                """);
        assertEquals(AnswerCues.Asks.DEFINITION, AnswerCues.asks("What do geologists mean by a ridge wave?"));
        Answer a = ask("What is a ridge wave?", ctx);
        assertTrue(a.text().startsWith("Any sudden slip of a fault"), a.text());
        assertTrue(a.text().contains("This ripple is called a ridge wave"), a.text());
    }

    @Test
    void aWhoQuestionPrefersASentenceThatNamesSomeoneTheQuestionDoesNot() {
        Set<String> asked = AnswerCues.contentTerms("Who discovered the faint glow?",
                EnglishTermAnalyzer.defaults());
        assertTrue(AnswerCues.namesSomeoneElse(asked, "In 1964, Arno Quill and Rhea Bolt found the faint glow."));
        assertFalse(AnswerCues.namesSomeoneElse(asked, "Scientists have detected the faint glow (CMB) from the start."));
        assertFalse(AnswerCues.namesSomeoneElse(asked, "The Faint Glow was seen at first light."));
        assertFalse(AnswerCues.namesSomeoneElse(asked, "In Quill's view, the glow was faint."));
    }

    @Test
    void aWhoAnswerThatSaysHeOrSheQuotesTheSentenceThatNamesThePerson() throws IOException {
        Context ctx = book("""
                # The Veil Nebula

                Mira Castell built the first spectrograph of the Kestrel Observatory in 1921. She measured the speed
                of the Veil Nebula with it, from its red shift. The nebula recedes at 40 kilometres per second.
                """);
        Answer a = ask("Who measured the speed of the Veil Nebula?", ctx);
        assertTrue(a.text().startsWith("Mira Castell built"), a.text());
        assertTrue(a.text().contains("She measured the speed"), a.text());
        assertTrue(AnswerCues.opensWithPerson("She measured it."));
        assertFalse(AnswerCues.opensWithPerson("Shells of gas measured it."));
        // a "He ..." sentence that itself names someone the question did not is its own answer
        assertTrue(AnswerCues.namesAnyoneElse(Set.copyOf(Terms.of("father Arlen Voss")), "His father was Corin Voss."));
        assertFalse(AnswerCues.namesAnyoneElse(Set.copyOf(Terms.of("measured speed Veil Nebula")),
                "She measured the speed of the Veil Nebula."));
    }

    @Test
    void aWhoAnswerThatNamesNoOneQuotesTheNearestSentenceBeforeItThatDoes() throws IOException {
        Context ctx = book("""
                # The northern map

                Star maps were copied by hand for centuries. Tomas Arvid was born in a harbour town on the northern
                coast. His schooling was in law and music, but his love was the night sky. His lasting work was the
                first complete map of the northern sky, drawn from his own sightings.
                """);
        Answer a = ask("Who drew the first complete map of the northern sky?", ctx);
        // two "His ..." sentences back is the one that names him; the one between is not quoted
        assertTrue(a.text().startsWith("Tomas Arvid was born"), a.text());
        assertTrue(a.text().contains("His lasting work was the first complete map"), a.text());
        assertFalse(a.text().contains("His schooling"), a.text());
    }

    @Test
    void aSentenceInterruptedByAnInsertedNoteNeverAnswers() throws IOException {
        assertTrue(SentenceCandidates.interrupted("The first estimates of the glow (GL)Recall that kelvins start at"
                + " absolute zero. were uncertain, but all were below 40 K."));
        assertFalse(SentenceCandidates.interrupted("The glow (GL) was measured at 2.7 K. It is cold."));
        assertFalse(SentenceCandidates.interrupted("The glow (see Ch. 3) was measured at 2.7 K by the probe."));
        assertFalse(SentenceCandidates.interrupted("Its crust holds Ca(OH)Cl and ice."));
        Context ctx = book("""
                # The faint glow

                The temperature of the faint glow (GL)Recall that kelvins start at absolute zero. was first put at
                40 K.

                The Wren probe measured the temperature of the glow as 2.7 K.
                """);
        Answer a = ask("What is the temperature of the faint glow?", ctx);
        assertFalse(a.text().contains("Recall"), a.text());
        assertTrue(a.text().contains("2.7 K"), a.text());
    }

    @Test
    void aCauseMayBeGivenBeforeItsConsequenceWithSo() throws IOException {
        assertTrue(AnswerCues.givesCause("Cold air is heavier than warm air, so it sinks to the floor."));
        assertFalse(AnswerCues.givesCause("The hall has been cold, so far, every winter."));
        assertFalse(AnswerCues.givesCause("It is a cold hall, so called for its draughts."));
        // "since" is as often a time as a cause, and its cause mostly another question's
        assertFalse(AnswerCues.givesCause("The old craters have since been erased by wind and water."));
        assertFalse(AnswerCues.givesCause("Since craters are rare here, nobody expected them on the Moon."));
        // a purpose is no cause
        assertFalse(AnswerCues.givesCause("The heat keeps the pressure up so that the star does not collapse."));
        assertFalse(AnswerCues.givesCause("The mirror is cooled in order to silence its own glow."));
        assertTrue(AnswerCues.givesCause("The star collapses because its core can no longer make heat."));
        Context ctx = book("""
                # Cold halls

                The lower hall of the Kestrel Observatory is colder than its upper hall. Cold air is heavier than
                warm air, so the cold air of the observatory sinks into the lower hall and stays there. The halls
                were built in 1850.
                """);
        Answer a = ask("Why is the lower hall of the observatory cold?", ctx);
        assertTrue(a.text().startsWith("Cold air is heavier than warm air, so"), a.text());
    }

    @Test
    void aWhyAnswerThatGivesNoCauseReadsOnIntoTheSentenceThatExplainsIt() throws IOException {
        assertTrue(AnswerCues.explainsBefore("However, the ring of Tarvos is tilted by about 7 degrees."));
        assertTrue(AnswerCues.explainsBefore("This is because the ring is tilted."));
        assertFalse(AnswerCues.explainsBefore("Howard first saw the ring in 1901."));
        Context ctx = book("""
                # Shadows of Tarvos

                If the ring of Tarvos lay in the plane of its orbit, its shadow would cross the planet every night.
                However, the ring of Tarvos is tilted by about 7 degrees to that plane. The ring was first seen in
                1901 from a mountain observatory.
                """);
        Answer a = ask("Why doesn't the shadow of the ring of Tarvos cross the planet every night?", ctx);
        assertTrue(a.text().startsWith("If the ring of Tarvos lay in the plane of its orbit"), a.text());
        assertTrue(a.text().contains("However, the ring of Tarvos is tilted by about 7 degrees"), a.text());
    }

    @Test
    void aDefinitionThatNamesWhatItDefinesAnswersFirst() throws IOException {
        Set<String> subject = AnswerCues.definitionSubject("What is the glow line of a pale dwarf?");
        assertTrue(AnswerCues.names(subject, "The thin shell where its gas turns opaque is called the glow line."));
        assertFalse(AnswerCues.names(subject, "The glow line is the edge of the pale dwarf."));
        assertFalse(AnswerCues.names(subject, "The term glow line is misleading, but we are stuck with it."));
        Context ctx = book("""
                # Pale dwarfs

                The glow line is the edge of a pale star.
                The shell of a pale dwarf where its gas turns opaque is called the glow line.
                """);
        Answer a = ask("What is the glow line of a pale dwarf?", ctx);
        assertTrue(a.text().startsWith("The shell of a pale dwarf where its gas turns opaque"), a.text());
    }

    @Test
    void aWhyAnswerPrefersAMechanismInThePassiveWithItsAgent() throws IOException {
        assertTrue(AnswerCues.givesAgent("The straight tail is pushed more directly outward by the wind of the star."));
        assertTrue(AnswerCues.givesAgent("To stay liquid, the sea must be warmed by heat from below."));
        assertFalse(AnswerCues.givesAgent("The tail was discovered by a survey telescope in 1910."));
        assertFalse(AnswerCues.givesAgent("The tail is pushed outward. It was seen by many."));
        Context ctx = book("""
                # Tails of the Morrow comets

                Sailors noticed long ago that the tails of the Morrow comets point away from the star Morrow.
                Each tail is a thin stream of gas and grit that leaves the head of the comet.
                The tails of the Morrow comets are swept away from the star Morrow by a steady wind of charged particles.
                """);
        Answer a = ask("Why do the tails of the Morrow comets point away from the star Morrow?", ctx);
        assertTrue(a.text().startsWith("The tails of the Morrow comets are swept away"), a.text());
    }

    @Test
    void aWhoAnswerThatSaysThePersonDidWhatTheQuestionAsksAnswersFirst() throws IOException {
        var analyzer = EnglishTermAnalyzer.defaults();
        assertEquals(Set.copyOf(Terms.of("predicted")), AnswerCues.askedVerb("Who predicted where the planet was?", analyzer));
        assertEquals(Set.copyOf(Terms.of("worked")), AnswerCues.askedVerb("Who first worked out the orbit?", analyzer));
        assertTrue(AnswerCues.askedVerb("Who was the first to see it?", analyzer).isEmpty());
        assertTrue(AnswerCues.askedVerb("When was it predicted?", analyzer).isEmpty());
        Context ctx = book("""
                # The ninth moon

                Weeks before the ninth moon of Tarvos was found, Orla Penn told the Harbour Society that the ninth
                moon of Tarvos would soon be seen. The finding was a triumph for Ivo Marsh and Tilde Brae in predicting
                where the ninth moon would be. Tarvos has nine moons in all.
                """);
        Answer a = ask("Who predicted where the ninth moon of Tarvos would be found?", ctx);
        assertTrue(a.text().startsWith("The finding was a triumph for Ivo Marsh"), a.text());
    }

    @Test
    void aDefinitionThatOnlyNamesItsSubjectReadsOnIntoTheSentenceAboutIt() throws IOException {
        Context ctx = book("""
                # Sharper images

                Since not every telescope can fly above the air, engineers built a method called bending optics that
                undoes the blur of the air. This method moves a thin, flexible mirror hundreds of times a second.
                The largest telescopes use it every night.
                """);
        Answer a = ask("What is bending optics?", ctx);
        assertTrue(a.text().startsWith("Since not every telescope can fly above the air"), a.text());
        assertTrue(a.text().contains("This method moves a thin, flexible mirror"), a.text());
        assertFalse(a.text().contains("The largest telescopes"), a.text());
    }

    @Test
    void aCopulaBeforeADegreeOrAPrepositionAndANameThatGoesOnDoNotDefine() {
        assertTrue(defines("What is a pale dwarf?", "Pale dwarfs are objects too light to fuse hydrogen."));
        assertFalse(defines("What is a pale dwarf?", "Pale dwarfs are very hard to find in the glare of their stars."));
        assertFalse(defines("What is a pale dwarf?", "Pale dwarfs are not common in young clusters."));
        assertFalse(defines("What is a pale dwarf?", "Pale dwarfs are of interest to planet hunters."));
        // the subject must end before its copula: the detectors are not what the question asks about
        assertFalse(defines("What is a pale dwarf?", "The pale dwarf detectors are made of germanium."));
        assertTrue(defines("What is a pale dwarf?", "A pale dwarf (PD) is a star that never ignites."));
        // the name ends where the sentence or a function word says so, not inside a longer compound
        assertTrue(defines("What is the cold branch?", "The stars that have cooled lie on what is called the cold branch."));
        assertTrue(defines("What is the cold branch?", "This strip is called the cold branch of the diagram."));
        assertFalse(defines("What is the cold branch?", "Where stars leave it is called the cold-branch knee."));
        assertFalse(defines("What is the cold branch?", "Where stars leave it is called the cold branch knee."));
    }

    @Test
    void aNounPhraseInAppositionDefinesButAClauseDoesNot() {
        assertTrue(defines("What is a span?", "The units of length are the reach, the length of an arm, and the span "
                + "(sp), the width of an open hand."));
        assertTrue(defines("What is a span?", "We measured it in the span, a unit as wide as a hand."));
        assertFalse(defines("What is a span?", "If the gap is wider than the span, the bridge will fall."));
        assertFalse(defines("What is a span?", "Every span, the builders said, was checked twice."));
    }
    @Test
    void aWhyAnswerPrefersAConsequenceAfterTheCauseItRefersBackTo() throws IOException {
        Context ctx = book("""
                # Dry peaks

                Cold-light telescopes are built on dry mountain peaks or carried in balloons.
                Steam, the main enemy of cold light, stays in the lowest layer of the air. For this reason, cold-light
                telescopes are built on dry mountain peaks or carried high in balloons.
                """);
        Answer a = ask("Why are cold-light telescopes built on dry mountain peaks or carried in balloons?", ctx);
        assertTrue(a.text().startsWith("Steam, the main enemy of cold light"), a.text());
        assertTrue(a.text().contains("For this reason, cold-light"), a.text());
    }
    @Test
    void aDegreeThatRulesSomethingOutIsACause() throws IOException {
        assertTrue(AnswerCues.givesCause("Its pull is about one-tenth of ours, too weak to hold on to any air."));
        assertTrue(AnswerCues.givesCause("The moon was too small and too cold to keep its gas."));
        assertFalse(AnswerCues.givesCause("The moon is small, and it has no air too."));
        Context ctx = book("""
                # The moon Pell

                Pell is the third moon of Tarvos and the only one that is known to have no air at all.
                Pell is, like the other moons of Tarvos, a ball of rock and ice with many old craters.
                The pull of the moon Pell is about one-tenth of that of Tarvos, too weak to hold on to any air.
                """);
        Answer a = ask("Why does the moon Pell have no air?", ctx);
        assertTrue(a.text().startsWith("The pull of the moon Pell"), a.text());
    }
}
