package dev.shellwarden.hook.claude;

import dev.shellwarden.hook.AnswerText;
import dev.shellwarden.hook.JsonAnswer;
import dev.shellwarden.hook.Judgement;

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
    public static final int MAX_REASON_CHARS = AnswerText.MAX_REASON_CHARS;

    private ClaudeCodeAnswer() {
    }

    /** The reason text for a judgement: {@code shell-warden <rule>: <message>} (see {@link AnswerText}). */
    public static String reason(Judgement j) {
        return AnswerText.reason(j);
    }

    /** The UTF-8 JSON answer for a judgement, with a final newline. */
    public static byte[] of(Judgement j) {
        return JsonAnswer.of(g -> {
            g.writeObjectFieldStart("hookSpecificOutput");
            g.writeStringField("hookEventName", PreToolUseReader.EVENT);
            g.writeStringField("permissionDecision", j.decision().wire());
            g.writeStringField("permissionDecisionReason", reason(j));
            g.writeEndObject();
        });
    }
}
