/** rag-analysis' parts by name (registered in {@code META-INF/services}). */
package io.github.astrorag.analysis.internal.parts;
