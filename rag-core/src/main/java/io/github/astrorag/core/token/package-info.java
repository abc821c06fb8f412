/**
 * Token counting with tiktoken encodings ({@link TokenCounter}, {@code p50k_base} by default), used for chunk
 * sizes and context budgets.
 */
package io.github.astrorag.core.token;
