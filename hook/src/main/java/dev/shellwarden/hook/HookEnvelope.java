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
 * CLI's BeforeTool, Copilot CLI's preToolUse), read strictly on Jackson's streaming parser. Their
 * names depend on the client's {@link Layout}; in the {@link Layout#SNAKE_CASE snake_case} one:
 *
 * <pre>
 * {"hook_event_name": "…", "tool_name": "…", "cwd": "/abs", "tool_input": {"command": "…", …}, …}
 * </pre>
 *
 * <p>Strict where it matters for safety: one JSON object and nothing after it, no duplicate keys at
 * any depth (a client and this reader must never see two different commands), no nesting deeper
 * than {@value #MAX_DEPTH}; {@code hook_event_name}, {@code tool_name} and {@code cwd} are strings
 * when present and {@code tool_input} is an object (or, where the layout allows it, a string holding
 * exactly one such object, read by the same rules). Other fields are skipped, so new client fields
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

    /**
     * The names a client gives the envelope's fields.
     *
     * @param event               the event name field
     * @param toolName            the tool name field
     * @param cwd                 the working directory field
     * @param toolInput           the tool arguments field
     * @param toolInputAsString   whether the tool arguments may also come as a JSON string holding
     *                            the object (Copilot CLI documents {@code toolArgs} so)
     */
    public record Layout(String event, String toolName, String cwd, String toolInput, boolean toolInputAsString) {

        /** Claude Code's and Gemini CLI's names (and Copilot CLI's for a {@code PreToolUse} hook). */
        public static final Layout SNAKE_CASE = new Layout("hook_event_name", "tool_name", "cwd", "tool_input", false);
        /**
         * Copilot CLI's names for a {@code preToolUse} hook. It sends no event name; the
         * snake_case one is still read, so a reader can tell the two layouts apart.
         */
        public static final Layout CAMEL_CASE = new Layout("hook_event_name", "toolName", "cwd", "toolArgs", true);

        /** Rejects nulls and two fields of one name. */
        public Layout {
            if (java.util.stream.Stream.of(event, toolName, cwd, toolInput).map(Objects::requireNonNull).distinct().count() != 4) {
                throw new IllegalArgumentException("field names must be distinct");
            }
        }
    }

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Copies the map. */
    public HookEnvelope {
        toolInput = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(toolInput, "toolInput")));
    }

    /**
     * Parses one hook input in the {@link Layout#SNAKE_CASE snake_case} layout.
     *
     * @throws UnreadableInputException with a one-line reason when it is not one well-formed object
     */
    public static HookEnvelope parse(byte[] input) throws UnreadableInputException {
        return parse(input, Layout.SNAKE_CASE);
    }

    /**
     * Parses one hook input whose fields are named as in {@code layout}.
     *
     * @throws UnreadableInputException with a one-line reason when it is not one well-formed object
     */
    public static HookEnvelope parse(byte[] input, Layout layout) throws UnreadableInputException {
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
                if (name.equals(layout.event())) {
                    event = string(p, value, name);
                } else if (name.equals(layout.toolName())) {
                    tool = string(p, value, name);
                } else if (name.equals(layout.cwd())) {
                    cwd = string(p, value, name);
                } else if (name.equals(layout.toolInput())) {
                    sawToolInput = true;
                    if (value == JsonToken.VALUE_STRING && layout.toolInputAsString()) {
                        readEncodedToolInput(p.getText(), name, toolInput);
                    } else {
                        readToolInput(p, value, name, toolInput);
                    }
                } else {
                    p.skipChildren();
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
        return requireToolAndCwd();
    }

    /**
     * Checks the tool name and an absolute cwd (for a client that sends no event name).
     *
     * @throws UnreadableInputException when one is missing or wrong
     */
    public HookEnvelope requireToolAndCwd() throws UnreadableInputException {
        if (toolName == null) {
            throw new UnreadableInputException("the hook input has no tool name");
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

    /**
     * Reads a tool input sent as a JSON string holding the object, by the same strict rules as the
     * envelope (one object, nothing after it, no duplicate keys).
     */
    private static void readEncodedToolInput(String text, String field, Map<String, Object> into)
            throws IOException, UnreadableInputException {
        try (JsonParser inner = FACTORY.createParser(text)) {
            readToolInput(inner, inner.nextToken(), field, into);
            if (inner.nextToken() != null) {
                throw new UnreadableInputException("trailing data after " + field + "'s JSON object");
            }
        }
    }

    /** Reads the members of the tool input into {@code into}, nested values as {@link #OTHER}. */
    private static void readToolInput(JsonParser p, JsonToken value, String field, Map<String, Object> into)
            throws IOException, UnreadableInputException {
        if (value != JsonToken.START_OBJECT) {
            throw new UnreadableInputException(field + " is not an object");
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
