package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Pathological inputs from the issue: each returns an opaque result, never an exception. */
class BashSplitterLimitsTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    private static void opaque(String text, OpaqueReason reason) {
        SplitResult r = SPLITTER.split(text);
        BashSplitterPropertiesTest.wellFormed(r);
        assertFalse(r.isStatic());
        assertTrue(r.segments().stream().anyMatch(s -> s.opaqueReasons().contains(reason)),
                () -> SegmentFormat.lines(r).toString());
    }

    @Test
    void fourThousandOpenParentheses() {
        opaque("(".repeat(4000), OpaqueReason.LIMIT_EXCEEDED);
    }

    @Test
    void twoThousandNestedSubstitutions() {
        opaque("$(".repeat(2000), OpaqueReason.LIMIT_EXCEEDED);
        opaque("echo " + "$(".repeat(2000) + "x" + ")".repeat(2000), OpaqueReason.LIMIT_EXCEEDED);
    }

    @Test
    void nestedQuotesAndParameters() {
        opaque("echo " + "\"${a:-".repeat(1500), OpaqueReason.LIMIT_EXCEEDED);
        opaque("echo " + "`".repeat(3001), OpaqueReason.SYNTAX_ERROR);
    }

    @Test
    void longerThanEightKibibytes() {
        opaque("a".repeat(Splitter.MAX_TEXT_CHARS + 1), OpaqueReason.LIMIT_EXCEEDED);
    }

    @Test
    void braceBomb() {
        opaque("echo " + "{a,b}".repeat(40), OpaqueReason.LIMIT_EXCEEDED);
        opaque("echo {1..999999999}", OpaqueReason.LIMIT_EXCEEDED);
    }

    @Test
    void tooManyCommands() {
        opaque("a;".repeat(4000), OpaqueReason.LIMIT_EXCEEDED);
    }

    @Test
    void unterminatedEverything() {
        for (String s : new String[] {"'", "\"", "`", "$(", "${", "$((", "((", "[[ a", "case a in", "<<EOF\nx",
                "cat <<EOF", "f() {", "for", "a |", "a &&", "${ a;", "${| a; b", "coproc {", "time -p {"}) {
            // (a lone `\` at the end is bash's literal backslash, see round5.txt)
            opaque("echo x; " + s, OpaqueReason.SYNTAX_ERROR);
        }
    }

    @Test
    void nulAndInvalidUtf16() {
        opaque("ls \0", OpaqueReason.SYNTAX_ERROR);
        SplitResult r = SPLITTER.split("echo \uD800 \uDFFF");
        BashSplitterPropertiesTest.wellFormed(r);
        assertEquals(1, r.segments().size());
    }

    @Test
    void randomBytesAsLatin1() {
        Random random = new Random(42);
        for (int i = 0; i < 200; i++) {
            byte[] b = new byte[random.nextInt(2048)];
            random.nextBytes(b);
            BashSplitterPropertiesTest.wellFormed(SPLITTER.split(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)));
            BashSplitterPropertiesTest.wellFormed(SPLITTER.split(new String(b, java.nio.charset.StandardCharsets.UTF_8)));
        }
    }

    @Test
    void manyHeredocsOnOneLine() {
        StringBuilder sb = new StringBuilder("cat");
        for (int i = 0; i < 300; i++) {
            sb.append(" <<E").append(i);
        }
        sb.append('\n');
        for (int i = 0; i < 300; i++) {
            sb.append("body\nE").append(i).append('\n');
        }
        SplitResult r = SPLITTER.split(sb.toString());
        BashSplitterPropertiesTest.wellFormed(r);
        assertEquals(300, r.segments().get(0).heredocs().size());
    }
}
