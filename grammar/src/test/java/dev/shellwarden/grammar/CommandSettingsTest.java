package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void plainSettingsAreOptionWordsOrAKnownPagerOrEditor() {
        assertTrue(CommandSettings.isPlainSetting("PERL5OPT", "-w"));
        assertTrue(CommandSettings.isPlainSetting("PERL5OPT", "-Mstrict -MCarp=verbose"));
        assertTrue(CommandSettings.isPlainSetting("RUBYOPT", "-W0 -rbundler/setup"));
        assertTrue(CommandSettings.isPlainSetting("EDITOR", "code --wait"));
        assertTrue(CommandSettings.isPlainSetting("GIT_PAGER", "/usr/bin/delta --dark"));
        // files loaded, paths outside, debuggers, unknown programs and anything not a plain literal
        assertFalse(CommandSettings.isPlainSetting("PERL5OPT", "-I/tmp/x"));
        assertFalse(CommandSettings.isPlainSetting("PERL5OPT", "-Mlib=/tmp/x"));
        assertFalse(CommandSettings.isPlainSetting("PERL5OPT", "-d"));
        assertFalse(CommandSettings.isPlainSetting("RUBYOPT", "-r./x"));
        assertFalse(CommandSettings.isPlainSetting("RUBYOPT", "-rx/../../tmp/y"));
        assertFalse(CommandSettings.isPlainSetting("EDITOR", "vim -S"));
        assertFalse(CommandSettings.isPlainSetting("EDITOR", "/tmp/vim"));
        assertFalse(CommandSettings.isPlainSetting("EDITOR", "code --extensions-dir=e"));
        assertFalse(CommandSettings.isPlainSetting("EDITOR", "emacs -l x.el"));
        assertFalse(CommandSettings.isPlainSetting("GIT_PAGER", "$P"));
        assertFalse(CommandSettings.isPlainSetting("GIT_SSH_COMMAND", "ssh -v"));
        assertFalse(CommandSettings.isPlainSetting("LD_PRELOAD", "-w"));
    }

    @Test
    void shellSyntaxAfterAPlainProgramIsACommandLine() {
        assertEquals("ssh ; make test", CommandSettings.hookCommand("GIT_SSH_COMMAND=ssh ; make test"));
        assertEquals("less $(make test)", CommandSettings.gitCommand("core.pager", "less $(make test)"));
    }

    @Test
    void gitAliasesRunAShellWithABangAndGitWithoutHelpersOnlyWithABang() {
        assertEquals("make test", CommandSettings.gitCommand("alias.t", "!make test"));
        // an alias without `!` is a git command line, judged as `git VALUE` (left33)
        assertEquals("git status -sb", CommandSettings.gitCommand("alias.st", "status -sb"));
        assertNull(CommandSettings.gitCommand("alias.empty", " "));
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

    @Test
    void gitSubcommandsGiveTheCommandLinesTheyRun() {
        assertEquals(List.of("npm test"), of("git", "rebase", "-x", "npm test", "main"));
        assertEquals(List.of("make check"), of("git", "rebase", "--exec=make check", "main"));
        assertEquals(List.of("sh '-c' 'make test'"), of("git", "bisect", "run", "sh", "-c", "make test"));
        assertEquals(List.of("make clean"), of("git", "submodule", "foreach", "--recursive", "make clean"));
        assertEquals(List.of("meld-wrapper"), of("git", "difftool", "-y", "--extcmd=meld-wrapper"));
        assertEquals(List.of("vim-wrapper"), of("git", "grep", "-Ovim-wrapper", "TODO"));
        assertEquals(List.of("/usr/local/bin/mailer"), of("git", "send-email", "--smtp-server=/usr/local/bin/mailer", "x.patch"));
        assertEquals(List.of(), of("git", "send-email", "--smtp-server=smtp.example.com", "x.patch"));
        assertEquals(List.of(), of("git", "grep", "-O", "TODO"));
    }

    @Test
    void gitConfigurationFromTheEnvironmentRunsLikeGitDashC() {
        assertEquals(List.of("make pager"), CommandSettings.environmentGitCommands(List.of(
                "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=core.pager", "GIT_CONFIG_VALUE_0=make pager")));
        assertEquals(List.of("make ssh"), CommandSettings.environmentGitCommands(List.of(
                "GIT_CONFIG_PARAMETERS='core.sshCommand'='make ssh' 'user.name'='x'")));
        assertEquals(List.of("it's"), CommandSettings.environmentGitCommands(List.of(
                "GIT_CONFIG_PARAMETERS='core.pager'='it'\\''s'")));
        assertEquals(List.of(), CommandSettings.environmentGitCommands(List.of("GIT_CONFIG_KEY_0=core.pager")));
    }
}
