package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shellwarden.hook.HookOutcome;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shell-warden hook gemini-cli} through the real engine and built-in rules, in-process. */
class GeminiHookCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode input(String tool, String command) {
        ObjectNode root = JSON.createObjectNode()
                .put("session_id", "s").put("transcript_path", "/tmp/x.jsonl").put("cwd", "/home/dev/project")
                .put("hook_event_name", "BeforeTool").put("timestamp", "2026-12-04T11:32:43.126Z").put("tool_name", tool);
        root.putObject("tool_input").put("command", command).put("description", "d");
        return root;
    }

    private static HookCommandRun run(ObjectNode input, String... args) throws IOException {
        return HookCommandRun.of(input, args);
    }

    @Test
    void recursiveDeleteOfTheRootIsDeniedWithTheRuleMessage() throws IOException {
        HookCommandRun r = run(input("run_shell_command", "rm -rf /"), "gemini-cli");
        assertEquals(0, r.status(), r.toString());
        assertEquals("deny", r.answer().get("decision").asText());
        assertTrue(r.answer().get("reason").asText().startsWith("shell-warden SW2001: "), r.toString());
    }

    @Test
    void aHarmlessCommandIsAllowedAndOtherToolsGetNoDecision() throws IOException {
        assertEquals("allow", run(input("run_shell_command", "git status"), "gemini-cli").answer().get("decision").asText());
        assertEquals(new HookCommandRun(0, "", ""), run(input("write_file", "rm -rf /"), "gemini-cli"));
    }

    @Test
    void aDevServerRunsOnlyWithIsBackground() throws IOException {
        ObjectNode in = input("run_shell_command", "npm run dev");
        assertEquals("deny", run(in, "gemini-cli").answer().get("decision").asText());
        ((ObjectNode) in.get("tool_input")).put("is_background", true);
        assertEquals("allow", run(in, "gemini-cli").answer().get("decision").asText());
    }

    @Test
    void askAsDenyTurnsAnAskIntoARefusal(@TempDir Path dir) throws IOException {
        ObjectNode in = input("run_shell_command", "git push --force");
        HookCommandRun ask = run(in, "gemini-cli");
        assertEquals("ask", ask.answer().get("decision").asText(), ask.toString());
        HookCommandRun refused = run(in, "gemini-cli", "--ask-as-deny");
        assertEquals("deny", refused.answer().get("decision").asText(), refused.toString());
        assertTrue(refused.answer().get("reason").asText().endsWith("ask them to run it themselves"), refused.toString());
    }

    @Test
    void aMissingConfigIsARefusal(@TempDir Path dir) throws IOException {
        HookCommandRun r = run(input("run_shell_command", "ls"), "gemini-cli", "--config", dir.resolve("missing.json").toString());
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().startsWith("shell-warden") && r.stderr().contains("cannot read config"), r.stderr());
    }
}
