package dev.shellwarden.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every floor payload under every wrapper and launcher of {@code corpus/bypass/wrapper-matrix.txt}
 * is denied in both modes: a program that starts another program must never hide it from the floor.
 */
class WrapperMatrixTest {

    @TestFactory
    Stream<DynamicTest> everyFloorPayloadUnderEveryWrapperIsDenied() throws IOException {
        List<String> templates = new ArrayList<>();
        List<String> payloads = new ArrayList<>();
        List<String> into = templates;
        for (String line : Files.readAllLines(Corpus.root().resolve("bypass/wrapper-matrix.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.equals("== payloads")) {
                into = payloads;
                continue;
            }
            into.add(line);
        }
        assertTrue(templates.size() >= 100 && payloads.size() >= 7, templates.size() + " templates, " + payloads.size() + " payloads");
        List<DynamicTest> tests = new ArrayList<>();
        for (String t : templates) {
            assertTrue(t.contains("@@"), "template without @@: " + t);
            for (String p : payloads) {
                String command = t.replace("@@", p);
                tests.add(DynamicTest.dynamicTest(command, () -> {
                    for (Mode mode : Mode.values()) {
                        CommandDecision d = new Checker(Corpus.ENGINE, new CheckerConfig(mode, Shell.BASH,
                                CheckerConfig.DEFAULTS.overlay(), List.of())).decide(command, Case.DEFAULT_PROJECT, Case.DEFAULT_PROJECT);
                        assertEquals(Verdict.DENY, d.verdict(), mode.wire() + ": " + d.verdict().wire() + " " + d.rule().id());
                    }
                }));
            }
        }
        return tests.stream();
    }
}
