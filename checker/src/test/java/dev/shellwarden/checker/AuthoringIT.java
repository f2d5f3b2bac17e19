package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.cli.AuthorRules;
import dev.shellwarden.checker.policy.PolicyBundle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authors' subcommands through the built executable: the one-shot check does not load picocli
 * or a subcommand class, bundles are byte-for-byte reproducible across runs, and a compiled bundle
 * decides under an empty environment.
 */
class AuthoringIT {

    @TempDir
    Path tmp;

    @Test
    void theOneShotCheckLoadsNeitherPicocliNorASubcommand() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xlog:class+load=info", "-cp", Executable.path().toString(),
                "dev.shellwarden.checker.Main");
        pb.redirectInput(Files.writeString(tmp.resolve("letter.json"), Letters.of("rm -rf /", "ls")).toFile());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), log);
        assertTrue(log.contains("dev.shellwarden.checker.Main "), "class loading is logged");
        assertTrue(log.contains("\"verdict\":\"deny\""), "the check ran");
        List<String> offending = log.lines()
                .filter(l -> l.contains(" picocli.") || l.contains("dev.shellwarden.checker.cli."))
                .toList();
        assertTrue(offending.isEmpty(), "the one-shot path loaded: " + offending);
    }

    @Test
    void aCompiledBundleDecidesUnderAnEmptyEnvironmentAndIsReproducible() throws IOException {
        Path rules = AuthorRules.paste(tmp);
        Executable.Run first = Executable.run("", "compile", "--rules", rules.toString(), "--out", tmp.resolve("a.swb").toString());
        assertEquals(0, first.exit(), first.stderr());
        Executable.Run second = Executable.run("", "compile", "--rules", rules.toString(), "--out", tmp.resolve("b.swb").toString());
        assertEquals(0, second.exit(), second.stderr());
        byte[] bytes = Files.readAllBytes(tmp.resolve("a.swb"));
        assertArrayEquals(bytes, Files.readAllBytes(tmp.resolve("b.swb")), "same rules, same bundle bytes");

        Path config = Files.writeString(tmp.resolve("config.json"),
                "{\"policy\": {\"path\": \"a.swb\", \"sha256\": \"" + PolicyBundle.sha256(bytes) + "\"}}");
        Executable.Run check = Executable.run(Letters.of(AuthorRules.PASTE_COMMAND), "--config", config.toString());
        assertEquals(0, check.exit(), check.stderr());
        assertTrue(check.out().contains("\"verdict\":\"deny\"") && check.out().contains("\"ruleId\":\"ACME0001\""), check.out());
        assertEquals("", check.stderr());

        Files.writeString(config, "{\"policy\": {\"path\": \"a.swb\", \"sha256\": \"" + "0".repeat(64) + "\"}}");
        Executable.Run mismatch = Executable.run(Letters.of("ls"), "--config", config.toString());
        assertEquals(2, mismatch.exit());
        assertEquals(0, mismatch.stdout().length);
        assertEquals(1, mismatch.stderr().lines().count(), mismatch.stderr());
    }

    @Test
    void versionAndUsageErrorsThroughTheExecutable() {
        Executable.Run v = Executable.run("", "--version");
        assertEquals(0, v.exit(), v.stderr());
        assertTrue(v.out().matches("shell-warden \\S+\nbuilt-in rules sha256 [0-9a-f]{64}\n"), v.out());
        Executable.Run bad = Executable.run("", "explain", "--nope");
        assertEquals(2, bad.exit());
        assertEquals(0, bad.stdout().length);
        assertEquals(1, bad.stderr().lines().count(), bad.stderr());
        assertFalse(bad.stderr().contains("Exception"), bad.stderr());
    }
}
