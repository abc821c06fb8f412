package io.github.astrorag.core.internal;

import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A framework filter's comparison value as the text a chunk's metadata holds (metadata values are text): what
 * the adapters use to translate LangChain4j's and Spring AI's filters into a
 * {@link io.github.astrorag.core.model.MetadataFilter}.
 */
public final class MetadataValues {

    private MetadataValues() {
    }

    /**
     * The text of {@code value}: a string as it is; a whole number ({@code Integer}, {@code Long},
     * {@code Short}, {@code Byte}), a boolean, a character or a UUID by its {@code toString()} (page {@code 2}
     * matches the metadata value {@code "2"}).
     *
     * @param value the comparison value
     * @param key   the metadata key it is compared with, for the message
     * @return the text
     * @throws IllegalArgumentException for {@code null} and for any other type (a floating-point number has no
     *                                  one text form)
     */
    public static String text(@Nullable Object value, String key) {
        if (value instanceof CharSequence || value instanceof Integer || value instanceof Long || value instanceof Short
                || value instanceof Byte || value instanceof Boolean || value instanceof Character || value instanceof UUID) {
            return value.toString();
        }
        throw new IllegalArgumentException("metadata values are text: compare metadata key '" + key
                + "' with a string, a whole number, a boolean or a UUID, not "
                + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
    }

    /**
     * The bound of a framework's range comparison as decimal text, for {@code MetadataFilter.Key#range}: a number of
     * any type (floating point included: {@code 0.5} gives {@code "0.5"}) or text written as a number.
     *
     * @param value the comparison value
     * @param key   the metadata key it is compared with, for the message
     * @return the number as text
     * @throws IllegalArgumentException for {@code null}, a non-finite number and anything not a number
     */
    public static String number(@Nullable Object value, String key) {
        if (value instanceof Number n && !(n instanceof Double d && !Double.isFinite(d))
                && !(n instanceof Float f && !Float.isFinite(f))) {
            return n.toString();
        }
        if (value instanceof CharSequence text && io.github.astrorag.core.model.MetadataFilter.number(text.toString()) != null) {
            return text.toString().strip();
        }
        throw new IllegalArgumentException("a range on metadata key '" + key + "' compares numbers (metadata values "
                + "written as numbers), not " + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
    }
}
