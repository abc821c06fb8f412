/**
 * Dense retrieval ({@link DenseRetriever}): the query's embedding against the instance's index, cosine
 * similarity, best first. The default retriever of a pipeline.
 */
package io.github.astrorag.core.retrieve;
