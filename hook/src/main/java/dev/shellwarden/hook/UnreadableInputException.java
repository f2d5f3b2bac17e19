package dev.shellwarden.hook;

/** The hook input cannot be read as a well-formed event of the agent client; the command is refused. */
public final class UnreadableInputException extends Exception {

    private static final long serialVersionUID = 1L;

    /** With a one-line reason. */
    public UnreadableInputException(String reason) {
        super(reason, null, false, false);
    }
}
