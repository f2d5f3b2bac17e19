package dev.shellwarden.grammar;

/**
 * Splits a command text into segments. A total function: it never throws and always returns
 * within bounded time; whatever it cannot resolve comes back opaque, never guessed.
 */
public interface Splitter {

    /** Longest text accepted, in UTF-16 chars; longer text is one opaque segment. */
    int MAX_TEXT_CHARS = 8 * 1024;

    /** Splits {@code text}. */
    SplitResult split(String text);

    /** The splitter for a shell. */
    static Splitter forShell(Shell shell) {
        return switch (shell) {
            case BASH -> new BashSplitter();
            case POWERSHELL -> new PowerShellSplitter();
        };
    }
}
