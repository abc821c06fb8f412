package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Generator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The {@link Generator} contract, for every implementation to extend. For an open and a multiple-choice
 * question over {@link #CONTEXT} (three chunks, one paged) and over an empty context, it checks, through the
 * traced {@link Generator#generate(Query, Context, io.github.astrorag.core.spi.TraceSink) generate}:
 * <ul>
 *   <li>the answer is for that question and context, with {@link Trace#EMPTY};</li>
 *   <li>every citation names a chunk of the context by its id, with that chunk's source and page, and quotes
 *       text found verbatim in that chunk; one citation per chunk, its number one the answer's text writes
 *       ({@code [n]}), no number twice; an empty context gives no citation;</li>
 *   <li>a multiple-choice answer's choice, if any, is made of option letters;</li>
 *   <li>{@link Generator#stream} returns the answer {@code generate} returns, and, where
 *       {@link #deterministic()}, the same input gives the same answer.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #generator()}; a generator that calls a server is tested against an
 * in-process fake one (see {@link FakeOpenAiServer}) whose reply may cite numbers outside the context, which
 * must be dropped. Override {@link #deterministic()} for a generator that samples.
 */
public abstract class GeneratorContract {

    /** The three chunks of {@link #CONTEXT}, in order. */
    public static final List<Chunk> CHUNKS = List.of(
            new Chunk("guide#0", "guide", "Guide", "guide.pdf", 4, 0,
                    "The Andromeda Galaxy lies about 2.5 million light-years from Earth. It is the nearest large spiral galaxy.",
                    24, 0, 104),
            new Chunk("notes#3", "notes", "Notes", "notes.md", null, 3,
                    "Cepheid variables pulsate with a period that depends on their luminosity. Astronomers use them to "
                            + "measure distances.", 22, 310, 423),
            new Chunk("guide#5", "guide", "Guide", "guide.pdf", 7, 5,
                    "Andromeda and the Milky Way are approaching each other and may merge in about 4.5 billion years.",
                    20, 900, 997));

    /** The context every check but one answers from. */
    public static final Context CONTEXT = new Context(
            CHUNKS.stream().map(c -> new ScoredChunk(c, 0.5, null)).toList(),
            String.join(Context.SEPARATOR, CHUNKS.stream().map(Chunk::text).toList()), 72, 1800, Map.of());

    /** An empty context. */
    public static final Context EMPTY = new Context(List.of(), "", 0, 1800, Map.of());

    /** An open question and a multiple-choice one. */
    public static final List<Query> QUESTIONS = List.of(
            Query.of("How far away is the Andromeda Galaxy?"),
            Query.withOptions("What do astronomers use Cepheid variables for?", Map.of(
                    "A", "Dating meteorites", "B", "Measuring distances", "C", "Finding exoplanets", "D", "Weighing stars")));

    /** The generator under test; called once per check. */
    protected abstract Generator generator();

    /** Whether the same input gives the same answer. Default: true. */
    protected boolean deterministic() {
        return true;
    }

    private static final Pattern MARKER = Pattern.compile("\\[\\s*(\\d+(?:\\s*[,;]\\s*\\d+)*)\\s*]");

    private static Answer generate(Generator generator, Query query, Context context) {
        return generator.generate(query, context, (key, value) -> { });
    }

    private static void assertValid(Answer answer, Query query, Context context) {
        assertThat(answer.question()).isEqualTo(query.text());
        assertThat(answer.context()).isEqualTo(context);
        assertThat(answer.trace()).isEqualTo(Trace.EMPTY);
        List<Integer> written = new ArrayList<>();
        Matcher marker = MARKER.matcher(answer.text());
        while (marker.find()) {
            for (String n : marker.group(1).split("\\s*[,;]\\s*")) {
                written.add(Integer.parseInt(n.strip()));
            }
        }
        for (Citation c : answer.citations()) {
            assertThat(written).as("numbers written in " + answer.text()).contains(c.number());
            Chunk cited = context.chunks().stream().map(ScoredChunk::chunk).filter(ch -> ch.id().equals(c.chunkId()))
                    .findFirst().orElseThrow(() -> new AssertionError("no chunk " + c.chunkId() + " in the context"));
            assertThat(c.source()).as("source of " + c).isEqualTo(cited.source());
            assertThat(c.page()).as("page of " + c).isEqualTo(cited.page());
            assertThat(cited.text()).as("text of chunk " + c.chunkId()).contains(c.quote());
        }
        assertThat(answer.citations()).extracting(Citation::number).doesNotHaveDuplicates();
        assertThat(answer.citations()).extracting(Citation::chunkId).doesNotHaveDuplicates();
        if (answer.choice() != null && query.multipleChoice()) {
            for (char letter : answer.choice().replaceAll("[^A-Za-z]", "").toCharArray()) {
                assertThat(query.options()).as("choice " + answer.choice()).containsKey(String.valueOf(letter));
            }
        }
    }

    @Test
    void citationsNameContextChunksAndQuoteThemVerbatim() {
        Generator generator = generator();
        for (Query q : QUESTIONS) {
            assertValid(generate(generator, q, CONTEXT), q, CONTEXT);
        }
    }

    @Test
    void anEmptyContextIsAnsweredWithoutCitations() {
        Generator generator = generator();
        for (Query q : QUESTIONS) {
            Answer answer = generate(generator, q, EMPTY);
            assertValid(answer, q, EMPTY);
            assertThat(answer.citations()).isEmpty();
        }
    }

    @Test
    void streamReturnsTheAnswerGenerateReturns() {
        Generator generator = generator();
        Query q = QUESTIONS.get(0);
        Answer generated = generate(generator, q, CONTEXT);
        List<String> pieces = new ArrayList<>();
        Answer streamed = generator.stream(q, CONTEXT, pieces::add, (key, value) -> { });
        assertValid(streamed, q, CONTEXT);
        assumeTrue(deterministic(), "the generator samples");
        assertThat(streamed.text()).isEqualTo(generated.text());
        assertThat(streamed.citations()).isEqualTo(generated.citations());
        assertThat(streamed.choice()).isEqualTo(generated.choice());
    }

    @Test
    void sameInputSameAnswer() {
        assumeTrue(deterministic(), "the generator samples");
        Generator generator = generator();
        for (Query q : QUESTIONS) {
            assertThat(generate(generator, q, CONTEXT)).isEqualTo(generate(generator, q, CONTEXT));
        }
    }
}
