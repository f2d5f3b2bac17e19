package dev.shellwarden.checker.cases;

/** A malformed case file; the message is {@code file:line: problem}. */
public final class CaseFormatException extends RuntimeException {

    /** A problem at a place. */
    public CaseFormatException(String message) {
        super(message, null, false, false);
    }
}
