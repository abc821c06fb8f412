/**
 * Term analysis ({@link io.github.astrorag.core.spi.TermAnalyzer}): {@link EnglishTermAnalyzer}, the default,
 * Lucene's English analysis with words cut in the scripts written without spaces. Lucene's analyzers by language are
 * in the optional module rag-analysis.
 */
package io.github.astrorag.core.analysis;
