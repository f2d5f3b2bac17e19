package dev.shellwarden.hook.claude;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.OneLine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes the answer Claude Code reads from a PreToolUse hook's stdout:
 *
 * <pre>
 * {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
 *   "permissionDecisionReason":"shell-warden SW2001: …"}}
 * </pre>
 *
 * <p>The reason is shown to the model on deny (and on ask in non-interactive mode), to the user
 * otherwise; it is one line of at most {@link #MAX_REASON_CHARS} characters and never empty.
 */
public final class ClaudeCodeAnswer {

    /** Longest reason, in characters (the protocol's bound on a verdict message). */
    public static final int MAX_REASON_CHARS = 512;

    private static final JsonFactory FACTORY = new JsonFactory();

    private ClaudeCodeAnswer() {
    }

    /** The reason text for a judgement: {@code shell-warden <rule>: <message>}. */
    public static String reason(Judgement j) {
        String message = OneLine.of(j.message(), MAX_REASON_CHARS);
        if (message.isEmpty()) {
            message = switch (j.decision()) {
                case ALLOW -> "allowed";
                case ASK -> "the user decides whether this command runs";
                case DENY -> "this command is refused: ask the user to run it or choose another approach";
            };
        }
        String rule = OneLine.of(j.ruleId(), 32);
        return OneLine.of(rule.isEmpty() ? "shell-warden: " + message : "shell-warden " + rule + ": " + message,
                MAX_REASON_CHARS);
    }

    /** The UTF-8 JSON answer for a judgement, with a final newline. */
    public static byte[] of(Judgement j) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
        try (JsonGenerator g = FACTORY.createGenerator(buf)) {
            g.writeStartObject();
            g.writeObjectFieldStart("hookSpecificOutput");
            g.writeStringField("hookEventName", PreToolUseReader.EVENT);
            g.writeStringField("permissionDecision", j.decision().wire());
            g.writeStringField("permissionDecisionReason", reason(j));
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buf.write('\n');
        return buf.toByteArray();
    }
}
