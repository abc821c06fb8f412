package io.github.astrorag.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README stays short and sends readers to pages that exist: the documentation pages the README and the Javadoc
 * name are there, the README is at most {@value #README_LINES} lines, and every relative link of the README, of the
 * {@code docs/} pages and of the modules' READMEs reaches an existing file and, for {@code #anchor}, a heading of it
 * (GitHub's anchors: the heading in lower case, without punctuation, spaces as hyphens).
 */
class DocsLinksTest {

    static final int README_LINES = 260;
    static final List<String> PAGES = List.of("docs/cli.md", "docs/integrations.md", "docs/evaluation.md",
            "docs/benchmarks.md", "docs/configuration.md", "docs/reliability.md", "docs/design.md");

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

    @Test
    void theDocumentationPagesExist() {
        for (String page : PAGES) {
            assertThat(ReadmeJava.root().resolve(page)).as(page).isRegularFile();
        }
    }

    @Test
    void theReadmeIsReadInTwoMinutes() throws IOException {
        List<String> lines = Files.readAllLines(ReadmeJava.root().resolve("README.md"), StandardCharsets.UTF_8);
        assertThat(lines.size()).as("README.md lines").isLessThanOrEqualTo(README_LINES);
    }

    @Test
    void theReadmeLinksEveryDocumentationPage() throws IOException {
        String readme = Files.readString(ReadmeJava.root().resolve("README.md"));
        for (String page : PAGES) {
            assertThat(readme).as("README.md links " + page).contains("](" + page);
        }
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path page : ReadmeJava.pages()) {
            for (Link link : links(page)) {
                String target = link.target();
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue;                                           // https:, mailto: ...
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
                String where = ReadmeJava.root().relativize(page) + ":" + link.line() + " -> " + target;
                if (!Files.exists(file)) {
                    broken.add(where + " (no such file)");
                } else if (anchor != null) {
                    if (!file.toString().endsWith(".md")) {
                        broken.add(where + " (an anchor into a file that is not Markdown)");
                    } else if (!anchors.computeIfAbsent(file, DocsLinksTest::anchors).contains(anchor)) {
                        broken.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertThat(broken).as("broken relative links").isEmpty();
    }

    @Test
    void anchorsAreGitHubs() {
        assertThat(slug("Embed only what can matter: `--prefilter N`")).isEqualTo("embed-only-what-can-matter---prefilter-n");
        assertThat(slug("SQuAD 2.0 (a seeded sample)")).isEqualTo("squad-20-a-seeded-sample");
        assertThat(slug("Set-up: the two commands")).isEqualTo("set-up-the-two-commands");
    }

    record Link(int line, String target) {
    }

    /** The links of a page outside code blocks and inline code. */
    static List<Link> links(Path page) {
        List<Link> links = new ArrayList<>();
        boolean code = false;
        int number = 0;
        for (String line : read(page)) {
            number++;
            if (line.strip().startsWith("```")) {
                code = !code;
                continue;
            }
            if (code) {
                continue;
            }
            Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (m.find()) {
                links.add(new Link(number, m.group(1)));
            }
        }
        return links;
    }

    /** The anchors GitHub gives the headings of a page (a repeated heading gets -1, -2, ...). */
    static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean code = false;
        for (String line : read(page)) {
            if (line.strip().startsWith("```")) {
                code = !code;
            } else if (!code && line.matches("^#{1,6} .*")) {
                String slug = slug(line.replaceFirst("^#+ ", ""));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    static String slug(String heading) {
        String text = heading.strip().replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
    }

    private static List<String> read(Path page) {
        try {
            return Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
