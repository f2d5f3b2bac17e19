package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The container's command judged through its mounts: host paths behind bind mounts, the
 * container's own files as temporary ones, and every unknown left as written (fail closed).
 */
class ContainerPathsTest {

    private static final String P = "/home/dev/project";
    private static final Ctx CTX = new Ctx(P, P, "loose", "bash", "");

    /** The words, as judged, of the last segment named {@code name}. */
    private static List<String> judged(String command, String name) {
        List<Segment> segs = Splitter.forShell(Shell.BASH).split(command).segments();
        ContainerPaths.Judged j = ContainerPaths.of(segs, CTX);
        List<String> found = null;
        for (Segment s : j.segments()) {
            if (!s.argv().isEmpty() && s.argv().get(0).text().equals(name)) {
                found = s.argv().stream().map(Word::text).toList();
            }
        }
        return found;
    }

    @Test
    void aPathUnderABindMountIsItsHostPath() {
        assertEquals(List.of("rm", "-rf", P + "/data/cache"), judged("docker run --rm -v ./data:/data alpine rm -rf /data/cache", "rm"));
        assertEquals(List.of("rm", "-rf", "/home/dev"), judged("docker run --rm -v ..:/x alpine rm -rf /x", "rm"));
        assertEquals(List.of("rm", "-rf", "/home/dev/.ssh"), judged("podman run --rm -v ~:/h alpine rm -rf /h/.ssh", "rm"));
    }

    @Test
    void aRemovedContainersOwnFilesAreTemporary() {
        List<String> words = judged("docker run --rm alpine rm -rf /var/cache/apk", "rm");
        assertTrue(words.get(2).startsWith(ContainerPaths.PRIVATE_ROOT + "/"), words.toString());
    }

    @Test
    void unknownHostSidesStayAsWritten() {
        // kept container, named volume, an ancestor of a mount point, the kernel's file systems
        assertEquals(List.of("rm", "-rf", "/var/cache/apk"), judged("docker run alpine rm -rf /var/cache/apk", "rm"));
        assertEquals(List.of("rm", "-rf", "/data/x"), judged("docker run --rm -v data:/data alpine rm -rf /data/x", "rm"));
        assertTrue(judged("docker run --rm -v .:/src alpine rm -rf /", "rm").contains("/"));
        assertEquals(List.of("cat", "/proc/1/environ"), judged("docker run --rm alpine cat /proc/1/environ", "cat"));
        // a container with the engine's socket drives the host's daemon
        assertEquals(List.of("rm", "-rf", "/var/lib/x"),
                judged("docker run --rm -v /var/run/docker.sock:/var/run/docker.sock alpine rm -rf /var/lib/x", "rm"));
    }

    @Test
    void commandsOutsideContainersAreUntouched() {
        List<Segment> segs = Splitter.forShell(Shell.BASH).split("rm -rf /data/cache && ls").segments();
        ContainerPaths.Judged j = ContainerPaths.of(segs, CTX);
        assertSame(segs, j.segments());
        assertEquals(0, j.inside().size());
    }
}
