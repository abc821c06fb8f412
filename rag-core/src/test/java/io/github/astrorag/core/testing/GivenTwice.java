package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.fail;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The house rule of every fail-fast builder, checked by reflection: a setting given a second time throws
 * {@link IllegalStateException}. {@link #assertEverySettingOnce} finds the builder's setters (its public
 * instance methods, other than {@code build}, that return the builder) and calls each twice on a fresh builder
 * with a valid value: the first call must pass, the second must throw {@code IllegalStateException}. A setter
 * added later is checked without touching the test.
 *
 * <p>Valid values come from {@link Values}: by setter name (for a value with a range, such as a URL), else by
 * parameter type: {@code 1} for whole numbers, {@code 0.5} for fractions, {@code true}, {@code "x"}, one second,
 * an empty list, an enum's first constant, and for any other interface a stand-in whose default methods work
 * and whose abstract ones throw (so a builder that only stores the value accepts it). Setters whose rule is
 * another (one that adds to a list, say) are named in {@code exempt}, with the reason.
 */
public final class GivenTwice {

    private GivenTwice() {
    }

    /** Valid values for setters: by setter name first, then by parameter type. Mutable; one per check. */
    public static final class Values {

        private final Map<Class<?>, Supplier<?>> byType = new HashMap<>();
        private final Map<String, Supplier<Object[]>> bySetter = new HashMap<>();

        private Values() {
            type(int.class, () -> 1);
            type(long.class, () -> 1L);
            type(double.class, () -> 0.5);
            type(float.class, () -> 0.5f);
            type(boolean.class, () -> true);
            type(String.class, () -> "x");
            type(Duration.class, () -> Duration.ofSeconds(1));
            type(List.class, List::of);
            type(Set.class, Set::of);
            type(Map.class, Map::of);
        }

        /**
         * The values above, and stand-ins for interfaces.
         *
         * @return new values, to add to
         */
        public static Values defaults() {
            return new Values();
        }

        /**
         * Every parameter of type {@code type} gets a value from {@code value} (a fresh one per call).
         *
         * @param <T> the parameter type
         * @param type the parameter type
         * @param value makes a valid value
         * @return these values
         */
        public <T> Values type(Class<T> type, Supplier<? extends T> value) {
            byType.put(type, value);
            return this;
        }

        /**
         * The setter {@code name} with {@code arguments.get().length} parameters gets these arguments.
         *
         * @param name the setter's name
         * @param arguments makes valid arguments, one per parameter
         * @return these values
         */
        public Values setter(String name, Supplier<Object[]> arguments) {
            bySetter.put(name + "/" + arguments.get().length, arguments);
            return this;
        }

        Object[] argumentsOf(Method setter) {
            Supplier<Object[]> named = bySetter.get(setter.getName() + "/" + setter.getParameterCount());
            if (named != null) {
                return named.get();
            }
            Class<?>[] types = setter.getParameterTypes();
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                args[i] = valueOf(types[i], setter);
            }
            return args;
        }

        private Object valueOf(Class<?> type, Method setter) {
            Supplier<?> v = byType.get(type);
            if (v != null) {
                return v.get();
            }
            if (type.isEnum()) {
                return type.getEnumConstants()[0];
            }
            if (type.isInterface()) {
                return standIn(type);
            }
            return fail("no valid value for a %s, the parameter of %s: give one with Values.type or Values.setter",
                    type.getName(), setter);
        }
    }

    /**
     * A stand-in for the interface {@code type}: its default methods run, its abstract methods throw
     * {@link UnsupportedOperationException}; {@code toString}, {@code equals} and {@code hashCode} are identity's.
     *
     * @param <T> the interface
     * @param type the interface
     * @return a new stand-in
     */
    public static <T> T standIn(Class<T> type) {
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "toString":
                    if (method.getParameterCount() == 0) {
                        return "stand-in " + type.getSimpleName();
                    }
                    break;
                case "hashCode":
                    if (method.getParameterCount() == 0) {
                        return System.identityHashCode(proxy);
                    }
                    break;
                case "equals":
                    if (method.getParameterCount() == 1) {
                        return proxy == args[0];
                    }
                    break;
                default:
                    break;
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            throw new UnsupportedOperationException("a stand-in " + type.getSimpleName() + " for a builder check: "
                    + method.getName());
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /**
     * The setters of {@code builderType}: its public instance methods, other than {@code build}, returning a type
     * the builder is, sorted by name and parameter count.
     *
     * @param builderType the builder's class
     * @return the setters
     */
    public static List<Method> settersOf(Class<?> builderType) {
        List<Method> out = new ArrayList<>();
        for (Method m : builderType.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class
                    && !m.getName().equals("build") && m.getReturnType().isAssignableFrom(builderType)) {
                out.add(m);
            }
        }
        out.sort(Comparator.comparing(Method::getName).thenComparing(Method::getParameterCount)
                .thenComparing(m -> Arrays.toString(m.getParameterTypes())));
        return out;
    }

    /**
     * Calls every setter of the builders {@code newBuilder} makes twice, each on a fresh builder: the first call
     * must pass, the second must throw {@link IllegalStateException}. A setter named in {@code exempt}, by name (every
     * overload) or by {@code name/parameterCount} (one overload), is left out and must exist.
     *
     * @param newBuilder makes a fresh builder per setter
     * @param values valid values for the setters
     * @param exempt setter name to the rule it follows instead
     * @return the setters checked, as {@code name(parameter types)}, for the caller to assert on
     */
    public static List<String> assertEverySettingOnce(Supplier<?> newBuilder, Values values, Map<String, String> exempt) {
        Class<?> type = newBuilder.get().getClass();
        List<Method> setters = settersOf(type);
        assertThat(setters).as("setters of %s", type.getName()).isNotEmpty();
        for (String name : exempt.keySet()) {
            assertThat(setters).as("exempt setter %s of %s", name, type.getName()).anyMatch(m -> isNamed(m, name));
        }
        Map<String, Throwable> wrong = new LinkedHashMap<>();
        List<String> checked = new ArrayList<>();
        for (Method setter : setters) {
            if (exempt.keySet().stream().anyMatch(name -> isNamed(setter, name))) {
                continue;
            }
            String what = setter.getName() + Arrays.stream(setter.getParameterTypes()).map(Class::getSimpleName)
                    .collect(Collectors.joining(", ", "(", ")"));
            Object builder = newBuilder.get();
            assertThatCode(() -> call(setter, builder, values.argumentsOf(setter)))
                    .as("the first %s on a fresh %s", what, type.getName()).doesNotThrowAnyException();
            try {
                call(setter, builder, values.argumentsOf(setter));
                wrong.put(what, null);
            } catch (IllegalStateException expected) {
                assertThat(expected.getMessage()).as("the message of %s given twice", what).isNotBlank();
            } catch (Throwable other) {
                wrong.put(what, other);
            }
            checked.add(what);
        }
        if (!wrong.isEmpty()) {
            StringBuilder sb = new StringBuilder("settings of " + type.getName()
                    + " given twice that did not throw IllegalStateException:");
            wrong.forEach((what, thrown) -> sb.append("\n  ").append(what).append(": ")
                    .append(thrown == null ? "accepted" : thrown.toString()));
            fail(sb.toString());
        }
        return checked;
    }

    private static boolean isNamed(Method setter, String name) {
        return name.equals(setter.getName()) || name.equals(setter.getName() + "/" + setter.getParameterCount());
    }

    private static void call(Method setter, Object builder, Object[] args) throws Throwable {
        try {
            setter.invoke(builder, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } catch (IllegalAccessException e) {
            // a public method of a non-public class in the hierarchy (a sealed abstract builder)
            setter.setAccessible(true);
            try {
                setter.invoke(builder, args);
            } catch (InvocationTargetException e2) {
                throw e2.getCause();
            }
        }
    }
}
