package dev.shellwarden.grammar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes grammar corpus files ({@code corpus/grammar/bash/*.txt}).
 *
 * <pre>
 * === name
 * input line(s)
 * ---
 * expected segment line(s), as rendered by {@link SegmentFormat}
 * </pre>
 * Lines before the first {@code ===} and lines starting with {@code #} after {@code ---} are
 * comments. An input ends at the last line before {@code ---}. {@code (none)} expects no segment;
 * a final {@code ...} leaves the segments after the listed ones unchecked (they come from another
 * splitter, e.g. a PowerShell payload).
 */
final class GrammarCorpus {

    /** One case. */
    record Case(String file, String name, String input, List<String> expected) {
    }

    private GrammarCorpus() {
    }

    static List<Case> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Case> out = new ArrayList<>();
        String name = null;
        List<String> input = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        boolean inExpected = false;
        for (String line : lines) {
            if (line.startsWith("=== ")) {
                if (name != null) {
                    out.add(new Case(file.getFileName().toString(), name, String.join("\n", input), List.copyOf(expected)));
                }
                name = line.substring(4).trim();
                input.clear();
                expected.clear();
                inExpected = false;
            } else if (name == null) {
                continue;
            } else if (!inExpected && line.equals("---")) {
                inExpected = true;
            } else if (inExpected) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    expected.add(line.strip());
                }
            } else {
                input.add(line);
            }
        }
        if (name != null) {
            out.add(new Case(file.getFileName().toString(), name, String.join("\n", input), List.copyOf(expected)));
        }
        return out;
    }

    static Path dir() {
        String base = System.getProperty("grammar.corpus", "../corpus/grammar/bash");
        return Path.of(base);
    }

    /** Every case of the {@code *.txt} files in {@code dir}, files in name order. */
    static List<Case> readDir(Path dir) throws IOException {
        List<Case> all = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
                all.addAll(read(p));
            }
        }
        return all;
    }

    /** Development aid: fills in the expected lines of cases that have none, from the splitter. */
    public static void main(String[] args) throws IOException {
        Splitter s = Splitter.forShell(Shell.BASH);
        for (String a : args) {
            Path p = Path.of(a);
            List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
            List<String> out = new ArrayList<>();
            List<String> input = new ArrayList<>();
            boolean inInput = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                out.add(line);
                if (line.startsWith("=== ")) {
                    inInput = true;
                    input.clear();
                } else if (inInput && line.equals("---")) {
                    inInput = false;
                    boolean empty = i + 1 >= lines.size() || lines.get(i + 1).startsWith("=== ")
                            || lines.get(i + 1).isBlank() && (i + 2 >= lines.size() || lines.get(i + 2).startsWith("=== "));
                    if (empty) {
                        out.addAll(SegmentFormat.lines(s.split(String.join("\n", input))));
                    }
                } else if (inInput) {
                    input.add(line);
                }
            }
            Files.write(p, out, StandardCharsets.UTF_8);
        }
    }
}
