/**
 * <b>Internal: no part of the API.</b> Helpers the project's modules share: argument checks ({@link Arguments}),
 * secrets from the environment and their redaction ({@link Secrets}, {@link Redactor}), and the message for a
 * missing optional dependency ({@link OptionalDependency}), and the text of a framework filter's value ({@link MetadataValues}). Its sub-packages hold the JSON reader and writer, the
 * HTTP client and the text analysis. Public only so that the project's own modules can use them; user code must
 * not (an architecture test keeps the rule), and any release may change them.
 */
package io.github.astrorag.core.internal;
