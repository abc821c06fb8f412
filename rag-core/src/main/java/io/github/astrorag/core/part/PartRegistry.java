package io.github.astrorag.core.part;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import io.github.astrorag.core.spi.DocumentLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The parts by name: every {@link Part} the installed {@link PartProvider}s contribute, per {@link Role}. The one
 * lookup the command line, the evaluation, the Spring Boot properties and application code resolve names through,
 * so that a part has one name, one set of settings and one set of defaults everywhere. Immutable and thread-safe.
 *
 * <pre>{@code
 * PartRegistry parts = PartRegistry.installed();
 * Retriever r = parts.create(Role.RETRIEVER, "weighted:bm25-weight=0.5", PartContext.of(parts, embedder));
 * }</pre>
 *
 * <p>Lookups are linear in the number of parts of a role (a few dozen).
 */
public final class PartRegistry {

    private static final Map<ClassLoader, PartRegistry> INSTALLED = new ConcurrentHashMap<>();

    private final Map<Role<?>, Map<String, Part<?>>> parts;
    /** The spec of the installed default analyzer ({@link PartProvider#defaultAnalyzer()}), or null for english. */
    private final @org.jspecify.annotations.Nullable String defaultAnalyzerSpec;
    private volatile io.github.astrorag.core.spi.@org.jspecify.annotations.Nullable TermAnalyzer defaultAnalyzer;

    private PartRegistry(Map<Role<?>, Map<String, Part<?>>> parts,
                         @org.jspecify.annotations.Nullable String defaultAnalyzerSpec) {
        this.parts = parts;
        this.defaultAnalyzerSpec = defaultAnalyzerSpec;
    }

    /**
     * The parts of every provider on the class path of this library (and of the thread's context class loader, where it
     * is another), found by {@link ServiceLoader} once per class loader.
     *
     * @return the installed registry
     * @throws IllegalStateException if two providers name a part of one role alike, or a provider cannot be loaded
     */
    public static PartRegistry installed() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = PartRegistry.class.getClassLoader();
        }
        return INSTALLED.computeIfAbsent(loader, PartRegistry::load);
    }

    private static PartRegistry load(ClassLoader loader) {
        List<PartProvider> providers = new ArrayList<>();
        try {
            ServiceLoader.load(PartProvider.class, loader).forEach(providers::add);
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a part provider could not be loaded: " + e.getMessage(), e);
        }
        return of(providers);
    }

    /**
     * The parts of the given providers only (for tests and applications that choose their parts themselves).
     *
     * @param providers the providers, in order
     * @return a registry of their parts
     * @throws IllegalStateException if two parts of one role share a name, or two providers declare a default analyzer
     * @throws IllegalArgumentException if the declared default analyzer names no analyzer part or a bad setting
     */
    public static PartRegistry of(Collection<? extends PartProvider> providers) {
        Map<Role<?>, Map<String, Part<?>>> byRole = new LinkedHashMap<>();
        Map<String, String> owner = new LinkedHashMap<>();
        for (Role<?> r : Role.values()) {
            byRole.put(r, new LinkedHashMap<>());
        }
        String analyzer = null;
        String analyzerOwner = null;
        for (PartProvider p : providers) {
            java.util.Optional<String> declared = Objects.requireNonNull(p.defaultAnalyzer(),
                    "defaultAnalyzer() of " + p.getClass().getName());
            if (declared.isPresent()) {
                if (analyzer != null) {
                    throw new IllegalStateException("the default analyzer is declared twice: '" + analyzer + "' by "
                            + analyzerOwner + " and '" + declared.get() + "' by " + p.getClass().getName());
                }
                analyzer = declared.get();
                analyzerOwner = p.getClass().getName();
            }
        }
        for (PartProvider p : providers) {
            for (Part<?> part : Objects.requireNonNull(p.parts(), "parts() of " + p.getClass().getName())) {
                String key = part.role() + " " + part.name();
                String before = owner.putIfAbsent(key, p.getClass().getName());
                if (before != null) {
                    throw new IllegalStateException(key + " is contributed twice: by " + before + " and by "
                            + p.getClass().getName());
                }
                byRole.get(part.role()).put(part.name(), part);
            }
        }
        PartRegistry registry = new PartRegistry(byRole, analyzer);
        if (analyzer != null) {
            registry.check(Role.ANALYZER, registry.parse(Role.ANALYZER, analyzer));
        }
        return registry;
    }

    /**
     * The analyzer every {@link PartContext} of this registry starts with: the one an installed provider declares
     * ({@link PartProvider#defaultAnalyzer()}: rag-analysis declares {@code auto:spaceless=english}), else
     * {@link io.github.astrorag.core.analysis.EnglishTermAnalyzer#defaults()}. Made once.
     *
     * @return the default analyzer
     */
    public io.github.astrorag.core.spi.TermAnalyzer defaultAnalyzer() {
        io.github.astrorag.core.spi.TermAnalyzer a = defaultAnalyzer;
        if (a == null) {
            a = defaultAnalyzerSpec == null ? io.github.astrorag.core.analysis.EnglishTermAnalyzer.defaults()
                    : create(Role.ANALYZER, defaultAnalyzerSpec, PartContext.english(this));
            defaultAnalyzer = a;
        }
        return a;
    }

    /**
     * The part of a name.
     *
     * @param role the role
     * @param name the part's name
     * @param <T>  what the role's parts make
     * @return the part
     * @throws IllegalArgumentException naming every part of the role if none has that name
     */
    public <T> Part<T> part(Role<T> role, String name) {
        return find(role, name).orElseThrow(() -> new IllegalArgumentException("unknown " + role + " '" + name
                + "': use one of " + String.join(", ", names(role))));
    }

    /**
     * The part of a name, if there is one.
     *
     * @param role the role
     * @param name the part's name (in any case, surrounding white space ignored)
     * @param <T>  what the role's parts make
     * @return the part, or empty
     */
    @SuppressWarnings("unchecked")
    public <T> Optional<Part<T>> find(Role<T> role, String name) {
        Objects.requireNonNull(name, "name");
        return Optional.ofNullable((Part<T>) parts.get(Objects.requireNonNull(role, "role"))
                .get(name.strip().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * Every part of a role.
     *
     * @param role the role
     * @param <T>  what the role's parts make
     * @return in the order the providers contributed them
     */
    @SuppressWarnings("unchecked")
    public <T> List<Part<T>> parts(Role<T> role) {
        return parts.get(Objects.requireNonNull(role, "role")).values().stream().map(p -> (Part<T>) p).toList();
    }

    /**
     * Every loader registered by name ({@link Role#LOADER}), each made with its defaults, in the order the providers
     * contributed them: rag-core's {@code text} and {@code pdf}, and those of any module on the class path
     * (rag-documents: {@code html}, {@code office}). Give them to {@code FileSystemDocumentLoader.builder().loaders(...)}
     * to read every kind installed; the command line does. O(loaders).
     *
     * @return new loaders
     */
    public List<DocumentLoader> loaders() {
        PartContext context = PartContext.of(this);
        return parts(Role.LOADER).stream().map(p -> (DocumentLoader) p.create(PartSpec.of(p.name()), context)).toList();
    }

    /**
     * The names of a role's parts.
     *
     * @param role the role
     * @return in the order the providers contributed them
     */
    public List<String> names(Role<?> role) {
        return List.copyOf(parts.get(Objects.requireNonNull(role, "role")).keySet());
    }

    /**
     * Reads a part of a role as written, checking that its name exists (not yet its settings).
     *
     * @param role the role
     * @param text {@code name[:key=value,...]}
     * @return the spec
     * @throws IllegalArgumentException naming every part of the role if none has that name, or for a malformed text
     */
    public PartSpec parse(Role<?> role, String text) {
        Objects.requireNonNull(text, "text");
        int colon = text.indexOf(':');
        String name = (colon < 0 ? text : text.substring(0, colon)).strip().toLowerCase(java.util.Locale.ROOT);
        part(role, name);
        return PartSpec.parse(text);
    }

    /**
     * Makes the part a spec names.
     *
     * @param role    the role
     * @param spec    {@code name[:key=value,...]}
     * @param context what the part may draw on
     * @param <T>     what the role's parts make
     * @return a new part
     * @throws IllegalArgumentException for an unknown name or a bad setting, naming what exists
     */
    public <T> T create(Role<T> role, String spec, PartContext context) {
        return create(role, parse(role, spec), context);
    }

    /**
     * Makes the part a spec names.
     *
     * @param role    the role
     * @param spec    the part and its settings
     * @param context what the part may draw on
     * @param <T>     what the role's parts make
     * @return a new part
     * @throws IllegalArgumentException for an unknown name or a bad setting, naming what exists
     */
    public <T> T create(Role<T> role, PartSpec spec, PartContext context) {
        return part(role, spec.name()).create(spec, context);
    }

    /**
     * Checks a spec without making the part: the name exists and every setting is valid.
     *
     * @param role the role
     * @param spec the spec
     * @return the part it names
     * @throws IllegalArgumentException for an unknown name or a bad setting
     */
    public Part<?> check(Role<?> role, PartSpec spec) {
        Part<?> part = part(role, spec.name());
        part.settings(spec.settings());
        return part;
    }

    /**
     * The parts of every role as a Markdown table (role, name, settings, what it is), as docs/configuration.md shows
     * it.
     *
     * @return the table, one row per part, ending with a line break
     */
    public String markdownTable() {
        StringBuilder b = new StringBuilder("| role | name | settings | what it is |\n|---|---|---|---|\n");
        for (Role<?> role : Role.values()) {
            for (Part<?> p : parts(role)) {
                List<String> s = p.settings().stream().map(Setting::summary).map(t -> t.replace("|", "\\|")).toList();
                b.append("| ").append(role).append(" | `").append(p.name()).append("` | ")
                        .append(s.isEmpty() ? "–" : String.join("<br>", s)).append(" | ")
                        .append(p.description().replace("|", "\\|")).append(" |\n");
            }
        }
        return b.toString();
    }
}
