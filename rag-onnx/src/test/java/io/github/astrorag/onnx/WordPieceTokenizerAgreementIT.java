package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link WordPieceTokenizer} against the reference, Hugging Face's Rust {@code tokenizers} through DJL, for every
 * bundled model's {@code tokenizer.json}: identical ids, type ids and attention masks over this project's own
 * sources and documents, hand-written hard cases, and every Unicode code point, both as the embedder sets the
 * tokenizer up (cut at its maximum length, no padding) and with the file's own truncation and padding.
 *
 * <p>All four bundled files hold the same vocabulary, normaliser and template (they differ in truncation and
 * padding only; two are byte for byte the other two, which are compared once), so the code-point sweep runs on one
 * of them. Run with {@code -Dtokenizer.corpus=<folder>}, the
 * test also compares every paragraph of that folder's {@code .md} and {@code .txt} files (every line of its
 * {@code .jsonl} files) and prints the agreement
 * (without it, that test is skipped).
 */
class WordPieceTokenizerAgreementIT {

    /** Texts written for this test: each exercises one step of the BERT tokenizer. */
    static final List<String> HARD_CASES = List.of(
            "",
            " ",
            "\t\n\r ",
            "Hello, World!",
            "Café naïve résumé façade coöperate Ångström Øresund Łódź ß İstanbul ΣΊΣΥΦΟΣ",
            "Ελληνικά: Αθήνα, Ωρίων. Русский: Млечный Путь. עברית, العربية, हिन्दी, ภาษาไทย",
            "中文分词测试：银河系有数千亿颗恒星。日本語のテキスト、ひらがなとカタカナ。한국어 텍스트입니다.",
            "𠀀𠀁 ideographs beyond the BMP 𪜀 and 𫝀 and 𫠠 and 𬺰",
            "emoji 🙂🚀🌌 👩‍🚀 ❤️ 🇺🇸 🥰 keycap 1️⃣ skin 👍🏽",
            "control\u0000chars\u0001here\u0007and\u001Fthere\u007F\u0085\u008Fdel",
            "zero\u200Bwidth\u200Cjoiner\u200Dmarks\uFEFFbom\u00ADsoft\u2060word",
            "spaces:\u00A0nbsp\u2002en\u2003em\u2009thin\u202Fnarrow\u205Fmath\u3000ideographic\u1680ogham",
            "line\u2028separator\u2029paragraph\u000Bvt\u000Cff\u001Cfs",
            "replacement \uFFFD char and private use \uE000\uF8FF and \uDB80\uDC00 plane 15",
            "punctuation!!!???...,,,;;;:::---___(((]]]{{{}}}\"\"\"'''```~~~^^^$$$%%%&&&***+++===<<<>>>|||\\\\\\///@@@###",
            "unicode punctuation: « guillemets » „quotes“ ‘single’ — em – en ‐ hyphen … ellipsis ¿¡ ‰ † ‡ • ※ ⁂ 、。「」【】",
            "symbols that are not punctuation: © ® ™ ° ± × ÷ € £ ¥ § ¶ µ → ⇒ ∀ ∂ ∑ √ ∞ ≈ ≠ ≤ ≥ ♠ ♥",
            "supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
            "a".repeat(100) + " " + "b".repeat(101) + " " + "é".repeat(100) + " " + "é".repeat(101) + " " + "𠀀".repeat(101),
            "x".repeat(99) + "é" + " " + "🙂".repeat(100) + " " + "🙂".repeat(101),
            "unaffable unbelievably tokenization WordPiece wordpieces ##hashes ## # ### [UNK] [unk]",
            "[CLS] special [SEP] tokens [MASK] in [PAD] the text [CLS][SEP][MASK] and [cls] lower-case and [ CLS ]",
            "[[CLS]] x[SEP]y [MASK]. [UNK]ed",
            "numbers 3.14159 1,000,000 2e10 -42 +7 0x1F 1/2 ½ ² ³ ① Ⅻ ٣ ๓ 12:30 2019-06-14",
            "URLs https://example.org/path?q=1&r=2#frag mail@example.com C:\\Windows\\System32 ~/dir/file.txt",
            "code: for (int i = 0; i < n; i++) { sum += a[i] * b[i]; } // done -> x => y != z == w",
            "Mixed CASE WORDS and camelCase and snake_case and kebab-case and SCREAMING_CASE",
            "combining: e\u0301 a\u0308 o\u0302 n\u0303 c\u0327 i\u0307 \u0301alone z\u0336\u0335 Hangul 한\u1100\u1161 Zalgo Z\u0351\u0352\u0353a",
            "compatibility: ﬁ ﬂ ﬀ ＡＢＣ ｱｲｳ ㎞ ™ ℌ ℍ Ⅳ ⓐ",
            "Turkish: İI ıi, German: STRASSE straße, Greek final sigma: ΟΔΟΣ ὈΔΥΣΣΕΎΣ, Cherokee: ᏣᎳᎩ ꭰ",
            "devanagari: क्षत्रिय नमस्ते, tamil: தமிழ், thai: สวัสดีครับ, khmer: ភាសាខ្មែរ",
            "   leading and trailing white space   \n\n\n   ",
            "tab\tseparated\tvalues\nand\r\nwindows\rlines",
            "ellipsis... and dashes -- and—em and ' quotes \" inside",
            "repeated " + "star ".repeat(600));

    /**
     * The bundled models whose {@code tokenizer.json} is not byte for byte an earlier model's: a file identical to one
     * compared gives the same ids, so comparing it again would only repeat the work (minilm-q's file is minilm's,
     * e5-small-q's is bge-small-q's). Every model's question prefix is among the texts.
     */
    static Stream<SentenceModel> distinctTokenizerFiles() throws IOException {
        Map<String, SentenceModel> first = new LinkedHashMap<>();
        for (SentenceModel model : SentenceModel.values()) {
            first.putIfAbsent(resource(model.tokenizerResource()), model);
        }
        return first.values().stream();
    }

    @ParameterizedTest
    @MethodSource("distinctTokenizerFiles")
    void sameIdsAsHuggingFaceOverSourcesDocumentsAndHardCases(SentenceModel model) throws IOException {
        String json = resource(model.tokenizerResource());
        List<String> texts = new ArrayList<>(HARD_CASES);
        texts.addAll(projectTexts());
        for (SentenceModel any : SentenceModel.values()) {
            texts.add(any.queryPrefix() + "How far is the Andromeda galaxy?");
        }
        assertThat(texts.size()).isGreaterThan(2000);
        for (int maxLength : new int[] {OnnxSentenceEmbedder.DEFAULT_MAX_LENGTH, 16}) {
            WordPieceTokenizer ours = WordPieceTokenizer.parse(json, model.tokenizerResource()).truncatedTo(maxLength)
                    .unpadded();
            try (HuggingFaceTokenizer reference = reference(json, embedderOptions(maxLength))) {
                assertSame(model + " at " + maxLength, ours, reference, maxLength == 16 ? HARD_CASES : texts);
            }
        }
        WordPieceTokenizer asFile = WordPieceTokenizer.parse(json, model.tokenizerResource());
        try (HuggingFaceTokenizer reference = reference(json, fileOptions(asFile))) {
            assertSame(model + " with the file's settings", asFile, reference, texts);
        }
    }

    @ParameterizedTest
    @EnumSource(value = SentenceModel.class, names = "BGE_SMALL_EN_V15_Q")
    void sameIdsAsHuggingFaceForEveryCodePoint(SentenceModel model) throws IOException {
        String json = resource(model.tokenizerResource());
        WordPieceTokenizer ours = WordPieceTokenizer.parse(json, model.tokenizerResource()).unpadded();
        List<String> differing = new ArrayList<>();
        try (HuggingFaceTokenizer reference = reference(json, Map.of("truncation", "false", "padding", "false"))) {
            List<String> block = new ArrayList<>();
            for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
                int type = Character.getType(cp);
                // every assigned character, and one in 64 of the unassigned and private-use ones
                if (type == Character.SURROGATE || (type == Character.UNASSIGNED || type == Character.PRIVATE_USE)
                        && cp % 64 != 0) {
                    continue;
                }
                // the character alone, inside a word, and between words
                String c = Character.toString(cp);
                block.add(c + " x" + c + "y " + c + "Z" + c);
                if (block.size() == 4096 || cp == Character.MAX_CODE_POINT) {
                    List<WordPieceTokenizer.Encoding> got = ours.encodeAll(block);
                    ai.djl.huggingface.tokenizers.Encoding[] want = reference.batchEncode(block);
                    for (int i = 0; i < block.size(); i++) {
                        if (!java.util.Arrays.equals(got.get(i).ids(), want[i].getIds())) {
                            differing.add(String.format(Locale.ROOT, "U+%04X (%s)", block.get(i).codePointAt(0),
                                    Character.getName(block.get(i).codePointAt(0))));
                        }
                    }
                    block.clear();
                }
            }
        }
        assertThat(differing).as("code points tokenised differently").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = SentenceModel.class, names = "BGE_SMALL_EN_V15_Q")
    void sameIdsOverAnOutsideCorpusWhenOneIsGiven(SentenceModel model) throws IOException {
        String folder = System.getProperty("tokenizer.corpus", "");
        Assumptions.assumeFalse(folder.isBlank(), "no -Dtokenizer.corpus=<folder>");
        List<String> texts = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Path.of(folder))) {
            for (Path f : walk.filter(p -> p.toString().matches(".*\\.(md|txt|jsonl)$")).sorted().toList()) {
                String separator = f.toString().endsWith(".jsonl") ? "\n" : "\n\\s*\n";
                for (String paragraph : Files.readString(f, StandardCharsets.UTF_8).split(separator)) {
                    texts.add(paragraph);
                }
            }
        }
        String json = resource(model.tokenizerResource());
        WordPieceTokenizer ours = WordPieceTokenizer.parse(json, model.tokenizerResource()).truncatedTo(512).unpadded();
        int same = 0;
        long tokens = 0;
        long chars = 0;
        try (HuggingFaceTokenizer reference = reference(json, embedderOptions(512))) {
            for (int from = 0; from < texts.size(); from += 1000) {
                List<String> block = texts.subList(from, Math.min(texts.size(), from + 1000));
                List<WordPieceTokenizer.Encoding> got = ours.encodeAll(block);
                ai.djl.huggingface.tokenizers.Encoding[] want = reference.batchEncode(block);
                for (int i = 0; i < block.size(); i++) {
                    chars += block.get(i).length();
                    tokens += want[i].getIds().length;
                    if (java.util.Arrays.equals(got.get(i).ids(), want[i].getIds())
                            && java.util.Arrays.equals(got.get(i).attentionMask(), want[i].getAttentionMask())
                            && java.util.Arrays.equals(got.get(i).typeIds(), want[i].getTypeIds())) {
                        same++;
                    } else {
                        System.out.println("differs: '" + abbreviate(block.get(i)) + "'");
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d of %d paragraphs identical (%d characters, %d tokens)%n", folder, same,
                texts.size(), chars, tokens);
        assertThat(same).isEqualTo(texts.size());
    }

    static void assertSame(String what, WordPieceTokenizer ours, HuggingFaceTokenizer reference, List<String> texts) {
        List<WordPieceTokenizer.Encoding> got = ours.encodeAll(texts);
        ai.djl.huggingface.tokenizers.Encoding[] want = reference.batchEncode(texts);
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            String label = what + ", text #" + i + " '" + abbreviate(text) + "'";
            assertThat(got.get(i).ids()).as(label).containsExactly(want[i].getIds());
            assertThat(got.get(i).typeIds()).as(label).containsExactly(want[i].getTypeIds());
            assertThat(got.get(i).attentionMask()).as(label).containsExactly(want[i].getAttentionMask());
        }
    }

    /** DJL set up as {@link OnnxSentenceEmbedder} set it up before it had its own tokenizer. */
    static Map<String, String> embedderOptions(int maxLength) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("addSpecialTokens", "true");
        o.put("truncation", "true");
        o.put("padding", "false");
        o.put("maxLength", Integer.toString(maxLength));
        o.put("modelMaxLength", Integer.toString(OnnxSentenceEmbedder.MAX_MAX_LENGTH));
        return o;
    }

    /** DJL replaces the file's truncation and padding by its own defaults; these options restore the file's. */
    private static Map<String, String> fileOptions(WordPieceTokenizer asFile) {
        Map<String, String> o = new LinkedHashMap<>();
        if (asFile.maxLength().isPresent()) {
            o.put("truncation", "true");
            o.put("maxLength", Integer.toString(asFile.maxLength().getAsInt()));
            o.put("padding", "max_length"); // the MiniLM files pad to a fixed 128, their truncation length
        } else {
            o.put("truncation", "false");
            o.put("padding", "false");
        }
        return o;
    }

    static HuggingFaceTokenizer reference(String json, Map<String, String> options) throws IOException {
        return HuggingFaceTokenizer.newInstance(new java.io.ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                options);
    }

    static String resource(String name) throws IOException {
        try (InputStream in = WordPieceTokenizerAgreementIT.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Every source and document file of this project, whole (most exceed any maximum length) and by paragraph. */
    static List<String> projectTexts() throws IOException {
        Path module = Path.of("").toAbsolutePath();
        Path root = Files.isDirectory(module.resolve("rag-core")) ? module : module.getParent();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .filter(p -> p.toString().matches(".*\\.(java|md|xml|sh|properties)$"))
                    .sorted().collect(Collectors.toList());
        }
        List<String> texts = new ArrayList<>();
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            texts.add(text);
            for (String paragraph : text.split("\n\\s*\n")) {
                if (!paragraph.isBlank()) {
                    texts.add(paragraph);
                }
            }
        }
        return texts;
    }

    private static String abbreviate(String text) {
        String t = text.length() > 60 ? text.substring(0, 60) + "…" : text;
        return t.replace("\n", "\\n");
    }
}
