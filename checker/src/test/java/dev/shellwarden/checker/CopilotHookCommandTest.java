package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shellwarden.hook.HookOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code shell-warden hook copilot-cli} through the real engine and built-in rules, in-process. */
class CopilotHookCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A preToolUse input as Copilot CLI 1.0.102 sends it. */
    private static ObjectNode input(String tool, String command) {
        ObjectNode root = JSON.createObjectNode()
                .put("sessionId", "s").put("timestamp", 1796395461850L).put("cwd", "/home/dev/project").put("toolName", tool);
        root.putObject("toolArgs").put("command", command).put("description", "d").put("mode", "sync");
        return root;
    }

    private static HookCommandRun run(ObjectNode input, String... args) throws IOException {
        return HookCommandRun.of(input, args);
    }

    @Test
    void recursiveDeleteOfTheRootIsDeniedWithTheRuleMessage() throws IOException {
        HookCommandRun r = run(input("bash", "rm -rf /"), "copilot-cli");
        assertEquals(0, r.status(), r.toString());
        assertEquals("deny", r.answerField("permissionDecision"));
        assertTrue(r.answerField("permissionDecisionReason").startsWith("shell-warden SW2001: "), r.toString());
    }

    @Test
    void aHarmlessCommandIsAllowedAndOtherToolsGetNoDecision() throws IOException {
        assertEquals("allow", run(input("bash", "git status"), "copilot-cli").answerField("permissionDecision"));
        assertEquals(new HookCommandRun(0, "", ""), run(input("view", "rm -rf /"), "copilot-cli"));
    }

    @Test
    void aDevServerRunsOnlyInAsyncMode() throws IOException {
        ObjectNode in = input("bash", "npm run dev");
        assertEquals("deny", run(in, "copilot-cli").answerField("permissionDecision"));
        ((ObjectNode) in.get("toolArgs")).put("mode", "async");
        assertEquals("allow", run(in, "copilot-cli").answerField("permissionDecision"));
    }

    @Test
    void askAsDenyTurnsAnAskIntoADeny() throws IOException {
        ObjectNode in = input("bash", "git push --force");
        assertEquals("ask", run(in, "copilot-cli").answerField("permissionDecision"));
        HookCommandRun refused = run(in, "copilot-cli", "--ask-as-deny");
        assertEquals("deny", refused.answerField("permissionDecision"), refused.toString());
        assertTrue(refused.answerField("permissionDecisionReason").endsWith("ask them to run it themselves"), refused.toString());
    }

    @Test
    void aCallInTheOtherShellLanguageIsDeniedNotJudgedByTheWrongGrammar(@TempDir Path dir) throws IOException {
        HookCommandRun ps = run(input("powershell", "Get-ChildItem"), "copilot-cli");
        assertEquals("deny", ps.answerField("permissionDecision"), ps.toString());
        assertTrue(ps.answerField("permissionDecisionReason").contains("\"shell\": \"powershell\""), ps.toString());
        Path config = Files.writeString(dir.resolve("ps.json"), "{\"shell\": \"powershell\"}");
        HookCommandRun psOk = run(input("powershell", "Get-ChildItem"), "copilot-cli", "--config", config.toString());
        assertEquals("allow", psOk.answerField("permissionDecision"), psOk.toString());
        HookCommandRun bash = run(input("bash", "ls"), "copilot-cli", "--config", config.toString());
        assertEquals("deny", bash.answerField("permissionDecision"), bash.toString());
        assertTrue(bash.answerField("permissionDecisionReason").contains("configured for powershell"), bash.toString());
    }

    @Test
    void aMissingConfigIsARefusalWhoseReasonIsAlsoOnStdout(@TempDir Path dir) throws IOException {
        HookCommandRun r = run(input("bash", "ls"), "copilot-cli", "--config", dir.resolve("missing.json").toString());
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertTrue(r.stderr().startsWith("shell-warden") && r.stderr().contains("cannot read config"), r.stderr());
        assertEquals("deny", r.answerField("permissionDecision"), r.toString());
        assertEquals(r.stderr().strip(), r.answerField("permissionDecisionReason"));
    }

    @Test
    void aBadCommandLineIsAnExit2Refusal() throws IOException {
        HookCommandRun r = run(input("bash", "ls"), "copilot-cli", "--bogus");
        assertEquals(HookOutcome.EXIT_REFUSE, r.status(), r.toString());
        assertTrue(r.stderr().contains("copilot-cli"), r.stderr());
    }
}
