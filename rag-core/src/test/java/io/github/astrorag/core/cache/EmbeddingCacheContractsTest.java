package io.github.astrorag.core.cache;

import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.testing.EmbeddingCacheContract;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The {@link EmbeddingCache} contract for the caches of rag-core. */
class EmbeddingCacheContractsTest {

    @Nested
    class InMemory extends EmbeddingCacheContract {
        @Override
        protected EmbeddingCache newCache() {
            return new InMemoryEmbeddingCache();
        }
    }

    /** A cache of one entry forgets as it stores: misses are fine, a wrong vector is not. */
    @Nested
    class InMemoryOfOneEntry extends EmbeddingCacheContract {
        @Override
        protected EmbeddingCache newCache() {
            return new InMemoryEmbeddingCache(1);
        }

        @Override
        protected boolean keepsWhatItStores() {
            return false;
        }
    }

    @Nested
    class Sqlite extends EmbeddingCacheContract {
        @TempDir
        Path dir;
        private int files;

        @Override
        protected EmbeddingCache newCache() {
            return SqliteEmbeddingCache.builder().file(dir.resolve("cache" + files++ + ".sqlite")).build();
        }
    }
}
