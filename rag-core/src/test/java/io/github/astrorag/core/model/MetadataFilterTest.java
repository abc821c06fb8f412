package io.github.astrorag.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataFilterTest {

    private static final MetadataFilter YEAR_AND_TYPE = MetadataFilter.where("year").is("2024").and("type").in("pdf", "md");

    @Test
    void equalityAndSetMembershipCombineWithAnd() {
        assertThat(YEAR_AND_TYPE.matches(Map.of("year", "2024", "type", "md"))).isTrue();
        assertThat(YEAR_AND_TYPE.matches(Map.of("year", "2024", "type", "pdf", "extra", "x"))).isTrue();
        assertThat(YEAR_AND_TYPE.matches(Map.of("year", "2024", "type", "txt"))).isFalse();
        assertThat(YEAR_AND_TYPE.matches(Map.of("year", "2023", "type", "md"))).isFalse();
    }

    @Test
    void anAbsentKeyMatchesNoConditionOnIt() {
        assertThat(YEAR_AND_TYPE.matches(Map.of("type", "md"))).isFalse();
        assertThat(MetadataFilter.where("year").is("2024").matches(Map.of())).isFalse();
    }

    @Test
    void noneMatchesEverything() {
        assertThat(MetadataFilter.NONE.isEmpty()).isTrue();
        assertThat(MetadataFilter.NONE.matches(Map.of())).isTrue();
        assertThat(MetadataFilter.NONE.matches(Map.of("a", "b"))).isTrue();
        assertThat(MetadataFilter.NONE).hasToString("NONE");
    }

    @Test
    void twoConditionsOnOneKeyMustBothHold() {
        MetadataFilter f = MetadataFilter.where("type").is("pdf").and("type").is("md");
        assertThat(f.matches(Map.of("type", "pdf"))).isFalse();
        assertThat(f.matches(Map.of("type", "md"))).isFalse();
        assertThat(MetadataFilter.where("type").in("pdf", "md").and("type").is("md").matches(Map.of("type", "md"))).isTrue();
    }

    @Test
    void immutableValueWithSortedValues() {
        MetadataFilter base = MetadataFilter.where("year").is("2024");
        MetadataFilter more = base.and("type").in("pdf", "md");
        assertThat(base.conditions()).hasSize(1);
        assertThat(more).isEqualTo(YEAR_AND_TYPE).hasSameHashCodeAs(YEAR_AND_TYPE).hasToString("year = 2024 AND type in [md, pdf]");
        assertThat(more.conditions().get(1).values()).containsExactly("md", "pdf");
        assertThatThrownBy(() -> more.conditions().add(more.conditions().get(0))).isInstanceOf(UnsupportedOperationException.class);
        assertThat(MetadataFilter.where("t").in(List.of("b", "a", "b"))).isEqualTo(MetadataFilter.where("t").in("a", "b"));
    }

    @Test
    void programmingErrorsFailFast() {
        assertThatThrownBy(() -> MetadataFilter.where(" ")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blank");
        assertThatThrownBy(() -> MetadataFilter.where("type").in()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'type' allows no value");
        assertThatThrownBy(() -> MetadataFilter.where("type").is(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> MetadataFilter.where(null)).isInstanceOf(NullPointerException.class);
    }
}
