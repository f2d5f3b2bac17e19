package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.cases.CaseFormatException;
import dev.shellwarden.checker.config.ConfigException;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.checker.protocol.ProtocolException;
import dev.shellwarden.grammar.json.Json;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The policy authors' command line: {@code explain}, {@code test}, {@code compile}, {@code scan},
 * {@code docs}, parsed by picocli. {@link dev.shellwarden.checker.Main} hands over to it only when
 * the first argument names a subcommand (or asks for help or the version), so the one-shot check
 * never loads this class or picocli.
 *
 * <p>Exit status: 0 success, 1 a check failed (a test case, a compiled rule's example), 2 bad
 * usage, config or input (one line on stderr, nothing on stdout), 3 internal error.
 */
@Command(name = "shell-warden", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        synopsisHeading = "Usage: ",
        customSynopsis = {"shell-warden [--config FILE] < letter.json      (the one-shot check)",
            "       shell-warden COMMAND [OPTIONS]"},
        description = {"", "Decides allow, ask or deny for the shell commands an AI agent wants to run.",
            "Without a command it reads one letter on stdin and writes one verdict on stdout."},
        commandListHeading = "%nCommands:%n",
        subcommands = CommandLine.HelpCommand.class)
public final class Cli implements Runnable {

    /** Exit status when an example or test case fails. */
    public static final int EXIT_FAILED = 1;
    /** Exit status for bad usage, config or input. */
    public static final int EXIT_USAGE = 2;
    /** Exit status for an internal error. */
    public static final int EXIT_INTERNAL = 3;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private Cli() {
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs a command line whose first argument names a subcommand; returns the exit status. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Io io = new Io(in, out, err);
        CommandLine cl = commandLine(io);
        return cl.execute(args);
    }

    /** The command tree, writing to {@code io}. */
    static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new Cli())
                .addSubcommand(new ExplainCommand(io))
                .addSubcommand(new TestCommand(io))
                .addSubcommand(new CompileCommand(io))
                .addSubcommand(new ScanCommand(io))
                .addSubcommand(new DocsCommand(io));
        cl.setOut(new PrintWriter(io.out(), true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(io.err(), true, StandardCharsets.UTF_8));
        // A command to explain or scan may well contain `@word`: never read it as an argument file.
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler(Cli::usageError);
        cl.setExecutionExceptionHandler(Cli::failure);
        return cl;
    }

    /** A usage error: one line on stderr naming the command and where to get help, exit 2. */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        cl.getErr().println(name + ": " + Json.oneLine(e.getMessage()) + " (see `" + name + " --help`)");
        cl.getErr().flush();
        return EXIT_USAGE;
    }

    /** What a subcommand threw: user errors exit 2 in one line; anything else is internal (3). */
    private static int failure(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        String name = cl.getCommandSpec().qualifiedName();
        PrintWriter err = cl.getErr();
        if (e instanceof UsageError || e instanceof ConfigException || e instanceof ProtocolException
                || e instanceof CaseFormatException) {
            err.println(name + ": " + Json.oneLine(e.getMessage()));
            err.flush();
            return EXIT_USAGE;
        }
        if (e instanceof java.io.IOException io) {
            // A file the user named cannot be read or written: their problem to fix, not ours.
            String file = io instanceof java.nio.file.FileSystemException f && f.getFile() != null ? f.getFile() + ": " : "";
            err.println(name + ": " + file + ConfigReader.describe(io));
            err.flush();
            return EXIT_USAGE;
        }
        err.println(name + ": internal error: " + Json.oneLine(e.toString()));
        err.flush();
        return EXIT_INTERNAL;
    }

    /** A malformed request a parser could not catch (a missing file, conflicting options). */
    static final class UsageError extends RuntimeException {
        UsageError(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The streams of one run. Subcommands write results to {@code out} and everything else
     * (progress, summaries, warnings) to {@code err}.
     */
    record Io(InputStream in, PrintStream out, PrintStream err) {
    }
}
