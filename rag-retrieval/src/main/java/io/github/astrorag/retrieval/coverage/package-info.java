/**
 * Greedy query-coverage context selection with multi-hop bridging and budget awareness ({@link
 * BridgingCoverageSelector}), the context selector of the recommended pipeline. It works on the candidates'
 * texts and vectors alone: no model call.
 */
package io.github.astrorag.retrieval.coverage;
