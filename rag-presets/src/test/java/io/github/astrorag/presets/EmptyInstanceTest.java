package io.github.astrorag.presets;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.retrieval.lexical.Bm25Prefilter;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RagPipeline#openEmpty()} under every named preset's retriever, rerankers and selector: an ask before any
 * document abstains with an empty context, and documents added afterwards are retrieved and cited.
 */
class EmptyInstanceTest {

    private static final String QUESTION = "How many moons does Mars have?";

    private static final List<Document> DOCUMENTS = List.of(
            Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."),
            Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."));

    @ParameterizedTest
    @ValueSource(strings = {"default", "corag", "astrorag", "naive", "default+prefilter"})
    void anEmptyInstanceAbstainsThenAnswersFromWhatIsAdded(String preset) {
        RagPipeline.Builder b = Preset.builder(preset.replace("+prefilter", ""), new HashingEmbedder());
        if (preset.endsWith("+prefilter")) {
            b.prefilter(new Bm25Prefilter(), 50);
        }
        try (RagPipeline rag = b.build(); RagInstance instance = rag.openEmpty()) {
            assertThat(instance.documents()).isEmpty();
            assertThat(instance.chunkCount()).isZero();
            Answer before = instance.ask(QUESTION);
            assertThat(before.abstained()).as(preset).isTrue();
            assertThat(before.context().chunks()).isEmpty();
            assertThat(before.citations()).isEmpty();

            instance.addDocuments(DOCUMENTS);
            Answer after = instance.ask(QUESTION);
            assertThat(after.abstained()).as(preset).isFalse();
            assertThat(after.citations()).first().satisfies(c -> assertThat(c.chunkId()).isEqualTo("mars#0"));
            assertThat(instance.chunkCount()).isEqualTo(2);
        }
    }
}
