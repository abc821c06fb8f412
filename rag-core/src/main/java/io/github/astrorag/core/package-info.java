/**
 * The root of the core: the exception hierarchy. Every exception the library throws on purpose at run time is an
 * unchecked {@link RagException}; its subclasses say which kind of failure it was, so that callers can react to
 * the kind rather than to the message text: {@link DocumentException} (a document could not be loaded; names the
 * file), {@link IndexException} (an ephemeral index failed or was misused), and {@link ServiceException} for a
 * failed server call, with {@link EmbeddingException} and {@link GenerationException} saying which component
 * called (each names the endpoint and the HTTP status, never a secret). A programming error is a JDK exception
 * instead: {@link IllegalArgumentException} for a bad value, {@link IllegalStateException} for a setting given
 * twice or a call out of order.
 */
package io.github.astrorag.core;
