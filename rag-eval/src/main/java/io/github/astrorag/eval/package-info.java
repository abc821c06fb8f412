/**
 * The evaluation harness: runs named pipelines ({@link PipelineRegistry}) over a data set of questions
 * ({@link EvalDataset}, one JSON object a line), each question on its own ephemeral index, scores every answer
 * ({@link QuestionScorer}, with the metrics of {@code io.github.astrorag.eval.metrics}), aggregates with bootstrap
 * intervals ({@link PipelineSummary}) and writes a report ({@link ReportWriter}: results.json, instances.jsonl,
 * report.md and a chart). A downstream project registers its own pipeline with
 * {@link PipelineRegistry#with} and runs it on its own data with {@link EvalRunner}; the {@code astrorag eval}
 * command is this harness on the command line.
 */
package io.github.astrorag.eval;
