package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.testing.EphemeralIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The shared {@link EphemeralIndex} contract, against the build's Elasticsearch node. */
class ElasticsearchEphemeralIndexContractIT extends EphemeralIndexContract {

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

    @Override
    protected EphemeralIndex newIndex(int dimension) {
        return factory.create(dimension);
    }
}
