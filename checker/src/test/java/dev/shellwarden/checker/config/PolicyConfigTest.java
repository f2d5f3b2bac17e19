package dev.shellwarden.checker.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The config's {@code "policy"} entry: a path resolved against the config's folder and a sha256. */
class PolicyConfigTest {

    private static final String SHA = "ab".repeat(32);

    @Test
    void aRelativePathIsResolvedAgainstTheConfigFolder() {
        CheckerConfig c = ConfigReader.parse("{\"policy\": {\"path\": \"p/x.swb\", \"sha256\": \"" + SHA + "\"}}",
                Path.of("/etc/shell-warden"));
        assertEquals(Optional.of(new PolicyRef(Path.of("/etc/shell-warden/p/x.swb"), SHA)), c.policy());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test
    void noPolicyMeansBuiltInRulesOnly() {
        assertEquals(Optional.empty(), ConfigReader.parse("{\"mode\": \"hard\"}").policy());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "\"policy\": \"x.swb\"",
        "\"policy\": {\"path\": \"x.swb\"}",
        "\"policy\": {\"sha256\": \"@SHA@\"}",
        "\"policy\": {\"path\": \"x.swb\", \"sha256\": \"ABAB\"}",
        "\"policy\": {\"path\": \"x.swb\", \"sha256\": \"@UPPER@\"}",
        "\"policy\": {\"path\": \"\", \"sha256\": \"@SHA@\"}",
        "\"policy\": {\"path\": 3, \"sha256\": \"@SHA@\"}",
        "\"policy\": {\"path\": \"x.swb\", \"sha256\": \"@SHA@\", \"extra\": 1}"})
    void malformedPolicyEntriesAreConfigErrors(String entry) {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigReader.parse(
                "{" + entry.replace("@SHA@", SHA).replace("@UPPER@", SHA.toUpperCase(java.util.Locale.ROOT)) + "}", Path.of("/")));
        assertTrue(e.getMessage().startsWith("policy"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }
}
