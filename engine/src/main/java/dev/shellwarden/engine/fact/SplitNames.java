package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ProjectLoops;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a segment deletes or writes paths taken from a list of names split into words at blanks
 * or newlines: the slot xargs or parallel fills from a list not read at NUL bytes ({@code find . |
 * xargs rm}, {@code ls | xargs -I{} mv {} {}.bak}, {@code find . | parallel chmod 600}), an
 * unquoted command substitution ({@code rm $(find . -name '*.tmp')}, {@code chmod 644 $(git ls-files)}),
 * or the variable of a {@code for} loop over one ({@code for f in $(find .); do rm "$f"; done}).
 *
 * <p>WHY: a file name may hold a blank or a newline. A project may hold a folder {@code a } (trailing
 * blank) containing {@code home/dev/.bashrc}; {@code find .} prints {@code ./a /home/dev/.bashrc}
 * and the split hands {@code /home/dev/.bashrc} to the deleter. So the targets are unknown even
 * when the list comes from a {@code find .} inside the project; git quotes names with a newline but
 * not with a blank. Read-only consumers ({@code xargs grep}, {@code wc -l $(find .)}) are not this:
 * only a word that is among the segment's delete or write targets counts.
 *
 * <p>INVARIANT (fail closed): the grammar marks a slot filled from a NUL-separated list ({@code -0},
 * {@code --null}, {@code -d '\0'}) {@link WordFeature#NUL_SEPARATED}; every other xargs or parallel
 * slot is split. A substitution inside double quotes is one word; any other is split
 * ({@link ProjectLoops#unquotedSubstitution}), and so is every value of a loop over it.
 */
final class SplitNames {

    private SplitNames() {
    }

    /** True when some delete or write target of {@code c} is a word filled from a split list of names. */
    static boolean targetsSplitNames(Cmd c) {
        Set<String> targets = new HashSet<>(c.getDeleteTargets());
        targets.addAll(c.getWriteTargets());
        // mkdir and touch create; they destroy no content (as for the computed write targets)
        if (targets.isEmpty() || c.argvWords.size() < 2 || c.named("mkdir touch")) {
            return false;
        }
        boolean fromList = c.getProvenance().equals("XARGS");
        for (Word w : c.argvWords.subList(1, c.argvWords.size())) {
            if (!targets.contains(w.text())) {
                continue;
            }
            if (fromList && w.has(WordFeature.WRAPPER_SLOT) && !w.has(WordFeature.NUL_SEPARATED)
                    || w.has(WordFeature.COMMAND_SUBSTITUTION) && ProjectLoops.unquotedSubstitution(w.raw())
                    || splitLoopValue(c, w.raw())) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code raw} names the variable of a loop over split names ({@link Segment#SPLIT_LOOP}). */
    static boolean splitLoopValue(Cmd c, String raw) {
        for (String wr : c.getWrappers()) {
            if (wr.startsWith(Segment.SPLIT_LOOP)) {
                String name = wr.substring(Segment.SPLIT_LOOP.length());
                if (Pattern.compile("\\$\\{?" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(raw).find()) {
                    return true;
                }
            }
        }
        return false;
    }
}
