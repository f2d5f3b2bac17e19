package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code explain} shows segments, categories, findings, the merge and the verdict, as text or JSON. */
class ExplainCommandTest {

    private static final String PROJECT = "/home/dev/project";

    @Test
    void textShowsEveryStepFromSegmentsToVerdict() {
        CliRun r = CliRun.run("explain", "--project", PROJECT, "--", "rm -rf / && ls");
        assertEquals(0, r.exit(), r.toString());
        String out = r.out();
        assertTrue(out.contains("command    rm -rf / && ls\n"), out);
        assertTrue(out.contains("shell bash, mode loose, project /home/dev/project"), out);
        assertTrue(out.contains("  #0 top  static\n     argv        rm -rf /\n"), out);
        assertTrue(out.contains("  #1 top  static\n     argv        ls\n"), out);
        // Several rules fire on `rm -rf /` (floor and scope); the order of firing is not the point.
        assertTrue(out.contains("rules fired\n"), out);
        assertTrue(out.contains("  deny  SW2001 rm-recursive-root  on #0\n"), out);
        assertTrue(out.contains("  allow SW5002 ls  on #1\n"), out);
        assertTrue(out.contains("  #0 deny  SW2001 rm-recursive-root\n  #1 allow SW5002 ls\n"), out);
        assertTrue(out.contains("verdict    deny  (SW2001 rm-recursive-root)\nmessage    recursive delete"), out);
        assertFalse(out.contains("\u001b["), "no colour when stdout is not a terminal");
    }

    @Test
    void opaqueSegmentsSayWhy() {
        CliRun r = CliRun.run("explain", "--project", PROJECT, "--", "$X -rf /");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("  #0 top  opaque\n"), r.out());
        assertTrue(r.out().contains("opaque      DYNAMIC_COMMAND (SW1002): "), r.out());
        assertTrue(r.out().contains("verdict    ask  (SW1002 dynamic-command)"), r.out());
    }

    @Test
    void wordsAfterTheSeparatorAreJoinedAndModeCanBeChosen() {
        CliRun r = CliRun.run("explain", "--mode", "hard", "--project", PROJECT, "--", "npm", "install");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("command    npm install\n"), r.out());
        assertTrue(r.out().contains("verdict    ask  (SW0002 default-hard)"), r.out());
    }

    @Test
    void backgroundJudgesTheCommandAsRunInTheClientsBackground() {
        CliRun fg = CliRun.run("explain", "--project", PROJECT, "--", "npm run dev");
        assertTrue(fg.out().contains("verdict    deny  (SW7001 dev-server)"), fg.out());
        CliRun bg = CliRun.run("explain", "--background", "--project", PROJECT, "--", "npm run dev");
        assertEquals(0, bg.exit(), bg.toString());
        assertTrue(bg.out().contains(", in the client's background\n"), bg.out());
        assertTrue(bg.out().contains("verdict    allow"), bg.out());
    }

    @Test
    void anAtSignIsPartOfTheCommandNotAnArgumentFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("args"), "--json\n");
        CliRun r = CliRun.run("explain", "--project", PROJECT, "--", "@" + file);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().startsWith("command    @" + file + "\n"), r.out());
    }

    @Test
    void classificationRulesAndRulesTurnedOffAreShownToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path rules = AuthorRules.folder(tmp, "classify.drl", """
                package com.acme.classify;

                import dev.shellwarden.engine.fact.Cmd;
                import dev.shellwarden.engine.fact.Category;

                rule "ACME0101 prod-context"
                    @id("ACME0101") @family("classify") @summary("kubectl against the production context")
                when
                    $c : Cmd( name == "kubectl", hasArg("--context=prod") )
                then
                    insert(new Category($c.getId(), "acme-prod"));
                end
                """, "decide.drl", """
                package com.acme.decide;

                import dev.shellwarden.engine.fact.Category;

                rule "ACME0102 ask-prod"
                    @id("ACME0102") @family("scope") @verdict("ask") @hard("deny")
                    @summary("anything against production")
                    @message("this touches production: try it on staging first, e.g. `kubectl --context=staging get pods`")
                when
                    Category( name == "acme-prod" )
                then
                end
                """);
        java.nio.file.Path config = java.nio.file.Files.writeString(tmp.resolve("c.json"), "{\"rules\": {\"SW5002\": \"off\"}}");
        CliRun r = CliRun.run("explain", "--rules", rules.toString(), "--config", config.toString(), "--project", PROJECT,
                "--", "kubectl --context=prod get pods; ls");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("categories\n  #0 acme-prod\n"), r.out());
        assertTrue(r.out().contains("  ask   ACME0102 ask-prod  on #0\n"), r.out());
        assertTrue(r.out().contains("  class ACME0101 prod-context  (adds categories)\n"), r.out());
        assertTrue(r.out().contains("  off   SW5002 ls  (turned off by the config)\n"), r.out());
        assertTrue(r.out().contains("  #1 allow SW0001 default-loose\n"), r.out());
    }

    @Test
    void jsonCarriesTheSameExplanationForTools() throws Exception {
        CliRun r = CliRun.run("explain", "--json", "--project", PROJECT, "--", "rm -rf / && ls");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(1, r.outLines().size(), "one JSON document on one line");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("deny", j.get("verdict").asText());
        assertEquals("SW2001", j.get("ruleId").asText());
        assertEquals("loose", j.get("mode").asText());
        assertEquals("[\"rm\",\"-rf\",\"/\"]", j.get("segments").get(0).get("argv").toString());
        assertTrue(j.get("segments").get(0).get("static").asBoolean());
        boolean floorOnFirst = false;
        for (JsonNode f : j.get("fired")) {
            floorOnFirst |= f.get("ruleId").asText().equals("SW2001") && f.get("segment").asInt() == 0;
        }
        assertTrue(floorOnFirst, j.get("fired").toString());
        assertEquals(2, j.get("merge").size());
        assertEquals("SW5002", j.get("merge").get(1).get("ruleId").asText());
        assertTrue(j.get("message").asText().startsWith("recursive delete"));
    }
}
