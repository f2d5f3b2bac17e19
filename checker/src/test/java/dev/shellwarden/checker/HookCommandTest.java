package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookRunner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shell-warden hook claude-code} through the real engine and built-in rules, in-process. */
class HookCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static String input(String tool, String command, String cwd) throws IOException {
        var root = JSON.createObjectNode()
                .put("session_id", "s").put("transcript_path", "/tmp/x.jsonl").put("cwd", cwd)
                .put("permission_mode", "default").put("hook_event_name", "PreToolUse").put("tool_name", tool)
                .put("tool_use_id", "toolu_1");
        root.putObject("tool_input").put("command", command).put("description", "d");
        return JSON.writeValueAsString(root);
    }

    private static HookCommandRun run(String input, String... args) {
        return HookCommandRun.of(input, args);
    }

    /** Claude Code's answer sits under hookSpecificOutput. */
    private static JsonNode answer(HookCommandRun r) throws IOException {
        return r.answer().get("hookSpecificOutput");
    }

    private static void assertRefused(HookCommandRun r) {
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals("", r.stdout(), r.toString());
        assertTrue(r.stderr().endsWith("\n") && r.stderr().indexOf('\n') == r.stderr().length() - 1, r.stderr());
    }

    @Test
    void recursiveDeleteOfTheRootIsDeniedWithTheRuleMessage() throws IOException {
        HookCommandRun r = run(input("Bash", "rm -rf /", "/home/dev/project"), "claude-code");
        assertEquals(0, r.status(), r.toString());
        assertEquals("", r.stderr());
        JsonNode a = answer(r);
        assertEquals("PreToolUse", a.get("hookEventName").asText());
        assertEquals("deny", a.get("permissionDecision").asText());
        String reason = a.get("permissionDecisionReason").asText();
        assertTrue(reason.startsWith("shell-warden SW2001: recursive delete of `/`"), reason);
        assertTrue(reason.contains("rm -rf ./build"), reason);
    }

    @Test
    void aDevServerRunInTheClientsBackgroundIsAllowedButNotInTheForeground() throws IOException {
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(input("Bash", "npm run dev", "/home/dev/project"));
        HookCommandRun foreground = run(JSON.writeValueAsString(root), "claude-code");
        assertEquals("deny", answer(foreground).get("permissionDecision").asText(), foreground.toString());
        assertTrue(answer(foreground).get("permissionDecisionReason").asText().startsWith("shell-warden SW7001"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("tool_input")).put("run_in_background", true);
        HookCommandRun background = run(JSON.writeValueAsString(root), "claude-code");
        assertEquals("allow", answer(background).get("permissionDecision").asText(), background.toString());
        // The background spares slow commands only: a delete outside the project is still asked.
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("tool_input")).put("command", "npm run dev & rm -rf ../other");
        HookCommandRun delete = run(JSON.writeValueAsString(root), "claude-code");
        assertEquals("ask", answer(delete).get("permissionDecision").asText(), delete.toString());
    }

    @Test
    void lsIsAllowed() throws IOException {
        HookCommandRun r = run(input("Bash", "ls -la", "/home/dev/project"), "claude-code");
        assertEquals(0, r.status(), r.toString());
        assertEquals("allow", answer(r).get("permissionDecision").asText());
        assertTrue(answer(r).get("permissionDecisionReason").asText().startsWith("shell-warden SW5002"));
    }

    @Test
    void theConfigFileIsApplied(@TempDir Path dir) throws IOException {
        Path hard = dir.resolve("hard.jsonc");
        Files.writeString(hard, "{ \"mode\": \"hard\", // every unknown command asks\n }");
        HookCommandRun r = run(input("Bash", "npm install", "/home/dev/project"), "claude-code", "--config", hard.toString());
        assertEquals("ask", answer(r).get("permissionDecision").asText(), r.toString());
        assertTrue(answer(r).get("permissionDecisionReason").asText().startsWith("shell-warden SW0002"));
        HookCommandRun loose = run(input("Bash", "npm install", "/home/dev/project"), "claude-code");
        assertEquals("allow", answer(loose).get("permissionDecision").asText(), loose.toString());
    }

    @Test
    void deferAllowAnswersNothingForAnAllowButStillDenies() throws IOException {
        assertEquals(new HookCommandRun(0, "", ""), run(input("Bash", "ls", "/home/dev/project"), "claude-code", "--defer-allow"));
        HookCommandRun deny = run(input("Bash", "rm -rf /", "/home/dev/project"), "claude-code", "--defer-allow");
        assertEquals("deny", answer(deny).get("permissionDecision").asText(), deny.toString());
    }

    @Test
    void theProjectDirectoryIsTheOptionWhenGivenElseTheCwd() {
        HookCommand.Options o = HookCommand.Options.parse(new String[] {"claude-code", "--project-dir", "/home/dev/p"});
        assertEquals("/home/dev/p", o.projectDir());
        assertEquals("/home/dev/p", new HookCommand.EngineJudge(null, o.projectDir()).projectDirFor("/tmp"));
        assertEquals("/tmp", new HookCommand.EngineJudge(null, null).projectDirFor("/tmp"));
    }

    @Test
    void codexGetsExit2ForADenyOrAnAskAndNothingForAnAllow() throws IOException {
        HookCommandRun deny = run(input("Bash", "rm -rf /", "/home/dev/project"), "codex", "--project-dir", "/home/dev/project");
        assertRefused(deny);
        assertTrue(deny.stderr().startsWith("shell-warden SW2001: "), deny.stderr());
        HookCommandRun ask = run(input("Bash", "rm -rf ../other", "/home/dev/project"), "codex", "--project-dir", "/home/dev/project");
        assertRefused(ask);
        assertTrue(ask.stderr().startsWith("shell-warden SW") && ask.stderr().endsWith(HookRunner.ASK_AS_DENY + "\n"),
                ask.stderr());
        assertEquals(new HookCommandRun(0, "", ""), run(input("Bash", "ls", "/home/dev/project"), "codex", "--project-dir", "/home/dev/project"));
        assertEquals(new HookCommandRun(0, "", ""), run(input("apply_patch", "rm -rf /", "/home/dev/project"), "codex"));
    }

    /**
     * Codex's cwd is the model's workdir; the project is the directory Codex starts the hook in
     * (here the working directory the test sets), so `../build` from a subdirectory stays inside it.
     * The working directory is set to a fixed path, not the checkout's: under a temporary folder
     * (a clone in /tmp) a delete counts as inside any project and the refusal would not show.
     */
    @Test
    void codexJudgesAgainstTheHooksWorkingDirectoryUnlessTold() throws IOException {
        String saved = System.getProperty("user.dir");
        String session = "/home/dev/project";
        String sub = session + "/sub";
        System.setProperty("user.dir", session);
        try {
            assertEquals(new HookCommandRun(0, "", ""), run(input("Bash", "rm -r ../build", sub), "codex"));
            assertRefused(run(input("Bash", "rm -r ../build", sub), "codex", "--project-dir", sub));
            // Claude Code takes its cwd as the project: the same delete is outside it.
            assertEquals("ask", answer(run(input("Bash", "rm -r ../build", sub), "claude-code")).get("permissionDecision").asText());
        } finally {
            System.setProperty("user.dir", saved);
        }
    }

    @Test
    void otherToolsGetNoDecision() throws IOException {
        assertEquals(new HookCommandRun(0, "", ""), run(input("Write", "rm -rf /", "/home/dev/project"), "claude-code"));
    }

    @Test
    void aJudgeThatThrowsIsARefusal() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = HookCommand.runClaudeCode(call -> {
            throw new IllegalStateException("engine broke");
        }, Duration.ofSeconds(10), new ByteArrayInputStream(input("Bash", "ls", "/p").getBytes(StandardCharsets.UTF_8)),
                out, new PrintStream(err, true, StandardCharsets.UTF_8));
        HookCommandRun r = new HookCommandRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertRefused(r);
        assertTrue(r.stderr().contains("engine broke"), r.stderr());
    }

    @Test
    void anUnreadableOrInvalidConfigIsARefusal(@TempDir Path dir) throws IOException {
        assertRefused(run(input("Bash", "ls", "/p"), "claude-code", "--config", dir.resolve("missing.json").toString()));
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"mode\": \"lenient\"}");
        HookCommandRun r = run(input("Bash", "ls", "/p"), "claude-code", "--config", bad.toString());
        assertRefused(r);
        assertTrue(r.stderr().contains("mode must be"), r.stderr());
    }

    @Test
    void aBadCommandLineIsARefusal() throws IOException {
        String in = input("Bash", "ls", "/p");
        assertRefused(run(in));
        assertRefused(run(in, "opencode"));
        assertRefused(run(in, "claude-code", "--config"));
        assertRefused(run(in, "claude-code", "--verbose"));
        assertRefused(run(in, "claude-code", "--deadline-ms", "5"));
        assertRefused(run(in, "claude-code", "--deadline-ms", "soon"));
        assertRefused(run(in, "claude-code", "--project-dir", ""));
        assertRefused(run(in, "claude-code", "--project-dir", "relative/dir"));
        assertRefused(run(in, "claude-code", "--project-dir"));
        HookCommandRun help = run(in, "--help");
        assertRefused(help);
        assertTrue(help.stderr().contains("usage: shell-warden hook claude-code"), help.stderr());
    }

    @Test
    void garbageOnStdinIsARefusal() {
        assertRefused(run("{\"tool_name\":\"Bash\"", "claude-code"));
    }
}
