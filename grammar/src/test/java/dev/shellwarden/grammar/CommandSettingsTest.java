package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandSettingsTest {

    private static List<String> of(String... argv) {
        return CommandSettings.settingCommands(List.of(argv));
    }

    @Test
    void hookVariablesGiveTheirCommandLineUnlessPlain() {
        assertEquals("make test", CommandSettings.hookCommand("GIT_SSH_COMMAND=make test"));
        assertEquals("lesspipe FILE", CommandSettings.hookCommand("LESSOPEN=|lesspipe %s"));
        assertNull(CommandSettings.hookCommand("PAGER=less -R"));
        assertNull(CommandSettings.hookCommand("EDITOR=/usr/bin/vim"));
        assertNull(CommandSettings.hookCommand("CC=gcc"));
        assertNull(CommandSettings.hookCommand("PAGER="));
    }

    @Test
    void shellSyntaxAfterAPlainProgramIsACommandLine() {
        assertEquals("ssh ; make test", CommandSettings.hookCommand("GIT_SSH_COMMAND=ssh ; make test"));
        assertEquals("less $(make test)", CommandSettings.gitCommand("core.pager", "less $(make test)"));
    }

    @Test
    void gitAliasesAndHelpersRunAShellOnlyWithABang() {
        assertEquals("make test", CommandSettings.gitCommand("alias.t", "!make test"));
        assertNull(CommandSettings.gitCommand("alias.st", "status -sb"));
        assertEquals("pass-helper get", CommandSettings.gitCommand("credential.helper", "!pass-helper get"));
        assertNull(CommandSettings.gitCommand("credential.helper", "store"));
        assertNull(CommandSettings.gitCommand("core.fsmonitor", "true"));
        assertEquals("make watch", CommandSettings.gitCommand("Core.SshCommand", "make watch"));
        assertNull(CommandSettings.gitCommand("user.name", "make test"));
    }

    @Test
    void gitConfigInAnyScopeAndSpelling() {
        assertEquals(List.of("make test"), of("git", "config", "alias.t", "!make test"));
        assertEquals(List.of("make test"), of("git", "config", "--global", "alias.t", "!make test"));
        assertEquals(List.of("make test"), of("git", "config", "set", "--local", "core.sshCommand", "make test"));
        assertEquals(List.of("make test"), of("git", "-C", "repo", "config", "-f", "x.cfg", "diff.external", "make test"));
        assertEquals(List.of("make test"), of("git", "-c", "alias.t=!make test", "t"));
        assertEquals(List.of(), of("git", "config", "--get", "alias.t"));
        assertEquals(List.of(), of("git", "log", "--oneline"));
    }

    @Test
    void packageScriptsSetByNpmAndPnpm() {
        assertEquals(List.of("make test", "vite"), of("npm", "pkg", "set", "scripts.t=make test", "scripts.dev=vite", "name=x"));
        assertEquals(List.of("make test"), of("pnpm", "pkg", "set", "scripts.t=make test"));
        assertEquals(List.of("make test"), of("npm", "set-script", "t", "make test"));
        assertEquals(List.of(), of("npm", "pkg", "get", "scripts"));
        assertEquals(List.of(), of("npm", "run", "t"));
    }
}
