package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.token.TokenCounter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What every pipeline of one evaluation run shares: the context budget, the embedding model (one
 * instance, created once per run), the seed (sampling and bootstrap), and the run's options.
 *
 * @param budget           context budget in tokens (default {@value TokenBudgetSelector#DEFAULT_BUDGET})
 * @param model            the embedding model's name (an embedder part of the {@link io.github.astrorag.core.part.PartRegistry})
 * @param embedder         that model
 * @param seed             seed of the instance sample and of the bootstrap
 * @param generate         whether answers are generated (else only the context is selected and scored)
 * @param reuseCorpusIndex whether instances sharing a corpus share one index per pipeline
 * @param prefilter        0, or how many chunks the BM25 first pass hands on per question in every
 *                         pipeline ({@code --prefilter})
 * @param tokenCounter     what every pipeline counts chunk sizes and the budget in ({@code --tokenizer}; default
 *                         {@code p50k_base})
 */
public record EvalSettings(int budget, String model, Embedder embedder, long seed, boolean generate,
                           boolean reuseCorpusIndex, int prefilter, TokenCounter tokenCounter) {

    /** The seed used when none is given. */
    public static final long DEFAULT_SEED = 42;

    /**
     * Checks the settings.
     *
     * @param budget           context budget in tokens, at least 1
     * @param model            the embedding model's name (an embedder part of the {@link io.github.astrorag.core.part.PartRegistry}); not {@code null}
     * @param embedder         that model, created once for the run and used by every pipeline; not {@code null}
     * @param seed             seed of the instance sample and of the bootstrap
     * @param generate         whether answers are generated (else only the context is selected and scored)
     * @param reuseCorpusIndex whether instances sharing a corpus share one index per pipeline
     * @param prefilter        0 for no prefilter, or how many chunks the BM25 first pass hands on per question
     * @param tokenCounter     what chunk sizes and the budget are counted in
     * @throws IllegalArgumentException if {@code budget < 1} or {@code prefilter < 0}
     * @throws NullPointerException if {@code model}, {@code embedder} or {@code tokenCounter} is {@code null}
     */
    public EvalSettings {
        Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(embedder, "embedder");
        Arguments.check(prefilter >= 0, "prefilter must be 0 (off) or at least 1, was %d", prefilter);
        Objects.requireNonNull(tokenCounter, "tokenCounter");
    }

    /**
     * Settings counting in {@code p50k_base}.
     *
     * @param budget           context budget in tokens
     * @param model            the embedding model's name
     * @param embedder         that model
     * @param seed             seed of the sample and the bootstrap
     * @param generate         whether answers are generated
     * @param reuseCorpusIndex whether instances sharing a corpus share one index per pipeline
     * @param prefilter        0 for no prefilter, or how many chunks the BM25 first pass hands on per question
     */
    public EvalSettings(int budget, String model, Embedder embedder, long seed, boolean generate, boolean reuseCorpusIndex,
                        int prefilter) {
        this(budget, model, embedder, seed, generate, reuseCorpusIndex, prefilter, TokenCounter.p50k());
    }

    /**
     * Settings without a prefilter.
     *
     * @param budget           context budget in tokens
     * @param model            the embedding model's name
     * @param embedder         that model
     * @param seed             seed of the sample and the bootstrap
     * @param generate         whether answers are generated
     * @param reuseCorpusIndex whether instances sharing a corpus share one index per pipeline
     */
    public EvalSettings(int budget, String model, Embedder embedder, long seed, boolean generate, boolean reuseCorpusIndex) {
        this(budget, model, embedder, seed, generate, reuseCorpusIndex, 0);
    }

    /**
     * The settings as JSON-friendly values, for results.json and each row's configuration.
     *
     * @return a new ordered map with the keys {@code budget}, {@code tokenizer}, {@code model}, {@code seed},
     *         {@code generate}, {@code reuse_corpus_index} and, only when it is on, {@code prefilter}; the embedder is
     *         named by {@code model}, not described
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("budget", budget);
        m.put("tokenizer", tokenCounter.name());
        m.put("model", model);
        m.put("seed", seed);
        m.put("generate", generate);
        m.put("reuse_corpus_index", reuseCorpusIndex);
        if (prefilter > 0) {
            m.put("prefilter", prefilter);
        }
        return m;
    }
}
