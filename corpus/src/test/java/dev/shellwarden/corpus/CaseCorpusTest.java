package dev.shellwarden.corpus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseRunner;
import dev.shellwarden.engine.Overlay;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Runs every labelled case (per-rule cases, bypass regressions, everyday commands) as its own test. */
class CaseCorpusTest {

    private static final List<String> FOLDERS = List.of("rules", "bypass", "cases");

    @TestFactory
    Stream<DynamicTest> everyCase() {
        CaseRunner runner = new CaseRunner(Corpus.ENGINE, Overlay.NONE);
        List<Case> all = FOLDERS.stream().flatMap(f -> Corpus.cases(f).stream().map(c -> c)).toList();
        assertFalse(all.isEmpty(), "the corpus has no cases");
        return all.stream().map(c -> DynamicTest.dynamicTest(c.displayName(), () -> {
            List<String> problems = runner.run(c);
            if (!problems.isEmpty()) {
                fail(c.displayName() + " (line " + c.line() + "): " + String.join("; ", problems)
                        + "\n  command: " + c.command());
            }
        }));
    }
}
