package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Git Bash's doubled switch slash, read for Windows programs only (harmless words). */
class MsysSwitchesTest {

    private static String normalized(String... words) {
        List<Word> argv = java.util.Arrays.stream(words).map(Word::literal).collect(Collectors.toList());
        return MsysSwitches.normalized(argv).stream().map(Word::text).collect(Collectors.joining(" "));
    }

    @Test
    void windowsProgramsByNameSuffixOrWindowsFolder() {
        assertTrue(MsysSwitches.windowsProgram("cmd"));
        assertTrue(MsysSwitches.windowsProgram("ipconfig.exe"));
        assertTrue(MsysSwitches.windowsProgram("/c/Windows/System32/where"));
        assertTrue(MsysSwitches.windowsProgram("C:\\Windows\\System32\\tasklist"));
        assertFalse(MsysSwitches.windowsProgram("ls"));
        assertFalse(MsysSwitches.windowsProgram("/usr/bin/find"));
    }

    @Test
    void aDoubledSwitchSlashIsOneForAWindowsProgram() {
        assertEquals("cmd /c dir", normalized("cmd", "//c", "dir"));
        assertEquals("tasklist.exe /v /fo:csv", normalized("tasklist.exe", "//v", "//fo:csv"));
        assertEquals("ipconfig /?", normalized("ipconfig", "//?"));
    }

    @Test
    void uncPathsAndPosixToolsStayAsWritten() {
        assertEquals("cmd /c dir //server/share", normalized("cmd", "//c", "dir", "//server/share"));
        assertEquals("ls //c", normalized("ls", "//c"));
        List<Word> posix = List.of(Word.literal("grep"), Word.literal("//x"));
        assertSame(posix, MsysSwitches.normalized(posix));
    }

    @Test
    void unescapeTouchesOnlySwitchShapes() {
        assertEquals("/c", MsysSwitches.unescape("//c"));
        assertEquals("//server/share", MsysSwitches.unescape("//server/share"));
        assertEquals("/c", MsysSwitches.unescape("/c"));
    }
}
