package dev.shellwarden.hook.claude;

import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookProtocol;
import dev.shellwarden.hook.HookRunner;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;

/**
 * The Claude Code PreToolUse adapter: one hook input on stdin, one answer, one exit status.
 *
 * <ul>
 *   <li>{@code Bash} call: the command is judged and the answer is {@code hookSpecificOutput} with
 *       {@code permissionDecision} allow | ask | deny and the judge's message as the reason.</li>
 *   <li>Any other tool: no decision (exit 0, empty stdout); Claude Code's own permissions apply.</li>
 *   <li>Everything else: exit 2 with one reason line on stderr (see {@link HookRunner}). Claude Code
 *       blocks the call and shows the reason to the model.</li>
 * </ul>
 *
 * <p>WHY exit 2 for every failure: Claude Code fails open. A hook that exits 1, prints something
 * that is not its JSON, or exceeds the configured timeout lets the command run.
 */
public final class ClaudeCodeHook {

    /** Largest hook input read, in bytes; a larger one is refused unread. */
    public static final int MAX_INPUT_BYTES = HookRunner.MAX_INPUT_BYTES;
    /** Largest command judged, in UTF-8 bytes (the protocol's bound on one command). */
    public static final int MAX_COMMAND_BYTES = HookRunner.MAX_COMMAND_BYTES;
    /** Default time from start to answer; Claude Code's hook timeout must be longer. */
    public static final Duration DEFAULT_DEADLINE = HookRunner.DEFAULT_DEADLINE;

    /** Claude Code's side of the hook protocol. */
    public static final HookProtocol PROTOCOL = new HookProtocol() {
        @Override
        public String shellToolName() {
            return PreToolUseReader.BASH;
        }

        @Override
        public ToolCall read(byte[] input) throws UnreadableInputException {
            return PreToolUseReader.read(input);
        }

        @Override
        public HookOutcome answer(Judgement judgement) {
            return HookOutcome.answer(ClaudeCodeAnswer.of(judgement));
        }
    };

    private final HookRunner runner;

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
        this.runner = new HookRunner(PROTOCOL, judge, deadline, deferAllow, false);
    }

    /**
     * Reads the hook input from {@code in}, writes the answer to {@code out} or a reason line to
     * {@code err}, and returns the exit status. Never throws.
     */
    public int run(InputStream in, OutputStream out, PrintStream err) {
        return runner.run(in, out, err);
    }

    /** The outcome for the input on {@code in}, within the deadline. Never throws. */
    public HookOutcome outcome(InputStream in) {
        return runner.outcome(in);
    }

    /** The outcome for one complete hook input (no deadline: callers bound it). */
    public HookOutcome decide(byte[] input) {
        return runner.decide(input);
    }
}
