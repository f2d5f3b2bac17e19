package dev.shellwarden.hook.codex;

import dev.shellwarden.hook.AnswerText;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookProtocol;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.ToolCall;
import dev.shellwarden.hook.UnreadableInputException;
import dev.shellwarden.hook.claude.PreToolUseReader;
import java.util.Optional;

/**
 * OpenAI's Codex CLI side of the PreToolUse command hook, for {@link dev.shellwarden.hook.HookRunner}.
 * Codex sends Claude Code's input schema ({@code hook_event_name: "PreToolUse"}, its
 * {@code exec_command} tool as {@code tool_name: "Bash"}, {@code tool_input.command}, {@code cwd}),
 * so {@link PreToolUseReader} reads it; the answer differs. Observed with Codex 0.171.0:
 *
 * <ul>
 *   <li>allow: Codex rejects a JSON {@code permissionDecision: "allow"} (without
 *       {@code updatedInput}) as unsupported, so an allow is "no decision" (exit 0, empty stdout):
 *       Codex's own approval policy and sandbox still apply to the command.</li>
 *   <li>ask: Codex rejects {@code permissionDecision: "ask"} as unsupported and then RUNS the
 *       command. A hook cannot ask the user ({@link #asksTheUser()} is false), so the runner turns
 *       an ask into a refusal telling the model the user must run or approve the command.</li>
 *   <li>deny: exit 2 with the reason on stderr, never the JSON deny. Codex runs a hook as
 *       {@code <the user's shell> -c COMMAND}; anything else on stdout before a JSON deny (a shell
 *       start-up file, a wrapper) makes it junk, which Codex ignores and runs the command. Exit 2
 *       with a non-empty stderr blocks whatever stdout holds; the model sees
 *       {@code Command blocked by PreToolUse hook: <reason>}.</li>
 * </ul>
 *
 * <p>Two fields are not Claude Code's: Codex has no {@code run_in_background}, so every call is
 * judged as the foreground; and its {@code cwd} is the directory the command runs in, which the
 * model chooses ({@code workdir}), while Codex starts the hook in the session's directory. That
 * directory is reported as the project.
 */
public final class CodexProtocol implements HookProtocol {

    private final String sessionDir;

    /**
     * The protocol for a hook started in {@code sessionDir} (the hook process's working directory).
     * A null or relative one is refused on every call rather than guessed.
     */
    public CodexProtocol(String sessionDir) {
        this.sessionDir = sessionDir;
    }

    @Override
    public String shellToolName() {
        return PreToolUseReader.BASH;
    }

    @Override
    public ToolCall read(byte[] input) throws UnreadableInputException {
        ToolCall call = PreToolUseReader.read(input);
        if (!call.shell()) {
            return call;
        }
        if (sessionDir == null || !sessionDir.startsWith("/")) {
            throw new UnreadableInputException("the hook's working directory is not absolute; pass --project-dir");
        }
        return new ToolCall(true, call.command(), call.cwd(), Optional.of(sessionDir), false);
    }

    /** False: Codex runs the command after a hook's JSON {@code ask}. */
    @Override
    public boolean asksTheUser() {
        return false;
    }

    @Override
    public HookOutcome answer(Judgement judgement) {
        return switch (judgement.decision()) {
            case ALLOW -> HookOutcome.noDecision();
            // An ask does not reach here (asksTheUser is false); refused all the same if it does.
            case ASK, DENY -> refuse(AnswerText.reason(judgement));
        };
    }
}
