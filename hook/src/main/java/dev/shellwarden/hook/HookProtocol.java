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
}
