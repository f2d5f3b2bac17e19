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
     * ({@link HookOutcome#answer}); a client that ignores a JSON refusal in some cases gets an
     * exit-2 {@link HookOutcome#refuse} instead. INVARIANT: never an outcome that lets an ask or a
     * deny run; never throws.
     */
    HookOutcome answer(Judgement judgement);
}
