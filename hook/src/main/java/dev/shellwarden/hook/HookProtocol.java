package dev.shellwarden.hook;

/**
 * One agent client's tool hook protocol: how its input is read and how an answer is given. The
 * {@link HookRunner} does everything else (bounds, deadline, judging, refusals) the same way for
 * every client.
 */
public interface HookProtocol {

    /** The client's name for its shell tool, as used in refusal messages (e.g. {@code Bash}). */
    String shellToolName();

    /**
     * Reads one complete hook input.
     *
     * @throws UnreadableInputException when it is not a well-formed event of this client
     */
    ToolCall read(byte[] input) throws UnreadableInputException;

    /** The forms the client may run for {@code command} (default: exactly the command). */
    default RunForms runForms(String command) {
        return RunForms.exactly(command);
    }

    /**
     * Whether the client puts an {@code ask} answer to the user. When false, the runner answers
     * every ask as it does with {@code askAsDeny}: a refusal that tells the model the user must run
     * or approve the command (a client that cannot ask would otherwise run it or fail).
     */
    default boolean asksTheUser() {
        return true;
    }

    /**
     * The outcome for a judgement of a shell call: for most clients a JSON answer on stdout
     * ({@link HookOutcome#answer}); a client that ignores a JSON refusal in some cases refuses by
     * exit code instead, through {@link #refuse}. INVARIANT: never an outcome that lets an ask or a
     * deny run; never throws.
     */
    HookOutcome answer(Judgement judgement);

    /**
     * The one way this client is refused by exit code: exit 2 with {@code reason} as the stderr
     * line, which every supported client takes as "blocked". The runner refuses this way whenever
     * it cannot judge (unreadable input, a failing judge, the deadline); {@link #answer} may too.
     *
     * <p>Default: nothing on stdout. Claude Code ignores stdout on exit 2, Gemini CLI reads stderr
     * only when stdout is empty and Codex shows the model stderr. A client that shows the model
     * only what stdout says on exit 2 (Copilot CLI) adds its deny answer with
     * {@link HookOutcome#refuse(String, java.util.function.Function)}, so the model learns why.
     * INVARIANT: exit 2 with a non-empty stderr line (the runner falls back to the default if not).
     */
    default HookOutcome refuse(String reason) {
        return HookOutcome.refuse(reason);
    }
}
