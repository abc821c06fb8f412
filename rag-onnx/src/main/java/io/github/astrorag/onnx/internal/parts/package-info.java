/**
 * <b>Internal: no part of the API.</b> rag-onnx's contribution to the registry of parts by name (the bundled models
 * as embedders), found through {@code META-INF/services}.
 */
package io.github.astrorag.onnx.internal.parts;
