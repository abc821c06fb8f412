package io.github.astrorag.cli;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.cli.EvalCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code astrorag} command line: ask questions over documents, evaluate pipelines on datasets.
 * Bad input exits with status 2 and one line on stderr; {@code --verbose} adds the stack trace. The
 * command line is strict: an unknown option, an option given twice or a second question is an error.
 * Every message passes through a {@link Redactor} of the secrets named by {@code --api-key-env},
 * {@code --es-api-key-env} and {@code --es-password-env}, and is put on one line without control
 * characters.
 */
@Command(name = "astrorag", mixinStandardHelpOptions = true, versionProvider = AstroRagCommand.Version.class,
        description = "Budgeted, cited retrieval-augmented generation: AstroRAG and CORAG on the JVM.",
        subcommands = {AskCommand.class, McpCommand.class, EvalCommand.class, AgentCommand.class, EsCommand.class, CacheCommand.class,
            PartsCommand.class,
            CommandLine.HelpCommand.class})
public final class AstroRagCommand implements Runnable {

    /** Exit status for bad input or a failed run. */
    public static final int EXIT_ERROR = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The system property the help texts read the kinds of file from ({@code ${sys:astrorag.kinds}}). */
    static final String KINDS_PROPERTY = "astrorag.kinds";

    /** Options whose value names an environment variable holding a secret. */
    static final List<String> SECRET_OPTIONS = List.of("--api-key-env", "--es-api-key-env", "--es-password-env");

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        NativeSetup.logging(List.of(args).contains("--verbose"));
        NativeSetup.configure();
        System.exit(execute(args));
    }

    /** Runs the command line and returns its status (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The configured picocli command line. */
    public static CommandLine commandLine() {
        // the kinds of file the help texts list: those of the loaders on the class path
        System.setProperty(KINDS_PROPERTY, DocumentLoader.describe(
                PipelineFactory.loader(PartRegistry.installed(), null).extensions()));
        CommandLine cl = new CommandLine(new AstroRagCommand());
        cl.setExecutionExceptionHandler(AstroRagCommand::handle);
        cl.setParameterExceptionHandler(AstroRagCommand::handleParameters);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setUnmatchedOptionsArePositionalParams(false);
        cl.setUnmatchedArgumentsAllowed(false);
        cl.setOverwrittenOptionsAllowed(false);
        hide(cl.getSubcommands().get("mcp"), "--stream");
        return cl;
    }

    /**
     * Keeps {@code option} (of a mixin shared with other commands) out of {@code command}'s help, where it does not
     * apply; the command still refuses it by name, saying why.
     */
    private static void hide(CommandLine command, String option) {
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        CommandLine.Model.OptionSpec shown = spec.findOption(option);
        spec.remove(shown);
        spec.addOption(shown.toBuilder().hidden(true).build());
    }

    private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        boolean verbose = false;
        List<String> secrets = new ArrayList<>();
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            verbose |= p.hasMatchedOption("--verbose");
            for (String option : SECRET_OPTIONS) {
                if (p.hasMatchedOption(option)) {
                    String variable = p.matchedOptionValue(option, "");
                    secrets.add(Secrets.looksLikeSecret(variable) ? variable : System.getenv(variable));
                }
            }
        }
        Redactor redactor = Redactor.of(secrets);
        // run-time failures (RagException) and bad settings (IllegalArgumentException/IllegalStateException, the
        // library's programming-error rule, here reached from the command line's values) carry a message
        // meant for the user; anything else is a bug, named by its class
        boolean told = e instanceof RagException || e instanceof IllegalArgumentException || e instanceof IllegalStateException;
        String kind = told ? "" : e.getClass().getSimpleName() + ": ";
        err.println("astrorag: error: " + Terminal.message(redactor.apply(kind + e.getMessage())));
        if (verbose) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            err.print(Terminal.clean(redactor.apply(trace.toString())));
        }
        err.flush();
        return EXIT_ERROR;
    }

    private static int handleParameters(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("astrorag: error: " + Terminal.message(Redactor.of(secretValues(args)).apply(e.getMessage()))
                + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return EXIT_ERROR;
    }

    /** An option whose name says its value may be a secret (known or misspelt: {@code --api-key}, {@code --es-password-env}). */
    private static final Pattern SECRET_OPTION = Pattern.compile("(?i)key|secret|passw|token|auth|credential");

    /**
     * The values on a command line that a parameter error must not show: the value of an option whose name says
     * it bears a secret ({@code --opt VALUE} or {@code --opt=VALUE}), and, for an option that names an environment
     * variable ({@code ...-env}), only a value that looks like a key rather than a variable name. Any other value
     * (a number, a path, a question) is not a secret and is shown as given.
     */
    static List<String> secretValues(String[] args) {
        List<String> secrets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                break;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            if (!a.startsWith("-") || !SECRET_OPTION.matcher(name).find()) {
                continue;
            }
            String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < args.length ? args[i + 1] : null;
            if (value != null && !value.isBlank() && (!name.endsWith("-env") || Secrets.looksLikeSecret(value))) {
                secrets.add(value);
            }
        }
        return secrets;
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = AstroRagCommand.class.getPackage().getImplementationVersion();
            return new String[] {"astrorag " + (v == null ? "development build" : v)};
        }
    }
}
