package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scan}: one JSON line per command from plain, JSONL and history input; a summary on stderr. */
class ScanCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> lines(CliRun r) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : r.outLines()) {
            out.add(JSON.readTree(l));
        }
        return out;
    }

    @Test
    void readsPlainJsonlBashAndZshHistoryLines() throws Exception {
        String input = String.join("\n",
                "ls -la",
                "{\"cmd\": \"rm -rf /\", \"label\": \"x\"}",
                "#1700000000",
                "git status",
                ": 1700000001:0;$X -rf /",
                ": 1700000002:0;echo one \\",
                "two",
                "",
                "{\"nocmd\": 1}",
                "{not json");
        CliRun r = CliRun.withInput(input, "scan", "--project", "/home/dev/project");
        assertEquals(0, r.exit(), r.toString());
        List<JsonNode> out = lines(r);
        assertEquals(5, out.size(), r.out());
        assertEquals("ls -la", out.get(0).get("cmd").asText());
        assertEquals("allow", out.get(0).get("verdict").asText());
        assertEquals("SW5002", out.get(0).get("ruleId").asText());
        assertEquals("rm -rf /", out.get(1).get("cmd").asText());
        assertEquals("deny", out.get(1).get("verdict").asText());
        assertEquals("SW2001", out.get(1).get("ruleId").asText());
        assertTrue(out.get(1).get("message").asText().startsWith("recursive delete"));
        assertEquals("git status", out.get(2).get("cmd").asText());
        assertEquals("$X -rf /", out.get(3).get("cmd").asText());
        assertEquals("ask", out.get(3).get("verdict").asText());
        assertEquals("echo one \ntwo", out.get(4).get("cmd").asText());
        assertTrue(r.err().contains("stdin:9: JSON line without a string `cmd` field, skipped"), r.err());
        assertTrue(r.err().contains("stdin:10: not valid JSON"), r.err());
        assertTrue(r.err().matches("(?s).*scanned 5 commands in [0-9.]+ s: allow 3, ask 1, deny 1\n.*"), r.err());
        assertTrue(r.err().contains("        1  SW2001 rm-recursive-root\n"), r.err());
    }

    @Test
    void aJsonlShellFieldChoosesTheParser() throws Exception {
        // `if (…) { … }` without `then` is a bash syntax error (SW1001) but plain PowerShell.
        String ps = "if ($true) { Remove-Item -Recurse -Force C:\\ }";
        String input = "{\"cmd\": \"" + ps.replace("\\", "\\\\") + "\", \"shell\": \"powershell\"}\n"
                + "{\"cmd\": \"ls\", \"shell\": \"bash\"}\n";
        CliRun r = CliRun.withInput(input, "scan");
        assertEquals(0, r.exit(), r.toString());
        List<JsonNode> out = lines(r);
        assertEquals(2, out.size(), r.out());
        assertEquals(ps, out.get(0).get("cmd").asText());
        String asPowerShell = JSON.readTree(CliRun.run("explain", "--json", "--shell", "powershell", "--", ps).out()).get("ruleId").asText();
        String asBash = JSON.readTree(CliRun.run("explain", "--json", "--shell", "bash", "--", ps).out()).get("ruleId").asText();
        assertEquals("SW1001", asBash);
        assertEquals(asPowerShell, out.get(0).get("ruleId").asText(), "judged as PowerShell");
        assertTrue(!asPowerShell.equals(asBash), "the two shells disagree on this command");
        assertEquals("SW5002", out.get(1).get("ruleId").asText());
    }

    @Test
    void readsAFile(@TempDir Path tmp) throws Exception {
        Path f = Files.writeString(tmp.resolve("history"), "ls\nrm -rf ~/\n");
        CliRun r = CliRun.run("scan", f.toString());
        assertEquals(0, r.exit(), r.toString());
        List<JsonNode> out = lines(r);
        assertEquals(2, out.size());
        assertEquals("deny", out.get(1).get("verdict").asText());
        assertTrue(r.err().contains("allow 1, ask 0, deny 1"), r.err());
    }
}
