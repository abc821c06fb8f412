package io.github.astrorag.core.contracts;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.testing.EmbedderContract;
import io.github.astrorag.core.testing.GeneratorContract;
import io.github.astrorag.core.testing.QueryTransformerContract;
import io.github.astrorag.core.testing.RerankerContract;
import io.github.astrorag.core.testing.RetrieverContract;
import io.github.astrorag.core.testing.TestChunks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The contracts can fail: each runs, through the JUnit Platform, against an implementation broken in one
 * way, and the check for that way must fail with an {@link AssertionError} while the checks it does not break
 * pass. The broken implementations are static nested classes, which the build does not run by themselves.
 */
class ContractsCatchBrokenImplementationsTest {

    private static Events run(Class<?> contractTest) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(contractTest)).execute().testEvents();
    }

    private static void fails(Class<?> contractTest, String check, String... passing) {
        Events events = run(contractTest);
        events.assertThatEvents().haveExactly(1,
                event(test(check), finishedWithFailure(instanceOf(AssertionError.class))));
        for (String ok : passing) {
            events.assertThatEvents().haveExactly(1, event(test(ok), finishedSuccessfully()));
        }
    }

    /** Asks TokenBudgetSelector for one token more than the budget. */
    static class OverrunningSelector extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            TokenBudgetSelector honest = new TokenBudgetSelector();
            return (query, candidates, budget, trace) -> honest.select(query, candidates, budget + 1, trace);
        }
    }

    @Test
    void aSelectorOverrunningByOneTokenIsCaught() {
        fails(OverrunningSelector.class, "neverOverBudgetNotByOneToken", "deterministic", "emptyCandidatesGiveEmptyContext");
    }

    /** Puts a chunk of its own in front. */
    static class AddingReranker extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return (query, candidates, trace) -> {
                List<ScoredChunk> out = new ArrayList<>();
                out.add(new ScoredChunk(TestChunks.chunk("invented", 0, "An invented chunk."), 2.0, null));
                out.addAll(candidates);
                return out;
            };
        }
    }

    @Test
    void aRerankerAddingAChunkIsCaught() {
        fails(AddingReranker.class, "neverAddsAChunkAndKeepsEachAsGiven", "bestFirstTiesByChunkId");
    }

    /** Returns one chunk more than asked. */
    static class OneTooManyRetriever extends RetrieverContract {
        @Override
        protected Retriever retriever() {
            return (query, index, k, trace) -> new DenseRetriever().retrieve(query, index, k + 1, trace);
        }
    }

    @Test
    void aRetrieverReturningMoreThanKIsCaught() {
        fails(OneTooManyRetriever.class, "atMostKDistinctChunksOfTheIndexEachWithItsVector", "bestFirstTiesByChunkId");
    }

    /** A vector that depends on how many texts share the batch. */
    static class BatchDependentEmbedder extends EmbedderContract {
        @Override
        protected Embedder embedder() {
            HashingEmbedder honest = new HashingEmbedder(64);
            return new Embedder() {
                @Override
                public int dimension() {
                    return 64;
                }

                @Override
                public List<float[]> embedDocuments(List<String> texts) {
                    List<float[]> out = new ArrayList<>();
                    for (float[] v : honest.embedDocuments(texts)) {
                        v[texts.size() % 64] += 0.5f;
                        out.add(TestChunks.unit(v));
                    }
                    return out;
                }
            };
        }
    }

    @Test
    void anEmbedderWhoseVectorsDependOnTheBatchIsCaught() {
        fails(BatchDependentEmbedder.class, "sameVectorWhateverTheBatchAndOnEveryCall", "oneUnitFiniteVectorOfTheDimensionPerText");
    }

    /** Adds a citation of chunk 1 quoting words that are not in it. */
    static class MisquotingGenerator extends GeneratorContract {
        @Override
        protected Generator generator() {
            ExtractiveGenerator honest = new ExtractiveGenerator(new HashingEmbedder());
            return (query, context, trace) -> {
                Answer a = honest.generate(query, context, trace);
                if (context.isEmpty()) {
                    return a;
                }
                List<Citation> citations = new ArrayList<>(a.citations());
                citations.add(Citation.of(1, context.chunks().get(0).chunk(), "Andromeda is made of cheese."));
                return new Answer(a.question(), a.text(), citations, a.choice(), a.context(), a.trace());
            };
        }
    }

    @Test
    void aGeneratorMisquotingAChunkIsCaught() {
        fails(MisquotingGenerator.class, "citationsNameContextChunksAndQuoteThemVerbatim", "anEmptyContextIsAnsweredWithoutCitations");
    }

    /** Rewrites the question's text. */
    static class RewordingTransformer extends QueryTransformerContract {
        @Override
        protected QueryTransformer transformer() {
            return (query, embedder, trace) -> new Query("Tell me: " + query.text(), query.options(), query.embedding());
        }
    }

    @Test
    void aTransformerChangingTheTextIsCaught() {
        fails(RewordingTransformer.class, "sameTextAndOptionsAndAnEmbeddingOfTheSameDimension", "deterministic");
    }
}
