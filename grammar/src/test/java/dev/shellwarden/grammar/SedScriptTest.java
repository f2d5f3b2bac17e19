package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SedScriptTest {

    private static List<String> scripts(String... args) {
        return SedScript.scripts(List.of(args));
    }

    @Test
    void theScriptIsTheFirstOperandUnlessExpressionsOrAFileGiveIt() {
        assertEquals(List.of("s/a/b/"), scripts("-i", "s/a/b/", "f.txt"));
        assertEquals(List.of("1d", "s/x/y/"), scripts("-e", "1d", "--expression=s/x/y/", "f.txt"));
        assertEquals(List.of(), scripts("-f", "edit.sed", "f.txt"));
        assertEquals(List.of("p"), scripts("-l", "80", "p", "f.txt"));
    }

    @Test
    void theECommandAndTheEFlagRunTheirText() {
        assertEquals(List.of("make test"), SedScript.commands(List.of("1e make test")));
        assertEquals(List.of("make test"), SedScript.commands(List.of("/x/e make test")));
        assertEquals(List.of("date +%s"), SedScript.commands(List.of("s/.*/date +%s/e")));
        assertEquals(List.of("echo a/b"), SedScript.commands(List.of("s|.*|echo a/b|e")));
    }

    @Test
    void textThatOnlyMentionsAnEIsNoCommand() {
        assertEquals(List.of(), SedScript.commands(List.of("s/the e x/y/g")));
        assertEquals(List.of(), SedScript.commands(List.of("s/echo/print/")));
        assertEquals(List.of(), SedScript.commands(List.of("/^e /d")));
    }

    @Test
    void writeCommandsAndTheWFlagNameTheirFile() {
        assertEquals(List.of("todo.txt"), SedScript.writeFiles(List.of("/TODO/w todo.txt")));
        assertEquals(List.of("out.txt"), SedScript.writeFiles(List.of("s/a/b/gw out.txt")));
        assertEquals(List.of("/root/.bashrc"), SedScript.writeFiles(List.of("w /root/.bashrc")));
        assertTrue(SedScript.writeFiles(List.of("s/a/b/w /dev/stdout")).isEmpty());
        assertTrue(SedScript.writeFiles(List.of("s/new world/old world/")).isEmpty());
    }
}
