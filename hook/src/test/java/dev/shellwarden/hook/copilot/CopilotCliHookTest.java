package dev.shellwarden.hook.copilot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookRunner;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.RecordingJudge;
import dev.shellwarden.hook.ShellCall;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class CopilotCliHookTest {

    /** What the judge was asked, as the assertions below spell it. */
    private static final Function<ShellCall, String> SEEN = c ->
            c.command() + " @ " + c.cwd() + " " + c.dialect().wire() + (c.background() ? " &" : "");

    private record Run(int status, String stdout, String stderr) {
    }

    private static Run run(CommandJudge judge, InputStream in, boolean askAsDeny) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new HookRunner(CopilotCliProtocol.INSTANCE, judge, Duration.ofSeconds(10), false, askAsDeny)
                .run(in, out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run run(CommandJudge judge, String input) {
        return run(judge, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), false);
    }

    private static RecordingJudge judging(Decision d, String rule, String message) {
        return new RecordingJudge(new Judgement(d, rule, message));
    }

    /** A JSON string literal. */
    private static String js(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A preToolUse input as Copilot CLI 1.0.102 sends it, toolArgs given as JSON. */
    private static String call(String tool, String toolArgsJson) {
        return "{\"sessionId\":\"s1\",\"timestamp\":1796395461850,\"cwd\":\"/home/dev/project\",\"toolName\":" + js(tool)
                + ",\"toolArgs\":" + toolArgsJson + "}";
    }

    private static String bash(String command) {
        return call("bash", "{\"command\":" + js(command) + ",\"description\":\"d\",\"mode\":\"sync\",\"initial_wait\":30}");
    }

    /** A refusal: exit 2, a deny answer on stdout carrying the stderr line, exactly one stderr line. */
    private static void assertRefused(Run r, String reasonPart) {
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals(1, r.stderr().split("\n", -1).length - 1, "exactly one stderr line: " + r.stderr());
        assertTrue(r.stderr().startsWith("shell-warden") && r.stderr().contains(reasonPart), r.toString());
        assertEquals("{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":" + js(r.stderr().strip()) + "}\n",
                r.stdout(), "the deny answer carries the same reason");
    }

    @Test
    void eachDecisionIsAnsweredWithThePermissionDecisionAndTheReason() {
        Run deny = run(judging(Decision.DENY, "SW2001", "do not: use `rm -rf ./build`"), bash("rm -rf /"));
        assertEquals(new Run(0, "{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":"
                + "\"shell-warden SW2001: do not: use `rm -rf ./build`\"}\n", ""), deny);
        Run allow = run(judging(Decision.ALLOW, "SW5002", ""), bash("ls"));
        assertEquals("{\"permissionDecision\":\"allow\",\"permissionDecisionReason\":\"shell-warden SW5002: allowed\"}\n", allow.stdout());
        Run ask = run(judging(Decision.ASK, "SW3003", "use --force-with-lease"), bash("git push --force"));
        assertEquals("{\"permissionDecision\":\"ask\",\"permissionDecisionReason\":\"shell-warden SW3003: use --force-with-lease\"}\n",
                ask.stdout());
    }

    @Test
    void theCommandCwdAndAsyncModeReachTheJudge() {
        RecordingJudge judge = judging(Decision.ALLOW, "SW0001", "");
        run(judge, bash("echo \"a\\nb\" é | cat"));
        run(judge, call("bash", "{\"command\":\"npm run dev\",\"description\":\"d\",\"mode\":\"async\",\"detach\":false}"));
        run(judge, call("bash", "{\"command\":\"npm run dev\",\"description\":\"d\",\"mode\":\"ASYNC\"}"));
        assertEquals(List.of("echo \"a\\nb\" é | cat @ /home/dev/project bash", "npm run dev @ /home/dev/project bash &",
                "npm run dev @ /home/dev/project bash"), judge.calls(SEEN));
    }

    @Test
    void toolArgsAsAJsonStringAreReadByTheSameRules() {
        RecordingJudge judge = judging(Decision.DENY, "SW1", "no");
        Run r = run(judge, call("bash", js("{\"command\":\"rm -rf /\",\"description\":\"d\"}")));
        assertTrue(r.stdout().startsWith("{\"permissionDecision\":\"deny\""), r.toString());
        assertEquals(List.of("rm -rf / @ /home/dev/project bash"), judge.calls(SEEN));
        // Two commands in one encoded object: the client and the hook might read different ones.
        assertRefused(run(judge, call("bash", js("{\"command\":\"ls\",\"command\":\"rm -rf /\"}"))), "not valid JSON");
        assertRefused(run(judge, call("bash", js("{\"command\":\"ls\"} {}"))), "trailing data");
        assertRefused(run(judge, call("bash", js("rm -rf /"))), "not valid JSON");
    }

    @Test
    void powershellCallsReachTheJudgeAsPowerShell() {
        RecordingJudge judge = judging(Decision.ALLOW, "SW0001", "");
        run(judge, call("powershell", "{\"command\":\"Get-ChildItem\",\"description\":\"d\"}"));
        assertEquals(List.of("Get-ChildItem @ /home/dev/project powershell"), judge.calls(SEEN));
    }

    @Test
    void theVsCodeCompatibleLayoutIsReadToo() {
        RecordingJudge judge = judging(Decision.DENY, "SW1", "no");
        String in = "{\"hook_event_name\":\"PreToolUse\",\"session_id\":\"s\",\"timestamp\":\"2026-12-04T14:47:28.889Z\","
                + "\"cwd\":\"/home/dev/project\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf /\",\"mode\":\"sync\"}}";
        assertTrue(run(judge, in).stdout().startsWith("{\"permissionDecision\":\"deny\""));
        assertEquals(List.of("rm -rf / @ /home/dev/project bash"), judge.calls(SEEN));
        assertRefused(run(judge, in.replace("\"PreToolUse\"", "\"PostToolUse\"")), "not PreToolUse");
    }

    @ParameterizedTest
    @ValueSource(strings = {"view", "create", "edit", "read_bash", "stop_bash", "list_bash", "task", "web_fetch"})
    void otherToolsGetNoDecisionAndAreNotJudged(String tool) {
        RecordingJudge judge = judging(Decision.DENY, "SW1", "no");
        assertEquals(new Run(0, "", ""), run(judge, call(tool, "{\"command\":\"rm -rf /\",\"path\":\"/etc/passwd\"}")));
        assertEquals(List.of(), judge.calls);
    }

    @ParameterizedTest
    @ValueSource(strings = {"write_bash", "write_powershell", "Write_Bash"})
    void textTypedIntoARunningProgramIsAnAskAndNeverJudged(String tool) {
        RecordingJudge judge = judging(Decision.ALLOW, "SW1", "");
        Run r = run(judge, call(tool, "{\"shellId\":\"1\",\"input\":\"rm -rf /\\n\",\"delay\":5}"));
        assertEquals("{\"permissionDecision\":\"ask\",\"permissionDecisionReason\":" + js("shell-warden: " + PreToolUseInput.TYPED_INPUT) + "}\n",
                r.stdout());
        assertEquals(List.of(), judge.calls);
        Run denied = run(judge, new ByteArrayInputStream(call(tool, "{\"shellId\":\"1\",\"input\":\"y\"}")
                .getBytes(StandardCharsets.UTF_8)), true);
        assertTrue(denied.stdout().startsWith("{\"permissionDecision\":\"deny\""), denied.toString());
        assertTrue(denied.stdout().contains(HookRunner.ASK_AS_DENY), denied.toString());
    }

    @Test
    void askAsDenyTurnsAnAskIntoADeny() {
        Run r = run(judging(Decision.ASK, "SW3003", "force"), new ByteArrayInputStream(bash("git push --force")
                .getBytes(StandardCharsets.UTF_8)), true);
        assertEquals("{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"shell-warden SW3003: force"
                + HookRunner.ASK_AS_DENY + "\"}\n", r.stdout());
    }

    static Stream<Arguments> unreadable() {
        return Stream.of(
                Arguments.of("", "not a JSON object"),
                Arguments.of("not json", "not valid JSON"),
                Arguments.of("[1]", "not a JSON object"),
                Arguments.of("{\"cwd\":\"/p\",\"toolArgs\":{}}", "no tool name"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"p\",\"toolArgs\":{\"command\":\"ls\"}}", "no absolute cwd"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"/p\"}", "has no arguments"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"/p\",\"toolArgs\":[1]}", "toolArgs is not an object"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"/p\",\"toolArgs\":{\"command\":1}}", "no command string"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"/p\",\"toolArgs\":{\"command\":\"  \"}}", "empty command"),
                Arguments.of("{\"toolName\":\"bash\",\"toolName\":\"view\",\"cwd\":\"/p\",\"toolArgs\":{}}", "not valid JSON"),
                Arguments.of("{\"toolName\":\"bash\",\"cwd\":\"/p\",\"toolArgs\":{\"command\":\"ls\"}} x", "not valid JSON"),
                Arguments.of(bash("x".repeat(HookRunner.MAX_COMMAND_BYTES + 1)), "exceeds"));
    }

    @ParameterizedTest
    @MethodSource("unreadable")
    void badInputIsRefusedWithADenyAnswerAndExit2(String input, String reasonPart) {
        RecordingJudge judge = judging(Decision.ALLOW, "SW1", "");
        assertRefused(run(judge, input), reasonPart);
        assertEquals(List.of(), judge.calls);
    }

    @Test
    void aJudgeThatFailsOrHangsIsARefusal() {
        CommandJudge throwing = call -> {
            throw new IllegalStateException("rule base broken");
        };
        assertRefused(run(throwing, bash("ls")), "rule base broken");
        CommandJudge hanging = call -> {
            Thread.sleep(60_000);
            return null;
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new HookRunner(CopilotCliProtocol.INSTANCE, hanging, Duration.ofMillis(200), false, false)
                .run(new ByteArrayInputStream(bash("ls").getBytes(StandardCharsets.UTF_8)), out,
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        assertRefused(new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)), "within 200 ms");
    }

    @Test
    void oversizeInputIsRefusedUnread() {
        byte[] big = new byte[HookRunner.MAX_INPUT_BYTES + 10];
        java.util.Arrays.fill(big, (byte) ' ');
        assertRefused(run(judging(Decision.ALLOW, "SW1", ""), new ByteArrayInputStream(big), false), "exceeds");
    }
}
