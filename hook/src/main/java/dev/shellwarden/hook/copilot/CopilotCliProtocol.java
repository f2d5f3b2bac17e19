package dev.shellwarden.hook.copilot;

import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookProtocol;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;

/**
 * GitHub Copilot CLI's side of the preToolUse command hook, for {@link dev.shellwarden.hook.HookRunner}:
 * the input is read by {@link PreToolUseInput}, the answer is written by {@link CopilotCliAnswer}.
 *
 * <p>How Copilot CLI 1.0.102 treats a hook that fails (observed in prompt mode): exit 2 denies the
 * call, but the model is told only {@code hook exited with code 2} unless stdout holds a deny
 * answer, whose reason it then gets; any other non-zero exit denies it too ({@code hook errored}).
 * It FAILS OPEN on the rest: a hook killed by its {@code timeoutSec} lets the call run, and so does
 * exit 0 with output that is not its JSON (or is empty). So every refusal of the runner is exit 2
 * AND a deny answer on stdout (see {@link #refuse}), and the runner's deadline must stay below the
 * configured {@code timeoutSec}.
 */
public final class CopilotCliProtocol implements HookProtocol {

    /** The one instance (it has no state). */
    public static final CopilotCliProtocol INSTANCE = new CopilotCliProtocol();

    private CopilotCliProtocol() {
    }

    @Override
    public String shellToolName() {
        return "shell tool";
    }

    @Override
    public ToolCall read(byte[] input) throws UnreadableInputException {
        return PreToolUseInput.read(input);
    }

    @Override
    public HookOutcome answer(Judgement judgement) {
        return HookOutcome.answer(CopilotCliAnswer.of(judgement));
    }

    /**
     * Exit 2 plus a deny answer with the refusal's reason on stdout: Copilot CLI shows the model
     * that answer's reason, not stderr.
     */
    @Override
    public HookOutcome refuse(String reason) {
        return HookOutcome.refuse(reason, line -> CopilotCliAnswer.of(Decision.DENY, line));
    }
}
