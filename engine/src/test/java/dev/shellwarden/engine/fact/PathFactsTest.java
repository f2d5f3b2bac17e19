package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Lexical path reasoning: the answers the scope, floor and persistence rules rest on. */
class PathFactsTest {

    @Test
    void resolvesAgainstTheWorkingDirectoryAndTheInferredHome() {
        assertEquals("/home/dev/other", PathFacts.resolve("../other", "/home/dev/project", "/home/dev"));
        assertEquals("/home/dev/.bashrc", PathFacts.resolve("~/.bashrc", "/home/dev/project", "/home/dev"));
        assertEquals("/home/dev/.cache", PathFacts.resolve("${HOME}/.cache", "/x", "/home/dev"));
        assertEquals("/", PathFacts.resolve("/tmp/../", "/x", "/home/dev"));
        assertEquals("/home/dev", PathFacts.homeOf("/home/dev/project"));
        assertEquals("/Users/ana", PathFacts.homeOf("/Users/ana/src/app"));
    }

    @Test
    void anUnknownHomeIsNeverInsideAProject() {
        String home = PathFacts.homeOf("/srv/app");
        assertFalse(PathFacts.isInside(PathFacts.resolve("~/x", "/srv/app", home), "/srv/app"));
        assertFalse(PathFacts.isInside(PathFacts.resolve("~bob/x", "/srv/app", home), "/srv/app"));
    }

    @Test
    void insideMeansTheDirectoryOrBelowNotAPrefixSibling() {
        assertTrue(PathFacts.isInside("/home/dev/project/build", "/home/dev/project"));
        assertTrue(PathFacts.isInside("/home/dev/project", "/home/dev/project/"));
        assertFalse(PathFacts.isInside("/home/dev/project-old", "/home/dev/project"));
    }

    @Test
    void systemAndHomeDirectoriesButNotFilesBelowThem() {
        assertTrue(PathFacts.isSystemDir("/etc"));
        assertTrue(PathFacts.isSystemDir("/usr/*"));
        assertTrue(PathFacts.isSystemDir("/home/alice"));
        assertFalse(PathFacts.isSystemDir("/var/log/myapp"));
        assertFalse(PathFacts.isSystemDir("etc"));
    }

    @Test
    void blockDevicesButNotPseudoDevices() {
        assertTrue(PathFacts.isBlockDevice("/dev/sda"));
        assertTrue(PathFacts.isBlockDevice("/dev/nvme0n1p2"));
        assertTrue(PathFacts.isBlockDevice("/dev/mapper/root"));
        assertFalse(PathFacts.isBlockDevice("/dev/null"));
        assertFalse(PathFacts.isBlockDevice("./dev/sda"));
    }

    @Test
    void secretsByNameAndPlaceButNotTemplates() {
        assertTrue(PathFacts.isSecret(".env"));
        assertTrue(PathFacts.isSecret("config/.env.production"));
        assertTrue(PathFacts.isSecret("/home/dev/.ssh/id_ed25519"));
        assertTrue(PathFacts.isSecret("~/.aws/credentials"));
        assertFalse(PathFacts.isSecret(".env.example"));
        assertFalse(PathFacts.isSecret("/home/dev/.ssh/id_ed25519.pub"));
        assertFalse(PathFacts.isSecret("src/environment.ts"));
    }

    @Test
    void persistencePointsAndSelfProtectedFiles() {
        assertTrue(PathFacts.isPersistence("/home/dev/.bashrc"));
        assertTrue(PathFacts.isPersistence("~/.ssh/authorized_keys"));
        assertTrue(PathFacts.isPersistence("/etc/sudoers.d/dev"));
        assertFalse(PathFacts.isPersistence("/home/dev/project/.bashrc"));
        assertTrue(PathFacts.isSelfProtected(".claude/settings.local.json"));
        assertTrue(PathFacts.isSelfProtected("/home/dev/.codex/config.toml"));
        assertTrue(PathFacts.isSelfProtected("shell-warden.jsonc"));
        assertFalse(PathFacts.isSelfProtected(".claude/commands/review.md"));
    }

    @Test
    void windowsRootsAndProfile() {
        assertTrue(PathFacts.isWindowsRootLike("C:\\"));
        assertTrue(PathFacts.isWindowsRootLike("c:/*"));
        assertTrue(PathFacts.isWindowsRootLike("$env:USERPROFILE"));
        assertTrue(PathFacts.isWindowsRootLike("C:\\Users\\ana"));
        assertFalse(PathFacts.isWindowsRootLike("C:\\Users\\ana\\project\\build"));
    }
}
