package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.policy.PolicyBundle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compile}: errors as file:line:col, examples must pass, the bundle is written reproducibly. */
class CompileCommandTest {

    @TempDir
    Path tmp;

    private static String rule(String header, String metadata, String when) {
        return "package com.acme.policy;\n\nimport dev.shellwarden.engine.fact.Cmd;\n\n"
                + "rule \"" + header + "\"\n    " + metadata + "\nwhen\n    " + when + "\nthen\nend\n";
    }

    private CliRun compile(Path rules) {
        return CliRun.run("compile", "--rules", rules.toString(), "--out", tmp.resolve("out.swb").toString());
    }

    private void assertOnlyErrors(CliRun r, String... patterns) {
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out(), r.toString());
        assertFalse(Files.exists(tmp.resolve("out.swb")), "nothing is written on errors");
        List<String> lines = r.errLines();
        for (String p : patterns) {
            assertTrue(lines.stream().anyMatch(l -> l.matches(p)), "no line matches " + p + "\n" + r.err());
        }
        assertTrue(lines.get(lines.size() - 1).startsWith("shell-warden compile: "), r.err());
    }

    @Test
    void writesAReproducibleBundleAndPrintsItsSha256() throws Exception {
        Path rules = AuthorRules.paste(tmp);
        CliRun r = compile(rules);
        assertEquals(0, r.exit(), r.toString());
        byte[] bytes = Files.readAllBytes(tmp.resolve("out.swb"));
        String sha = PolicyBundle.sha256(bytes);
        assertTrue(r.out().contains("wrote " + tmp.resolve("out.swb") + ": 1 rule, 2 examples passed\n"), r.out());
        assertTrue(r.out().contains("sha256 " + sha + "\n"), r.out());
        assertTrue(r.out().contains("\"policy\": {\"path\": \"" + tmp.resolve("out.swb") + "\", \"sha256\": \"" + sha + "\"}"), r.out());

        PolicyBundle b = PolicyBundle.read(bytes, "out.swb");
        assertEquals("ACME0001", b.property("rules"));
        assertEquals(BuildInfo.rulesSha256(), b.property("builtin.rules.sha256"));
        assertTrue(b.cases().containsKey("acme.cases"));
        assertEquals(1, b.models().size());
        // Same rules, same bytes: checked across processes in AuthoringIT (a second compile in the
        // same JVM numbers Drools' generated pattern variables on: GENERATED_$pattern_Cmd$2$).
    }

    @Test
    void missingMetadataIsReportedAtTheRule() {
        Path rules = AuthorRules.folder(tmp, "meta.drl", rule("no id here", "@verdict(\"deny\") @summary(\"s\")",
                "Cmd( name == \"x\" )"));
        assertOnlyErrors(compile(rules),
                ".*rules/meta\\.drl:5:1: rule \"no id here\" has no @id: .*",
                ".*rules/meta\\.drl:5:1: rule \"no id here\" asks or denies but has no @message: .*");
    }

    @Test
    void idRulesAreEnforced() {
        Path rules = AuthorRules.folder(tmp,
                "a.drl", rule("SW9001 mine", "@id(\"SW9001\") @verdict(\"allow\") @summary(\"s\")", "Cmd( name == \"a\" )"),
                "b.drl", rule("ACME0001 one", "@id(\"ACME0001\") @verdict(\"allow\") @summary(\"s\")", "Cmd( name == \"b\" )"),
                "c.drl", rule("ACME0001 two", "@id(\"ACME0001\") @verdict(\"allow\") @summary(\"s\")", "Cmd( name == \"c\" )"),
                "d.drl", rule("other-name", "@id(\"ACME0002\") @verdict(\"allow\")", "Cmd( name == \"d\" )"),
                "e.drl", rule("ACME0003 v", "@id(\"ACME0003\") @verdict(\"dney\") @summary(\"s\")", "Cmd( name == \"e\" )"));
        assertOnlyErrors(compile(rules),
                ".*a\\.drl:\\d+:\\d+: .*ids starting with SW belong to the built-in rules.*",
                ".*c\\.drl:\\d+:\\d+: .*id ACME0001 is also used by rule \"ACME0001 one\".*",
                ".*d\\.drl:5:1: rule \"other-name\": the rule name must start with its id.*",
                ".*d\\.drl:5:1: rule \"other-name\" has no @summary.*",
                ".*e\\.drl:\\d+:\\d+: .*@verdict\\(\"dney\"\\) must be allow, ask or deny");
    }

    @Test
    void syntaxErrorsHaveTheirPosition() {
        Path rules = AuthorRules.folder(tmp, "syntax.drl", rule("ACME0001 s", "@id(\"ACME0001\") @verdict(\"allow\") @summary(\"s\")",
                "Cmd( name == \"x\" "));
        assertOnlyErrors(compile(rules), ".*rules/syntax\\.drl:9:1: mismatched input 'then'.*");
    }

    @Test
    void typeErrorsAreLocatedInTheFile() {
        Path rules = AuthorRules.folder(tmp, "types.drl", rule("ACME0001 t", "@id(\"ACME0001\") @verdict(\"allow\") @summary(\"s\")",
                "Cmd( nmae == \"x\" )"));
        assertOnlyErrors(compile(rules), ".*rules/types\\.drl:8:10: .*nmae == \"x\".*");
    }

    @Test
    void shellWardenPackagesAreRefused() {
        Path rules = AuthorRules.folder(tmp, "p.drl", AuthorRules.PASTE_RULE.replace("com.acme.policy", "dev.shellwarden.rules"));
        assertOnlyErrors(compile(rules), ".*rules/p\\.drl:\\d+:\\d+: package `dev\\.shellwarden\\.rules` belongs to shell-warden.*");
    }

    @Test
    void aFailingExampleStopsTheBundleWithExit1() {
        Path rules = AuthorRules.folder(tmp, "acme.drl", AuthorRules.PASTE_RULE, "acme.cases", """
                === wrong: expects ask
                curl https://paste.example.com
                --- ask ACME0001
                """);
        CliRun r = compile(rules);
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertFalse(Files.exists(tmp.resolve("out.swb")));
        assertTrue(r.err().contains("FAIL " + rules.resolve("acme.cases") + ":1: wrong: expects ask: loose: want ask ACME0001, got deny ACME0001"), r.err());
        assertTrue(r.err().contains("0 passed, 1 failed: examples fail"), r.err());
    }

    @Test
    void aRuleWithoutAFiringExampleIsAWarning() {
        Path rules = AuthorRules.folder(tmp, "acme.drl", AuthorRules.PASTE_RULE);
        CliRun r = compile(rules);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.err().matches("(?s).*acme\\.drl:5:1: warning: rule \"ACME0001 no-paste-upload\" has no example where it decides.*"), r.err());
        assertTrue(r.err().matches("(?s).*acme\\.drl:5:1: warning: rule \"ACME0001 no-paste-upload\" has no near miss.*"), r.err());
    }
}
