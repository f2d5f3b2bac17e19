package dev.shellwarden.hook.claude;

import dev.shellwarden.hook.HookEnvelope;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;
import java.util.Optional;

/**
 * Reads Claude Code's PreToolUse hook input strictly (on {@link HookEnvelope}).
 *
 * <pre>
 * {"session_id": "…", "transcript_path": "…", "cwd": "/abs/project", "permission_mode": "default",
 *  "hook_event_name": "PreToolUse", "tool_name": "Bash",
 *  "tool_input": {"command": "ls", "description": "…", "run_in_background": false}, "tool_use_id": "…"}
 * </pre>
 *
 * <p>Beyond the envelope's checks: {@code hook_event_name} is {@code PreToolUse}, {@code tool_name}
 * is present, {@code cwd} is absolute, a Bash call has a {@code tool_input}. Whether its command is
 * usable (present, non-blank, bounded) is decided by the runner, not here.
 * {@code run_in_background} counts only as JSON {@code true}; any other value is the foreground,
 * which can only make the verdict stricter (the background only spares slow commands).
 */
public final class PreToolUseReader {

    /** The only event this adapter answers. */
    public static final String EVENT = "PreToolUse";
    /** The tool name Claude Code gives its shell tool. */
    public static final String BASH = "Bash";

    private PreToolUseReader() {
    }

    /**
     * Parses one hook input.
     *
     * @throws UnreadableInputException with a one-line reason when the input is not a well-formed
     *                                  PreToolUse event
     */
    public static ToolCall read(byte[] input) throws UnreadableInputException {
        HookEnvelope e = HookEnvelope.parse(input).require(EVENT);
        if (!BASH.equals(e.toolName())) {
            return ToolCall.otherTool(e.cwd());
        }
        if (!e.hasToolInput()) {
            throw new UnreadableInputException("the Bash call has no tool_input");
        }
        return new ToolCall(true, e.string("command"), e.cwd(), Optional.empty(), e.isTrue("run_in_background"));
    }
}
