package io.github.astrorag.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The names the documentation lists come from the registry of parts: the table of docs/configuration.md is the
 * registry's own ({@link PartRegistry#markdownTable()}), and every list of a role's names written between
 * {@code <!-- names:ROLE -->} and {@code <!-- /names -->} in README.md or docs/ is that role's names, in order.
 */
class DocsPartNamesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LIST = Pattern.compile("<!-- names:([a-z]+) -->(.*?)<!-- /names -->", Pattern.DOTALL);

    /** The library's parts: every installed provider but this test jar's. */
    static PartRegistry library() {
        List<PartProvider> providers = new ArrayList<>();
        ServiceLoader.load(PartProvider.class).forEach(p -> {
            if (!p.getClass().getName().startsWith("io.github.astrorag.project.")) {
                providers.add(p);
            }
        });
        return PartRegistry.of(providers);
    }

    @Test
    void theConfigurationTableIsTheRegistrys() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/configuration.md"));
        int begin = page.indexOf("<!-- parts:begin -->\n");
        int end = page.indexOf("<!-- parts:end -->");
        assertThat(begin).as("docs/configuration.md holds the parts table between its markers").isPositive();
        assertThat(page.substring(begin + "<!-- parts:begin -->\n".length(), end))
                .as("regenerate it with: java -jar rag-cli/target/astrorag.jar parts --markdown")
                .isEqualTo(library().markdownTable());
    }

    @Test
    void everyMarkedListOfNamesIsTheRegistrys() throws IOException {
        PartRegistry parts = library();
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (var docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        int lists = 0;
        for (Path page : pages) {
            Matcher m = LIST.matcher(Files.readString(page));
            while (m.find()) {
                lists++;
                List<String> written = Arrays.stream(m.group(2).replace("`", "").split("[,\\s]+"))
                        .map(String::strip).filter(w -> !w.isEmpty() && !w.equals("and") && !w.equals("or")).toList();
                assertThat(written).as(ROOT.relativize(page) + ": the " + m.group(1) + " names")
                        .isEqualTo(parts.names(Role.of(m.group(1))));
            }
        }
        assertThat(lists).as("marked lists of names in the docs").isPositive();
    }
}
