/**
 * Evaluation metrics for retrieval-augmented generation, in plain Java so that any module's tests and
 * the {@code astrorag eval} command score answers alike.
 *
 * <ul>
 *   <li>{@link io.github.astrorag.core.eval.SquadMetrics}: SQuAD answer normalisation, exact match,
 *       token F1 and "answer in context";</li>
 *   <li>{@link io.github.astrorag.core.eval.Rouge}: ROUGE-1, ROUGE-2 and ROUGE-L F1 as Google's
 *       {@code rouge-score} package computes them with {@code use_stemmer=True}, over the
 *       {@link io.github.astrorag.core.eval.PorterStemmer};</li>
 *   <li>{@link io.github.astrorag.core.eval.RetrievalMetrics}: support recall, full support, nDCG@k and
 *       recall@k of documents;</li>
 *   <li>{@link io.github.astrorag.core.eval.ChoiceMetrics}: multiple-choice correctness (single, multi
 *       select, true/false) and the accuracy of a uniform random pick.</li>
 * </ul>
 *
 * <p>Aggregates that need statistics libraries (percentiles, bootstrap intervals) live in the
 * examples module, which keeps this package free of dependencies.
 */
package io.github.astrorag.core.eval;
