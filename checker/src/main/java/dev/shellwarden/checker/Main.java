package dev.shellwarden.checker;

import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.config.ConfigException;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.checker.protocol.Letter;
import dev.shellwarden.checker.protocol.LetterReader;
import dev.shellwarden.checker.protocol.ProtocolException;
import dev.shellwarden.checker.protocol.VerdictDoc;
import dev.shellwarden.checker.protocol.VerdictWriter;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.json.Json;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * The {@code shell-warden} command. The default command is the one-shot check: one letter on
 * stdin, one verdict on stdout, exit 0. Bad input or config: exit 2, one line on stderr, nothing on
 * stdout. Internal error: exit 3 likewise.
 *
 * <p>INVARIANT: only {@link #emit} writes to the real stdout, and only a complete verdict;
 * {@code System.out} is pointed at stderr before anything else runs so no library can corrupt it.
 */
public final class Main {

    /** Exit status for bad input, bad config or bad usage. */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit status for an internal error. */
    public static final int EXIT_INTERNAL = 3;

    private static final String USAGE = "usage: shell-warden [--config FILE] < letter.json"
            + " | shell-warden COMMAND … (see shell-warden --help)";

    /** The policy authors' command line (picocli): gets the whole argument list. */
    private static final String CLI = "dev.shellwarden.checker.cli.Cli";

    /**
     * Subcommands and the class that runs each, by first argument. WHY a table of class names: the
     * one-shot check must not load picocli or any subcommand class, so they are only looked up
     * here, by name, when the first argument asks for them. Each class has
     * {@code static int run(String[] args, InputStream in, PrintStream out, PrintStream err)} taking
     * the whole argument list and returning the exit status. Add a line to add a subcommand.
     */
    private static final Map<String, String> SUBCOMMANDS = Map.ofEntries(
            Map.entry("explain", CLI),
            Map.entry("test", CLI),
            Map.entry("compile", CLI),
            Map.entry("scan", CLI),
            Map.entry("docs", CLI),
            Map.entry("help", CLI),
            Map.entry("--help", CLI),
            Map.entry("-h", CLI),
            Map.entry("--version", CLI),
            Map.entry("-V", CLI));


    private Main() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(stderr);
        System.setErr(stderr);
        if (args.length > 0 && "hook".equals(args[0])) {
            // `shell-warden hook AGENT …`: the agent adapter; HookCommand is loaded only here.
            HookCommand.main(java.util.Arrays.copyOfRange(args, 1, args.length), stdout, stderr);
        }
        int status = run(args, System.in, stdout, stderr);
        stdout.flush();
        stderr.flush();
        // halt, not exit: everything is flushed, no shutdown hook of ours exists, and
        // System.exit first sets up the JDK's System.Logger to log the exit (~4 ms of a cold check).
        Runtime.getRuntime().halt(status);
    }

    /** Runs the command line; returns the exit status. */
    static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        if (args.length > 0 && SUBCOMMANDS.containsKey(args[0])) {
            return subcommand(SUBCOMMANDS.get(args[0]), args, in, out, err);
        }
        try {
            Path config = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--config" -> {
                        if (i + 1 >= args.length) {
                            throw new UsageException("--config needs a file");
                        }
                        config = Path.of(args[++i]);
                    }
                    default -> throw new UsageException("unknown argument `" + args[i] + "`");
                }
            }
            ColdStart.beforeDrools();
            CheckerConfig cfg = config == null ? CheckerConfig.DEFAULTS : ConfigReader.read(config);
            // Start-up: the rule base (built-in rules and the config's policy bundle, if any) builds
            // on a second thread while this one reads the letter (see Preload).
            Preload<RuleBook> rules = Preload.start("shell-warden-rulebook",
                    () -> PolicyBundle.ruleBook(cfg, Main.class.getClassLoader()));
            ColdStart.aheadOfTheRuleBase();
            for (String w : cfg.warnings()) {
                err.println("shell-warden: warning: " + w);
            }
            Letter letter = LetterReader.read(readBounded(in));
            warmGrammar(cfg, letter);
            RuleBook book = rules.get();
            for (String w : OverlayCheck.warnings(cfg.overlay(), book)) {
                err.println("shell-warden: warning: " + w);
            }
            VerdictDoc verdict = new Checker(new Engine(book), cfg).check(letter);
            emit(out, VerdictWriter.write(verdict));
            return 0;
        } catch (UsageException | ProtocolException | ConfigException e) {
            err.println("shell-warden: " + Json.oneLine(e.getMessage()));
            if (e instanceof UsageException) {
                err.println(USAGE);
            }
            return EXIT_BAD_INPUT;
        } catch (Throwable t) {
            err.println("shell-warden: internal error: " + Json.oneLine(t.toString()));
            return EXIT_INTERNAL;
        }
    }

    /**
     * Splits the letter's first command once, result unused, so the grammar's one-time set-up
     * (ANTLR's ATN and DFA caches) overlaps the rule base's build instead of following it.
     * Splitting is a pure function: this changes no verdict.
     */
    private static void warmGrammar(CheckerConfig cfg, Letter letter) {
        if (letter.isShell() && !letter.commands().isEmpty()) {
            Splitter.forShell(cfg.shell()).split(letter.commands().get(0).raw());
        }
    }

    /** Hands the command line to a subcommand class, loaded only now. */
    private static int subcommand(String className, String[] args, InputStream in, OutputStream out, PrintStream err) {
        try {
            PrintStream ps = out instanceof PrintStream p ? p : new PrintStream(out, false, StandardCharsets.UTF_8);
            Object status = Class.forName(className).getMethod("run", String[].class, InputStream.class,
                    PrintStream.class, PrintStream.class).invoke(null, args, in, ps, err);
            ps.flush();
            return (Integer) status;
        } catch (java.lang.reflect.InvocationTargetException e) {
            err.println("shell-warden: internal error: " + Json.oneLine(e.getCause().toString()));
            return EXIT_INTERNAL;
        } catch (ReflectiveOperationException | LinkageError e) {
            err.println("shell-warden: internal error: " + Json.oneLine(e.toString()));
            return EXIT_INTERNAL;
        }
    }

    private static void emit(OutputStream out, byte[] verdict) throws IOException {
        out.write(verdict);
        out.flush();
    }

    /** Reads stdin, refusing more than a letter may hold without reading it all. */
    static byte[] readBounded(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(Letter.MAX_LETTER_BYTES + 1);
        if (bytes.length > Letter.MAX_LETTER_BYTES) {
            throw new ProtocolException("letter exceeds " + Letter.MAX_LETTER_BYTES + " bytes");
        }
        return bytes;
    }

    /** A malformed command line. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message, null, false, false);
        }
    }
}
