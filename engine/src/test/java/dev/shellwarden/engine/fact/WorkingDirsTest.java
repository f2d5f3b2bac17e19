package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkingDirsTest {

    private static final String P = "/home/dev/project";

    /** The possible directories (sorted) of the segment whose command name is {@code name} (the last one). */
    private static List<String> dirsOf(String command, String name) {
        return dirsOf(Shell.BASH, command, name);
    }

    /** {@link #dirsOf} for a PowerShell text (command names in any case). */
    private static List<String> psDirsOf(String command, String name) {
        return dirsOf(Shell.POWERSHELL, command, name);
    }

    private static List<String> dirsOf(Shell shell, String command, String name) {
        List<Segment> segs = Splitter.forShell(shell).split(command).segments();
        List<List<String>> dirs = WorkingDirs.of(segs, P, "/home/dev");
        List<String> found = null;
        for (Segment s : segs) {
            if (!s.argv().isEmpty() && (shell == Shell.BASH ? s.argv().get(0).text().equals(name) : s.argv().get(0).text().equalsIgnoreCase(name))) {
                found = dirs.get(s.id()).stream().sorted().toList();
            }
        }
        return found;
    }

    @Test
    void withoutCdEverySegmentRunsWhereTheLetterSays() {
        assertEquals(List.of(), dirsOf("make && rm -rf build", "rm"));
    }

    @Test
    void andAfterCdRunsInTheNewDirectoryOnly() {
        assertEquals(List.of(P + "/build"), dirsOf("cd build && rm -rf *", "rm"));
        assertEquals(List.of(P + "/build"), dirsOf("cd build && make && rm -rf obj", "rm"));
        assertEquals(List.of("/"), dirsOf("cd / && rm -rf *", "rm"));
    }

    @Test
    void semicolonAfterCdMayRunInEither() {
        assertEquals(List.of(P, P + "/build"), dirsOf("cd build; rm -rf *", "rm"));
        assertEquals(List.of(P, P + "/build"), dirsOf("cd build && make; rm -rf *", "rm"));
    }

    @Test
    void orAfterCdRunsWhereCdFailed() {
        assertEquals(List.of(P), dirsOf("cd build || rm -rf *", "rm"));
    }

    @Test
    void aComputedOrPreviousDirectoryIsUnknown() {
        assertEquals(List.of(WorkingDirs.UNKNOWN), dirsOf("cd \"$D\" && rm -rf x", "rm"));
        assertEquals(List.of(WorkingDirs.UNKNOWN), dirsOf("cd - && rm -rf x", "rm"));
        assertEquals(List.of("/home/dev"), dirsOf("cd && rm -rf x", "rm"));
    }

    @Test
    void aCdNotFollowedExactlyIsAddedToEverythingAfterIt() {
        // a subshell's cd does not leak, but the set may only grow: a superset is safe
        assertEquals(List.of("/", P), dirsOf("(cd /); rm -rf *", "rm"));
        assertEquals(List.of("/etc", P), dirsOf("if true; then cd /etc; fi; rm -rf *", "rm"));
    }

    @Test
    void aCdInAPipelineChangesNothing() {
        assertEquals(List.of(P), dirsOf("cd / | cat && rm -rf *", "rm"));
    }

    @Test
    void aPowerShellLauncherStartsItsCommandInItsWorkingDirectory() {
        assertEquals(List.of("/home/dev"), psDirsOf("Start-Process -WorkingDirectory $HOME -FilePath cmd -ArgumentList '/c dir x'", "cmd"));
        assertEquals(List.of(P + "/build"), psDirsOf("saps cmd '/c dir x' -wo .\\build", "cmd"));
        // the command line cmd reads starts where cmd runs
        assertEquals(List.of("/home/dev", P), psDirsOf("Start-Process -WorkingDirectory ~ cmd '/c dir x'", "dir"));
        assertEquals(List.of("/home/dev", P), psDirsOf("pwsh -wd $HOME -c 'Get-ChildItem x'", "Get-ChildItem"));
        assertEquals(List.of("/home/dev/Documents", P), psDirsOf("Start-Job -ScriptBlock { Get-ChildItem x }", "Get-ChildItem"));
    }

    @Test
    void cdMinusAndPopdGoBackWhereTheTextSays() {
        assertEquals(List.of("/"), dirsOf("cd / && cd /tmp && cd - && rm -rf *", "rm"));
        assertEquals(List.of("/home/dev"), dirsOf("cd ~ && pushd /tmp && popd && rm -rf *", "rm"));
        assertEquals(List.of(P + "/src"), dirsOf("pushd src && pushd ../build && popd && make", "make"));
        assertEquals(true, dirsOf("cd ~; cd src; cd -; rm -rf *", "rm").contains("/home/dev"));
        // the agent shell's OLDPWD and stack are never guessed; a cd in a loop loses them
        assertEquals(List.of(P, "?"), dirsOf("cd -; rm -rf *", "rm"));
        assertEquals(List.of(P, "?"), dirsOf("popd; rm -rf *", "rm"));
        assertEquals(true, dirsOf("cd /tmp && for d in a; do cd $d; done; cd -; rm -rf *", "rm").contains("?"));
    }

    @Test
    void aPayloadStartsWhereItsLauncherMovedAndCmdLinesShareTheirCd() {
        assertEquals(List.of("/", P), dirsOf("env -C / bash -c 'ls x'", "ls"));
        assertEquals(List.of("/home/dev", P), dirsOf("cmd /c \"cd /d %USERPROFILE% && dir x\"", "dir"));
    }
}
