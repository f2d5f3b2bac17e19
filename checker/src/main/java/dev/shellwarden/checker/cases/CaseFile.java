package dev.shellwarden.checker.cases;

import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads {@code .cases} files:
 *
 * <pre>
 * # a comment (outside a command)
 * === rm of the root is denied
 * rm -rf /
 * --- deny SW2001
 * </pre>
 *
 * <p>The command is every line between the header and the {@code ---} line, newlines kept. The
 * expectation tokens: {@code allow|ask|deny} (both modes), {@code loose=V}, {@code hard=V},
 * {@code SWnnnn} (the deciding rule), {@code !SWnnnn} (must not fire), {@code shell=bash|powershell},
 * {@code project=/abs}, {@code cwd=/abs}, {@code background} (the client runs the command in the
 * background, as Claude Code's {@code run_in_background}). At least one verdict is required.
 */
public final class CaseFile {

    /** A command line that is only an expectation token of the `---` line ({@code shell=powershell}). */
    private static final java.util.regex.Pattern MISPLACED_TOKEN = java.util.regex.Pattern.compile(
            "\\s*(shell=(bash|powershell)|project=/\\S*|cwd=/\\S*)\\s*");

    private CaseFile() {
    }

    /** Every case under {@code dir} (recursively, files ending in {@code .cases}), in path order. */
    public static List<Case> readTree(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".cases")).sorted().toList();
        }
        List<Case> all = new ArrayList<>();
        for (Path f : files) {
            all.addAll(read(f, dir.getFileName() + "/" + dir.relativize(f)));
        }
        return all;
    }

    /** The cases of one file; {@code label} names it in case names. */
    public static List<Case> read(Path file, String label) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), label);
    }

    /**
     * Parses case text.
     *
     * @throws CaseFormatException with {@code label:line: message} on any malformed case
     */
    public static List<Case> parse(String text, String label) {
        List<Case> cases = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String[] lines = text.split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            if (line.isBlank() || line.startsWith("#")) {
                i++;
                continue;
            }
            if (!line.startsWith("===")) {
                throw new CaseFormatException(label + ":" + (i + 1) + ": expected `=== name`, got `" + line + "`");
            }
            int header = i + 1;
            String name = line.substring(3).trim();
            if (name.isEmpty()) {
                throw new CaseFormatException(label + ":" + header + ": a case needs a name after ===");
            }
            if (!names.add(name)) {
                throw new CaseFormatException(label + ":" + header + ": duplicate case name `" + name + "`");
            }
            i++;
            StringBuilder command = new StringBuilder();
            while (i < lines.length && !lines[i].startsWith("---")) {
                if (lines[i].startsWith("===")) {
                    throw new CaseFormatException(label + ":" + (i + 1) + ": case `" + name + "` has no `---` line");
                }
                if (MISPLACED_TOKEN.matcher(lines[i]).matches()) {
                    // `shell=powershell` on a line of its own would be judged as a line of a bash
                    // command, and the case would test the wrong shell without failing
                    throw new CaseFormatException(label + ":" + (i + 1) + ": `" + lines[i].trim()
                            + "` is an expectation token: put it on the `---` line");
                }
                if (command.length() > 0) {
                    command.append('\n');
                }
                command.append(lines[i]);
                i++;
            }
            if (i >= lines.length) {
                throw new CaseFormatException(label + ":" + header + ": case `" + name + "` has no `---` line");
            }
            cases.add(expectation(label, i + 1, header, name, command.toString(), lines[i].substring(3)));
            i++;
        }
        return cases;
    }

    private static Case expectation(String label, int lineNo, int header, String name, String command, String spec) {
        Map<Mode, Verdict> verdicts = new EnumMap<>(Mode.class);
        Optional<String> rule = Optional.empty();
        List<String> notFired = new ArrayList<>();
        Shell shell = Shell.BASH;
        String project = Case.DEFAULT_PROJECT;
        String cwd = "";
        boolean background = false;
        for (String tok : spec.trim().split("\\s+")) {
            if (tok.isEmpty()) {
                continue;
            }
            String where = label + ":" + lineNo + ": ";
            try {
                if (tok.equals("allow") || tok.equals("ask") || tok.equals("deny")) {
                    verdicts.put(Mode.LOOSE, Verdict.parse(tok));
                    verdicts.put(Mode.HARD, Verdict.parse(tok));
                } else if (tok.startsWith("loose=")) {
                    verdicts.put(Mode.LOOSE, Verdict.parse(tok.substring(6)));
                } else if (tok.startsWith("hard=")) {
                    verdicts.put(Mode.HARD, Verdict.parse(tok.substring(5)));
                } else if (tok.matches(RuleInfo.ID_PATTERN)) {
                    rule = Optional.of(tok);
                } else if (tok.startsWith("!") && tok.substring(1).matches(RuleInfo.ID_PATTERN)) {
                    notFired.add(tok.substring(1));
                } else if (tok.startsWith("shell=")) {
                    shell = switch (tok.substring(6)) {
                        case "bash" -> Shell.BASH;
                        case "powershell" -> Shell.POWERSHELL;
                        default -> throw new IllegalArgumentException("unknown shell `" + tok.substring(6) + "`");
                    };
                } else if (tok.startsWith("project=")) {
                    project = tok.substring(8);
                } else if (tok.startsWith("cwd=")) {
                    cwd = tok.substring(4);
                } else if (tok.equals("background")) {
                    background = true;
                } else {
                    throw new IllegalArgumentException("unknown expectation `" + tok + "`");
                }
            } catch (IllegalArgumentException e) {
                throw new CaseFormatException(where + e.getMessage());
            }
        }
        if (verdicts.isEmpty()) {
            throw new CaseFormatException(label + ":" + lineNo + ": case `" + name + "` expects no verdict");
        }
        return new Case(label, header, name, command, verdicts, rule, notFired, shell, project, cwd, background);
    }
}
