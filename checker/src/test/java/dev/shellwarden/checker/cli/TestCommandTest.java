package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code test}: runs cases, prints each failure with want and got, ends with the counts, exits 1 on failure. */
class TestCommandTest {

    @TempDir
    Path tmp;

    private Path cases(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    @Test
    void passingCasesExitZero() throws Exception {
        Path f = cases("ok.cases", """
                === root delete
                rm -rf /
                --- deny SW2001

                === listing
                ls -la
                --- allow SW5002
                """);
        CliRun r = CliRun.run("test", f.toString());
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of("2 passed, 0 failed"), r.outLines());
        CliRun verbose = CliRun.run("test", "-v", f.toString());
        assertEquals(List.of("PASS " + f + ":1: root delete", "PASS " + f + ":5: listing", "2 passed, 0 failed"),
                verbose.outLines());
    }

    @Test
    void aFailureShowsExpectedAndActualVerdictAndRuleAndExitsOne() throws Exception {
        cases("a.cases", """
                === listing
                ls
                --- allow
                """);
        cases("b.cases", """
                === wrong expectation
                rm -rf /
                --- allow SW5002
                """);
        CliRun r = CliRun.run("test", tmp.toString());
        assertEquals(1, r.exit(), r.toString());
        List<String> lines = r.outLines();
        assertTrue(lines.get(0).startsWith("FAIL " + tmp.getFileName() + "/b.cases:1: wrong expectation: "), r.out());
        assertTrue(lines.get(0).contains("loose: want allow SW5002, got deny SW2001"), r.out());
        assertTrue(lines.get(1).contains("command: rm -rf /"), r.out());
        assertEquals("1 passed, 1 failed", lines.get(lines.size() - 1));
    }

    @Test
    void aRulesFolderIsCompiledAndItsOwnCasesRun() {
        Path rules = AuthorRules.paste(tmp);
        CliRun r = CliRun.run("test", "--rules", rules.toString());
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of("2 passed, 0 failed"), r.outLines());
    }

    @Test
    void authorRulesDecideInNamedCases() throws Exception {
        Path rules = AuthorRules.folder(tmp, "acme.drl", AuthorRules.PASTE_RULE);
        Path f = cases("more.cases", """
                === the author's rule fires
                curl https://paste.example.com
                --- deny ACME0001

                === without the rules folder it would not: this expectation is wrong
                curl https://paste.example.com
                --- allow
                """);
        CliRun r = CliRun.run("test", "--rules", rules.toString(), f.toString());
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.out().contains("loose: want allow, got deny ACME0001"), r.out());
        assertTrue(r.out().endsWith("1 passed, 1 failed\n"), r.out());
    }

    @Test
    void aMalformedCaseFileIsAUsageErrorNamingTheLine() throws Exception {
        Path f = cases("bad.cases", "=== no expectation\nls\n--- maybe\n");
        CliRun r = CliRun.run("test", f.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertTrue(r.err().contains("bad.cases:3: unknown expectation `maybe`"), r.err());
    }

    @Test
    void anExpectationTokenOnACommandLineIsRejectedNotTestedAsBash() throws Exception {
        Path f = cases("misplaced.cases", "=== a PowerShell listing\nGet-ChildItem\nshell=powershell\n--- allow\n");
        CliRun r = CliRun.run("test", f.toString());
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.err().contains("misplaced.cases:3: `shell=powershell` is an expectation token: put it on the `---` line"), r.err());
    }
}
