/**
 * The root of the core: the exception hierarchy under {@link RagException} (documents, indices, embedders,
 * generators, each with the file, endpoint or status at fault). A programming error (a value out of range, a
 * setting given twice) is a JDK exception instead: {@link IllegalArgumentException} for a bad value,
 * {@link IllegalStateException} for a setting given twice or a call out of order. Secrets (API keys, passwords) are
 * read from the environment by name and kept out of every message.
 */
package io.github.astrorag.core;
