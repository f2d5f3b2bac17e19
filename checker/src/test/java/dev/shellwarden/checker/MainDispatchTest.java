package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code Main} hands subcommand names, help and version to the authors' CLI, and nothing else. */
class MainDispatchTest {

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new ByteArrayInputStream(new byte[0]), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {String.valueOf(exit), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h", "help", "--version", "-V", "explain --help", "test --help", "compile --help",
        "scan --help", "docs --help"})
    void subcommandsHelpAndVersionReachTheCli(String line) {
        String[] r = run(line.split(" "));
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].startsWith("Usage: shell-warden") || r[1].startsWith("shell-warden "), r[1]);
        assertEquals("", r[2]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--bogus", "explainx", "--config"})
    void anythingElseIsTheOneShotCheck(String arg) {
        String[] r = run(arg);
        assertEquals("2", r[0]);
        assertEquals("", r[1]);
        assertTrue(r[2].startsWith("shell-warden: "), r[2]);
        assertTrue(r[2].contains("usage: shell-warden [--config FILE] < letter.json"), r[2]);
    }
}
