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
                Position.SOLE, Set.of()));
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

    /**
     * Drools counts a fact type's public no-argument methods (plus {@code this}) as its properties;
     * over 62 it builds pattern masks as {@code OpenBitSet}, whose first use costs ~17 ms in every
     * cold check (see Cmd's class comment). A new public no-argument helper needs one made
     * package-private, or an argument.
     */
    @Test
    void staysWithinSixtyTwoDroolsProperties() {
        List<String> props = new ArrayList<>();
        for (java.lang.reflect.Method m : Cmd.class.getMethods()) {
            if (m.getParameterCount() == 0 && m.getReturnType() != void.class
                    && !java.lang.reflect.Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != Object.class
                    && !m.getName().equals("toString") && !m.getName().equals("hashCode")) {
                props.add(m.getName());
            }
        }
        assertTrue(props.size() + 1 <= 62, (props.size() + 1) + " properties: " + props);
    }
}
