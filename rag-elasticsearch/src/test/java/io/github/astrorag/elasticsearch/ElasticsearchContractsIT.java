package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.EphemeralIndexContract;
import io.github.astrorag.core.testing.RetrieverContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The shared contracts against the build's Elasticsearch node: the {@link EphemeralIndex} contract for
 * {@link ElasticsearchEphemeralIndex}, and the {@link Retriever} contract for
 * {@link ElasticsearchHybridRetriever} on such indexes. No index is left behind.
 */
class ElasticsearchContractsIT {

    private static final String PREFIX = "astrorag-contract-";
    private static EsTestNode node;
    private static ElasticsearchEphemeralIndexFactory factory;

    @BeforeAll
    static void connect() {
        node = EsTestNode.main();
        factory = ElasticsearchEphemeralIndexFactory.builder(ElasticsearchSettings.of(node.url())).indexPrefix(PREFIX).build();
    }

    @AfterAll
    static void nothingLeft() throws Exception {
        if (factory == null) {
            return;
        }
        factory.close();
        assertThat(EsHttp.of(node.url()).indices(PREFIX + "*")).isEmpty();
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
}
