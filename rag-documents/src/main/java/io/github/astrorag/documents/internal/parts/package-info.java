/**
 * <b>Internal: no part of the API.</b> rag-documents' contribution to the registry of parts by name, found through
 * {@code META-INF/services}.
 */
package io.github.astrorag.documents.internal.parts;
