package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The directories each segment of one command may run in, following its {@code cd}s:
 * {@code cd build && rm -rf *} deletes inside {@code build}, {@code cd / && rm -rf *} deletes the
 * root, and {@code cd build; rm -rf *} may run in either directory (if {@code cd} fails, the
 * command after {@code ;} still runs where it was).
 *
 * <p>For the top level of the text (the lists the agent's shell runs itself) each pipeline is
 * followed through its {@code &&} / {@code ||} operators: a command after {@code cd X &&} runs in
 * X only, one after {@code cd X ||} where it was, one after {@code ;} in both. Everything else (a
 * {@code cd} in an {@code if} body, a brace group, an {@code eval}, a {@code bash -c} payload, a
 * subshell) is not followed exactly: its directories are added to every later segment's set.
 *
 * <p>INVARIANT: the set is a superset of the directories the segment can run in, so rules that
 * take the worst directory never miss one. {@link #UNKNOWN} stands for a directory that cannot be
 * known ({@code cd "$DIR"}, {@code cd -}, {@code popd}); path predicates treat a relative target
 * there as outside the project.
 */
public final class WorkingDirs {

    /** A working directory that cannot be known from the text. */
    public static final String UNKNOWN = "?";

    private WorkingDirs() {
    }

    /** The possible working directories of each segment of a command judged in {@code ctx}, by segment id. */
    public static List<List<String>> of(List<Segment> segments, Ctx ctx) {
        return of(segments, ctx.cwdOrProject(), ctx.home());
    }

    /** PowerShell's location cmdlets, as the splitter names them. */
    private static final java.util.Set<String> PS_CD = java.util.Set.of("set-location", "push-location", "pop-location");

    /**
     * The possible working directories of each segment, by segment index.
     *
     * @param segments the command's segments, in split order
     * @param start    the directory the command starts in (empty when unknown to the letter)
     * @param home     the home directory {@code cd} without operands and {@code ~} go to
     */
    public static List<List<String>> of(List<Segment> segments, String start, String home) {
        return of(segments, start, home, java.util.Map.of(), Set.of(), new PreviousDirs.Once());
    }

    /**
     * The working directories of each segment ({@link #of(List, Ctx)}) and the segments whose words
     * name the previous directory, with its known value put in ({@link PreviousDirs}, by segment id),
     * from one pass over the text.
     */
    public record Walk(List<List<String>> dirs, java.util.Map<Integer, Segment> previous) {
    }

    /** {@link Walk} of a command judged in {@code ctx}. */
    public static Walk walk(List<Segment> segments, Ctx ctx) {
        PreviousDirs.Once once = new PreviousDirs.Once();
        List<List<String>> dirs = of(segments, ctx.cwdOrProject(), ctx.home(), java.util.Map.of(), Set.of(), once);
        return new Walk(dirs, PreviousDirs.resolved(segments, ctx, once));
    }

    /**
     * The possible working directories of each segment of a command judged in {@code ctx}, where
     * the commands {@code inside} a container run where the container's command starts
     * ({@code starts}, by segment id: the host directory behind {@code docker run -w}) and follow
     * their own parents, not the host shell's directories ({@link ContainerPaths}).
     */
    public static List<List<String>> of(List<Segment> segments, Ctx ctx, java.util.Map<Integer, List<String>> starts,
            Set<Integer> inside) {
        return of(segments, ctx.cwdOrProject(), ctx.home(), starts, inside, new PreviousDirs.Once());
    }

    private static List<List<String>> of(List<Segment> segments, String start, String home,
            java.util.Map<Integer, List<String>> starts, Set<Integer> inside, PreviousDirs.Once once) {
        List<List<String>> out = new ArrayList<>(segments.size());
        boolean autocd = segments.stream().anyMatch(WorkingDirs::setsAutoCd);
        if (start.isEmpty() || starts.isEmpty() && segments.stream().noneMatch(s -> isCd(s, autocd) || s.parent() >= 0 && s.parent() < segments.size()
                && directoryOption(segments.get(s.parent()), s) != null)) {
            for (int i = 0; i < segments.size(); i++) {
                out.add(List.of());
            }
            return out;
        }
        boolean searched = segments.stream().anyMatch(WorkingDirs::setsCdSearch);
        // `cd` alone and `cd ~/x` go to $HOME, which the text may set (`HOME=/etc; cd`): every value counts
        List<String> homes = homes(segments, home);
        // where a top-level `cd -`, `cd ~-`, `popd` goes back to, when the previous directory is followed
        java.util.Map<Integer, Set<String>> backs = PreviousDirs.moves(segments, start, homes, searched, autocd, once);
        // the top-level list being followed (ListStates: what && || ; leave); `states`: where the
        // last pipeline after `;` started, `run`: where the last pipeline runs
        ListStates<String> list = new ListStates<>(Set.of(start));
        Set<String> states = new LinkedHashSet<>(List.of(start));
        Set<String> run = new LinkedHashSet<>(states);
        /* directories reached by a cd that is not followed exactly: possible for everything after it */
        Set<String> elsewhere = new LinkedHashSet<>();
        /* directories reached by a cd inside a compound command (a loop body may run again after it) */
        Set<String> compoundCds = new LinkedHashSet<>();
        /*
         * directories reached by a cd in a nested text (a `bash -c` or `eval` payload, a function
         * body), by the segment that runs the text: its commands keep the payload's provenance, so
         * a loop in it is not seen, and any of them may run again after the cd
         * (`bash -c 'for i in 1 2; do rm -rf .ssh; cd ..; done'`)
         */
        java.util.Map<Integer, Set<String>> nestedCds = new java.util.HashMap<>();
        int lastItem = -1;
        for (Segment s : segments) {
            boolean top = s.parent() < 0 && s.provenance() == Provenance.TOP;
            Position p = s.position();
            if (top && p.item() != lastItem) {
                // a new pipeline of the top-level list
                String op = p.opBefore();
                run = list.next(op);
                if (ListStates.sequential(op)) {
                    // ; newline & or the first: runs wherever the list before it ended
                    if (run.isEmpty()) {
                        run.add(start);
                    }
                    states = run;
                }
                run.addAll(elsewhere);
                lastItem = p.item();
                // a backgrounded `cd X && cmd &` still moves cmd (the superset also keeps it for later items)
                if (isCd(s, autocd) && p.stages() == 1) {
                    Set<String> moved = backs.containsKey(s.id()) ? new LinkedHashSet<>(backs.get(s.id())) : targets(s, run, homes, searched);
                    list.ran(run, moved, p.negated());
                } else if (!ListStates.exits(s, segments)) {
                    list.ran(run, run);
                }
                out.add(List.copyOf(run));
                continue;
            }
            Set<String> here = new LinkedHashSet<>(top ? run : states);
            here.addAll(run);
            here.addAll(elsewhere);
            if (!top && s.parent() < 0 && lastItem >= 0) {
                // a compound command of the top-level list (`cd /etc && for f in *; do …; done`,
                // `cd x && { …; }`) opens no new pipeline above: it may run wherever the items
                // before it ended
                here.addAll(list.ended());
            }
            if (!top && s.parent() < 0) {
                // its status may be either (`cd ~ && { false; } || rm -rf .ssh` runs rm in the
                // home directory), as PreviousDirs reads it: every state counts as both
                list.either();
            }
            if (s.parent() >= 0 && s.parent() < out.size() && !out.get(s.parent()).isEmpty()) {
                Set<String> from = new LinkedHashSet<>(out.get(s.parent()));
                Segment launcher = segments.get(s.parent());
                Word dir = directoryOption(launcher, s);
                if (s.provenance() == Provenance.WRAPPED || s.provenance() == Provenance.XARGS) {
                    // a launched command runs exactly where its launcher runs, or in the directory
                    // the launcher changes to (`env -C DIR CMD`, `sudo -D DIR CMD`)
                    here = dir != null ? resolveLaunched(launcher, dir, from, home) : from;
                } else {
                    // a nested text starts where the program that runs it runs, which a launcher
                    // may have moved (`env -C / bash -c '…'`, `Start-Process -WorkingDirectory ~ cmd '/c …'`)
                    here.addAll(from);
                    if (dir != null) {
                        here.addAll(resolveLaunched(launcher, dir, from, home));
                    }
                }
            }
            if (starts.containsKey(s.id())) {
                here = new LinkedHashSet<>(starts.get(s.id()));
            } else if (inside.contains(s.id()) && s.parent() >= 0 && s.parent() < out.size() && !out.get(s.parent()).isEmpty()) {
                // in a container: where its parent there runs (its payload's cds are added below), never the host shell's
                Set<String> from = new LinkedHashSet<>(out.get(s.parent()));
                Segment launcher = segments.get(s.parent());
                Word dir = directoryOption(launcher, s);
                here = dir != null ? resolveLaunched(launcher, dir, from, home) : from;
            }
            if (isCd(s, autocd)) {
                Set<String> moved = new LinkedHashSet<>(targets(s, here, homes, searched));
                // a popd or cd - in a body or payload list PreviousDirs followed: where it goes back to, too
                moved.addAll(backs.getOrDefault(s.id(), Set.of()));
                elsewhere.addAll(moved);
                if (s.provenance() == Provenance.COMPOUND) {
                    compoundCds.addAll(moved);
                } else if (s.parent() >= 0 && !NOT_NESTED.contains(s.provenance())) {
                    nestedCds.computeIfAbsent(s.parent(), k -> new LinkedHashSet<>()).addAll(moved);
                }
            }
            out.add(List.copyOf(here));
        }
        // the directories the whole text may end in: where an EXIT trap's command runs
        Set<String> end = list.ended();
        end.addAll(elsewhere);
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            Set<String> more = new LinkedHashSet<>();
            if (s.provenance() == Provenance.COMPOUND) {
                // `for …; do rm -rf x; cd ..; done`: the second pass runs after the cd
                more.addAll(compoundCds);
            }
            if (s.parent() >= 0 && !NOT_NESTED.contains(s.provenance())) {
                more.addAll(nestedCds.getOrDefault(s.parent(), Set.of()));
            }
            if (s.parent() >= 0 && s.parent() < segments.size() && isTrap(segments.get(s.parent()))) {
                more.addAll(end);
            }
            if (!more.isEmpty() && !out.get(i).containsAll(more)) {
                Set<String> all = new LinkedHashSet<>(out.get(i));
                all.addAll(more);
                out.set(i, List.copyOf(all));
            }
        }
        return out;
    }

    /**
     * Provenances of commands the text's own lists run, or xargs starts: not a nested text's.
     * WRAPPED is not among them: the commands of one line a launcher reads (bash's
     * {@code cmd /c "cd /d %USERPROFILE% && rd /s /q .ssh"}) share its {@code cd}s like a payload's.
     */
    private static final Set<Provenance> NOT_NESTED = java.util.EnumSet.of(Provenance.TOP, Provenance.COMPOUND,
            Provenance.SUBSHELL, Provenance.BRACE_GROUP, Provenance.XARGS);

    /** An assignment to PWD: bash's {@code PWD=}, {@code PWD+=}, PowerShell's {@code $PWD=} (any case, a scope prefix). */
    private static final java.util.regex.Pattern PWD_ASSIGNMENT = java.util.regex.Pattern.compile(
            "PWD\\+?=|(?i)\\$(global:|script:|local:|private:|variable:)?pwd\\s*=");

    /**
     * True when the segment gives PWD a value of its own ({@code PWD="$X"}, {@code export PWD=/},
     * PowerShell's {@code $PWD = $x}): the folder does not change, but every later {@code $PWD}
     * reads that value, which the checker follows as a cd that may also have gone to a folder the text does not tell (fail
     * closed). A prefix assignment ({@code PWD=/ cmd}) is not: the command's words were expanded
     * before it.
     */
    static boolean assignsPwd(Segment s) {
        List<Word> argv = s.argv();
        if (argv.isEmpty()) {
            return s.assignments().stream().anyMatch(w -> PWD_ASSIGNMENT.matcher(w.text()).lookingAt());
        }
        String verb = argv.get(0).text();
        if (Set.of("export", "declare", "typeset", "readonly", "local").contains(verb)) {
            return argv.stream().skip(1).anyMatch(w -> PWD_ASSIGNMENT.matcher(w.text()).lookingAt());
        }
        if (Set.of("set-variable", "new-variable", "sv", "nv").contains(verb.toLowerCase(java.util.Locale.ROOT))) {
            // PowerShell's `Set-Variable PWD 'C:\' -Force`, `New-Variable -Name global:PWD …`
            return argv.stream().skip(1).anyMatch(w -> PS_PWD_NAME.matcher(w.text()).matches());
        }
        if (Set.of("set-item", "new-item", "si", "ni").contains(verb.toLowerCase(java.util.Locale.ROOT))) {
            // `Set-Item Variable:\PWD 'C:\'`: the variable drive's item is the variable
            return argv.stream().skip(1).anyMatch(w -> PS_PWD_ITEM.matcher(w.text()).matches());
        }
        return false;
    }

    /** PWD named as Set-Variable takes a name: any case, a scope prefix, a parameter glued to it. */
    private static final java.util.regex.Pattern PS_PWD_NAME = java.util.regex.Pattern.compile(
            "(?i)(-n\\w*:)?(global:|script:|local:|private:)?pwd");
    /** PWD as an item of the variable drive ({@code Variable:\PWD}, {@code variable:pwd}). */
    private static final java.util.regex.Pattern PS_PWD_ITEM = java.util.regex.Pattern.compile(
            "(?i)(-\\w+:)?variable:[\\\\/]?(global:|script:|local:|private:)?pwd");

    /** {@link #target} for each possible value of HOME. */
    private static Set<String> targets(Segment s, Set<String> from, List<String> homes, boolean searched) {
        if (assignsPwd(s)) {
            // the folder stays (`PWD="$X" && rm -rf ..` is still judged from it); $PWD may be any
            Set<String> out = new LinkedHashSet<>(from);
            out.add(UNKNOWN);
            return out;
        }
        Set<String> out = new LinkedHashSet<>();
        for (String h : homes) {
            out.addAll(h.equals(UNKNOWN) ? Set.of(UNKNOWN) : target(s, from, h, searched));
        }
        return out;
    }

    /** Where a cd takes the directory {@code from} ({@link #UNKNOWN} among them when not known). */
    static Set<String> targetsFrom(Segment s, String from, List<String> homes, boolean searched) {
        return targets(s, new LinkedHashSet<>(List.of(from)), homes, searched);
    }

    /** The letter's home directory and every value the text assigns to HOME ({@link #UNKNOWN} for a computed one). */
    static List<String> homes(List<Segment> segments, String home) {
        Set<String> out = new LinkedHashSet<>(List.of(home));
        for (Segment s : segments) {
            List<Word> words = new ArrayList<>(s.assignments());
            if (!s.argv().isEmpty() && Set.of("export", "declare", "typeset", "readonly", "local").contains(s.argv().get(0).text())) {
                words.addAll(s.argv());
            }
            for (Word w : words) {
                if (w.text().startsWith("HOME=")) {
                    out.add(w.literal() && !w.text().substring(5).isEmpty() ? PathFacts.resolve(w.text().substring(5), "/", home) : UNKNOWN);
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * True when the text switches on zsh's AUTO_CD or bash's {@code shopt -s autocd}, under which a
     * directory name alone changes to it. Bash heeds autocd only when interactive; an agent's shell
     * may be one, so it counts too (fail closed).
     */
    static boolean setsAutoCd(Segment s) {
        return !s.argv().isEmpty() && (s.argv().get(0).text().equals("setopt") || s.argv().get(0).text().equals("shopt"))
                && s.argv().stream().anyMatch(w -> w.text().equalsIgnoreCase("autocd") || w.text().equalsIgnoreCase("auto_cd"));
    }

    static boolean isCd(Segment s, boolean autocd) {
        return isCd(s) || assignsPwd(s) || autocd && s.argv().size() == 1 && s.argv().get(0).text().matches("~|~/.*|/.*|\\.\\.?(/.*)?")
                && (s.argv().get(0).literal() || s.argv().get(0).text().startsWith("~"));
    }

    private static boolean isTrap(Segment s) {
        return !s.argv().isEmpty() && s.argv().get(0).literal() && s.argv().get(0).text().equals("trap");
    }

    /**
     * Launchers' options that set the directory their command runs in, by launcher name: each
     * entry is an option taking the next word, or ending in {@code =} for an attached value.
     */
    private static final java.util.Map<String, List<String>> DIRECTORY_OPTIONS = java.util.Map.ofEntries(
            java.util.Map.entry("env", List.of("-C", "--chdir", "--chdir=")),
            java.util.Map.entry("sudo", List.of("-D", "--chdir", "--chdir=")),
            java.util.Map.entry("run0", List.of("-D", "--chdir", "--chdir=")),
            java.util.Map.entry("systemd-run", List.of("--working-directory", "--working-directory=")),
            java.util.Map.entry("nsenter", List.of("--wd=")),
            java.util.Map.entry("unshare", List.of("-w", "--wd", "--wd=")),
            java.util.Map.entry("flatpak-spawn", List.of("--directory=")),
            java.util.Map.entry("proot", List.of("-w", "--cwd", "--cwd=", "--pwd", "--pwd=")),
            java.util.Map.entry("bwrap", List.of("--chdir")),
            java.util.Map.entry("schroot", List.of("-d", "--directory", "--directory=")),
            java.util.Map.entry("uv", List.of("--directory", "--directory=")),
            java.util.Map.entry("poetry", List.of("-C", "--directory", "--directory=")),
            java.util.Map.entry("pnpm", List.of("-C", "--dir", "--dir=")),
            java.util.Map.entry("yarn", List.of("--cwd", "--cwd=")),
            java.util.Map.entry("tmux", List.of("-c")),
            java.util.Map.entry("daemonize", List.of("-c")),
            java.util.Map.entry("concurrently", List.of("--cwd", "--cwd=")),
            java.util.Map.entry("zellij", List.of("--cwd", "--cwd=")),
            java.util.Map.entry("wezterm", List.of("--cwd", "--cwd=")),
            java.util.Map.entry("gnome-terminal", List.of("--working-directory", "--working-directory=")),
            java.util.Map.entry("bun", List.of("--cwd", "--cwd=")),
            java.util.Map.entry("just", List.of("-d", "--working-directory", "--working-directory=")),
            java.util.Map.entry("mise", List.of("-C", "--cd", "--cd=")),
            java.util.Map.entry("make", List.of("-C", "--directory", "--directory=")),
            java.util.Map.entry("gmake", List.of("-C", "--directory", "--directory=")),
            java.util.Map.entry("git", List.of("-C")),
            java.util.Map.entry("machinectl", List.of()),
            java.util.Map.entry("chroot", List.of()));

    /**
     * The directory option of {@code launcher} that applies to {@code child}, or null: only the
     * launcher's own words count (those before the child's command, which are its last words), so
     * {@code sudo tar -C dir …} is no {@code sudo -D}. tmux's {@code -c} is a directory only after
     * a subcommand (before it, it is a command line).
     */
    static Word directoryOption(Segment launcher, Segment child) {
        List<Word> argv = launcher.argv();
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return null;
        }
        String path = argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        Word windows = windowsDirectory(argv);
        if (windows != null) {
            return windows;
        }
        if (name.equals("cmake") && argv.size() > 4 && argv.get(1).text().equals("-E") && argv.get(2).text().equals("chdir")) {
            return argv.get(3); // cmake -E chdir DIR CMD…
        }
        Word implied = impliedDirectory(name, argv);
        if (implied != null) {
            return implied;
        }
        List<String> options = DIRECTORY_OPTIONS.get(name);
        if (options == null) {
            return null;
        }
        // a launched command is the launcher's last words; a command line given as one word is its last word
        int n = child.argv().size();
        boolean tail = n > 0 && n < argv.size() && argv.subList(argv.size() - n, argv.size()).stream().map(Word::text).toList()
                .equals(child.argv().stream().map(Word::text).toList());
        int own = tail ? argv.size() - n : argv.size() - 1;
        boolean tmux = path.endsWith("tmux");
        boolean afterSubcommand = false;
        for (int k = 1; k < own; k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (t.equals("--")) {
                break;
            }
            if (tmux && !afterSubcommand) {
                afterSubcommand = !t.startsWith("-");
                continue;
            }
            for (String o : options) {
                if (o.endsWith("=") && t.startsWith(o) && t.length() > o.length()) {
                    return new Word(t.substring(o.length()), w.raw(), w.literal(), w.features());
                }
                if (!o.endsWith("=") && t.equals(o) && k + 1 < argv.size()) {
                    return argv.get(k + 1);
                }
            }
        }
        return null;
    }

    /** PowerShell's launchers that take a {@code -WorkingDirectory} for what they start (pwsh: its own command). */
    private static final Set<String> PS_LAUNCHERS = Set.of("start-process", "start-job", "pwsh", "pwsh.exe", "powershell",
            "powershell.exe");

    /**
     * The folder a PowerShell launcher starts its command in, or null: {@code Start-Process
     * -WorkingDirectory DIR} (also {@code -wo DIR}, as the splitter gives it after {@code saps}),
     * {@code Start-Job -WorkingDirectory DIR}, {@code pwsh -WorkingDirectory DIR} / {@code -wd}
     * (before its command), each matched as PowerShell matches a parameter prefix. A
     * {@code Start-Job} without one may start in the Documents folder (Windows PowerShell 5.1
     * does), so its script block may run there too ({@code ~/Documents}, added to where it was).
     */
    private static Word windowsDirectory(List<Word> argv) {
        String launcher = argv.get(0).text().toLowerCase(java.util.Locale.ROOT);
        if (!PS_LAUNCHERS.contains(launcher)) {
            return null;
        }
        boolean pwsh = launcher.startsWith("pwsh") || launcher.startsWith("powershell");
        for (int k = 1; k + 1 < argv.size(); k++) {
            String t = argv.get(k).text().toLowerCase(java.util.Locale.ROOT);
            if (!(t.startsWith("-") || pwsh && t.startsWith("/"))) {
                if (pwsh) {
                    break; // pwsh's first bare word is its script: what follows is the script's
                }
                continue;
            }
            String p = t.replaceFirst("^(--|-|/)", "").replaceFirst(":$", "");
            if (p.length() >= 2 && "workingdirectory".startsWith(p) && (p.startsWith("wo") || p.equals("workingdirectory"))
                    || p.equals("wd")) {
                return argv.get(k + 1);
            }
            if (pwsh && p.length() > 0 && ("command".startsWith(p) || "file".startsWith(p) || "encodedcommand".startsWith(p)
                    || p.equals("ec") || p.equals("cwa") || p.startsWith("commandw"))) {
                break; // the rest is the command and its arguments
            }
        }
        return launcher.equals("start-job") ? Word.literal("~/Documents") : null;
    }

    /**
     * Where {@code launcher}'s directory word {@code dir} leads from each of {@code from}: a
     * PowerShell launcher's is read as {@code Set-Location} reads it ({@code $HOME},
     * {@code C:\\Users}, {@code .\\build}); any other launcher's as {@code cd} does.
     */
    private static Set<String> resolveLaunched(Segment launcher, Word dir, Set<String> from, String home) {
        String name = launcher.argv().get(0).text().toLowerCase(java.util.Locale.ROOT);
        if (PS_LAUNCHERS.contains(name)) {
            return psTarget(List.of(Word.literal("Set-Location"), dir), from, home);
        }
        return resolveAll(dir, from, home);
    }

    /**
     * The directory a launcher runs its command in without being told: a system unit of
     * {@code systemd-run} runs in {@code /} (a {@code --user} one in the home directory, either
     * unless {@code --working-directory} or {@code -p WorkingDirectory=} says otherwise);
     * {@code chroot NEWROOT} changes to the new root (unless {@code --skip-chdir});
     * {@code machinectl shell} starts in the user's home directory. Null for every other launcher.
     */
    private static Word impliedDirectory(String name, List<Word> argv) {
        switch (name) {
            case "systemd-run" -> {
                for (int k = 1; k < argv.size(); k++) {
                    String t = argv.get(k).text();
                    if (t.startsWith("--working-directory") || t.equals("--same-dir") || t.equals("-d")) {
                        return null; // the option itself, below
                    }
                    String property = t.equals("-p") || t.equals("--property") ? (k + 1 < argv.size() ? argv.get(k + 1).text() : "")
                            : t.startsWith("--property=") ? t.substring(11) : t.startsWith("-p") ? t.substring(2) : "";
                    if (property.startsWith("WorkingDirectory=")) {
                        String dir = property.substring(17).replaceFirst("^-", "");
                        return new Word(dir, dir, argv.get(k).literal() && (k + 1 >= argv.size() || argv.get(k + 1).literal()), java.util.Set.of());
                    }
                }
                boolean user = argv.stream().anyMatch(w -> w.text().equals("--user"));
                return Word.literal(user ? "~" : "/");
            }
            case "chroot" -> {
                if (argv.stream().anyMatch(w -> w.text().equals("--skip-chdir"))) {
                    return null;
                }
                for (int k = 1; k < argv.size(); k++) {
                    String t = argv.get(k).text();
                    if (t.equals("--userspec") || t.equals("--groups")) {
                        k++;
                    } else if (!t.startsWith("-")) {
                        return argv.get(k);
                    }
                }
                return null;
            }
            case "machinectl" -> {
                return argv.size() > 1 && argv.get(1).text().equals("shell") ? Word.literal("~") : null;
            }
            default -> {
                return null;
            }
        }
    }

    /** Where a change to {@code dir} leads from each of {@code from} (UNKNOWN for a value not known from the text). */
    private static Set<String> resolveAll(Word dir, Set<String> from, String home) {
        Set<String> out = new LinkedHashSet<>();
        String arg = dir.text();
        boolean known = dir.literal() || KNOWN_DYNAMIC.matcher(arg).matches();
        if (!known || arg.isEmpty()) {
            out.add(UNKNOWN);
            return out;
        }
        return resolveAll(arg, from, home);
    }

    /** Where {@code arg} (a literal path, or one starting with HOME or PWD) leads from each of {@code from}. */
    private static Set<String> resolveAll(String arg, Set<String> from, String home) {
        Set<String> out = new LinkedHashSet<>();
        boolean pwd = arg.startsWith("$PWD") || arg.startsWith("${PWD") || arg.startsWith("~+");
        for (String f : from) {
            boolean anchored = (arg.startsWith("/") || arg.startsWith("~") || arg.startsWith("$")) && !pwd;
            out.add(f.equals(UNKNOWN) && !anchored ? UNKNOWN : PathFacts.resolve(arg, f.equals(UNKNOWN) ? "" : f, home));
        }
        return out;
    }

    /** CDPATH, or zsh's {@code cdpath} array tied to it, assigned or appended to. */
    private static final java.util.regex.Pattern CD_SEARCH_PATH = java.util.regex.Pattern.compile("(?s)(CDPATH|cdpath)\\+?=.*");

    /**
     * True when the text makes {@code cd NAME} search beyond the working directory: it sets
     * CDPATH or zsh's {@code cdpath} (as a prefix, a plain assignment or an export) or switches on
     * bash's cdable_vars ({@code shopt -s}) or zsh's ({@code setopt cdablevars}, any case and
     * underscores).
     */
    static boolean setsCdSearch(Segment s) {
        boolean cdpath = s.assignments().stream().anyMatch(w -> CD_SEARCH_PATH.matcher(w.text()).matches())
                || s.argv().stream().anyMatch(w -> CD_SEARCH_PATH.matcher(w.text()).matches());
        // any other mention may set it too: `CDPATH[0]=/`, `printf -v CDPATH`, `read CDPATH`,
        // `: ${CDPATH:=/}`, `declare -n c=CDPATH`, zsh's `cdpath[1]=/`
        boolean mentioned = s.assignments().stream().anyMatch(w -> CD_SEARCH_NAME.matcher(w.text()).find())
                || s.argv().stream().anyMatch(w -> CD_SEARCH_NAME.matcher(w.text()).find());
        String verb = s.argv().isEmpty() ? "" : s.argv().get(0).text();
        boolean options = verb.equals("shopt") || verb.equals("setopt");
        boolean cdable = s.argv().size() >= 3 && verb.equals("shopt")
                && s.argv().stream().anyMatch(w -> w.text().equals("cdable_vars"))
                || s.argv().size() >= 2 && verb.equals("setopt")
                && s.argv().stream().anyMatch(w -> w.text().replace("_", "").equalsIgnoreCase("cdablevars"))
                // `shopt -s $(echo cdable_vars)`: an option name the text computes may be that one
                || options && s.argv().stream().skip(1).anyMatch(w -> !w.literal());
        return cdpath || mentioned || cdable || namesReference(s);
    }

    /** CDPATH or zsh's cdpath named anywhere in a word. */
    private static final java.util.regex.Pattern CD_SEARCH_NAME = java.util.regex.Pattern.compile("CDPATH|cdpath");

    /**
     * True when {@code s} declares a nameref ({@code declare -n}, {@code local -n},
     * {@code typeset -n}): a later plain assignment through it may set any variable
     * ({@code declare -n r; r=$NAME; r=/}), CDPATH, OLDPWD or DIRSTACK among them.
     */
    static boolean namesReference(Segment s) {
        List<Word> argv = s.argv();
        if (argv.isEmpty() || !Set.of("declare", "typeset", "local").contains(argv.get(0).text())) {
            return false;
        }
        return argv.stream().skip(1).anyMatch(w -> !w.literal() && w.text().startsWith("$") || w.text().matches("[-+][A-Za-z]*n[A-Za-z]*"));
    }

    private static boolean isCd(Segment s) {
        List<Word> argv = s.argv();
        return !argv.isEmpty() && argv.get(0).literal()
                && (PS_CD.contains(argv.get(0).text().toLowerCase(java.util.Locale.ROOT)) || argv.get(0).text().equals("cd") || argv.get(0).text().equals("pushd") || argv.get(0).text().equals("popd")
                || argv.get(0).text().equals("chdir"));
    }

    /** A dynamic cd operand whose value is known: HOME or PWD, maybe trimmed, then literal path text. */
    private static final java.util.regex.Pattern KNOWN_DYNAMIC = java.util.regex.Pattern.compile(
            "\\$(HOME|PWD|\\{(HOME|PWD)([%#]{1,2}[^}$`]*)?\\})[^$`]*");

    /** The option words cd, pushd and popd share: {@code -L}, {@code -P}, {@code -e}, {@code -@} (bundled). */
    private static final java.util.regex.Pattern CD_OPTIONS = java.util.regex.Pattern.compile("-[LPe@]+");

    /**
     * A bash cd/pushd/popd's words after its name, its shared options taken out: the other words
     * (operands, and {@code -n}/{@code +N}/{@code -N}, which the callers read), and whether {@code -P}
     * was among the options. The one reading {@link #target} and {@link PreviousDirs} both use.
     */
    record CdWords(List<Word> operands, boolean physical) {

        static CdWords of(List<Word> argv) {
            List<Word> operands = new ArrayList<>();
            boolean physical = false;
            for (Word w : argv.subList(1, argv.size())) {
                if (w.literal() && CD_OPTIONS.matcher(w.text()).matches()) {
                    physical |= w.text().contains("P");
                } else {
                    operands.add(w);
                }
            }
            return new CdWords(operands, physical);
        }
    }

    /** Where {@code cd} takes each of {@code from}. */
    private static Set<String> target(Segment s, Set<String> from, String home, boolean searched) {
        List<Word> argv = s.argv();
        String verb = argv.get(0).text();
        if (PS_CD.contains(verb.toLowerCase(java.util.Locale.ROOT))) {
            return psTarget(argv, from, home);
        }
        if (!s.wrappers().isEmpty() && s.wrappers().get(s.wrappers().size() - 1).equals("cmd")
                && Set.of("cd", "chdir", "pushd").contains(verb.toLowerCase(java.util.Locale.ROOT))) {
            // cmd.exe's `cd /d C:\`, `cd %USERPROFILE%`, `pushd \\host\share`: a Windows path, /d a switch
            List<Word> words = new ArrayList<>();
            words.add(Word.literal("Set-Location"));
            for (Word w : argv.subList(1, argv.size())) {
                if (!w.text().equalsIgnoreCase("/d")) {
                    words.add(w);
                }
            }
            return psTarget(words, from, home);
        }
        CdWords cd = CdWords.of(argv);
        List<Word> operands = cd.operands();
        boolean physical = cd.physical();
        if (!Set.of("cd", "pushd", "popd", "chdir").contains(verb)) {
            operands = List.of(argv.get(0)); // zsh AUTO_CD: the directory name is the command
        }
        Set<String> out = new LinkedHashSet<>();
        // `cd $HOME/..`, `cd "${PWD%/*}"`: HOME and PWD have known values; any other dynamic word does not
        boolean known = operands.size() == 1 && !operands.get(0).literal() && KNOWN_DYNAMIC.matcher(operands.get(0).text()).matches();
        if (verb.equals("popd") || operands.size() > 1 || operands.size() == 1 && !operands.get(0).literal() && !known) {
            out.add(UNKNOWN);
            return out;
        }
        String arg = operands.isEmpty() ? "~" : operands.get(0).text();
        // `-`, `+N`, `-N` (and any option word not read above) name a stack entry or fail: not known
        if (arg.startsWith("-") || arg.startsWith("+") || arg.isEmpty() || arg.startsWith("~-")) {
            out.add(UNKNOWN);
            return out;
        }
        if (physical && !arg.equals(".") && !arg.equals("/")) {
            // `cd -P DIR` reaches DIR's files, but named by where a symlink leads, so a later `cd ..`
            // goes to that place's parent: DIR and a directory not known (even where `-L` comes later)
            out.add(UNKNOWN);
        }
        if (searched && !(arg.startsWith("/") || arg.startsWith("~") || arg.startsWith("$") || arg.equals(".") || arg.equals("..")
                || arg.startsWith("./") || arg.startsWith("../"))) {
            // CDPATH or cdable_vars: `cd NAME` may go to a directory found elsewhere, or to $NAME
            out.add(UNKNOWN);
            out.addAll(resolveAll(arg, from, home));
            return out;
        }
        out.addAll(resolveAll(arg, from, home));
        return out;
    }

    /**
     * Where PowerShell's {@code Set-Location} / {@code Push-Location} take each of {@code from}, in
     * the POSIX form of {@link PathFacts#fromWindows} ({@code C:\\} is the root, {@code $HOME} and
     * {@code $env:USERPROFILE} the home directory); {@code Pop-Location} and computed paths are
     * {@link #UNKNOWN}. A location on a drive that holds no files stays in its own form
     * ({@link PathFacts#psProviderLocation}: {@code HKCU:/Software}, {@code Env:/}), where the
     * path rules find no file and the registry and certificate readings of {@link Cmd} read the
     * later relative words; a drive whose root is not known is {@link #UNKNOWN}.
     */
    private static Set<String> psTarget(List<Word> argv, Set<String> from, String home) {
        Set<String> out = new LinkedHashSet<>();
        List<String> operands = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text();
            String lower = t.toLowerCase(java.util.Locale.ROOT);
            if (t.startsWith("-") && t.length() > 1) {
                if ("-stackname".startsWith(lower) && lower.length() > 2) {
                    i++; // its value names a stack, not a path
                }
                continue;
            }
            operands.add(t);
        }
        if (argv.get(0).text().equalsIgnoreCase("pop-location") || operands.size() > 1) {
            out.add(UNKNOWN);
            return out;
        }
        if (operands.isEmpty()) {
            // Windows PowerShell stays, PowerShell 7 goes home
            out.addAll(from);
            out.add(PathFacts.resolve("~", "", home));
            return out;
        }
        // a drive that holds no files (`Set-Location HKCU:\\Software`, `sl Env:`) is a place of
        // its own, where later relative words name keys or items; an unknown drive is nowhere known
        String location = PathFacts.psProviderLocation(operands.get(0));
        if (location == null) {
            out.add(UNKNOWN);
            return out;
        }
        if (!location.isEmpty()) {
            out.add(location);
            return out;
        }
        String arg = PathFacts.fromWindows(operands.get(0));
        if (arg.isEmpty() || arg.equals("-") || arg.equals("+") || arg.indexOf('$') >= 0 || arg.indexOf('`') >= 0
                || arg.indexOf('%') >= 0 || arg.indexOf('(') >= 0 || arg.startsWith("~") && !arg.equals("~") && !arg.startsWith("~/")) {
            out.add(UNKNOWN);
            return out;
        }
        for (String f : from) {
            if (PathFacts.isPsProviderLocation(f) && !arg.startsWith("~") && !PathFacts.isWindowsAbsolute(operands.get(0))) {
                // `Set-Location HKCU:\\Software; Set-Location Google`: a relative move stays on that drive
                out.add(PathFacts.psProviderJoin(f, operands.get(0)));
                continue;
            }
            out.add(f.equals(UNKNOWN) && !arg.startsWith("/") && !arg.startsWith("~") ? UNKNOWN : PathFacts.resolve(arg, f, home));
        }
        return out;
    }
}
