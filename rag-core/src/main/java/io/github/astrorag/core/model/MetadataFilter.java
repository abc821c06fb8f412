package io.github.astrorag.core.model;

import java.math.BigDecimal;
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
import org.jspecify.annotations.Nullable;

/**
 * Which chunks a query may retrieve, by their {@link Chunk#metadata() metadata}: a conjunction (AND) of clauses, each
 * one of
 * <ul>
 * <li>{@link Condition}: {@code key = value} or {@code key in {v1, v2, ...}}; a chunk without the key does not match;</li>
 * <li>{@link Excluded}: {@code key != value} or {@code key not in {v1, ...}}; a chunk without the key matches (it has
 *     none of the values), as LangChain4j's and Elasticsearch's negations do;</li>
 * <li>{@link Range}: {@code key > n}, {@code >=}, {@code <}, {@code <=} on the number the value is written as
 *     ({@code "2024"}, {@code "0.5"}, compared as decimals); a chunk without the key, or whose value is not a number,
 *     does not match;</li>
 * <li>{@link AnyOf}: at least one of several filters holds ({@link #or});</li>
 * <li>{@link Not}: a filter does not hold ({@link #not}).</li>
 * </ul>
 * {@link #NONE}, with no clause, matches every chunk. Every index and every retriever applies a query's filter before
 * ranking, so the k results come from the matching chunks only.
 *
 * <pre>{@code
 * MetadataFilter f = MetadataFilter.where("year").atLeast("2020").and("type").in("pdf", "md");
 * f.matches(Map.of("year", "2024", "type", "md"));   // true
 * f.matches(Map.of("type", "md"));                   // false: no year
 * MetadataFilter.where("type").is("pdf").or(MetadataFilter.where("type").isNot("md")); // type = pdf OR type != md
 * }</pre>
 *
 * <p>A key that no chunk of an instance has is not an error: the pipeline names it in the trace and logs one warning
 * per key (see {@code RagInstance}); its clauses are evaluated as above (a condition or range on it matches nothing, an
 * exclusion everything). Clauses on the same key add up like any others, so
 * {@code where("type").is("pdf").and("type").is("md")} matches nothing. Immutable and thread-safe; {@link #matches}
 * costs O(clauses · log values), nested filters included.
 */
public final class MetadataFilter {

    /** No clause: every chunk matches. */
    public static final MetadataFilter NONE = new MetadataFilter(List.of());

    /** One clause of a filter; all clauses of a filter must hold. */
    public sealed interface Clause permits Condition, Excluded, Range, AnyOf, Not {
        /**
         * Whether {@code metadata} satisfies the clause.
         *
         * @param metadata a chunk's metadata
         * @return {@code true} if the clause holds
         */
        boolean matches(Map<String, String> metadata);

        /**
         * The metadata keys the clause reads, nested filters included.
         *
         * @return the keys, in the order written
         */
        List<String> keys();
    }

    /**
     * One condition: the chunk's value of {@code key} is one of {@code values} (one value for equality).
     *
     * @param key    the metadata key, non-blank
     * @param values the values allowed, at least one, sorted
     */
    public record Condition(String key, Set<String> values) implements Clause {
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

        @Override
        public boolean matches(Map<String, String> metadata) {
            String value = metadata.get(key);
            return value != null && values.contains(value);
        }

        @Override
        public List<String> keys() {
            return List.of(key);
        }

        @Override
        public String toString() {
            return values.size() == 1 ? key + " = " + values.iterator().next() : key + " in " + values;
        }
    }

    /**
     * The chunk's value of {@code key} is none of {@code values} (not-equal for one value); a chunk without the key
     * matches.
     *
     * @param key    the metadata key, non-blank
     * @param values the values excluded, at least one, sorted
     */
    public record Excluded(String key, Set<String> values) implements Clause {
        /**
         * Checks the key and copies the values into a sorted, unmodifiable set.
         *
         * @param key the metadata key, non-blank
         * @param values the values excluded, at least one
         */
        public Excluded {
            Metadata.checkKey(key);
            values = Collections.unmodifiableSet(new TreeSet<>(values));
            if (values.isEmpty()) {
                throw new IllegalArgumentException("the exclusion on metadata key '" + key + "' names no value");
            }
        }

        @Override
        public boolean matches(Map<String, String> metadata) {
            String value = metadata.get(key);
            return value == null || !values.contains(value);
        }

        @Override
        public List<String> keys() {
            return List.of(key);
        }

        @Override
        public String toString() {
            return values.size() == 1 ? key + " != " + values.iterator().next() : key + " not in " + values;
        }
    }

    /** The comparisons of a {@link Range}. */
    public enum Comparison {
        /** {@code >} */
        GREATER(">"),
        /** {@code >=} */
        AT_LEAST(">="),
        /** {@code <} */
        LESS("<"),
        /** {@code <=} */
        AT_MOST("<=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        /**
         * How the comparison is written.
         *
         * @return {@code >}, {@code >=}, {@code <} or {@code <=}
         */
        public String symbol() {
            return symbol;
        }

        boolean holds(int compared) {
            return switch (this) {
                case GREATER -> compared > 0;
                case AT_LEAST -> compared >= 0;
                case LESS -> compared < 0;
                case AT_MOST -> compared <= 0;
            };
        }
    }

    /**
     * The number the chunk's value of {@code key} is written as compares with {@code bound} as {@code comparison}
     * says; a chunk without the key, or whose value is not a decimal number, does not match.
     *
     * @param key        the metadata key, non-blank
     * @param comparison how the value compares with the bound
     * @param bound      the bound
     */
    public record Range(String key, Comparison comparison, BigDecimal bound) implements Clause {
        /**
         * Checks the key.
         *
         * @param key the metadata key, non-blank
         * @param comparison how the value compares with the bound
         * @param bound the bound
         */
        public Range {
            Metadata.checkKey(key);
            Objects.requireNonNull(comparison, "comparison");
            Objects.requireNonNull(bound, "bound");
        }

        @Override
        public boolean matches(Map<String, String> metadata) {
            BigDecimal value = number(metadata.get(key));
            return value != null && comparison.holds(value.compareTo(bound));
        }

        @Override
        public List<String> keys() {
            return List.of(key);
        }

        @Override
        public String toString() {
            return key + " " + comparison.symbol() + " " + bound.toPlainString();
        }
    }

    /**
     * At least one of {@code alternatives} holds.
     *
     * @param alternatives the filters, at least two
     */
    public record AnyOf(List<MetadataFilter> alternatives) implements Clause {
        /**
         * Copies the alternatives.
         *
         * @param alternatives the filters, at least two
         */
        public AnyOf {
            alternatives = List.copyOf(alternatives);
            if (alternatives.size() < 2) {
                throw new IllegalArgumentException("an OR needs at least two filters, was " + alternatives.size());
            }
        }

        @Override
        public boolean matches(Map<String, String> metadata) {
            for (MetadataFilter f : alternatives) {
                if (f.matches(metadata)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public List<String> keys() {
            return alternatives.stream().flatMap(f -> f.keys().stream()).distinct().toList();
        }

        @Override
        public String toString() {
            return "(" + alternatives.stream().map(MetadataFilter::toString).collect(Collectors.joining(" OR ")) + ")";
        }
    }

    /**
     * {@code negated} does not hold.
     *
     * @param negated the filter negated
     */
    public record Not(MetadataFilter negated) implements Clause {
        /**
         * Checks the filter.
         *
         * @param negated the filter negated
         */
        public Not {
            Objects.requireNonNull(negated, "negated");
        }

        @Override
        public boolean matches(Map<String, String> metadata) {
            return !negated.matches(metadata);
        }

        @Override
        public List<String> keys() {
            return negated.keys();
        }

        @Override
        public String toString() {
            return "NOT (" + negated + ")";
        }
    }

    private final List<Clause> clauses;

    private MetadataFilter(List<Clause> clauses) {
        this.clauses = List.copyOf(clauses);
    }

    /**
     * The decimal number {@code text} is written as ({@code "2024"}, {@code "-0.5"}, {@code "1e3"}), or {@code null}.
     *
     * @param text a metadata value, or {@code null}
     * @return the number, or {@code null} if {@code text} is {@code null} or not a number
     */
    public static @Nullable BigDecimal number(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The start of a filter: a clause on {@code key}, finished by one of {@link Key}'s methods.
     *
     * @param key the metadata key; not blank
     * @return the unfinished clause
     */
    public static Key where(String key) {
        return NONE.and(key);
    }

    /**
     * This filter and a further clause on {@code key}, finished by one of {@link Key}'s methods.
     *
     * @param key the metadata key; not blank
     * @return the unfinished clause
     */
    public Key and(String key) {
        return new Key(this, Metadata.checkKey(key));
    }

    /**
     * Both filters: this one's clauses, then {@code other}'s.
     *
     * @param other the other filter
     * @return a new filter
     */
    public MetadataFilter and(MetadataFilter other) {
        List<Clause> all = new ArrayList<>(clauses);
        all.addAll(other.clauses);
        return new MetadataFilter(all);
    }

    /**
     * Either filter: one clause {@link AnyOf} of this filter and {@code other} ({@link #NONE} on either side gives
     * {@link #NONE}, which matches every chunk).
     *
     * @param other the other filter
     * @return a new filter
     */
    public MetadataFilter or(MetadataFilter other) {
        Objects.requireNonNull(other, "other");
        if (isEmpty() || other.isEmpty()) {
            return NONE;
        }
        List<MetadataFilter> alternatives = new ArrayList<>();
        for (MetadataFilter f : List.of(this, other)) {
            if (f.clauses.size() == 1 && f.clauses.get(0) instanceof AnyOf any) {
                alternatives.addAll(any.alternatives());
            } else {
                alternatives.add(f);
            }
        }
        return new MetadataFilter(List.of(new AnyOf(alternatives)));
    }

    /**
     * The negation of {@code filter}: one clause {@link Not}.
     *
     * @param filter the filter negated; {@link #NONE} may not be negated (it would match nothing)
     * @return a new filter
     * @throws IllegalArgumentException if {@code filter} is {@link #NONE}
     */
    public static MetadataFilter not(MetadataFilter filter) {
        Objects.requireNonNull(filter, "filter");
        if (filter.isEmpty()) {
            throw new IllegalArgumentException("NOT of the empty filter would match no chunk");
        }
        return new MetadataFilter(List.of(new Not(filter)));
    }

    /**
     * The clauses, in the order given; all must hold.
     *
     * @return the clauses, unmodifiable
     */
    public List<Clause> conditions() {
        return clauses;
    }

    /**
     * Every metadata key the filter reads, nested filters included, each once in the order written.
     *
     * @return the keys
     */
    public List<String> keys() {
        return clauses.stream().flatMap(c -> c.keys().stream()).distinct().toList();
    }

    /**
     * Whether there is no clause (every chunk matches).
     *
     * @return {@code true} for {@link #NONE}
     */
    public boolean isEmpty() {
        return clauses.isEmpty();
    }

    /**
     * Whether {@code metadata} satisfies every clause.
     *
     * @param metadata a chunk's metadata
     * @return {@code true} if every clause holds
     */
    public boolean matches(Map<String, String> metadata) {
        for (Clause c : clauses) {
            if (!c.matches(metadata)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetadataFilter f && f.clauses.equals(clauses);
    }

    @Override
    public int hashCode() {
        return clauses.hashCode();
    }

    @Override
    public String toString() {
        return clauses.isEmpty() ? "NONE" : clauses.stream().map(Clause::toString).collect(Collectors.joining(" AND "));
    }

    /** A clause being written: the key is given, the values or the bound come next. */
    public static final class Key {
        private final MetadataFilter base;
        private final String key;

        private Key(MetadataFilter base, String key) {
            this.base = base;
            this.key = key;
        }

        private MetadataFilter with(Clause clause) {
            List<Clause> all = new ArrayList<>(base.clauses);
            all.add(clause);
            return new MetadataFilter(all);
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
            return with(new Condition(key, new TreeSet<>(values)));
        }

        /**
         * The filter with {@code key != value} (a chunk without the key matches).
         *
         * @param value the value the key must not have
         * @return a new filter
         */
        public MetadataFilter isNot(String value) {
            return notIn(List.of(Objects.requireNonNull(value, "value")));
        }

        /**
         * The filter with {@code key not in {values}} (a chunk without the key matches); at least one value.
         *
         * @param values the values the key must not have
         * @return a new filter
         */
        public MetadataFilter notIn(String... values) {
            return notIn(Arrays.asList(values));
        }

        /**
         * The filter with {@code key not in {values}} (a chunk without the key matches); at least one value, none null.
         *
         * @param values the values the key must not have
         * @return a new filter
         */
        public MetadataFilter notIn(Collection<String> values) {
            values.forEach(v -> Objects.requireNonNull(v, "value"));
            return with(new Excluded(key, new TreeSet<>(values)));
        }

        /**
         * The filter with {@code key > number}, comparing the value as a decimal number.
         *
         * @param number the bound, a decimal number written as text ({@code "2020"}, {@code "0.5"})
         * @return a new filter
         * @throws IllegalArgumentException if {@code number} is not a decimal number
         */
        public MetadataFilter greaterThan(String number) {
            return range(Comparison.GREATER, number);
        }

        /**
         * The filter with {@code key >= number}.
         *
         * @param number the bound, a decimal number written as text
         * @return a new filter
         * @throws IllegalArgumentException if {@code number} is not a decimal number
         */
        public MetadataFilter atLeast(String number) {
            return range(Comparison.AT_LEAST, number);
        }

        /**
         * The filter with {@code key < number}.
         *
         * @param number the bound, a decimal number written as text
         * @return a new filter
         * @throws IllegalArgumentException if {@code number} is not a decimal number
         */
        public MetadataFilter lessThan(String number) {
            return range(Comparison.LESS, number);
        }

        /**
         * The filter with {@code key <= number}.
         *
         * @param number the bound, a decimal number written as text
         * @return a new filter
         * @throws IllegalArgumentException if {@code number} is not a decimal number
         */
        public MetadataFilter atMost(String number) {
            return range(Comparison.AT_MOST, number);
        }

        /**
         * The filter with {@code key <comparison> number}.
         *
         * @param comparison how the value compares with the bound
         * @param number the bound, a decimal number written as text
         * @return a new filter
         * @throws IllegalArgumentException if {@code number} is not a decimal number
         */
        public MetadataFilter range(Comparison comparison, String number) {
            Objects.requireNonNull(number, "number");
            BigDecimal bound = number(number);
            if (bound == null) {
                throw new IllegalArgumentException("the bound of metadata key '" + key + "' " + comparison.symbol()
                        + " is not a number: " + number);
            }
            return with(new Range(key, comparison, bound));
        }
    }
}
