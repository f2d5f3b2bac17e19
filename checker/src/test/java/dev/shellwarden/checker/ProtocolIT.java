package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Protocol conformance of the built executable, spawned by absolute path under an empty
 * environment: good letters give exactly one schema-valid verdict; every class of bad input and bad
 * config gives a non-zero exit, one line on stderr and nothing on stdout.
 */
class ProtocolIT {

    @TempDir
    Path tmp;

    private static JsonNode verdictOf(Executable.Run run) throws IOException {
        assertEquals(0, run.exit(), () -> "exit " + run.exit() + ", stderr: " + run.stderr());
        String out = run.out();
        assertTrue(out.endsWith("\n") && out.indexOf('\n') == out.length() - 1,
                "exactly one line on stdout: " + out);
        assertTrue(Schemas.problems(Schemas.VERDICT, out).isEmpty(),
                () -> "schema: " + Schemas.problems(Schemas.VERDICT, out) + " in " + out);
        assertTrue(run.stdout().length <= 64 * 1024, "verdict within 64 KiB");
        return Schemas.MAPPER.readTree(out);
    }

    @Test
    void thirtyTwoCommandsWithRmRfRootDenied() throws IOException {
        List<String> raws = new ArrayList<>();
        for (int i = 0; i < 31; i++) {
            raws.add(i % 3 == 0 ? "git status" : i % 3 == 1 ? "ls -la src" : "make -j2 test");
        }
        raws.add(17, "rm -rf /");
        String letter = Letters.of(raws.toArray(String[]::new));
        assertTrue(Schemas.problems(Schemas.LETTER, letter).isEmpty(), "the test letter is valid");
        JsonNode v = verdictOf(Executable.run(letter));
        assertEquals("msg_01:call_07", v.get("invocationId").asText());
        assertEquals("deny", v.get("verdict").asText());
        assertFalse(v.get("message").asText().isBlank());
        assertEquals(32, v.get("commands").size());
        for (int i = 0; i < 32; i++) {
            JsonNode c = v.get("commands").get(i);
            assertEquals(i, c.get("index").asInt());
            assertEquals(i == 17 ? "deny" : "allow", c.get("verdict").asText(), "command " + i);
        }
        assertEquals("SW2001", v.get("commands").get(17).get("ruleId").asText());
    }

    @Test
    void indexesAreEchoedInLetterOrder() throws IOException {
        String letter = "{\"version\":1,\"invocation\":{\"id\":\"x:y\",\"sessionID\":\"s\"},\"action\":\"shell\","
                + "\"commands\":[{\"index\":7,\"raw\":\"ls\",\"cwd\":\"\"},{\"index\":2,\"raw\":\"rm -rf ~\",\"cwd\":\"/tmp\"}]}";
        JsonNode v = verdictOf(Executable.run(letter));
        assertEquals(7, v.get("commands").get(0).get("index").asInt());
        assertEquals(2, v.get("commands").get(1).get("index").asInt());
        assertEquals("deny", v.get("verdict").asText());
    }

    @Test
    void maximalLetterStaysWithinVerdictBounds() throws IOException {
        String big = "echo " + "a ".repeat(150) + "&& ls " + "-l ".repeat(40);
        String[] raws = Collections.nCopies(128, big).toArray(String[]::new);
        String letter = Letters.of(raws);
        assertTrue(letter.getBytes(StandardCharsets.UTF_8).length <= 64 * 1024);
        JsonNode v = verdictOf(Executable.run(letter));
        assertEquals(128, v.get("commands").size());
    }

    @Test
    void sameLetterSameBytes() {
        String letter = Letters.of("git status && rm -rf /", "echo $(whoami)", "make", "r''m -rf ~/");
        Executable.Run a = Executable.run(letter);
        Executable.Run b = Executable.run(letter);
        assertEquals(0, a.exit());
        assertArrayEquals(a.stdout(), b.stdout());
    }

    @Test
    void actionThatIsNotShellIsAskedAboutForEveryCommand() throws IOException {
        JsonNode v = verdictOf(Executable.run(Letters.withAction("edit", List.of("a.txt", "b.txt"))));
        assertEquals("ask", v.get("verdict").asText());
        for (JsonNode c : v.get("commands")) {
            assertEquals("ask", c.get("verdict").asText());
            assertEquals("SW0004", c.get("ruleId").asText());
        }
    }

    @Test
    void hardModeAsksWhereLooseAllows() throws IOException {
        Path hard = tmp.resolve("hard.jsonc");
        Files.writeString(hard, "{\n  // strict team\n  \"mode\": \"hard\",\n}\n");
        String letter = Letters.of("npm install");
        assertEquals("allow", verdictOf(Executable.run(letter)).get("verdict").asText());
        assertEquals("ask", verdictOf(Executable.run(letter, "--config", hard.toString())).get("verdict").asText());
    }

    @Test
    void unknownConfigKeyIsAWarningOnly() throws IOException {
        Path cfg = tmp.resolve("c.jsonc");
        Files.writeString(cfg, "{\"mode\":\"loose\",\"colour\":\"blue\"}");
        Executable.Run run = Executable.run(Letters.of("ls"), "--config", cfg.toString());
        verdictOf(run);
        assertTrue(run.stderr().contains("colour"), run.stderr());
    }

    static Stream<Arguments> badLetters() {
        String ok = "{\"index\":0,\"raw\":\"ls\",\"cwd\":\"\"}";
        String inv = "\"invocation\":{\"id\":\"a\",\"sessionID\":\"s\"}";
        return Stream.of(
                Arguments.of("not JSON", "hello"),
                Arguments.of("empty stdin", ""),
                Arguments.of("trailing data", Letters.of("ls") + " {}"),
                Arguments.of("two letters", Letters.of("ls") + Letters.of("ls")),
                Arguments.of("wrong version", "{\"version\":2," + inv + ",\"action\":\"shell\",\"commands\":[" + ok + "]}"),
                Arguments.of("version as string", "{\"version\":\"1\"," + inv + ",\"action\":\"shell\",\"commands\":[" + ok + "]}"),
                Arguments.of("missing commands", "{\"version\":1," + inv + ",\"action\":\"shell\"}"),
                Arguments.of("missing invocation id", "{\"version\":1,\"invocation\":{\"sessionID\":\"s\"},\"action\":\"shell\",\"commands\":[" + ok + "]}"),
                Arguments.of("extra top-level field", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[" + ok + "],\"x\":1}"),
                Arguments.of("extra command field", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[{\"index\":0,\"raw\":\"ls\",\"cwd\":\"\",\"env\":{}}]}"),
                Arguments.of("raw is a number", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[{\"index\":0,\"raw\":5,\"cwd\":\"\"}]}"),
                Arguments.of("commands is an object", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":{}}"),
                Arguments.of("no commands", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[]}"),
                Arguments.of("duplicate index", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[" + ok + "," + ok + "]}"),
                Arguments.of("fractional index", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[{\"index\":0.5,\"raw\":\"ls\",\"cwd\":\"\"}]}"),
                Arguments.of("string index", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[{\"index\":\"0\",\"raw\":\"ls\",\"cwd\":\"\"}]}"),
                Arguments.of("negative index", "{\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[{\"index\":-1,\"raw\":\"ls\",\"cwd\":\"\"}]}"),
                Arguments.of("duplicate key", "{\"version\":1,\"version\":1," + inv + ",\"action\":\"shell\",\"commands\":[" + ok + "]}"),
                Arguments.of("relative projectDir", "{\"version\":1,\"invocation\":{\"id\":\"a\",\"sessionID\":\"s\",\"projectDir\":\"proj\"},\"action\":\"shell\",\"commands\":[" + ok + "]}"),
                Arguments.of("raw over 8 KiB", Letters.of("echo " + "é".repeat(4100))),
                Arguments.of("over 128 commands", Letters.of(Collections.nCopies(129, "ls").toArray(String[]::new))),
                Arguments.of("letter over 64 KiB", Letters.of(Collections.nCopies(10, "echo " + "x".repeat(7000)).toArray(String[]::new))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badLetters")
    void badLetterGivesNoVerdict(String what, String letter) {
        assertRefused(Executable.run(letter), 2);
    }

    @Test
    void invalidUtf8GivesNoVerdict() {
        byte[] letter = Letters.of("ls").getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[letter.length + 2];
        System.arraycopy(letter, 0, bad, 0, letter.length);
        bad[letter.length] = (byte) 0xC3;
        bad[letter.length + 1] = (byte) 0x28;
        assertRefused(Executable.run(bad), 2);
    }

    static Stream<Arguments> badConfigs() {
        return Stream.of(
                Arguments.of("invalid mode", "{\"mode\":\"strict\"}"),
                Arguments.of("mode of the wrong type", "{\"mode\":1}"),
                Arguments.of("invalid shell", "{\"shell\":\"fish\"}"),
                Arguments.of("not JSON", "mode = hard"),
                Arguments.of("not an object", "[1,2]"),
                Arguments.of("bad rule verdict", "{\"rules\":{\"SW2001\":\"maybe\"}}"),
                Arguments.of("bad rule id", "{\"rules\":{\"rm\":\"off\"}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigs")
    void badConfigGivesNoVerdict(String what, String config) throws IOException {
        Path cfg = tmp.resolve("bad.jsonc");
        Files.writeString(cfg, config);
        assertRefused(Executable.run(Letters.of("ls"), "--config", cfg.toString()), 2);
    }

    @Test
    void unreadableConfigGivesNoVerdict() {
        assertRefused(Executable.run(Letters.of("ls"), "--config", tmp.resolve("missing.jsonc").toString()), 2);
    }

    @Test
    void unknownArgumentIsAUsageError() {
        Executable.Run run = Executable.run(Letters.of("ls"), "--frobnicate");
        assertEquals(2, run.exit());
        assertEquals(0, run.stdout().length);
    }

    @Test
    void floorRuleCannotBeSwitchedOff() throws IOException {
        Path cfg = tmp.resolve("off.jsonc");
        Files.writeString(cfg, "{\"rules\":{\"SW2001\":\"off\"}}");
        Executable.Run run = Executable.run(Letters.of("rm -rf /"), "--config", cfg.toString());
        assertEquals("deny", verdictOf(run).get("verdict").asText());
        assertTrue(run.stderr().contains("floor"), run.stderr());
    }

    private static void assertRefused(Executable.Run run, int exit) {
        assertEquals(exit, run.exit(), () -> "stderr: " + run.stderr());
        assertEquals(0, run.stdout().length, () -> "stdout must be empty: " + run.out());
        String err = run.stderr().strip();
        assertFalse(err.isEmpty(), "a reason on stderr");
        assertFalse(err.contains("\n"), () -> "one line on stderr: " + err);
        assertFalse(err.contains("Exception"), () -> "no stack trace: " + err);
    }
}
