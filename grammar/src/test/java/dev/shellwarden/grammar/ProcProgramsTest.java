package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.ProcPrograms.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcProgramsTest {

    @Test
    void theShellsOwnProgramInEverySpelling() {
        for (String p : List.of("/proc/self/exe", "/proc/thread-self/exe", "/proc//self/./exe", "/proc/self/task/12/exe",
                "/proc/self/root/proc/self/exe", "/proc/1/root/proc/self/exe", "/tmp/../proc/self/exe")) {
            assertEquals(Kind.SELF, ProcPrograms.kindOf(p), p);
        }
    }

    @Test
    void anotherProcessOrADescriptorIsHeld() {
        for (String p : List.of("/proc/1234/exe", "/proc/self/fd/3", "/dev/fd/3", "/dev/stdin", "/proc/1/task/1/fd/0",
                "/dev/./fd/3")) {
            assertEquals(Kind.HELD, ProcPrograms.kindOf(p), p);
        }
    }

    @Test
    void ordinaryPathsAndNamesAreFiles() {
        for (String p : List.of("bash", "./exe", "/usr/bin/env", "/proc/self/root/bin/sh", "/proc/self/cwd/bin/x",
                "exe", "/dev/fd", "/proc/self/exe/x")) {
            assertEquals(Kind.FILE, ProcPrograms.kindOf(p), p);
        }
    }

    @Test
    void onlyTheShellsOwnProgramIsRenamed() {
        List<Word> argv = List.of(Word.literal("/proc/self/exe"), Word.literal("-c"), Word.literal("ls"));
        assertEquals(Kind.SELF, ProcPrograms.programKind(argv));
        List<Word> self = ProcPrograms.normalized(argv, ProcPrograms.programKind(argv));
        assertEquals("bash", self.get(0).text());
        assertEquals("-c", self.get(1).text());
        List<Word> held = List.of(Word.literal("/dev/fd/3"), Word.literal("-c"));
        assertEquals(Kind.HELD, ProcPrograms.programKind(held));
        assertEquals(held, ProcPrograms.normalized(held, ProcPrograms.programKind(held)));
        assertEquals(Kind.FILE, ProcPrograms.programKind(List.of()));
    }
}
