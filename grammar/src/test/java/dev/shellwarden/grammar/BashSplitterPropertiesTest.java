package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/** Properties of the bash splitter: total, bounded, and exact on well-formed input. */
class BashSplitterPropertiesTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    /** Structural invariants every result must satisfy. */
    static void wellFormed(SplitResult r) {
        assertNotNull(r);
        for (int i = 0; i < r.segments().size(); i++) {
            Segment s = r.segments().get(i);
            assertEquals(i, s.id());
            assertTrue(s.parent() < s.id(), "parent precedes child");
            assertTrue(s.depth() >= 0 && s.depth() <= 64);
        }
    }

    @Property(tries = 300)
    void arbitraryStringsNeverThrow(@ForAll @StringLength(max = 300) String text) {
        wellFormed(SPLITTER.split(text));
    }

    @Provide
    Arbitrary<String> shellish() {
        return Arbitraries.strings().withChars("abc $(){}[]<>|&;'\"`\\\n#=*~!-0123456789\t")
                .ofMaxLength(200);
    }

    @Property(tries = 1000)
    void shellMetacharacterSoupNeverThrows(@ForAll("shellish") String text) {
        wellFormed(SPLITTER.split(text));
    }

    @Property(tries = 200)
    void unterminatedQuoteIsNeverStatic(@ForAll("shellish") String text, @ForAll("openers") String opener) {
        SplitResult r = SPLITTER.split("echo ok; " + opener + "x");
        assertFalse(r.isStatic());
    }

    @Provide
    Arbitrary<String> openers() {
        return Arbitraries.of("'", "\"", "`", "$(", "${", "$((", "(", "{ ", "if ", "<<EOF\n");
    }

    /** A simple command we generate: literal words, each written with some quoting. */
    record Generated(List<String> words, List<String> written) {
    }

    @Provide
    Arbitrary<Generated> command() {
        Arbitrary<String> word = Arbitraries.strings().withChars("abcxyz019_-./:,@%+").ofMinLength(1).ofMaxLength(8)
                .filter(w -> !w.startsWith("-") || w.length() > 1);
        Arbitrary<Integer> style = Arbitraries.integers().between(0, 4);
        return Combinators.combine(word.list().ofMinSize(1).ofMaxSize(5), style.list().ofSize(5))
                .as((words, styles) -> {
                    List<String> written = new ArrayList<>();
                    List<String> real = new ArrayList<>();
                    for (int i = 0; i < words.size(); i++) {
                        // the command name is kept plain alphabetic so it is never a wrapper or keyword
                        String w = i == 0 ? "zzcmd" + words.get(i).replaceAll("[^a-z]", "") : words.get(i);
                        real.add(w);
                        written.add(switch (styles.get(i)) {
                            case 1 -> "'" + w + "'";
                            case 2 -> "\"" + w + "\"";
                            case 3 -> w.charAt(0) + "''" + w.substring(1);
                            case 4 -> "\\" + w;
                            default -> w;
                        });
                    }
                    return new Generated(real, written);
                });
    }

    @Property(tries = 300)
    void generatedCommandsSplitExactly(@ForAll("commandLists") List<Generated> cmds,
            @ForAll("operators") List<String> ops) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cmds.size(); i++) {
            if (i > 0) {
                text.append(ops.get(i % ops.size()));
            }
            text.append(String.join(" ", cmds.get(i).written()));
        }
        SplitResult r = SPLITTER.split(text.toString());
        assertEquals(cmds.size(), r.segments().size(), text.toString());
        for (int i = 0; i < cmds.size(); i++) {
            Segment s = r.segments().get(i);
            assertTrue(s.isStatic(), text.toString());
            assertEquals(Provenance.TOP, s.provenance());
            assertEquals(cmds.get(i).words(), s.argv().stream().map(Word::text).toList(), text.toString());
        }
    }

    @Provide
    Arbitrary<List<Generated>> commandLists() {
        return command().list().ofMinSize(1).ofMaxSize(6);
    }

    @Provide
    Arbitrary<List<String>> operators() {
        return Arbitraries.of(" ; ", " && ", " || ", " | ", "\n", " & ", ";", "|").list().ofMinSize(1).ofMaxSize(5);
    }
}
