package dev.shellwarden.checker.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One in-process run of the authors' command line, with what it wrote.
 *
 * @param exit the exit status
 * @param out  stdout
 * @param err  stderr
 */
record CliRun(int exit, String out, String err) {

    /** Runs {@code args} with {@code stdin}. */
    static CliRun withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code args} with empty stdin. */
    static CliRun run(String... args) {
        return withInput("", args);
    }

    /** The non-empty lines of stderr. */
    List<String> errLines() {
        return err.lines().filter(l -> !l.isBlank()).toList();
    }

    /** The non-empty lines of stdout. */
    List<String> outLines() {
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
