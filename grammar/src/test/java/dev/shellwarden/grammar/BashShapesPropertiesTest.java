package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The promise: a command is seen as the same static segment whatever shape it is sent in
 * (quoting, wrapping, nesting, literal variables).
 */
class BashShapesPropertiesTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    /** A shape: how a command (its words joined by spaces) is written. */
    record Shape(String name, Function<List<String>, String> write) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String join(List<String> w) {
        return String.join(" ", w);
    }

    private static String rest(List<String> w) {
        return String.join(" ", w.subList(1, w.size()));
    }

    @Provide
    Arbitrary<Shape> shapes() {
        return Arbitraries.of(
                new Shape("plain", BashShapesPropertiesTest::join),
                new Shape("empty quotes in name", w -> w.get(0).charAt(0) + "''" + w.get(0).substring(1) + " " + rest(w)),
                new Shape("backslash in name", w -> "\\" + join(w)),
                new Shape("ansi-c name", w -> "$'" + hex(w.get(0)) + "' " + rest(w)),
                new Shape("sudo", w -> "sudo -u root " + join(w)),
                new Shape("env", w -> "env -i A=1 " + join(w)),
                new Shape("timeout nice", w -> "timeout -s KILL 5 nice -n 10 " + join(w)),
                new Shape("bash -c", w -> "bash -c '" + join(w) + "'"),
                new Shape("sh -c dq", w -> "sh -c \"" + join(w) + "\""),
                new Shape("eval", w -> "eval '" + join(w) + "'"),
                new Shape("dollar paren", w -> "echo $(" + join(w) + ")"),
                new Shape("backticks", w -> "echo `" + join(w) + "`"),
                new Shape("subshell", w -> "(" + join(w) + ")"),
                new Shape("brace group", w -> "{ " + join(w) + "; }"),
                new Shape("if body", w -> "if true; then " + join(w) + "; fi"),
                new Shape("literal variable", w -> "X=" + w.get(0) + "; $X " + rest(w)),
                new Shape("heredoc to bash", w -> "bash <<'EOF'\n" + join(w) + "\nEOF"),
                new Shape("here-string to sh", w -> "sh <<< '" + join(w) + "'"),
                new Shape("nested", w -> "sudo bash -c \"eval '" + join(w) + "'\""),
                new Shape("after and", w -> "true && " + join(w)),
                new Shape("pipeline stage", w -> "yes | " + join(w)));
    }

    private static String hex(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(String.format("\\x%02x", (int) c));
        }
        return b.toString();
    }

    @Provide
    Arbitrary<List<String>> commands() {
        Arbitrary<String> name = Arbitraries.of("rm", "mv", "chmod", "dd", "mkfs", "curl", "git");
        Arbitrary<String> arg = Arbitraries.strings().withChars("abcxyz019_-./:,+").ofMinLength(1).ofMaxLength(8)
                .filter(a -> !a.equals("-"));
        return arg.list().ofMinSize(1).ofMaxSize(4).flatMap(args -> name.map(n -> {
            java.util.List<String> all = new java.util.ArrayList<>();
            all.add(n);
            all.addAll(args);
            return all;
        }));
    }

    @Property(tries = 400)
    void everyShapeShowsTheSameStaticSegment(@ForAll("commands") List<String> words, @ForAll("shapes") Shape shape) {
        String text = shape.write().apply(words);
        SplitResult r = SPLITTER.split(text);
        boolean found = r.segments().stream().anyMatch(s -> s.isStatic()
                && s.argv().stream().map(Word::text).toList().equals(words));
        assertTrue(found, () -> shape + ": " + text + "\n" + String.join("\n", SegmentFormat.lines(r)));
    }
}
