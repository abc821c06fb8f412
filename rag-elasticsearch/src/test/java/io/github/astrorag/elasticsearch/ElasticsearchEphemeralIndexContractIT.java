package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The shared {@link EphemeralIndex} contract, against the build's Elasticsearch node, in
 * {@link IndexMode#INDEX_PER_INSTANCE} ({@link ElasticsearchSharedIndexContractIT}: in the other mode); afterwards
 * no instance index and no document in a shared index is left.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ElasticsearchEphemeralIndexContractIT extends EphemeralIndexContract {

    private EsTestNode node;
    private ElasticsearchEphemeralIndexFactory factory;

    /** The mode under test. */
    IndexMode mode() {
        return IndexMode.INDEX_PER_INSTANCE;
    }

    private String prefix() {
        return "astrorag-contract-" + mode().cliName() + "-";
    }

    @BeforeAll
    void connect() {
        node = EsTestNode.main();
        factory = ElasticsearchEphemeralIndexFactory.builder(ElasticsearchSettings.of(node.url())).indexPrefix(prefix())
                .mode(mode()).build();
    }

    @AfterAll
    void nothingLeft() throws Exception {
        if (factory == null) {
            return;
        }
        factory.close();
        assertThat(EsHttp.of(node.url()).leftovers(prefix())).isEmpty();
    }

    @Override
    protected EphemeralIndex newIndex(int dimension) {
        return factory.create(dimension);
    }
}
