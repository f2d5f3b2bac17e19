package dev.shellwarden.grammar.powershell;

import java.util.ArrayDeque;
import java.util.Deque;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.Lexer;

/**
 * Hand-written part of the PowerShell lexer: the body of an expandable string.
 *
 * <p>An expandable string may hold {@code $( … )} subexpressions that hold strings that hold
 * subexpressions, and so on. Written as recursive lexer rules, that nesting makes ANTLR's lexer
 * simulation track every way of reading {@code $(} (subexpression or two plain characters), which
 * is exponential in the nesting depth. This scanner reads it in one linear pass with an explicit
 * stack (no recursion, so no stack overflow), and turns an unterminated string into ERROR_CHAR.
 */
public abstract class PowerShellLexerBase extends Lexer {

    /** Creates the lexer. */
    protected PowerShellLexerBase(CharStream input) {
        super(input);
    }

    /** The token type for text the lexer does not accept. */
    protected abstract int errorType();

    private static boolean isDoubleQuote(int c) {
        return c == '"' || c == '\u201C' || c == '\u201D' || c == '\u201E';
    }

    private static boolean isSingleQuote(int c) {
        return c == '\'' || c == '\u2018' || c == '\u2019' || c == '\u201A' || c == '\u201B';
    }

    private void take() {
        getInterpreter().consume(_input);
    }

    /**
     * Called after the opening double quote: consumes the rest of the string, through its closing
     * quote. A doubled quote is a quote; a backtick escapes the next character.
     */
    protected void scanExpandableString() {
        // Frames: 'D' inside a double-quoted string, 'P' inside a parenthesis of a subexpression.
        // INVARIANT: the stack is empty exactly when the outermost string has been closed.
        Deque<Character> stack = new ArrayDeque<>();
        stack.push('D');
        while (!stack.isEmpty()) {
            int c = _input.LA(1);
            if (c == IntStream.EOF) {
                setType(errorType());
                return;
            }
            if (c == '`') {
                take();
                if (_input.LA(1) != IntStream.EOF) {
                    take();
                }
                continue;
            }
            if (stack.peek() == 'D') {
                take();
                if (isDoubleQuote(c)) {
                    if (isDoubleQuote(_input.LA(1))) {
                        take();
                    } else {
                        stack.pop();
                    }
                } else if (c == '$' && _input.LA(1) == '(') {
                    take();
                    stack.push('P');
                }
                continue;
            }
            // Inside a subexpression.
            take();
            if (c == '(') {
                stack.push('P');
            } else if (c == ')') {
                stack.pop();
            } else if (isDoubleQuote(c)) {
                stack.push('D');
            } else if (isSingleQuote(c)) {
                while (true) {
                    int s = _input.LA(1);
                    if (s == IntStream.EOF) {
                        setType(errorType());
                        return;
                    }
                    take();
                    if (isSingleQuote(s)) {
                        if (isSingleQuote(_input.LA(1))) {
                            take();
                        } else {
                            break;
                        }
                    }
                }
            }
        }
    }
}
