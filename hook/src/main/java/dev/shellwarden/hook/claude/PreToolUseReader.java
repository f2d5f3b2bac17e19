package dev.shellwarden.hook.claude;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.shellwarden.hook.OneLine;
import java.io.IOException;
import java.util.Optional;

/**
 * Reads Claude Code's PreToolUse hook input strictly, on Jackson's streaming parser.
 *
 * <pre>
 * {"session_id": "…", "transcript_path": "…", "cwd": "/abs/project", "permission_mode": "default",
 *  "hook_event_name": "PreToolUse", "tool_name": "Bash",
 *  "tool_input": {"command": "ls", "description": "…", "run_in_background": false}, "tool_use_id": "…"}
 * </pre>
 *
 * <p>Strict where it matters for safety: one JSON object and nothing after it, no duplicate keys
 * (a client and this reader must never see two different commands), {@code hook_event_name} is
 * {@code PreToolUse}, {@code tool_name} is a string, {@code cwd} is an absolute path. Fields it
 * does not read are skipped, so new client fields do not break it. Whether a Bash call's command
 * is usable (present, non-blank, bounded) is decided by {@link ClaudeCodeHook}, not here.
 * {@code run_in_background} counts only as JSON {@code true}; any other value is the foreground,
 * which can only make the verdict stricter (the background only spares slow commands).
 */
public final class PreToolUseReader {

    /** The only event this adapter answers. */
    public static final String EVENT = "PreToolUse";

    private static final int MAX_DEPTH = 128;

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private PreToolUseReader() {
    }

    /**
     * Parses one hook input.
     *
     * @throws UnreadableInputException with a one-line reason when the input is not a well-formed
     *                                  PreToolUse event
     */
    public static PreToolUse read(byte[] input) throws UnreadableInputException {
        // Byte input lets Jackson detect invalid UTF-8 itself instead of a decoder replacing it.
        try (JsonParser p = FACTORY.createParser(input)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new UnreadableInputException("the hook input is not a JSON object");
            }
            String event = null;
            String tool = null;
            String cwd = null;
            ToolInput toolInput = ToolInput.NONE;
            boolean sawToolInput = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "hook_event_name" -> event = string(p, value, name);
                    case "tool_name" -> tool = string(p, value, name);
                    case "cwd" -> cwd = string(p, value, name);
                    case "tool_input" -> {
                        sawToolInput = true;
                        toolInput = toolInputOf(p, value);
                    }
                    default -> p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new UnreadableInputException("trailing data after the hook input's JSON object");
            }
            if (!EVENT.equals(event)) {
                throw new UnreadableInputException(event == null
                        ? "the hook input has no hook_event_name"
                        : "the hook input is a `" + OneLine.of(event, 64) + "` event, not PreToolUse");
            }
            if (tool == null) {
                throw new UnreadableInputException("the hook input has no tool_name");
            }
            if (cwd == null || !cwd.startsWith("/")) {
                throw new UnreadableInputException("the hook input has no absolute cwd");
            }
            if (PreToolUse.BASH.equals(tool) && !sawToolInput) {
                throw new UnreadableInputException("the Bash call has no tool_input");
            }
            return new PreToolUse(tool, toolInput.command(), cwd, toolInput.background());
        } catch (JsonProcessingException e) {
            throw new UnreadableInputException("the hook input is not valid JSON: "
                    + OneLine.of(String.valueOf(e.getOriginalMessage()), 200));
        } catch (IOException e) {
            throw new UnreadableInputException("the hook input could not be read: " + OneLine.of(e.toString(), 200));
        }
    }

    private static String string(JsonParser p, JsonToken value, String name) throws IOException, UnreadableInputException {
        if (value != JsonToken.VALUE_STRING) {
            throw new UnreadableInputException(name + " is not a string");
        }
        return p.getText();
    }

    /** The two fields of {@code tool_input} the adapter reads. */
    private record ToolInput(Optional<String> command, boolean background) {
        static final ToolInput NONE = new ToolInput(Optional.empty(), false);
    }

    /**
     * Reads {@code tool_input}: an object whose {@code command}, if a string, is returned, and whose
     * {@code run_in_background} counts when it is {@code true}.
     */
    private static ToolInput toolInputOf(JsonParser p, JsonToken value) throws IOException, UnreadableInputException {
        if (value != JsonToken.START_OBJECT) {
            throw new UnreadableInputException("tool_input is not an object");
        }
        Optional<String> command = Optional.empty();
        boolean background = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if ("command".equals(name) && v == JsonToken.VALUE_STRING) {
                command = Optional.of(p.getText());
            } else if ("run_in_background".equals(name) && v == JsonToken.VALUE_TRUE) {
                background = true;
            } else {
                p.skipChildren();
            }
        }
        return new ToolInput(command, background);
    }
}
