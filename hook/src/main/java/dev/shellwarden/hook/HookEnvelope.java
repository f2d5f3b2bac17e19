package dev.shellwarden.hook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The fields every tool hook input shares across agent clients (Claude Code's PreToolUse, Gemini
 * CLI's BeforeTool), read strictly on Jackson's streaming parser:
 *
 * <pre>
 * {"hook_event_name": "…", "tool_name": "…", "cwd": "/abs", "tool_input": {"command": "…", …}, …}
 * </pre>
 *
 * <p>Strict where it matters for safety: one JSON object and nothing after it, no duplicate keys at
 * any depth (a client and this reader must never see two different commands), no nesting deeper
 * than {@value #MAX_DEPTH}; {@code hook_event_name}, {@code tool_name} and {@code cwd} are strings
 * when present and {@code tool_input} is an object. Other fields are skipped, so new client fields
 * do not break it. What each agent requires of these fields is checked by its own reader.
 *
 * @param event        {@code hook_event_name}, or null when absent
 * @param toolName     {@code tool_name}, or null when absent
 * @param cwd          {@code cwd}, or null when absent
 * @param hasToolInput whether {@code tool_input} was present
 * @param toolInput    the scalar members of {@code tool_input}: a {@link String}, a {@link Boolean},
 *                     or {@link #OTHER} for any other JSON value (number, null, array, object)
 */
public record HookEnvelope(String event, String toolName, String cwd, boolean hasToolInput, Map<String, Object> toolInput) {

    /** Stands for a {@code tool_input} member that is neither a string nor a boolean. */
    public static final Object OTHER = new Object() {
        @Override
        public String toString() {
            return "OTHER";
        }
    };

    private static final int MAX_DEPTH = 128;

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Copies the map. */
    public HookEnvelope {
        toolInput = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(toolInput, "toolInput")));
    }

    /**
     * Parses one hook input.
     *
     * @throws UnreadableInputException with a one-line reason when it is not one well-formed object
     */
    public static HookEnvelope parse(byte[] input) throws UnreadableInputException {
        // Byte input lets Jackson detect invalid UTF-8 itself instead of a decoder replacing it.
        try (JsonParser p = FACTORY.createParser(input)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new UnreadableInputException("the hook input is not a JSON object");
            }
            String event = null;
            String tool = null;
            String cwd = null;
            Map<String, Object> toolInput = new LinkedHashMap<>();
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
                        readToolInput(p, value, toolInput);
                    }
                    default -> p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new UnreadableInputException("trailing data after the hook input's JSON object");
            }
            return new HookEnvelope(event, tool, cwd, sawToolInput, toolInput);
        } catch (JsonProcessingException e) {
            throw new UnreadableInputException("the hook input is not valid JSON: "
                    + OneLine.of(String.valueOf(e.getOriginalMessage()), 200));
        } catch (IOException e) {
            throw new UnreadableInputException("the hook input could not be read: " + OneLine.of(e.toString(), 200));
        }
    }

    /**
     * Checks the event name, the tool name and an absolute cwd, the three things every tool hook
     * input must carry.
     *
     * @throws UnreadableInputException when one is missing or wrong
     */
    public HookEnvelope require(String expectedEvent) throws UnreadableInputException {
        if (!expectedEvent.equals(event)) {
            throw new UnreadableInputException(event == null
                    ? "the hook input has no hook_event_name"
                    : "the hook input is a `" + OneLine.of(event, 64) + "` event, not " + expectedEvent);
        }
        if (toolName == null) {
            throw new UnreadableInputException("the hook input has no tool_name");
        }
        if (cwd == null || !cwd.startsWith("/")) {
            throw new UnreadableInputException("the hook input has no absolute cwd");
        }
        return this;
    }

    /** The {@code tool_input} member {@code name} when it is a JSON string. */
    public Optional<String> string(String name) {
        return toolInput.get(name) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    /**
     * Whether the {@code tool_input} member {@code name} is JSON {@code true}. Anything else counts
     * as false: callers use it only where false is the stricter reading.
     */
    public boolean isTrue(String name) {
        return Boolean.TRUE.equals(toolInput.get(name));
    }

    private static String string(JsonParser p, JsonToken value, String name) throws IOException, UnreadableInputException {
        if (value != JsonToken.VALUE_STRING) {
            throw new UnreadableInputException(name + " is not a string");
        }
        return p.getText();
    }

    /** Reads the members of {@code tool_input} into {@code into}, nested values as {@link #OTHER}. */
    private static void readToolInput(JsonParser p, JsonToken value, Map<String, Object> into)
            throws IOException, UnreadableInputException {
        if (value != JsonToken.START_OBJECT) {
            throw new UnreadableInputException("tool_input is not an object");
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            Object read = switch (v) {
                case VALUE_STRING -> p.getText();
                case VALUE_TRUE -> Boolean.TRUE;
                case VALUE_FALSE -> Boolean.FALSE;
                default -> OTHER;
            };
            p.skipChildren();
            into.put(name, read);
        }
    }
}
