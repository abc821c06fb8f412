package io.github.astrorag.springai;

import io.github.astrorag.core.internal.MetadataValues;
import io.github.astrorag.core.model.MetadataFilter;
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
 * <p>Translated, in groups (parentheses) at any depth: {@code EQ} ({@code key == value}), {@code IN}
 * ({@code key in [values]}), {@code NE} and {@code NIN} (a chunk without the key matches them), {@code GT},
 * {@code GTE}, {@code LT}, {@code LTE} (comparing the metadata value as a decimal number), {@code AND}, {@code OR} and
 * {@code NOT}. The values of equality and membership must be strings, whole numbers, booleans or UUIDs (metadata
 * values are text; {@code page == 2} matches {@code "2"}); a comparison's bound is any number. {@code ISNULL},
 * {@code ISNOTNULL} and floating-point equality values are refused with an {@link IllegalArgumentException} naming
 * the operator. A key no document has is not refused: see {@link MetadataFilter}. Stateless; thread-safe.
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
        return expression == null ? MetadataFilter.NONE : of(expression);
    }

    private static MetadataFilter of(Filter.Operand operand) {
        if (operand instanceof Filter.Group group) {
            return of(group.content());
        }
        if (operand instanceof Filter.Expression e) {
            switch (e.type()) {
                case AND:
                    return of(e.left()).and(of(e.right()));
                case OR:
                    return of(e.left()).or(of(e.right()));
                case NOT:
                    return MetadataFilter.not(of(e.left()));
                default:
                    break;
            }
            if (e.left() instanceof Filter.Key key && e.right() instanceof Filter.Value value) {
                String k = key.key();
                Object v = value.value();
                MetadataFilter.Key where = MetadataFilter.where(k);
                switch (e.type()) {
                    case EQ:
                        return where.is(MetadataValues.text(v, k));
                    case NE:
                        return where.isNot(MetadataValues.text(v, k));
                    case IN:
                        return where.in(texts(v, k));
                    case NIN:
                        return where.notIn(texts(v, k));
                    case GT:
                        return where.greaterThan(MetadataValues.number(v, k));
                    case GTE:
                        return where.atLeast(MetadataValues.number(v, k));
                    case LT:
                        return where.lessThan(MetadataValues.number(v, k));
                    case LTE:
                        return where.atMost(MetadataValues.number(v, k));
                    default:
                        break;
                }
            }
        }
        throw new IllegalArgumentException("AstroRagDocumentRetriever translates the filter operators EQ, NE, IN, NIN, GT,"
                + " GTE, LT, LTE, AND, OR and NOT, not " + (operand instanceof Filter.Expression e ? e.type() + " in " : "")
                + operand + ": write the condition with those, or filter the documents before adding them");
    }

    private static List<String> texts(Object value, String key) {
        Collection<?> values = value instanceof Collection<?> c ? c : List.of(value);
        return values.stream().map(v -> MetadataValues.text(v, key)).toList();
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
