/**
 * The presets: each a whole pipeline in one call and one name. Every preset is defined once, as the named parts it is
 * made of, in the registry of parts ({@link io.github.astrorag.core.part.PartRegistry}, role
 * {@link io.github.astrorag.core.part.Role#PRESET}), which the command line, the evaluation and the Spring Boot
 * properties look names up in; {@link Preset} holds the five of the README as constants and opens any preset by name
 * ({@link Preset#open(String)}); {@link AstroRag} builds the recommended pipeline, CORAG over the evidence utility,
 * the AstroRAG paper's pipeline and NaiveRAG; {@link Corag} the CORAG paper's, optionally with its configuration
 * agent. This module sits above rag-retrieval, rag-onnx and rag-mcts, which know nothing of each other, because the
 * presets combine them.
 */
package io.github.astrorag.presets;
