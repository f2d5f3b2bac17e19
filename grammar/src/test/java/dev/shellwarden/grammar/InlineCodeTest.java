package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class InlineCodeTest {

    @Test
    void stringCallsGiveTheirCommandLine() {
        assertEquals(List.of("mkfs.ext4 /dev/sda"), InlineCode.commands("import os; os.system('mkfs.ext4 /dev/sda')"));
        assertEquals(List.of("rm -rf ~"), InlineCode.commands("require('child_process').execSync(\"rm -rf ~\")"));
        assertEquals(List.of("shutdown -h now"), InlineCode.commands("system \"shutdown -h now\""));
    }

    @Test
    void argumentListsStayOneWordPerElement() {
        assertEquals(List.of("rm '-rf' '/'"), InlineCode.commands("subprocess.run([\"rm\", \"-rf\", \"/\"], check=True)"));
        assertEquals(List.of("rm '-rf' '/'"), InlineCode.commands("spawnSync('rm', ['-rf', '/'])"));
        assertEquals(List.of("git 'log' '--grep' 'rm -rf'"), InlineCode.commands("run(['git', 'log', '--grep', 'rm -rf'])"));
    }

    @Test
    void backticksAndQxAreCommands() {
        assertEquals(List.of("rm -rf /"), InlineCode.commands("`rm -rf /`"));
        assertEquals(List.of("id"), InlineCode.commands("print qx(id)"));
        assertEquals(List.of("uname -a"), InlineCode.commands("puts %x{uname -a}"));
    }

    @Test
    void perlQuoteLikeOperatorsAreStrings() {
        assertEquals(List.of("uname -a"), InlineCode.commands("system q{uname -a}"));
        assertEquals(List.of("uname -a"), InlineCode.commands("exec(qq(uname -a))"));
        assertEquals(List.of("'git' 'log' '-1'"), InlineCode.commands("system qw[git log -1]"));
        assertEquals(List.of(), InlineCode.commands("print q{uname -a}"));
    }

    @Test
    void tclExecWordsAreACommandOnlyInTcl() {
        assertEquals(List.of("uname -a", "sh -c 'ls -l'"), InlineCode.commands("puts [exec uname -a]\nexec sh -c {ls -l}", "tclsh"));
        assertEquals(List.of(), InlineCode.commands("exec uname -a", "perl"));
    }

    @Test
    void codeBuiltAtRunTimeIsNotGuessedAndDataIsNoCall() {
        assertEquals(List.of(), InlineCode.commands("os.system(cmd)"));
        assertEquals(List.of(), InlineCode.commands("print('rm -rf /')"));
        assertEquals(List.of(), InlineCode.commands("parser.add_argument('--run', help='x')"));
    }

    @Test
    void awkPipesAreCommands() {
        assertEquals(List.of("date", "sort -u"), InlineCode.awkCommands("BEGIN { \"date\" | getline d } { print | \"sort -u\" }"));
    }
}
