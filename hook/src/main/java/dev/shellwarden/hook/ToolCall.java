package dev.shellwarden.hook;

import java.util.Objects;
import java.util.Optional;

/**
 * One tool call as an agent protocol read it from its hook input, before any judging.
 *
 * @param shell      true when the tool is the client's shell tool (the only one judged)
 * @param command    the shell command, present only when the input carried it as a JSON string
 * @param cwd        the absolute directory the command runs in
 * @param project    the project directory the client reported, if it reports one apart from the cwd
 * @param background the client runs the command in the background and keeps its output (see
 *                   {@link ShellCall#background()})
 */
public record ToolCall(boolean shell, Optional<String> command, String cwd, Optional<String> project, boolean background) {

    /** Rejects nulls. */
    public ToolCall {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(project, "project");
    }

    /** A call of another tool: no decision is given. */
    public static ToolCall otherTool(String cwd) {
        return new ToolCall(false, Optional.empty(), cwd, Optional.empty(), false);
    }
}
