package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cmd.exe reader shared by bash's and PowerShell's {@code cmd /c}: what cmd.exe itself runs,
 * and fail-closed reasons where it cannot be known. The grammar corpus
 * ({@code corpus/grammar/*}{@code /cmd-payloads.txt}) shows whole splits; these check single readings.
 */
class CmdPayloadTest {

    /** The argv of every command read from {@code line}, each joined with blanks. */
    private static List<String> commands(String line) {
        return CmdPayload.split(line).stream()
                .map(c -> String.join(" ", c.argv().stream().map(Word::text).toList())).toList();
    }

    private static boolean anyReason(String line, OpaqueReason reason) {
        return CmdPayload.split(line).stream().anyMatch(c -> c.reasons().contains(reason));
    }

    @Test
    void caretsAndQuotesInsideTheProgramName() {
        assertEquals(List.of("format D: /q"), commands("f^o^r^m^a^t D: /q"));
        assertEquals(List.of("format D: /q"), commands("\"for\"mat D: /q"));
        assertEquals(List.of("format D: /q"), commands("f\"\"ormat D: /q"));
        // inside double quotes a caret is literal
        assertEquals(List.of("echo a^b"), commands("echo \"a^b\""));
        // an escaped operator is text
        assertEquals(List.of("echo a&b"), commands("echo a^&b"));
    }

    @Test
    void caretAtALineEndContinuesTheLine() {
        assertEquals(List.of("shutdown /a"), commands("shut^\ndown /a"));
        assertEquals(List.of("shutdown /a"), commands("shut^\r\ndown /a"));
    }

    @Test
    void operatorsAndPipelines() {
        List<CmdPayload.Command> cs = CmdPayload.split("a & b && c || d | e");
        assertEquals(List.of("a", "b", "c", "d", "e"), cs.stream().map(c -> c.argv().get(0).text()).toList());
        assertEquals(List.of("", "&", "&&", "||", "||"), cs.stream().map(CmdPayload.Command::opBefore).toList());
        assertEquals(1, cs.get(4).stage());
        assertTrue(anyReason("& a", OpaqueReason.SYNTAX_ERROR), "an operator with no command before it");
    }

    @Test
    void delimitersAndGluedSwitches() {
        assertEquals(List.of("rd /s/q C:\\"), commands("rd/s/q C:\\"));
        assertEquals(List.of("rd /s /q C:\\"), commands(";,@rd /s /q C:\\"));
        assertEquals(List.of("del /q a b"), commands("del /q a,b"));
        assertEquals(List.of("set FOO=1", "npm test"), commands("set FOO=1&& npm test"));
    }

    @Test
    void redirections() {
        CmdPayload.Command c = CmdPayload.split("dir >nul 2>&1").get(0);
        assertEquals(List.of("dir"), c.argv().stream().map(Word::text).toList());
        assertEquals(2, c.redirects().size());
        assertEquals(">&", c.redirects().get(1).op());
        assertEquals(2, c.redirects().get(1).fd());
    }

    @Test
    void callStartAndNestedCmdRunTheirCommand() {
        assertEquals(List.of("shutdown /a"), commands("call shutdown /a"));
        assertEquals(List.of("call :label"), commands("call :label"));
        assertEquals(List.of("shutdown /a"), commands("start \"\" /b /wait shutdown /a"));
        assertEquals(List.of("shutdown /a"), commands("start \"title\" /affinity 3 /d C:\\ shutdown /a"));
        assertEquals(List.of("notepad.exe"), commands("start \"\" notepad.exe"));
        assertEquals(List.of("a", "b"), commands("cmd /c \"a & b\""));
        assertEquals(List.of("a"), commands("cmd /s /d /c a"));
        assertEquals(List.of("a"), commands("%COMSPEC% /c a"));
        assertEquals(List.of("C:\\Windows\\System32\\shutdown.exe /a"), commands("%SystemRoot%\\System32\\shutdown.exe /a"));
        assertEquals(List.of("cmd", "cmd"), CmdPayload.split("cmd /c cmd /c a").get(0).wrappers());
    }

    @Test
    void variablesAreDynamicAndKnownValuesAddAReading() {
        assertTrue(anyReason("%x:~0,2% /s", OpaqueReason.DYNAMIC_COMMAND));
        assertTrue(anyReason("%P:a=r%d /s", OpaqueReason.DYNAMIC_COMMAND));
        assertTrue(anyReason("!p! /s", OpaqueReason.DYNAMIC_COMMAND));
        assertFalse(CmdPayload.split("echo %PATH%").get(0).argv().get(1).literal());
        // set then %x%: the dynamic reading stays, the value's reading is added
        List<String> read = commands("set x=shutdown&& call %x% /a");
        assertTrue(read.contains("%x% /a") && read.contains("shutdown /a"), read.toString());
        assertTrue(commands("set \"x=shutdown\"&& call %x% /a").contains("shutdown /a"));
        // a system place the line set itself is not the system's
        assertTrue(anyReason("set COMSPEC=x&& %COMSPEC% /c a", OpaqueReason.DYNAMIC_COMMAND));
    }

    @Test
    void ifForAndBlocksAreRead() {
        assertEquals(List.of("rd /s /q x"), commands("if exist x rd /s /q x"));
        assertEquals(List.of("a", "b"), commands("if /i not \"%x%\"==\"y\" (a) else (b)"));
        assertEquals(List.of("a"), commands("if %x% EQU 1 a"));
        assertEquals(List.of("a", "b"), commands("(a & b)"));
        assertEquals(List.of("a", "b"), commands("if 1==1 a & b"));
        assertEquals(List.of("shutdown /a", "echo %i"), commands("for /f %i in ('shutdown /a') do echo %i"));
        assertEquals(List.of("dir", "echo %i"), commands("for /f \"usebackq\" %i in (`dir`) do echo %i"));
        assertEquals(List.of("echo %f"), commands("for %f in (*.txt) do echo %f"));
        assertTrue(anyReason("for /f %i in (list.txt) do %i", OpaqueReason.DYNAMIC_COMMAND));
        assertTrue(anyReason("(a", OpaqueReason.SYNTAX_ERROR));
        assertTrue(anyReason("if exist", OpaqueReason.SYNTAX_ERROR));
        assertTrue(anyReason("for %i in (a) echo", OpaqueReason.SYNTAX_ERROR));
    }

    @Test
    void cmdReadingStdinIsAScript() {
        assertTrue(anyReason("type a.bat | cmd", OpaqueReason.INTERPRETER_SCRIPT));
        assertTrue(anyReason("cmd < a.bat", OpaqueReason.INTERPRETER_SCRIPT));
    }

    @Test
    void nestingIsBounded() {
        String line = "a";
        for (int k = 0; k < 12; k++) {
            line = "cmd /c " + line;
        }
        assertTrue(anyReason(line, OpaqueReason.LIMIT_EXCEEDED));
        assertTrue(CmdPayload.split("a&".repeat(2000)).size() <= CmdPayload.MAX_COMMANDS + 1);
    }

    @Test
    void commandLineOfAnotherShellsArgv() {
        assertEquals("npx -c \"rm x\"", CmdPayload.join(List.of("npx", "-c", "rm x")));
        assertEquals("echo a b & c", CmdPayload.join(List.of("echo a b & c")));
        assertEquals(1, CmdPayload.commandSwitch(List.of("/d", "//c", "x")));
        assertEquals(0, CmdPayload.commandSwitch(List.of("/cdel")));
        assertEquals("del", CmdPayload.attached("/cdel"));
        assertEquals(-1, CmdPayload.commandSwitch(List.of("/q")));
    }

    @Test
    void substringsFollowCmdExe() {
        assertEquals("abc", CmdPayload.substring("abcdef", 0, 3));
        assertEquals("cdef", CmdPayload.substring("abcdef", 2, null));
        assertEquals("ef", CmdPayload.substring("abcdef", -2, null));
        assertEquals("abcd", CmdPayload.substring("abcdef", 0, -2));
        assertEquals("d", CmdPayload.substring("abcdef", -3, 1));
        // out of range: clamped at the start, empty past the end
        assertEquals("ab", CmdPayload.substring("abcdef", -99, 2));
        assertEquals("", CmdPayload.substring("abcdef", 9, 2));
        assertEquals("", CmdPayload.substring("abcdef", 4, -3));
    }

    @Test
    void replacementsIgnoreCaseAndStarCutsAPrefix() {
        assertEquals("heLLo", CmdPayload.replaced("hello", "l", "L"));
        assertEquals("hexo", CmdPayload.replaced("heLLo", "ll", "x"));
        assertEquals("Xlo", CmdPayload.replaced("hello", "*el", "X"));
        assertEquals("hello", CmdPayload.replaced("hello", "z", "y"));
    }

    @Test
    void substringsOfVariablesSetOnTheLineAndOfFixedDefaultsAreReadToo() {
        assertEquals(List.of("set v=echoX", "%v:~0,4% hi", "echo hi"), commands("set v=echoX&& %v:~0,4% hi"));
        assertEquals(List.of("set v=eZho", "%v:Z=c% hi", "echo hi"), commands("set v=eZho&& %v:Z=c% hi"));
        // COMSPEC's tail is cmd.exe on every install: the nested cmd's command is read
        assertEquals(List.of("%COMSPEC:~-7,3% /c dir", "dir"), commands("%COMSPEC:~-7,3% /c dir"));
        // a variable that differs per machine stays as written
        assertEquals(List.of("%USERNAME:~0,1%ir"), commands("%USERNAME:~0,1%ir"));
    }
}
