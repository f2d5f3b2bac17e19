package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.Map;
import java.util.Set;

/**
 * Whether a command only previews what it would do: a dry-run option given (each reading names its
 * tool's spellings: {@code -n --dry-run} for git clean and push, {@code -n --no --simulate} for
 * stow, {@code --dryrun} for the AWS CLI) and none undone later on the line. The one reading behind
 * {@link Cmd#dryRunBy}, {@link Cmd#previewsDryRun} and {@link Cmd#isInfoOnly}, so that an undo
 * spelling learnt once counts for every rule that spares a dry run.
 *
 * <p>An option is undone by its negation or a false value in the spellings the flag libraries
 * take: {@code --no-dry-run} (git's parse-options, cobra-less Go and Node's meow, yargs,
 * commander), {@code --dry-run=false|0|no|off} (Go's pflag and flag, click), kubectl's
 * {@code --dry-run=none}, pflag's short form {@code -n=false}, and the per-tool undo words of
 * {@link #UNDO}. Which of several words a tool keeps is not read: any undo counts, since reading a
 * preview as a real run only asks or denies (fail closed).
 */
final class DryRuns {

    private DryRuns() {
    }

    /**
     * True for a value that turns a dry-run option off: a false value in any flag library's
     * spelling ({@link FlagValues#ANY}: reading a preview as a real run only asks), or kubectl's
     * and helm's strategy {@code none}.
     */
    private static boolean offValue(String value) {
        return FlagValues.ANY.isFalse(value) || PathFacts.unquote(value).equalsIgnoreCase("none");
    }

    /**
     * Undo words beyond the negation and false values, per tool: options that switch a preview
     * mode back to a real run under another name.
     */
    private static final Map<String, Set<String>> UNDO = Map.of(
            // rsync's --no-OPTION form covers -n (--no-n is rsync's own spelling too)
            "rsync", Words.setOf("--no-n --no-dry-run --no-list-only"),
            // npm's config reads --dry-run=false, and the negation in any case
            "npm", Words.setOf("--no-dry-run --dry-run=false"),
            // helm's and kubectl's old spelling of a real run
            "kubectl", Words.setOf("--dry-run=none --dry-run=false"),
            "oc", Words.setOf("--dry-run=none --dry-run=false"),
            "helm", Words.setOf("--dry-run=none --dry-run=false"));

    /**
     * Options that take the next word as their value, per tool: a dry-run spelling right after one
     * of them is that option's value, not a dry run ({@code git push -o --dry-run -f},
     * {@code git clean -fdx -e -n}, {@code rsync --delete --exclude -n}). Short ones also count at
     * the end of a cluster ({@code git clean -fde -n}).
     */
    private static final Map<String, Set<String>> VALUE_OPTIONS = Map.of(
            "git", Words.setOf("-o --push-option -e --exclude --repo --receive-pack --exec -m --message -F --file -C -c"),
            "rsync", Words.setOf("-e --rsh --exclude --include --filter -f --exclude-from --include-from --files-from"
                    + " --rsync-path -T --temp-dir --backup-dir --suffix --log-file --partial-dir --compare-dest --copy-dest"
                    + " --link-dest --chmod --chown -M --remote-option --password-file --out-format --log-file-format"
                    + " --info --debug --iconv --max-size --min-size --max-delete --bwlimit -B --block-size --skip-compress"));

    /**
     * True when one of the space-separated dry-run options is given ({@code anyFlag}) and none of
     * them, nor the common {@code --dry-run}/{@code --dryrun}, is undone anywhere on the line.
     */
    static boolean previews(Cmd c, String spellings) {
        return c.anyFlag(spellings) && !undone(c, spellings);
    }

    /**
     * True when a word undoes one of the space-separated dry-run options (or the common
     * {@code --dry-run}/{@code --dryrun}): its negation ({@code --no-dry-run}, {@code --no-simulate}),
     * the option given a false value ({@code --dry-run=false}, {@code -n=0}), or a word of
     * {@link #UNDO} for the tool.
     */
    static boolean undone(Cmd c, String spellings) {
        Set<String> toolUndo = UNDO.getOrDefault(c.getName(), Set.of());
        Set<String> options = Words.setOf((spellings + " --dry-run --dryrun").trim());
        Set<String> valueOptions = VALUE_OPTIONS.getOrDefault(c.getName(), Set.of());
        String prev = "";
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            // a dry-run spelling that is the previous option's value previews nothing: read the
            // line as a real run (fail closed), whatever else it holds
            if (options.contains(a) && takesValue(prev, valueOptions)) {
                return true;
            }
            prev = a;
            if (toolUndo.contains(a) || Regex.matches(a, "(?i)--no-?dry-?run")) {
                return true;
            }
            int eq = a.indexOf('=');
            String name = eq > 0 ? a.substring(0, eq) : a;
            if (eq > 0 && options.contains(name) && offValue(a.substring(eq + 1))) {
                return true;
            }
            if (a.startsWith("--no-") && options.contains("--" + a.substring(5))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code option} is one of {@code valueOptions}, or a short cluster whose first
     * value-taking letter ends it ({@link ShortOptions#takesNextWord}: {@code -fde}; in
     * {@code -fed} the -e takes "d" and the next word is an option again).
     */
    private static boolean takesValue(String option, Set<String> valueOptions) {
        if (valueOptions.contains(option)) {
            return true;
        }
        StringBuilder letters = new StringBuilder();
        for (String o : valueOptions) {
            if (o.length() == 2 && ShortOptions.isCluster(o)) {
                letters.append(o.charAt(1));
            }
        }
        return ShortOptions.takesNextWord(option, letters.toString());
    }
}
