package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class IndexNamesTest {

    @Test
    void namesCarryPrefixUtcTimeAndARandomId() {
        IndexNames names = new IndexNames("astrorag-");
        String a = names.next(Instant.parse("2026-03-04T05:06:07Z"));
        String b = names.next(Instant.parse("2026-03-04T05:06:07Z"));
        assertThat(a).matches("astrorag-20260304t050607-[0-9a-f]{12}");
        assertThat(a).isNotEqualTo(b);
        assertThat(names.isOurs(a)).isTrue();
        assertThat(names.isOurs("astrorag-production")).isFalse();
        assertThat(names.isOurs("astrorag-x20260304t050607-0123456789ab")).isFalse();
        assertThat(names.isOurs("other-20260304t050607-0123456789ab")).isFalse();
        assertThat(names.wildcard()).isEqualTo("astrorag-*");
    }

    @Test
    void sharedIndicesAreNamedByDimensionAndNeverTakenForAnInstanceIndex() {
        IndexNames names = new IndexNames("astrorag-");
        assertThat(names.shared(384)).isEqualTo("astrorag-shared-384");
        assertThat(names.isShared("astrorag-shared-384")).isTrue();
        assertThat(names.isOurs("astrorag-shared-384")).isFalse();
        assertThat(names.isShared("astrorag-shared-0384")).isFalse();
        assertThat(names.isShared("astrorag-shared-")).isFalse();
        assertThat(names.isShared("astrorag-20260304t050607-0123456789ab")).isFalse();
        assertThat(names.isShared("other-shared-384")).isFalse();
    }

    @Test
    void modesAreParsedByTheirCommandLineNames() {
        assertThat(IndexMode.parse("shared")).isEqualTo(IndexMode.SHARED);
        assertThat(IndexMode.parse("Index-Per-Instance")).isEqualTo(IndexMode.INDEX_PER_INSTANCE);
        assertThatThrownBy(() -> IndexMode.parse("per-index")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown Elasticsearch index mode 'per-index', expected one of index-per-instance, shared");
    }

    @Test
    void prefixesThatCouldEscapeOrBreakANameAreRefused() {
        for (String bad : new String[] {"", "Astro", "-x", "_x", ".hidden", "a*", "a,b", "a b", "a/b", "a:b", "a".repeat(101)}) {
            assertThatThrownBy(() -> new IndexNames(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("index prefix");
        }
        assertThat(new IndexNames("rag_1.test-").prefix()).isEqualTo("rag_1.test-");
    }
}
