package io.github.astrorag.core.spi;

import java.util.Map;
import java.util.Objects;

/**
 * Hears each stage of a pipeline as it runs, for metrics and tracing systems (rag-micrometer's
 * {@code MicrometerPipelineObserver} records each stage as a Micrometer {@code Observation}). Given once to
 * {@code RagPipeline.Builder#observer}; a pipeline without one calls nothing and copies nothing.
 *
 * <p>The stages are those of the answer's {@code Trace}: at ingest ({@code RagPipeline#open}, and
 * {@code RagInstance#add}, with the prefix {@code add:}) {@code load}, {@code chunk}, {@code embed} (details
 * {@code texts}, {@code cacheHits}, {@code cacheMisses}, {@code cache}) and {@code index}, or {@code prefilter}
 * for the last two; {@code remove}; per question {@code filter} (only when the query's metadata filter names a
 * key no document has; details {@code filter}, {@code unknownFilterKeys}), {@code embed-query}, {@code prefilter}
 * (with a prefilter; the same cache details), {@code retrieve} ({@code candidates} instead for
 * {@code RagPipeline.select} over given passages), one {@code rerank:<name>} per reranker, {@code select} and, when
 * answering, {@code generate} (whose details here, not in the trace, also hold {@code abstained}: whether the
 * generator declined to answer).
 *
 * <p>Contract: for each stage {@link #stageStarted} is called once on the thread that runs the stage, just before
 * it runs, and then exactly one of {@link Stage#stopped} or {@link Stage#failed} on the same thread, right after
 * it. Stages of one question or one ingest run one after the other, never nested; stages of different questions
 * run on their own threads at the same time, so an observer is called from several threads at once and must be
 * thread-safe. Calls must be quick: they run inside the ask. An exception thrown by an observer never fails an
 * ask or an ingest: the pipeline catches it and logs the first one (warning) and no more.
 *
 * <p>Every method has a default that does nothing; {@link #NONE} is the observer that hears nothing.
 */
public interface PipelineObserver {

    /** Hears nothing; what a pipeline without an observer uses. */
    PipelineObserver NONE = new PipelineObserver() { };

    /**
     * The stage {@code stage} starts.
     *
     * @param stage the stage's name, as in the trace ({@code embed-query}, {@code rerank:mmr}, {@code add:embed}, ...)
     * @param scope what the stage belongs to
     * @return what hears the stage's end; {@link Stage#NONE} by default
     */
    default Stage stageStarted(String stage, Scope scope) {
        return Stage.NONE;
    }

    /** The end of one started stage: exactly one of its methods is called, once. */
    interface Stage {

        /** Hears nothing. */
        Stage NONE = new Stage() { };

        /**
         * The stage ended normally.
         *
         * @param millis  the stage's time as the trace records it, in milliseconds (for {@code embed} at ingest,
         *                the embedding calls only)
         * @param details the stage's details, as the trace records them (plus {@code abstained} for
         *                {@code generate}); read-only, valid only during this call
         */
        default void stopped(double millis, Map<String, Object> details) {
        }

        /**
         * The stage threw {@code error}, which then leaves the ask (or the ingest).
         *
         * @param millis the time until it threw, in milliseconds
         * @param error  what it threw
         */
        default void failed(double millis, Throwable error) {
        }
    }

    /**
     * What a stage belongs to.
     *
     * @param phase     {@code ingest} (opening an instance, adding to or removing from it) or {@code ask} (a
     *                  question: answering or selecting its context)
     * @param indexKind the kind of the pipeline's index factory ({@code memory}, {@code elasticsearch}, ...), or
     *                  {@code prefilter} with a prefilter
     */
    record Scope(String phase, String indexKind) {

        /** The phase of ingest. */
        public static final String INGEST = "ingest";
        /** The phase of a question. */
        public static final String ASK = "ask";

        /**
         * Checks the values.
         *
         * @param phase     the phase
         * @param indexKind the index kind
         */
        public Scope {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(indexKind, "indexKind");
        }
    }
}
