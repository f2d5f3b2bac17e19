package dev.shellwarden.checker;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The build's training run for the start-up archive (AOT cache on Java 25, AppCDS on Java 17):
 * runs the real one-shot path ({@link Main#run}) over several letters in one JVM so the classes,
 * lambdas and constant-pool entries a check touches end up in the archive. Never used at check
 * time.
 *
 * <p>Usage: {@code Training LETTER.json...}; a letter {@code X.json} with a sibling
 * {@code X.config.jsonc} is run with {@code --config} that file; a file named
 * {@code hook-claude-code*.json} is a Claude Code hook input, run through {@link HookCommand}. Exits 1 when any letter does not
 * end in exit status 0, so a broken executable fails the build instead of training an archive.
 */
public final class Training {

    /** Files named so are Claude Code PreToolUse inputs for {@code shell-warden hook claude-code}. */
    private static final String HOOK_PREFIX = "hook-claude-code";

    /** Rounds over all letters: more than one so the second-check paths are warm too. */
    private static final int ROUNDS = 3;

    private Training() {
    }

    /** Entry point of the training run. */
    public static void main(String[] args) throws IOException {
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        List<Path> letters = new ArrayList<>();
        for (String a : args) {
            letters.add(Path.of(a));
        }
        if (letters.isEmpty()) {
            err.println("training: no letters given");
            System.exit(2);
        }
        int failures = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (Path letter : letters) {
                String name = letter.getFileName().toString();
                Path config = letter.resolveSibling(name.replaceFirst("\\.json$", ".config.jsonc"));
                String[] argv = Files.exists(config) ? new String[] {"--config", config.toString()} : new String[0];
                byte[] in = Files.readAllBytes(letter);
                int status = name.startsWith(HOOK_PREFIX)
                        ? HookCommand.run(new String[] {HookCommand.CLAUDE_CODE}, new ByteArrayInputStream(in),
                                OutputStream.nullOutputStream(), err)
                        : Main.run(argv, new ByteArrayInputStream(in), OutputStream.nullOutputStream(), err);
                if (status != 0) {
                    err.println("training: " + letter + " ended in exit status " + status);
                    failures++;
                }
            }
        }
        // Plain return, not System.exit(0): the archive is written when the JVM exits either way.
        if (failures > 0) {
            System.exit(1);
        }
    }
}
