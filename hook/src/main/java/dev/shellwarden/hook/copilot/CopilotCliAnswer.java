package dev.shellwarden.hook.copilot;

import dev.shellwarden.hook.AnswerText;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.JsonAnswer;
import dev.shellwarden.hook.Judgement;

/**
 * Writes the answer Copilot CLI reads from a preToolUse hook's stdout:
 *
 * <pre>
 * {"permissionDecision":"deny","permissionDecisionReason":"shell-warden SW2001: …"}
 * </pre>
 *
 * <p>What Copilot CLI 1.0.102 does with it (observed in prompt mode, {@code -p}):
 *
 * <ul>
 *   <li>{@code allow}: the call runs without Copilot's own approval prompt.</li>
 *   <li>{@code deny}: the call is not run; the model gets {@code Denied by preToolUse hook: <reason>}
 *       as the tool result and the turn goes on.</li>
 *   <li>{@code ask}: interactive sessions ask the user; in prompt mode nobody can answer and the
 *       call is denied at once with {@code Denied by preToolUse hook (unable to ask user for
 *       confirmation): <reason>} (no hang). Autopilot denies it too (release notes of 1.0.97).</li>
 * </ul>
 */
public final class CopilotCliAnswer {

    private CopilotCliAnswer() {
    }

    /** The UTF-8 JSON answer for a judgement, with a final newline. */
    public static byte[] of(Judgement j) {
        return of(j.decision(), AnswerText.reason(j));
    }

    /** The UTF-8 JSON answer for a decision with a reason already made one line. */
    static byte[] of(Decision decision, String reason) {
        return JsonAnswer.of(g -> {
            g.writeStringField("permissionDecision", decision.wire());
            g.writeStringField("permissionDecisionReason", reason);
        });
    }
}
