package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.GeneratorContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest extends GeneratorContract {

    @Override
    protected Generator generator() {
        return new ExtractiveGenerator(new HashingEmbedder());
    }

    /** Counts every passage text it is asked to embed. */
    static final class CountingEmbedder implements Embedder {
        final HashingEmbedder delegate = new HashingEmbedder();
        final List<String> passages = new ArrayList<>();

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            passages.addAll(texts);
            return delegate.embedDocuments(texts);
        }

        @Override
        public float[] embedQuery(String text) {
            return delegate.embedQuery(text);
        }
    }

    private static Context context(String text) {
        Chunk c = new Chunk("notes#0", "notes", "notes", "notes.txt", null, 0, text, 40, 0, text.length());
        return new Context(List.of(new ScoredChunk(c, 1.0, null)), text, 40, 100, Map.of());
    }

    @Test
    void multipleChoiceEmbedsEachSentenceOnceAndCitesTheSupport() {
        CountingEmbedder embedder = new CountingEmbedder();
        String text = "Mars has two moons. Jupiter has dozens of moons. Venus has no moon. Mercury has no moon either.";
        Answer a = new ExtractiveGenerator(embedder).generate(Query.withOptions("How many moons does Mars have?",
                Map.of("A", "two", "B", "none", "C", "dozens", "D", "one")), context(text));
        assertThat(a.choice()).isEqualTo("A");
        assertThat(a.citations()).singleElement().satisfies(c -> assertThat(c.quote()).isEqualTo("Mars has two moons."));
        assertThat(embedder.passages).hasSize(4).doesNotHaveDuplicates();
    }

    /**
     * A document whose sentence holds citation markers (issue 34, row 5): the answer shows only the markers it writes
     * (was "… every 3 years [1]. [2]", the forged sentence looking cited); the citation quotes the text verbatim.
     */
    @Test
    void markerLikeTextInAQuotedSentenceNeverReadsAsACitation() {
        String forged = "Halley's Comet returns every 3 years [1]. Its orbit is short [2, 3] they say [ 4 ].";
        String real = "Halley's Comet returns every 76 years. The comet is very dark.";
        Chunk a = new Chunk("a#0", "a", "a", "a.txt", null, 0, forged, 30, 0, forged.length());
        Chunk b = new Chunk("b#0", "b", "b", "b.txt", null, 0, real, 20, 0, real.length());
        Context context = new Context(List.of(new ScoredChunk(b, 1.0, null), new ScoredChunk(a, 0.9, null)),
                real + "\n\n" + forged, 50, 100, Map.of());
        Answer answer = ExtractiveGenerator.builder(new HashingEmbedder()).maxSentences(4).margin(1.0).minGain(1e-6).minSupport(0).build()
                .generate(Query.of("How often does Halley's Comet return, and what is its orbit?"), context);
        assertThat(answer.citations()).extracting(Citation::chunkId).contains("a#0");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[[^\\]]*]").matcher(answer.text());
        List<String> markers = new ArrayList<>();
        while (m.find()) {
            markers.add(m.group());
        }
        List<String> written = answer.citations().stream().map(c -> "[" + c.number() + "]").toList();
        assertThat(markers).as(answer.text()).containsExactlyElementsOf(written);
        assertThat(answer.text()).contains("Its orbit is short they say.");
        assertThat(answer.citations()).filteredOn(c -> c.chunkId().equals("a#0")).singleElement()
                .satisfies(c -> assertThat(forged).contains(c.quote()))
                .satisfies(c -> assertThat(c.quote()).contains("short [2, 3] they say [ 4 ]."));
    }

    @Test
    void openQuestionQuotesAndCitesTheBestSentences() {
        Answer a = new ExtractiveGenerator(new HashingEmbedder(), 1, 0.5, 24)
                .generate(Query.of("How many moons does Jupiter have?"), context("Mars has two moons. Jupiter has dozens of moons."));
        assertThat(a.text()).isEqualTo("Jupiter has dozens of moons. [1]");
        assertThat(a.citations()).singleElement().satisfies(c -> assertThat(c.chunkId()).isEqualTo("notes#0"));
    }

    @Test
    void markdownIsAnsweredInPlainSentencesAndQuotedVerbatim() {
        String text = "# Kestrel Ridge Observatory\n\nThe **Kestrel Ridge** telescope is a 1.2-metre\n"
                + "reflector on a [fork mount](mounts.md).\n\n## Domes\n\n- The dome turns on *twelve* wheels.\n";
        Answer a = new ExtractiveGenerator(new HashingEmbedder(), 3, 0.5, 24)
                .generate(Query.of("What is the Kestrel Ridge Observatory telescope?"), context(text));
        assertThat(a.text()).isEqualTo("The Kestrel Ridge telescope is a 1.2-metre reflector on a fork mount. [1]");
        assertThat(a.citations()).extracting(c -> c.quote()).containsExactly(
                "The **Kestrel Ridge** telescope is a 1.2-metre\nreflector on a [fork mount](mounts.md).");
    }

    @Test
    void aSecondSentenceOnlyWhenItCoversWhatTheFirstLacks() {
        String text = "The spectrograph reaches a resolving power of 5000 at 650 nanometres. "
                + "This guide describes the spectrograph that is mounted behind the telescope. "
                + "Its detector is a cooled CCD camera with small pixels.";
        ExtractiveGenerator generator = ExtractiveGenerator.builder(new HashingEmbedder()).margin(1.0).build();
        Answer one = generator.generate(Query.of("What resolving power does the spectrograph reach?"), context(text));
        assertThat(one.text()).isEqualTo("The spectrograph reaches a resolving power of 5000 at 650 nanometres. [1]");
        Answer two = generator.generate(
                Query.of("What resolving power does the spectrograph reach, and what is its detector?"), context(text));
        assertThat(two.text()).isEqualTo("The spectrograph reaches a resolving power of 5000 at 650 nanometres. "
                + "Its detector is a cooled CCD camera with small pixels. [1]");
        assertThat(two.citations()).singleElement().satisfies(c -> {
            assertThat(c.number()).isEqualTo(1);
            assertThat(c.quote()).isEqualTo(text);
        });
    }

    @Test
    void twoSentencesOfOneChunkGiveOneCitation() {
        String guide = "The telescope has a mirror of 2.4 metres. The dome is white. The mirror is cleaned every year "
                + "in June by the staff.";
        Context ctx = contextOf(chunk("notes", 0, 0, "The dome turns on twelve wheels."), chunk("guide", 0, 0, guide));
        Answer a = ExtractiveGenerator.builder(new HashingEmbedder()).margin(2.0).maxSentences(3).minSupport(0).build()
                .generate(Query.of("How large is the telescope mirror and when is it cleaned?"), ctx);
        assertThat(a.text()).isEqualTo("The telescope has a mirror of 2.4 metres. "
                + "The mirror is cleaned every year in June by the staff. [1]");
        assertThat(a.citations()).singleElement().satisfies(c -> {
            assertThat(c.number()).isEqualTo(1);
            assertThat(c.chunkId()).isEqualTo("guide#0");
            assertThat(c.quote()).isEqualTo(guide);
        });
    }

    @Test
    void sourcesAreNumberedInTheOrderTheAnswerCitesThem() {
        Context ctx = contextOf(chunk("notes", 0, 0, "The dome turns on twelve wheels."),
                chunk("history", 0, 0, "The observatory opened in 1931."),
                chunk("guide", 0, 0, "The telescope mirror is 2.4 metres wide."));
        Answer a = ExtractiveGenerator.builder(new HashingEmbedder()).margin(2.0).minGain(0.01).minSupport(0).build()
                .generate(Query.of("How wide is the telescope mirror, and when did the observatory open?"), ctx);
        assertThat(a.text()).isEqualTo("The telescope mirror is 2.4 metres wide. [1] The observatory opened in 1931. [2]");
        assertThat(a.citations()).extracting(c -> c.number() + " " + c.chunkId())
                .containsExactly("1 guide#0", "2 history#0");
    }

    @Test
    void aSentenceThatRefersBackIsMatchedWithTheSentenceBeforeIt() {
        Context ctx = contextOf(chunk("people", 0, 0, "Arlen Voss surveyed the northern ridge for the observatory. "
                + "His father was Corin Voss, a lens grinder from the coast."));
        Answer a = ExtractiveGenerator.builder(new HashingEmbedder()).maxSentences(1).minSupport(0).build()
                .generate(Query.of("Who was the father of Arlen Voss?"), ctx);
        assertThat(a.text()).isEqualTo("His father was Corin Voss, a lens grinder from the coast. [1]");
        assertThat(SentenceCandidates.refersBack("His father was Corin Voss.")).isTrue();
        assertThat(SentenceCandidates.refersBack("The latter was built in 1931.")).isTrue();
        assertThat(SentenceCandidates.refersBack("Thistle grows on the ridge.")).isFalse();
        assertThat(SentenceCandidates.refersBack("Arlen Voss surveyed the ridge.")).isFalse();
    }

    @Test
    void aSentenceInTwoOverlappingChunksIsQuotedOnceAndNeverAsAFragment() {
        String doc = "The model star is simple. The figure shows how the temperature, density and pressure change "
                + "from the centre of the star to its surface. Convection carries the energy outward.";
        int cut = doc.indexOf("how the temperature");
        Chunk first = chunk("stars", 0, 0, doc.substring(0, doc.indexOf(" Convection")));
        Chunk second = chunk("stars", 1, cut, doc.substring(cut));
        Answer a = ExtractiveGenerator.builder(new HashingEmbedder()).margin(2.0).minGain(0.01).build()
                .generate(Query.of("How do the temperature and density change from the centre to the surface?"),
                        contextOf(first, second));
        assertThat(a.abstained()).isFalse();
        assertThat(a.text()).startsWith("The figure shows how the temperature").containsOnlyOnce("temperature")
                .doesNotStartWith("how");
        assertThat(a.citations()).extracting(c -> c.quote()).noneMatch(q -> q.startsWith("how the"));

        String sun = "Energy leaves the core slowly. The model traces the heat from the centre of the Sun outward "
                + "to its visible surface. Convection carries the energy outward near the surface.";
        int capital = sun.indexOf("Sun outward");
        Answer b = ExtractiveGenerator.builder(new HashingEmbedder()).minSupport(0).build()
                .generate(Query.of("Is the Sun outward to its visible surface?"), contextOf(
                        chunk("sun", 1, capital, sun.substring(capital)),
                        chunk("sun", 0, 0, sun.substring(0, sun.indexOf(" Convection")))));
        assertThat(b.text()).doesNotStartWith("Sun outward").containsOnlyOnce("outward to its visible surface");
    }

    @Test
    void aWholeSentenceInTwoOverlappingChunksIsQuotedOnce() {
        String doc = "The dome is white. The slit of the spectrograph is 1.5 arcseconds wide and 3 arcminutes long. "
                + "The grating has 600 lines per millimetre.";
        int second = doc.indexOf("The slit");
        Context ctx = contextOf(chunk("guide", 1, second, doc.substring(second)),
                chunk("guide", 0, 0, doc.substring(0, doc.indexOf(" The grating"))));
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer a = ExtractiveGenerator.builder(new HashingEmbedder()).margin(2.0).minGain(0.01).maxSentences(3).build()
                .generate(Query.of("How wide and how long is the slit of the spectrograph, and how white is it?"), ctx,
                        trace);
        assertThat(a.text()).containsOnlyOnce("The slit of the spectrograph is 1.5 arcseconds wide");
        assertThat(trace.values).as("the dome, the slit once, the grating").containsEntry("sentencesScored", 3);
        assertThat(a.citations()).extracting(c -> c.number()).doesNotHaveDuplicates();
    }

    @Test
    void aTitleIsNeverQuoted() {
        Context ctx = contextOf(chunk("history", 0, 0, "History of the Kestrel Observatory"),
                chunk("history", 1, 40, "The Kestrel Observatory opened in 1931 on the ridge."));
        Answer a = new ExtractiveGenerator(new HashingEmbedder())
                .generate(Query.of("What is the history of the Kestrel Observatory?"), ctx);
        assertThat(a.text()).isEqualTo("The Kestrel Observatory opened in 1931 on the ridge. [1]");
        assertThat(a.citations()).singleElement().satisfies(c -> assertThat(c.chunkId()).isEqualTo("history#1"));
    }

    @Test
    void aQuestionTheDocumentsDoNotAnswerIsDeclinedAndTheTraceSaysWhy() {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer a = new ExtractiveGenerator(new HashingEmbedder())
                .generate(Query.of("What is the wind speed at the summit?"), telescopeDocuments(), trace);
        assertThat(a.abstained()).isTrue();
        assertThat(a.text()).isEqualTo(Answer.NOT_ANSWERED);
        assertThat(a.citations()).isEmpty();
        assertThat(trace.values).containsEntry(ExtractiveGenerator.ABSTAINED, true)
                .containsKeys(ExtractiveGenerator.SUPPORT, ExtractiveGenerator.COVERAGE, ExtractiveGenerator.COSINE,
                        ExtractiveGenerator.UNMATCHED, ExtractiveGenerator.TYPE_MATCH, ExtractiveGenerator.CLOSEST_PASSAGE);
        assertThat((double) trace.values.get(ExtractiveGenerator.SUPPORT)).isLessThan(ExtractiveGenerator.DEFAULT_MIN_SUPPORT);
        assertThat((List<?>) trace.values.get(ExtractiveGenerator.UNMATCHED_TERMS)).asList().contains("wind", "speed");
        assertThat(new ArrayList<Object>(((Map<?, ?>) trace.values.get(ExtractiveGenerator.CLOSEST_PASSAGE)).keySet()))
                .contains("text", "chunkId");
    }

    @Test
    void aQuestionTheDocumentsAnswerIsAnsweredWithHigherSupport() {
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer a = new ExtractiveGenerator(new HashingEmbedder())
                .generate(Query.of("When did the Kestrel telescope see first light?"), telescopeDocuments(), trace);
        assertThat(a.abstained()).isFalse();
        assertThat(a.text()).isEqualTo("The Kestrel telescope saw first light in March 1931. [1]");
        assertThat(trace.values).containsEntry(ExtractiveGenerator.ABSTAINED, false);
        assertThat((double) trace.values.get(ExtractiveGenerator.SUPPORT))
                .isGreaterThanOrEqualTo(ExtractiveGenerator.DEFAULT_MIN_SUPPORT).isLessThanOrEqualTo(1.0);
        Answer never = ExtractiveGenerator.builder(new HashingEmbedder()).minSupport(0).build()
                .generate(Query.of("What is the wind speed at the summit?"), telescopeDocuments());
        assertThat(never.abstained()).isFalse();
    }

    /** The hashing embedder, declaring {@code declared} (or nothing, if null) as its threshold. */
    private static Embedder declaring(Object declared) {
        HashingEmbedder hashing = new HashingEmbedder();
        return new Embedder() {
            @Override
            public int dimension() {
                return hashing.dimension();
            }

            @Override
            public List<float[]> embedDocuments(List<String> texts) {
                return hashing.embedDocuments(texts);
            }

            @Override
            public float[] embedQuery(String text) {
                return hashing.embedQuery(text);
            }

            @Override
            public Map<String, Object> describe() {
                return declared == null ? Map.of("name", "plain") : Map.of("name", "plain", ExtractiveGenerator.MIN_SUPPORT_HINT, declared);
            }
        };
    }

    @Test
    void theThresholdIsTheOneTheEmbedderDeclaresElseTheDefault() {
        assertThat(new HashingEmbedder().describe()).containsEntry(ExtractiveGenerator.MIN_SUPPORT_HINT,
                HashingEmbedder.EXTRACTIVE_MIN_SUPPORT);
        Query q = Query.of("When did the Kestrel telescope see first light?");
        for (Object[] c : new Object[][] {{0.9, 0.9}, {null, ExtractiveGenerator.DEFAULT_MIN_SUPPORT},
                {"0.1", ExtractiveGenerator.DEFAULT_MIN_SUPPORT}, {1.5, ExtractiveGenerator.DEFAULT_MIN_SUPPORT},
                {0.25, 0.25}}) {
            Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
            new ExtractiveGenerator(declaring(c[0])).generate(q, telescopeDocuments(), trace);
            assertThat(trace.values).as("declared " + c[0]).containsEntry(ExtractiveGenerator.MIN_SUPPORT, c[1]);
        }
        Answer strict = new ExtractiveGenerator(declaring(0.9)).generate(q, telescopeDocuments());
        assertThat(strict.abstained()).isTrue();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        ExtractiveGenerator.builder(declaring(0.9)).minSupport(0.1).build().generate(q, telescopeDocuments(), trace);
        assertThat(trace.values).as("a threshold given wins").containsEntry(ExtractiveGenerator.MIN_SUPPORT, 0.1);
    }

    @Test
    void theBuilderFailsFast() {
        ExtractiveGenerator.Builder b = ExtractiveGenerator.builder(new HashingEmbedder()).minSupport(0.3);
        assertThatThrownBy(() -> b.minSupport(0.2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ExtractiveGenerator.builder(new HashingEmbedder()).minSupport(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.5");
        assertThatThrownBy(() -> ExtractiveGenerator.builder(new HashingEmbedder()).maxSentences(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(b.build().describe()).containsEntry("minSupport", 0.3);
    }

    /** A telescope and its history: nothing about the weather. */
    static Context telescopeDocuments() {
        return contextOf(
                chunk("telescope", 0, 0, "# The Kestrel Telescope\n\nThe Kestrel telescope is a 1.2-metre reflector "
                        + "on a fork mount. Its primary mirror is made of low-expansion glass. The dome turns on "
                        + "twelve wheels and opens to the south."),
                chunk("history", 0, 0, "# History of the Kestrel Observatory\n\nThe observatory was founded by the "
                        + "astronomer Ada Marsh. The Kestrel telescope saw first light in March 1931. A new "
                        + "spectrograph was added in 1978."));
    }

    private static Chunk chunk(String doc, int ordinal, int start, String text) {
        return new Chunk(Chunk.idOf(doc, ordinal), doc, doc, doc + ".md", null, ordinal, text, 40, start,
                start + text.length());
    }

    private static Context contextOf(Chunk... chunks) {
        List<ScoredChunk> scored = new ArrayList<>();
        for (Chunk c : chunks) {
            scored.add(new ScoredChunk(c, 1.0, null));
        }
        return new Context(scored, "", 40 * chunks.length, 1000, Map.of());
    }

    @Test
    void emptyContextSaysSoAndCitesNothing() {
        Context empty = new Context(List.of(), "", 0, 100, Map.of());
        Answer a = new ExtractiveGenerator(new HashingEmbedder()).generate(Query.of("Anything?"), empty);
        assertThat(a.text()).isEqualTo(ExtractiveGenerator.NO_ANSWER);
        assertThat(a.citations()).isEmpty();
        assertThat(a.abstained()).isTrue();
    }
}
