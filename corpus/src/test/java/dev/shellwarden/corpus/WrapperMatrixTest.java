package dev.shellwarden.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every floor payload under every wrapper and launcher of {@code corpus/bypass/wrapper-matrix.txt}
 * is denied in both modes: a program that starts another program must never hide it from the floor.
 * And every command no allow rule covers stays unallowed in HARD under every wrapper: a launcher is
 * allowed (SW5006) only for what it runs, never in its place.
 */
class WrapperMatrixTest {

    /** The file's sections: the templates (before any {@code == name} line), then each named list. */
    private static Map<String, List<String>> sections() throws IOException {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> into = sections.computeIfAbsent("templates", k -> new ArrayList<>());
        for (String line : Files.readAllLines(Corpus.root().resolve("bypass/wrapper-matrix.txt"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("== ")) {
                into = sections.computeIfAbsent(line.substring(3), k -> new ArrayList<>());
                continue;
            }
            into.add(line);
        }
        return sections;
    }

    /** One test per template and payload of the named section, checking each mode's decision. */
    private static Stream<DynamicTest> matrix(String payloadSection, Mode[] modes, BiConsumer<Mode, CommandDecision> check)
            throws IOException {
        Map<String, List<String>> sections = sections();
        List<String> templates = sections.getOrDefault("templates", List.of());
        List<String> payloads = sections.getOrDefault(payloadSection, List.of());
        assertTrue(templates.size() >= 100 && payloads.size() >= 4, templates.size() + " templates, " + payloads.size() + " " + payloadSection);
        List<DynamicTest> tests = new ArrayList<>();
        for (String t : templates) {
            assertTrue(t.contains("@@"), "template without @@: " + t);
            for (String p : payloads) {
                String command = t.replace("@@", p);
                tests.add(DynamicTest.dynamicTest(command, () -> {
                    for (Mode mode : modes) {
                        CommandDecision d = new Checker(Corpus.ENGINE, new CheckerConfig(mode, Shell.BASH,
                                CheckerConfig.DEFAULTS.overlay(), List.of())).decide(command, Case.DEFAULT_PROJECT, Case.DEFAULT_PROJECT);
                        check.accept(mode, d);
                    }
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyFloorPayloadUnderEveryWrapperIsDenied() throws IOException {
        return matrix("payloads", Mode.values(), (mode, d) ->
                assertEquals(Verdict.DENY, d.verdict(), mode.wire() + ": " + d.verdict().wire() + " " + d.rule().id()));
    }

    @TestFactory
    Stream<DynamicTest> noUncoveredCommandIsAllowedInHardUnderAnyWrapper() throws IOException {
        return matrix("hard payloads", new Mode[] {Mode.HARD}, (mode, d) ->
                assertNotEquals(Verdict.ALLOW, d.verdict(), mode.wire() + ": " + d.verdict().wire() + " " + d.rule().id()));
    }
}
