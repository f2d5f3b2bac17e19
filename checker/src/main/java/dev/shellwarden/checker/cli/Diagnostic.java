package dev.shellwarden.checker.cli;

/**
 * One problem in an author's file, printed as {@code file:line:col: message} like a compiler's.
 *
 * @param file    the file as the author named it (the rules folder joined with the relative path)
 * @param line    1-based line
 * @param column  1-based column
 * @param message one line
 */
record Diagnostic(String file, int line, int column, String message) {

    /** Clamps unknown positions to the start of the file. */
    Diagnostic {
        line = Math.max(line, 1);
        column = Math.max(column, 1);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + message;
    }
}
