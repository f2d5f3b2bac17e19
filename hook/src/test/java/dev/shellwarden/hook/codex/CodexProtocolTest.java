package dev.shellwarden.hook.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.hook.AnswerText;
import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookRunner;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.RecordingJudge;
import dev.shellwarden.hook.ShellCall;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Codex answer: allow is no decision, ask and deny are exit 2 with the reason on stderr. */
class CodexProtocolTest {

    private static final String SESSION = "/home/me/project";

    /** What one run left behind. */
    private record Run(int status, String stdout, String stderr) {
    }

    private static Run run(CodexProtocol protocol, CommandJudge judge, String input, Duration deadline, boolean flags) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new HookRunner(protocol, judge, deadline, flags, flags).run(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run run(CommandJudge judge, String input) {
        return run(new CodexProtocol(SESSION), judge, input, Duration.ofSeconds(10), false);
    }

    /** The input Codex 0.171.0 sent for an {@code exec_command} call (observed), with {@code toolInput}. */
    private static String codexInput(String tool, String toolInput) {
        return "{\"session_id\":\"01a240d1\",\"turn_id\":\"01a240d1-dde7\",\"transcript_path\":\"/home/me/.codex/sessions/r.jsonl\","
                + "\"cwd\":\"/home/me/project/sub\",\"hook_event_name\":\"PreToolUse\",\"model\":\"gpt-5\","
                + "\"permission_mode\":\"bypassPermissions\",\"tool_name\":\"" + tool + "\",\"tool_input\":" + toolInput
                + ",\"tool_use_id\":\"call_1\"}";
    }

    private static String bash(String command) {
        return codexInput("Bash", "{\"command\":\"" + command + "\"}");
    }

    /** The call the judge must see for {@code command}: run in the input's cwd, the session as the project. */
    private static ShellCall judged(String command) {
        return new ShellCall(command, "/home/me/project/sub", false, Optional.of(SESSION));
    }

    /** A refusal Codex honours: exit 2, nothing on stdout, one non-empty stderr line. */
    private static void assertRefused(Run r) {
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals("", r.stdout(), "nothing on stdout");
        assertTrue(r.stderr().endsWith("\n") && r.stderr().indexOf('\n') == r.stderr().length() - 1, r.stderr());
        assertTrue(r.stderr().startsWith("shell-warden"), r.stderr());
    }

    @Test
    void anAllowIsNoDecisionBecauseCodexRejectsAJsonAllow() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", "fine"));
        assertEquals(new Run(0, "", ""), run(judge, bash("ls")));
        assertEquals(List.of(judged("ls")), judge.calls);
    }

    @Test
    void aDenyIsExit2WithTheRuleAndMessageOnStderr() {
        Run r = run(new RecordingJudge(new Judgement(Decision.DENY, "SW2001", "do this instead")), bash("x"));
        assertRefused(r);
        assertEquals("shell-warden SW2001: do this instead\n", r.stderr());
    }

    @Test
    void anAskIsRefusedAndTellsTheModelTheUserMustApprove() {
        Run r = run(new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "outside the project")), bash("x"));
        assertRefused(r);
        assertEquals("shell-warden SW0002: outside the project" + HookRunner.ASK_AS_DENY + "\n", r.stderr());
    }

    @Test
    void aLongAskMessageIsCutSoTheApprovalHintSurvives() {
        Run r = run(new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "m".repeat(2000))), bash("x"));
        assertRefused(r);
        assertTrue(r.stderr().endsWith(HookRunner.ASK_AS_DENY + "\n"), r.stderr());
        assertTrue(r.stderr().length() <= AnswerText.MAX_REASON_CHARS + 1, r.stderr());
    }

    /** --defer-allow and --ask-as-deny change nothing: Codex gets the one answer it honours. */
    @Test
    void theRunnerFlagsChangeNothing() {
        CodexProtocol codex = new CodexProtocol(SESSION);
        RecordingJudge allow = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", "fine"));
        assertEquals(new Run(0, "", ""), run(codex, allow, bash("ls"), Duration.ofSeconds(10), true));
        RecordingJudge ask = new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "outside the project"));
        assertEquals(run(ask, bash("x")), run(codex, ask, bash("x"), Duration.ofSeconds(10), true));
    }

    @Test
    void anEmptyDenyMessageStillGivesAReason() {
        Run r = run(new RecordingJudge(new Judgement(Decision.DENY, "", "")), bash("x"));
        assertRefused(r);
        assertTrue(r.stderr().length() > "shell-warden: \n".length(), r.stderr());
    }

    /** Codex has no run_in_background: a client field of that name never spares a slow command. */
    @Test
    void everyCallIsJudgedInTheForeground() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        run(judge, codexInput("Bash", "{\"command\":\"tail -f log\",\"run_in_background\":true}"));
        assertEquals(List.of(judged("tail -f log")), judge.calls);
    }

    /** Without an absolute session directory there is no project to judge against: refused, not guessed. */
    @ParameterizedTest
    @ValueSource(strings = {"", "relative/dir"})
    void aRelativeSessionDirectoryIsRefused(String dir) {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        Run r = run(new CodexProtocol(dir.isEmpty() ? null : dir), judge, bash("ls"), Duration.ofSeconds(10), false);
        assertRefused(r);
        assertTrue(r.stderr().contains("--project-dir"), r.stderr());
        assertEquals(List.of(), judge.calls);
    }

    /** apply_patch and MCP tools carry no shell command for shell-warden: no decision, unjudged. */
    @ParameterizedTest
    @ValueSource(strings = {"apply_patch", "mcp__files__delete", "Edit", "Write"})
    void otherToolsGetNoDecision(String tool) {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.DENY, "SW2001", "never"));
        String patch = "{\"command\":\"*** Begin Patch\\n*** Delete File: a.txt\\n*** End Patch\\n\"}";
        assertEquals(new Run(0, "", ""), run(judge, codexInput(tool, patch)));
        assertEquals(List.of(), judge.calls);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "not json",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\",\"tool_input\":{\"command\":\"ls\"}} trailing",
        "{\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\",\"tool_input\":{\"command\":\"ls\"}}",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"relative\",\"tool_input\":{\"command\":\"ls\"}}",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\"}",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\",\"tool_input\":{\"command\":[\"ls\"]}}",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\",\"tool_input\":{\"command\":\"  \"}}",
        "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"cwd\":\"/p\",\"tool_input\":{\"command\":\"ls\",\"command\":\"id\"}}",
    })
    void badInputIsRefused(String input) {
        assertRefused(run(new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", "")), input));
    }

    @Test
    void oversizeInputAndCommandsAreRefused() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        assertRefused(run(judge, bash("ls " + "a".repeat(9000))));
        assertRefused(run(judge, bash("ls # " + "a".repeat(1024 * 1024 + 1))));
        assertEquals(List.of(), judge.calls);
    }

    @Test
    void aJudgeThatThrowsOrReturnsNullIsRefused() {
        assertRefused(run(call -> {
            throw new IllegalStateException("engine broke");
        }, bash("ls")));
        assertRefused(run(call -> null, bash("ls")));
    }

    @Test
    void aJudgeThatHangsIsRefusedByTheDeadline() {
        CountDownLatch never = new CountDownLatch(1);
        Run r = run(new CodexProtocol(SESSION), call -> {
            never.await();
            return null;
        }, bash("ls"), Duration.ofMillis(200), false);
        assertRefused(r);
        assertTrue(r.stderr().contains("within 200 ms"), r.stderr());
    }
}
