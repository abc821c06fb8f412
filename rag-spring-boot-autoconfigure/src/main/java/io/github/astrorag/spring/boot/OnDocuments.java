package io.github.astrorag.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when {@code astrorag.docs} names at least one location (as a list or comma-separated). */
final class OnDocuments extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return listGiven(context, "astrorag.docs") ? ConditionOutcome.match("astrorag.docs is set")
                : ConditionOutcome.noMatch("astrorag.docs is not set: no instance");
    }

    /** Whether a list property has at least one entry (as a list or comma-separated). */
    static boolean listGiven(ConditionContext context, String property) {
        return Binder.get(context.getEnvironment()).bind(property, Bindable.listOf(String.class))
                .map(list -> !list.isEmpty()).orElse(false);
    }
}
