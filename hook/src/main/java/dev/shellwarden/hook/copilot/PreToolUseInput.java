package dev.shellwarden.hook.copilot;

import dev.shellwarden.hook.HookEnvelope;
import dev.shellwarden.hook.ShellDialect;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads GitHub Copilot CLI's preToolUse hook input strictly (on {@link HookEnvelope}). Observed
 * with Copilot CLI 1.0.102 for a hook configured under {@code preToolUse}:
 *
 * <pre>
 * {"sessionId": "…", "timestamp": 1796395461850, "cwd": "/abs/project", "toolName": "bash",
 *  "toolArgs": {"command": "ls", "description": "…", "mode": "sync", "initial_wait": 30}}
 * </pre>
 *
 * <p>and under {@code PreToolUse} (its VS Code compatible layout, which is Claude Code's):
 *
 * <pre>
 * {"hook_event_name": "PreToolUse", "session_id": "…", "timestamp": "…", "cwd": "/abs/project",
 *  "tool_name": "Bash", "tool_input": {"command": "ls", …}}
 * </pre>
 *
 * <p>The documentation allows {@code toolArgs} as a JSON string holding the object; it is read by
 * the same strict rules. Tool names are compared without regard to case (the two layouts spell
 * them differently): matching more names can only make the hook stricter.
 *
 * <ul>
 *   <li>{@code bash} / {@code powershell}: the command is judged in that dialect. Each call runs
 *       in a fresh process in the session's working directory, which is the input's {@code cwd}
 *       (a {@code cd} does not carry over to the next call). {@code mode: "async"} runs it in the
 *       background with its output kept for {@code read_bash}; anything else is the foreground,
 *       the stricter reading.</li>
 *   <li>{@code write_bash} / {@code write_powershell}: text typed into a program an earlier call
 *       left running (a shell, a REPL). It is not a command line and cannot be checked: ask.</li>
 *   <li>Every other tool (including {@code read_bash}, {@code stop_bash}, {@code list_bash}): no
 *       decision.</li>
 * </ul>
 */
public final class PreToolUseInput {

    /** The event name of the VS Code compatible layout. */
    public static final String PASCAL_EVENT = "PreToolUse";

    /** Why a write_bash call is not judged; one prescriptive line. */
    static final String TYPED_INPUT = "shell-warden cannot check text typed into a running program: run it as a"
            + " complete command with the shell tool instead, or let the user approve it";

    /** The shell tools, by lower-case name: how each one runs what it is given. */
    private static final Map<String, ShellTool> SHELL_TOOLS = Map.of(
            "bash", new ShellTool(ShellDialect.BASH, true),
            "powershell", new ShellTool(ShellDialect.POWERSHELL, true),
            "write_bash", new ShellTool(ShellDialect.BASH, false),
            "write_powershell", new ShellTool(ShellDialect.POWERSHELL, false));

    /** One shell tool: its dialect and whether its input is a command line. */
    private record ShellTool(ShellDialect dialect, boolean commandLine) {
    }

    private PreToolUseInput() {
    }

    /**
     * Parses one hook input, in either layout.
     *
     * @throws UnreadableInputException with a one-line reason when the input is not a well-formed
     *                                  preToolUse event
     */
    public static ToolCall read(byte[] input) throws UnreadableInputException {
        HookEnvelope e = HookEnvelope.parse(input, HookEnvelope.Layout.CAMEL_CASE);
        if (e.event() != null) {
            // The VS Code compatible layout: its own field names, and the event must be ours.
            e = HookEnvelope.parse(input, HookEnvelope.Layout.SNAKE_CASE).require(PASCAL_EVENT);
        } else {
            e.requireToolAndCwd();
        }
        ShellTool tool = SHELL_TOOLS.get(e.toolName().toLowerCase(Locale.ROOT));
        if (tool == null) {
            return ToolCall.otherTool(e.cwd());
        }
        if (!tool.commandLine()) {
            return ToolCall.uncheckable(e.cwd(), tool.dialect(), TYPED_INPUT);
        }
        if (!e.hasToolInput()) {
            throw new UnreadableInputException("the " + e.toolName() + " call has no arguments");
        }
        boolean background = "async".equals(e.toolInput().get("mode"));
        return new ToolCall(true, e.string("command"), e.cwd(), Optional.empty(), background, tool.dialect(), "");
    }
}
