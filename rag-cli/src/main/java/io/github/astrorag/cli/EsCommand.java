package io.github.astrorag.cli;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code astrorag es}: housekeeping on an Elasticsearch cluster. */
@Command(name = "es", mixinStandardHelpOptions = true, description = "Elasticsearch housekeeping.",
        subcommands = EsCommand.Sweep.class)
public final class EsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code astrorag es sweep}. */
    @Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Delete what instances older than a given age left behind when their process was killed: their "
                    + "indices (of the prefix) and their documents in the shared indices (whatever --es-mode).",
            footer = {"", "Example:", "  astrorag es sweep --es-url http://127.0.0.1:9200 --older-than 1h"})
    static final class Sweep implements Callable<Integer> {

        private static final Pattern AGE = Pattern.compile("(\\d+)\\s*([smhd])");

        @Option(names = "--older-than", required = true, paramLabel = "AGE",
                description = "Minimum age of the indices to delete: a number and s, m, h or d (e.g. 30m, 1h, 2d).")
        String olderThan;

        @Option(names = "--verbose", description = "Show stack traces on errors.")
        boolean verbose;

        @Mixin
        IndexOptions index = new IndexOptions();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Duration age = parse(olderThan);
            index.kind = IndexOptions.Kind.ELASTICSEARCH;
            PrintWriter out = spec.commandLine().getOut();
            try (ElasticsearchEphemeralIndexFactory factory = index.elasticsearchFactory()) {
                List<String> deleted = factory.sweepOrphans(age);
                deleted.forEach(name -> out.println("deleted " + name));
                out.printf("%d instance(s) older than %s deleted%n", deleted.size(), olderThan);
            }
            out.flush();
            return 0;
        }

        static Duration parse(String text) {
            Matcher m = AGE.matcher(text.strip().toLowerCase(Locale.ROOT));
            Arguments.check(m.matches(), "--older-than must be a number and s, m, h or d (e.g. 1h), was '%s'", text);
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        }
    }
}
