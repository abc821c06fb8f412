package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.RagException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The terms of an English text as Lucene's {@link EnglishAnalyzer} (lucene-analysis-common 9.12) makes
 * them: Unicode word segmentation (UAX #29), possessive {@code 's} removed, lower case, Lucene's English
 * stop words removed, Porter stemming. The same analysis serves BM25 and query-coverage selection.
 *
 * <p>Linear in the text length. Thread-safe: Lucene analyzers reuse one token stream per thread.
 */
public final class EnglishTerms {

    private static final Analyzer ANALYZER = new EnglishAnalyzer();

    private EnglishTerms() {
    }

    /** The analysed terms of {@code text}, in order, with repeats; empty for a text with no content word. */
    public static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = ANALYZER.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new RagException("Lucene analysis failed on a text of " + text.length() + " characters", e);
        }
        return out;
    }
}
