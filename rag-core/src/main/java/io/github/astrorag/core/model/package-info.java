/**
 * The immutable values that flow through a pipeline: {@link Document}, {@link Chunk}, {@link Query}, {@link
 * ScoredChunk}, {@link Context}, {@link Answer} with its {@link Citation}s, and the {@link Trace} of how an
 * answer came about. Metadata ({@link Metadata}) is a sorted string map; {@link MetadataFilter} restricts
 * retrieval by it.
 */
package io.github.astrorag.core.model;
