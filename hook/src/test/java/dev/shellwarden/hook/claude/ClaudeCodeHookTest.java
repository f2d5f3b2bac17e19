package dev.shellwarden.hook.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.RecordingJudge;
import dev.shellwarden.hook.ShellCall;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ClaudeCodeHookTest {

    /** What the judge was asked, as the assertions below spell it. */
    private static final Function<ShellCall, String> SEEN = c ->
            c.command() + " @ " + c.cwd() + (c.background() ? " &" : "");

    /** What one run left behind. */
    private record Run(int status, String stdout, String stderr) {
    }

    private static Run run(CommandJudge judge, byte[] input, Duration deadline) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ClaudeCodeHook(judge, deadline).run(new ByteArrayInputStream(input), out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run run(CommandJudge judge, String input) {
        return run(judge, input.getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(10));
    }

    private static String bash(String commandJson) {
        return bash(commandJson, "");
    }

    /** A Bash call whose tool_input ends with {@code moreInput} (e.g. {@code ,"run_in_background":true}). */
    private static String bash(String commandJson, String moreInput) {
        return "{\"session_id\":\"s1\",\"transcript_path\":\"/tmp/t.jsonl\",\"cwd\":\"/home/dev/project\","
                + "\"permission_mode\":\"default\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":" + commandJson + ",\"description\":\"d\"" + moreInput + "},\"tool_use_id\":\"toolu_1\"}";
    }

    /** A refusal: exit 2, nothing on stdout, exactly one line on stderr. */
    private static void assertRefused(Run r) {
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals("", r.stdout(), "nothing on stdout");
        assertTrue(r.stderr().endsWith("\n"), r.stderr());
        assertEquals(1, r.stderr().split("\n", -1).length - 1, "exactly one stderr line: " + r.stderr());
        assertTrue(r.stderr().startsWith("shell-warden"), r.stderr());
    }

    @Test
    void denyAnswersWithThePermissionDecisionAndTheMessage() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.DENY, "SW2001", "do not: use `rm -rf ./build`"));
        Run r = run(judge, bash("\"rm -rf /\""));
        assertEquals(0, r.status());
        assertEquals("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\","
                + "\"permissionDecisionReason\":\"shell-warden SW2001: do not: use `rm -rf ./build`\"}}\n", r.stdout());
        assertEquals("", r.stderr());
        assertEquals(List.of("rm -rf / @ /home/dev/project"), judge.calls(SEEN));
    }

    @Test
    void allowAndAskAnswerTheirDecision() {
        Run allow = run(new RecordingJudge(new Judgement(Decision.ALLOW, "SW5002", "")), bash("\"ls\""));
        assertEquals("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\","
                + "\"permissionDecisionReason\":\"shell-warden SW5002: allowed\"}}\n", allow.stdout());
        Run ask = run(new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "the user decides")), bash("\"make\""));
        assertEquals("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"ask\","
                + "\"permissionDecisionReason\":\"shell-warden SW0002: the user decides\"}}\n", ask.stdout());
        assertEquals(0, ask.status());
    }

    @Test
    void deferAllowLeavesAllowsToClaudeCodeButStillAnswersAskAndDeny() {
        byte[] in = bash("\"ls\"").getBytes(StandardCharsets.UTF_8);
        HookOutcome allow = new ClaudeCodeHook(call -> new Judgement(Decision.ALLOW, "SW5002", ""), Duration.ofSeconds(5), true)
                .outcome(new ByteArrayInputStream(in));
        assertEquals(HookOutcome.noDecision(), allow);
        HookOutcome deny = new ClaudeCodeHook(call -> new Judgement(Decision.DENY, "SW2001", "no"), Duration.ofSeconds(5), true)
                .outcome(new ByteArrayInputStream(in));
        assertTrue(new String(deny.stdout(), StandardCharsets.UTF_8).contains("\"permissionDecision\":\"deny\""));
        HookOutcome ask = new ClaudeCodeHook(call -> new Judgement(Decision.ASK, "SW0002", "hm"), Duration.ofSeconds(5), true)
                .outcome(new ByteArrayInputStream(in));
        assertTrue(new String(ask.stdout(), StandardCharsets.UTF_8).contains("\"permissionDecision\":\"ask\""));
    }

    @Test
    void aDenyWithoutMessageStillGivesAReasonAndMessagesStayOneBoundedLine() {
        Run empty = run(new RecordingJudge(new Judgement(Decision.DENY, "", "")), bash("\"x\""));
        assertTrue(empty.stdout().contains("\"permissionDecisionReason\":\"shell-warden: this command is refused"), empty.stdout());
        Run multi = run(new RecordingJudge(new Judgement(Decision.DENY, "SW1", "a\nb\r\n\tc" + "z".repeat(2000))), bash("\"x\""));
        assertTrue(multi.stdout().contains("SW1: a b czzz"), multi.stdout());
        assertEquals(1, multi.stdout().split("\n", -1).length - 1);
        String reason = multi.stdout().replaceAll(".*\"permissionDecisionReason\":\"", "").replaceAll("\"}}\\n$", "");
        assertTrue(reason.length() <= ClaudeCodeAnswer.MAX_REASON_CHARS, "reason length " + reason.length());
    }

    @Test
    void theCommandIsPassedExactlyAsDecoded() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        run(judge, bash("\"echo \\\"a\\\\nb\\\" \\u00e9 | cat\""));
        assertEquals(List.of("echo \"a\\nb\" é | cat @ /home/dev/project"), judge.calls(SEEN));
    }


    @Test
    void runInBackgroundReachesTheJudgeOnlyWhenItIsJsonTrue() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":true"));
        // Anything but a literal true is the foreground: the stricter reading.
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":false"));
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":\"true\""));
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":1"));
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":{\"x\":true}"));
        run(judge, bash("\"npm run dev\"", ",\"run_in_background\":null"));
        assertEquals(List.of("npm run dev @ /home/dev/project &", "npm run dev @ /home/dev/project",
                "npm run dev @ /home/dev/project", "npm run dev @ /home/dev/project",
                "npm run dev @ /home/dev/project", "npm run dev @ /home/dev/project"), judge.calls(SEEN));
        // Two values for the flag are two readings of one call: refused like a doubled command.
        RecordingJudge twice = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        assertRefused(run(twice, bash("\"npm run dev\"", ",\"run_in_background\":false,\"run_in_background\":true")));
        assertTrue(twice.calls.isEmpty(), twice.calls(SEEN).toString());
    }
    @Test
    void otherToolsGetNoDecisionAndTheJudgeIsNotAsked() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.DENY, "SW9", "no"));
        Run r = run(judge, "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Read\","
                + "\"tool_input\":{\"file_path\":\"/etc/passwd\",\"nested\":[{\"a\":[1,2,{}]}]}}");
        assertEquals(new Run(0, "", ""), r);
        assertTrue(judge.calls.isEmpty());
        // A non-Bash tool without tool_input is fine too: there is nothing to judge.
        assertEquals(new Run(0, "", ""), run(judge, "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Glob\"}"));
    }

    static Stream<Arguments> malformed() {
        String big = "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Read\",\"pad\":\""
                + "a".repeat(ClaudeCodeHook.MAX_INPUT_BYTES) + "\"}";
        return Stream.of(
                Arguments.of("empty stdin", ""),
                Arguments.of("white space only", "  \n"),
                Arguments.of("not JSON", "rm -rf /"),
                Arguments.of("JSON null", "null"),
                Arguments.of("JSON array", "[" + bash("\"ls\"") + "]"),
                Arguments.of("a string", "\"ls\""),
                Arguments.of("truncated", bash("\"ls\"").substring(0, 60)),
                Arguments.of("trailing garbage", bash("\"ls\"") + "x"),
                Arguments.of("two objects", bash("\"ls\"") + bash("\"rm -rf /\"")),
                Arguments.of("duplicate command key", bash("\"ls\",\"command\":\"rm -rf /\"")),
                Arguments.of("duplicate tool_name", "{\"tool_name\":\"Read\"," + bash("\"ls\"").substring(1)),
                Arguments.of("missing command", bash("\"ls\"").replace("\"command\":\"ls\",", "")),
                Arguments.of("command null", bash("null")),
                Arguments.of("command number", bash("7")),
                Arguments.of("command array", bash("[\"rm\",\"-rf\",\"/\"]")),
                Arguments.of("command object", bash("{\"raw\":\"ls\"}")),
                Arguments.of("empty command", bash("\"\"")),
                Arguments.of("blank command", bash("\" \\n\\t \"")),
                Arguments.of("oversize command", bash("\"echo " + "a".repeat(ClaudeCodeHook.MAX_COMMAND_BYTES) + "\"")),
                Arguments.of("oversize command in multi-byte characters", bash("\"echo " + "é".repeat(4100) + "\"")),
                Arguments.of("oversize stdin", big),
                Arguments.of("tool_input missing", "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\"}"),
                Arguments.of("tool_input a string", "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":\"ls\"}"),
                Arguments.of("tool_name missing", bash("\"ls\"").replace("\"tool_name\":\"Bash\",", "")),
                Arguments.of("tool_name not a string", bash("\"ls\"").replace("\"Bash\"", "[\"Bash\"]")),
                Arguments.of("event missing", bash("\"ls\"").replace("\"hook_event_name\":\"PreToolUse\",", "")),
                Arguments.of("another event", bash("\"ls\"").replace("\"PreToolUse\"", "\"PostToolUse\"")),
                Arguments.of("cwd missing", bash("\"ls\"").replace("\"cwd\":\"/home/dev/project\",", "")),
                Arguments.of("cwd relative", bash("\"ls\"").replace("/home/dev/project", "project")),
                Arguments.of("cwd null", bash("\"ls\"").replace("\"/home/dev/project\"", "null")),
                Arguments.of("nesting too deep", "{\"cwd\":\"/p\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Read\",\"x\":"
                        + "[".repeat(5000) + "]".repeat(5000) + "}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void everyMalformedInputIsRefusedByExit2WithOneLineAndNoStdout(String name, String input) {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        assertRefused(run(judge, input));
        assertTrue(judge.calls.isEmpty(), "the judge must not be asked: " + judge.calls(SEEN));
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] prefix = bash("\"ls ").getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[prefix.length + 1 + 2];
        System.arraycopy(prefix, 0, input, 0, prefix.length);
        input[prefix.length] = (byte) 0xC3; // a lead byte followed by a quote: invalid UTF-8
        input[prefix.length + 1] = '"';
        input[prefix.length + 2] = '}';
        assertRefused(run(new RecordingJudge(new Judgement(Decision.ALLOW, "", "")), input, Duration.ofSeconds(10)));
    }

    @Test
    void aCommandOfExactlyTheBoundIsJudged() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "SW0001", ""));
        String cmd = "echo " + "a".repeat(ClaudeCodeHook.MAX_COMMAND_BYTES - 5);
        assertEquals(0, run(judge, bash("\"" + cmd + "\"")).status());
        assertEquals(1, judge.calls.size());
    }

    @Test
    void aJudgeThatThrowsReturnsNullOrErrsIsARefusal() {
        assertRefused(run(call -> {
            throw new IllegalStateException("boom\nsecond line");
        }, bash("\"ls\"")));
        assertRefused(run(call -> {
            throw new Exception("checked");
        }, bash("\"ls\"")));
        assertRefused(run(call -> {
            throw new StackOverflowError();
        }, bash("\"ls\"")));
        assertRefused(run(call -> null, bash("\"ls\"")));
        Run r = run(call -> {
            throw new IllegalStateException("boom\nsecond line");
        }, bash("\"ls\""));
        assertTrue(r.stderr().contains("boom second line"), r.stderr());
    }

    @Test
    void aJudgeThatHangsIsRefusedAtTheDeadline() throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        long start = System.nanoTime();
        Run r = run(call -> {
            never.await();
            return new Judgement(Decision.ALLOW, "", "");
        }, bash("\"ls\"").getBytes(StandardCharsets.UTF_8), Duration.ofMillis(200));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertRefused(r);
        assertTrue(r.stderr().contains("within 200 ms"), r.stderr());
        assertTrue(ms < 5_000, "answered after " + ms + " ms");
        never.countDown();
    }

    @Test
    void aStdinThatNeverEndsIsRefusedAtTheDeadline() throws IOException {
        java.io.PipedOutputStream writer = new java.io.PipedOutputStream();
        java.io.PipedInputStream stdin = new java.io.PipedInputStream(writer);
        writer.write("{\"hook_event_name\":".getBytes(StandardCharsets.UTF_8)); // and then nothing, never closed
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "", ""));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ClaudeCodeHook(judge, Duration.ofMillis(200)).run(stdin, out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertRefused(new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)));
        assertTrue(judge.calls.isEmpty());
        writer.close();
    }

    @Test
    void aStdoutThatFailsDegradesToARefusal() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("broken pipe");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ClaudeCodeHook(call -> new Judgement(Decision.ALLOW, "", ""), Duration.ofSeconds(5))
                .run(new ByteArrayInputStream(bash("\"ls\"").getBytes(StandardCharsets.UTF_8)), broken,
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(HookOutcome.EXIT_REFUSE, status);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("broken pipe") && e.endsWith("\n"), e);
        assertFalse(e.substring(0, e.length() - 1).contains("\n"), e);
        // The same through a PrintStream, which hides the IOException (the real stdout is one).
        ByteArrayOutputStream err2 = new ByteArrayOutputStream();
        int status2 = new ClaudeCodeHook(call -> new Judgement(Decision.DENY, "SW1", "no"), Duration.ofSeconds(5))
                .run(new ByteArrayInputStream(bash("\"ls\"").getBytes(StandardCharsets.UTF_8)),
                        new PrintStream(broken, false, StandardCharsets.UTF_8), new PrintStream(err2, true, StandardCharsets.UTF_8));
        assertEquals(HookOutcome.EXIT_REFUSE, status2);
        assertTrue(err2.toString(StandardCharsets.UTF_8).contains("stdout write failed"), err2.toString(StandardCharsets.UTF_8));
    }
}
