package dev.shellwarden.grammar;

import java.util.Objects;

/**
 * A heredoc or here-string attached to a simple command as its standard input.
 *
 * @param body   the text the command reads (the raw body for a heredoc, the word for a here-string)
 * @param quoted true when the delimiter was quoted, so the shell expands nothing in the body
 */
public record Heredoc(String body, boolean quoted) {

    /** Validates the fields. */
    public Heredoc {
        Objects.requireNonNull(body, "body");
    }
}
