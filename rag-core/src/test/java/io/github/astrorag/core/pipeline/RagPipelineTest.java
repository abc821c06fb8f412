package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.IndexException;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RagPipelineTest {

    @TempDir
    Path dir;

    /** Remembers every index it made, to check they were deleted. */
    static final class RecordingFactory implements EphemeralIndexFactory {
        final List<EphemeralIndex> made = new ArrayList<>();
        private final InMemoryEphemeralIndexFactory delegate = new InMemoryEphemeralIndexFactory();

        @Override
        public synchronized EphemeralIndex create(int dimension) {
            EphemeralIndex index = delegate.create(dimension);
            made.add(index);
            return index;
        }
    }

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth. "
                        + "It is the nearest large spiral galaxy."),
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."));
    }

    @Test
    void answersWithCitationsOfItsOwnDocumentsAndDeletesTheIndex() {
        RecordingFactory factory = new RecordingFactory();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory).build();
        Answer answer;
        try (RagInstance instance = rag.openDocuments(sky())) {
            answer = instance.ask("How many moons does Mars have?");
            assertThat(instance.chunkCount()).isEqualTo(3);
        }
        assertThat(answer.text()).contains("Phobos and Deimos").contains("[");
        assertThat(answer.citations()).first().satisfies(c -> {
            assertThat(c.chunkId()).isEqualTo("mars#0");
            assertThat(c.quote()).isEqualTo("Mars has two small moons, Phobos and Deimos.");
        });
        assertThat(factory.made).singleElement().satisfies(i -> assertThat(i.isClosed()).isTrue());
        assertThat(answer.trace().stages()).extracting(Trace.Stage::name)
                .containsExactly("embed-query", "retrieve", "select", "generate");
        assertThat(answer.trace().budget()).isEqualTo(1800);
        assertThat(answer.trace().contextTokens()).isEqualTo(answer.context().tokens());
    }

    @Test
    void traceSerialisesToJson() throws IOException {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            JsonNode json = new ObjectMapper().readTree(instance.ask("Where is Andromeda?").trace().toJson());
            assertThat(json.path("stages").get(1).path("name").asText()).isEqualTo("retrieve");
            assertThat(json.path("stages").get(1).path("candidates").get(0).path("id").asText()).isEqualTo("andromeda#0");
            assertThat(json.path("config").path("chunker").path("maxTokens").asInt()).isEqualTo(300);
        }
    }

    @Test
    void budgetIsHonoured() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).budget(12).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            Answer a = instance.ask("Halley");
            assertThat(a.context().tokens()).isLessThanOrEqualTo(12);
            assertThat(a.context().budget()).isEqualTo(12);
        }
    }

    @Test
    void opensFilesAndFoldersReportingProgress() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "Vega is bright.");
        Files.writeString(dir.resolve("b.md"), "# Deneb\n\nDeneb is far.");
        List<String> phases = new ArrayList<>();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.open(List.of(dir), (phase, done, total) -> phases.add(phase + done + "/" + total))) {
            assertThat(instance.documents()).hasSize(2);
        }
        assertThat(phases).containsExactly("load1/1", "chunk1/2", "chunk2/2", "embed2/2");
    }

    @Test
    void aFailingEmbedderLeavesNoIndex() {
        RecordingFactory factory = new RecordingFactory();
        Embedder failing = new Embedder() {
            @Override
            public int dimension() {
                return 4;
            }

            @Override
            public List<float[]> embedDocuments(List<String> texts) {
                throw new IllegalStateException("model crashed");
            }
        };
        RagPipeline rag = RagPipeline.builder().embedder(failing).index(factory).build();
        assertThatThrownBy(() -> rag.openDocuments(sky())).hasMessageContaining("model crashed");
        assertThat(factory.made).singleElement().satisfies(i -> assertThat(i.isClosed()).isTrue());
    }

    @Test
    void wrongDimensionNaNAndEmptyVectorsAreRefused() {
        for (float[] bad : List.of(new float[3], new float[] {Float.NaN, 1, 0, 0}, new float[0], new float[4])) {
            RecordingFactory factory = new RecordingFactory();
            Embedder liar = new Embedder() {
                @Override
                public int dimension() {
                    return 4;
                }

                @Override
                public List<float[]> embedDocuments(List<String> texts) {
                    return texts.stream().map(t -> bad.clone()).toList();
                }
            };
            RagPipeline rag = RagPipeline.builder().embedder(liar).index(factory).build();
            assertThatThrownBy(() -> rag.openDocuments(sky())).isInstanceOf(EmbeddingException.class);
            assertThat(factory.made).allSatisfy(i -> assertThat(i.isClosed()).isTrue());
        }
    }

    @Test
    void blankQuestionAndClosedInstanceAreClearErrors() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        RagInstance instance = rag.openDocuments(sky());
        assertThatThrownBy(() -> instance.ask("   ")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blank");
        instance.close();
        instance.close();
        assertThatThrownBy(() -> instance.ask("Mars?")).isInstanceOf(IndexException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> instance.ask((Query) null)).isInstanceOf(NullPointerException.class).hasMessage("query");
    }

    @Test
    void aClosedPipelineFailsAsAClosedInstanceDoes(@TempDir Path dir) throws IOException {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        rag.close();
        assertThat(rag.isClosed()).isTrue();
        assertThatThrownBy(() -> rag.openDocuments(sky())).isInstanceOf(IndexException.class)
                .hasMessageContaining("pipeline is closed");
        Path file = Files.writeString(dir.resolve("a.txt"), "Mars is red.");
        assertThatThrownBy(() -> rag.open(List.of(file))).isInstanceOf(IndexException.class)
                .hasMessageContaining("pipeline is closed");
    }

    @Test
    void builderFailsFast() {
        assertThatThrownBy(() -> RagPipeline.builder().build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("embedder");
        assertThatThrownBy(() -> RagPipeline.builder().budget(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> RagPipeline.builder().budget(-3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-3");
        assertThatThrownBy(() -> RagPipeline.builder().embedder(new HashingEmbedder()).embedder(new HashingEmbedder()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
        assertThatThrownBy(() -> RagPipeline.builder().embedder(new HashingEmbedder()).build().openDocuments(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void selectContextKeepsItsTrace() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            var context = instance.selectContext(Query.of("moons of Mars"));
            assertThat(context.chunks().get(0).id()).isEqualTo("mars#0");
            assertThat(((Trace) context.details().get("trace")).stages()).extracting(Trace.Stage::name)
                    .containsExactly("embed-query", "retrieve", "select");
        }
    }

    @Test
    void selectContextTakesABudgetPerCallAndKeepsThePipelines() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            var all = instance.selectContext(Query.of("moons of Mars"));
            assertThat(all.budget()).isEqualTo(1800);
            assertThat(all.chunks()).hasSize(3);
            int first = all.chunks().get(0).chunk().tokens();
            // exactly the best chunk's tokens: it fits, and no other chunk fits beside it
            var tight = instance.selectContext(Query.of("moons of Mars"), first);
            assertThat(tight.budget()).isEqualTo(first);
            assertThat(tight.chunks()).extracting(c -> c.id()).containsExactly("mars#0");
            assertThat(tight.tokens()).isEqualTo(first);
            // one token: the best chunk cut to its first token
            var one = instance.selectContext(Query.of("moons of Mars"), 1);
            assertThat(one.chunks()).extracting(c -> c.id()).containsExactly("mars#0");
            assertThat(one.tokens()).isEqualTo(1);
            assertThat(instance.selectContext(Query.of("moons of Mars")).budget()).isEqualTo(1800);
            assertThatThrownBy(() -> instance.selectContext(Query.of("moons of Mars"), 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        }
    }

    @Test
    void kLargerThanTheChunkCountGivesAllChunks() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).candidates(500).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            assertThat(instance.ask("moons").context().chunks()).hasSize(3);
        }
    }

    @Test
    void multipleChoicePicksTheSupportedOptionAndCitesIt() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            Answer a = instance.ask(Query.withOptions("How often does Halley's Comet return?",
                    Map.of("A", "every 12 years", "B", "every 76 years", "C", "every 300 years")));
            assertThat(a.choice()).isEqualTo("B");
            assertThat(a.citations()).extracting(Citation::chunkId).containsExactly("comets#0");
        }
    }

    @Test
    void sameInputSameAnswer() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance one = rag.openDocuments(sky()); RagInstance two = rag.openDocuments(sky())) {
            Answer a = one.ask("nearest spiral galaxy");
            Answer b = two.ask("nearest spiral galaxy");
            assertThat(a.text()).isEqualTo(b.text());
            assertThat(a.context()).isEqualTo(b.context());
        }
    }
}
