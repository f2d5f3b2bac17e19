package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fifth grammar round's edges that the line-based grammar corpus ({@code round5.txt}) cannot
 * hold (a CR inside a line), and texts bash itself rejects, which must stay non-static.
 */
class BashRoundFiveTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    @Test
    void backslashCarriageReturnIsAnEscapedCarriageReturn() {
        SplitResult r = SPLITTER.split("a \\\r");
        assertEquals(List.of("0 top [a] [\\r]"), SegmentFormat.lines(r));
    }

    @Test
    void backslashCrLfIsNoContinuationOfAReservedWord() {
        // bash: `wh\<CR><LF>ile` is the word `wh<CR>` and then `ile`: a syntax error at `do`
        assertFalse(SPLITTER.split("wh\\\r\nile a; do b; done").isStatic());
    }

    @Test
    void textsBashRejectsStayOpaque() {
        for (String s : new String[] {"true | ! true", "a &; b", "@test 'x' { a; }", "coproc",
                "echo ${ a;}b", "echo ${ a }", "x=${ a; ", "[[ a\n]]", "[[ a\n== b ]]",
                "if a; then b; fi c", "(a) b", "{ a; } b"}) {
            SplitResult r = SPLITTER.split(s);
            BashSplitterPropertiesTest.wellFormed(r);
            assertFalse(r.isStatic(), () -> s + " -> " + SegmentFormat.lines(r));
        }
    }
}
