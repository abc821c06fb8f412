package io.github.astrorag.core.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Gives the terms of a text: what BM25, the prefilter, query-coverage selection, the coverage and answer scorers,
 * the extractive reader and citation quoting compare, so that one term means the same everywhere in a pipeline. The
 * default, {@code EnglishTermAnalyzer} (part {@code english} of role {@code analyzer}), is Lucene's English analysis
 * with words cut in scripts written without spaces; rag-analysis adds Lucene's analyzers by language and
 * {@code auto}.
 *
 * <p>Contract: deterministic (the same text gives the same terms, in the order of the text, with repeats); an empty
 * or blank text gives no term; no term is empty; thread-safe, so that one analyzer serves every question at once.
 * Pick one by name with {@code --analyzer NAME}, or pass it to the parts that read terms and to
 * {@code RagPipeline.Builder#analyzer}.
 */
public interface TermAnalyzer extends Described {

    /**
     * Passes each term of {@code text} to {@code sink}, in order, with repeats. The form for hot paths: it
     * allocates no list.
     *
     * @param text any text
     * @param sink receives the terms
     * @throws NullPointerException if either is null
     */
    void forEachTerm(String text, Consumer<String> sink);

    /**
     * The terms of {@code text}, in order, with repeats.
     *
     * @param text any text
     * @return a new mutable list; empty for a text with no content word
     * @throws NullPointerException if {@code text} is null
     */
    default List<String> terms(String text) {
        List<String> out = new ArrayList<>();
        forEachTerm(text, out::add);
        return out;
    }
}
