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
        boolean given = Binder.get(context.getEnvironment()).bind("astrorag.docs", Bindable.listOf(String.class))
                .map(list -> !list.isEmpty()).orElse(false);
        return given ? ConditionOutcome.match("astrorag.docs is set")
                : ConditionOutcome.noMatch("astrorag.docs is not set: no instance");
    }
}
