package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The Elasticsearch index against the build's node: parity with the in-memory index, mapping, search kinds, lifecycle. */
class ElasticsearchIndexIT {

    private static final String PREFIX = "astrorag-it-";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static EsTestNode node;
    private static ElasticsearchEphemeralIndexFactory factory;

    @BeforeAll
    static void connect() {
        node = EsTestNode.main();
        factory = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX).build();
    }

    @AfterAll
    static void nothingLeft() throws Exception {
        if (factory == null) {
            return;
        }
        factory.close();
        assertThat(EsHttp.of(node.url()).indices(PREFIX + "*")).isEmpty();
    }

    private static Chunk chunk(String doc, int n, String text) {
        return new Chunk(Chunk.idOf(doc, n), doc, "Title of " + doc, doc + ".pdf", n % 3 == 0 ? null : n / 3 + 1, n, text,
                text.length() / 4, 10 * n, 10 * n + text.length());
    }

    @Test
    void healthIsGreen() {
        assertThat(factory.health()).isEqualTo("green");
    }

    @ParameterizedTest
    @EnumSource(value = VectorIndexType.class, names = {"HNSW", "FLAT"})
    void exactSearchHasTheSameTopKAsTheInMemoryIndex(VectorIndexType type) {
        int n = 400;
        int dim = 32;
        Random random = new Random(42);
        List<Chunk> chunks = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            chunks.add(chunk("doc" + (i % 7), i, "text " + i));
            float[] v = new float[dim];
            if (i % 10 == 9) {
                v = vectors.get(i - 5).clone(); // exact duplicates: ties to break by chunk id
            } else {
                for (int j = 0; j < dim; j++) {
                    v[j] = (float) random.nextGaussian();
                }
            }
            vectors.add(v);
        }
        try (ElasticsearchEphemeralIndexFactory exact = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url()))
                .indexPrefix(PREFIX).vectorIndexType(type).numCandidates(n).bulkSize(150).build();
             ElasticsearchEphemeralIndex es = exact.createIndex(dim)) {
            InMemoryEphemeralIndex memory = new InMemoryEphemeralIndex("memory", dim);
            es.add(chunks, vectors);
            memory.add(chunks, vectors);
            for (int q = 0; q < 25; q++) {
                float[] query = q % 5 == 0 ? vectors.get(q * 7).clone() : gaussian(random, dim);
                List<ScoredChunk> expected = memory.search(query, 10);
                List<ScoredChunk> actual = es.search(query, 10);
                assertThat(actual).extracting(ScoredChunk::id).containsExactlyElementsOf(expected.stream().map(ScoredChunk::id).toList());
                assertThat(actual).extracting(ScoredChunk::score).containsExactlyElementsOf(expected.stream().map(ScoredChunk::score).toList());
                assertThat(actual.get(3).embedding()).containsExactly(expected.get(3).embedding());
            }
        }
    }

    private static float[] gaussian(Random random, int dim) {
        float[] v = new float[dim];
        for (int j = 0; j < dim; j++) {
            v[j] = (float) random.nextGaussian();
        }
        return v;
    }

    @Test
    void mappingHasBm25TextKeywordsAndACosineDenseVector() throws Exception {
        try (ElasticsearchEphemeralIndex index = factory.createIndex(24)) {
            assertThat(index.name()).matches("astrorag-it-\\d{8}t\\d{6}-[0-9a-f]{12}");
            JsonNode mapping = JSON.readTree(EsHttp.of(node.url()).send("/" + index.name() + "/_mapping", "GET", null))
                    .path(index.name()).path("mappings");
            assertThat(mapping.path("dynamic").asText()).isEqualTo("strict");
            JsonNode p = mapping.path("properties");
            assertThat(p.path("text").path("type").asText()).isEqualTo("text");
            for (String keyword : List.of("chunk_id", "document_id", "title", "source")) {
                assertThat(p.path(keyword).path("type").asText()).as(keyword).isEqualTo("keyword");
            }
            assertThat(p.path("page").path("type").asText()).isEqualTo("integer");
            assertThat(p.path("metadata").path("type").asText()).isEqualTo("flattened");
            JsonNode vector = p.path("vector");
            assertThat(vector.path("type").asText()).isEqualTo("dense_vector");
            assertThat(vector.path("dims").asInt()).isEqualTo(24);
            assertThat(vector.path("similarity").asText()).isEqualTo("cosine");
            assertThat(vector.path("index_options").path("type").asText()).isEqualTo("hnsw");
            JsonNode settings = JSON.readTree(EsHttp.of(node.url()).send("/" + index.name() + "/_settings", "GET", null))
                    .path(index.name()).path("settings").path("index");
            assertThat(settings.path("number_of_shards").asText()).isEqualTo("1");
            assertThat(settings.path("number_of_replicas").asText()).isEqualTo("0");
        }
    }

    @Test
    void chunksComeBackWholeInInsertionOrderAcrossPagesAndVectorsExactly() {
        try (ElasticsearchEphemeralIndex index = factory.createIndex(4)) {
            List<Chunk> chunks = new ArrayList<>();
            List<float[]> vectors = new ArrayList<>();
            for (int i = 0; i < ElasticsearchEphemeralIndex.PAGE + 234; i++) {
                chunks.add(chunk("z" + (1_300 - i), i, "chunk number " + i + " of a long document"));
                vectors.add(new float[] {1 + i, 2, -3, 0.5f * i});
            }
            for (int from = 0; from < chunks.size(); from += 400) {
                int to = Math.min(chunks.size(), from + 400);
                index.add(chunks.subList(from, to), vectors.subList(from, to));
            }
            assertThat(index.size()).isEqualTo(1_234);
            assertThat(index.chunks()).containsExactlyElementsOf(chunks);
            float[] expected = Vectors.normalizeInPlace(vectors.get(777).clone());
            assertThat(index.vector(chunks.get(777).id())).containsExactly(expected);
            assertThatThrownBy(() -> index.vector("nope#0")).isInstanceOf(IndexException.class).hasMessageContaining("nope#0");
        }
    }

    @Test
    void textSearchIsBm25AndHybridFusesRanks() {
        try (ElasticsearchEphemeralIndex index = factory.createIndex(3)) {
            index.add(List.of(chunk("a", 0, "the andromeda galaxy is far away"), chunk("b", 0, "cosmic distances and parallax"),
                    chunk("c", 0, "andromeda andromeda andromeda")),
                    List.of(new float[] {1, 0, 0}, new float[] {0, 1, 0}, new float[] {0, 0, 1}));
            // BM25 as Elasticsearch scores it (Lucene's legacy form, with the (k1 + 1) factor; k1 = 1.2, b = 0.75):
            // N = 3, n = 2, idf = ln(1 + 1.5/2.5),
            // lengths 6, 4, 3, avgdl = 13/3
            double idf = Math.log(1 + 1.5 / 2.5);
            double avgdl = 13.0 / 3;
            double c = idf * 3 * 2.2 / (3 + 1.2 * (0.25 + 0.75 * 3 / avgdl));
            double a = idf * 1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 6 / avgdl));
            List<ScoredChunk> text = index.textSearch("Andromeda", 5);
            assertThat(text).extracting(ScoredChunk::id).containsExactly("c#0", "a#0");
            assertThat(text.get(0).score()).isCloseTo(c, within(1e-5));
            assertThat(text.get(1).score()).isCloseTo(a, within(1e-5));
            assertThat(text.get(0).embedding()).containsExactly(0f, 0f, 1f);
            // dense ranks for (0, 1, 0.5): b, c, a; lexical ranks: c, a. RRF with k = 60:
            // c = 1/62 + 1/61, a = 1/63 + 1/62, b = 1/61
            List<ScoredChunk> hybrid = index.hybridSearch(new float[] {0, 1, 0.5f}, "andromeda", 3);
            assertThat(hybrid).extracting(ScoredChunk::id).containsExactly("c#0", "a#0", "b#0");
            assertThat(hybrid.get(0).score()).isCloseTo(1.0 / 62 + 1.0 / 61, within(1e-12));
            assertThat(hybrid.get(1).score()).isCloseTo(1.0 / 63 + 1.0 / 62, within(1e-12));
            assertThat(hybrid.get(2).score()).isCloseTo(1.0 / 61, within(1e-12));
            assertThat(index.hybridSearch(new float[] {0, 1, 0.5f}, "andromeda", 1)).extracting(ScoredChunk::id).containsExactly("c#0");
            io.github.astrorag.core.model.Query q = io.github.astrorag.core.model.Query.of("andromeda").withEmbedding(new float[] {0, 1, 0.5f});
            assertThat(new ElasticsearchHybridRetriever().retrieve(q, index, 3)).containsExactlyElementsOf(hybrid);
            assertThatThrownBy(() -> new ElasticsearchHybridRetriever().retrieve(q, new InMemoryEphemeralIndex("m", 3), 3))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs an index with full-text search");
        }
    }

    @Test
    void textAndHybridSearchApplyTheMetadataFilterBeforeRanking() {
        try (ElasticsearchEphemeralIndex index = factory.createIndex(3)) {
            index.add(List.of(tagged(chunk("a", 0, "the andromeda galaxy is far away"), Map.of("type", "pdf")),
                            tagged(chunk("b", 0, "cosmic distances and parallax"), Map.of("type", "md", "survey.name", "gaia")),
                            tagged(chunk("c", 0, "andromeda andromeda andromeda"), Map.of("type", "md"))),
                    List.of(new float[] {1, 0, 0}, new float[] {0, 1, 0}, new float[] {0, 0, 1}));
            MetadataFilter md = MetadataFilter.where("type").is("md");
            // BM25 statistics stay the whole index's: c scores as unfiltered (see textSearchIsBm25AndHybridFusesRanks)
            double idf = Math.log(1 + 1.5 / 2.5);
            double c = idf * 3 * 2.2 / (3 + 1.2 * (0.25 + 0.75 * 3 / (13.0 / 3)));
            List<ScoredChunk> text = index.textSearch("Andromeda", 5, md);
            assertThat(text).extracting(ScoredChunk::id).containsExactly("c#0");
            assertThat(text.get(0).score()).isCloseTo(c, within(1e-5));
            assertThat(text.get(0).chunk().metadata()).isEqualTo(Map.of("type", "md"));
            assertThat(index.textSearch("Andromeda", 5, MetadataFilter.where("type").in("pdf", "txt"))).extracting(ScoredChunk::id)
                    .containsExactly("a#0");
            // dense ranks among md for (0, 1, 0.5): b, c; lexical: c. RRF with k = 60: c = 1/62 + 1/61, b = 1/61
            List<ScoredChunk> hybrid = index.hybridSearch(new float[] {0, 1, 0.5f}, "andromeda", 3, md);
            assertThat(hybrid).extracting(ScoredChunk::id).containsExactly("c#0", "b#0");
            assertThat(hybrid.get(0).score()).isCloseTo(1.0 / 62 + 1.0 / 61, within(1e-12));
            assertThat(hybrid.get(1).score()).isCloseTo(1.0 / 61, within(1e-12));
            io.github.astrorag.core.model.Query q = io.github.astrorag.core.model.Query.of("andromeda")
                    .withEmbedding(new float[] {0, 1, 0.5f}).withFilter(md);
            assertThat(new ElasticsearchHybridRetriever().retrieve(q, index, 3)).containsExactlyElementsOf(hybrid);
            // a dotted key is one key of the flattened field
            assertThat(index.search(new float[] {1, 0, 0}, 3, MetadataFilter.where("survey.name").is("gaia")))
                    .extracting(ScoredChunk::id).containsExactly("b#0");
            assertThat(index.search(new float[] {1, 0, 0}, 3, MetadataFilter.where("survey").is("gaia"))).isEmpty();
        }
    }

    @Test
    void theFilterOperatorsRunOnTheNodeAsInMemory() {
        List<Chunk> chunks = List.of(
                tagged(chunk("a", 0, "a survey of 2019"), Map.of("year", "2019", "type", "pdf", "survey", "4", "survey.size", "0.25")),
                tagged(chunk("b", 0, "a survey of 2024"), Map.of("year", " 2024 ", "type", "md", "survey.size", "0.75")),
                tagged(chunk("c", 0, "a survey of 999"), Map.of("year", "999", "type", "md")),
                tagged(chunk("d", 0, "a survey of no year"), Map.of("year", "n/a", "type", "txt")),
                tagged(chunk("e", 0, "a survey without one"), Map.of()));
        List<float[]> vectors = List.of(new float[] {1, 0, 0}, new float[] {0, 1, 0}, new float[] {0, 0, 1},
                new float[] {1, 1, 0}, new float[] {0, 1, 1});
        List<MetadataFilter> filters = List.of(
                MetadataFilter.where("year").atLeast("2020"),                       // b: a number, not the text "999" > "2024"
                MetadataFilter.where("year").lessThan("2020"),                      // a, c: "n/a" and no year match no range
                MetadataFilter.where("year").greaterThan("999").and(MetadataFilter.where("year").atMost("2024")),
                MetadataFilter.where("survey.size").greaterThan("0.5"),             // a dotted key beside the key "survey"
                MetadataFilter.where("survey").atLeast("4"),
                MetadataFilter.where("type").isNot("md"),                           // a, d and e (no type)
                MetadataFilter.where("type").notIn("md", "pdf"),
                MetadataFilter.where("type").is("pdf").or(MetadataFilter.where("year").lessThan("1000")),
                MetadataFilter.not(MetadataFilter.where("type").in("md", "txt")));
        try (ElasticsearchEphemeralIndex index = factory.createIndex(3);
             InMemoryEphemeralIndex memory = new InMemoryEphemeralIndex("m", 3)) {
            index.add(chunks, vectors);
            memory.add(chunks, vectors);
            List<List<String>> expected = List.of(List.of("b#0"), List.of("a#0", "c#0"), List.of("a#0", "b#0"), List.of("b#0"),
                    List.of("a#0"), List.of("a#0", "d#0", "e#0"), List.of("d#0", "e#0"), List.of("a#0", "c#0"),
                    List.of("a#0", "e#0"));
            for (int i = 0; i < filters.size(); i++) {
                MetadataFilter f = filters.get(i);
                List<String> dense = index.search(new float[] {1, 1, 1}, 5, f).stream().map(ScoredChunk::id).sorted().toList();
                List<String> text = index.textSearch("survey", 5, f).stream().map(ScoredChunk::id).sorted().toList();
                List<String> inMemory = memory.search(new float[] {1, 1, 1}, 5, f).stream().map(ScoredChunk::id).sorted().toList();
                assertThat(dense).as("dense %s", f).isEqualTo(expected.get(i));
                assertThat(text).as("text %s", f).isEqualTo(expected.get(i));
                assertThat(inMemory).as("in memory %s", f).isEqualTo(expected.get(i));
            }
        }
    }

    private static Chunk tagged(Chunk c, Map<String, String> metadata) {
        return new Chunk(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(), c.tokens(),
                c.start(), c.end(), metadata);
    }

    @Test
    void rejectsAZeroVectorAndADimensionOutOfRange() {
        try (ElasticsearchEphemeralIndex index = factory.createIndex(2)) {
            assertThatThrownBy(() -> index.add(List.of(chunk("d", 0, "x")), List.of(new float[] {0, 0})))
                    .isInstanceOf(IndexException.class).hasMessageContaining("all zeros");
            assertThat(index.size()).isZero();
        }
        assertThatThrownBy(() -> factory.create(4097)).hasMessageContaining("4096").hasMessageContaining("4097");
    }

    @Test
    void aFailingIngestDeletesTheIndex() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HashingEmbedder hashing = new HashingEmbedder();
        Embedder failing = new Embedder() {
            @Override
            public int dimension() {
                return hashing.dimension();
            }

            @Override
            public List<float[]> embedDocuments(List<String> texts) {
                if (calls.incrementAndGet() == 2) {
                    throw new IllegalStateException("embedder broke on the second batch");
                }
                return hashing.embedDocuments(texts);
            }
        };
        String prefix = "astrorag-failing-";
        try (ElasticsearchEphemeralIndexFactory f = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url()))
                .indexPrefix(prefix).build()) {
            RagPipeline rag = RagPipeline.builder().embedder(failing).index(f).build();
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 3000; i++) {
                text.append("Sentence ").append(i).append(" about galaxies and their distances. ");
            }
            assertThatThrownBy(() -> rag.openDocuments(List.of(Document.of("big", text.toString()))))
                    .hasMessageContaining("second batch");
            assertThat(calls.get()).isEqualTo(2);
            assertThat(EsHttp.of(node.url()).indices(prefix + "*")).isEmpty();
        }
    }

    @Test
    void factoryCloseDeletesIndicesStillOpen() throws Exception {
        String prefix = "astrorag-leftover-";
        ElasticsearchEphemeralIndexFactory f = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url()))
                .indexPrefix(prefix).build();
        f.create(2).add(List.of(chunk("d", 0, "x")), List.of(new float[] {1, 0}));
        f.create(2);
        assertThat(EsHttp.of(node.url()).indices(prefix + "*")).hasSize(2);
        f.close();
        f.close();
        assertThat(EsHttp.of(node.url()).indices(prefix + "*")).isEmpty();
        assertThatThrownBy(() -> f.create(2)).isInstanceOf(IndexException.class).hasMessageContaining("closed");
    }

    @Test
    void sweepDeletesOnlyOldIndicesOfItsOwnShape() throws Exception {
        String prefix = "astrorag-sweep-";
        ElasticsearchSettings settings = EsTestNode.patient(node.url());
        EsHttp.of(node.url()).send("/" + prefix + "keep-me", "PUT", "{\"settings\":{\"number_of_replicas\":0}}");
        try (ElasticsearchEphemeralIndexFactory now = ElasticsearchEphemeralIndexFactory.builder(settings).indexPrefix(prefix).build();
             ElasticsearchEphemeralIndexFactory later = ElasticsearchEphemeralIndexFactory.builder(settings).indexPrefix(prefix)
                     .clock(Clock.fixed(Instant.now().plus(Duration.ofHours(2)), ZoneOffset.UTC)).build()) {
            String one = now.create(2).name();
            String two = now.create(2).name();
            assertThat(now.sweepOrphans(Duration.ofHours(1))).isEmpty();
            assertThat(later.sweepOrphans(Duration.ofHours(1))).containsExactlyElementsOf(List.of(one, two).stream().sorted().toList());
            assertThat(EsHttp.of(node.url()).indices(prefix + "*")).containsExactly(prefix + "keep-me");
        } finally {
            EsHttp.of(node.url()).send("/" + prefix + "keep-me", "DELETE", null);
        }
    }
}
