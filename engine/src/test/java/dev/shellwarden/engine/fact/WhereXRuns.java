package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import java.util.List;

/** Test helper: the directories {@link WorkingDirs} gives the command named {@code x} in a bash text. */
final class WhereXRuns {

    private WhereXRuns() {
    }

    /** The sorted directories of the last segment named {@code x}; null when the text has none. */
    static List<String> of(String text, String project, String home) {
        List<Segment> segs = Splitter.forShell(Shell.BASH).split(text.strip()).segments();
        List<List<String>> all = WorkingDirs.of(segs, project, home);
        List<String> found = null;
        for (Segment s : segs) {
            if (!s.argv().isEmpty() && s.argv().get(0).text().equals("x")) {
                found = all.get(s.id()).stream().sorted().toList();
            }
        }
        return found;
    }
}
