/**
 * Context assembly under a token budget: {@link TokenBudgetSelector} takes chunks best first while they fit and
 * cuts the next to what is left; {@link ContextOrder} arranges the selected chunks in the prompt.
 */
package io.github.astrorag.core.select;
