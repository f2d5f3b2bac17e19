package dev.shellwarden.hook.gemini;

import dev.shellwarden.hook.AnswerText;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.JsonAnswer;
import dev.shellwarden.hook.Judgement;

/**
 * Writes the answer Gemini CLI reads from a BeforeTool hook's stdout (exit 0):
 *
 * <pre>
 * {"decision":"deny","reason":"shell-warden SW2001: …","systemMessage":"shell-warden SW2001: …"}
 * </pre>
 *
 * <ul>
 *   <li>{@code allow}: the call goes on to Gemini CLI's own policy and approval mode (a hook's
 *       allow never skips them, observed with 0.61.0).</li>
 *   <li>{@code deny}: the call is not run; the model gets {@code Tool execution blocked: <reason>}
 *       as the tool's error and the turn goes on; the user sees the system message.</li>
 *   <li>{@code ask}: Gemini CLI asks the user to confirm the call, even in YOLO mode, with the
 *       system message in the dialog (observed with 0.61.0 in a pseudo-terminal). Not in the hooks
 *       reference; 0.61.0's scheduler forces the confirmation. Observed: in non-interactive mode
 *       ({@code -p}) nobody can answer and the session waits until killed, so use
 *       {@code --ask-as-deny} there.</li>
 * </ul>
 */
public final class GeminiCliAnswer {

    private GeminiCliAnswer() {
    }

    /** The UTF-8 JSON answer for a judgement, with a final newline. */
    public static byte[] of(Judgement j) {
        String reason = AnswerText.reason(j);
        return JsonAnswer.of(g -> {
            g.writeStringField("decision", j.decision().wire());
            g.writeStringField("reason", reason);
            if (j.decision() != Decision.ALLOW) {
                g.writeStringField("systemMessage", reason);
            }
        });
    }
}
