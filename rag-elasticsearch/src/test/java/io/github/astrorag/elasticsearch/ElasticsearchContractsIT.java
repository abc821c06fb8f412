package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.EphemeralIndexContract;
import io.github.astrorag.core.testing.RetrieverContract;
import io.github.astrorag.core.testing.TextSearchContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The shared contracts against the build's Elasticsearch node: the {@link EphemeralIndex} and
 * {@link io.github.astrorag.core.spi.TextSearch} contracts for {@link ElasticsearchEphemeralIndex}, and the
 * {@link Retriever} contract for {@link ElasticsearchHybridRetriever} on such indexes, each in both {@link IndexMode}s (an index per instance,
 * and instances in one shared index). No instance index and no document in a shared index is left behind.
 */
class ElasticsearchContractsIT {

    private static final String PREFIX = "astrorag-contract-";
    private static EsTestNode node;
    private static ElasticsearchEphemeralIndexFactory factory;
    private static ElasticsearchEphemeralIndexFactory shared;
    /** Indices whose BM25 reads the terms of the library's analyzer ({@link TextAnalysis#terms}). */
    private static ElasticsearchEphemeralIndexFactory terms;

    @BeforeAll
    static void connect() {
        node = EsTestNode.main();
        factory = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX).build();
        shared = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX)
                .mode(IndexMode.SHARED).build();
        terms = ElasticsearchEphemeralIndexFactory.builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX)
                .textAnalysis(TextAnalysis.terms(EnglishTermAnalyzer.defaults())).build();
    }

    @AfterAll
    static void nothingLeft() throws Exception {
        if (factory == null) {
            return;
        }
        factory.close();
        shared.close();
        terms.close();
        assertThat(EsHttp.of(node.url()).leftovers(PREFIX)).isEmpty();
    }

    @Nested
    class Index extends EphemeralIndexContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return factory.create(dimension);
        }
    }

    @Nested
    class HybridRetriever extends RetrieverContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return factory.create(dimension);
        }

        @Override
        protected Retriever retriever() {
            return new ElasticsearchHybridRetriever();
        }
    }

    @Nested
    class FullTextSearch extends TextSearchContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return factory.create(dimension);
        }
    }

    @Nested
    class FullTextSearchOfTheAnalyzersTerms extends TextSearchContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return terms.create(dimension);
        }
    }

    @Nested
    class SharedIndex extends EphemeralIndexContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return shared.create(dimension);
        }
    }

    @Nested
    class SharedIndexHybridRetriever extends RetrieverContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return shared.create(dimension);
        }

        @Override
        protected Retriever retriever() {
            return new ElasticsearchHybridRetriever();
        }
    }

    @Nested
    class SharedIndexFullTextSearch extends TextSearchContract {
        @Override
        protected EphemeralIndex newIndex(int dimension) {
            return shared.create(dimension);
        }
    }
}
