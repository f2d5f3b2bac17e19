package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Runs every case of {@code corpus/grammar/bash/*.txt} through the bash splitter. */
class BashCorpusTest {

    private static final Splitter SPLITTER = Splitter.forShell(Shell.BASH);

    static List<GrammarCorpus.Case> cases() throws IOException {
        return GrammarCorpus.readDir(GrammarCorpus.dir());
    }

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.file() + ": " + c.name(), () -> {
            assertFalse(c.expected().isEmpty(), "case has no expected segments");
            List<String> actual = SegmentFormat.lines(SPLITTER.split(c.input()));
            if (c.expected().equals(List.of("(none)"))) {
                assertEquals(List.of(), actual);
            } else if (c.expected().get(c.expected().size() - 1).equals("...")) {
                // Open-ended: later segments come from another splitter (PowerShell payloads).
                List<String> head = c.expected().subList(0, c.expected().size() - 1);
                assertEquals(String.join("\n", head),
                        String.join("\n", actual.subList(0, Math.min(head.size(), actual.size()))));
                assertTrue(actual.size() > head.size(), "expected more segments");
            } else {
                assertEquals(String.join("\n", c.expected()), String.join("\n", actual));
            }
        }));
    }

    @Test
    void corpusIsLargeAndCoversEveryReasonAndProvenance() throws IOException {
        List<GrammarCorpus.Case> cases = cases();
        assertTrue(cases.size() >= 300, "grammar corpus has " + cases.size() + " cases");
        Set<String> names = new HashSet<>();
        EnumSet<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        EnumSet<Provenance> provenances = EnumSet.noneOf(Provenance.class);
        for (GrammarCorpus.Case c : cases) {
            assertTrue(names.add(c.file() + "/" + c.name()), "duplicate case name " + c.name());
            for (Segment s : SPLITTER.split(c.input()).segments()) {
                reasons.addAll(s.opaqueReasons());
                provenances.add(s.provenance());
            }
        }
        EnumSet<OpaqueReason> expectedReasons = EnumSet.allOf(OpaqueReason.class);
        // INTERNAL_ERROR cannot be provoked from text by design.
        expectedReasons.remove(OpaqueReason.INTERNAL_ERROR);
        assertEquals(expectedReasons, reasons);
        EnumSet<Provenance> expectedProvenances = EnumSet.allOf(Provenance.class);
        // ENCODED_PAYLOAD needs a PowerShell splitter that accepts the decoded text.
        expectedProvenances.remove(Provenance.ENCODED_PAYLOAD);
        assertTrue(provenances.containsAll(expectedProvenances), "missing " + missing(expectedProvenances, provenances));
    }

    private static Set<Provenance> missing(Set<Provenance> want, Set<Provenance> got) {
        Set<Provenance> m = EnumSet.noneOf(Provenance.class);
        m.addAll(want);
        m.removeAll(got);
        return m;
    }
}
