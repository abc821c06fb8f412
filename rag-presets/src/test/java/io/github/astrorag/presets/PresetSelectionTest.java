package io.github.astrorag.presets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every named preset's rerankers and selector over passages the caller retrieved ({@link RagPipeline#select}). */
class PresetSelectionTest {

    /** Twelve passages of about 15 tokens, scored 1.0, 0.95, ...; p3 and p7 together answer the question. */
    private static List<Passage> passages() {
        List<Passage> out = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String text = switch (i) {
                case 3 -> "The Vela observatory was founded by Maria Ostrova in the high desert.";
                case 7 -> "Maria Ostrova was born in the coastal town of Port Lune in 1931.";
                default -> "Filler passage number " + i + " talks about weather, roads and the local market.";
            };
            out.add(new Passage("p" + i, text, Map.of("source", "doc" + i + ".md"), 1.0 - i / 20.0, null));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "corag", "astrorag", "naive"})
    void eachPresetSelectsWithinTheBudgetAndMapsBack(String preset) {
        List<Passage> given = passages();
        try (RagPipeline rag = Preset.builder(preset, new HashingEmbedder()).build()) {
            Selection s = rag.select(Query.of("Where was the founder of the Vela observatory born?"), given, 60);
            assertFalse(s.picked().isEmpty(), preset);
            assertTrue(s.context().tokens() <= 60, preset);
            for (Selection.Picked p : s.picked()) {
                assertEquals(given.get(p.index()), p.passage());
                assertTrue(p.passage().text().contains(p.text()), "kept text is the passage's: " + p.text());
                assertEquals(p.passage().metadata().get("source"), s.context().chunks().get(s.picked().indexOf(p))
                        .chunk().source());
            }
            Set<String> ids = s.context().chunks().stream().map(c -> c.id()).collect(Collectors.toSet());
            assertEquals(s.picked().size(), ids.size(), "one chunk per passage");
            List<String> stages = s.trace().stages().stream().map(Trace.Stage::name).toList();
            assertEquals("candidates", stages.get(1), preset);
            assertEquals("select", stages.get(stages.size() - 1), preset);
        }
    }
}
