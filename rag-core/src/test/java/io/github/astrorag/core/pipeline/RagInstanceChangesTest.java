package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.testing.Concurrently;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents added to and removed from an open {@link RagInstance}, alone and while other threads ask. */
class RagInstanceChangesTest {

    @TempDir
    Path dir;

    private static final Document JUPITER = Document.of("jupiter",
            "Jupiter has four large moons: Io, Europa, Ganymede and Callisto. Galileo found them in 1610.");

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."));
    }

    private static Set<String> cited(Answer answer) {
        return answer.citations().stream().map(Citation::chunkId).collect(Collectors.toSet());
    }

    private static List<String> stageNames(RagInstance instance) {
        return instance.ingestStages().stream().map(Trace.Stage::name).toList();
    }

    @Test
    void anAddedDocumentIsCitedAndItsStagesAreTraced() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            assertThat(cited(instance.ask("Which large moons does Jupiter have?"))).doesNotContain("jupiter#0");
            List<Document> added = instance.addDocuments(List.of(JUPITER));
            assertThat(added).extracting(Document::id).containsExactly("jupiter");
            Answer answer = instance.ask("Which large moons does Jupiter have?");
            assertThat(answer.citations()).first().satisfies(c -> {
                assertThat(c.chunkId()).isEqualTo("jupiter#0");
                assertThat(c.quote()).isEqualTo("Jupiter has four large moons: Io, Europa, Ganymede and Callisto.");
            });
            assertThat(instance.documents()).extracting(Document::id).containsExactly("andromeda", "comets", "mars", "jupiter");
            assertThat(instance.chunkCount()).isEqualTo(4);
            assertThat(stageNames(instance)).containsExactly("chunk", "embed", "index", "add:chunk", "add:embed", "add:index");
            assertThat(answer.trace().ingest()).extracting(Trace.Stage::name).endsWith("add:index");
        }
    }

    @Test
    void aRemovedDocumentIsNeverRetrievedOrCited() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            assertThat(cited(instance.ask("How many moons does Mars have?"))).contains("mars#0");
            assertThat(instance.remove("mars")).isTrue();
            Answer answer = instance.ask("How many moons does Mars have?");
            assertThat(cited(answer)).doesNotContain("mars#0");
            assertThat(answer.context().chunks()).noneMatch(c -> c.chunk().documentId().equals("mars"));
            assertThat(instance.index().chunks()).extracting(c -> c.documentId()).containsExactly("andromeda", "comets");
            assertThat(instance.remove("mars")).isFalse();
            assertThat(instance.documents()).extracting(Document::id).containsExactly("andromeda", "comets");
            assertThat(instance.chunkCount()).isEqualTo(2);
            assertThat(instance.ingestStages().get(instance.ingestStages().size() - 1)).satisfies(s -> {
                assertThat(s.name()).isEqualTo("remove");
                assertThat(s.details()).containsEntry("document", "mars").containsEntry("chunks", 1);
            });
        }
    }

    @Test
    void addingARemovedDocumentAgainHitsTheEmbeddingCache() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).embeddingCache(new InMemoryEmbeddingCache()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            instance.remove("mars");
            instance.addDocuments(List.of(sky().get(2), JUPITER));
            Trace.Stage embed = instance.ingestStages().stream().filter(s -> s.name().equals("add:embed")).findFirst().orElseThrow();
            assertThat(embed.details()).containsEntry("texts", 2).containsEntry("cacheHits", 1).containsEntry("cacheMisses", 1);
            assertThat(cited(instance.ask("How many moons does Mars have?"))).contains("mars#0");
        }
    }

    @Test
    void filesAreAddedByPathAndATakenIdIsReplaced() throws Exception {
        Path file = Files.writeString(dir.resolve("saturn.txt"), "Saturn's rings are made of ice and rock.");
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            List<Document> added = instance.add(List.of(file));
            assertThat(added).singleElement().satisfies(d -> assertThat(instance.documents()).contains(d));
            assertThat(stageNames(instance)).endsWith("add:load", "add:chunk", "add:embed", "add:index");
            assertThat(cited(instance.ask("What are Saturn's rings made of?"))).contains(added.get(0).id() + "#0");
            assertThat(instance.addDocuments(List.of(Document.of("mars", "Mars is red.")))).extracting(Document::id)
                    .containsExactly("mars");
            assertThat(instance.documents()).filteredOn(d -> d.id().equals("mars")).singleElement()
                    .satisfies(d -> assertThat(d.text()).isEqualTo("Mars is red."));
            assertThat(instance.chunks()).filteredOn(c -> c.documentId().equals("mars")).extracting(c -> c.text())
                    .containsExactly("Mars is red.");
            Trace.Stage replace = instance.ingestStages().stream().filter(s -> s.name().equals("add:replace")).findFirst().orElseThrow();
            assertThat(replace.details()).containsEntry("documents", List.of("mars")).containsEntry("chunks", 1);
            assertThat(stageNames(instance)).endsWith("add:chunk", "add:embed", "add:replace", "add:index");
            assertThatThrownBy(() -> instance.addDocuments(List.of())).isInstanceOf(IllegalArgumentException.class);
            assertThat(instance.chunkCount()).isEqualTo(4);
            // a changed file added again replaces its document
            Files.writeString(file, "Saturn's rings are mostly water ice.");
            instance.add(List.of(file));
            assertThat(cited(instance.ask("What are Saturn's rings made of?"))).contains(added.get(0).id() + "#0");
            assertThat(instance.chunks()).filteredOn(c -> c.documentId().equals(added.get(0).id())).extracting(c -> c.text())
                    .containsExactly("Saturn's rings are mostly water ice.");
            assertThat(instance.chunkCount()).isEqualTo(4);
            // two documents of one id in one call are told apart, as open does
            assertThat(instance.addDocuments(List.of(Document.of("venus", "Venus is hot."), Document.of("venus", "Venus is cloudy."))))
                    .extracting(Document::id).containsExactly("venus", "venus~2");
            instance.close();
            assertThatThrownBy(() -> instance.addDocuments(List.of(JUPITER))).isInstanceOf(IndexException.class);
            assertThatThrownBy(() -> instance.remove("mars")).isInstanceOf(IndexException.class);
        }
    }

    /**
     * Threads ask about Jupiter while others add and remove it; Jupiter is five chunks long (a small chunker), so a
     * half-indexed Jupiter would show as one to four of its chunks among the 20 candidates (which hold every chunk). Every answer retrieved
     * all five or none, and cites only chunks of the set it retrieved from.
     */
    @Test
    void asksDuringAddsAndRemovesSeeTheOldSetOrTheNewOne() throws Exception {
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(12).overlap(0).build();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).chunker(chunker).build();
        Document jupiter = Document.of("jupiter", "Jupiter has four large moons. Io is volcanic and hot. "
                + "Europa has an ocean under ice. Ganymede is the largest moon of all. Callisto is old and cratered.");
        try (RagInstance instance = rag.openDocuments(sky())) {
            int jupiterChunks = chunker.chunk(jupiter).size();
            assertThat(jupiterChunks).isEqualTo(5);
            int others = instance.chunkCount();
            assertThat(others + jupiterChunks).isLessThanOrEqualTo(RagPipeline.DEFAULT_CANDIDATES);
            AtomicInteger calls = new AtomicInteger();
            List<Long> seen = Concurrently.run(4, 60, () -> {
                if (calls.getAndIncrement() % 3 == 0) {
                    synchronized (instance) { // one writer at a time: add when absent, remove when present
                        if (!instance.remove("jupiter")) {
                            instance.addDocuments(List.of(jupiter));
                        }
                    }
                    return -1L;
                }
                return jupiterChunksRetrieved(instance, others);
            });
            assertThat(seen).allMatch(n -> n == -1 || n == 0 || n == jupiterChunks);
        }
    }

    /**
     * Asks about Jupiter: the chunks of Jupiter among the candidates, which hold every chunk ({@code others} of other
     * documents); the answer cites only candidates.
     */
    private static long jupiterChunksRetrieved(RagInstance instance, int others) {
        Answer answer = instance.ask("Which moons does Jupiter have?");
        Trace.Stage retrieve = answer.trace().stages().stream().filter(s -> s.name().equals("retrieve")).findFirst().orElseThrow();
        Set<String> retrieved = retrieve.candidates().stream().map(Trace.Candidate::id).collect(Collectors.toSet());
        long ofJupiter = retrieved.stream().filter(id -> id.startsWith("jupiter#")).count();
        assertThat(retrieved).hasSize((int) ofJupiter + others);
        assertThat(cited(answer)).isSubsetOf(retrieved);
        return ofJupiter;
    }

    /**
     * Threads ask about Jupiter while others replace it, again and again, by a version of five chunks or one of two:
     * every answer retrieved the five chunks of the one or the two of the other, never both, never none.
     */
    @Test
    void asksDuringReplacementsSeeTheOldVersionOrTheNewOne() throws Exception {
        RecursiveTokenChunker chunker = RecursiveTokenChunker.builder().maxTokens(12).overlap(0).build();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).chunker(chunker).build();
        Document five = Document.of("jupiter", "Jupiter has four large moons. Io is volcanic and hot. "
                + "Europa has an ocean under ice. Ganymede is the largest moon of all. Callisto is old and cratered.");
        Document two = Document.of("jupiter", "Jupiter is the largest planet of all. Its moons number ninety-five.");
        assertThat(chunker.chunk(five)).hasSize(5);
        assertThat(chunker.chunk(two)).hasSize(2);
        try (RagInstance instance = rag.openDocuments(sky())) {
            int others = instance.chunkCount();
            instance.addDocuments(List.of(five));
            AtomicInteger calls = new AtomicInteger();
            List<Long> seen = Concurrently.run(4, 60, () -> {
                int call = calls.getAndIncrement();
                if (call % 3 == 0) {
                    instance.addDocuments(List.of(call % 2 == 0 ? two : five));
                    return -1L;
                }
                return jupiterChunksRetrieved(instance, others);
            });
            assertThat(seen).allMatch(n -> n == -1 || n == 2 || n == 5);
            assertThat(instance.documents()).filteredOn(d -> d.id().equals("jupiter")).hasSize(1);
            assertThat(instance.chunkCount()).isIn(others + 2, others + 5);
        }
    }
}
