package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PassagesTest {

    private static final Chunk PAGED = new Chunk("guide#2", "guide", "Guide", "guide.pdf", 2, 2,
            "The slit is 1.5 arcseconds wide. It can be rotated.", 12, 400, 451,
            Map.of("source", "guide.pdf", "page", "2", "topic", "spectroscopy"));
    private static final Chunk UNPAGED = new Chunk("notes#0", "notes", "Notes", "notes.md", null, 0,
            "Comets have two tails.", 5, 0, 22);

    @Test
    void aChunksFieldsAreItsMetadataPlusItsProvenanceAndReadBackIntoTheSameChunk() {
        Map<String, Object> fields = Passages.fields(PAGED);
        assertThat(fields).containsExactly(
                Map.entry("astrorag.chunkId", "guide#2"), Map.entry("astrorag.documentId", "guide"),
                Map.entry("astrorag.end", 451), Map.entry("astrorag.ordinal", 2), Map.entry("astrorag.page", 2),
                Map.entry("astrorag.source", "guide.pdf"), Map.entry("astrorag.start", 400),
                Map.entry("astrorag.title", "Guide"), Map.entry("astrorag.tokens", 12),
                Map.entry("page", "2"), Map.entry("source", "guide.pdf"), Map.entry("topic", "spectroscopy"));
        assertThat(Passages.chunk(PAGED.text(), fields, 0.75)).isEqualTo(new ScoredChunk(PAGED, 0.75, null));
        assertThat(Passages.fields(UNPAGED)).doesNotContainKey(Passages.PAGE);
        assertThat(Passages.chunk(UNPAGED.text(), Passages.fields(UNPAGED), 0).chunk()).isEqualTo(UNPAGED);
    }

    @Test
    void numbersComingBackAsOtherTypesOrTextAreReadAndAMissingKeyIsNamed() {
        Map<String, Object> fields = new HashMap<>(Passages.fields(UNPAGED));
        fields.put(Passages.TOKENS, 5L);
        fields.put(Passages.END, "22");
        assertThat(Passages.chunk(UNPAGED.text(), fields, 0).chunk()).isEqualTo(UNPAGED);
        fields.remove(Passages.CHUNK_ID);
        assertThatThrownBy(() -> Passages.chunk(UNPAGED.text(), fields, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("astrorag.chunkId");
        fields.put(Passages.CHUNK_ID, "notes#0");
        fields.put(Passages.START, "zero");
        assertThatThrownBy(() -> Passages.chunk(UNPAGED.text(), fields, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("astrorag.start");
    }

    @Test
    void thePromptNumbersTheChunksInOrderAndTheCitationsReadTheNumbersBack() {
        List<ScoredChunk> chunks = List.of(new ScoredChunk(UNPAGED, 0.9, null), new ScoredChunk(PAGED, 0.5, null));
        Context context = Passages.context(chunks);
        assertThat(context.tokens()).isEqualTo(17);
        assertThat(context.text()).isEqualTo("Comets have two tails.\n\nThe slit is 1.5 arcseconds wide. It can be rotated.");
        String prompt = Passages.prompt(PromptTemplate.defaults(), "How wide is the slit?", chunks);
        assertThat(prompt).isEqualTo(PromptTemplate.defaults().render(Query.of("How wide is the slit?"), context).asText())
                .contains("<passage n=\"1\" source=\"notes.md\">\nComets have two tails.\n</passage>")
                .contains("<passage n=\"2\" source=\"guide.pdf\" page=\"2\">\nThe slit is 1.5 arcseconds wide.");
        assertThat(Passages.citations(" The slit is 1.5 arcseconds wide [2]. [3]", chunks))
                .containsExactly(Citation.of(2, PAGED, "The slit is 1.5 arcseconds wide."));
    }
}
