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
        // asked of every command: the cheap test first. Only a word of the three kinds below can
        // be split, so a command with none skips reading its delete and write targets
        if (!maySplit(c)) {
            return false;
        }
        Set<String> targets = new HashSet<>(c.getDeleteTargets());
        targets.addAll(c.getWriteTargets());
        // mkdir and touch create; they destroy no content (as for the computed write targets)
        if (targets.isEmpty() || c.argvWords.size() < 2 || c.named("mkdir touch") || onlyTakesFromOthers(c)) {
            return false;
        }
        boolean fromList = c.getProvenance().equals("XARGS");
        for (Word w : c.argvWords.subList(1, c.argvWords.size())) {
            if (!targets.contains(w.text())) {
                continue;
            }
            if (fromList && w.has(WordFeature.WRAPPER_SLOT) && !w.has(WordFeature.NUL_SEPARATED)
                    // a date stamp prints one word without blanks ({@link DateStamps}): nothing to split
                    || w.has(WordFeature.COMMAND_SUBSTITUTION) && ProjectLoops.unquotedSubstitution(DateStamps.render(w.raw()))
                    || splitLoopValue(c, w.raw())) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code c} has a word {@link #targetsSplitNames} could count: an xargs or parallel
     * slot, a command substitution, or any word under a loop over split names. A superset of its
     * three tests, so that false here is false there.
     */
    private static boolean maySplit(Cmd c) {
        for (String wr : c.getWrappers()) {
            if (wr.startsWith(Segment.SPLIT_LOOP)) {
                return true;
            }
        }
        boolean fromList = c.getProvenance().equals("XARGS");
        for (int i = 1; i < c.argvWords.size(); i++) {
            Word w = c.argvWords.get(i);
            if (fromList && w.has(WordFeature.WRAPPER_SLOT) || w.has(WordFeature.COMMAND_SUBSTITUTION)) {
                return true;
            }
        }
        return false;
    }

    /**
     * chmod modes that only take permissions away from group and others and leave the owner's bits
     * whole: symbolic clauses {@code g-w}, {@code o-rwx}, {@code go=} (nothing granted), or octal
     * {@code 700}.
     */
    private static final Pattern TAKES_FROM_OTHERS = Pattern.compile("0?700|(g|o|go|og)(-[rwxX]+|=)(,(g|o|go|og)(-[rwxX]+|=))*");

    /**
     * True for a non-recursive chmod whose one mode only takes permissions from group and others
     * ({@link #TAKES_FROM_OTHERS}). WHY: per verb class, what a planted name can make the command do
     * to a file it was never meant to reach. A delete, a move or copy over it, a rewrite of its
     * content ({@code sed -i}, a compressor) or a change of owner loses or hands over the file, and
     * a mode that grants read or write to others, or sets special bits, exposes a key or lets
     * others write ({@code chmod 644} of {@code ~/.ssh/id_ed25519}); those keep asking. Taking
     * access away from others exposes nothing and destroys nothing, and the owner, whose bits stay
     * whole, can give it back. {@code -R} (a whole tree, a web root or a shared folder) and
     * {@code --reference} (a mode read from another file) are not this.
     *
     * <p>INVARIANT: the split names must come after a literal {@code --}. GNU chmod reads options
     * anywhere on its line, so without it a planted name {@code --reference=F} (one word of a name
     * split at a blank) turns the mode into F's, which may grant everything, and applies it to
     * whatever other words the split made ({@code ../.ssh/id_ed25519}): the red team rt31 showed
     * {@code ls | xargs chmod go-w} doing that. Before the {@code --} stand only the output options
     * and the one literal mode.
     */
    private static boolean onlyTakesFromOthers(Cmd c) {
        if (!c.getName().equals("chmod") || c.anyFlag("-R --recursive") || c.argStartsWith("--reference")
                || c.getOperands().size() < 2) {
            return false;
        }
        boolean optionsEnded = false;
        boolean modeSeen = false;
        for (Word w : c.argvWords.subList(1, c.argvWords.size())) {
            String a = w.text();
            if (!optionsEnded && a.equals("--") && w.literal()) {
                optionsEnded = true;
                continue;
            }
            if (optionsEnded && modeSeen) {
                // the operands: any word, split or not, is a file name here
                continue;
            }
            boolean plain = w.literal() && !w.has(WordFeature.WRAPPER_SLOT) && !w.has(WordFeature.COMMAND_SUBSTITUTION)
                    && !w.raw().contains("$") && !w.raw().contains("`");
            if (!plain) {
                return false;
            }
            // a dash-spelled mode (`chmod -w f`) is read by GNU chmod as a mode; it is no option of this list
            if (!optionsEnded && a.startsWith("-")) {
                if (!a.matches("-[vcf]+|--(verbose|changes|silent|quiet)")) {
                    return false;
                }
            } else if (modeSeen) {
                // a second word before `--`: a file name standing where options are still read
                return false;
            } else {
                modeSeen = true;
            }
        }
        return optionsEnded && modeSeen && TAKES_FROM_OTHERS.matcher(c.getOperands().get(0)).matches();
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
