package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Help, version and usage errors follow one convention on the tool and every subcommand. */
class CliConventionsTest {

    @Test
    void versionNamesTheReleaseAndTheBuiltInRuleSetHash() {
        CliRun r = CliRun.run("--version");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().startsWith("shell-warden " + BuildInfo.version() + "\n"), r.toString());
        assertTrue(r.out().matches("(?s).*built-in rules sha256 [0-9a-f]{64}\n"), r.toString());
        assertEquals("", r.err());
    }

    @Test
    void toolHelpListsEverySubcommand() {
        CliRun r = CliRun.run("--help");
        assertEquals(0, r.exit(), r.toString());
        for (String sub : new String[] {"explain", "test", "compile", "scan", "docs"}) {
            assertTrue(r.out().contains("\n  " + sub + " "), sub + " missing from\n" + r.out());
        }
        assertEquals("", r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"explain", "test", "compile", "scan", "docs"})
    void everySubcommandHasHelp(String sub) {
        for (CliRun r : new CliRun[] {CliRun.run(sub, "--help"), CliRun.run("help", sub)}) {
            assertEquals(0, r.exit(), r.toString());
            assertTrue(r.out().startsWith("Usage: shell-warden " + sub), r.toString());
            assertEquals("", r.err());
        }
    }

    /** Each: exit 2, exactly one line on stderr naming the command, nothing on stdout. */
    @ParameterizedTest
    @ValueSource(strings = {
        "explain",
        "explain --bogus ls",
        "explain --shell zsh ls",
        "explain --mode strict ls",
        "explain --config /nonexistent/config.json ls",
        "test --config",
        "test /nonexistent/x.cases",
        "test",
        "compile",
        "compile --rules /tmp",
        "compile --rules /nonexistent --out /tmp/x.swb",
        "compile --rules /tmp --out /tmp",
        "scan a b",
        "scan /nonexistent/history",
        "scan /root/.nonexistent-dir/",
        "docs --nope",
        "docs --corpus /nonexistent --out -",
        "nosuch"})
    void usageErrorsAreOneLineOnStderrAndExit2(String line) {
        String[] args = line.split(" ");
        CliRun r = CliRun.run(args);
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out(), r.toString());
        assertEquals(1, r.errLines().size(), r.toString());
        assertTrue(r.err().startsWith("shell-warden"), r.toString());
    }
}
