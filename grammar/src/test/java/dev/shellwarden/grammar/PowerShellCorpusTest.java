package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every case of {@code corpus/grammar/powershell/*.txt} through the PowerShell splitter, in
 * the corpus format shared with bash ({@link GrammarCorpus}, {@link SegmentFormat}).
 */
class PowerShellCorpusTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.POWERSHELL);

    static Path dir() {
        return Path.of(System.getProperty("grammar.corpus.powershell", "../corpus/grammar/powershell"));
    }

    static List<GrammarCorpus.Case> cases() throws IOException {
        return GrammarCorpus.readDir(dir());
    }

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.file() + ": " + c.name(), () -> {
            assertFalse(c.expected().isEmpty(), "case has no expected segments");
            List<String> actual = SegmentFormat.lines(SPLITTER.split(c.input()));
            List<String> expected = c.expected().equals(List.of("(none)")) ? List.of() : c.expected();
            assertEquals(String.join("\n", expected), String.join("\n", actual),
                    () -> "input:\n" + c.input());
        }));
    }

    @Test
    void corpusIsLargeAndCoversEveryReasonThatApplies() throws IOException {
        List<GrammarCorpus.Case> cases = cases();
        assertTrue(cases.size() >= 100, "PowerShell grammar corpus has " + cases.size() + " cases");
        Set<String> names = new HashSet<>();
        EnumSet<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        EnumSet<Provenance> provenances = EnumSet.noneOf(Provenance.class);
        for (GrammarCorpus.Case c : cases) {
            assertTrue(names.add(c.file() + "/" + c.name()), "duplicate case " + c.name());
            for (Segment s : SPLITTER.split(c.input()).segments()) {
                reasons.addAll(s.opaqueReasons());
                provenances.add(s.provenance());
            }
        }
        // INTERNAL_ERROR has no input that provokes it: it is the net under bugs.
        assertEquals(EnumSet.complementOf(EnumSet.of(OpaqueReason.INTERNAL_ERROR)), reasons);
        assertTrue(provenances.containsAll(EnumSet.of(Provenance.TOP, Provenance.COMMAND_SUBSTITUTION,
                Provenance.SUBSHELL, Provenance.BRACE_GROUP, Provenance.COMPOUND,
                Provenance.FUNCTION_BODY, Provenance.SHELL_PAYLOAD, Provenance.EVAL_PAYLOAD,
                Provenance.WRAPPED, Provenance.ENCODED_PAYLOAD)), provenances::toString);
    }

    /**
     * Development aid: rewrites the expectations of the given corpus files with what the splitter
     * produces now. Review every changed line before committing: a regenerated expectation is a
     * test only once a human has checked it.
     */
    public static void main(String[] args) throws IOException {
        for (String a : args) {
            Path file = Path.of(a);
            StringBuilder b = new StringBuilder();
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            int i = 0;
            while (i < lines.size() && !lines.get(i).startsWith("=== ")) {
                b.append(lines.get(i++)).append('\n');
            }
            for (GrammarCorpus.Case c : GrammarCorpus.read(file)) {
                b.append("=== ").append(c.name()).append('\n').append(c.input()).append("\n---\n");
                List<String> actual = SegmentFormat.lines(SPLITTER.split(c.input()));
                for (String l : actual.isEmpty() ? List.of("(none)") : actual) {
                    b.append(l).append('\n');
                }
            }
            Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
        }
    }
}
