package io.github.astrorag.core.contracts;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;

import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.testing.CombinationScorerContract;
import io.github.astrorag.core.testing.EmbeddingCacheContract;
import io.github.astrorag.core.testing.PrefilterContract;
import io.github.astrorag.core.testing.TextSearchContract;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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

    /** Scores a combination by its length over the batch's size: a score that depends on the batch. */
    static class BatchDependentScorer extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return (query, combinations) -> combinations.stream()
                    .mapToDouble(c -> CombinationScorer.requireNonEmpty(c).size() / (double) combinations.size()).toArray();
        }
    }

    @Test
    void aCombinationScorerWhoseScoresDependOnTheBatchIsCaught() {
        fails(BatchDependentScorer.class, "aCombinationsScoreDoesNotDependOnItsBatch", "oneFiniteScorePerCombinationInANewArray",
                "anEmptyCombinationIsAProgrammingError");
    }

    /** Keys entries by text alone: a vector stored in one space comes back in another. */
    static class SpaceBlindCache extends EmbeddingCacheContract {
        @Override
        protected EmbeddingCache newCache() {
            InMemoryEmbeddingCache honest = new InMemoryEmbeddingCache();
            return new EmbeddingCache() {
                @Override
                public List<float[]> getAll(String space, List<String> texts) {
                    return honest.getAll("one", texts);
                }

                @Override
                public void putAll(String space, List<String> texts, List<float[]> vectors) {
                    honest.putAll("one", texts, vectors);
                }

                @Override
                public Map<String, Object> stats() {
                    return honest.stats();
                }

                @Override
                public void clear() {
                    honest.clear();
                }

                @Override
                public void close() {
                    honest.close();
                }
            };
        }
    }

    @Test
    void aCacheMixingSpacesIsCaught() {
        fails(SpaceBlindCache.class, "returnsOnlyTheVectorOfThatSpaceAndThatExactTextBitForBit", "copiesArraysBothWays",
                "closeIsIdempotentAndAfterItLookupsMissAndStoresAreDropped");
    }

    /** Filters after taking the first n: fewer than n matching chunks come back. */
    static class FilterAfterRankingPrefilter extends PrefilterContract {
        @Override
        protected Prefilter prefilter() {
            return chunks -> {
                List<Chunk> all = List.copyOf(chunks);
                return (query, n, trace) -> {
                    Arguments.check(n >= 1, "n must be at least 1, was %d", n);
                    Set<String> asked = new HashSet<>(Arrays.asList(query.text().toLowerCase(Locale.ROOT).split("\\W+")));
                    List<ScoredChunk> hits = new ArrayList<>();
                    for (Chunk c : all) {
                        long common = Arrays.stream(c.text().toLowerCase(Locale.ROOT).split("\\W+")).filter(asked::contains)
                                .distinct().count();
                        if (common > 0) {
                            hits.add(new ScoredChunk(c, common, null));
                        }
                    }
                    hits.sort(ScoredChunk.BY_SCORE);
                    return hits.subList(0, Math.min(n, hits.size())).stream()
                            .filter(h -> query.filter().matches(h.chunk().metadata())).toList();
                };
            };
        }
    }

    @Test
    void aPrefilterFilteringAfterRankingIsCaught() {
        fails(FilterAfterRankingPrefilter.class, "theMetadataFilterAppliesBeforeRanking", "bestFirstTiesByChunkId",
                "nonPositiveNIsAProgrammingError");
    }

    /** A text search that returns one chunk more than asked. */
    static class OneTooManyTextSearch extends TextSearchContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return new WordMatchTextSearchTest.WordMatchIndex(new InMemoryEphemeralIndexFactory().create(dimension)) {
                @Override
                public List<ScoredChunk> textSearch(String text, int k, MetadataFilter filter) {
                    return super.textSearch(text, k + 1, filter);
                }
            };
        }
    }

    @Test
    void aTextSearchReturningMoreThanKIsCaught() {
        fails(OneTooManyTextSearch.class, "atMostKDistinctChunksOfTheIndexEachWithItsVector", "bestFirstTiesByChunkId");
    }
}
