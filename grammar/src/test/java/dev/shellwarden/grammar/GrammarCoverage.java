package dev.shellwarden.grammar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage report of the bash splitter over the external command sets (run by
 * {@code scripts/grammar-coverage}): per file, the share of rows that split into all-static
 * segments, that are opaque (by reason) and that are syntax errors. For mvdan/sh rows marked
 * {@code bash_parse: error}, counts those that come out static (must be none).
 */
public final class GrammarCoverage {

    private GrammarCoverage() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "../shared/corpus/external");
        List<String> files = List.of("mvdan_sh_syntax", "tree_sitter_bash", "shellcheck_snippets", "tldr", "nl2bash.dev");
        Splitter splitter = Splitter.forShell(Shell.BASH);
        System.out.printf("%-20s %7s %8s %8s %8s  %s%n", "set", "rows", "static", "opaque", "syntax", "opaque reasons (rows with the reason)");
        for (String f : files) {
            Path p = dir.resolve(f + ".jsonl");
            if (!Files.exists(p)) {
                System.out.printf("%-20s missing%n", f);
                continue;
            }
            int rows = 0;
            int stat = 0;
            int syntax = 0;
            int errorRows = 0;
            int errorStatic = 0;
            long nanos = 0;
            Map<OpaqueReason, Integer> reasons = new EnumMap<>(OpaqueReason.class);
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                String shell = field(line, "shell");
                if (shell != null && !shell.equals("bash") && !shell.equals("sh")) {
                    continue;
                }
                String cmd = field(line, "cmd");
                if (cmd == null) {
                    continue;
                }
                rows++;
                long t0 = System.nanoTime();
                SplitResult r = splitter.split(cmd);
                nanos += System.nanoTime() - t0;
                boolean isSyntax = r.segments().stream().anyMatch(s -> s.opaqueReasons().contains(OpaqueReason.SYNTAX_ERROR));
                if (r.isStatic()) {
                    stat++;
                }
                if (isSyntax) {
                    syntax++;
                }
                r.segments().stream().flatMap(s -> s.opaqueReasons().stream()).distinct()
                        .forEach(reason -> reasons.merge(reason, 1, Integer::sum));
                if ("error".equals(field(line, "bash_parse"))) {
                    errorRows++;
                    if (r.isStatic()) {
                        errorStatic++;
                        if (System.getenv("SHOW_STATIC_ERRORS") != null) {
                            System.out.println("  static but bash rejects: " + cmd.replace("\n", "\\n"));
                        }
                    }
                }
                if (isSyntax && System.getenv("SHOW_SYNTAX") != null && System.getenv("SHOW_SYNTAX").equals(f)) {
                    System.out.println("  syntax: " + cmd.replace("\n", "\\n"));
                }
            }
            StringBuilder rs = new StringBuilder();
            reasons.forEach((k, v) -> rs.append(k.name().toLowerCase()).append('=').append(v).append(' '));
            System.out.printf("%-20s %7d %7.2f%% %7.2f%% %7.2f%%  %s%n", f, rows, pct(stat, rows),
                    pct(rows - stat - syntax, rows), pct(syntax, rows), rs.toString().trim());
            if (errorRows > 0) {
                System.out.printf("%-20s %7d rows marked bash_parse=error, %d of them static%n", "", errorRows, errorStatic);
            }
            System.out.printf("%-20s mean split time %.1f µs (cold and warm mixed)%n", "", rows == 0 ? 0 : nanos / 1000.0 / rows);
        }
    }

    private static double pct(int n, int d) {
        return d == 0 ? 0 : 100.0 * n / d;
    }

    /** The value of a top-level string field of a JSON object on one line, or null. */
    static String field(String json, String name) {
        String key = "\"" + name + "\"";
        int i = json.indexOf(key);
        while (i >= 0) {
            int j = i + key.length();
            while (j < json.length() && Character.isWhitespace(json.charAt(j))) {
                j++;
            }
            if (j < json.length() && json.charAt(j) == ':') {
                j++;
                while (j < json.length() && Character.isWhitespace(json.charAt(j))) {
                    j++;
                }
                if (j < json.length() && json.charAt(j) == '"') {
                    return string(json, j + 1);
                }
                return null;
            }
            i = json.indexOf(key, i + 1);
        }
        return null;
    }

    private static String string(String s, int from) {
        StringBuilder out = new StringBuilder();
        int i = from;
        while (i < s.length() && s.charAt(i) != '"') {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(++i);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    default -> out.append(e);
                }
            } else {
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }
}
