package io.github.astrorag.onnx;

import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.onnx.EncodingTemplate.Padding;
import io.github.astrorag.onnx.EncodingTemplate.Piece;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Hugging Face {@code tokenizer.json} into a {@link WordPieceTokenizer}: its {@code model}
 * ({@code WordPiece} only), {@code normalizer} ({@code BertNormalizer} or absent), {@code pre_tokenizer}
 * ({@code BertPreTokenizer} or absent), {@code added_tokens}, {@code post_processor}
 * ({@code TemplateProcessing}, {@code BertProcessing} or absent), {@code truncation} and {@code padding},
 * in that order; the first component it cannot read fails with an {@link EmbeddingException} that names it.
 * Defaults are Hugging Face's: prefix {@code ##}, {@code [UNK]}, 100 characters per word; every normaliser
 * step on, accents stripped exactly when lower-casing; truncation {@code LongestFirst} on the right; padding
 * on the right with id 0. Linear in the file. One reader per file; not thread-safe.
 */
final class TokenizerJsonReader {

    private final String source;
    private WordPieceModel model;
    private BertNormalizer normalizer = BertNormalizer.NONE;
    private boolean bertPreTokenizer;
    private AddedTokens raw;
    private AddedTokens normalized;
    private Piece[] before;
    private Piece[] after;
    private int sequenceTypeId;
    private int maxLength;
    private boolean truncateLeft;
    private Padding padding;

    private TokenizerJsonReader(String source) {
        this.source = source;
    }

    /** The tokenizer of a file's text, with the file's truncation and padding. */
    static WordPieceTokenizer parse(String json, String source) {
        JsonValue root;
        try {
            root = Json.parse(json);
        } catch (IllegalArgumentException e) {
            throw new EmbeddingException("tokenizer " + source + " is not valid JSON: " + e.getMessage(), e);
        }
        return new TokenizerJsonReader(source).read(root);
    }

    private WordPieceTokenizer read(JsonValue root) {
        if (!root.isObject()) {
            throw unsupported("is no JSON object");
        }
        model(root.path("model"));
        normalizer(root.path("normalizer"));
        JsonValue pre = root.path("pre_tokenizer");
        bertPreTokenizer = !pre.isNull() && !pre.isMissing();
        if (bertPreTokenizer && !"BertPreTokenizer".equals(pre.path("type").asText(""))) {
            throw unsupported("has pre_tokenizer " + describe(pre));
        }
        addedTokens(root.path("added_tokens"));
        postProcessor(root.path("post_processor"));
        truncation(root.path("truncation"));
        padding(root.path("padding"));
        return new WordPieceTokenizer(model, normalizer, bertPreTokenizer, raw, normalized,
                new EncodingTemplate(before, after, sequenceTypeId, maxLength, truncateLeft, padding));
    }

    private void model(JsonValue m) {
        if (!"WordPiece".equals(m.path("type").asText(""))) {
            throw unsupported("has model " + describe(m));
        }
        JsonValue vocab = m.path("vocab");
        if (!vocab.isObject() || vocab.isEmpty()) {
            throw unsupported("has no WordPiece vocabulary");
        }
        String prefix = m.path("continuing_subword_prefix").asText("##");
        Map<String, Integer> vocabulary = new HashMap<>(vocab.size() * 2);
        Map<String, Integer> continuations = new HashMap<>(vocab.size());
        int longestEntry = 0;
        for (Map.Entry<String, JsonValue> e : vocab.members().entrySet()) {
            int id = id(e.getValue(), "vocab entry '" + e.getKey() + "'");
            vocabulary.put(e.getKey(), id);
            String key = e.getKey();
            longestEntry = Math.max(longestEntry, key.length());
            if (key.startsWith(prefix) && key.length() > prefix.length()) {
                continuations.put(key.substring(prefix.length()), id);
            }
        }
        String unk = m.path("unk_token").asText("[UNK]");
        Integer u = vocabulary.get(unk);
        if (u == null) {
            throw unsupported("has unk_token '" + unk + "', which is not in its vocabulary");
        }
        model = new WordPieceModel(vocabulary, continuations, u, longestEntry,
                m.path("max_input_chars_per_word").asInt(100));
    }

    private void normalizer(JsonValue n) {
        if (n.isNull() || n.isMissing()) {
            return;
        }
        if (!"BertNormalizer".equals(n.path("type").asText(""))) {
            throw unsupported("has normalizer " + describe(n));
        }
        boolean lowercase = n.path("lowercase").asBoolean(true);
        normalizer = new BertNormalizer(n.path("clean_text").asBoolean(true), n.path("handle_chinese_chars").asBoolean(true),
                n.path("strip_accents").asBoolean(lowercase), lowercase);
    }

    private void addedTokens(JsonValue tokens) {
        List<AddedTokens.Token> r = new ArrayList<>();
        List<AddedTokens.Token> norm = new ArrayList<>();
        for (JsonValue t : tokens) {
            String content = t.path("content").asText("");
            for (String flag : List.of("single_word", "lstrip", "rstrip")) {
                if (t.path(flag).asBoolean(false)) {
                    throw unsupported("has added token '" + content + "' with " + flag + " (not supported here)");
                }
            }
            if (content.isEmpty()) {
                continue;
            }
            AddedTokens.Token a = new AddedTokens.Token(content, id(t.path("id"), "added token '" + content + "'"));
            if (t.path("normalized").asBoolean(!t.path("special").asBoolean(false))) {
                norm.add(a);
            } else {
                r.add(a);
            }
        }
        raw = AddedTokens.of(r);
        normalized = AddedTokens.normalized(norm, normalizer::normalize);
    }

    private void postProcessor(JsonValue p) {
        before = new Piece[0];
        after = new Piece[0];
        if (p.isNull() || p.isMissing()) {
            return;
        }
        String type = p.path("type").asText("");
        if (type.equals("BertProcessing")) {
            before = new Piece[] {new Piece(id(p.path("cls").path(1), "cls"), 0)};
            after = new Piece[] {new Piece(id(p.path("sep").path(1), "sep"), 0)};
            return;
        }
        if (!type.equals("TemplateProcessing")) {
            throw unsupported("has post_processor " + describe(p));
        }
        List<Piece> b = new ArrayList<>();
        List<Piece> a = new ArrayList<>();
        boolean sequence = false;
        for (JsonValue item : p.path("single")) {
            if (item.has("Sequence")) {
                sequence = true;
                sequenceTypeId = item.path("Sequence").path("type_id").asInt(0);
                continue;
            }
            JsonValue special = item.path("SpecialToken");
            String name = special.path("id").asText("");
            int typeId = special.path("type_id").asInt(0);
            JsonValue ids = p.path("special_tokens").path(name).path("ids");
            if (!special.isObject() || !ids.isArray() || ids.isEmpty()) {
                throw unsupported("has a post_processor template item " + item + " it does not define");
            }
            for (JsonValue id : ids) {
                (sequence ? a : b).add(new Piece(id(id, "special token " + name), typeId));
            }
        }
        before = b.toArray(new Piece[0]);
        after = a.toArray(new Piece[0]);
    }

    private void truncation(JsonValue t) {
        if (t.isNull() || t.isMissing()) {
            return;
        }
        String strategy = t.path("strategy").asText("LongestFirst");
        if (!strategy.equals("LongestFirst") && !strategy.equals("OnlyFirst")) {
            throw unsupported("truncates with strategy " + strategy + " (a single text needs LongestFirst or OnlyFirst)");
        }
        maxLength = t.path("max_length").asInt(0);
        if (maxLength < before.length + after.length) {
            throw unsupported("truncates to " + maxLength + " tokens, fewer than its special tokens");
        }
        truncateLeft = "Left".equals(t.path("direction").asText("Right"));
    }

    private void padding(JsonValue p) {
        padding = Padding.NONE;
        if (p.isNull() || p.isMissing()) {
            return;
        }
        JsonValue strategy = p.path("strategy");
        int fixed;
        if (strategy.isTextual() && strategy.asText().equals("BatchLongest")) {
            fixed = 0;
        } else if (strategy.path("Fixed").isIntegral()) {
            fixed = strategy.path("Fixed").asInt(0);
        } else {
            throw unsupported("pads with strategy " + strategy);
        }
        padding = new Padding(fixed, p.path("pad_to_multiple_of").asInt(0),
                "Left".equals(p.path("direction").asText("Right")), p.path("pad_id").asInt(0),
                p.path("pad_type_id").asInt(0));
    }

    private int id(JsonValue v, String what) {
        int id = v.asInt(-1);
        if (id < 0) {
            throw unsupported("has " + what + " without a valid id (" + v + ")");
        }
        return id;
    }

    private static String describe(JsonValue component) {
        String type = component.path("type").asText("");
        return type.isEmpty() ? component.toString() : type;
    }

    private EmbeddingException unsupported(String what) {
        return new EmbeddingException("tokenizer " + source + " " + what + "; WordPieceTokenizer reads only BERT"
                + " WordPiece tokenizers (model WordPiece, normalizer BertNormalizer, pre_tokenizer"
                + " BertPreTokenizer, post_processor TemplateProcessing or BertProcessing)");
    }
}
