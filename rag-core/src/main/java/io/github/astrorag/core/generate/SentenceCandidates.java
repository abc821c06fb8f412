package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.text.Prose;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sentences {@link ExtractiveGenerator} may quote: a context's sentences ({@link #of}), the statements among them
 * that are no question, no fragment of an overlapping chunk and no repeat ({@link #statements}), and the sentences' smoothed IDF
 * ({@link #idf}).
 *
 * <p>Contract: every method is a pure function of its arguments, returning new collections in context order.
 * Complexity: {@link #of} and {@link #idf} are linear in the context's length; {@link #statements} is linear in the
 * sentences plus, for each first sentence of a chunk that starts inside its document, a scan of that document's
 * sentences. Thread-safety: stateless; the {@link Candidate}s are immutable, safe for concurrent use.
 */
final class SentenceCandidates {

    private static final Pattern REFERS_BACK =
            Pattern.compile("(?:This|These|Those|That|Such|It|Its|They|Their|He|She|His|Her|The latter)\\b");

    private SentenceCandidates() {
    }

    /**
     * A sentence of the context, with the 1-based number of its chunk: its readable text (scored and put
     * into the answer), its verbatim source span in the chunk's text (the citation's quote), whether it is
     * its chunk's first sentence, its terms, and the terms it is matched with the question by: its own, plus,
     * when it opens with a reference to what came before ({@link #refersBack}), those of the sentence before
     * it in its chunk ("His father was Shi Bingzhi." is about the person the sentence before names).
     */
    record Candidate(int number, ScoredChunk chunk, String text, int start, int end, boolean first,
                     List<String> terms, List<String> matchTerms, String part) {
        String quote() {
            return chunk.chunk().text().substring(start, end);
        }

        /** Whether the sentence is body prose ({@link Metadata#PART_BODY}): not a caption, exercise, heading, .... */
        boolean body() {
            return Metadata.PART_BODY.equals(part);
        }
    }

    /**
     * What a removed reference (a figure, table or link the source's markup held) leaves: a parenthesis holding
     * nothing but words such as see, also, and, review ("(see )", "( and )"), or an empty pair of brackets.
     */
    private static final Pattern EMPTIED_PARENTHESIS = Pattern.compile(
            "\\s*[(\\[](?:\\s*(?:see|also|and|or|review|compare|cf\\.?|e\\.g\\.,?|in|of|the|figure|table|part)\\b)*[\\s,;]*[)\\]]",
            Pattern.CASE_INSENSITIVE);
    /** A figure's attribution, which says who made the image, not what it shows: "(credit: modification of work by NASA)". */
    private static final Pattern CREDIT = Pattern.compile("\\s*\\(credits?\\b[^()]*\\)", Pattern.CASE_INSENSITIVE);
    /**
     * A word left dangling before a closing mark by a removed reference: "in ?", "of )", "see .", "for ," and "with ,"
     * with a space before the mark ("worked with, ..." is English), or opening the sentence before a comma: "For ,
     * we have adopted ..." (what the sentence was for is gone).
     */
    private static final Pattern DANGLING = Pattern.compile(
            "\\s+(?:in|of|see|from)(?=\\s*[?)\\].,;:])|\\s+(?:for|with)(?=\\s+[?)\\].,;:])"
                    + "|^(?:in|of|see|from|for|with)(?=\\s+[,;:])",
            Pattern.CASE_INSENSITIVE);
    /**
     * A sentence end followed by a lower-case verb: a sentence whose subject (a removed figure or link) is gone,
     * "... called the Moon. shows Earth and the Moon drawn to scale ...".
     */
    private static final Pattern SUBJECT_REMOVED = Pattern.compile("(?<!\\.\\p{L})(?<=[\\p{Ll}\\p{N})])\\.\\s+(?=\\p{Ll}+s\\s)");
    /**
     * Two sentences with no space between them, where a removed reference or footnote stood: a word of at least
     * two lower-case letters, its end mark, then a capitalised word ("... they called it a nova.We now know ...");
     * "Ph.D." or "e.g.The" (one letter before the mark) is none. Or two with no end mark between them, where a
     * heading was run into its paragraph or a period is missing: a word, a space, then a word that opens a sentence
     * (The, This, It, We, In, However, ...) and a lower-case word ("Critical Density of the Universe As we
     * discussed, ...", "... per million light-years The most recent ..."); "vitamin A is" (A, An and I are no such
     * opener) and "the film The Matrix" (a capital after it) are none.
     */
    private static final Pattern GLUED = Pattern.compile("(?<=\\p{Ll}{2}[.!?])(?=\\p{Lu}\\p{Ll})"
            + "|(?<=\\p{L}{2}\\s)(?=(?:The|This|These|Those|It|We|They|In|However|Thus|For|As|Here|Our|If|When)\\s\\p{Ll})");

    /**
     * A note a converter inserted into a sentence where a pop-up or footnote stood: a closing bracket glued to a
     * capitalised word ("... background (CMB)Recall that microwaves are radio waves. were uncertain, ..."). The
     * sentence that holds the glue, with or without the rest of the sentence the note interrupted, never answers.
     * "(OH)Cl" (a capital and one lower-case letter) is none.
     */
    private static final Pattern INSERTED_NOTE = Pattern.compile("(?<=\\p{L}{2}[)\\]])\\p{Lu}\\p{Ll}{2,}");

    /**
     * The sentences an open answer may quote: statements ({@link AnswerCues#statement}) that are no question
     * ({@link #interrogative}), not cut off ({@link #unfinished}), not interrupted by an inserted note
     * ({@link #interrupted}), no fragment of an overlapping chunk and no repeat of an earlier sentence.
     */
    static List<Candidate> statements(List<Candidate> sentences) {
        Map<String, List<String>> byDocument = new HashMap<>(); // normalised sentences per document
        for (Candidate c : sentences) {
            byDocument.computeIfAbsent(c.chunk().chunk().documentId(), d -> new ArrayList<>())
                    .add(AnswerCues.normalised(c.text()));
        }
        Set<String> seen = new HashSet<>();
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : sentences) {
            String key = AnswerCues.normalised(c.text());
            if (key.isEmpty() || !AnswerCues.statement(c.text()) || interrogative(c.text()) || unfinished(c.text())
                    || interrupted(c.text()) || !seen.add(key)) {
                continue;
            }
            if (c.first() && c.chunk().chunk().start() > 0
                    && fragment(c.text(), key, byDocument.get(c.chunk().chunk().documentId()))) {
                continue;
            }
            out.add(c);
        }
        return out;
    }

    /**
     * Whether a chunk's first sentence, in a chunk that starts inside its document, starts inside a sentence:
     * it starts with a lower-case letter or punctuation, or it is the proper tail of another sentence of the
     * same document.
     */
    private static boolean fragment(String text, String key, List<String> sameDocument) {
        int first = text.codePointAt(0);
        if (Character.isLowerCase(first) || !Character.isLetterOrDigit(first) && "\"'(\u201c\u2018[".indexOf(first) < 0) {
            return true;
        }
        for (String other : sameDocument) {
            if (other.length() > key.length() && other.endsWith(" " + key)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The context's sentences ({@link Prose}), each with the part of its document it is in (by the chunk's
     * {@link Metadata#PARTS}, at the sentence's first character), and made whole where a removed reference
     * left a fragment: an emptied parenthesis, a figure's "(credit: ...)" and a word left dangling before a closing
     * mark go, and a sentence glued to a following one whose subject was removed ("... the Moon. shows Earth ...")
     * ends at its own end (the subject-less rest is no sentence and is dropped), and two sentences glued with no
     * space or no end mark between them ("... a nova.We now know ...") are two ({@link #unglued}). With {@code acronyms}, a sentence is also
     * matched by the words of an acronym the context defines that it holds, and the other way round
     * ({@link Acronyms}: "the CMB" matches "the cosmic microwave background").
     */
    static List<Candidate> of(Context context, TermAnalyzer analyzer, boolean acronyms) {
        List<Candidate> out = new ArrayList<>();
        List<ScoredChunk> chunks = context.chunks();
        Map<List<String>, List<String>> defined = acronyms
                ? Acronyms.defined(chunks.stream().map(c -> c.chunk().text()).toList(), analyzer) : Map.of();
        for (int n = 0; n < chunks.size(); n++) {
            String text = chunks.get(n).chunk().text();
            String parts = chunks.get(n).chunk().metadata().get(Metadata.PARTS);
            int offset = chunks.get(n).chunk().start();
            List<String> before = null;
            for (Prose.Sentence s : Prose.sentences(text).stream().flatMap(p -> unglued(text, whole(text, p)).stream())
                    .toList()) {
                String part = Metadata.partAt(parts, offset + s.start());
                List<String> terms = analyzer.terms(s.text());
                List<String> match = terms;
                if (before != null && refersBack(s.text())) {
                    match = new ArrayList<>(terms);
                    match.addAll(before);
                    match = List.copyOf(match);
                }
                match = spelledOut(match, defined);
                out.add(new Candidate(n + 1, chunks.get(n), s.text(), s.start(), s.end(), before == null, terms, match,
                        part));
                before = terms;
            }
        }
        return out;
    }

    /**
     * {@code terms} with, for every acronym the context defines ({@link Acronyms}), the words it stands for when
     * they hold the abbreviation, and the abbreviation when they hold all its words.
     */
    private static List<String> spelledOut(List<String> terms, Map<List<String>, List<String>> acronyms) {
        List<String> out = null;
        for (Map.Entry<List<String>, List<String>> a : acronyms.entrySet()) {
            List<String> add = terms.containsAll(a.getKey()) ? a.getValue()
                    : terms.containsAll(a.getValue()) ? a.getKey() : List.of();
            if (!add.isEmpty()) {
                out = out == null ? new ArrayList<>(terms) : out;
                out.addAll(add);
            }
        }
        return out == null ? terms : List.copyOf(out);
    }

    /** {@code s} without what removed references left (see {@link #of}); its quote span cut to match. */
    static Prose.Sentence whole(String source, Prose.Sentence s) {
        String text = s.text();
        int end = s.end();
        Matcher glued = SUBJECT_REMOVED.matcher(text);
        if (glued.find()) {
            String head = text.substring(0, glued.start() + 1);
            Matcher inSource = SUBJECT_REMOVED.matcher(source).region(s.start(), s.end());
            if (inSource.find()) {
                text = head;
                end = inSource.start() + 1;
            }
        }
        String clean = DANGLING.matcher(EMPTIED_PARENTHESIS.matcher(CREDIT.matcher(text).replaceAll("")).replaceAll(""))
                .replaceAll("");
        if (!clean.equals(text)) {
            clean = clean.replaceAll("\\s+(?=[.,;:?!])", "").replaceAll("\\s{2,}", " ").strip();
            if (!clean.isEmpty() && ",;:".indexOf(clean.charAt(0)) >= 0) { // its opening words were the reference's
                clean = clean.substring(1).strip();
                clean = clean.isEmpty() ? clean
                        : clean.substring(0, 1).toUpperCase(Locale.ROOT) + clean.substring(1);
            }
        }
        return clean.equals(s.text()) && end == s.end() ? s : new Prose.Sentence(clean, s.start(), end);
    }

    /**
     * {@code s} cut where two sentences are glued with no space between them ({@link #GLUED}), each part with its
     * span of {@code source}; {@code s} alone when there is no such place, or when the text and its source do not
     * show it alike.
     */
    static List<Prose.Sentence> unglued(String source, Prose.Sentence s) {
        Matcher inText = GLUED.matcher(s.text());
        Matcher inSource = GLUED.matcher(source).region(s.start(), s.end());
        inSource.useTransparentBounds(true);
        List<Prose.Sentence> out = new ArrayList<>();
        int from = 0;
        int sourceFrom = s.start();
        while (inText.find()) {
            if (!inSource.find()) {
                return List.of(s);
            }
            String head = s.text().substring(from, inText.start());
            int trailing = head.length() - head.stripTrailing().length();
            out.add(new Prose.Sentence(head.stripTrailing(), sourceFrom, inSource.start() - trailing));
            from = inText.start();
            sourceFrom = inSource.start();
        }
        if (out.isEmpty()) {
            return List.of(s);
        }
        out.add(new Prose.Sentence(s.text().substring(from), sourceFrom, s.end()));
        return out;
    }

    /** Where a sentence glues a subject-less tail to the sentence before it (a removed reference), or -1. */
    static int subjectRemovedAt(String text) {
        Matcher m = SUBJECT_REMOVED.matcher(text);
        return m.find() ? m.start() : -1;
    }

    /**
     * Whether a sentence is cut off: it ends with a comma or a semicolon, of any script ({@code ， 、 ； ، ؛}; what followed, a formula or a list, was
     * removed). A colon ends a lead-in that may answer, and parentheses that do not pair are common in encyclopedic
     * text whose pronunciations were removed, so neither counts (both cost answers on SQuAD and HotpotQA).
     */
    static boolean unfinished(String sentence) {
        String s = sentence.strip();
        return s.endsWith(",") || s.endsWith(";") || s.endsWith("\uFF0C") || s.endsWith("\u3001")
                || s.endsWith("\uFF1B") || s.endsWith("\u060C") || s.endsWith("\u061B");
    }


    /**
     * Whether a sentence holds a note inserted into it ({@link #INSERTED_NOTE}): two pieces of text, neither a whole
     * sentence, that never answer.
     */
    static boolean interrupted(String sentence) {
        return INSERTED_NOTE.matcher(sentence).find();
    }

    /**
     * Whether a sentence asks rather than tells: it ends with a question mark ({@code ? ？ ؟ ፧}, before closing quotes
     * or brackets).
     */
    static boolean interrogative(String sentence) {
        int i = sentence.length() - 1;
        while (i >= 0 && "\"')]\u201d\u2019 ".indexOf(sentence.charAt(i)) >= 0) {
            i--;
        }
        return i >= 0 && (sentence.charAt(i) == '?' || sentence.charAt(i) == '\uFF1F' || sentence.charAt(i) == '\u061F'
                || sentence.charAt(i) == '\u1367');
    }

    /**
     * Whether a sentence opens with a word that refers to what came before: This, These, Those, That, Such, It,
     * Its, They, Their, He, She, His, Her, or "The latter".
     */
    static boolean refersBack(String sentence) {
        return REFERS_BACK.matcher(sentence).lookingAt();
    }

    /** Smoothed IDF over the context's sentences: log(1 + N / df). */
    static Map<String, Double> idf(List<Candidate> sentences) {
        Map<String, Integer> df = new HashMap<>();
        for (Candidate c : sentences) {
            for (String t : new HashSet<>(c.terms())) {
                df.merge(t, 1, Integer::sum);
            }
        }
        Map<String, Double> idf = new HashMap<>();
        int n = Math.max(1, sentences.size());
        df.forEach((t, d) -> idf.put(t, Math.log(1 + (double) n / d)));
        return idf;
    }
}
