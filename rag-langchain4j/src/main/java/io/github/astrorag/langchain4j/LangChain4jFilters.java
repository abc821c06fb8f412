package io.github.astrorag.langchain4j;

import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.comparison.IsEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsIn;
import dev.langchain4j.store.embedding.filter.logical.And;
import io.github.astrorag.core.internal.MetadataValues;
import io.github.astrorag.core.model.MetadataFilter;
import java.util.ArrayList;
import java.util.List;
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
 * <p>Translated: {@link IsEqualTo} ({@code key = value}), {@link IsIn} ({@code key in {values}}) and
 * {@link And} of translatable filters, nested at any depth. The values must be strings, whole numbers,
 * booleans or UUIDs (metadata values are text; page {@code 2} matches {@code "2"}). Everything else
 * ({@code Or}, {@code Not}, {@code IsNotEqualTo}, {@code IsNotIn}, the comparisons {@code >}, {@code >=},
 * {@code <}, {@code <=}, {@code ContainsString}, floating-point values) is refused with an
 * {@link IllegalArgumentException} naming the filter, since this library's filter is a conjunction of
 * equality and membership conditions. Stateless; thread-safe.
 */
public final class LangChain4jFilters {

    private LangChain4jFilters() {
    }

    /**
     * The metadata filter of {@code filter}; {@code null} gives {@link MetadataFilter#NONE}. Cost
     * O(conditions · log values).
     *
     * @param filter LangChain4j's filter, or {@code null} for none
     * @return the equivalent conjunction of conditions
     * @throws IllegalArgumentException for a filter or value that has no equivalent (see the class comment)
     */
    public static MetadataFilter translate(@Nullable Filter filter) {
        MetadataFilter result = MetadataFilter.NONE;
        if (filter == null) {
            return result;
        }
        List<Filter> pending = new ArrayList<>(List.of(filter));
        while (!pending.isEmpty()) {
            Filter f = pending.remove(0);
            if (f instanceof And and) {
                pending.add(0, and.right());
                pending.add(0, and.left());
            } else if (f instanceof IsEqualTo eq) {
                result = result.and(eq.key()).is(MetadataValues.text(eq.comparisonValue(), eq.key()));
            } else if (f instanceof IsIn in) {
                result = result.and(in.key()).in(in.comparisonValues().stream().map(v -> MetadataValues.text(v, in.key())).toList());
            } else {
                throw new IllegalArgumentException("AstroRagContentRetriever translates LangChain4j's IsEqualTo, IsIn and And"
                        + " filters only, not " + (f == null ? "null" : f.getClass().getSimpleName()) + " (" + f
                        + "): write the condition as a conjunction of equality and membership, or filter the documents"
                        + " before adding them");
            }
        }
        return result;
    }
}
