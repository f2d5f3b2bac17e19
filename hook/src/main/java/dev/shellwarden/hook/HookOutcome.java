package dev.shellwarden.hook;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a hook process ends with: an exit status, the bytes for stdout, and at most one line for
 * stderr.
 *
 * <p>INVARIANT: a refusal has exactly one stderr line and a stdout that is empty unless its
 * protocol gives one (see {@link HookProtocol#refuse}); an answer has no stderr line. Most agent
 * clients read stdout only on exit 0; the exit status alone refuses wherever stdout is ignored.
 *
 * @param exitStatus the process exit status
 * @param stdout     the complete answer, possibly empty ("no decision")
 * @param stderrLine one line without a line break, or empty for none
 */
public record HookOutcome(int exitStatus, byte[] stdout, String stderrLine) {

    /** Exit status of an answer (the decision is on stdout) or of "no decision" (empty stdout). */
    public static final int EXIT_ANSWER = 0;
    /** Exit status of a refusal: the command is blocked and the stderr line is the reason. */
    public static final int EXIT_REFUSE = 2;
    /** Longest stderr line, in characters. */
    public static final int MAX_STDERR_CHARS = 512;

    /** Checks the invariant. */
    public HookOutcome {
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderrLine, "stderrLine");
        stdout = stdout.clone();
        if (stderrLine.indexOf('\n') >= 0 || stderrLine.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("stderr line has a line break");
        }
    }

    /** Exit 0 with {@code answer} on stdout. */
    public static HookOutcome answer(byte[] answer) {
        return new HookOutcome(EXIT_ANSWER, answer, "");
    }

    /** Exit 0 with nothing on stdout: the client goes on as if there were no hook. */
    public static HookOutcome noDecision() {
        return new HookOutcome(EXIT_ANSWER, new byte[0], "");
    }

    /** Exit 2, nothing on stdout, {@code reason} as one bounded stderr line. */
    public static HookOutcome refuse(String reason) {
        return new HookOutcome(EXIT_REFUSE, new byte[0], refusalLine(reason));
    }

    /**
     * Exit 2, {@code reason} as one bounded stderr line, and on stdout what {@code answerFor}
     * makes of that same line (a client's deny answer; nothing when it fails or gives null).
     */
    public static HookOutcome refuse(String reason, Function<String, byte[]> answerFor) {
        String line = refusalLine(reason);
        byte[] stdout;
        try {
            stdout = answerFor.apply(line);
        } catch (RuntimeException e) {
            // The exit status refuses without it; a refusal must never fail.
            stdout = null;
        }
        return new HookOutcome(EXIT_REFUSE, stdout == null ? new byte[0] : stdout, line);
    }

    private static String refusalLine(String reason) {
        String line = OneLine.of(reason, MAX_STDERR_CHARS);
        return line.isEmpty() ? "shell-warden refused this command" : line;
    }

    /** The stdout bytes (a copy). */
    @Override
    public byte[] stdout() {
        return stdout.clone();
    }

    /**
     * Writes this outcome and returns the exit status to use. If stdout cannot be written whole,
     * the outcome degrades to a refusal (exit 2 makes the client ignore whatever stdout got).
     */
    public int emit(OutputStream out, PrintStream err) {
        if (exitStatus != EXIT_ANSWER) {
            try {
                // Best effort: the exit status refuses whatever happens to stdout.
                out.write(stdout);
                out.flush();
            } catch (IOException | RuntimeException e) {
                // ignored on purpose, see above
            }
            err.println(stderrLine);
            err.flush();
            return exitStatus;
        }
        try {
            out.write(stdout);
            out.flush();
            // A PrintStream swallows write errors and only records them.
            if (out instanceof PrintStream ps && ps.checkError()) {
                throw new IOException("stdout write failed");
            }
            return EXIT_ANSWER;
        } catch (IOException | RuntimeException e) {
            HookOutcome failed = refuse("shell-warden could not write its answer (" + e + "); ask the user to run the command");
            err.println(failed.stderrLine());
            err.flush();
            return failed.exitStatus();
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HookOutcome h && h.exitStatus == exitStatus
                && java.util.Arrays.equals(h.stdout, stdout) && h.stderrLine.equals(stderrLine);
    }

    @Override
    public int hashCode() {
        return Objects.hash(exitStatus, java.util.Arrays.hashCode(stdout), stderrLine);
    }

    @Override
    public String toString() {
        return "HookOutcome[exit=" + exitStatus + ", stdout=" + new String(stdout, java.nio.charset.StandardCharsets.UTF_8)
                + ", stderr=" + stderrLine + "]";
    }
}
