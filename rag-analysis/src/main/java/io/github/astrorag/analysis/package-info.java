/**
 * Term analysis by language with Lucene's analysis modules: {@link io.github.astrorag.analysis.LuceneTermAnalyzer}
 * over any Lucene analyzer, {@link io.github.astrorag.analysis.LanguageAnalyzers} by language name and code, and
 * {@link io.github.astrorag.analysis.ScriptDetectingAnalyzer} ({@code auto}) choosing one per text by its script.
 * The parts are registered by name for {@code --analyzer}.
 */
package io.github.astrorag.analysis;
