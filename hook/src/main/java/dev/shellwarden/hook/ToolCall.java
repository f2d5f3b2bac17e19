package dev.shellwarden.hook;

import java.util.Objects;
import java.util.Optional;

/**
 * One tool call as an agent protocol read it from its hook input, before any judging.
 *
 * @param shell       true when the tool is one of the client's shell tools (the only ones judged)
 * @param command     the shell command, present only when the input carried it as a JSON string
 * @param cwd         the absolute directory the command runs in
 * @param project     the project directory the client reported, if it reports one apart from the cwd
 * @param background  the client runs the command in the background and keeps its output (see
 *                    {@link ShellCall#background()})
 * @param dialect     the shell language the tool runs the command in
 * @param uncheckable empty for a command the judge can check; otherwise one prescriptive line
 *                    saying why this shell call cannot be checked (Copilot CLI's {@code write_bash}
 *                    types text into a running program): the call is not judged and the answer is
 *                    ask with this line
 */
public record ToolCall(boolean shell, Optional<String> command, String cwd, Optional<String> project, boolean background,
        ShellDialect dialect, String uncheckable) {

    /** Rejects nulls. */
    public ToolCall {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(uncheckable, "uncheckable");
    }

    /** A call of a checkable bash tool. */
    public ToolCall(boolean shell, Optional<String> command, String cwd, Optional<String> project, boolean background) {
        this(shell, command, cwd, project, background, ShellDialect.BASH, "");
    }

    /** A call of another tool: no decision is given. */
    public static ToolCall otherTool(String cwd) {
        return new ToolCall(false, Optional.empty(), cwd, Optional.empty(), false);
    }

    /** A shell call that cannot be checked, for the reason {@code why} (one prescriptive line). */
    public static ToolCall uncheckable(String cwd, ShellDialect dialect, String why) {
        if (why.isBlank()) {
            throw new IllegalArgumentException("an uncheckable call needs a reason");
        }
        return new ToolCall(true, Optional.empty(), cwd, Optional.empty(), false, dialect, why);
    }
}
