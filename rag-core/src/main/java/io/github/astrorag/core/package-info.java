/**
 * The root of the core: the exception hierarchy under {@link RagException} (documents, indices, embedders,
 * generators, each with the file, endpoint or status at fault), argument checks ({@link Arguments}), and the
 * handling of secrets: reading keys from the environment ({@link Secrets}) and keeping them out of every message
 * ({@link Redactor}).
 */
package io.github.astrorag.core;
