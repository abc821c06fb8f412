package io.github.astrorag.examples.cli;

import io.github.astrorag.core.RagException;
import io.github.astrorag.examples.eval.EvalCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code astrorag} command line: ask questions over documents, evaluate selectors on datasets.
 * Bad input exits with status 2 and one line on stderr; {@code --verbose} adds the stack trace.
 */
@Command(name = "astrorag", mixinStandardHelpOptions = true, versionProvider = AstroRagCommand.Version.class,
        description = "Budgeted, cited retrieval-augmented generation: AstroRAG and CORAG on the JVM.",
        subcommands = {AskCommand.class, EvalCommand.class, AgentCommand.class, EsCommand.class, CacheCommand.class,
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

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its status (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The configured picocli command line. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new AstroRagCommand());
        cl.setExecutionExceptionHandler(AstroRagCommand::handle);
        cl.setParameterExceptionHandler(AstroRagCommand::handleParameters);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl;
    }

    private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        boolean verbose = parsed.hasMatchedOption("--verbose")
                || (parsed.subcommand() != null && parsed.subcommand().hasMatchedOption("--verbose"));
        // run-time failures (RagException) and bad settings (IllegalArgumentException/IllegalStateException, the
        // library's programming-error rule, here reached from the command line's values) carry a message
        // meant for the user; anything else is a bug, named by its class
        boolean told = e instanceof RagException || e instanceof IllegalArgumentException || e instanceof IllegalStateException;
        String kind = told ? "" : e.getClass().getSimpleName() + ": ";
        err.println("astrorag: error: " + kind + e.getMessage());
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return EXIT_ERROR;
    }

    private static int handleParameters(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("astrorag: error: " + e.getMessage() + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return EXIT_ERROR;
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
