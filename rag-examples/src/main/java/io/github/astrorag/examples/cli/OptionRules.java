package io.github.astrorag.examples.cli;

import io.github.astrorag.presets.Preset;
import io.github.astrorag.core.internal.Arguments;
import java.util.ArrayList;
import java.util.List;

/**
 * Which pipeline options apply to which preset and generator: an option given where it would be ignored
 * is an error that says where it belongs, so that a misplaced setting never changes nothing silently.
 */
final class OptionRules {

    private OptionRules() {
    }

    /**
     * Fails when {@code o} sets an option that its preset or generator does not use.
     *
     * @throws IllegalArgumentException naming the options and the preset or generator they belong to
     */
    static void check(PipelineOptions o) {
        Arguments.check(o.prefilter == null || o.prefilter >= 1,
                "--prefilter must be at least 1 (the chunks BM25 passes on to be embedded per question), was %s", o.prefilter);
        List<String> astrorag = given(new Object[] {o.mmrK, o.lambda, o.prTop, o.tau, o.graph},
                "--mmr-k", "--lambda", "--pr-top", "--tau", "--graph");
        Arguments.check(o.preset == Preset.ASTRORAG || astrorag.isEmpty(),
                "%s apply to --preset astrorag only, not --preset %s", String.join(", ", astrorag), o.preset);
        List<String> corag = given(new Object[] {o.iterations, o.exploration, o.costWeight},
                "--iterations", "--exploration", "--cost-weight");
        Arguments.check(o.preset.searches() || corag.isEmpty(),
                "%s apply to --preset corag or corag-paper only, not --preset %s", String.join(", ", corag), o.preset);
        Arguments.check(o.preset == Preset.CORAG_PAPER || o.agent == null,
                "--agent applies to --preset corag-paper only (the agent picks the paper's scorers), not --preset %s", o.preset);
        Arguments.check(!o.preset.searches() || o.order == null,
                "--order does not apply to --preset %s: its search chooses the order of the chunks", o.preset);
        List<String> llm = given(new Object[] {o.baseUrl, o.llmModel, o.apiKeyEnv, o.maxTokens, o.llmTimeout, o.llmRetries},
                "--base-url", "--llm-model", "--api-key-env", "--max-tokens", "--llm-timeout", "--llm-retries");
        Arguments.check(o.generator != PipelineOptions.GeneratorKind.EXTRACTIVE || llm.isEmpty(),
                "%s apply to --generator openai or tgi only, not the extractive generator", String.join(", ", llm));
        Arguments.check(o.generator != PipelineOptions.GeneratorKind.TGI || o.llmModel == null,
                "--llm-model applies to --generator openai only: a TGI server serves one model");
        Arguments.check(o.generator == PipelineOptions.GeneratorKind.EXTRACTIVE || o.minSupport == null,
                "--min-support applies to the extractive generator only: a language model declines in its own words");
        Arguments.check(o.minSupport == null || o.minSupport >= 0 && o.minSupport <= 1,
                "--min-support must be between 0 and 1, was %s", o.minSupport);
    }

    /**
     * Fails when {@code e} sets an option its kind of embedder does not use, or {@code --model} (an
     * in-process model) is given with a server.
     *
     * @throws IllegalArgumentException naming the options and the kind they belong to
     */
    static void checkEmbedder(EmbedderOptions e, boolean modelGiven) {
        List<String> remote = given(new Object[] {e.url, e.model, e.apiKeyEnv, e.queryPrefix, e.passagePrefix},
                "--embed-url", "--embed-model", "--embed-api-key-env", "--embed-query-prefix", "--embed-passage-prefix");
        Arguments.check(e.kind != EmbedderOptions.Kind.ONNX || remote.isEmpty(),
                "%s apply to --embedder openai or tei only, not the in-process models of --embedder onnx (the default)",
                String.join(", ", remote));
        Arguments.check(e.kind == EmbedderOptions.Kind.ONNX || !modelGiven,
                "--model names an in-process model and applies to --embedder onnx only; with --embedder %s the server"
                        + " embeds (name its model with --embed-model)", e.kind.name().toLowerCase(java.util.Locale.ROOT));
    }

    private static List<String> given(Object[] values, String... names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                out.add(names[i]);
            }
        }
        return out;
    }
}
