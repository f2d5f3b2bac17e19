package dev.shellwarden.hook;

import java.util.Objects;

/**
 * One shell command an agent client is about to run, as an adapter hands it to a {@link CommandJudge}.
 *
 * @param command    the command text exactly as the agent wrote it
 * @param cwd        the absolute directory it runs in
 * @param background true when the client itself runs the command in the background and keeps its
 *                   output for the agent (Claude Code's {@code run_in_background}), so the agent does
 *                   not wait for it to exit. Only a literal JSON {@code true} from the client sets it:
 *                   anything else is the foreground, the stricter reading.
 */
public record ShellCall(String command, String cwd, boolean background) {

    /** Rejects nulls. */
    public ShellCall {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cwd, "cwd");
    }
}
