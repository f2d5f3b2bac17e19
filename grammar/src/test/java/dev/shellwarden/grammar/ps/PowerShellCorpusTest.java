package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.PowerShellSplitter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Runs every case of {@code corpus/grammar/powershell/*.txt} through the splitter. */
class PowerShellCorpusTest {

    private final PowerShellSplitter splitter = new PowerShellSplitter();

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (GrammarCorpus.Case c : cases()) {
            tests.add(DynamicTest.dynamicTest(c.file() + ": " + c.name(), () ->
                    assertEquals(String.join("\n", c.expected()),
                            String.join("\n", SegmentText.render(splitter.split(c.input()))),
                            () -> "input:\n" + c.input())));
        }
        return tests.stream();
    }

    @Test
    void corpusIsLargeAndNamesAreUnique() throws IOException {
        List<GrammarCorpus.Case> all = cases();
        assertTrue(all.size() >= 100, "at least 100 cases, found " + all.size());
        Set<String> names = new HashSet<>();
        for (GrammarCorpus.Case c : all) {
            assertTrue(names.add(c.file() + "/" + c.name()), "duplicate case " + c.name());
        }
    }

    private static List<GrammarCorpus.Case> cases() throws IOException {
        List<GrammarCorpus.Case> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(GrammarCorpus.directory())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                all.addAll(GrammarCorpus.read(f));
            }
        }
        return all;
    }
}
