package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Valid bash the splitter used to reject (arithmetic continued with backslash-newline, a
 * conditional in a substring offset, array subscripts with blanks), next to the near forms bash
 * itself rejects, which must stay non-static. The segment shapes are in
 * {@code corpus/grammar/bash/left-bash.txt}.
 */
class BashLeftoversTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    @Test
    void arithmeticReadsALineContinuationAsBlank() {
        assertTrue(ExpansionCheck.arithmetic("1 + \\\n 2"));
        assertTrue(ExpansionCheck.arithmetic("a[ i ] += \\\n 1"));
        // a backslash before anything else is still no arithmetic
        assertFalse(ExpansionCheck.arithmetic("1 + \\ 2"));
    }

    @Test
    void substringOffsetKeepsTheColonOfItsConditional() {
        assertTrue(ExpansionCheck.parameter("s:i>1?1:2:3"));
        assertTrue(ExpansionCheck.parameter("s:i>1?1:2"));
        assertTrue(ExpansionCheck.parameter("s:a?b?1:2:3:4"));
        assertTrue(ExpansionCheck.parameter("s:(a?1:2):(b?3:4)"));
        assertFalse(ExpansionCheck.parameter("s:1:2:3"));
        assertFalse(ExpansionCheck.parameter("s:a?1:2:3:4"));
    }

    @Test
    void validTextsAreStatic() {
        for (String s : new String[] {"echo $(( 1 + \\\n 2 ))", "(( n = 1 + \\\n 2 ))", "echo ${s:i>1?1:2:3}",
                "a[ $i ]=x", "a[ i + 1 ]+=y", "b[ \"k\" ]=v", "(( a[ i ] += 1 ))", "echo ${a[ i + 1 ]}"}) {
            SplitResult r = SPLITTER.split(s);
            BashSplitterPropertiesTest.wellFormed(r);
            assertTrue(r.isStatic(), () -> s + " -> " + SegmentFormat.lines(r));
        }
    }

    @Test
    void textsBashRejectsStayOpaque() {
        for (String s : new String[] {"echo ${s:1:2:3}", "a[ 1 ]", "a[ 1", "x=1 a[ 2 ]=z env"}) {
            SplitResult r = SPLITTER.split(s);
            BashSplitterPropertiesTest.wellFormed(r);
            assertFalse(r.isStatic(), () -> s + " -> " + SegmentFormat.lines(r));
        }
    }
}
