package dev.shellwarden.checker.protocol;

/**
 * Bad input: the letter (or config) cannot be judged. The message is one line naming the problem;
 * the checker prints it on stderr and exits 2 without a verdict.
 */
public final class ProtocolException extends RuntimeException {

    /** A problem described in one line. */
    public ProtocolException(String message) {
        super(message, null, false, false);
    }
}
