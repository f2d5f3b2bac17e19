package dev.shellwarden.hook.claude;

import java.util.Objects;
import java.util.Optional;

/**
 * The parts of Claude Code's PreToolUse hook input that shell-warden reads.
 *
 * @param toolName the tool about to run, e.g. {@code Bash}
 * @param command  {@code tool_input.command}, present only when it is a JSON string
 * @param cwd      the session's working directory, where a Bash command runs
 * @param background {@code tool_input.run_in_background} is JSON {@code true}: Claude Code runs the
 *                 command in the background and tells the agent when it ends
 */
public record PreToolUse(String toolName, Optional<String> command, String cwd, boolean background) {

    /** The tool name Claude Code gives its shell tool. */
    public static final String BASH = "Bash";

    /** Rejects nulls. */
    public PreToolUse {
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cwd, "cwd");
    }

    /** True when this is a call of the shell tool. */
    public boolean isBash() {
        return BASH.equals(toolName);
    }
}
