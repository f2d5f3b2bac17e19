package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WrittenFilesTest {

    @Test
    void readsMakefileRecipesWithTheirPrefixesDropped() {
        String text = "CC := gcc\nall: build ; echo one\nbuild:\n\t@go build ./...\n\t-echo $$HOME\nX = $(shell date +%s)\n";
        assertEquals(List.of("echo one", "go build ./...", "echo $HOME", "date +%s"), WrittenFiles.makeCommands(text));
    }

    @Test
    void picksTheMakefileMakeReads() {
        Map<String, String> written = Map.of("x.mk", "a:\n\techo x\n", "Makefile", "a:\n\techo m\n");
        assertEquals(List.of("echo x"), WrittenFiles.commandsRun("make", List.of("-f", "x.mk"), Map.of(), written));
        assertEquals(List.of("echo m"), WrittenFiles.commandsRun("make", List.of(), Map.of(), written));
        assertEquals(List.of(), WrittenFiles.commandsRun("just", List.of(), Map.of(), written));
    }

    @Test
    void readsTaskAndPreCommitYaml() {
        String task = "version: 3\ntasks:\n  default:\n    cmds:\n      - go test ./...\n      - cmd: 'echo done'\n";
        assertEquals(List.of("go test ./...", "echo done"), WrittenFiles.yamlValues(task, Set.of("cmds", "cmd")));
        String hooks = "repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: ruff check\n    language: system\n";
        assertEquals(List.of("ruff check"), WrittenFiles.yamlValues(hooks, Set.of("entry")));
    }

    @Test
    void readsToxCommandsAndPackageScripts() {
        assertEquals(List.of("pytest -q", "ruff check ."), WrittenFiles.iniValues("[testenv]\ncommands =\n    pytest -q\n    ruff check .\n", Set.of("commands")));
        assertEquals(List.of("vitest"), WrittenFiles.jsonScripts("{\"scripts\":{\"test\":\"vitest\"}}", "scripts"));
    }

    @Test
    void readsProcessCallsOfCompiledAndBuildLanguages() {
        assertTrue(WrittenFiles.codeCommands("Command::new(\"echo\").arg(\"hi\").status()").contains("'echo' 'hi'"));
        assertTrue(WrittenFiles.codeCommands("exec.Command(\"echo\", \"hi\").Run()").contains("'echo' 'hi'"));
        assertTrue(WrittenFiles.codeCommands("exec { commandLine \"echo\", \"hi\" }").contains("'echo' 'hi'"));
        assertTrue(WrittenFiles.codeCommands("\"echo hi\".execute()").contains("echo hi"));
    }

    @Test
    void runsAScriptAsItsInterpreterOrShell() {
        assertEquals("python", WrittenFiles.language("x", "#!/usr/bin/env python3\nprint(1)\n"));
        assertEquals("sh", WrittenFiles.language("x.sh", "echo hi\n"));
        assertEquals("node", WrittenFiles.language("x.js", "console.log(1)\n"));
        assertEquals(List.of("python3 -c 'print(1)'"), WrittenFiles.scriptRuns("python", "print(1)"));
    }

    @Test
    void readsGitSettingsOfAConfigFile() {
        assertEquals(List.of("echo hi", "git status"), WrittenFiles.gitConfigCommands("[alias]\n\tx = !echo hi\n\tst = status\n"));
        assertEquals(List.of("echo hi"), WrittenFiles.gitConfigCommands("[core]\n\tfsmonitor = echo hi\n"));
        assertTrue(WrittenFiles.isGitConfig(".git/config"));
        assertTrue(WrittenFiles.isGitConfig("/home/dev/.gitconfig"));
    }

    @Test
    void readsTheFilesPackageManagerConfigsName() {
        assertEquals(List.of("'./s.sh'", "'./r.js'"),
                WrittenFiles.packageManagerPrograms(".npmrc", "registry=https://r\nscript-shell=./s.sh\nnode-options=--require ./r.js\nbrowser=false\n"));
        assertEquals(List.of("'.yarn/y.cjs'", "'./p.cjs'", "'./q.cjs'"),
                WrittenFiles.packageManagerPrograms("a/.yarnrc.yml", "yarnPath: .yarn/y.cjs\nplugins:\n  - path: ./p.cjs\n    spec: x\n  - ./q.cjs\n"));
        assertEquals(List.of("'./a.ts'", "'./b.ts'"), WrittenFiles.packageManagerPrograms("bunfig.toml", "[test]\npreload = [\"./a.ts\", './b.ts']\n"));
        assertTrue(WrittenFiles.isPackageManagerConfig("web/.npmrc"));
        Map<String, String> written = Map.of(".pnpmfile.cjs", "x()", "bunfig.toml", "preload = \"./p.ts\"", "p.ts", "y()");
        assertEquals(List.of("node -e 'x()'"), WrittenFiles.commandsRun("pnpm", List.of("install"), Map.of(), written));
        assertEquals(List.of("node -e 'y()'"), WrittenFiles.commandsRun("bun", List.of("test"), Map.of(), written));
    }

    @Test
    void aWholeLineSubstitutionGivesTheLinesItWrites() {
        assertEquals("test: ; make lint\n", WrittenFiles.sedReplacements("s|^test:.*|test: ; make lint|", false));
        assertEquals("x\n", WrittenFiles.sedReplacements("  s/^.*$/x/g ; ", false));
        assertEquals("x\n", WrittenFiles.sedReplacements("s;^.*;x;", false));
        assertEquals("a/b\tc\n", WrittenFiles.sedReplacements("s/.*/a\\/b\\tc/", false));
        assertEquals("x\n", WrittenFiles.sedReplacements("s/^.*$/x/gsx", true));
        assertNull(WrittenFiles.sedReplacements("s/^a/x/", false)); // not the whole line
        assertNull(WrittenFiles.sedReplacements("s/^.*$/& x/", false)); // the match put back
        assertNull(WrittenFiles.sedReplacements("s/^.*$/\\1/", false));
        assertNull(WrittenFiles.sedReplacements("s/^.*$/$ENV{X}/", true)); // perl interpolates
        assertNull(WrittenFiles.sedReplacements("1s/^.*$/x/", false)); // an address
        assertNull(WrittenFiles.sedReplacements("s/^.*$/x/;p", false)); // a second command
        assertNull(WrittenFiles.sedReplacements("sx^.*xyx", false)); // a word delimiter
        assertNull(WrittenFiles.sedReplacements("s/^.*$/x/w", false)); // sed's own w and p flags are not read
        assertNull(WrittenFiles.sedReplacements("s/^.*$/x/gp", false));
        assertNull(WrittenFiles.sedReplacements("s{^.*}{x}", true)); // perl's braces were never read
    }
}
