package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseRunner;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Overlay;
import java.io.PrintStream;
import java.util.List;

/**
 * Runs example cases and prints each failure in two lines: where and what differs, then the
 * command. Counts the outcome.
 *
 * @param passed cases that passed
 * @param failed cases that failed
 */
record CaseReport(int passed, int failed) {

    /** Runs {@code cases} through {@code engine}, printing failures to {@code out}. */
    static CaseReport run(Engine engine, Overlay overlay, List<Case> cases, PrintStream out) {
        return run(engine, overlay, cases, out, false);
    }

    /** Likewise, printing a {@code PASS} line per passing case too when {@code verbose}. */
    static CaseReport run(Engine engine, Overlay overlay, List<Case> cases, PrintStream out, boolean verbose) {
        CaseRunner runner = new CaseRunner(engine, overlay);
        int passed = 0;
        int failed = 0;
        for (Case c : cases) {
            List<String> problems = runner.run(c);
            if (problems.isEmpty()) {
                passed++;
                if (verbose) {
                    out.println("PASS " + c.file() + ":" + c.line() + ": " + c.name());
                }
            } else {
                failed++;
                out.println("FAIL " + c.file() + ":" + c.line() + ": " + c.name() + ": " + String.join("; ", problems));
                out.println("     command: " + c.command().replace("\n", "\n              "));
            }
        }
        return new CaseReport(passed, failed);
    }

    /** {@code N passed, N failed}. */
    String summary() {
        return passed + " passed, " + failed + " failed";
    }
}
