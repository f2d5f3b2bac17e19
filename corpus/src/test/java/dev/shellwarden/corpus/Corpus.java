package dev.shellwarden.corpus;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseFile;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.RuleBook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Shared access to the corpus folder and one engine over the built-in rules for all tests. */
final class Corpus {

    /** The engine over the built-in rules, built once per test JVM. */
    static final Engine ENGINE = new Engine(RuleBook.builtIn(Corpus.class.getClassLoader()));

    private Corpus() {
    }

    /** The corpus folder (the module directory). */
    static Path root() {
        String dir = System.getProperty("shellwarden.corpus");
        return Path.of(dir == null ? "." : dir);
    }

    /** Every case in a subfolder, or none when it does not exist. */
    static List<Case> cases(String folder) {
        Path dir = root().resolve(folder);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try {
            return CaseFile.readTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
