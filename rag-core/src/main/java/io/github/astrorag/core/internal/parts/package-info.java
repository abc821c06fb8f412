/**
 * <b>Internal: no part of the API.</b> rag-core's contribution to the registry of parts by name
 * ({@link io.github.astrorag.core.part.PartRegistry}), found through {@code META-INF/services}.
 */
package io.github.astrorag.core.internal.parts;
