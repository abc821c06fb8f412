package io.github.astrorag.langchain4j;

import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.comparison.IsEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsGreaterThan;
import dev.langchain4j.store.embedding.filter.comparison.IsGreaterThanOrEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsIn;
import dev.langchain4j.store.embedding.filter.comparison.IsLessThan;
import dev.langchain4j.store.embedding.filter.comparison.IsLessThanOrEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsNotEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsNotIn;
import dev.langchain4j.store.embedding.filter.logical.And;
import dev.langchain4j.store.embedding.filter.logical.Not;
import dev.langchain4j.store.embedding.filter.logical.Or;
import io.github.astrorag.core.internal.MetadataValues;
import io.github.astrorag.core.model.MetadataFilter;
import org.jspecify.annotations.Nullable;

/**
 * LangChain4j's metadata {@link Filter} (what {@code EmbeddingStoreContentRetriever.dynamicFilter} takes) as
 * this library's {@link MetadataFilter}, for {@link AstroRagContentRetriever.Builder#dynamicFilter}:
 *
 * <pre>{@code
 * import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
 * AstroRagContentRetriever.builder(instance)
 *         .dynamicFilter(query -> LangChain4jFilters.translate(metadataKey("topic").isEqualTo("comets")))
 *         .build();
 * }</pre>
 *
 * <p>Translated, nested at any depth: {@link IsEqualTo}, {@link IsIn}, {@link IsNotEqualTo}, {@link IsNotIn} (a chunk
 * without the key matches the two negations, as in LangChain4j's own stores), {@link IsGreaterThan},
 * {@link IsGreaterThanOrEqualTo}, {@link IsLessThan}, {@link IsLessThanOrEqualTo} (comparing the metadata value as a
 * decimal number), {@link And}, {@link Or} and {@link Not}. The values of equality and membership must be strings,
 * whole numbers, booleans or UUIDs (metadata values are text; page {@code 2} matches {@code "2"}); a comparison's bound
 * is any number. {@code ContainsString} and floating-point equality values are refused with an
 * {@link IllegalArgumentException} naming the filter. A key no document has is not refused: see {@link MetadataFilter}.
 * Stateless; thread-safe.
 */
public final class LangChain4jFilters {

    private LangChain4jFilters() {
    }

    /**
     * The metadata filter of {@code filter}; {@code null} gives {@link MetadataFilter#NONE}. Cost O(filter size).
     *
     * @param filter LangChain4j's filter, or {@code null} for none
     * @return the equivalent filter
     * @throws IllegalArgumentException for a filter or value that has no equivalent (see the class comment)
     */
    public static MetadataFilter translate(@Nullable Filter filter) {
        return filter == null ? MetadataFilter.NONE : of(filter);
    }

    private static MetadataFilter of(Filter f) {
        if (f instanceof And and) {
            return of(and.left()).and(of(and.right()));
        } else if (f instanceof Or or) {
            return of(or.left()).or(of(or.right()));
        } else if (f instanceof Not not) {
            return MetadataFilter.not(of(not.expression()));
        } else if (f instanceof IsEqualTo eq) {
            return MetadataFilter.where(eq.key()).is(MetadataValues.text(eq.comparisonValue(), eq.key()));
        } else if (f instanceof IsIn in) {
            return MetadataFilter.where(in.key()).in(in.comparisonValues().stream().map(v -> MetadataValues.text(v, in.key())).toList());
        } else if (f instanceof IsNotEqualTo ne) {
            return MetadataFilter.where(ne.key()).isNot(MetadataValues.text(ne.comparisonValue(), ne.key()));
        } else if (f instanceof IsNotIn nin) {
            return MetadataFilter.where(nin.key()).notIn(nin.comparisonValues().stream().map(v -> MetadataValues.text(v, nin.key())).toList());
        } else if (f instanceof IsGreaterThan gt) {
            return MetadataFilter.where(gt.key()).greaterThan(MetadataValues.number(gt.comparisonValue(), gt.key()));
        } else if (f instanceof IsGreaterThanOrEqualTo ge) {
            return MetadataFilter.where(ge.key()).atLeast(MetadataValues.number(ge.comparisonValue(), ge.key()));
        } else if (f instanceof IsLessThan lt) {
            return MetadataFilter.where(lt.key()).lessThan(MetadataValues.number(lt.comparisonValue(), lt.key()));
        } else if (f instanceof IsLessThanOrEqualTo le) {
            return MetadataFilter.where(le.key()).atMost(MetadataValues.number(le.comparisonValue(), le.key()));
        }
        throw new IllegalArgumentException("AstroRagContentRetriever translates LangChain4j's IsEqualTo, IsIn, IsNotEqualTo,"
                + " IsNotIn, the comparisons, And, Or and Not, not " + (f == null ? "null" : f.getClass().getSimpleName())
                + " (" + f + "): write the condition with those, or filter the documents before adding them");
    }
}
