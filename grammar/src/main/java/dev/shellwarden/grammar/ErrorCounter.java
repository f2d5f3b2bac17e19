package dev.shellwarden.grammar;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;

/**
 * Counts every error a lexer or parser reports. Installed instead of ANTLR's console listener,
 * which would print and go on: for a security classifier any reported error, even one ANTLR
 * recovers from, makes the text opaque.
 */
public final class ErrorCounter extends BaseErrorListener {
    private int count;

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
            int charPositionInLine, String msg, RecognitionException e) {
        count++;
    }

    /** Forgets the errors counted so far (before a second parse of the same tokens). */
    public void reset() {
        count = 0;
    }

    /** How many errors were reported so far. */
    public int count() {
        return count;
    }
}
