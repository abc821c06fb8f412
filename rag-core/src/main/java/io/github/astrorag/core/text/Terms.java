package io.github.astrorag.core.text;

import io.github.astrorag.core.RagException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The one term analysis of this project: the terms of an English text as Lucene's
 * {@link EnglishAnalyzer} (lucene-analysis-common 9.12) makes them: Unicode word segmentation
 * (UAX #29), possessive {@code 's} removed, lower case, Lucene's 33 English stop words removed
 * ({@link EnglishAnalyzer#ENGLISH_STOP_WORDS_SET}), Porter stemming ({@code galaxies → galaxi}). BM25,
 * query-coverage selection, the MCTS coverage scorer, the extractive reader and citation quoting all
 * use it, so that one term means the same everywhere.
 *
 * <p>Linear in the text length. Thread-safe: Lucene analyzers reuse one token stream per thread.
 */
public final class Terms {

    private static final Analyzer ANALYZER = new EnglishAnalyzer();

    private Terms() {
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
