package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shellwarden.hook.HookOutcome;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shell-warden hook copilot-cli} through the real engine and built-in rules, in-process. */
class CopilotHookCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int status, String stdout, String stderr) {
        JsonNode answer() throws IOException {
            return JSON.readTree(stdout);
        }

        String decision() throws IOException {
            return answer().get("permissionDecision").asText();
        }

        String reason() throws IOException {
            return answer().get("permissionDecisionReason").asText();
        }
    }

    /** A preToolUse input as Copilot CLI 1.0.102 sends it. */
    private static ObjectNode input(String tool, String command) {
        ObjectNode root = JSON.createObjectNode()
                .put("sessionId", "s").put("timestamp", 1796395461850L).put("cwd", "/home/dev/project").put("toolName", tool);
        root.putObject("toolArgs").put("command", command).put("description", "d").put("mode", "sync");
        return root;
    }

    private static Run run(ObjectNode input, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = HookCommand.run(args, new ByteArrayInputStream(JSON.writeValueAsBytes(input)), out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void recursiveDeleteOfTheRootIsDeniedWithTheRuleMessage() throws IOException {
        Run r = run(input("bash", "rm -rf /"), "copilot-cli");
        assertEquals(0, r.status(), r.toString());
        assertEquals("deny", r.decision());
        assertTrue(r.reason().startsWith("shell-warden SW2001: "), r.toString());
    }

    @Test
    void aHarmlessCommandIsAllowedAndOtherToolsGetNoDecision() throws IOException {
        assertEquals("allow", run(input("bash", "git status"), "copilot-cli").decision());
        assertEquals(new Run(0, "", ""), run(input("view", "rm -rf /"), "copilot-cli"));
    }

    @Test
    void aDevServerRunsOnlyInAsyncMode() throws IOException {
        ObjectNode in = input("bash", "npm run dev");
        assertEquals("deny", run(in, "copilot-cli").decision());
        ((ObjectNode) in.get("toolArgs")).put("mode", "async");
        assertEquals("allow", run(in, "copilot-cli").decision());
    }

    @Test
    void askAsDenyTurnsAnAskIntoADeny() throws IOException {
        ObjectNode in = input("bash", "git push --force");
        assertEquals("ask", run(in, "copilot-cli").decision());
        Run refused = run(in, "copilot-cli", "--ask-as-deny");
        assertEquals("deny", refused.decision(), refused.toString());
        assertTrue(refused.reason().endsWith("ask them to run it themselves"), refused.toString());
    }

    @Test
    void aCallInTheOtherShellLanguageIsDeniedNotJudgedByTheWrongGrammar(@TempDir Path dir) throws IOException {
        Run ps = run(input("powershell", "Get-ChildItem"), "copilot-cli");
        assertEquals("deny", ps.decision(), ps.toString());
        assertTrue(ps.reason().contains("\"shell\": \"powershell\""), ps.toString());
        Path config = Files.writeString(dir.resolve("ps.json"), "{\"shell\": \"powershell\"}");
        Run psOk = run(input("powershell", "Get-ChildItem"), "copilot-cli", "--config", config.toString());
        assertEquals("allow", psOk.decision(), psOk.toString());
        Run bash = run(input("bash", "ls"), "copilot-cli", "--config", config.toString());
        assertEquals("deny", bash.decision(), bash.toString());
        assertTrue(bash.reason().contains("configured for powershell"), bash.toString());
    }

    @Test
    void aMissingConfigIsARefusalWhoseReasonIsAlsoOnStdout(@TempDir Path dir) throws IOException {
        Run r = run(input("bash", "ls"), "copilot-cli", "--config", dir.resolve("missing.json").toString());
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertTrue(r.stderr().startsWith("shell-warden") && r.stderr().contains("cannot read config"), r.stderr());
        assertEquals("deny", r.decision(), r.toString());
        assertEquals(r.stderr().strip(), r.reason());
    }

    @Test
    void aBadCommandLineIsAnExit2Refusal() throws IOException {
        Run r = run(input("bash", "ls"), "copilot-cli", "--bogus");
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertTrue(r.stderr().contains("copilot-cli"), r.stderr());
    }
}
