package io.github.astrorag.cli;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code astrorag parts [ROLE]}: every part of the registry by name, per role, with its settings, their kinds,
 * defaults and limits: what {@code --preset}, {@code --retriever}, {@code --reranker}, {@code --selector},
 * {@code --generator}, {@code --model} and the evaluation's {@code --pipelines} accept. Parts that other jars on the
 * class path register are listed too.
 */
@Command(name = "parts", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
        description = {"Lists the parts a name can pick, per role, with their settings (name:key=value,...).",
                "Roles: preset, retriever, reranker, selector, scorer, generator, embedder, loader."},
        footer = {"", "Examples:", "  astrorag parts reranker", "  astrorag ask --docs DOCS --reranker embedding:top=5 \"QUESTION\""})
public final class PartsCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "ROLE", description = "Only the parts of this role.")
    String role;

    @Option(names = "--markdown", description = "Print one Markdown table, as docs/configuration.md shows it.")
    boolean markdown;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PartRegistry parts = PartRegistry.installed();
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            out.print(parts.markdownTable());
            out.flush();
            return 0;
        }
        List<Role<?>> roles = role == null ? Role.values() : List.of(Role.of(role));
        for (Role<?> r : roles) {
            out.println(r.name() + "s:");
            for (Part<?> p : parts.parts(r)) {
                out.println("  " + p.name() + "  " + p.description());
                for (Setting s : p.settings()) {
                    out.println("      " + s.summary());
                }
            }
        }
        out.flush();
        return 0;
    }
}
