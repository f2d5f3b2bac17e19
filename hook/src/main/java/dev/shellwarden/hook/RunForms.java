package dev.shellwarden.hook;

import java.util.List;
import java.util.Objects;

/**
 * The texts a client may actually run for one command the agent wrote. Most clients run the text
 * as written; one that rewrites it first (Gemini CLI strips a {@code bash -c '…'} wrapper) gives
 * every form it may run, and each is judged: the strictest verdict wins.
 *
 * @param commands the forms, the command as written first; never empty
 * @param doubt    empty when the forms are exactly what the client runs; otherwise one prescriptive
 *                 line saying why they may not be, and the verdict is at least {@code ask}
 */
public record RunForms(List<String> commands, String doubt) {

    /** Copies the list; rejects an empty one. */
    public RunForms {
        commands = List.copyOf(commands);
        Objects.requireNonNull(doubt, "doubt");
        if (commands.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
    }

    /** The command as written, run as written. */
    public static RunForms exactly(String command) {
        return new RunForms(List.of(command), "");
    }
}
