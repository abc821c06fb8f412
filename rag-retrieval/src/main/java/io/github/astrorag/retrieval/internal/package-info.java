/**
 * <b>Internal: no part of the API.</b> What rag-retrieval's retrievers and rerankers share for handling candidate
 * lists ({@link io.github.astrorag.retrieval.internal.Candidates}). Public only so that the module's packages can
 * use it; user code must not (an architecture test keeps the rule), and any release may change it.
 */
package io.github.astrorag.retrieval.internal;
