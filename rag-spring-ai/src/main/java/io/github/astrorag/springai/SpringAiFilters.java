package io.github.astrorag.springai;

import io.github.astrorag.core.internal.MetadataValues;
import io.github.astrorag.core.model.MetadataFilter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.FilterExpressionTextParser;

/**
 * Spring AI's filter expression (what {@code VectorStoreDocumentRetriever} reads from the query context under
 * {@code VectorStoreDocumentRetriever.FILTER_EXPRESSION}) as this library's {@link MetadataFilter}; the
 * translation {@link AstroRagDocumentRetriever} applies to every query.
 *
 * <p>Translated: {@code EQ} ({@code key == value}), {@code IN} ({@code key in [values]}) and {@code AND} of
 * translatable expressions, in groups (parentheses) at any depth. The values must be strings, whole numbers,
 * booleans or UUIDs (metadata values are text; {@code page == 2} matches {@code "2"}). Everything else
 * ({@code OR}, {@code NOT}, {@code NE}, {@code NIN}, {@code GT}, {@code GTE}, {@code LT}, {@code LTE},
 * {@code ISNULL}, {@code ISNOTNULL}, floating-point values) is refused with an
 * {@link IllegalArgumentException} naming the operator, since this library's filter is a conjunction of
 * equality and membership conditions. Stateless; thread-safe.
 */
public final class SpringAiFilters {

    private SpringAiFilters() {
    }

    /**
     * The metadata filter of {@code expression}; {@code null} gives {@link MetadataFilter#NONE}. Cost
     * O(conditions · log values).
     *
     * @param expression Spring AI's filter expression, or {@code null} for none
     * @return the equivalent conjunction of conditions
     * @throws IllegalArgumentException for an expression or value that has no equivalent (see the class comment)
     */
    public static MetadataFilter translate(Filter.@Nullable Expression expression) {
        MetadataFilter result = MetadataFilter.NONE;
        if (expression == null) {
            return result;
        }
        List<Filter.Operand> pending = new ArrayList<>(List.of(expression));
        while (!pending.isEmpty()) {
            Filter.Operand operand = pending.remove(0);
            if (operand instanceof Filter.Group group) {
                pending.add(0, group.content());
            } else if (operand instanceof Filter.Expression e && e.type() == Filter.ExpressionType.AND) {
                pending.add(0, e.right());
                pending.add(0, e.left());
            } else if (operand instanceof Filter.Expression e && e.left() instanceof Filter.Key key
                    && e.right() instanceof Filter.Value value && e.type() == Filter.ExpressionType.EQ) {
                result = result.and(key.key()).is(MetadataValues.text(value.value(), key.key()));
            } else if (operand instanceof Filter.Expression e && e.left() instanceof Filter.Key key
                    && e.right() instanceof Filter.Value value && e.type() == Filter.ExpressionType.IN) {
                Collection<?> values = value.value() instanceof Collection<?> c ? c : List.of(value.value());
                result = result.and(key.key()).in(values.stream().map(v -> MetadataValues.text(v, key.key())).toList());
            } else {
                throw new IllegalArgumentException("AstroRagDocumentRetriever translates the filter operators EQ, IN and AND"
                        + " only, not " + (operand instanceof Filter.Expression e ? e.type() + " in " : "") + operand
                        + ": write the condition as a conjunction of equality and membership, or filter the documents"
                        + " before adding them");
            }
        }
        return result;
    }

    /**
     * The metadata filter of a filter expression's text (Spring AI's syntax, such as
     * {@code "topic == 'comets' && year in [2023, 2024]"}, parsed by its {@code FilterExpressionTextParser}); a
     * blank text gives {@link MetadataFilter#NONE}.
     *
     * @param expression the expression's text
     * @return the equivalent conjunction of conditions
     * @throws IllegalArgumentException for an expression or value that has no equivalent, or text Spring AI
     *                                  cannot parse
     */
    public static MetadataFilter translate(String expression) {
        return expression.isBlank() ? MetadataFilter.NONE : translate(new FilterExpressionTextParser().parse(expression));
    }
}
