/** rag-langdetect's parts by name (registered in {@code META-INF/services}). */
package io.github.astrorag.langdetect.internal.parts;
