package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link LoopTargets#substitutionOnly}: sed's reading of the options and the script, and its limits on top. */
class LoopTargetsTest {

    private static boolean edit(String... words) {
        List<Word> argv = new ArrayList<>();
        argv.add(Word.literal("sed"));
        for (String w : words) {
            argv.add(w.startsWith("$") ? new Word(w, "\"" + w + "\"", false, Set.of()) : Word.literal(w));
        }
        return LoopTargets.substitutionOnly(argv);
    }

    @Test
    void oneLiteralPlainSubstitutionInPlaceOverComputedFiles() {
        assertTrue(edit("-i", "s/a/b/", "$f"));
        assertTrue(edit("-i.bak", "-E", "s|a|b|gI", "$f"));
        assertTrue(edit("--in-place", "-e", "s#a\\;b#c#2", "$f"));
        assertTrue(edit("$f", "-i", "-e", "s/a/b/"));
    }

    @Test
    void anythingElseIsNoPlainEdit() {
        assertFalse(edit("s/a/b/", "$f")); // not in place
        assertFalse(edit("-i", "s/a/b/", "$f", "Makefile")); // a literal file
        assertFalse(edit("-i", "-e", "s/a/b/", "-e", "s/c/d/", "$f")); // two scripts
        assertFalse(edit("-Ei", "s/a/b/", "$f")); // a cluster
        assertFalse(edit("-i", "-n", "s/a/b/", "$f"));
        assertFalse(edit("-i", "--", "s/a/b/", "$f"));
        assertFalse(edit("-i", "-es/a/b/", "$f"));
        assertFalse(edit("-i", "s/a/b/p", "$f")); // flags beyond g, I, digits
        assertFalse(edit("-i", "s/a/b/e", "$f"));
        assertFalse(edit("-i", "s/a/b/w out", "$f"));
        assertFalse(edit("-i", "s,a,b,", "$f")); // another delimiter
        assertFalse(edit("-i", "s/a;b/c/", "$f")); // an unescaped ; inside
        assertFalse(edit("-i", "s/a/b/;p", "$f")); // a second command
        assertFalse(edit("-i", "3s/a/b/", "$f")); // an address
        assertFalse(edit("-i", "$s", "$f")); // a computed script
        assertFalse(edit("-i", "-e", "$s", "s/a/b/")); // the -e value is the script, s/a/b/ a file
    }
}
