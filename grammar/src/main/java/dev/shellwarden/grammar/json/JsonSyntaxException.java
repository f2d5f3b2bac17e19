package dev.shellwarden.grammar.json;

/**
 * Text that {@link Json#parse} cannot read. The message is one line: the problem and its line and
 * column, without Java class names, so a caller can show it to a person as it is.
 */
public final class JsonSyntaxException extends RuntimeException {

    /** A problem described in one line. */
    public JsonSyntaxException(String message) {
        super(message, null, false, false);
    }
}
