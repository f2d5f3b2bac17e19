package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.PowerShellSplitter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites the expectations of grammar corpus files with what the splitter produces now. A tool
 * for adding cases: write {@code === name}, the input and {@code ---}, run this, then REVIEW the
 * diff line by line before committing — a regenerated expectation is only a test once a human
 * has checked it.
 */
public final class GrammarCorpusRegen {

    private GrammarCorpusRegen() {
    }

    /** Entry point: the files to rewrite. */
    public static void main(String[] args) throws Exception {
        PowerShellSplitter splitter = new PowerShellSplitter();
        for (String a : args) {
            Path file = Path.of(a);
            List<GrammarCorpus.Case> updated = new ArrayList<>();
            for (GrammarCorpus.Case c : GrammarCorpus.read(file)) {
                updated.add(new GrammarCorpus.Case(c.file(), c.name(), c.input(),
                        SegmentText.render(splitter.split(c.input())), c.comments()));
            }
            GrammarCorpus.write(file, updated);
        }
    }
}
