package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.EmbeddingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hand-written ten-word vocabulary, ids worked out by hand. */
class WordPieceTokenizerTest {

    /** ids: [PAD] 0, [UNK] 1, [CLS] 2, [SEP] 3, [MASK] 4, un 5, ##aff 6, ##able 7, star 8, ! 9, cafe 10, 中 11, ##s 12. */
    private static final String VOCAB = "{\"[PAD]\":0,\"[UNK]\":1,\"[CLS]\":2,\"[SEP]\":3,\"[MASK]\":4,\"un\":5,"
            + "\"##aff\":6,\"##able\":7,\"star\":8,\"!\":9,\"cafe\":10,\"中\":11,\"##s\":12}";

    private static String json(String truncation, String padding, String model) {
        return "{\"version\":\"1.0\",\"truncation\":" + truncation + ",\"padding\":" + padding + ","
                + "\"added_tokens\":[{\"id\":4,\"content\":\"[MASK]\",\"special\":true,\"normalized\":false}],"
                + "\"normalizer\":{\"type\":\"BertNormalizer\",\"clean_text\":true,\"handle_chinese_chars\":true,"
                + "\"strip_accents\":null,\"lowercase\":true},\"pre_tokenizer\":{\"type\":\"BertPreTokenizer\"},"
                + "\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[{\"SpecialToken\":{\"id\":\"[CLS]\","
                + "\"type_id\":0}},{\"Sequence\":{\"id\":\"A\",\"type_id\":0}},{\"SpecialToken\":{\"id\":\"[SEP]\","
                + "\"type_id\":0}}],\"special_tokens\":{\"[CLS]\":{\"id\":\"[CLS]\",\"ids\":[2],\"tokens\":[\"[CLS]\"]},"
                + "\"[SEP]\":{\"id\":\"[SEP]\",\"ids\":[3],\"tokens\":[\"[SEP]\"]}}},\"model\":" + model + "}";
    }

    private static final String WORDPIECE = "{\"type\":\"WordPiece\",\"unk_token\":\"[UNK]\",\"continuing_subword_prefix\":"
            + "\"##\",\"max_input_chars_per_word\":9,\"vocab\":" + VOCAB + "}";

    private static final WordPieceTokenizer PLAIN = WordPieceTokenizer.parse(json("null", "null", WORDPIECE), "test");

    @Test
    void splitsWordsGreedilyLongestFirstWithContinuations() {
        // unaffable = un ##aff ##able; stars = star ##s; "!" is a word of its own
        assertThat(PLAIN.encode("Unaffable stars!").ids()).containsExactly(2, 5, 6, 7, 8, 12, 9, 3);
        assertThat(PLAIN.encode("Unaffable stars!").typeIds()).containsOnly(0L).hasSize(8);
        assertThat(PLAIN.encode("Unaffable stars!").attentionMask()).containsOnly(1L).hasSize(8);
    }

    @Test
    void aWordWithoutACompleteSplitOrTooLongIsOneUnknownToken() {
        // "unx": un, then no ##x: the whole word is [UNK]; "unaffables" has 10 characters > 9
        assertThat(PLAIN.encode("unx star").ids()).containsExactly(2, 1, 8, 3);
        assertThat(PLAIN.encode("unaffables").ids()).containsExactly(2, 1, 3);
    }

    @Test
    void normalisesLikeBertCleaningStrippingAccentsAndSpacingIdeographs() {
        // Café -> cafe; the control character \u0007 is dropped; 中 stands alone even inside a word
        assertThat(PLAIN.encode("CAF\u00C9\u0007 star中stars").ids()).containsExactly(2, 10, 8, 11, 8, 12, 3);
        assertThat(PLAIN.normalize("A\u00A0\u0301B\u200B\tC")).isEqualTo("a b c");
    }

    @Test
    void addedTokensInTheTextKeepTheirIds() {
        assertThat(PLAIN.encode("star[MASK]stars").ids()).containsExactly(2, 8, 4, 8, 12, 3);
        // not normalised: lower case is no match, and becomes [ mask ] -> [UNK] [UNK] [UNK]
        assertThat(PLAIN.encode("[mask]").ids()).containsExactly(2, 1, 1, 1, 3);
    }

    @Test
    void truncatesAndPadsAsTheFileSays() {
        WordPieceTokenizer t = WordPieceTokenizer.parse(json(
                "{\"direction\":\"Right\",\"max_length\":5,\"strategy\":\"LongestFirst\",\"stride\":0}",
                "{\"strategy\":{\"Fixed\":6},\"direction\":\"Right\",\"pad_to_multiple_of\":null,\"pad_id\":0,"
                        + "\"pad_type_id\":0,\"pad_token\":\"[PAD]\"}", WORDPIECE), "test");
        assertThat(t.maxLength()).hasValue(5);
        WordPieceTokenizer.Encoding e = t.encode("unaffable stars");
        assertThat(e.ids()).containsExactly(2, 5, 6, 7, 3, 0);
        assertThat(e.attentionMask()).containsExactly(1, 1, 1, 1, 1, 0);
        assertThat(t.unpadded().encode("star").ids()).containsExactly(2, 8, 3);
        assertThat(t.truncatedTo(3).unpadded().encode("unaffable stars").ids()).containsExactly(2, 5, 3);
        assertThatThrownBy(() -> t.truncatedTo(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxLength must be at least 2 (the special tokens), was 1");
    }

    @Test
    void padsABatchToItsLongestText() {
        WordPieceTokenizer t = WordPieceTokenizer.parse(json("null", "{\"strategy\":\"BatchLongest\",\"direction\":"
                + "\"Left\",\"pad_to_multiple_of\":null,\"pad_id\":0,\"pad_type_id\":1,\"pad_token\":\"[PAD]\"}",
                WORDPIECE), "test");
        List<WordPieceTokenizer.Encoding> batch = t.encodeAll(List.of("star", "stars!"));
        assertThat(batch.get(0).ids()).containsExactly(0, 0, 2, 8, 3);
        assertThat(batch.get(0).typeIds()).containsExactly(1, 1, 0, 0, 0);
        assertThat(batch.get(1).ids()).containsExactly(2, 8, 12, 9, 3);
    }

    @Test
    void anotherKindOfTokenizerIsRefusedByName(@TempDir Path dir) throws Exception {
        String bpe = json("null", "null", "{\"type\":\"BPE\",\"vocab\":{},\"merges\":[]}");
        assertThatThrownBy(() -> WordPieceTokenizer.parse(bpe, "bpe.json")).isInstanceOf(EmbeddingException.class)
                .hasMessageStartingWith("tokenizer bpe.json has model BPE; WordPieceTokenizer reads only BERT WordPiece");
        String metaspace = json("null", "null", WORDPIECE).replace("{\"type\":\"BertPreTokenizer\"}",
                "{\"type\":\"Metaspace\",\"replacement\":\"▁\"}");
        assertThatThrownBy(() -> WordPieceTokenizer.parse(metaspace, "m.json")).isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("has pre_tokenizer Metaspace");
        assertThatThrownBy(() -> WordPieceTokenizer.parse("{\"model\":", "broken.json"))
                .isInstanceOf(EmbeddingException.class).hasMessageContaining("broken.json is not valid JSON");
        Path file = dir.resolve("tokenizer.json");
        Files.writeString(file, bpe);
        assertThatThrownBy(() -> WordPieceTokenizer.read(file)).isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(file + " has model BPE");
    }
}
