package io.github.astrorag.examples.cli;

import picocli.CommandLine.Option;

/** The options that choose and tune a pipeline, shared by {@code ask} and {@code eval}. */
public final class PipelineOptions {

    @Option(names = "--preset", defaultValue = "default", paramLabel = "NAME",
            description = "Pipeline preset: ${COMPLETION-CANDIDATES}. 'default' is the best measured one "
                    + "(see the README); 'astrorag' and 'corag' are the papers' pipelines; 'naive' is plain top-k. "
                    + "Default: ${DEFAULT-VALUE}.")
    public Presets.Name preset = Presets.Name.DEFAULT;

    @Option(names = "--budget", paramLabel = "TOKENS", description = "Context budget in p50k_base tokens. Default: 1800.")
    public Integer budget;

    @Option(names = "--model", paramLabel = "ID",
            description = "Embedding model: ${COMPLETION-CANDIDATES}. Default: the preset's.")
    public String model;

    @Option(names = "--candidates", paramLabel = "N", description = "Candidates retrieved before selection. Default: 20.")
    public Integer candidates;

    @Option(names = "--stream", description = "Print the answer as the generator produces it.")
    public boolean stream;
}
