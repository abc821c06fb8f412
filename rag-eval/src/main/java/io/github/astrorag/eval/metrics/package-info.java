/**
 * Evaluation metrics for retrieval-augmented generation, in plain Java so that any module's tests and
 * the evaluation harness ({@code io.github.astrorag.eval}) score answers alike.
 *
 * <ul>
 *   <li>{@link io.github.astrorag.eval.metrics.SquadMetrics}: SQuAD answer normalisation, exact match,
 *       token F1 and "answer in context";</li>
 *   <li>{@link io.github.astrorag.eval.metrics.Rouge}: ROUGE-1, ROUGE-2 and ROUGE-L F1 as Google's
 *       {@code rouge-score} package computes them with {@code use_stemmer=True}, over the
 *       {@link io.github.astrorag.eval.metrics.RougeStemmer} (NLTK's Porter stemmer, as {@code rouge-score} uses it);</li>
 *   <li>{@link io.github.astrorag.eval.metrics.RetrievalMetrics}: support recall, full support, nDCG@k and
 *       recall@k of documents;</li>
 *   <li>{@link io.github.astrorag.eval.metrics.ChoiceMetrics}: multiple-choice correctness (single, multi
 *       select, true/false) and the accuracy of a uniform random pick.</li>
 * </ul>
 *
 * <p>Aggregates that need statistics libraries (percentiles, bootstrap intervals) live in the harness, which keeps
 * this package free of dependencies.
 */
package io.github.astrorag.eval.metrics;
