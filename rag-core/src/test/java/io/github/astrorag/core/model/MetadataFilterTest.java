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
        assertThat(((MetadataFilter.Condition) more.conditions().get(1)).values()).containsExactly("md", "pdf");
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

    @Test
    void notEqualNotInRangesOrAndNot() {
        Map<String, String> y2024 = Map.of("year", "2024", "type", "pdf");
        Map<String, String> y999 = Map.of("year", "999", "type", "md");
        Map<String, String> noYear = Map.of("type", "txt");
        Map<String, String> words = Map.of("year", "last", "type", "pdf");
        // != and not in: a chunk without the key matches
        assertThat(MetadataFilter.where("type").isNot("pdf").matches(y999)).isTrue();
        assertThat(MetadataFilter.where("type").isNot("pdf").matches(y2024)).isFalse();
        assertThat(MetadataFilter.where("lang").isNot("en").matches(y2024)).isTrue();
        assertThat(MetadataFilter.where("type").notIn("pdf", "md").matches(noYear)).isTrue();
        assertThat(MetadataFilter.where("type").notIn("pdf", "md").matches(y999)).isFalse();
        // ranges compare numbers, not text: "999" < "2024" as numbers though not as strings
        assertThat(MetadataFilter.where("year").greaterThan("1000").matches(y2024)).isTrue();
        assertThat(MetadataFilter.where("year").greaterThan("1000").matches(y999)).isFalse();
        assertThat(MetadataFilter.where("year").atLeast("2024").matches(y2024)).isTrue();
        assertThat(MetadataFilter.where("year").greaterThan("2024").matches(y2024)).isFalse();
        assertThat(MetadataFilter.where("year").lessThan("1000.5").matches(y999)).isTrue();
        assertThat(MetadataFilter.where("year").atMost("998").matches(y999)).isFalse();
        assertThat(MetadataFilter.where("year").atMost("2024.0").matches(y2024)).isTrue();
        // no key, or not a number: no match
        assertThat(MetadataFilter.where("year").lessThan("3000").matches(noYear)).isFalse();
        assertThat(MetadataFilter.where("year").lessThan("3000").matches(words)).isFalse();
        assertThatThrownBy(() -> MetadataFilter.where("year").lessThan("soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("year").hasMessageContaining("soon");
        // or, not, and of filters
        MetadataFilter either = MetadataFilter.where("type").is("md").or(MetadataFilter.where("year").atLeast("2000"));
        assertThat(either.matches(y2024)).isTrue();
        assertThat(either.matches(y999)).isTrue();
        assertThat(either.matches(noYear)).isFalse();
        assertThat(either).hasToString("(type = md OR year >= 2000)");
        MetadataFilter neither = MetadataFilter.not(either);
        assertThat(neither.matches(noYear)).isTrue();
        assertThat(neither.matches(y2024)).isFalse();
        assertThat(neither).hasToString("NOT ((type = md OR year >= 2000))");
        assertThat(neither.keys()).containsExactly("type", "year");
        assertThat(MetadataFilter.where("type").is("txt").and(neither).matches(noYear)).isTrue();
        assertThat(either.or(MetadataFilter.where("type").is("txt")).conditions()).hasSize(1);
        assertThat(((MetadataFilter.AnyOf) either.or(MetadataFilter.where("type").is("txt")).conditions().get(0)).alternatives())
                .hasSize(3);
        assertThat(either.or(MetadataFilter.NONE)).isEqualTo(MetadataFilter.NONE);
        assertThatThrownBy(() -> MetadataFilter.not(MetadataFilter.NONE)).isInstanceOf(IllegalArgumentException.class);
    }
}
