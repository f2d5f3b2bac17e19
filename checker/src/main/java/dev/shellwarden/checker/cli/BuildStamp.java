package dev.shellwarden.checker.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build step (run by Maven at {@code process-classes}): hashes the built-in DRL sources and writes
 * {@link BuildInfo#RESOURCE}, so {@code --version} and bundles name the rule set without hashing
 * at run time.
 *
 * <p>The hash: sha256 over every {@code .drl} file under the rules folder in path order, each as
 * its relative path, a NUL, its bytes, a NUL. Renaming, adding or editing a rule changes it.
 */
public final class BuildStamp {

    private BuildStamp() {
    }

    /** {@code BuildStamp RULES_DIR OUT_FILE VERSION}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: BuildStamp RULES_DIR OUT_FILE VERSION");
        }
        String sha = hash(Path.of(args[0]));
        Path out = Path.of(args[1]);
        Files.createDirectories(out.getParent());
        Files.writeString(out, "version=" + args[2] + "\nrules.sha256=" + sha + "\n", StandardCharsets.UTF_8);
    }

    /** The rule-set hash of the DRL files under {@code dir}. */
    static String hash(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".drl")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no .drl files under " + dir);
        }
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Path f : files) {
                md.update(dir.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(Files.readAllBytes(f));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
