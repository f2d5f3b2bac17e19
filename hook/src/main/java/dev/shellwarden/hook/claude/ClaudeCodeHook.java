package dev.shellwarden.hook.claude;

import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.OneLine;
import dev.shellwarden.hook.ShellCall;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Claude Code PreToolUse adapter: one hook input on stdin, one answer, one exit status.
 *
 * <ul>
 *   <li>{@code Bash} call: the command is judged and the answer is {@code hookSpecificOutput} with
 *       {@code permissionDecision} allow | ask | deny and the judge's message as the reason.</li>
 *   <li>Any other tool: no decision (exit 0, empty stdout); Claude Code's own permissions apply.</li>
 *   <li>Everything else (unreadable or oversize input, a Bash call without a usable command, a
 *       judge that throws, returns null or does not answer before the deadline): exit 2, nothing
 *       on stdout, one reason line on stderr. Claude Code blocks the call and shows the reason to
 *       the model.</li>
 * </ul>
 *
 * <p>WHY exit 2 for every failure: Claude Code fails open. A hook that exits 1, prints something
 * that is not its JSON, or exceeds the configured timeout lets the command run. So the adapter
 * answers before its own deadline (set it below the {@code timeout} in the hook settings), and
 * INVARIANT: stdout is written at most once, by {@link #run}, with a complete answer.
 */
public final class ClaudeCodeHook {

    /** Largest hook input read, in bytes; a larger one is refused unread. */
    public static final int MAX_INPUT_BYTES = 1024 * 1024;
    /** Largest command judged, in UTF-8 bytes (the protocol's bound on one command). */
    public static final int MAX_COMMAND_BYTES = 8 * 1024;
    /** Default time from start to answer; Claude Code's hook timeout must be longer. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(20);

    private static final String ASK_USER = "; ask the user to run the command themselves or try another approach";

    private final CommandJudge judge;
    private final Duration deadline;
    private final boolean deferAllow;

    /** An adapter over {@code judge} that answers within {@code deadline}. */
    public ClaudeCodeHook(CommandJudge judge, Duration deadline) {
        this(judge, deadline, false);
    }

    /**
     * An adapter over {@code judge} that answers within {@code deadline}. With {@code deferAllow},
     * an allow is answered as "no decision", so Claude Code's own permission rules and prompts
     * still apply to commands shell-warden lets through; ask and deny are answered as usual.
     */
    public ClaudeCodeHook(CommandJudge judge, Duration deadline, boolean deferAllow) {
        this.judge = Objects.requireNonNull(judge, "judge");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
        this.deferAllow = deferAllow;
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive");
        }
    }

    /**
     * Reads the hook input from {@code in}, writes the answer to {@code out} or a reason line to
     * {@code err}, and returns the exit status. Never throws.
     */
    public int run(InputStream in, OutputStream out, PrintStream err) {
        return outcome(in).emit(out, err);
    }

    /** The outcome for the input on {@code in}, within the deadline. Never throws. */
    public HookOutcome outcome(InputStream in) {
        // The work runs on a daemon thread so a judge that hangs (or a stdin that never closes)
        // cannot hold the answer past the deadline; the JVM exits without waiting for it.
        CompletableFuture<HookOutcome> work = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                work.complete(decide(readBounded(in)));
            } catch (Throwable t) {
                work.complete(refusal("shell-warden failed while checking the command: " + describe(t)));
            }
        }, "shell-warden-hook");
        worker.setDaemon(true);
        try {
            worker.start();
            return work.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return refusal("shell-warden could not check the command within " + deadline.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refusal("shell-warden was interrupted while checking the command");
        } catch (ExecutionException | RuntimeException | Error e) {
            return refusal("shell-warden failed while checking the command: " + describe(e));
        }
    }

    /** The outcome for one complete hook input (no deadline: callers bound it). */
    public HookOutcome decide(byte[] input) {
        if (input == null) {
            return refusal("the hook input exceeds " + MAX_INPUT_BYTES + " bytes");
        }
        PreToolUse call;
        try {
            call = PreToolUseReader.read(input);
        } catch (UnreadableInputException e) {
            return refusal(e.getMessage());
        }
        if (!call.isBash()) {
            return HookOutcome.noDecision();
        }
        if (call.command().isEmpty()) {
            return refusal("the Bash call has no command string");
        }
        String command = call.command().get();
        if (command.isBlank()) {
            return refusal("the Bash call has an empty command");
        }
        if (command.getBytes(StandardCharsets.UTF_8).length > MAX_COMMAND_BYTES) {
            return refusal("the command exceeds " + MAX_COMMAND_BYTES + " bytes: split it into smaller commands");
        }
        Judgement j;
        try {
            j = judge.judge(new ShellCall(command, call.cwd(), call.background()));
        } catch (Exception | Error e) {
            return refusal("shell-warden could not check the command: " + describe(e));
        }
        if (j == null) {
            return refusal("shell-warden could not check the command: the judge gave no answer");
        }
        if (deferAllow && j.decision() == Decision.ALLOW) {
            return HookOutcome.noDecision();
        }
        return HookOutcome.answer(ClaudeCodeAnswer.of(j));
    }

    /** Reads at most {@link #MAX_INPUT_BYTES}; null when there is more. */
    private static byte[] readBounded(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_INPUT_BYTES + 1);
        return bytes.length > MAX_INPUT_BYTES ? null : bytes;
    }

    /** An exception's message, or its type when it has none (a StackOverflowError…). */
    private static String describe(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    private static HookOutcome refusal(String reason) {
        String why = OneLine.of(reason, HookOutcome.MAX_STDERR_CHARS - ASK_USER.length() - 16);
        return HookOutcome.refuse((why.startsWith("shell-warden") ? why : "shell-warden: " + why) + ASK_USER);
    }
}
