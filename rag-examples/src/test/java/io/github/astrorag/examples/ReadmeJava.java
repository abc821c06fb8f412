package io.github.astrorag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** The README's Java examples, compiled as written against the test class path. */
public final class ReadmeJava {

    private ReadmeJava() {
    }

    /**
     * The first {@code ```java} block after the heading {@code heading} of the README, as its import lines and the
     * rest.
     */
    public record Block(List<String> imports, String body) {
    }

    /** The block after {@code heading}; fails the test if there is none. */
    public static Block block(String heading) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int section = readme.indexOf(heading);
        assertThat(section).as(heading).isNotNegative();
        int start = readme.indexOf("```java\n", section) + "```java\n".length();
        String code = readme.substring(start, readme.indexOf("```", start));
        List<String> imports = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (String line : code.split("\n")) {
            if (line.startsWith("import ")) {
                imports.add(line);
            } else {
                body.append(line).append('\n');
            }
        }
        assertThat(imports).as("imports of " + heading).isNotEmpty();
        return new Block(imports, body.toString());
    }

    /** Compiles class {@code name}, its imports and its declarations, into {@code dir}; fails the test with javac's messages. */
    public static void compile(Path dir, String name, List<String> imports, String declarations) throws IOException {
        Path source = dir.resolve(name + ".java");
        Files.writeString(source, String.join("\n", imports) + "\npublic class " + name + " {\n" + declarations + "}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int result = javac.run(null, diagnostics, diagnostics, "-d", dir.toString(),
                "-classpath", System.getProperty("java.class.path"), source.toString());
        assertThat(result).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(dir.resolve(name + ".class")).exists();
    }
}
