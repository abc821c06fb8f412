package io.github.astrorag.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The Java examples of the Markdown pages (the README, every page of {@code docs/} and the modules' READMEs),
 * compiled as written against the test class path.
 *
 * <p>A block is compiled in one of three shapes, told apart by its lines at column 0 (comments and annotations
 * aside): a block with a {@code static} member is the body of a class; a block declaring a type
 * ({@code class}, {@code interface}, {@code record}, {@code enum}) is a source file; anything else is the body of
 * a {@code main} method. Its {@code import} lines are the file's imports in every shape.
 */
public final class ReadmeJava {

    private static final String FENCE = "```";
    private static final Pattern TYPE = Pattern.compile(
            "^(public\\s+)?((final|abstract|sealed)\\s+)*(class|interface|record|enum)\\s+(\\w+).*");

    private ReadmeJava() {
    }

    /** How a block is compiled. */
    public enum Shape {
        /** Statements: the body of {@code public static void main(String[] args) throws Exception}. */
        STATEMENTS,
        /** Members (methods, nested types): the body of a class. */
        MEMBERS,
        /** Type declarations: a source file of their own. */
        TYPES
    }

    /**
     * A {@code ```java} block of a Markdown page: the page, the line of its opening fence (1-based), its import lines
     * and the rest.
     */
    public record Block(Path file, int line, List<String> imports, String body) {

        /** Where the block stands, for messages: {@code docs/integrations.md:52}. */
        public String name() {
            return root().relativize(file).toString().replace('\\', '/') + ":" + line;
        }

        /** How the block is compiled, from its lines at column 0. */
        public Shape shape() {
            boolean type = false;
            for (String line : body.split("\n")) {
                if (line.startsWith("static ")) {
                    return Shape.MEMBERS;
                }
                type |= TYPE.matcher(line).matches();
            }
            return type ? Shape.TYPES : Shape.STATEMENTS;
        }
    }

    /** The project's root folder (the tests run in their module's folder). */
    public static Path root() {
        return Path.of("..").toAbsolutePath().normalize();
    }

    /** The pages whose Java blocks are compiled: README.md, every {@code docs/*.md} and every module's README.md. */
    public static List<Path> pages() {
        Path root = root();
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        pages.addAll(list(root.resolve("docs"), "glob:*.md"));
        for (Path module : list(root, "glob:rag-*")) {
            Path readme = module.resolve("README.md");
            if (Files.isRegularFile(readme)) {
                pages.add(readme);
            }
        }
        return pages;
    }

    private static List<Path> list(Path folder, String glob) {
        var matcher = folder.getFileSystem().getPathMatcher(glob);
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> matcher.matches(p.getFileName())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every {@code ```java} block of {@code page}, in order. */
    public static List<Block> blocks(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().startsWith(FENCE)) {
                continue;
            }
            boolean java = lines.get(i).strip().equals(FENCE + "java");
            int open = i;
            i++;
            while (i < lines.size() && !lines.get(i).strip().startsWith(FENCE)) {
                i++;
            }
            assertThat(i).as("the block opened at %s:%d is never closed", page, open + 1).isLessThan(lines.size());
            if (java) {
                blocks.add(block(page, open + 1, lines.subList(open + 1, i)));
            }
        }
        return blocks;
    }

    /** Every Java block of every page of {@link #pages()}. */
    public static List<Block> allBlocks() throws IOException {
        List<Block> all = new ArrayList<>();
        for (Path page : pages()) {
            all.addAll(blocks(page));
        }
        return all;
    }

    private static Block block(Path page, int line, List<String> code) {
        List<String> imports = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (String l : code) {
            if (l.startsWith("import ")) {
                imports.add(l);
            } else {
                body.append(l).append('\n');
            }
        }
        return new Block(page, line, imports, body.toString());
    }

    /**
     * The first Java block after the heading {@code heading} of {@code page} (a path from the project's root, such as
     * {@code README.md}); fails the test if there is none.
     */
    public static Block block(String page, String heading) throws IOException {
        Path file = root().resolve(page);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++) {
            if (lines.get(i).startsWith(heading)) {
                at = i + 1;
            }
        }
        assertThat(at).as("heading %s in %s", heading, page).isPositive();
        for (Block b : blocks(file)) {
            if (b.line() > at) {
                assertThat(b.imports()).as("imports of " + b.name()).isNotEmpty();
                return b;
            }
        }
        throw new AssertionError("no Java block after " + heading + " in " + page);
    }

    /**
     * Compiles {@code block} in its shape into {@code dir}; fails the test naming the block, with javac's messages.
     */
    public static void compile(Path dir, Block block) throws IOException {
        String name = "Block" + block.line();
        switch (block.shape()) {
            case STATEMENTS -> compile(dir, block, name, block.imports(),
                    "public class " + name + " {\n    public static void main(String[] args) throws Exception {\n"
                            + block.body() + "    }\n}\n");
            case MEMBERS -> compile(dir, block, name, block.imports(), "public class " + name + " {\n" + block.body() + "}\n");
            case TYPES -> compile(dir, block, publicType(block.body()), block.imports(), block.body());
        }
    }

    /** The name of the block's public top-level type, or a name of the block's own when no type is public. */
    private static String publicType(String body) {
        for (String line : body.split("\n")) {
            Matcher m = TYPE.matcher(line);
            if (m.matches() && m.group(1) != null) {
                return m.group(5);
            }
        }
        return "Types";
    }

    /** Compiles class {@code name}, its imports and its declarations, into {@code dir}; fails the test with javac's messages. */
    public static void compile(Path dir, String name, List<String> imports, String declarations) throws IOException {
        compile(dir, null, name, imports, "public class " + name + " {\n" + declarations + "}\n");
    }

    private static void compile(Path dir, Block block, String name, List<String> imports, String unit) throws IOException {
        Path source = dir.resolve(name + ".java");
        Files.writeString(source, String.join("\n", imports) + "\n" + unit);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int result = javac.run(null, diagnostics, diagnostics, "-d", dir.toString(),
                "-classpath", System.getProperty("java.class.path"), source.toString());
        String where = block == null ? name : "the Java block at " + block.name();
        assertThat(result).as("%s does not compile:%n%s", where, diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    }
}
