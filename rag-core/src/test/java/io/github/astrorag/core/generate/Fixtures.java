package io.github.astrorag.core.generate;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A hand-written three-chunk context and questions about it. */
final class Fixtures {

    static final String M31_A = "The Andromeda Galaxy lies about 2.5 million light-years from Earth. "
            + "It is the nearest large spiral galaxy to the Milky Way.";
    static final String CEPHEIDS = "Cepheid variables pulsate with a period that depends on their luminosity. "
            + "Astronomers use them to measure distances to nearby galaxies.";
    static final String M31_B = "Andromeda and the Milky Way are approaching each other. "
            + "They are expected to collide in roughly 4.5 billion years.";

    static final Chunk CHUNK_1 = chunk("m31", "m31.pdf", 4, 0, M31_A);
    static final Chunk CHUNK_2 = chunk("notes", "notes.md", null, 3, CEPHEIDS);
    static final Chunk CHUNK_3 = chunk("m31", "m31.pdf", 7, 5, M31_B);

    /** The three chunks in this order. */
    static final Context CONTEXT = new Context(List.of(new ScoredChunk(CHUNK_1, 0.9, null),
            new ScoredChunk(CHUNK_2, 0.5, null), new ScoredChunk(CHUNK_3, 0.4, null)),
            M31_A + Context.SEPARATOR + CEPHEIDS + Context.SEPARATOR + M31_B, 90, 1800, Map.of());

    static final Context EMPTY = new Context(List.of(), "", 0, 1800, Map.of());

    static final Query OPEN = Query.of("How far away is the Andromeda Galaxy?");

    static final Query CHOICE = Query.withOptions("What do astronomers use Cepheid variables for?", Map.of(
            "A", "Dating meteorites", "B", "Measuring distances", "C", "Detecting exoplanets", "D", "Weighing stars"));

    private Fixtures() {
    }

    private static Chunk chunk(String doc, String source, Integer page, int ordinal, String text) {
        return new Chunk(Chunk.idOf(doc, ordinal), doc, doc, source, page, ordinal, text, 30, 0, text.length());
    }

    /** A trace sink that keeps what it is given. */
    static final class RecordingTrace implements io.github.astrorag.core.spi.TraceSink {
        final Map<String, Object> values = new LinkedHashMap<>();

        @Override
        public void put(String key, Object value) {
            values.put(key, value);
        }
    }

    /** Collects streamed tokens. */
    static final class Tokens implements java.util.function.Consumer<String> {
        final List<String> pieces = new ArrayList<>();

        @Override
        public void accept(String s) {
            pieces.add(s);
        }

        String joined() {
            return String.join("", pieces);
        }
    }
}
