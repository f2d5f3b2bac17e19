package dev.shellwarden.checker.config;

import dev.shellwarden.checker.protocol.LetterReader;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.PrefixPattern;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a JSONC config (comments and trailing commas allowed). Unknown keys are warnings; an
 * unreadable file, bad syntax or an invalid value is a {@link ConfigException}.
 *
 * <pre>
 * {
 *   "mode": "loose",            // or "hard"
 *   "shell": "bash",            // or "powershell": how raw is parsed
 *   "rules": { "SW3001": "deny", "SW5002": "off" },  // per-rule verdict or off
 *   "allow": ["npm run lint", "make *"],              // argv prefixes; * is any one word
 *   "ask":   ["terraform apply"],
 *   "deny":  ["npm publish"],
 *   "policy": { "path": "policy.swb", "sha256": "…" } // a bundle from `shell-warden compile`
 * }
 * </pre>
 *
 * <p>Patterns add a finding to each segment they match; the worst finding wins, so an allow pattern
 * makes HARD run an unflagged command but never loosens a rule's ask or deny, and no entry loosens
 * a floor rule.
 */
public final class ConfigReader {

    /** Largest config file read, in bytes. */
    public static final int MAX_CONFIG_BYTES = 1024 * 1024;

    private ConfigReader() {
    }

    /** Reads the config file at {@code path}. */
    public static CheckerConfig read(Path path) {
        byte[] bytes;
        try {
            if (Files.size(path) > MAX_CONFIG_BYTES) {
                throw new ConfigException("config " + path + " exceeds " + MAX_CONFIG_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new ConfigException("cannot read config " + path + ": " + describe(e));
        }
        try {
            Path dir = path.toAbsolutePath().getParent();
            return parse(LetterReader.decodeUtf8(bytes, "config"), dir);
        } catch (dev.shellwarden.checker.protocol.ProtocolException e) {
            throw new ConfigException("config " + path + ": " + e.getMessage());
        }
    }

    /** A file problem in words, without Java class names. */
    public static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return Json.oneLine(f.getReason());
        }
        return Json.oneLine(e.getMessage() == null ? "i/o error" : e.getMessage());
    }

    /** Parses config text; a relative policy path is resolved against the working directory. */
    public static CheckerConfig parse(String text) {
        return parse(text, Path.of("").toAbsolutePath());
    }

    /** Parses config text; a relative policy path is resolved against {@code baseDir}. */
    public static CheckerConfig parse(String text, Path baseDir) {
        Object tree = LetterReader.parseJson(Json.Dialect.JSONC, text);
        if (!(tree instanceof Map<?, ?> top)) {
            throw new ConfigException("config must be a JSON object, got " + Json.typeName(tree));
        }
        List<String> warnings = new ArrayList<>();
        Mode mode = Mode.LOOSE;
        Shell shell = Shell.BASH;
        Map<String, Optional<Verdict>> rules = new LinkedHashMap<>();
        List<PrefixPattern> patterns = new ArrayList<>();
        Optional<PolicyRef> policy = Optional.empty();
        for (Map.Entry<?, ?> e : top.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object v = e.getValue();
            switch (key) {
                case "mode" -> mode = switch (str(v, "mode")) {
                    case "loose" -> Mode.LOOSE;
                    case "hard" -> Mode.HARD;
                    default -> throw new ConfigException("mode must be \"loose\" or \"hard\", got " + show(v));
                };
                case "shell" -> shell = switch (str(v, "shell")) {
                    case "bash" -> Shell.BASH;
                    case "powershell" -> Shell.POWERSHELL;
                    default -> throw new ConfigException("shell must be \"bash\" or \"powershell\", got " + show(v));
                };
                case "rules" -> rules.putAll(rules(v));
                case "allow", "ask", "deny" -> patterns.addAll(patterns(key, v));
                case "policy" -> policy = Optional.of(policy(v, baseDir));
                default -> warnings.add("unknown config key `" + key + "` ignored");
            }
        }
        return new CheckerConfig(mode, shell, new Overlay(rules, patterns), policy, warnings);
    }

    private static PolicyRef policy(Object v, Path baseDir) {
        if (!(v instanceof Map<?, ?> m)) {
            throw new ConfigException("policy must be an object {\"path\": …, \"sha256\": …}, got " + Json.typeName(v));
        }
        for (Object k : m.keySet()) {
            if (!k.equals("path") && !k.equals("sha256")) {
                throw new ConfigException("policy: unknown key `" + k + "` (expected path and sha256)");
            }
        }
        if (!m.containsKey("path") || !m.containsKey("sha256")) {
            throw new ConfigException("policy needs both path and sha256 (printed by `shell-warden compile`)");
        }
        String path = str(m.get("path"), "policy.path");
        String sha = str(m.get("sha256"), "policy.sha256");
        if (path.isEmpty()) {
            throw new ConfigException("policy.path must not be empty");
        }
        if (!sha.matches("[0-9a-f]{64}")) {
            throw new ConfigException("policy.sha256 must be 64 lower-case hex digits, got " + show(sha));
        }
        try {
            return new PolicyRef(baseDir.resolve(path).normalize(), sha);
        } catch (java.nio.file.InvalidPathException e) {
            throw new ConfigException("policy.path is not a valid path: " + show(path));
        }
    }

    private static Map<String, Optional<Verdict>> rules(Object v) {
        if (!(v instanceof Map<?, ?> m)) {
            throw new ConfigException("rules must be an object of rule id to verdict, got " + Json.typeName(v));
        }
        Map<String, Optional<Verdict>> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String id = String.valueOf(e.getKey());
            if (!id.matches(RuleInfo.ID_PATTERN)) {
                throw new ConfigException("rules: `" + id + "` is not a rule id (capitals and four digits)");
            }
            String s = str(e.getValue(), "rules." + id);
            out.put(id, switch (s) {
                case "off" -> Optional.empty();
                case "allow", "ask", "deny" -> Optional.of(Verdict.parse(s));
                default -> throw new ConfigException("rules." + id + " must be allow, ask, deny or off, got " + show(s));
            });
        }
        return out;
    }

    /** Largest number of patterns per verdict. */
    public static final int MAX_PATTERNS = 1000;

    private static List<PrefixPattern> patterns(String key, Object v) {
        if (!(v instanceof List<?> list)) {
            throw new ConfigException(key + " must be an array of argv prefixes, got " + Json.typeName(v));
        }
        if (list.size() > MAX_PATTERNS) {
            throw new ConfigException(key + " has more than " + MAX_PATTERNS + " patterns");
        }
        Verdict verdict = Verdict.parse(key);
        List<PrefixPattern> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String s = str(list.get(i), key + "[" + i + "]");
            try {
                out.add(PrefixPattern.parse(verdict, s));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key + "[" + i + "]: " + e.getMessage());
            }
        }
        return out;
    }

    private static String str(Object v, String key) {
        if (v instanceof String s) {
            return s;
        }
        throw new ConfigException(key + " must be a string, got " + Json.typeName(v));
    }

    private static String show(Object v) {
        return v instanceof String s ? "\"" + s + "\"" : Json.typeName(v);
    }
}
