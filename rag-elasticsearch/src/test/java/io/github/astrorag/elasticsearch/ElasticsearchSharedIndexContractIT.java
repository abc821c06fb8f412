package io.github.astrorag.elasticsearch;

/** The shared {@link io.github.astrorag.core.spi.EphemeralIndex} contract in {@link IndexMode#SHARED}: every index an instance in one shared index. */
class ElasticsearchSharedIndexContractIT extends ElasticsearchEphemeralIndexContractIT {

    @Override
    IndexMode mode() {
        return IndexMode.SHARED;
    }
}
