package io.github.astrorag.eval;

import java.util.List;
import java.util.Locale;

/** The snake_case metric names of results.json and the report, in report order. */
public final class MetricNames {

    /** Fraction of supporting documents with a chunk in the context. */
    public static final String SUPPORT_RECALL = "support_recall";
    /** 1 if every supporting document has a chunk in the context. */
    public static final String FULL_SUPPORT = "full_support";
    /** Share of the context's tokens that come from supporting documents. */
    public static final String SUPPORT_PRECISION = "support_precision";
    /** 1 if a gold answer occurs (SQuAD-normalised, whole tokens) in the context. */
    public static final String ANSWER_IN_CONTEXT = "answer_in_context";
    /**
     * {@link #ANSWER_IN_CONTEXT} over the questions whose gold answer is a span: no yes/no answer, and one
     * that occurs in the instance's documents.
     */
    public static final String SPAN_ANSWER_IN_CONTEXT = "span_answer_in_context";
    /** nDCG@10 of the retrieve stage's document ranking. */
    public static final String NDCG_10 = "ndcg_at_10";
    /** recall@10 of the retrieve stage's document ranking. */
    public static final String RECALL_10 = "recall_at_10";
    /** With {@code --prefilter}: the share of the full-embedding dense top 20 among the chunks the first pass kept. */
    public static final String PREFILTER_RECALL = "prefilter_recall_at_20";
    /** recall@20 of the retrieve stage's document ranking (all of a 20-candidate list). */
    public static final String RECALL_20 = "recall_at_20";
    /** SQuAD exact match of the generated answer. */
    public static final String EXACT_MATCH = "exact_match";
    /** SQuAD token F1 of the generated answer. */
    public static final String F1 = "f1";
    /** ROUGE-1 F1 of the generated answer. */
    public static final String ROUGE_1 = "rouge_1";
    /** ROUGE-2 F1 of the generated answer. */
    public static final String ROUGE_2 = "rouge_2";
    /** ROUGE-L F1 of the generated answer. */
    public static final String ROUGE_L = "rouge_l";
    /**
     * 1 if the generated answer (citation markers removed) holds a gold answer, both SQuAD-normalised, as a run of
     * whole tokens: DPR's "has answer" (Karpukhin et al., 2020) on the answer instead of a passage; 0 if not or if
     * the generator abstained.
     */
    public static final String ANSWER_HAS_GOLD = "answer_has_gold";
    /** Sentences in a generated answer that is no abstention (averaged under the same name). */
    public static final String ANSWER_SENTENCES = "answer_sentences";
    /** 1 if the generator abstained ({@code Answer.abstained()}), else 0: averaged, the abstention rate. */
    public static final String ABSTAINED = "abstained";
    /** For a question the documents cannot answer ({@code unanswerable}, {@code off-corpus}): 1 if it abstained. */
    public static final String CORRECT_ABSTENTION = "correct_abstention";
    /** For an answerable question whose context holds the answer ({@link #ANSWER_IN_CONTEXT} = 1): 1 if it abstained. */
    public static final String FALSE_ABSTENTION = "false_abstention";
    /**
     * The generator's support score, as its trace reports it (the {@code generate} stage's detail
     * {@value #SUPPORT}, higher = better supported); per instance only, for the abstention curve, not averaged.
     */
    public static final String SUPPORT = "support";
    /** Multiple-choice accuracy (exact letter set). */
    public static final String MC_ACCURACY = "mc_accuracy";
    /** Distinct documents with a chunk in the context (averaged under the same name). */
    public static final String DOCUMENTS_IN_CONTEXT = "documents_in_context";
    /** Tokens in the selected context (per instance; its mean is {@value #CONTEXT_TOKENS_MEAN}). */
    public static final String CONTEXT_TOKENS = "context_tokens";

    /** Mean context tokens. */
    public static final String CONTEXT_TOKENS_MEAN = "context_tokens_mean";
    /** Instances run. */
    public static final String INSTANCES = "instances";
    /** Instances that failed. */
    public static final String FAILURES = "failures";
    /** Median wall time per instance. */
    public static final String LATENCY_P50 = "latency_p50_ms";
    /** 95th percentile of the wall time per instance. */
    public static final String LATENCY_P95 = "latency_p95_ms";
    /** Mean wall time per instance. */
    public static final String LATENCY_MEAN = "latency_mean_ms";
    /** Mean time an instance spent building its own index. */
    public static final String INGEST_MEAN = "ingest_ms_mean";
    /** Total time spent building shared corpus indexes (with --reuse-corpus-index). */
    public static final String SHARED_INDEX = "shared_index_ms";

    /** The per-instance scores in [0, 1] that are averaged, get confidence intervals and are charted. */
    public static final List<String> FRACTIONS = List.of(FULL_SUPPORT, SUPPORT_RECALL, SUPPORT_PRECISION,
            ANSWER_IN_CONTEXT, SPAN_ANSWER_IN_CONTEXT, NDCG_10,
            RECALL_10, RECALL_20, PREFILTER_RECALL, EXACT_MATCH, F1, ROUGE_1, ROUGE_2, ROUGE_L, ANSWER_HAS_GOLD, MC_ACCURACY,
            ABSTAINED, CORRECT_ABSTENTION, FALSE_ABSTENTION);

    /** The per-instance counts that are averaged (with a bootstrap interval) but are no fractions, so not charted. */
    public static final List<String> COUNTS = List.of(DOCUMENTS_IN_CONTEXT, ANSWER_SENTENCES);

    /** What is averaged with an interval and shown in the quality table: {@link #FRACTIONS}, then {@link #COUNTS}. */
    public static final List<String> AVERAGED = java.util.stream.Stream.concat(FRACTIONS.stream(), COUNTS.stream()).toList();

    private MetricNames() {
    }

    /**
     * The name of the metric holding the mean time of one trace stage.
     *
     * @param stage a trace stage's name, such as {@code select} or {@code rerank:pagerank}
     * @return {@code stage_<name>_ms_mean}, where {@code <name>} is the stage's name in lower case with every run
     *         of characters other than {@code a-z} and {@code 0-9} replaced by one {@code _}
     *         ({@code stage_rerank_pagerank_ms_mean})
     */
    public static String stageMean(String stage) {
        return "stage_" + stage.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_") + "_ms_mean";
    }
}
