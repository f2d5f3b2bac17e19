package dev.shellwarden.hook.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookRunner;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.RecordingJudge;
import dev.shellwarden.hook.RunForms;
import dev.shellwarden.hook.ShellCall;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
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

class GeminiCliHookTest {

    /** What the judge was asked, as the assertions below spell it. */
    private static final Function<ShellCall, String> SEEN = c ->
            c.command() + " @ " + c.cwd() + " in " + c.project().orElse("?") + (c.background() ? " &" : "");

    private record Run(int status, String stdout, String stderr) {
    }

    private static Run run(CommandJudge judge, String input, boolean askAsDeny) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new HookRunner(GeminiCliProtocol.INSTANCE, judge, Duration.ofSeconds(10), false, askAsDeny)
                .run(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Run run(CommandJudge judge, String input) {
        return run(judge, input, false);
    }

    /** A JSON string literal. */
    private static String js(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A run_shell_command call as Gemini CLI 0.61.0 sends it, tool_input members given as JSON. */
    private static String shell(String toolInputMembers) {
        return "{\"session_id\":\"s1\",\"transcript_path\":\"/tmp/t.jsonl\",\"cwd\":\"/home/dev/project\","
                + "\"hook_event_name\":\"BeforeTool\",\"timestamp\":\"2026-12-04T11:32:43.126Z\","
                + "\"tool_name\":\"run_shell_command\",\"tool_input\":{" + toolInputMembers + "}}";
    }

    private static String command(String command) {
        return shell("\"command\":" + js(command) + ",\"description\":\"d\"");
    }

    private static void assertRefused(Run r) {
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals("", r.stdout(), "nothing on stdout");
        assertEquals(1, r.stderr().split("\n", -1).length - 1, "exactly one stderr line: " + r.stderr());
        // Gemini CLI parses stderr as JSON when stdout is empty: the line must not be JSON.
        assertTrue(r.stderr().startsWith("shell-warden"), r.stderr());
    }

    @Test
    void denyAnswersWithTheDecisionAndReasonForTheModel() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.DENY, "SW2001", "do not: use `rm -rf ./build`"));
        Run r = run(judge, command("rm -rf /"));
        assertEquals(new Run(0, "{\"decision\":\"deny\",\"reason\":\"shell-warden SW2001: do not: use `rm -rf ./build`\","
                + "\"systemMessage\":\"shell-warden SW2001: do not: use `rm -rf ./build`\"}\n", ""), r);
        assertEquals(List.of("rm -rf / @ /home/dev/project in /home/dev/project"), judge.calls(SEEN));
    }

    @Test
    void allowAndAskAnswerTheirDecision() {
        Run allow = run(new RecordingJudge(new Judgement(Decision.ALLOW, "SW5002", "")), command("ls"));
        assertEquals("{\"decision\":\"allow\",\"reason\":\"shell-warden SW5002: allowed\"}\n", allow.stdout());
        Run ask = run(new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "the user decides")), command("make"));
        assertEquals("{\"decision\":\"ask\",\"reason\":\"shell-warden SW0002: the user decides\","
                + "\"systemMessage\":\"shell-warden SW0002: the user decides\"}\n", ask.stdout());
    }

    @Test
    void askAsDenyRefusesAnAskAndSaysTheUserMustApprove() {
        Run r = run(new RecordingJudge(new Judgement(Decision.ASK, "SW0002", "deletes outside the project")), command("make"), true);
        assertEquals(0, r.status());
        assertTrue(r.stdout().startsWith("{\"decision\":\"deny\",\"reason\":\"shell-warden SW0002: deletes outside the project"
                + HookRunner.ASK_AS_DENY + "\""), r.stdout());
        Run allow = run(new RecordingJudge(new Judgement(Decision.ALLOW, "SW5002", "")), command("ls"), true);
        assertTrue(allow.stdout().startsWith("{\"decision\":\"allow\""), allow.stdout());
    }

    @Test
    void otherToolsGetNoDecision() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.DENY, "SW1", "no"));
        String readFile = "{\"cwd\":\"/p\",\"hook_event_name\":\"BeforeTool\",\"tool_name\":\"read_file\",\"tool_input\":{\"file_path\":\"x\"}}";
        assertEquals(new Run(0, "", ""), run(judge, readFile));
        assertEquals(List.of(), judge.calls);
    }

    @Test
    void dirPathMovesTheCwdButNotTheProject() {
        RecordingJudge judge = new RecordingJudge(new Judgement(Decision.ALLOW, "", ""));
        run(judge, shell("\"command\":\"ls\",\"dir_path\":\"sub/../src\""));
        run(judge, shell("\"command\":\"ls\",\"dir_path\":\"/etc\""));
        run(judge, shell("\"command\":\"ls\",\"dir_path\":\"\""));
        run(judge, shell("\"command\":\"ls\",\"is_background\":true"));
        run(judge, shell("\"command\":\"ls\",\"is_background\":\"true\""));
        assertEquals(List.of("ls @ /home/dev/project/src in /home/dev/project", "ls @ /etc in /home/dev/project",
                "ls @ /home/dev/project in /home/dev/project", "ls @ /home/dev/project in /home/dev/project &",
                "ls @ /home/dev/project in /home/dev/project"), judge.calls(SEEN));
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                Arguments.of("not json", "nope"),
                Arguments.of("another event", command("ls").replace("BeforeTool", "AfterTool")),
                Arguments.of("relative cwd", command("ls").replace("/home/dev/project", "project")),
                Arguments.of("no tool_input", "{\"cwd\":\"/p\",\"hook_event_name\":\"BeforeTool\",\"tool_name\":\"run_shell_command\"}"),
                Arguments.of("command not a string", shell("\"command\":[\"ls\"]")),
                Arguments.of("blank command", shell("\"command\":\"  \"")),
                Arguments.of("dir_path not a string", shell("\"command\":\"ls\",\"dir_path\":7")),
                Arguments.of("dir_path null", shell("\"command\":\"ls\",\"dir_path\":null")),
                Arguments.of("duplicate command", shell("\"command\":\"ls\",\"command\":\"rm -rf /\"")),
                Arguments.of("trailing data", command("ls") + "{}"),
                Arguments.of("oversize command", command("echo " + "a".repeat(HookRunner.MAX_COMMAND_BYTES))),
                Arguments.of("oversize input", command("ls").replace("\"d\"", js("a".repeat(HookRunner.MAX_INPUT_BYTES)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void everyBadInputIsARefusal(String name, String input) {
        assertRefused(run(new RecordingJudge(new Judgement(Decision.ALLOW, "", "")), input));
    }

    @Test
    void aJudgeThatThrowsOrGivesNothingIsARefusal() {
        assertRefused(run(call -> {
            throw new IllegalStateException("engine broke");
        }, command("ls")));
        assertRefused(run(call -> null, command("ls")));
    }

    @Test
    void theFormGeminiRunsAfterStrippingAWrapperIsJudgedToo() {
        // Under bash only `echo a` runs; Gemini CLI drops the outer quotes and runs `victim-cmd` too.
        String written = "bash -c 'echo a' ' ; victim-cmd ; echo '";
        RecordingJudge judge = new RecordingJudge(c -> c.startsWith("echo a' ' ; victim-cmd")
                ? new Judgement(Decision.DENY, "SW9", "stripped form") : new Judgement(Decision.ALLOW, "", ""));
        Run r = run(judge, command(written));
        assertTrue(r.stdout().startsWith("{\"decision\":\"deny\",\"reason\":\"shell-warden SW9: stripped form\""), r.stdout());
        assertEquals(2, judge.calls.size(), judge.calls(SEEN).toString());
    }

    @Test
    void wrapperFormsMirrorGeminiCli() {
        assertEquals(List.of("ls"), ShellWrapper.forms("ls").commands());
        assertEquals(List.of("  ls\u00a0", "ls"), ShellWrapper.forms("  ls\u00a0").commands());
        assertEquals(List.of("bash -c 'ls -l'", "ls -l"), ShellWrapper.forms("bash -c 'ls -l'").commands());
        assertEquals(List.of("/bin/sh -c ls", "ls"), ShellWrapper.forms("/bin/sh -c ls").commands());
        assertEquals(List.of("\uFEFFZSH -c 'ls'", "ls"), ShellWrapper.forms("\uFEFFZSH -c 'ls'").commands());
        assertEquals(List.of("pwsh -NoProfile -Command \"dir\"", "dir"), ShellWrapper.forms("pwsh -NoProfile -Command \"dir\"").commands());
        assertEquals(new RunForms(List.of("bash -c \"echo hi\"", "echo hi"), ""), ShellWrapper.forms("bash -c \"echo hi\""));
        RunForms doubt = ShellWrapper.forms("bash -c \"echo $HOME\"");
        assertEquals(ShellWrapper.DOUBT, doubt.doubt());
        // `-C` in upper case takes Gemini CLI's plain unquoting path: no doubt.
        assertEquals("", ShellWrapper.forms("bash -C \"echo $HOME\"").doubt());
        assertEquals(List.of("bash -c ' '"), ShellWrapper.forms("bash -c ' '").commands());
        assertEquals(List.of("bashful -c 'x'"), ShellWrapper.forms("bashful -c 'x'").commands());
    }

    @Test
    void aWrapperInDoubtIsAtLeastAnAsk() {
        Run r = run(new RecordingJudge(new Judgement(Decision.ALLOW, "SW5002", "")), command("bash -c \"echo $HOME\""));
        assertTrue(r.stdout().startsWith("{\"decision\":\"ask\",\"reason\":\"shell-warden: Gemini CLI rewrites"), r.stdout());
        Run deny = run(new RecordingJudge(new Judgement(Decision.DENY, "SW1", "no")), command("bash -c \"echo $HOME\""));
        assertTrue(deny.stdout().startsWith("{\"decision\":\"deny\",\"reason\":\"shell-warden SW1: no\""), deny.stdout());
    }
}
