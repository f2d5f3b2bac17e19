package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.PowerShellSplitter;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Splitter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/** The splitter is total: whatever the text, it returns a well-formed result and never throws. */
class PowerShellSplitterPropertiesTest {

    private final PowerShellSplitter splitter = new PowerShellSplitter();

    @Property(tries = 400)
    void arbitraryStringsYieldAResult(@ForAll @StringLength(max = 300) String text) {
        wellFormed(text, splitter.split(text));
    }

    @Property(tries = 400)
    void tokenSoupYieldsAResult(@ForAll("soup") String text) {
        wellFormed(text, splitter.split(text));
    }

    @Property(tries = 30)
    void longTextsUpToTheLimitYieldAResult(@ForAll("longSoup") String text) {
        wellFormed(text, splitter.split(text));
    }

    @Property(tries = 50)
    void deepNestingIsBounded(@ForAll("nested") String text) {
        wellFormed(text, splitter.split(text));
    }

    @Property(tries = 100)
    void aSubexpressionIsLiteralOnlyWhenItHoldsAConstantString(@ForAll("soup") String text) {
        // Wrapping any text in a subexpression argument must surface it (or fail closed).
        SplitResult r = splitter.split("Write-Output $(" + text + ")");
        wellFormed("Write-Output $(" + text + ")", r);
        assertFalse(r.segments().isEmpty());
        Segment first = r.segments().get(0);
        if (first.argv().size() < 2) {
            assertFalse(first.isStatic(), "the whole text failed: it must be opaque");
        } else if (first.argv().get(1).literal()) {
            // Only a constant string in the group may fold to a literal (`$('a''b')`), and then
            // nothing ran inside it.
            String inner = text.strip();
            assertTrue(inner.startsWith("'") || inner.startsWith("\""), () -> "folded: " + text);
            assertEquals(1, r.segments().size());
        }
    }

    @Provide
    Arbitrary<String> soup() {
        Arbitrary<String> token = Arbitraries.of("Remove-Item", "rm", "-r", "-Force", "C:\\", "$x",
                "${a b}", "$env:PATH", "@p", "'a''b'", "\"a $(b) c\"", "\"", "'", "`", "`n", "(", ")",
                "$(", "@(", "@{", "{", "}", ";", "\n", "|", "&&", "||", "&", ",", "=", "+=", ">",
                "2>&1", "*>", "<", "<#", "#>", "#", "--%", "@'\n", "\n'@", "@\"\n", "\n\"@", "iex",
                "powershell", "-enc", "QQBBAA==", "cmd", "/c", "bash", "-c", ".", "[int]", "::",
                ".Delete", "1..3", "if", "else", "foreach", "in", "function", "f", "switch",
                "[ScriptBlock]::Create", " ", "  ", "\t", "\u00a0", "\u201c", "\u2019", "\r\n");
        return token.list().ofMaxSize(40).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> longSoup() {
        return soup().list().ofMinSize(50).ofMaxSize(400).map(l -> String.join(" ", l))
                .map(t -> t.length() > Splitter.MAX_TEXT_CHARS ? t.substring(0, Splitter.MAX_TEXT_CHARS) : t);
    }

    @Provide
    Arbitrary<String> nested() {
        Arbitrary<String> open = Arbitraries.of("(", "$(", "@(", "{", "@{", "\"$(", "& {", "iex '");
        return Arbitraries.integers().between(10, 3000).flatMap(n -> open.map(o -> o.repeat(n)));
    }

    private static void wellFormed(String text, SplitResult r) {
        assertNotNull(r);
        List<Segment> segments = r.segments();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            assertEquals(i, s.id(), "ids are positions");
            assertTrue(s.parent() < i, "a parent precedes its children");
            assertTrue(s.depth() >= 0);
            assertTrue(s.parent() < 0 || s.depth() > segments.get(s.parent()).depth(),
                    "a child is deeper than its parent");
        }
        if (text.length() > Splitter.MAX_TEXT_CHARS) {
            assertTrue(segments.get(0).opaqueReasons().contains(OpaqueReason.LIMIT_EXCEEDED));
        }
        for (Segment s : segments) {
            assertFalse(s.opaqueReasons().contains(OpaqueReason.INTERNAL_ERROR),
                    () -> "internal error on: " + text);
        }
    }
}
