package io.github.astrorag.project.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What a Maven Central upload needs of the build: the BOM lists every library module at the parent's version,
 * every POM carries the licence, and every library jar names its JPMS module. Reads the POMs and the jars the
 * reactor packaged before this module (an IT, so that they are this build's).
 */
class ArtifactsIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String version(String pom) {
        Matcher m = Pattern.compile("<artifactId>(astrorag-parent|rag-bom)</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertThat(m.find()).isTrue();
        return m.group(2);
    }

    private static List<String> libraryModules() {
        List<String> out = new ArrayList<>();
        Matcher m = MODULE.matcher(read(ROOT.resolve("pom.xml")));
        while (m.find()) {
            // rag-examples and test beds such as rag-spring-ai-2-tests are never deployed
            if (!m.group(1).equals("rag-bom")
                    && !read(ROOT.resolve(m.group(1)).resolve("pom.xml")).contains("<maven.deploy.skip>true</maven.deploy.skip>")) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    @Test
    void theBomListsEveryLibraryModuleAtTheParentsVersion() {
        String parent = read(ROOT.resolve("pom.xml"));
        String bom = read(ROOT.resolve("rag-bom/pom.xml"));
        assertThat(version(bom)).isEqualTo(version(parent));
        assertThat(bom).doesNotContain("<parent>");
        List<String> modules = libraryModules();
        assertThat(modules).contains("rag-core", "rag-retrieval", "rag-mcts", "rag-elasticsearch", "rag-langchain4j",
                "rag-spring-ai");
        for (String module : modules) {
            assertThat(bom).as(module).contains("<artifactId>" + module + "</artifactId><version>${project.version}</version>");
        }
    }

    @Test
    void everyPomCarriesTheLicenceAndTheRepositoryFileHoldsIt() {
        assertThat(read(ROOT.resolve("LICENSE"))).contains("Apache License").contains("Version 2.0, January 2004");
        for (String pom : List.of(read(ROOT.resolve("pom.xml")), read(ROOT.resolve("rag-bom/pom.xml")))) {
            assertThat(pom).contains("<name>Apache-2.0</name>").contains("<scm>").contains("<developers>").contains("<url>");
        }
    }

    @Test
    void everyLibraryJarNamesItsModule() throws IOException {
        String version = version(read(ROOT.resolve("pom.xml")));
        for (String module : libraryModules()) {
            Path jar = ROOT.resolve(module).resolve("target").resolve(module + "-" + version + ".jar");
            assertThat(jar).as("built before rag-examples in the reactor").exists();
            try (JarFile j = new JarFile(jar.toFile())) {
                String name = j.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
                // the module's base package: rag-x-y -> io.github.astrorag.xy; the starter's is spring.boot, the
                // auto-configuration it shares (same package) is named spring.boot.autoconfigure
                String expected = module.equals("rag-spring-boot-starter") ? "io.github.astrorag.spring.boot"
                        : module.equals("rag-spring-boot-autoconfigure") ? "io.github.astrorag.spring.boot.autoconfigure"
                        : module.equals("rag-spring-boot-4-starter") ? "io.github.astrorag.spring.boot4"
                        : "io.github.astrorag." + module.substring("rag-".length()).replace("-", "");
                assertThat(name).as(module).isEqualTo(expected);
            }
        }
    }
}
