package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The built executable as Claude Code (and Codex) runs it: {@code checker/target/shell-warden hook
 * claude-code} under an empty environment, input on stdin. Runs in failsafe's integration-test
 * phase because the executable is assembled at package, after the unit tests.
 */
class HookExecutableIT {

    /** What one process left behind. */
    record Run(int status, String stdout, String stderr) {
    }

    private static Path executable() {
        String p = System.getProperty("shellwarden.executable");
        assertTrue(p != null && Files.isExecutable(Path.of(p)), "no executable at " + p);
        return Path.of(p);
    }

    private static Run spawn(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/env", "-i", executable().toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        // Written from another thread: the hook may stop reading (oversize input) and exit.
        Thread writer = new Thread(() -> {
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the hook closed its stdin early: expected for oversize input
            }
        });
        writer.start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the hook did not exit");
        writer.join(10_000);
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void aDestructiveCommandIsDenied() throws Exception {
        Run r = spawn(HookCommandTest.input("Bash", "rm -rf /", "/home/dev/project"), "hook", "claude-code");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.stdout().startsWith("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
                + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"shell-warden SW2001: "), r.stdout());
        assertEquals("", r.stderr());
    }

    @Test
    void aHarmlessCommandIsAllowed() throws Exception {
        Run r = spawn(HookCommandTest.input("Bash", "ls", "/home/dev/project"), "hook", "claude-code");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.stdout().contains("\"permissionDecision\":\"allow\""), r.stdout());
    }

    @Test
    void garbageIsRefusedByExit2WithOneLine() throws Exception {
        Run r = spawn("not json", "hook", "claude-code");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().startsWith("shell-warden: the hook input is not valid JSON"), r.stderr());
        assertEquals(r.stderr().length() - 1, r.stderr().indexOf('\n'), r.stderr());
    }

    @Test
    void anotherToolGetsNoDecision() throws Exception {
        assertEquals(new Run(0, "", ""), spawn(HookCommandTest.input("Edit", "rm -rf /", "/p"), "hook", "claude-code"));
    }

    @Test
    void oversizeInputIsRefusedByExit2() throws Exception {
        String big = "{\"hook_event_name\":\"PreToolUse\",\"pad\":\"" + "a".repeat(2 * 1024 * 1024) + "\"}";
        Run r = spawn(big, "hook", "claude-code");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().contains("exceeds 1048576 bytes"), r.stderr());
    }

    /** Codex: a deny is exit 2 with the reason on stderr, an allow and other tools are no decision. */
    @Test
    void codexGetsExit2ForADenyAndNothingOtherwise() throws Exception {
        Run deny = spawn(HookCommandTest.input("Bash", "rm -rf /", "/home/dev/project"), "hook", "codex");
        assertEquals(2, deny.status(), deny.toString());
        assertEquals("", deny.stdout());
        assertTrue(deny.stderr().startsWith("shell-warden SW2001: "), deny.stderr());
        assertEquals(deny.stderr().length() - 1, deny.stderr().indexOf('\n'), deny.stderr());
        assertEquals(new Run(0, "", ""), spawn(HookCommandTest.input("Bash", "ls", "/home/dev/project"), "hook", "codex"));
        assertEquals(new Run(0, "", ""), spawn(HookCommandTest.input("apply_patch", "rm -rf /", "/p"), "hook", "codex"));
    }

    @Test
    void aMissingConfigIsRefusedByExit2() throws Exception {
        Run r = spawn(HookCommandTest.input("Bash", "ls", "/p"), "hook", "claude-code", "--config", "/nonexistent/sw.json");
        assertEquals(2, r.status(), r.toString());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().contains("cannot read config"), r.stderr());
    }
}
