/**
 * <b>Internal: no part of the API.</b> rag-presets' contribution to the registry of parts by name: every preset,
 * defined once as the named parts it is made of, found through {@code META-INF/services}.
 */
package io.github.astrorag.presets.internal.parts;
