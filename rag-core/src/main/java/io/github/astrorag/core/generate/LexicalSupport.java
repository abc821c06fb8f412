package io.github.astrorag.core.generate;

import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The support {@link ExtractiveGenerator} gives an answer to a question whose language its embedder does not read
 * ({@link io.github.astrorag.core.spi.Embedder#languages()}): lexical evidence only, since such an embedding's cosine
 * says nothing (bge-small-en-v1.5 gives any two Chinese texts a high cosine). Over the question's <em>evidence</em>
 * terms E (its terms by the generator's {@link TermAnalyzer}, less the language's question words, less its function
 * words (Arabic and Thai: the lists {@code function-words-ar.txt} and {@code function-words-th.txt} beside this class)
 * and, in Chinese, less the Han pairs holding a function character such as 的 or 是; Arabic terms compared without
 * diacritics, with their alef, yeh and teh marbuta forms unified, and lightly stemmed, {@link #normalised}):
 * <pre>
 * lexical support = 0.5·found + 0.5·held
 * </pre>
 * where {@code found} is the share of E that some sentence of the context holds and {@code held} the share of E that
 * the answer's sentence holds, every term weighing the same. The terms are counted, not IDF-weighted: the subject of
 * the question (a name the whole article repeats) is the strongest evidence that the context is about it, and the
 * context's IDF would weigh it least. Chosen, with the thresholds per language ({@link #DEFAULT_MIN_SUPPORT}), by
 * 2-fold cross-validation on the development sets (Chinese CMRC 2018, Arabic ARCD, Thai iapp-wiki-qa; docs/languages.md,
 * "Abstention per language"), against IDF-weighted coverage with and without the unmatched share.
 *
 * <p>Contract: every method is a pure function of its arguments; the word lists are read once, when the class is
 * loaded (a missing list is an {@link IllegalStateException} then). Complexity: {@link #support} is linear in the
 * terms given; {@link #evidence} and {@link #normalised} in the term's length. Thread-safety: stateless, safe for
 * concurrent use.
 */
final class LexicalSupport {

    /**
     * The least lexical support an answer needs, per language (BCP 47 code), measured on the whole development files
     * with the default pipeline at 300 o200k tokens (docs/languages.md, "The whole files"): each the highest
     * threshold at which at most 5% of a file's answerable questions whose context holds the answer abstain, with
     * every question also asked off-corpus (Chinese CMRC 2018, 3,219 questions; Arabic ARCD, 1,395; Thai
     * iapp-wiki-qa, 739): Chinese 0.333, Arabic 0.4375, Thai 0.45.
     */
    static final Map<String, Double> DEFAULT_MIN_SUPPORT = Map.of("zh", 0.333, "ar", 0.4375, "th", 0.45);
    /** The least lexical support an answer needs in a language without a measured threshold. */
    static final double DEFAULT_OTHER_MIN_SUPPORT = 0.35;

    /** The question words of each language, whose terms are no content of a question. */
    private static final Map<String, List<String>> QUESTION_WORDS = Map.of(
            "zh", List.of("什么", "甚么", "哪里", "哪个", "哪些", "哪一", "哪位", "哪年", "多少", "几个", "几年", "为什么",
                    "怎么", "怎样", "如何", "是否", "谁是", "是谁", "请问"),
            "ar", List.of("ما", "ماذا", "من", "متى", "أين", "اين", "كم", "كيف", "لماذا", "هل", "أي", "اي", "ماهي", "ماهو",
                    "هي", "هو", "في"),
            "th", List.of("อะไร", "ใคร", "ที่ไหน", "ไหน", "เมื่อไร", "เมื่อไหร่", "เท่าไร", "เท่าไหร่", "กี่", "อย่างไร",
                    "ยังไง", "ทำไม", "หรือไม่", "ไหม", "คือ", "ได้แก่", "ใด"));

    /** The Arabic articles (with a conjunction or preposition) a term is compared without. */
    private static final List<String> ARTICLES = List.of("وال", "بال", "كال", "فال", "لل", "ال", "و");

    /**
     * The suffixes a light Arabic stemmer removes, in this order, each at most once, when two letters remain
     * (Larkey, Ballesteros and Connell's light10, as Lucene's {@code ArabicStemmer}): ها، ان، ات، ون، ين، يه، ه، ي
     * (teh marbuta already written ه).
     */
    private static final List<String> SUFFIXES = List.of("ها", "ان", "ات", "ون", "ين", "يه", "ه", "ي");

    /**
     * The Arabic function words as the list writes them, not normalised: what a conjunction may hide (وفي, فهو), so
     * that a word such as ولد (born) is not read as و + لد, the normal form of لدى.
     */
    private static final Set<String> ARABIC_FUNCTION_WORDS_AS_WRITTEN = functionWordsAsWritten("ar");

    /**
     * Function words of each language: found in any text, they are no evidence that a text is about the question.
     * Read from the resources {@code function-words-<language>.txt} beside this class (one word a line, {@code #}
     * comments), written from each language's grammar (particles, prepositions, pronouns, auxiliaries,
     * quantifiers), not from any evaluation data; kept as written and {@linkplain #normalised(String, String) normalised}.
     */
    private static final Map<String, Set<String>> FUNCTION_WORDS = Map.of(
            "ar", withNormalForms("ar", ARABIC_FUNCTION_WORDS_AS_WRITTEN),
            "th", withNormalForms("th", functionWordsAsWritten("th")));

    /** The conjunctions Arabic writes as a word's first letter: و, ف. */
    private static final String ARABIC_CONJUNCTIONS = "\u0648\u0641";

    /** {@code words} and their {@linkplain #normalised(String, String) normal forms}. */
    private static Set<String> withNormalForms(String language, Set<String> words) {
        Set<String> out = new HashSet<>();
        for (String w : words) {
            out.add(w);
            out.add(normalised(language, w));
        }
        return Set.copyOf(out);
    }

    private static Set<String> functionWordsAsWritten(String language) {
        String name = "function-words-" + language + ".txt";
        try (java.io.InputStream in = LexicalSupport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            Set<String> out = new HashSet<>();
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                String w = line.strip();
                if (!w.isEmpty() && !w.startsWith("#")) {
                    out.add(w);
                }
            }
            return Set.copyOf(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Han characters that carry grammar, not topic: a pair holding one is no evidence. */
    private static final String HAN_FUNCTION = "的了是在和与及被把也就都而或吗呢呀啊之于其个有为这那它他她们中上下一不";

    /** Whether {@code term} is evidence in {@code language}: no function word (nor a Han pair holding one). */
    static boolean evidence(String language, String term) {
        if ("zh".equals(language) || "ja".equals(language)) {
            if (term.codePoints().anyMatch(c -> HAN_FUNCTION.indexOf(c) >= 0)) {
                return false;
            }
        }
        Set<String> words = FUNCTION_WORDS.getOrDefault(language, Set.of());
        if (words.contains(term)) {
            return false;
        }
        // Arabic: a function word behind a conjunction (وفي, فهو) is one too
        return !("ar".equals(language) && term.length() >= 3 && ARABIC_CONJUNCTIONS.indexOf(term.charAt(0)) >= 0
                && ARABIC_FUNCTION_WORDS_AS_WRITTEN.contains(term.substring(1)));
    }

    /**
     * A term as it is compared in {@code language}: Arabic without its diacritics and tatweel, its alef, yeh and
     * teh marbuta forms unified, then lightly stemmed: a leading article, conjunction with article or conjunction
     * (ال، وال، بال، كال، فال، لل، و; و only from a word of four letters) removed, then the final alef of a word of
     * four letters or more that does not end in the suffix ها (the accusative tanween, often written without its
     * mark: سكانا is سكان, so "the population" meets "most populous ... by population"), then the {@link #SUFFIXES},
     * each only when at least two letters remain; any other language's term unchanged.
     */
    static String normalised(String language, String term) {
        if (!"ar".equals(language)) {
            return term;
        }
        StringBuilder b = new StringBuilder(term.length());
        term.codePoints().forEach(c -> {
            if (c >= 0x064B && c <= 0x0652 || c == 0x0640 || c == 0x0670) {
                return;
            }
            b.appendCodePoint(switch (c) {
                case 0x0622, 0x0623, 0x0625 -> 0x0627; // آ أ إ -> ا
                case 0x0649 -> 0x064A; // ى -> ي
                case 0x0629 -> 0x0647; // ة -> ه
                default -> c;
            });
        });
        String t = b.toString();
        for (String prefix : ARTICLES) {
            if (t.startsWith(prefix) && t.length() - prefix.length() >= 2 && (prefix.length() > 1 || t.length() >= 4)) {
                t = t.substring(prefix.length());
                break;
            }
        }
        if (t.length() >= 4 && t.endsWith("\u0627") && !t.endsWith("\u0647\u0627")) {
            t = t.substring(0, t.length() - 1); // the alef of the accusative tanween: سكاناً is سكان
        }
        for (String suffix : SUFFIXES) {
            if (t.endsWith(suffix) && t.length() - suffix.length() >= 2) {
                t = t.substring(0, t.length() - suffix.length());
            }
        }
        return t;
    }

    private LexicalSupport() {
    }

    /** {@code content} less the terms of {@code language}'s question words; all of it if none is left. */
    static Set<String> asked(String language, Set<String> content, TermAnalyzer analyzer) {
        Set<String> out = new HashSet<>(content);
        out.removeAll(questionWords(language, analyzer));
        return out.isEmpty() ? content : out;
    }

    /** The terms of {@code language}'s question words, as {@code analyzer} reads them; empty for another. */
    private static Set<String> questionWords(String language, TermAnalyzer analyzer) {
        Set<String> out = new HashSet<>();
        for (String w : QUESTION_WORDS.getOrDefault(language, List.of())) {
            out.addAll(analyzer.terms(w));
        }
        return out;
    }

    /**
     * The lexical support in [0, 1]: {@code 0.5·found + 0.5·held} over the evidence terms; 0 when there are none.
     *
     * @param evidence the question's evidence terms (normalised)
     * @param inContext the context's terms (normalised)
     * @param held the evidence terms the answer's sentence holds
     */
    static double support(Set<String> evidence, Set<String> inContext, Collection<String> held) {
        if (evidence.isEmpty()) {
            return 0;
        }
        double found = evidence.stream().filter(inContext::contains).count() / (double) evidence.size();
        return 0.5 * found + 0.5 * new HashSet<>(held).stream().filter(evidence::contains).count() / evidence.size();
    }

    /**
     * The question's evidence terms: {@code content} normalised ({@link #normalised}), less the language's
     * question words and function words ({@link #evidence}); all of {@code content}, normalised, if none is left.
     */
    static Set<String> evidence(String language, Set<String> content, TermAnalyzer analyzer) {
        Set<String> asked = questionWords(language, analyzer);
        Set<String> out = new HashSet<>();
        Set<String> all = new HashSet<>();
        for (String t : content) {
            String n = normalised(language, t);
            all.add(n);
            if (!asked.contains(t) && evidence(language, t) && evidence(language, n)) {
                out.add(n);
            }
        }
        return out.isEmpty() ? all : out;
    }

    /** {@code terms} normalised ({@link #normalised}). */
    static Set<String> normalised(String language, Collection<String> terms) {
        Set<String> out = new HashSet<>();
        for (String t : terms) {
            out.add(normalised(language, t));
        }
        return out;
    }

}
