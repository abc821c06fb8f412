/**
 * <b>Internal: no part of the API.</b> A small JSON reader and writer ({@link Json}, {@link JsonValue}) for the HTTP generators and embedders, their
 * request bodies and the traces, so that the core needs no JSON library. Linear in the text's length; nesting is
 * bounded.
 */
package io.github.astrorag.core.internal.json;
