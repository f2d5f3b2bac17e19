package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5, "correct when the fast path is missing": the built executable gives byte-identical
 * verdicts, and nothing else on stdout, whether its start-up archive is present, missing, garbage,
 * truncated or refused by the JVM itself; and a check writes no file. Runs after {@code package}
 * (an integration test), on the executable and archive the build produced.
 */
class StartupArchiveIT {


    private static Path executable;
    private static Path archive;
    private static final Map<String, byte[]> LETTERS = new TreeMap<>();
    private static final Map<String, byte[]> REFERENCE = new TreeMap<>();

    @BeforeAll
    static void reference() throws Exception {
        executable = Path.of(System.getProperty("shellwarden.executable", "target/shell-warden")).toAbsolutePath();
        assertTrue(Files.isExecutable(executable), "no executable at " + executable + " (built at package)");
        archive = Stream.of(".aot", ".jsa").map(s -> executable.resolveSibling(executable.getFileName() + s))
                .filter(Files::isRegularFile).findFirst().orElse(null);
        // The build always makes an archive on the supported JDKs; without one this test proves nothing.
        assertTrue(archive != null, "the build made no start-up archive next to " + executable);
        Path training = Path.of(System.getProperty("shellwarden.training", "src/launcher/training"));
        for (String name : List.of("allow.json", "deny.json", "opaque.json", "many.json")) {
            LETTERS.put(name, Files.readAllBytes(training.resolve(name)));
        }
        for (Map.Entry<String, byte[]> e : LETTERS.entrySet()) {
            Run r = run(executable, e.getValue());
            assertEquals(0, r.status, e.getKey() + ": " + r.stderr());
            assertEquals("", r.stderr(), e.getKey() + ": the fast path is silent");
            REFERENCE.put(e.getKey(), r.stdout);
        }
    }

    @Test
    void theLauncherRecordsTheArchivesSha256() throws Exception {
        assertEquals(sha256(Files.readAllBytes(archive)), recordedSha(executable));
    }

    @Test
    void missingArchive(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        assertSameVerdicts(exe, dir);
    }

    @Test
    void garbageArchive(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        Files.write(companion(exe), "not an archive\n".getBytes(StandardCharsets.US_ASCII));
        assertSameVerdicts(exe, dir);
    }

    @Test
    void truncatedArchive(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        byte[] a = Files.readAllBytes(archive);
        Files.write(companion(exe), java.util.Arrays.copyOf(a, a.length / 2));
        assertSameVerdicts(exe, dir);
    }

    @Test
    void intactArchiveCopiedAlong(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        Files.copy(archive, companion(exe), StandardCopyOption.COPY_ATTRIBUTES);
        assertSameVerdicts(exe, dir);
    }

    /**
     * The archive passes the launcher's sha256 check but the JVM refuses it (as it does one made by
     * another JDK build or for another jar): the JVM's complaint must reach stderr only.
     */
    @Test
    void archiveTheJvmRefuses(@TempDir Path dir) throws Exception {
        byte[] bogus = "a file that is no JVM archive at all\n".getBytes(StandardCharsets.US_ASCII);
        Path exe = dir.resolve("shell-warden");
        Files.copy(executable, exe, StandardCopyOption.COPY_ATTRIBUTES);
        setLauncherValue(exe, "ARCHIVE_SHA256", sha256(bogus));
        Files.write(companion(exe), bogus);
        Map<String, Long> before = listing(dir);
        for (Map.Entry<String, byte[]> e : LETTERS.entrySet()) {
            Run r = run(exe, e.getValue());
            assertEquals(0, r.status, e.getKey() + ": " + r.stderr());
            assertArrayEquals(REFERENCE.get(e.getKey()), r.stdout, e.getKey() + ": stdout differs");
        }
        assertEquals(before, listing(dir), "a check wrote into the executable's directory");
    }

    /** The build's own archive is recognised by its file identity: no hashing on the fast path. */
    @Test
    void theBuildsArchiveIsUsedByIdentityWithoutHashing() throws Exception {
        assertEquals(identity(archive), recordedIdentity(executable));
        Run r = traced(executable, LETTERS.get("allow.json"));
        assertEquals(0, r.status, r.stderr());
        assertTrue(r.stderr().contains("use=yes"), r.stderr());
        assertFalse(r.stderr().contains("sum="), "hashed although the identity matched: " + r.stderr());
        assertArrayEquals(REFERENCE.get("allow.json"), r.stdout);
    }

    /** A copy (another inode) falls back to the sha256, which still lets the intact archive in. */
    @Test
    void aCopiedArchiveIsUsedAfterItsHashMatches(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        Files.copy(archive, companion(exe), StandardCopyOption.COPY_ATTRIBUTES);
        Run r = traced(exe, LETTERS.get("allow.json"));
        assertTrue(r.stderr().contains("sum=") && r.stderr().contains("use=yes"), r.stderr());
        assertArrayEquals(REFERENCE.get("allow.json"), r.stdout);
    }

    /**
     * An archive whose recorded identity matched until it was changed in place (same size, same
     * inode): the change time moved, so the identity no longer matches, and the hash refuses it.
     */
    @Test
    void anArchiveChangedInPlaceIsRefused(@TempDir Path dir) throws Exception {
        Path exe = copyExecutable(dir);
        Path copy = companion(exe);
        Files.copy(archive, copy);
        // Record the copy's identity in the copied launcher, as the build does for its own archive.
        setLauncherValue(exe, "ARCHIVE_IDENTITY", identity(copy));
        Run before = traced(exe, LETTERS.get("allow.json"));
        assertTrue(before.stderr().contains("use=yes") && !before.stderr().contains("sum="), before.stderr());
        Thread.sleep(20); // a change time that is visibly later, even on coarse clocks
        try (var f = new java.io.RandomAccessFile(copy.toFile(), "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 0x5a);
        }
        Run after = traced(exe, LETTERS.get("allow.json"));
        assertEquals(0, after.status, after.stderr());
        assertTrue(after.stderr().contains("sum=") && !after.stderr().contains("use=yes"), after.stderr());
        assertArrayEquals(REFERENCE.get("allow.json"), after.stdout, "slower, never different");
    }

    @Test
    void theRealExecutableWritesNothing() throws Exception {
        Map<String, Long> before = listing(executable.getParent());
        run(executable, LETTERS.get("many.json"));
        assertEquals(before, listing(executable.getParent()));
    }

    private static void assertSameVerdicts(Path exe, Path dir) throws Exception {
        Map<String, Long> before = listing(dir);
        for (Map.Entry<String, byte[]> e : LETTERS.entrySet()) {
            Run r = run(exe, e.getValue());
            assertEquals(0, r.status, e.getKey() + ": " + r.stderr());
            assertArrayEquals(REFERENCE.get(e.getKey()), r.stdout, e.getKey() + ": stdout differs from the fast path's");
        }
        assertEquals(before, listing(dir), "a check wrote into the executable's directory");
    }

    private static Path copyExecutable(Path dir) throws IOException {
        Path exe = dir.resolve("shell-warden");
        Files.copy(executable, exe, StandardCopyOption.COPY_ATTRIBUTES);
        assertFalse(Files.exists(companion(exe)));
        return exe;
    }

    private static Path companion(Path exe) {
        return exe.resolveSibling(exe.getFileName() + archive.getFileName().toString()
                .substring(executable.getFileName().toString().length()));
    }

    private static String recordedSha(Path exe) throws IOException {
        String sha = launcherValue(exe, "ARCHIVE_SHA256");
        assertTrue(sha.matches("[0-9a-f]{64}"), "ARCHIVE_SHA256=" + sha);
        return sha;
    }

    private static String recordedIdentity(Path exe) throws IOException {
        return launcherValue(exe, "ARCHIVE_IDENTITY");
    }

    /** The value of the launcher's {@code KEY=value} line (its padding blanks dropped). */
    private static String launcherValue(Path exe, String key) throws IOException {
        byte[] bytes = Files.readAllBytes(exe);
        Matcher m = Pattern.compile("(?m)^" + key + "=(\\S+) *$")
                .matcher(new String(bytes, 0, Math.min(bytes.length, 8192), StandardCharsets.ISO_8859_1));
        assertTrue(m.find(), "no " + key + " line in the launcher");
        return m.group(1);
    }

    /**
     * Rewrites the launcher's {@code KEY=value} line in place, padded with blanks to the line's
     * length, so the jar part and the file size stay what the archive was made against.
     */
    private static void setLauncherValue(Path exe, String key, String value) throws IOException {
        byte[] bytes = Files.readAllBytes(exe);
        String head = new String(bytes, 0, Math.min(bytes.length, 8192), StandardCharsets.ISO_8859_1);
        int at = head.indexOf("\n" + key + "=") + 2 + key.length();
        assertTrue(at > 2 + key.length(), "no " + key + " line in the launcher");
        int width = head.indexOf('\n', at) - at;
        assertTrue(value.length() <= width, value + " is longer than the " + width + " characters of " + key);
        byte[] padded = (value + " ".repeat(width - value.length())).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(padded, 0, bytes, at, padded.length);
        Files.write(exe, bytes);
    }

    /** device:inode:size:ctime-ns, as the launcher computes it. */
    private static String identity(Path file) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/stat", "-L", "-c", "%d:%i:%s:%.9Z", file.toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertEquals(0, p.waitFor());
        return out;
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** File name to size and modification time, for "nothing was written". */
    private static Map<String, Long> listing(Path dir) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                out.put(p.getFileName() + " size", Files.size(p));
                out.put(p.getFileName() + " mtime", Files.getLastModifiedTime(p).toMillis());
            }
        }
        return out;
    }

    private record Run(int status, byte[] stdout, byte[] stderrBytes) {
        String stderr() {
            return new String(stderrBytes, StandardCharsets.UTF_8);
        }
    }

    /** Spawns the executable as a hook does: absolute path, empty environment, letter on stdin. */
    private static Run run(Path exe, byte[] letter) throws Exception {
        return spawn(List.of(exe.toString()), letter);
    }

    /** As {@link #run}, with the launcher traced by {@code sh -x} on stderr (its archive decision). */
    private static Run traced(Path exe, byte[] letter) throws Exception {
        return spawn(List.of("/bin/sh", "-x", exe.toString()), letter);
    }

    private static Run spawn(List<String> command, byte[] letter) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command));
        pb.environment().clear();
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(letter);
        }
        byte[][] err = new byte[1][];
        Thread drain = new Thread(() -> {
            try {
                err[0] = p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                err[0] = e.toString().getBytes(StandardCharsets.UTF_8);
            }
        });
        drain.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the check did not end");
        drain.join();
        return new Run(p.exitValue(), out, err[0]);
    }
}
