package dev.shellwarden.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.shellwarden.checker.cli.RulesDoc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code docs/rules.md} is exactly what {@code shell-warden docs} writes from the
 * built-in rules and {@code corpus/rules}: a rule or case change without regenerating it fails here.
 */
class RulesDocTest {

    @Test
    void committedRulesReferenceIsUpToDate() throws IOException {
        Path committed = Corpus.root().resolve("../docs/rules.md").normalize();
        String expected = RulesDoc.render(Corpus.ENGINE.book(), Corpus.cases("rules"));
        assertTrue(expected.contains("## SW2001 "), "the generator documents the built-in rules");
        String actual = Files.isRegularFile(committed) ? Files.readString(committed, StandardCharsets.UTF_8) : "";
        if (!actual.equals(expected)) {
            fail("docs/rules.md is out of date with the rules and corpus/rules: regenerate it from the repository root with\n"
                    + "  mvn -B -q -DskipTests package && " + RulesDoc.REGENERATE + "\n"
                    + "(first difference at line " + firstDifference(actual, expected) + ")");
        }
    }

    private static int firstDifference(String a, String b) {
        String[] x = a.split("\n", -1);
        String[] y = b.split("\n", -1);
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (!x[i].equals(y[i])) {
                return i + 1;
            }
        }
        return Math.min(x.length, y.length) + 1;
    }
}
