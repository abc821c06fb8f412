package io.github.astrorag.retrieval.lexical;

import static io.github.astrorag.retrieval.TestChunks.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.internal.text.Terms;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BM25 over texts in scripts without spaces and others, by the default analysis (fixtures written for this test). */
class Bm25LanguagesTest {

    private static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

    /** The ids BM25 ranks for {@code question} over {@code texts} (ids t0, t1, ...), best first. */
    private static List<String> ranked(Retriever retriever, List<String> texts, String question, Map<String, Object> trace) {
        try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("bm25", 64)) {
            List<Chunk> chunks = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                chunks.add(chunk("t" + i, texts.get(i)));
            }
            index.add(chunks, EMBEDDER.embedDocuments(texts));
            return retriever.retrieve(Query.of(question), index, 10, trace::put).stream().map(ScoredChunk::id).toList();
        }
    }

    @Test
    void findsAThaiWordInsideAThaiRun() {
        List<String> texts = List.of(
                "ดาวพฤหัสบดีเป็นดาวเคราะห์ที่ใหญ่ที่สุดในระบบสุริยะ", // Jupiter is the largest planet of the solar system
                "ดวงจันทร์โคจรรอบโลกทุกเดือน", // the Moon circles the Earth every month
                "กล้องโทรทรรศน์อวกาศถ่ายภาพกาแล็กซี"); // the space telescope photographs galaxies
        Map<String, Object> trace = new HashMap<>();
        // "which planet is the largest": two words of the first run, none written alone in it
        assertThat(ranked(new Bm25Retriever(), texts, "ดาวเคราะห์ใดใหญ่ที่สุด", trace)).containsExactly("t0");
        assertThat(trace).containsEntry("queryTerms", List.of("ดาวเคราะห์", "ใด", "ใหญ่", "ที่สุด"));
        // Lucene's English analysis alone keeps each run one term: nothing is found
        assertThat(Terms.of(texts.get(0))).hasSize(1);
        assertThat(Bm25.of(texts.stream().map(Terms::of).toList()).scores(Terms.of("ดาวเคราะห์ใดใหญ่ที่สุด")))
                .containsOnly(0.0);
    }

    @Test
    void findsChineseByCharacterPairs() {
        List<String> texts = List.of(
                "火星有两颗小卫星。", // Mars has two small moons
                "星系是由恒星组成的。", // galaxies are made of stars
                "卫星通信很重要。"); // satellite communication matters
        // "how many moons does Mars have": 火星 and 卫星 are pairs of the first text only together
        assertThat(ranked(new Bm25Retriever(), texts, "火星有几颗卫星？", new HashMap<>())).first().isEqualTo("t0");
        TermAnalyzer characters = EnglishTermAnalyzer.builder().hanBigrams(false).build();
        assertThat(characters.terms("火星")).containsExactly("火", "星");
        assertThat(EnglishTermAnalyzer.defaults().terms("火星")).containsExactly("火星");
    }

    @Test
    void findsKoreanAndArabicWords() {
        List<String> korean = List.of(
                "화성에는 작은 위성 두 개가 있다", // Mars has two small moons
                "목성은 가장 큰 행성이다"); // Jupiter is the largest planet
        assertThat(ranked(new Bm25Retriever(), korean, "가장 큰 행성은?", new HashMap<>())).containsExactly("t1");
        List<String> arabic = List.of(
                "للمريخ قمران صغيران", // Mars has two small moons
                "المشتري أكبر كوكب في المجموعة الشمسية"); // Jupiter is the largest planet of the solar system
        assertThat(ranked(new Bm25Retriever(), arabic, "ما هو أكبر كوكب", new HashMap<>())).containsExactly("t1");
    }

    @Test
    void thePartByNameUsesTheContextsAnalyzer() {
        PartRegistry parts = PartRegistry.installed();
        TermAnalyzer characters = EnglishTermAnalyzer.builder().hanBigrams(false).build();
        Retriever bm25 = parts.create(Role.RETRIEVER, "bm25", PartContext.of(parts).with(characters));
        Map<String, Object> trace = new HashMap<>();
        ranked(bm25, List.of("火星有两颗小卫星。"), "火星", trace);
        assertThat(trace).containsEntry("queryTerms", List.of("火", "星"));
        assertThat(bm25.describe()).containsEntry("analyzer", "english");
    }
}
