package dev.shellwarden.hook.gemini;

import dev.shellwarden.hook.HookEnvelope;
import dev.shellwarden.hook.OneLine;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads Gemini CLI's BeforeTool hook input strictly (on {@link HookEnvelope}). Observed with
 * Gemini CLI 0.61.0:
 *
 * <pre>
 * {"session_id": "…", "transcript_path": "…", "cwd": "/abs/project", "hook_event_name": "BeforeTool",
 *  "timestamp": "…", "tool_name": "run_shell_command",
 *  "tool_input": {"command": "ls", "description": "…", "dir_path": "sub", "is_background": false}}
 * </pre>
 *
 * <p>{@code cwd} is the session's working directory (Gemini CLI also hands it to hooks as
 * {@code GEMINI_PROJECT_DIR}); the shell tool runs {@code bash -c <command>} in
 * {@code path.resolve(cwd, dir_path)} when {@code dir_path} is a non-empty string, else in
 * {@code cwd}. The reader resolves it the same way (lexically) and reports {@code cwd} as the
 * project. A {@code dir_path} that is not a string is refused rather than guessed.
 * {@code is_background} counts only as JSON {@code true} (Gemini CLI then moves the command to the
 * background after a moment and keeps its output); anything else is the foreground, the stricter
 * reading.
 */
public final class BeforeToolReader {

    /** The only event this adapter answers. */
    public static final String EVENT = "BeforeTool";
    /** The tool name Gemini CLI gives its shell tool. */
    public static final String SHELL_TOOL = "run_shell_command";

    private BeforeToolReader() {
    }

    /**
     * Parses one hook input.
     *
     * @throws UnreadableInputException with a one-line reason when the input is not a well-formed
     *                                  BeforeTool event
     */
    public static ToolCall read(byte[] input) throws UnreadableInputException {
        HookEnvelope e = HookEnvelope.parse(input).require(EVENT);
        if (!SHELL_TOOL.equals(e.toolName())) {
            return ToolCall.otherTool(e.cwd());
        }
        if (!e.hasToolInput()) {
            throw new UnreadableInputException("the run_shell_command call has no tool_input");
        }
        return new ToolCall(true, e.string("command"), runDirectory(e), Optional.of(e.cwd()), e.isTrue("is_background"));
    }

    /** Where the command runs: {@code cwd} resolved against {@code dir_path}, as Gemini CLI does. */
    private static String runDirectory(HookEnvelope e) throws UnreadableInputException {
        Object dir = e.toolInput().get("dir_path");
        if (dir == null || "".equals(dir)) {
            return e.cwd();
        }
        if (!(dir instanceof String s)) {
            throw new UnreadableInputException("dir_path is not a string");
        }
        try {
            return Path.of(e.cwd()).resolve(s).normalize().toString();
        } catch (InvalidPathException ex) {
            throw new UnreadableInputException("dir_path is not a usable path: " + OneLine.of(ex.getMessage(), 120));
        }
    }
}
