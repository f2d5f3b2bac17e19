package dev.shellwarden.hook;

/**
 * One agent client's tool hook protocol: how its input is read and how an answer is written. The
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

    /** The complete stdout answer (exit 0) for a judgement of a shell call. */
    byte[] answer(Judgement judgement);

    /**
     * The stdout that goes with a refusal (exit 2, {@code reason} on stderr). Empty by default:
     * Claude Code ignores stdout on exit 2 and Gemini CLI reads stderr only when stdout is empty.
     * A client that shows the model only what stdout says on exit 2 (Copilot CLI) gets its deny
     * answer here, so the model learns why; the exit status alone still refuses if it is ignored.
     */
    default byte[] refusal(String reason) {
        return new byte[0];
    }
}
