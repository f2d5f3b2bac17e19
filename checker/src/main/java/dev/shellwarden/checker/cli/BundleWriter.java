package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.policy.PolicyBundle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes a policy bundle (the layout {@link PolicyBundle} reads). The bytes depend only on the
 * content: entries in name order, a fixed timestamp, no dates in the properties; the same rules
 * give the same file and so the same sha256.
 */
final class BundleWriter {

    /** Every entry's time, independent of the time zone: the build's reproducible timestamp. */
    private static final java.time.LocalDateTime FIXED_TIME = java.time.LocalDateTime.of(2026, 12, 1, 0, 0);

    private BundleWriter() {
    }

    /** The bundle's bytes for a compiled rules folder. */
    static byte[] bytes(PolicyCompiler.Result r, Map<String, String> properties) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        for (Map.Entry<String, byte[]> c : r.classes().entrySet()) {
            entries.put(c.getKey().replace('.', '/') + ".class", c.getValue());
        }
        entries.put(PolicyBundle.MODELS, (String.join("\n", r.models()) + "\n").getBytes(StandardCharsets.UTF_8));
        StringBuilder props = new StringBuilder();
        Map<String, String> all = new TreeMap<>(properties);
        all.put("format", PolicyBundle.FORMAT);
        for (Map.Entry<String, String> p : all.entrySet()) {
            props.append(p.getKey()).append('=').append(escape(p.getValue())).append('\n');
        }
        entries.put(PolicyBundle.PROPERTIES, props.toString().getBytes(StandardCharsets.UTF_8));
        for (Map.Entry<String, String> c : r.cases().entrySet()) {
            entries.put(PolicyBundle.CASES + c.getKey(), c.getValue().getBytes(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(buf)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry z = new ZipEntry(e.getKey());
                z.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(z);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return buf.toByteArray();
    }

    /** Writes {@code bytes} to {@code out} atomically: a reader sees the old file or the new one. */
    static void write(byte[] bytes, Path out) throws IOException {
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Properties escaping for the characters our values can hold. */
    private static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\n", "\\n");
    }
}
