/**
 * <b>Internal: no part of the API.</b> Text analysis without external libraries: sentences ({@link Sentences}, and {@link Prose} for the readable
 * sentences of Markdown), the terms of every lexical score ({@link Terms}: the terms Lucene's {@code
 * EnglishAnalyzer} makes, by UAX #29 word segmentation, English stop words and the {@link PorterStemmer},
 * without Lucene), Markdown headings ({@link MarkdownHeadings}) and a UTF-8 check ({@link Utf8}). All linear in
 * the text's length.
 */
package io.github.astrorag.core.internal.text;
