package dev.shellwarden.checker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Spawns the built {@code shell-warden} executable the way a hook does: by absolute path, empty environment. */
final class Executable {

    /** What one run produced. */
    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private Executable() {
    }

    /** The executable under test (set by the build). */
    static Path path() {
        String p = System.getProperty("shellwarden.executable");
        if (p == null) {
            throw new IllegalStateException("system property shellwarden.executable is not set");
        }
        Path path = Path.of(p).toAbsolutePath();
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("no executable at " + path + ": run the package phase first");
        }
        return path;
    }

    /** Runs it under an empty environment with {@code stdin} and arguments. */
    static Run run(byte[] stdin, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(path().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().clear();
        try {
            Process p = pb.start();
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            try (var in = p.getOutputStream()) {
                in.write(stdin);
            } catch (IOException ignored) {
                // the checker may refuse early (oversize input) and close its stdin
            }
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("checker did not finish within 60 s");
            }
            return new Run(p.exitValue(), out.join(), new String(err.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Runs it with a UTF-8 letter. */
    static Run run(String stdin, String... args) {
        return run(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    private static byte[] readAll(java.io.InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
