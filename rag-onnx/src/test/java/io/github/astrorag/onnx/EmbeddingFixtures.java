package io.github.astrorag.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** Texts written for these tests. */
final class EmbeddingFixtures {

    static final String CAT = "The cat sits on the mat.";
    static final String FELINE = "A feline is resting on a rug.";
    static final String MARKET = "The stock market fell sharply on Tuesday.";

    /** Common English words that the BERT uncased vocabulary holds as single tokens. */
    private static final String[] WORDS = {
        "the", "star", "light", "of", "sun", "and", "moon", "planet", "earth", "sky", "night", "day", "cold", "hot",
        "red", "blue", "green", "small", "large", "old", "new", "first", "last", "water", "fire", "iron", "gas",
        "dust", "cloud", "in", "is", "was", "for", "on", "with", "as", "by", "at", "from", "to",
    };

    private EmbeddingFixtures() {
    }

    /** {@code n} words, each one token for a BERT uncased tokenizer, in a fixed pseudo-random order. */
    static String words(int n) {
        StringJoiner j = new StringJoiner(" ");
        for (int i = 0; i < n; i++) {
            j.add(WORDS[(i * 7 + i / WORDS.length) % WORDS.length]);
        }
        return j.toString();
    }

    /** Texts of varied lengths, from empty to past 256 tokens, with a duplicate. */
    static List<String> variedTexts() {
        List<String> texts = new ArrayList<>();
        texts.add(MARKET);
        texts.add("");
        texts.add(words(40));
        texts.add("Short.");
        texts.add(CAT);
        texts.add(words(300));
        texts.add(FELINE);
        texts.add("Quasars are powered by accretion onto supermassive black holes at the centres of galaxies.");
        texts.add(words(7));
        texts.add(CAT);
        texts.add(words(120));
        texts.add("Why is the sky blue during the day but red at sunset?");
        return texts;
    }
}
