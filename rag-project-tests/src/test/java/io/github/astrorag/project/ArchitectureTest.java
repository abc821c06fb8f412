package io.github.astrorag.project;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The rules the house keeps, checked on the production classes of every module ({@code io.github.astrorag..}
 * without tests and without rag-core's test-jar). rag-project-tests sees every module on its test class path,
 * so the rules live here. What is API: every public (or protected) member of a public type outside an
 * {@code internal} package; {@code <module-package>.internal..} packages hold the implementation helpers, are
 * left out of the published Javadoc and are no part of the API.
 */
@AnalyzeClasses(packages = "io.github.astrorag",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

    private static final String ROOT = "io.github.astrorag..";
    private static final String INTERNAL = "..internal..";
    private static final String EXAMPLES = "io.github.astrorag.examples..";
    private static final String CLI = "io.github.astrorag.cli..";
    private static final String ONNX = "io.github.astrorag.onnx..";
    private static final String EVAL = "io.github.astrorag.eval..";

    /** Leaves out test jars resolved from the repository (rag-core's contracts in {@code core.testing}). */
    static final class NoTestJars implements ImportOption {
        private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar.*");

        @Override
        public boolean includes(Location location) {
            return !location.matches(TEST_JAR);
        }
    }

    /** Every module's classes are imported (so that no rule passes for want of classes), and no test class. */
    @ArchTest
    static void everyModuleIsImported(JavaClasses classes) {
        Set<String> modules = new TreeSet<>();
        for (JavaClass c : classes) {
            String rest = c.getPackageName().substring("io.github.astrorag.".length());
            modules.add(rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest);
        }
        assertThat(modules).containsExactlyInAnyOrder("core", "retrieval", "mcts", "presets", "elasticsearch",
                "langchain4j", "springai", "micrometer", "spring", "eval", "examples", "cli", "onnx", "documents",
                "analysis", "langdetect");
        assertThat(classes.stream().map(JavaClass::getSimpleName))
                .noneMatch(n -> n.endsWith("Test") || n.endsWith("IT"));
    }

    @ArchTest
    static final ArchRule spiKnowsNoImplementation = classes()
            .that().resideInAPackage("io.github.astrorag.core.spi..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(
                    "io.github.astrorag.core.spi..", "io.github.astrorag.core.model..",
                    "io.github.astrorag.core.token..", "io.github.astrorag.core", "java..", "org.jspecify..")
            .because("the SPI is the contract every implementation is written against: its roles speak only of "
                    + "the value types (core.model), token counting (core.token) and rag-core's exceptions");

    @ArchTest
    static final ArchRule mctsKnowsNoRetrieval = sibling("io.github.astrorag.mcts..", "io.github.astrorag.retrieval..");

    @ArchTest
    static final ArchRule retrievalKnowsNoMcts = sibling("io.github.astrorag.retrieval..", "io.github.astrorag.mcts..");

    @ArchTest
    static final ArchRule retrievalKnowsNoOnnx = noClasses().that().resideInAnyPackage(
                    "io.github.astrorag.retrieval..", "io.github.astrorag.mcts..", "io.github.astrorag.core..")
            .should().dependOnClassesThat().resideInAPackage(ONNX)
            .because("BM25, MMR, PageRank, fusion, coverage and the tree search work on any Embedder: the ONNX "
                    + "models (rag-onnx, ONNX Runtime and a model of about 130 MB) are chosen above them, by the presets");

    @ArchTest
    static final ArchRule langdetectKnowsOnlyCore = classes()
            .that().resideInAPackage("io.github.astrorag.langdetect..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.github.astrorag.langdetect..",
                    "io.github.astrorag.core..", "opennlp.tools..", "java..", "org.jspecify..")
            .because("rag-langdetect has one job, language detection with OpenNLP's model, behind rag-core's "
                    + "LanguageDetector role: the applications pick it by name");

    @ArchTest
    static final ArchRule noLibraryKnowsTheApplications = noClasses()
            .that().resideInAPackage(ROOT).and().resideOutsideOfPackages(EXAMPLES, CLI)
            .should().dependOnClassesThat().resideInAnyPackage(EXAMPLES, CLI)
            .because("the command line, the MCP server (rag-cli) and the example programs (rag-examples) are never "
                    + "deployed: the libraries stand without them");

    @ArchTest
    static final ArchRule theExamplesKnowNoCli = noClasses()
            .that().resideInAPackage(EXAMPLES)
            .should().dependOnClassesThat().resideInAPackage(CLI)
            .because("an example program shows what a user writes with the libraries, never the command line's internals");

    @ArchTest
    static final ArchRule noLibraryKnowsTheEvaluation = noClasses()
            .that().resideInAPackage(ROOT).and().resideOutsideOfPackages(EVAL, CLI)
            .should().dependOnClassesThat().resideInAPackage(EVAL)
            .because("the evaluation harness (rag-eval) measures the libraries; only the CLI runs it");

    @ArchTest
    static final ArchRule apiExposesNoInternalType = classes()
            .that().resideInAPackage(ROOT).and().resideOutsideOfPackages(INTERNAL, EXAMPLES, CLI)
            .should(exposeNoInternalType())
            .because("internal packages are no part of the API (left out of the Javadoc, free to change): "
                    + "a user must never have to name one of their types");

    @ArchTest
    static final ArchRule internalOnlyUsedByTheProject = classes()
            .that().resideInAPackage(INTERNAL)
            .should().onlyHaveDependentClassesThat().resideInAPackage(ROOT)
            .because("the project's own modules may use rag-core's internal packages, user code may not");

    @ArchTest
    static final ArchRule moduleInternalsStayInTheirModule = classes()
            .that().resideInAPackage(INTERNAL).and().resideOutsideOfPackage("io.github.astrorag.core.internal..")
            .should(beUsedOnlyInTheirOwnModule())
            .because("only rag-core's internal packages serve the other modules; another module's internal package "
                    + "serves that module alone");

    @ArchTest
    static final ArchRule noPackageCycles = slices()
            .matching("io.github.astrorag.(**)")
            .should().beFreeOfCycles()
            .because("packages build on one another in one direction: a cycle ties them into one unit");

    private static ArchRule sibling(String from, String other) {
        return noClasses().that().resideInAPackage(from)
                .should().dependOnClassesThat().resideInAPackage(other)
                .because("rag-mcts and rag-retrieval are independent siblings above rag-core; what both need is a "
                        + "core SPI role (e.g. CombinationScorer), and rag-presets combines them");
    }

    /** Depended on only by classes under the package the {@code internal} package sits in (its module's). */
    static ArchCondition<JavaClass> beUsedOnlyInTheirOwnModule() {
        return new ArchCondition<>("be used only by their own module") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                String name = type.getPackageName();
                String module = name.substring(0, name.indexOf(".internal"));
                for (Dependency d : type.getDirectDependenciesToSelf()) {
                    String from = d.getOriginClass().getPackageName();
                    if (!from.equals(module) && !from.startsWith(module + ".")) {
                        events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                    }
                }
            }
        };
    }

    /**
     * Public API members never name an internal type: the superclass and interfaces of an API type, the return,
     * parameter, thrown and type-parameter-bound types of its public and protected methods and constructors,
     * the types of its public and protected fields, generic type arguments included.
     */
    static ArchCondition<JavaClass> exposeNoInternalType() {
        return new ArchCondition<>("expose no type of an internal package in their API") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                if (!isApi(type)) {
                    return;
                }
                List<JavaType> supertypes = new ArrayList<>();
                type.getSuperclass().ifPresent(supertypes::add);
                supertypes.addAll(type.getInterfaces());
                supertypes.addAll(type.getTypeParameters());
                report(events, type, type.getName() + " extends or implements", supertypes);
                for (JavaMember member : type.getMembers()) {
                    if (!isApi(member)) {
                        continue;
                    }
                    List<JavaType> named = new ArrayList<>();
                    if (member instanceof JavaField field) {
                        named.add(field.getType());
                    } else if (member instanceof JavaCodeUnit code) {
                        named.add(code.getReturnType());
                        named.addAll(code.getParameterTypes());
                        named.addAll(code.getTypeParameters());
                        code.getThrowsClause().getTypes().forEach(named::add);
                    }
                    report(events, type, member.getFullName(), named);
                }
            }
        };
    }

    private static void report(ConditionEvents events, JavaClass owner, String where, List<? extends JavaType> types) {
        Set<String> internal = new LinkedHashSet<>();
        for (JavaType t : types) {
            involved(t).stream().filter(c -> c.getPackageName().matches(".*\\.internal(\\..*)?"))
                    .forEach(c -> internal.add(c.getName()));
        }
        if (!internal.isEmpty()) {
            events.add(SimpleConditionEvent.violated(owner, where + " exposes internal " + String.join(", ", internal)));
        }
    }

    /** Every raw type a type names: itself, its type arguments, its bounds. */
    private static Set<JavaClass> involved(JavaType t) {
        Set<JavaClass> all = new LinkedHashSet<>(t.getAllInvolvedRawTypes());
        if (t instanceof JavaTypeVariable<?> v) {
            v.getUpperBounds().forEach(b -> all.addAll(b.getAllInvolvedRawTypes()));
        }
        return all;
    }

    /** A type a user can name: public, or protected and nested in such a type; not anonymous or local. */
    private static boolean isApi(JavaClass type) {
        if (type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        boolean visible = type.getModifiers().contains(JavaModifier.PUBLIC)
                || (type.isNestedClass() && type.getModifiers().contains(JavaModifier.PROTECTED));
        return visible && type.getEnclosingClass().map(ArchitectureTest::isApi).orElse(true);
    }

    private static boolean isApi(JavaMember member) {
        Set<JavaModifier> m = member.getModifiers();
        return (m.contains(JavaModifier.PUBLIC) || m.contains(JavaModifier.PROTECTED))
                && !m.contains(JavaModifier.SYNTHETIC) && !m.contains(JavaModifier.BRIDGE);
    }
}
