package io.github.astrorag.retrieval.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link HybridRetriever#denseLanguages}: a question its embedder does not read is ranked by BM25 alone. */
class HybridRetrieverLanguagesTest {

    private static final HashingEmbedder EMBEDDER = new HashingEmbedder();

    private static InMemoryEphemeralIndex index(String... texts) {
        InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("languages", EMBEDDER.dimension());
        List<Chunk> chunks = new java.util.ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            chunks.add(Chunk.of(Document.of("d" + i, texts[i]), 0, texts[i], 10, 0, texts[i].length()));
        }
        index.add(chunks, EMBEDDER.embedDocuments(List.of(texts)));
        return index;
    }

    private static Query question(String text) {
        return Query.of(text).withEmbedding(EMBEDDER.embedQuery(text));
    }

    @Test
    void aChineseQuestionForAnEnglishEmbedderIsRankedByBm25Alone() {
        try (InMemoryEphemeralIndex index = index("地球是太阳系的第三颗行星", "月球是地球唯一的天然卫星", "火星是红色的行星")) {
            HybridRetriever english = HybridRetriever.builder().fusion(HybridRetriever.Fusion.WEIGHTED)
                    .denseLanguages(Set.of("en")).build();
            Query q = question("地球的天然卫星是什么");
            Map<String, Object> trace = new LinkedHashMap<>();
            List<ScoredChunk> got = english.retrieve(q, index, 3, trace::put);
            List<ScoredChunk> bm25 = new Bm25Retriever().retrieve(q, index, 3);
            assertThat(got).extracting(ScoredChunk::id).containsExactlyElementsOf(bm25.stream().map(ScoredChunk::id).toList());
            assertThat(got).extracting(ScoredChunk::score).containsExactlyElementsOf(bm25.stream().map(ScoredChunk::score).toList());
            assertThat(trace).containsEntry("fusion", "lexical only").containsEntry("language", "zh")
                    .containsEntry("denseLanguages", List.of("en"));
        }
    }

    @Test
    void anEnglishQuestionOrAnUndeclaredEmbedderIsFusedAsBefore() {
        try (InMemoryEphemeralIndex index = index("The Moon orbits the Earth.", "Mars is a red planet.", "地球是行星")) {
            HybridRetriever plain = HybridRetriever.weighted();
            HybridRetriever english = HybridRetriever.builder().fusion(HybridRetriever.Fusion.WEIGHTED)
                    .denseLanguages(Set.of("en")).build();
            Query q = question("Which body orbits the Earth?");
            assertThat(english.retrieve(q, index, 3)).isEqualTo(plain.retrieve(q, index, 3));
            Query zh = question("地球是什么");
            Map<String, Object> trace = new LinkedHashMap<>();
            plain.retrieve(zh, index, 3, trace::put);
            assertThat(trace).containsEntry("fusion", "weighted");
            assertThat(english.describe()).containsEntry("denseLanguages", List.of("en"));
            assertThat(plain.describe()).doesNotContainKey("denseLanguages");
        }
    }

    @Test
    void theLanguagesAreGivenOnce() {
        HybridRetriever.Builder b = HybridRetriever.builder().denseLanguages(Set.of("en"));
        assertThatThrownBy(() -> b.denseLanguages(Set.of("zh"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> HybridRetriever.builder().denseLanguages(null)).isInstanceOf(NullPointerException.class);
    }
}
