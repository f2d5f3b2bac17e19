package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.List;
import java.util.Set;

/**
 * File names that read as options ("wildcard injection"), for {@link Cmd#getPlantedOptionName},
 * {@link Cmd#isGlobToOptionReader} and {@link Cmd#isNameListToOptionReader}.
 *
 * <p>WHY: a shell expands {@code *} to the folder's names, and a name starting with {@code -} reaches
 * the program as an option: with files named {@code --checkpoint=1} and
 * {@code --checkpoint-action=exec=sh x.sh}, {@code tar -cf b.tar *} runs {@code sh x.sh}; a file
 * {@code -e sh x.sh} makes {@code rsync -a * host:} use it as the remote shell. Everyday work never
 * creates such names, so a command that creates one (touch, mkdir, a redirection, cp/mv/ln/install
 * onto it, tee, dd of=) is judged by the name alone: {@link #RUNS} for an option that makes a known
 * tool run a program, {@link #CHANGES} for one that widens what a tool does ({@code -rf} for
 * {@code rm *}, {@code --reference=} for chmod/chown), {@link #NONE} for others ({@code -n}).
 *
 * <p>INVARIANT: every component of a target is read, not only the last ({@code mkdir -p
 * './--checkpoint-action=exec=sh x'/y} plants the folder); a short option cluster is read letter by
 * letter, as getopt does ({@code -ve sh x.sh} is {@code -v -e 'sh x.sh'} to rsync), a running letter counting
 * when its value is left to the next name or holds a blank, slash or {@code =} (a bare word is
 * looked up on PATH: {@code -intro.md} stays quiet); a long one by
 * GNU's unambiguous abbreviation ({@code --checkpoint-act=}).
 */
final class OptionNames {

    private OptionNames() {
    }

    /** No option a known tool reads dangerously. */
    static final int NONE = 0;
    /** An option that widens what a tool does without running a program (--reference, -r). */
    static final int CHANGES = 1;
    /** An option that makes a known tool run a program it names. */
    static final int RUNS = 2;

    /**
     * Long options that run a program: tar (--checkpoint-action, --to-command,
     * --use-compress-program, --info-script, --new-volume-script, --rsh-command, --rmt-command),
     * rsync (--rsh, --rsync-path), zip (--unzip-command), git (--upload-pack, --receive-pack,
     * --exec, --exec-path, --config-env, -c's long form --config), sort (--compress-program), sed
     * (--expression with its e command), wget (--execute, --use-askpass; cpio shares tar's
     * --rsh-command), and the generic --command, --eval, --exec spellings. 7z has no option that runs
     * a program.
     */
    private static final List<String> RUNNING_LONG = List.of(
            "checkpoint-action", "to-command", "use-compress-program", "info-script", "new-volume-script",
            "rsh-command", "rmt-command", "rsh", "rsync-path", "unzip-command", "upload-pack", "receive-pack",
            "exec", "exec-path", "execdir", "config", "config-env", "compress-program", "expression",
            "command", "eval", "ok", "okdir", "filter-program", "execute", "use-askpass");

    /** Long options that widen what a tool does: chmod/chown --reference, rm's recursion and root guard. */
    private static final List<String> CHANGING_LONG = List.of("reference", "recursive", "no-preserve-root", "force");

    /**
     * Short option letters that take a program or a script as their value: rsync and sed -e, tar
     * -I and -F (its new-volume script), git and sh -c, ssh/scp -o (ProxyCommand), zip -T/-TT, wget -e; find's single-dash -exec, -ok and
     * -execdir hold e and c as well.
     */
    private static final String RUNNING_SHORT = "eIcoTF";

    /** Short option letters that widen what a tool does: rm/chmod/chown -r/-R, rm -f. */
    private static final String CHANGING_SHORT = "rRf";

    /** The tools that read options from their operands and run a program or widen their work by one. */
    static final Set<String> OPTION_READERS = Set.of("tar", "gtar", "bsdtar", "rsync", "zip", "chown", "chmod",
            "chgrp", "sort", "scp", "sed", "find", "rm");

    /**
     * The readers a planted name only widens ({@link #CHANGES}): LOOSE leaves their globs outside
     * the project to the other rules ({@code cd "$(mktemp -d)" && rm -rf *}).
     */
    private static final Set<String> PERMISSION_READERS = Set.of("rm", "chmod", "chown", "chgrp");

    /** The tools whose write targets are new names: creators, copies, links, redirections. */
    private static final Set<String> CREATORS = Set.of("touch", "mkdir", "cp", "mv", "ln", "install", "tee", "dd",
            "truncate", "mkfifo", "mknod", "rsync", "tar", "unzip", "curl", "wget");

    /**
     * True when {@code c} creates a name computed at run time: a redirection's target or a
     * creator's ({@link #CREATORS}) ({@code touch -- "$N"}, {@code > "$(cat n)"}); in-place editors
     * and chmod/chown name files that exist.
     */
    static boolean plantsComputedName(Cmd c) {
        List<String> targets = CREATORS.contains(c.getName()) ? c.getWriteTargets() : c.getRedirectWrites();
        return targets.stream().anyMatch(t -> Cmd.isComputedPath(t) && !Regex.matches(t, "&?[0-9-]+"));
    }

    /**
     * The strongest tier among the names {@code c} creates or writes, a name computed by a
     * substitution that prints known text ({@code touch -- "$(printf -- '--checkpoint-action=…')"},
     * {@link PrintedNames}) read as that text, whole and split at blanks (the word may be unquoted).
     */
    static int planted(Cmd c) {
        int best = NONE;
        for (String t : c.getWriteTargets()) {
            for (String part : t.split("/")) {
                best = Math.max(best, tier(part));
            }
            if (PrintedNames.decodes(t)) {
                // a decoder's output may be any name: at least asked, as a created name that may read as an option
                best = Math.max(best, CHANGES);
            }
            List<String> printed = PrintedNames.readings(t);
            // a double-quoted argument is one name; any other spelling may be split at blanks
            // (one double-quoted span only: ""$(printf 'x -e')"" leaves the substitution unquoted)
            boolean quoted = c.argvWords.stream().anyMatch(w -> w.text().equals(t) && Regex.matches(w.raw(), "(?s)\"[^\"]*\""));
            for (String name : printed == null ? List.<String>of() : printed) {
                for (String part : name.split("/")) {
                    best = Math.max(best, tier(part));
                    for (String piece : quoted ? new String[0] : part.split("[ \\t\\n]+")) {
                        best = Math.max(best, tier(piece));
                    }
                }
            }
        }
        return best;
    }

    /**
     * The strongest tier among what a printf or echo run by a command substitution prints
     * ({@code n=$(printf -- '--checkpoint-action=exec=sh x.sh')}), read as {@link #planted} reads a
     * printed name (whole and split at blanks); {@link #NONE} when the text is not known. A later
     * creator of {@code "$n"} ({@link #createsNameFrom}) plants that name (SW4120 joins them by a
     * {@link ValueFlow}).
     */
    static int printedTier(Cmd c) {
        String p = c.getProvenance();
        if (!p.equals("COMMAND_SUBSTITUTION") && !p.equals("BACKTICK") || !c.named("printf echo")) {
            return NONE;
        }
        List<String> printed = PrintedNames.readings("$(" + String.join(" ", c.argvWords.stream().map(Word::raw).toList()) + ")");
        int best = NONE;
        for (String name : printed == null ? List.<String>of() : printed) {
            for (String part : name.split("/")) {
                best = Math.max(best, tier(part));
                for (String piece : part.split("[ \\t\\n]+")) {
                    best = Math.max(best, tier(piece));
                }
            }
        }
        return best;
    }

    /** True when a name {@code c} creates or writes is the value of variable {@code v} alone ({@code touch -- "$n"}, {@code > "${n}"}). */
    static boolean createsNameFrom(Cmd c, String v) {
        if (v.isEmpty()) {
            return false;
        }
        String ref = "\\$(" + java.util.regex.Pattern.quote(v) + "|\\{" + java.util.regex.Pattern.quote(v) + "\\})";
        return c.getWriteTargets().stream().anyMatch(t -> Regex.matches(PathFacts.unquote(t), ref));
    }

    /** How {@code name}, handed to a tool as an option, would change what it does. */
    static int tier(String name) {
        if (name.length() < 2 || name.charAt(0) != '-' || name.equals("--")) {
            return NONE;
        }
        if (name.startsWith("--")) {
            String opt = name.substring(2).split("[= ]", 2)[0];
            if (opt.length() < 2) {
                return NONE;
            }
            if (abbreviates(opt, RUNNING_LONG)) {
                return RUNS;
            }
            return abbreviates(opt, CHANGING_LONG) ? CHANGES : NONE;
        }
        if (FIND_ACTIONS.contains(name.substring(1).split("[= ]", 2)[0])) {
            return RUNS;
        }
        boolean letters = true;
        boolean changes = false;
        for (int i = 1; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (!Character.isLetterOrDigit(ch)) {
                letters = false;
                break;
            }
            if (RUNNING_SHORT.indexOf(ch) >= 0) {
                // the rest of the word is the option's value, or the next name is when none is left:
                // a program with arguments or a path runs, a bare word is looked up on PATH; the next
                // name counts for a short cluster only (-e, -ve, -ave: not the words -type, -name)
                String value = name.substring(i + 1);
                if (value.isEmpty() && name.length() <= 4 || Regex.find(value, "[ /=;|&$`\\t]")) {
                    return RUNS;
                }
                letters = false;
                break;
            }
            changes |= CHANGING_SHORT.indexOf(ch) >= 0;
        }
        // -rf, -R, -rfv: only a short word of option letters alone (not -print, -user)
        return changes && letters && name.length() <= 4 ? CHANGES : NONE;
    }

    /** find's single-dash actions that run a program, write files or delete what matches. */
    private static final Set<String> FIND_ACTIONS = Set.of("exec", "execdir", "ok", "okdir", "delete", "fprint", "fprint0", "fprintf", "fls");

    /**
     * True when {@code opt} (without its dashes) is an option of {@code table} in full, or one of
     * {@link Cmd#abbreviates}'s abbreviations of at least four letters: getopt_long compares
     * case-sensitively, so {@code --CHECKPOINT-ACTION=…} is no option of any tool listed.
     */
    private static boolean abbreviates(String opt, List<String> table) {
        for (String full : table) {
            if (full.equals(opt) || Cmd.abbreviates("--" + opt, "--" + full, 6)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a tool of {@link #OPTION_READERS} given, before any {@code --}, an unquoted glob
     * whose first character is a wildcard ({@code *}, {@code *.txt}, {@code ?x}, {@code [ab]*}):
     * it can expand to a name starting with {@code -}. {@code ./*} and {@code -- *} are the safe
     * spellings; {@code src/*} starts with a folder name and is safe as well.
     */
    static boolean globToReader(Cmd c) {
        return readerOperand(c, false);
    }

    /**
     * {@link #globToReader} where the glob expands in a folder outside the project, or one not
     * known, from some folder the segment may run in ({@code cd /tmp/checkout && tar -cf b.tar *}), or anywhere in HARD:
     * the names there are no one's the user vouched for.
     */
    static boolean globOutsideProject(Cmd c, Ctx ctx) {
        boolean hard = "hard".equals(ctx.getMode());
        if (globToReader(c) && (hard || !PERMISSION_READERS.contains(c.getName()) && !c.allInsideProject(List.of("x"), ctx, false))) {
            return true;
        }
        List<String> listed = listedFolders(c);
        return listed != null && (hard || !PERMISSION_READERS.contains(c.getName()) && !c.allInsideProject(listed, ctx, false));
    }

    /**
     * A substitution that prints a folder's names: {@code $(ls)}, {@code `ls -A dir`},
     * {@code $(find . -maxdepth 1)}, {@code $(fd)}, {@code $(compgen -f)}, {@code $(git ls-files)}.
     * Unquoted, its output is also split at blanks, so even {@code ./}-prefixed names yield pieces
     * such as {@code -e}. The lister may be respelled ({@code \ls}, {@code command ls},
     * {@code /bin/ls}, {@code LC_ALL=C ls}) and may run after a {@code cd} inside the substitution
     * ({@code $(cd /tmp/x && ls)}: group 3 the folder, whose names it lists).
     */
    private static final java.util.regex.Pattern LISTING = java.util.regex.Pattern.compile(
            "\"?(?:\\$\\(|`)\\s*(?:(?:cd|pushd)\\s+(?:--\\s+)?(\\S+)\\s*(?:&&|;)\\s*)?"
            + "(?:\\\\|command\\s+|(?:/usr)?/bin/|[A-Za-z_][A-Za-z0-9_]*=\\S*\\s+)*"
            + "(ls|dir|vdir|find|fd|fdfind|compgen|git\\s+ls-files)((?:\\s[^)`]*)?)[)`]\"?");

    /** The commands whose output, piped to an xargs slot, is a folder's names (see {@link #LISTING}). */
    static final Set<String> LISTERS = Set.of("ls", "dir", "vdir", "find", "fd", "fdfind", "compgen");

    /**
     * The folders a name-listing substitution handed to an option reader before {@code --} lists
     * (the working folder as {@code x} when it names none; a folder not written literally as
     * {@code $?}, which no check finds inside the project); null when there is no such operand.
     */
    private static List<String> listedFolders(Cmd c) {
        if (!OPTION_READERS.contains(c.getName())) {
            return null;
        }
        for (int i = 1; i < c.argvWords.size(); i++) {
            Word w = c.argvWords.get(i);
            if (w.literal() && w.text().equals("--")) {
                return null;
            }
            java.util.regex.Matcher m = LISTING.matcher(w.raw());
            if (!w.literal() && m.matches()) {
                // `ls -d /[ubso]*`: the paths as given, each starting with / or ./; unquoted, a
                // name with a blank or newline is split into pieces (`/tmp/up/x -e sh`), so only
                // the root's own entries (no one else plants names there) pass unquoted
                String paths = w.raw().startsWith("\"") ? "(?:/|\\./)\\S*" : "/[^/\\s]*";
                if (m.group(2).equals("ls") && m.group(1) == null && Regex.find(m.group(3), "(^|\\s)-[A-Za-z]*d")
                        && Regex.matches(m.group(3).trim(), "(-[A-Za-z]+\\s+)*" + paths + "(\\s+" + paths + ")*")) {
                    continue;
                }
                List<String> out = new java.util.ArrayList<>(folders(m.group(2), m.group(3)));
                if (m.group(1) != null) {
                    // after a cd the names are the cd folder's (its relative paths too)
                    out.add(Regex.matches(m.group(1), "[A-Za-z0-9_./@%+,:=-]+") ? m.group(1).replaceAll("/*$", "") + "/x" : "$?");
                }
                return out;
            }
        }
        return null;
    }

    /** The folders {@code lister} with the argument text {@code rest} lists ({@link #listedFolders}). */
    private static List<String> folders(String lister, String rest) {
        List<String> out = new java.util.ArrayList<>();
        for (String a : rest.trim().split("\\s+")) {
            if (a.isEmpty() || a.startsWith("-") && !lister.equals("find")) {
                continue;
            }
            if (lister.equals("find") && Regex.matches(a, "[-(!].*")) {
                // find's expression starts at its first test, action or operator
                break;
            }
            // a glob lists names in the folder before its first wildcard (`*.log`: the working folder)
            String dir = a.replaceAll("[*?\\[].*$", "");
            dir = dir.isEmpty() || dir.endsWith("/") ? dir + "x" : dir.equals(a) ? a : dir.substring(0, Math.max(0, dir.lastIndexOf('/') + 1)) + "x";
            out.add(Regex.matches(dir, "[A-Za-z0-9_./@%+,:=-]+") ? dir : "$?");
        }
        return out.isEmpty() || lister.equals("compgen") || lister.startsWith("git") ? List.of("x") : out;
    }

    /**
     * True for a tool of {@link #OPTION_READERS} (not rm, chmod, chown in LOOSE) given, before any
     * {@code --}, an xargs or parallel slot whose values are split at blanks: the names a listing
     * command pipes in ({@code ls | xargs tar cf b.tar}); the rule checks that stage.
     */
    static boolean slotToReader(Cmd c, Ctx ctx) {
        if (!OPTION_READERS.contains(c.getName()) || !"hard".equals(ctx.getMode()) && PERMISSION_READERS.contains(c.getName())) {
            return false;
        }
        for (int i = 1; i < c.argvWords.size(); i++) {
            Word w = c.argvWords.get(i);
            if (w.literal() && w.text().equals("--")) {
                return false;
            }
            if (w.has(WordFeature.WRAPPER_SLOT) && !w.has(WordFeature.NUL_SEPARATED)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a command listing a folder's names ({@link #LISTERS}, git ls-files) in HARD, and in
     * LOOSE when a folder it lists is outside the project or not known.
     */
    static boolean listsNamesOutside(Cmd c, Ctx ctx) {
        return listsNamesOutside(c, ctx, false);
    }

    /**
     * {@link #listsNamesOutside}, for names that reach an option reader through a variable or a loop
     * ({@code ValueFlow}): a find printing its names separated by NUL ({@code -print0}, an
     * {@code -exec grep -Z}) hands over whole names, each starting with the start point it was
     * given (never with {@code -}), so none can read as an option.
     */
    static boolean listsNamesThroughFlow(Cmd c, Ctx ctx) {
        return listsNamesOutside(c, ctx, true);
    }

    private static boolean listsNamesOutside(Cmd c, Ctx ctx, boolean flow) {
        if (flow && c.getName().equals("find") && c.getArgs().stream().anyMatch(a -> a.equals("-print0") || a.equals("-fprint0")
                || a.equals("--null") || Regex.matches(a, "-[A-Za-z]*Z[A-Za-z]*"))) {
            return false;
        }
        String n = c.getName();
        boolean lister = LISTERS.contains(n) || n.equals("git") && !c.getArgs().isEmpty() && c.getArgs().get(0).equals("ls-files");
        if (!lister) {
            return false;
        }
        if ("hard".equals(ctx.getMode())) {
            return true;
        }
        List<String> paths = folders(n.equals("git") ? "git" : n, String.join(" ", n.equals("git") ? List.of() : c.getArgs()));
        return !c.allInsideProject(paths, ctx, false);
    }

    /**
     * True for a tool of {@link #OPTION_READERS} given, before any {@code --}, an unquoted glob as
     * above or a word computed at run time (a loop variable, {@code $(ls)}, an xargs slot) whose
     * value can start with {@code -}.
     */
    static boolean nameListToReader(Cmd c) {
        return readerOperand(c, true);
    }

    /**
     * True for a tool of {@link #OPTION_READERS} (not rm, chmod, chown in LOOSE) given, before any
     * {@code --}, a word starting with a reference to {@code variable} ({@code $names},
     * {@code "$f"}; for {@link ValueFlow#SUBSTITUTED} a substitution, {@code $(cat l.txt)}): the
     * names a lister put in it ({@code names=$(ls /tmp/up); tar cf b.tar $names},
     * {@code for f in $(ls); do tar rf b.tar "$f"; done}) can start with {@code -}; the rule checks
     * the lister. {@code "src/$f"} starts with a folder and is safe.
     */
    static boolean variableToReader(Cmd c, String variable, Ctx ctx) {
        if (variable.isEmpty() || !OPTION_READERS.contains(c.getName())
                || !"hard".equals(ctx.getMode()) && PERMISSION_READERS.contains(c.getName())) {
            return false;
        }
        List<Word> ws = c.argvWords;
        boolean find = c.getName().equals("find");
        for (int i = 1; i < ws.size(); i++) {
            Word w = ws.get(i);
            String raw = w.raw();
            if (w.literal() && w.text().equals("--")
                    || find && !Regex.matches(raw, "-[HLP]|-[DO].*") && Regex.matches(raw, "[-(!),].*|\\[(!)]")) {
                return false;
            }
            String bare = raw.startsWith("\"") ? raw.substring(1) : raw;
            if (!w.literal() && ValueFlow.references(raw, variable)
                    && (variable.equals(ValueFlow.SUBSTITUTED) ? bare.startsWith("$(") || bare.startsWith("`") : ValueFlow.startsWithReference(bare, variable))) {
                return true;
            }
        }
        return false;
    }

    private static boolean readerOperand(Cmd c, boolean dynamic) {
        if (!OPTION_READERS.contains(c.getName())) {
            return false;
        }
        List<Word> ws = c.argvWords;
        boolean find = c.getName().equals("find");
        for (int i = 1; i < ws.size(); i++) {
            Word w = ws.get(i);
            if (w.literal() && w.text().equals("--")) {
                return false;
            }
            String raw = w.raw();
            if (find && !Regex.matches(raw, "-[HLP]|-[DO].*") && Regex.matches(raw, "[-(!),].*|\\[(!)]")) {
                // find reads names as options only among its starting points: a pattern after
                // -name is the test's value (find . -name *.xml), whatever it expands to
                return false;
            }
            if (w.has(WordFeature.GLOB) && !raw.isEmpty() && "*?[".indexOf(raw.charAt(0)) >= 0) {
                return true;
            }
            if (dynamic && !w.literal() && (w.has(WordFeature.WRAPPER_SLOT)
                    || (w.has(WordFeature.PARAMETER) || w.has(WordFeature.COMMAND_SUBSTITUTION))
                    && (raw.startsWith("$") || raw.startsWith("\"$") || raw.startsWith("`") || raw.startsWith("\"`")))) {
                return true;
            }
        }
        return false;
    }
}
