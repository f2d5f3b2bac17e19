package dev.shellwarden.hook.gemini;

import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookProtocol;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.RunForms;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;

/**
 * Gemini CLI's side of the BeforeTool command hook, for {@link dev.shellwarden.hook.HookRunner}:
 * the input is read by {@link BeforeToolReader}, the forms Gemini CLI runs come from
 * {@link ShellWrapper}, the answer is written by {@link GeminiCliAnswer}.
 *
 * <p>Gemini CLI (0.61.0) fails open like Claude Code: exit 1 is a warning and the call runs; a hook
 * killed by its timeout lets the call run; empty output is an allow. Exit 2 with a non-JSON stderr
 * line blocks the call with that line as the reason, which is what the runner's refusals are.
 */
public final class GeminiCliProtocol implements HookProtocol {

    /** The one instance (it has no state). */
    public static final GeminiCliProtocol INSTANCE = new GeminiCliProtocol();

    private GeminiCliProtocol() {
    }

    @Override
    public String shellToolName() {
        return BeforeToolReader.SHELL_TOOL;
    }

    @Override
    public ToolCall read(byte[] input) throws UnreadableInputException {
        return BeforeToolReader.read(input);
    }

    @Override
    public RunForms runForms(String command) {
        return ShellWrapper.forms(command);
    }

    @Override
    public HookOutcome answer(Judgement judgement) {
        return HookOutcome.answer(GeminiCliAnswer.of(judgement));
    }
}
