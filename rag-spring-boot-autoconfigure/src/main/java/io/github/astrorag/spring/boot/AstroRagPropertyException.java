package io.github.astrorag.spring.boot;

import java.util.Objects;

/**
 * An {@code astrorag.*} property whose value cannot make a pipeline: thrown while the properties are turned into
 * builder settings, and turned by {@link AstroRagFailureAnalyzer} into Spring Boot's "APPLICATION FAILED TO START"
 * report, whose description names the property, its value and why, and whose action says the fix.
 *
 * <p>An {@link IllegalArgumentException}, as every bad setting of this library is; the message is the description.
 * Immutable.
 */
public final class AstroRagPropertyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The value shown when the property was not given. */
    public static final String NOT_SET = "(not set)";

    /** The property's full name. */
    private final String property;
    /** Its value as given. */
    private final String value;
    /** Why the value cannot be used. */
    private final String reason;
    /** What to change. */
    private final String action;

    /**
     * A bad value.
     *
     * @param property the property's full name, such as {@code astrorag.budget}
     * @param value    its value as given ({@link #NOT_SET} when a required property is missing)
     * @param reason   why the value cannot be used
     * @param action   what to change, in a sentence
     * @throws NullPointerException if an argument is null
     */
    public AstroRagPropertyException(String property, String value, String reason, String action) {
        super(String.format("Invalid value '%s' for property '%s': %s", Objects.requireNonNull(value, "value"),
                Objects.requireNonNull(property, "property"), Objects.requireNonNull(reason, "reason")));
        this.property = property;
        this.value = value;
        this.reason = reason;
        this.action = Objects.requireNonNull(action, "action");
    }

    /**
     * The property's full name.
     *
     * @return such as {@code astrorag.budget}
     */
    public String property() {
        return property;
    }

    /**
     * The property's value as given.
     *
     * @return the value, or {@link #NOT_SET}
     */
    public String value() {
        return value;
    }

    /**
     * Why the value cannot be used.
     *
     * @return the reason, one sentence
     */
    public String reason() {
        return reason;
    }

    /**
     * What to change.
     *
     * @return the fix, one or two sentences
     */
    public String action() {
        return action;
    }
}
