package io.github.astrorag.core.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which chunks a query may retrieve, by their {@link Chunk#metadata() metadata}: a conjunction (AND) of
 * conditions, each {@code key = value} or {@code key in {v1, v2, ...}}. A chunk without the key matches no
 * condition on it; {@link #NONE}, with no condition, matches every chunk. Every index and every retriever
 * applies a query's filter before ranking, so the k results come from the matching chunks only.
 *
 * <pre>{@code
 * MetadataFilter f = MetadataFilter.where("year").is("2024").and("type").in("pdf", "md");
 * f.matches(Map.of("year", "2024", "type", "md"));   // true
 * f.matches(Map.of("type", "md"));                   // false: no year
 * }</pre>
 *
 * <p>Conditions on the same key add up like any others (both must hold), so
 * {@code where("type").is("pdf").and("type").is("md")} matches nothing. Immutable and thread-safe;
 * {@link #matches} costs O(conditions · log values).
 */
public final class MetadataFilter {

    /** No condition: every chunk matches. */
    public static final MetadataFilter NONE = new MetadataFilter(List.of());

    /**
     * One condition: the chunk's value of {@code key} is one of {@code values} (one value for equality).
     *
     * @param key    the metadata key, non-blank
     * @param values the values allowed, at least one, sorted
     */
    public record Condition(String key, Set<String> values) {
        /**
         * Checks the key and copies the values into a sorted, unmodifiable set.
         *
         * @param key the metadata key, non-blank
         * @param values the values allowed, at least one, sorted
         */
        public Condition {
            Metadata.checkKey(key);
            values = Collections.unmodifiableSet(new TreeSet<>(values));
            if (values.isEmpty()) {
                throw new IllegalArgumentException("the condition on metadata key '" + key + "' allows no value");
            }
        }

        /**
         * Whether {@code metadata} holds {@code key} with one of the values.
         *
         * @param metadata a chunk's metadata
         * @return {@code true} if the condition holds
         */
        public boolean matches(Map<String, String> metadata) {
            String value = metadata.get(key);
            return value != null && values.contains(value);
        }

        @Override
        public String toString() {
            return values.size() == 1 ? key + " = " + values.iterator().next() : key + " in " + values;
        }
    }

    private final List<Condition> conditions;

    private MetadataFilter(List<Condition> conditions) {
        this.conditions = List.copyOf(conditions);
    }

    /**
     * The start of a filter: a condition on {@code key}, finished by {@link Key#is} or {@link Key#in}.
     *
     * @param key the metadata key; not blank
     * @return the unfinished condition
     */
    public static Key where(String key) {
        return NONE.and(key);
    }

    /**
     * This filter and a further condition on {@code key}, finished by {@link Key#is} or {@link Key#in}.
     *
     * @param key the metadata key; not blank
     * @return the unfinished condition
     */
    public Key and(String key) {
        return new Key(this, Metadata.checkKey(key));
    }

    /**
     * The conditions, in the order given; all must hold.
     *
     * @return the conditions, unmodifiable
     */
    public List<Condition> conditions() {
        return conditions;
    }

    /**
     * Whether there is no condition (every chunk matches).
     *
     * @return {@code true} for {@link #NONE}
     */
    public boolean isEmpty() {
        return conditions.isEmpty();
    }

    /**
     * Whether {@code metadata} satisfies every condition.
     *
     * @param metadata a chunk's metadata
     * @return {@code true} if every condition holds
     */
    public boolean matches(Map<String, String> metadata) {
        for (Condition c : conditions) {
            if (!c.matches(metadata)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetadataFilter f && f.conditions.equals(conditions);
    }

    @Override
    public int hashCode() {
        return conditions.hashCode();
    }

    @Override
    public String toString() {
        return conditions.isEmpty() ? "NONE" : conditions.stream().map(Condition::toString).collect(Collectors.joining(" AND "));
    }

    /** A condition being written: the key is given, the values come next. */
    public static final class Key {
        private final MetadataFilter base;
        private final String key;

        private Key(MetadataFilter base, String key) {
            this.base = base;
            this.key = key;
        }

        /**
         * The filter with {@code key = value}.
         *
         * @param value the value the key must have
         * @return a new filter
         */
        public MetadataFilter is(String value) {
            return in(List.of(Objects.requireNonNull(value, "value")));
        }

        /**
         * The filter with {@code key in {values}}; at least one value.
         *
         * @param values the values the key may have
         * @return a new filter
         */
        public MetadataFilter in(String... values) {
            return in(Arrays.asList(values));
        }

        /**
         * The filter with {@code key in {values}}; at least one value, none null.
         *
         * @param values the values the key may have
         * @return a new filter
         */
        public MetadataFilter in(Collection<String> values) {
            values.forEach(v -> Objects.requireNonNull(v, "value"));
            List<Condition> all = new ArrayList<>(base.conditions);
            all.add(new Condition(key, new TreeSet<>(values)));
            return new MetadataFilter(all);
        }
    }
}
