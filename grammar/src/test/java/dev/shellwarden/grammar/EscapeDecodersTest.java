package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pins where {@code echo -e}'s escapes ({@link BashWalker#echoEscapes}) and bash's {@code $'…'}
 * ({@link AnsiC#decode}) differ, which is why they are two decoders: echo stops at {@code \c},
 * reads octal only after {@code \0}, keeps quote escapes, and refuses (null) escapes that give
 * control characters or code points, while {@code $'…'} decodes them all.
 */
class EscapeDecodersTest {

    /** input, echo -e's text (or null), $'…''s text. */
    private static final List<List<String>> TABLE = List.of(
            row("a\\nb\\tc", "a\nb\tc", "a\nb\tc"),
            row("a\\\\b", "a\\b", "a\\b"),
            row("r\\x6d -rf", "rm -rf", "rm -rf"),
            row("\\x", "\\x", "\\x"),
            row("\\q", "\\q", "\\q"),
            // \c: echo stops printing; $'…' makes a control character of the next one
            row("a\\cb", "a", "a\u0002"),
            // octal: echo reads \0NNN (up to three digits after the 0); $'…' reads \NNN
            row("\\0101", "A", "\b1"),
            row("\\101", "\\101", "A"),
            // quote escapes: echo keeps them as written
            row("\\\"x\\'", "\\\"x\\'", "\"x'"),
            // control characters and code points: echo's reading refuses them
            row("\\e[0m", null, "\u001b[0m"),
            row("\\x01", null, "\u0001"),
            row("\\u0041", null, "A"),
            row("\\U0001F600", null, "\uD83D\uDE00"));

    private static List<String> row(String... cells) {
        return Arrays.asList(cells);
    }

    @Test
    void echoAndAnsiCDecodeTheirOwnEscapes() {
        for (List<String> r : TABLE) {
            assertEquals(r.get(1), BashWalker.echoEscapes(r.get(0)), "echo -e " + r.get(0));
            assertEquals(r.get(2), AnsiC.decode(r.get(0)), "$'" + r.get(0) + "'");
        }
    }
}
