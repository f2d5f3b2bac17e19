package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.cli.AuthorRules;
import dev.shellwarden.checker.cli.Cli;
import dev.shellwarden.checker.policy.PolicyBundle;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy author's walkthrough (docs/authoring.md) end to end, in process: write a rule and its
 * examples, {@code test}, {@code compile}, point a config at the bundle, see the one-shot check
 * decide with the new rule, {@code explain} it, and find its section in the generated docs. Also:
 * a bundle whose bytes do not match the configured sha256 is a config error.
 */
class AuthorWalkthroughTest {

    @TempDir
    Path tmp;

    /** What a run wrote. */
    private record Out(int exit, String out, String err) {
    }

    private static Out cli(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Out(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Out check(String letter, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new ByteArrayInputStream(letter.getBytes(StandardCharsets.UTF_8)), out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Out(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path compileAndConfigure() throws Exception {
        Path rules = AuthorRules.paste(tmp);
        Out test = cli("", "test", "--rules", rules.toString());
        assertEquals(0, test.exit(), test.toString());
        assertTrue(test.out().endsWith("2 passed, 0 failed\n"), test.out());

        Path bundle = tmp.resolve("policy.swb");
        Out compiled = cli("", "compile", "--rules", rules.toString(), "--out", bundle.toString());
        assertEquals(0, compiled.exit(), compiled.toString());
        String sha = PolicyBundle.sha256(Files.readAllBytes(bundle));
        Path config = tmp.resolve("shell-warden.jsonc");
        Files.writeString(config, "{\n  \"mode\": \"loose\",\n  // the author's rules\n  \"policy\": {\"path\": \"policy.swb\", \"sha256\": \"" + sha + "\"}\n}\n");
        return config;
    }

    @Test
    void anAuthorsRuleDecidesOnceCompiledAndConfigured() throws Exception {
        Path config = compileAndConfigure();
        String letter = Letters.of(AuthorRules.PASTE_COMMAND, "ls");

        Out before = check(letter);
        assertEquals(0, before.exit(), before.toString());
        assertTrue(before.out().contains("\"verdict\":\"allow\""), "built-in rules alone allow it: " + before.out());

        Out after = check(letter, "--config", config.toString());
        assertEquals(0, after.exit(), after.toString());
        assertTrue(after.out().startsWith("{\"invocationId\":\"msg_01:call_07\",\"verdict\":\"deny\",\"message\":\"uploading to the paste site is refused"),
                after.out());
        assertTrue(after.out().contains("\"ruleId\":\"ACME0001\""), after.out());
        assertEquals("", after.err());

        Out explained = cli("", "explain", "--config", config.toString(), "--", AuthorRules.PASTE_COMMAND);
        assertEquals(0, explained.exit(), explained.toString());
        assertTrue(explained.out().contains("\npolicy     " + tmp.resolve("policy.swb") + " (ACME0001)\n"), explained.out());
        assertTrue(explained.out().contains("  deny  ACME0001 no-paste-upload  on #0\n"), explained.out());
        assertTrue(explained.out().contains("verdict    deny  (ACME0001 no-paste-upload)"), explained.out());

        Out bundleCases = cli("", "test", "--config", config.toString());
        assertEquals(0, bundleCases.exit(), bundleCases.toString());
        assertTrue(bundleCases.out().endsWith("2 passed, 0 failed\n"), "the bundle carries its examples: " + bundleCases.out());

        Out docs = cli("", "docs", "--config", config.toString(), "--corpus", tmp.toString(), "--out", "-");
        assertEquals(0, docs.exit(), docs.toString());
        assertTrue(docs.out().contains("## ACME0001 no-paste-upload\n"), docs.out());
        assertTrue(docs.out().contains("```sh\n" + AuthorRules.PASTE_COMMAND + "\n```"), docs.out());
    }

    @Test
    void theClaudeCodeHookJudgesWithTheConfiguredBundleToo() throws Exception {
        Path config = compileAndConfigure();
        String input = HookCommandTest.input("Bash", AuthorRules.PASTE_COMMAND, "/home/dev/project");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = HookCommand.run(new String[] {"claude-code", "--config", config.toString()},
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        String answer = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, answer + err);
        assertTrue(answer.contains("\"permissionDecision\":\"deny\""), answer);
        assertTrue(answer.contains("shell-warden ACME0001: uploading to the paste site is refused"), answer);
    }

    @Test
    void aBundleWhoseHashDoesNotMatchIsAConfigError() throws Exception {
        Path config = compileAndConfigure();
        Path bundle = tmp.resolve("policy.swb");
        byte[] bytes = Files.readAllBytes(bundle);
        bytes[bytes.length / 2] ^= 1;
        Files.write(bundle, bytes);

        Out r = check(Letters.of("ls"), "--config", config.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("shell-warden: policy bundle " + bundle + " has sha256 "), r.err());
        assertTrue(r.err().contains("but the config expects"), r.err());
    }

    @Test
    void aMissingOrForeignBundleIsAConfigError() throws Exception {
        Path notABundle = Files.writeString(tmp.resolve("x.swb"), "not a zip");
        String sha = PolicyBundle.sha256(Files.readAllBytes(notABundle));
        Path config = Files.writeString(tmp.resolve("c.json"), "{\"policy\": {\"path\": \"x.swb\", \"sha256\": \"" + sha + "\"}}");
        Out foreign = check(Letters.of("ls"), "--config", config.toString());
        assertEquals(2, foreign.exit(), foreign.toString());
        assertTrue(foreign.err().contains("is not a shell-warden bundle"), foreign.err());

        Files.delete(notABundle);
        Out missing = check(Letters.of("ls"), "--config", config.toString());
        assertEquals(2, missing.exit(), missing.toString());
        assertEquals("", missing.out());
        assertTrue(missing.err().contains("cannot read policy bundle") && missing.err().contains("no such file"), missing.err());
    }
}
