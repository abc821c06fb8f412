package io.github.astrorag.analysis;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The terms of a Lucene {@link Analyzer}: what Elasticsearch and Solr index with it. {@link LanguageAnalyzers} names
 * the analyzers of each language ({@code arabic}: Arabic normalisation and light stemming, {@code chinese}: smartcn's
 * word segmentation, ...). The analyzer is used through its per-thread reuse, so one instance serves every thread.
 *
 * <p>Linear in the text length for the rule-based analyzers; smartcn, nori and kuromoji segment by dictionary
 * (their speed: docs/languages.md). Immutable and thread-safe; the Lucene analyzer is owned for the JVM's life.
 */
public final class LuceneTermAnalyzer implements TermAnalyzer {

    private final String name;
    private final Analyzer analyzer;

    /**
     * The terms of {@code analyzer}, named {@code name} in descriptions.
     *
     * @param name     the name the part and the trace give it, such as {@code arabic}
     * @param analyzer the Lucene analyzer; kept, never closed
     */
    public LuceneTermAnalyzer(String name, Analyzer analyzer) {
        this.name = Objects.requireNonNull(name, "name");
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }

    @Override
    public void forEachTerm(String text, Consumer<String> sink) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(sink, "sink");
        try (TokenStream stream = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                if (term.length() > 0) {
                    sink.accept(term.toString());
                }
            }
            stream.end();
        } catch (IOException e) {
            // a StringReader does not fail: an analyzer that does is broken
            throw new RagException("analyzer " + name + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("lucene", analyzer.getClass().getSimpleName());
        return m;
    }

    @Override
    public String toString() {
        return name;
    }
}
