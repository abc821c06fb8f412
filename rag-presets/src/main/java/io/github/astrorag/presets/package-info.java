/**
 * The presets: each a whole pipeline in one call and one name. {@link Preset} is the lookup by name
 * ({@code default}, {@code astrorag}, {@code corag}, {@code corag-paper}, {@code naive}) that the command line and
 * configuration files use; {@link AstroRag} builds the recommended pipeline, CORAG over the evidence utility, the
 * AstroRAG paper's pipeline and NaiveRAG; {@link Corag} the CORAG paper's, optionally with its configuration
 * agent; {@link EmbeddingModels} opens an embedding model by its id. This module sits above rag-retrieval and
 * rag-mcts, which know nothing of each other, because two presets combine them.
 */
package io.github.astrorag.presets;
