package dev.shellwarden.grammar.ps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes grammar corpus files ({@code corpus/grammar/powershell/*.txt}): cases of the
 * form {@code === name}, the input lines, {@code ---}, one line per expected segment (see
 * {@link SegmentText}); {@code #} lines before a case are comments.
 */
final class GrammarCorpus {

    /** One case. */
    record Case(String file, String name, String input, List<String> expected, List<String> comments) {
    }

    private GrammarCorpus() {
    }

    static Path directory() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            Path dir = p.resolve("corpus/grammar/powershell");
            if (Files.isDirectory(dir)) {
                return dir;
            }
        }
        throw new IllegalStateException("corpus/grammar/powershell not found above " + here);
    }

    static List<Case> read(Path file) throws IOException {
        List<Case> cases = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> comments = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (!line.startsWith("=== ")) {
                if (line.startsWith("#")) {
                    comments.add(line);
                } else if (!line.isBlank()) {
                    throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected `=== name`");
                }
                i++;
                continue;
            }
            String name = line.substring(4).strip();
            i++;
            List<String> input = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).equals("---")) {
                input.add(lines.get(i++));
            }
            if (i >= lines.size()) {
                throw new IllegalArgumentException(file + ": case `" + name + "` has no `---`");
            }
            i++;
            List<String> expected = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).startsWith("=== ")) {
                expected.add(lines.get(i++));
            }
            cases.add(new Case(file.getFileName().toString(), name, String.join("\n", input),
                    expected, comments));
            comments = new ArrayList<>();
        }
        return cases;
    }

    static void write(Path file, List<Case> cases) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Case c : cases) {
            for (String comment : c.comments()) {
                b.append(comment).append('\n');
            }
            b.append("=== ").append(c.name()).append('\n').append(c.input()).append("\n---\n");
            for (String e : c.expected()) {
                b.append(e).append('\n');
            }
            b.append('\n');
        }
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }
}
