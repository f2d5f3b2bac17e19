package dev.shellwarden.checker.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether a standard stream is a terminal, without a native library (Linux {@code /proc}; else no). */
final class Terminal {

    private Terminal() {
    }

    /** True when file descriptor {@code fd} (1 stdout, 2 stderr) is a terminal. */
    static boolean isTty(int fd) {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** Colour only on a terminal, and never when {@code NO_COLOR} is set. */
    static boolean colour(int fd) {
        String noColour = System.getenv("NO_COLOR");
        return (noColour == null || noColour.isEmpty()) && isTty(fd);
    }
}
