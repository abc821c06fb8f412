package io.github.astrorag.cli;

import io.github.astrorag.core.internal.Arguments;
import java.util.ArrayList;
import java.util.List;

/**
 * Which embedder options apply to which kind of embedder: an option given where it would be ignored is an error that
 * says where it belongs, so that a misplaced setting never changes nothing silently. (The preset's and the generator's
 * short-form options are checked against the registry of parts, in {@link PipelineOptions}.)
 */
final class OptionRules {

    private OptionRules() {
    }

    /**
     * Fails when {@code e} sets an option its kind of embedder does not use, or {@code --model} (an
     * in-process model) is given with a server.
     *
     * @throws IllegalArgumentException naming the options and the kind they belong to
     */
    static void checkEmbedder(EmbedderOptions e, boolean modelGiven) {
        List<String> remote = given(new Object[] {e.url, e.model, e.apiKeyEnv, e.queryPrefix, e.passagePrefix, e.languages},
                "--embed-url", "--embed-model", "--embed-api-key-env", "--embed-query-prefix", "--embed-passage-prefix",
                "--embed-languages");
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
