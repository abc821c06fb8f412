/**
 * The root of the core: the exception hierarchy under {@link RagException} (documents, indices, embedders,
 * generators, each with the file, endpoint or status at fault). The helpers the project's modules share (argument
 * checks, secrets from the environment and their redaction, JSON, the HTTP client, text analysis) are in
 * {@code core.internal} and its sub-packages, no part of the API.
 */
package io.github.astrorag.core;
