package io.github.astrorag.core.part;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One part by name: the role it fills, its name, what it is, the settings it takes and how it is made. Made by
 * {@link #builder}; immutable. {@link #create} checks a {@link PartSpec} against the declared settings (unknown keys
 * and bad values refused, naming what exists) before the factory runs, so a factory reads only valid values.
 *
 * @param <T> what the part makes
 */
public final class Part<T> {

    /**
     * Makes the part from checked settings.
     *
     * @param <T> what it makes
     */
    @FunctionalInterface
    public interface Factory<T> {
        /**
         * Makes the part.
         *
         * @param settings the checked settings
         * @param context  what the part may draw on (the pipeline's embedder, the registry)
         * @return a new part
         */
        T create(PartSettings settings, PartContext context);
    }

    private final Role<T> role;
    private final String name;
    private final String description;
    private final Map<String, Setting> settings;
    private final Factory<? extends T> factory;

    private Part(Role<T> role, String name, String description, Map<String, Setting> settings, Factory<? extends T> factory) {
        this.role = role;
        this.name = name;
        this.description = description;
        this.settings = Collections.unmodifiableMap(settings);
        this.factory = factory;
    }

    /**
     * A new part definition.
     *
     * @param role        the role it fills
     * @param name        its name, lower case words joined by {@code -}
     * @param description one line for help texts and the docs
     * @param factory     how it is made
     * @param <T>         what it makes
     * @return a builder to declare its settings on
     * @throws IllegalArgumentException if the name is not lower case words joined by {@code -}
     */
    public static <T> Builder<T> builder(Role<T> role, String name, String description, Factory<? extends T> factory) {
        PartSpec.of(name);
        return new Builder<>(Objects.requireNonNull(role, "role"), name, Objects.requireNonNull(description, "description"),
                Objects.requireNonNull(factory, "factory"));
    }

    /**
     * The role the part fills.
     *
     * @return the role
     */
    public Role<T> role() {
        return role;
    }

    /**
     * The part's name.
     *
     * @return lower case words joined by {@code -}
     */
    public String name() {
        return name;
    }

    /**
     * What the part is.
     *
     * @return one line
     */
    public String description() {
        return description;
    }

    /**
     * The settings the part takes.
     *
     * @return in declaration order
     */
    public List<Setting> settings() {
        return List.copyOf(settings.values());
    }

    /**
     * Whether the part takes a setting.
     *
     * @param key a setting's key
     * @return true if declared
     */
    public boolean takes(String key) {
        return settings.containsKey(key);
    }

    /**
     * Checks {@code given} against the declared settings.
     *
     * @param given key to value as written
     * @return the checked settings, defaults filled in
     * @throws IllegalArgumentException naming the part, the key and the settings it takes for an unknown key, or the
     *                                  value and the limit for a bad value, or the missing required settings
     */
    public PartSettings settings(Map<String, String> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : given.entrySet()) {
            Setting s = settings.get(e.getKey());
            if (s == null) {
                throw new IllegalArgumentException(role + " " + name + " takes no setting '" + e.getKey() + "': "
                        + (settings.isEmpty() ? "it takes none" : "its settings are " + String.join(", ", settings.keySet())));
            }
            values.put(e.getKey(), s.parse(role + " " + name, e.getValue()));
        }
        List<String> missing = new ArrayList<>();
        for (Setting s : settings.values()) {
            if (!values.containsKey(s.key())) {
                if (s.required()) {
                    missing.add(s.key());
                } else if (s.defaultValue() != null) {
                    values.put(s.key(), s.parse(role + " " + name, s.defaultValue()));
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(role + " " + name + " needs " + String.join(", ", missing) + ": write "
                    + name + ":" + String.join(",", missing.stream().map(k -> k + "=...").toList()));
        }
        return new PartSettings(role + " " + name, settings, values, given);
    }

    /**
     * Makes the part of {@code spec}.
     *
     * @param spec    the spec; its name must be this part's
     * @param context what the part may draw on
     * @return a new part
     * @throws IllegalArgumentException for a bad setting, see {@link #settings(Map)}
     */
    public T create(PartSpec spec, PartContext context) {
        Objects.requireNonNull(context, "context");
        if (!spec.name().equals(name)) {
            throw new IllegalArgumentException("spec " + spec + " names another part than " + name);
        }
        T made = factory.create(settings(spec.settings()), context);
        return role.type().cast(Objects.requireNonNull(made, () -> role + " " + name + "'s factory returned null"));
    }

    /**
     * The part as the docs list it.
     *
     * @return {@code role name: description}
     */
    @Override
    public String toString() {
        return role + " " + name + ": " + description;
    }

    /**
     * Declares a part's settings.
     *
     * @param <T> what the part makes
     */
    public static final class Builder<T> {
        private final Role<T> role;
        private final String name;
        private final String description;
        private final Factory<? extends T> factory;
        private final Map<String, Setting> settings = new LinkedHashMap<>();

        private Builder(Role<T> role, String name, String description, Factory<? extends T> factory) {
            this.role = role;
            this.name = name;
            this.description = description;
            this.factory = factory;
        }

        /**
         * Declares one more setting.
         *
         * @param setting the setting
         * @return this builder
         * @throws IllegalStateException if a setting of that key was declared already
         */
        public Builder<T> setting(Setting setting) {
            Objects.requireNonNull(setting, "setting");
            if (settings.putIfAbsent(setting.key(), setting) != null) {
                throw new IllegalStateException(role + " " + name + ": setting " + setting.key() + " declared twice");
            }
            return this;
        }

        /**
         * The part.
         *
         * @return the immutable definition
         */
        public Part<T> build() {
            return new Part<>(role, name, description, new LinkedHashMap<>(settings), factory);
        }
    }
}
