package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The helpers rules call on a segment, on hand-built segments (no splitter involved). */
class CmdTest {

    private static final Ctx CTX = new Ctx("/home/dev/project", "/home/dev/project", "loose", "bash", "");

    private static Cmd cmd(String... words) {
        List<Word> argv = new ArrayList<>();
        for (String w : words) {
            argv.add(w.startsWith("$") ? new Word(w, w, false, Set.of()) : Word.literal(w));
        }
        return new Cmd(new Segment(0, -1, 0, Provenance.TOP, List.of(), argv, List.of(), List.of(), List.of(),
                Position.SOLE, Set.of()), Placement.alone());
    }

    @Test
    void psParamMatchesCaseInsensitivePrefixesFromTheMinimum() {
        assertTrue(cmd("Remove-Item", "-r", "x").psParam("Recurse", 1));
        assertTrue(cmd("Remove-Item", "-REC", "x").psParam("Recurse", 1));
        assertFalse(cmd("Remove-Item", "-Force", "x").psParam("Recurse", 1));
        assertFalse(cmd("Get-Content", "-W:$false").psParam("Wait", 1));
        assertFalse(cmd("pwsh", "-ExecutionPolicy", "Bypass").psParam("EncodedCommand", 1));
    }

    @Test
    void aSwitchTakesAFalseValueOnlyAfterAColon() {
        // the splitter hands `-Recurse:$false` on as `-Recurse` (source `-Recurse:`) and `$false`
        List<Word> colon = List.of(Word.literal("Remove-Item"), Word.literal("x"), new Word("-Recurse", "-Recurse:", true, Set.of()),
                new Word("$false", "$false", false, Set.of()));
        assertFalse(new Cmd(new Segment(0, -1, 0, Provenance.TOP, List.of(), colon, List.of(), List.of(), List.of(),
                Position.SOLE, Set.of()), Placement.alone()).psParam("Recurse", 2));
        // `-Recurse $false`: the switch is on, `$false` a positional
        assertTrue(cmd("Remove-Item", "x", "-Recurse", "$false").psParam("Recurse", 2));
        assertTrue(cmd("Remove-Item", "-Recurse", "0", "x").psParam("Recurse", 2));
        assertFalse(cmd("Remove-Item", "x", "-Recurse:0").psParam("Recurse", 2));
    }

    @Test
    void deleteTargetsOfRmAndFind() {
        assertEquals(List.of("a", "b"), cmd("rm", "-rf", "a", "b").getDeleteTargets());
        assertEquals(List.of("/var/x"), cmd("find", "/var/x", "-name", "*.gz", "-delete").getDeleteTargets());
        assertEquals(List.of(), cmd("find", ".", "-name", "*.gz").getDeleteTargets());
        assertEquals(List.of("."), cmd("find", "-exec", "rm", "{}", ";").getDeleteTargets());
    }

    @Test
    void aDynamicTargetIsNeitherInsideNorOutside() {
        assertFalse(cmd("rm", "-rf", "$DIR").deletesOutside(CTX));
        assertTrue(cmd("rm", "-rf", "$DIR").isDynamicDeleteTarget());
        assertFalse(cmd("rm", "-rf", "${TMPDIR}/build").isDynamicDeleteTarget());
        assertTrue(cmd("rm", "-rf", "../x").deletesOutside(CTX));
        assertFalse(cmd("rm", "-rf", "/tmp/x").deletesOutside(CTX));
    }

    @Test
    void writeTargetsOfCopyTeeAndDownloads() {
        assertEquals(List.of("/etc/x"), cmd("cp", "-r", "a", "/etc/x").getWriteTargets());
        assertEquals(List.of("out.txt"), cmd("tee", "-a", "out.txt").getWriteTargets());
        assertEquals(List.of("i.sh"), cmd("curl", "-fsSL", "-o", "i.sh", "https://x/i.sh").getWriteTargets());
        assertEquals(List.of("tool.sh"), cmd("wget", "https://example.com/dl/tool.sh?x=1").getWriteTargets());
        assertEquals(List.of("f.txt"), cmd("sed", "-i", "s/a/b/", "f.txt").getWriteTargets());
    }

    @Test
    void inlinePayloadsAreReadPerInterpreter() {
        assertEquals("import os", cmd("python3", "-c", "import os").getPayload());
        assertEquals("print 1", cmd("perl", "-lne", "print 1").getPayload());
        assertEquals("{print $1}", cmd("awk", "-F", ":", "{print $1}", "f").getPayload());
        assertTrue(cmd("python3", "-c", "import os; os.system('id')").isPayloadRuns());
        assertFalse(cmd("node", "-e", "console.log(`x`)").isPayloadRuns());
        assertTrue(cmd("ruby", "-e", "puts `id`").isPayloadRuns());
    }

    @Test
    void windowsExecutableNamesLoseTheirSuffix() {
        assertEquals("git", cmd("C:/Git/bin/git.exe", "status").getName());
        assertEquals("python3.11", cmd("python3.11.exe", "-c", "x").getName());
    }

    @Test
    void sleepDurations() {
        assertEquals(3600.0, cmd("sleep", "1h").getSleepSeconds());
        assertEquals(90.0, cmd("sleep", "1m", "30").getSleepSeconds());
        assertEquals(Double.POSITIVE_INFINITY, cmd("sleep", "infinity").getSleepSeconds());
    }

    private static Cmd wrapped(List<String> wrappers, String... words) {
        List<Word> argv = new ArrayList<>();
        for (String w : words) {
            argv.add(Word.literal(w));
        }
        return new Cmd(new Segment(1, 0, 1, Provenance.WRAPPED, wrappers, argv, List.of(), List.of(), List.of(),
                Position.SOLE, Set.of()), Placement.alone());
    }

    @Test
    void privilegeOptionsAreReadFromTheWrapperNotFromTheWrappedCommand() {
        assertTrue(cmd("sudo", "-i").isRootShell());
        assertTrue(cmd("sudo", "-u", "bob", "-s").isRootShell());
        assertTrue(cmd("sudo", "-u", "postgres").isRootShell());
        assertTrue(cmd("doas", "-s").isRootShell());
        assertTrue(cmd("su", "-c", "ls", "bob").isRootShell());
        assertFalse(cmd("sudo", "-l").isRootShell());
        assertFalse(cmd("sudo", "lsof", "-i", ":22").isRootShell());
        assertFalse(cmd("sudo", "blkid", "-s", "UUID").isRootShell());

        assertTrue(cmd("sudo", "-E", "make").isPrivilegeCarriesEnv());
        assertTrue(cmd("sudo", "--preserve-env=PATH", "ls").isPrivilegeCarriesEnv());
        assertTrue(cmd("sudo", "-S", "ls").isPrivilegeCarriesEnv());
        assertTrue(cmd("sudo", "-u", "bob", "LD_PRELOAD=x.so", "ls").isPrivilegeCarriesEnv());
        assertTrue(cmd("sudo", "--", "A=1", "ls").isPrivilegeCarriesEnv());
        assertFalse(cmd("sudo", "grep", "-E", "x", "f").isPrivilegeCarriesEnv());
        assertFalse(cmd("sudo", "sysctl", "vm.swappiness=10").isPrivilegeCarriesEnv());

        assertTrue(cmd("sudoedit", "/etc/hosts").isPrivilegeEdit());
        assertTrue(cmd("sudo", "-e", "/etc/hosts").isPrivilegeEdit());
        assertFalse(cmd("sudo", "aureport", "-te", "now").isPrivilegeEdit());
    }

    @Test
    void privilegedSegmentsAndProgramsFromAPath() {
        assertTrue(wrapped(List.of("sudo", "nice"), "bash").isPrivileged());
        assertTrue(wrapped(List.of("/usr/bin/doas"), "ls").isPrivileged());
        assertFalse(wrapped(List.of("env", "timeout"), "ls").isPrivileged());
        assertTrue(cmd("./install.sh").isRunsFromPath());
        assertTrue(cmd("path/to/tool").isRunsFromPath());
        assertTrue(cmd("/usr/local/bin/tool").isRunsFromPath());
        assertTrue(cmd("!!").isRunsFromPath());
        assertFalse(cmd("/usr/sbin/ss").isRunsFromPath());
        assertFalse(cmd("/bin/ls").isRunsFromPath());
        assertFalse(cmd("lsof").isRunsFromPath());
    }

    @Test
    void subcommandPositionsAndFlagSets() {
        assertTrue(cmd("btrfs", "subvolume", "delete", "x").subMatches(3, "delete|create"));
        assertFalse(cmd("btrfs", "filesystem", "show").subMatches(3, "delete|create"));
        assertTrue(cmd("hdparm", "-I", "/dev/sda").onlyFlags("-I -i"));
        assertTrue(cmd("hdparm", "-Ii", "/dev/sda").onlyFlags("-I -i"));
        assertFalse(cmd("hdparm", "-B", "127", "/dev/sda").onlyFlags("-I -i"));
        assertFalse(cmd("hdparm", "/dev/sda").onlyFlags("-I -i"));
    }

    @Test
    void pathFiltersOnlySelectLines() {
        assertTrue(cmd("grep", "-v", "vendor").isPathFilter());
        assertTrue(cmd("grep", "-v", "-e", "a", "-e", "b").isPathFilter());
        assertFalse(cmd("grep", "-o", "x").isPathFilter());
        assertFalse(cmd("grep", "x", "list.txt").isPathFilter());
        assertTrue(cmd("tail", "-n", "+6").isPathFilter());
        assertFalse(cmd("tail", "other.txt").isPathFilter());
        assertTrue(cmd("tr", "\\n", "\\0").isPathFilter());
        assertFalse(cmd("tr", "a-z", "/").isPathFilter());
        assertFalse(cmd("awk", "{print}").isPathFilter());
        assertTrue(cmd("ls", "-t").listsInside(CTX));
        assertFalse(cmd("ls", "/etc").listsInside(CTX));
    }
}
