package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in rule-set hash covers every DRL file's path and content, and nothing else. */
class BuildStampTest {

    @TempDir
    Path dir;

    @Test
    void editsRenamesAndNewFilesChangeTheHashOtherFilesDoNot() throws IOException {
        Files.writeString(dir.resolve("a.drl"), "rule a");
        String first = BuildStamp.hash(dir);
        assertEquals(first, BuildStamp.hash(dir), "stable");
        Files.writeString(dir.resolve("notes.txt"), "not a rule");
        assertEquals(first, BuildStamp.hash(dir), "only .drl files count");
        Files.writeString(dir.resolve("a.drl"), "rule a2");
        String edited = BuildStamp.hash(dir);
        assertNotEquals(first, edited);
        Files.move(dir.resolve("a.drl"), dir.resolve("b.drl"));
        assertNotEquals(edited, BuildStamp.hash(dir));
        Files.writeString(dir.resolve("c.drl"), "");
        assertNotEquals(edited, BuildStamp.hash(dir));
    }

    @Test
    void noRulesIsAnError() {
        assertThrows(IOException.class, () -> BuildStamp.hash(dir));
    }
}
