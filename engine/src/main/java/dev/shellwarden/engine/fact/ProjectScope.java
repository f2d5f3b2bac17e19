package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.TempFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether the paths a segment writes, deletes, moves, links, copies, lists or runs from stay inside
 * the project (and, where the reading says so, the temporary folders), read from every folder the
 * segment may run in: the scope rules ask for a write or delete outside
 * ({@link Cmd#writesOutside}, {@link Cmd#deletesOutside}), and HARD's allow rules accept only
 * plain project files ({@link Cmd#writesOnlyProjectFiles}, {@link Cmd#readsOnlyProjectFiles},
 * {@link Cmd#operandsInsideProject}) and builds run in the project ({@link Cmd#runsInProject},
 * {@link Cmd#runsProjectProgram}).
 *
 * <p>WHY: the project is what the user let the agent change; a path that leaves it, or a project
 * file that runs code (build, editor, CI, git or agent files), is the user's to approve.
 *
 * <p>It reads only the {@link Cmd} and {@link Ctx} it is given. INVARIANTS: a path must pass from
 * every folder the segment may run in; after a {@code cd} the text does not tell, a relative path
 * is outside (fail closed); a path computed at run time is neither inside nor outside for
 * {@link #isOutside} (the dynamic-target rules ask) and never inside for the allow readings.
 */
final class ProjectScope {

    private ProjectScope() {
    }

    /** True when some delete target resolves outside the project (temporary directories count as inside). */
    static boolean deletesOutside(Cmd c, Ctx ctx) {
        for (String t : c.getDeleteTargets()) {
            if (isOutside(c, t, ctx) || isSharedTempRoot(c, t, ctx)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code target}, from any directory the segment may run in, is a temporary folder
     * itself ({@code /tmp}, {@code /var/tmp}, {@code $TMPDIR}) rather than something below it.
     * WHY: scratch space below /tmp is the agent's to clear, but the folder itself holds every
     * user's and program's temporary files (sockets, locks, other sessions' work); a {@code ..}
     * out of a fresh {@code mktemp -d} folder ({@code rm -rf "$T/.."}) lands there. Only deletes
     * ask: writing into {@code /tmp} ({@code cp x /tmp}) stays scratch. A glob of every entry of
     * the folder ({@code /tmp/*}, {@code /tmp/.*}, {@code cd /tmp && rm -rf *}) deletes the same
     * files as the folder itself; a glob with a name in it ({@code /tmp/build-*}) picks the own ones.
     */
    private static boolean isSharedTempRoot(Cmd c, String target, Ctx ctx) {
        String bare = PathFacts.unquote(target);
        if (Regex.matches(bare, "\\$(TMPDIR|\\{TMPDIR})/*(\\.?/*)*")
                || bare.matches("\\$(TMPDIR|\\{TMPDIR})/+[^/]+/*") && anyEntry(bare.replaceAll("/+$", "").substring(bare.replaceAll("/+$", "").lastIndexOf('/') + 1))) {
            return true;
        }
        for (String dir : c.dirs(ctx)) {
            String abs = PathFacts.resolve(target, dir.equals(WorkingDirs.UNKNOWN) ? "" : dir, ctx.home());
            String trimmed = abs.length() > 1 ? abs.replaceAll("/+$", "") : abs;
            int slash = trimmed.lastIndexOf('/');
            if (TempFiles.isTempRoot(abs)
                    || slash > 0 && TempFiles.isTempRoot(trimmed.substring(0, slash)) && anyEntry(trimmed.substring(slash + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a last path component is a glob matching any name, hidden or not: nothing but
     * wildcards, bracket expressions, brace alternatives of such and dots ({@code *}, {@code .*},
     * {@code .??*}, {@code .[!.]*}, {@code {*,.*}}); a letter or digit outside brackets picks names.
     */
    private static boolean anyEntry(String component) {
        String outsideBrackets = component.replaceAll("\\[[^]]*]", "?");
        return outsideBrackets.indexOf('*') >= 0 && outsideBrackets.matches("[*?.{},]+");
    }

    /** True when some write target resolves outside the project and temporary directories. */
    static boolean writesOutside(Cmd c, Ctx ctx) {
        for (String t : c.getWriteTargets()) {
            if (isOutside(c, t, ctx)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when everything the command writes, deletes, moves, links or re-permissions, its
     * redirections included, is a plain project file: a literal path that resolves inside the
     * project (or a temporary directory, or {@code /dev/null}) from every directory the segment may
     * run in, and that is no build, editor, CI, git or agent file, nor a glob or brace expansion
     * that may name one ({@link PathFacts#mayBeProjectAutomation}). A copy, move or link may land
     * below its destination ({@link #landingPaths}). Every path mv, ln and git mv move or link
     * ({@link #movedOrLinkedPaths}) must be inside the project itself, temporary directories not
     * counted: mv takes its sources away from the project, and a link makes its source reachable
     * under a project name. A command that writes a file may not read a secret ({@link
     * Cmd#isCopiesSecret}). True when the command changes no file at all. HARD's allow rules accept
     * such writes; anything else they leave to the user.
     */
    static boolean writesOnlyProjectFiles(Cmd c, Ctx ctx) {
        List<String> touched = c.touchedPaths();
        List<String> moved = movedOrLinkedPaths(c);
        if (touched.isEmpty() && moved.isEmpty()) {
            return true;
        }
        return allPlainProjectFiles(c, touched, ctx, true) && allPlainProjectFiles(c, landingPaths(c), ctx, true)
                && allPlainProjectFiles(c, moved, ctx, false) && !c.isCopiesSecret();
    }

    /**
     * True when every operand is a plain project file in the sense of {@link
     * #writesOnlyProjectFiles}, or the project directory itself: what a formatter may rewrite.
     */
    static boolean operandsInsideProject(Cmd c, Ctx ctx) {
        return allPlainProjectFiles(c, c.getOperands(), ctx, false);
    }

    /**
     * The destination and operands of {@code git mv} (paths after the subcommand), or empty. git mv
     * moves files like mv, so HARD judges them alike: {@code git mv ci.yml .github/workflows/}
     * plants a workflow.
     */
    private static List<String> gitMovePaths(Cmd c) {
        if (!c.git("mv")) {
            return List.of();
        }
        List<String> p = c.positionals(Cmd.GIT_GLOBAL_VALUE_OPTIONS);
        return p.subList(1, p.size());
    }

    /**
     * The paths a move or link takes away or points at, which must be in the project itself:
     * every operand of mv and ln, git mv's paths, and each relative target of a symbolic link read
     * from the link's own directory, as the system reads it ({@link #symlinkTargetsFromLinks}).
     */
    private static List<String> movedOrLinkedPaths(Cmd c) {
        if (c.named("mv ln link")) {
            List<String> out = new ArrayList<>(c.getOperands());
            out.addAll(symlinkTargetsFromLinks(c));
            return out;
        }
        return gitMovePaths(c);
    }

    /**
     * Each relative target of {@code ln -s} as the link will resolve it: below the link's folder
     * ({@code ln -s .. ../up} run in {@code sub/} links the project's parent), and, since the last
     * operand may be an existing directory that the link lands in, below that too. Empty for other
     * commands and for {@code ln -r}, which computes the target from the working directory.
     */
    private static List<String> symlinkTargetsFromLinks(Cmd c) {
        if (!c.named("ln") || !c.anyFlag("-s --symbolic") || c.anyFlag("-r --relative")) {
            return List.of();
        }
        Cmd.Transfer tr = c.transfer();
        String dest = tr.destination();
        List<String> linkDirs = tr.byOption() ? List.of(dest) : dest == null ? List.of(".") : List.of(parentOf(dest), dest);
        List<String> out = new ArrayList<>();
        for (String target : tr.sources()) {
            String plain = PathFacts.unquote(target);
            if (!plain.startsWith("/") && !plain.startsWith("~") && !plain.startsWith("$")) {
                for (String d : linkDirs) {
                    out.add(d + "/" + plain);
                }
            }
        }
        return out;
    }

    /** The folder part of a relative or absolute path ({@code .} for a bare name). */
    private static String parentOf(String path) {
        String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        int slash = p.lastIndexOf('/');
        return slash < 0 ? "." : slash == 0 ? "/" : p.substring(0, slash);
    }

    /**
     * Where a copy, move or link may land when its destination is an existing directory, which the
     * text does not show: each source's name below the destination ({@code cp /tmp/x/Makefile .}
     * writes ./Makefile, {@code cp -r /tmp/p/.vscode .} writes ./.vscode, {@code git mv ci.yml
     * .github} writes .github/ci.yml); none when -T says the destination is the file itself.
     */
    private static List<String> landingPaths(Cmd c) {
        if (!c.named("cp ln mv")) {
            List<String> p = gitMovePaths(c);
            return p.size() < 2 ? List.of() : Cmd.intoDirectory(p.get(p.size() - 1), p.subList(0, p.size() - 1), true);
        }
        Cmd.Transfer tr = c.transfer();
        if (tr.byOption() || c.anyFlag("-T --no-target-directory")) {
            return List.of(); // -t DIR: the landings are write targets already (intoDirectory)
        }
        if (tr.destination() == null) {
            return c.named("ln") ? Cmd.intoDirectory(".", tr.sources(), true) : List.of();
        }
        return Cmd.intoDirectory(tr.destination(), tr.sources(), true);
    }

    /**
     * True when every path is a plain project file ({@link #writesOnlyProjectFiles}) from every
     * folder {@code c} may run in; with {@code tempToo} a temporary directory or harmless device also passes.
     */
    static boolean allPlainProjectFiles(Cmd c, List<String> paths, Ctx ctx, boolean tempToo) {
        return fromEveryDir(c, paths, ctx, (t, dir) -> isPlainProjectFile(t, dir, ctx, tempToo));
    }

    /**
     * True when every path is a literal path inside the project ({@link #insideProject}) from every
     * folder {@code c} may run in; with {@code tempToo} a temporary directory or harmless device also passes.
     */
    static boolean allInsideProject(Cmd c, List<String> paths, Ctx ctx, boolean tempToo) {
        return fromEveryDir(c, paths, ctx, (t, dir) -> insideProject(t, dir, ctx, tempToo) != null);
    }

    /** True when {@code ok} holds for every path resolved from every directory the segment may run in. */
    private static boolean fromEveryDir(Cmd c, List<String> paths, Ctx ctx, java.util.function.BiPredicate<String, String> ok) {
        for (String t : paths) {
            for (String dir : c.dirs(ctx)) {
                if (!ok.test(t, dir)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** True when {@code target} read from {@code dir} is inside the project and no file that may run code there. */
    private static boolean isPlainProjectFile(String target, String dir, Ctx ctx, boolean tempToo) {
        String abs = insideProject(target, dir, ctx, tempToo);
        String project = ctx.project();
        return abs != null && (!PathFacts.isInside(abs, project) || abs.equals(project) || tempToo && PathFacts.isTemp(abs)
                || !PathFacts.mayBeProjectAutomation(abs.substring(project.length() + 1), ctx.globsMatchDotFiles()));
    }

    /**
     * The absolute path {@code target} resolves to from {@code dir} when that is a literal path
     * inside the project or, with {@code tempToo}, a temporary directory or harmless device; null
     * otherwise.
     */
    private static String insideProject(String target, String dir, Ctx ctx, boolean tempToo) {
        String project = ctx.project();
        // a Windows path (`C:\Windows`, `..\x`) is no POSIX relative name: never judged plain
        if (project.isEmpty() || target.isEmpty() || target.equals(".*") || target.endsWith("/.*")
                || target.indexOf('\\') >= 0 || Regex.matches(target, "[A-Za-z]:.*")
                // a path xargs or xe reads from standard input could be anything
                || target.contains("{xargs}") || target.contains("{xe}")) {
            return null;
        }
        if (dir.equals(WorkingDirs.UNKNOWN)) {
            // after `cd "$D"` only an absolute temporary path or device is known (`cd - > /dev/null`)
            String abs = PathFacts.normalize(PathFacts.unquote(target));
            return tempToo && abs.startsWith("/") && (PathFacts.isTemp(abs) || PathFacts.isHarmlessDevice(abs)) ? abs : null;
        }
        String abs = PathFacts.resolve(target, dir, ctx.home());
        if (tempToo && (PathFacts.isTemp(abs) || PathFacts.isHarmlessDevice(abs))) {
            return abs;
        }
        return abs.indexOf('$') >= 0 || abs.indexOf('`') >= 0 || !PathFacts.isInside(abs, project) ? null : abs;
    }

    /**
     * True when every file a copy or archive reads is inside the project, or a temporary
     * directory: cp's sources, tar's members (below its -C folder) and zip's input files
     * ({@link #copySources}). A list of secret names is never complete ({@code ~/.config/gh},
     * {@code /proc/self/environ}), so nothing from elsewhere is copied in without the user. A
     * recursive copy brings whatever the source folder holds, hooks and editor settings too: it
     * must come from the project itself, and its contents may not be poured straight into the
     * project directory ({@code cp -r x/. .}, {@code cp -rT x .}), where .git, .vscode and .envrc
     * take effect.
     */
    static boolean readsOnlyProjectFiles(Cmd c, Ctx ctx) {
        boolean recursive = c.getName().equals("cp") && c.anyFlagOrAbbreviation("-r -R -a --recursive --archive");
        List<String> sources = copySources(c);
        return !(recursive && poursIntoProjectDirectory(c, sources, ctx)) && allInsideProject(c, sources, ctx, !recursive);
    }

    /**
     * True when cp's destination may be the project directory itself and a source's contents,
     * rather than the source folder, land there: a source ending in {@code /.} or -T.
     */
    private static boolean poursIntoProjectDirectory(Cmd c, List<String> sources, Ctx ctx) {
        boolean pours = c.anyFlagOrAbbreviation("-T --no-target-directory") || sources.stream().map(PathFacts::unquote)
                .anyMatch(s -> s.equals(".") || s.endsWith("/.") || s.endsWith("/./"));
        // a lone operand (cp then fails) is read as the destination
        Cmd.Transfer tr = c.transfer();
        String dest = tr.destination() != null ? tr.destination() : tr.sources().isEmpty() ? "" : tr.sources().get(0);
        return pours && c.dirs(ctx).stream().map(d -> insideProject(dest, d, ctx, false)).anyMatch(abs -> abs == null || abs.equals(ctx.project()));
    }

    /** Options of zip that take a value. */
    private static final String ZIP_VALUE_OPTIONS = "-b --temp-path -n --suffixes -t --from-date -tt --before-date -x --exclude -i --include"
            + " -P --password -Z --compression-method -O --output-file -s --split-size -sp -la --logfile-path -TT --unzip-command";

    /** The files cp, tar (creating) and zip read, as {@link #readsOnlyProjectFiles} judges them; empty for other commands. */
    private static List<String> copySources(Cmd c) {
        if (c.getName().equals("cp")) {
            return c.transfer().sources();
        }
        if (c.getName().equals("zip")) {
            List<String> z = c.positionals(ZIP_VALUE_OPTIONS);
            return z.isEmpty() ? z : z.subList(1, z.size());
        }
        return c.isTarWritesArchive() ? tarMembers(c) : List.of();
    }

    /**
     * The files tar archives, each resolved below the -C folder before it, and the -C folders
     * themselves (tar reads them); a single empty name (never inside the project) when the names
     * come from a list file.
     */
    private static List<String> tarMembers(Cmd c) {
        TarCommandLine tar = c.tar();
        if (tar.namesFromList()) {
            return List.of("");
        }
        List<String> out = new ArrayList<>(tar.dirs());
        out.addAll(tar.memberPaths());
        return out;
    }

    /** True when every start path of a {@code find} resolves inside the project or a temporary directory. */
    static boolean findsInside(Cmd c, Ctx ctx) {
        for (String s : c.findStarts()) {
            if (s.indexOf('$') >= 0 || s.indexOf('`') >= 0 || isOutside(c, s, ctx)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True for an {@code ls} whose operands are all static and inside the project (none: the
     * working directory): it prints names inside the project.
     */
    static boolean listsInside(Cmd c, Ctx ctx) {
        if (!c.getName().equals("ls") || c.isDynamicArgs()) {
            return false;
        }
        for (String o : c.getOperands()) {
            if (isOutside(c, o, ctx)) {
                return false;
            }
        }
        return !isOutside(c, ".", ctx);
    }

    /**
     * True when every folder this segment may run in is known and inside the project. A build or
     * test tool reads its build file, hooks and plugins from the folder it runs in: after
     * {@code cd /tmp/x} the same words build a tree someone else wrote ({@code make test} runs that
     * Makefile), so an allow rule for the project's own builds needs this (fail closed: a folder the
     * text does not tell counts as outside).
     */
    static boolean runsInProject(Cmd c, Ctx ctx) {
        return landsInProjectFromEveryDir(c, ".", ctx);
    }

    /**
     * True when the relative path {@code relative}, read from every folder this segment may run in,
     * lands inside the project; a folder the text does not tell counts as outside.
     */
    private static boolean landsInProjectFromEveryDir(Cmd c, String relative, Ctx ctx) {
        String project = ctx.project();
        return !project.isEmpty() && fromEveryDir(c, List.of(relative), ctx,
                (p, dir) -> !dir.equals(WorkingDirs.UNKNOWN) && PathFacts.isInside(PathFacts.resolve(p, dir, ctx.home()), project));
    }

    /**
     * True when the program is a file of the project started by a relative path ({@code ./gradlew},
     * {@code vendor/bin/phpunit}, {@code bin/rails}): the path is literal and, read against every
     * folder this segment may run in, lands inside the project. After a {@code cd} elsewhere
     * ({@code cd /tmp/x && ./gradlew test}) or into a folder the text does not tell, the same
     * words start another tree's program, so this is false (fail closed).
     */
    static boolean runsProjectProgram(Cmd c, Ctx ctx) {
        String p = PathFacts.unquote(c.getPath());
        return !p.isEmpty() && !PathFacts.isAnchored(p) && c.isStatic() && landsInProjectFromEveryDir(c, p, ctx);
    }

    /** True when {@code target}, resolved against any directory the segment may run in, is outside the project. */
    static boolean isOutside(Cmd c, String target, Ctx ctx) {
        for (String dir : c.dirs(ctx)) {
            if (isOutsideFrom(target, dir, ctx)) {
                return true;
            }
        }
        return false;
    }

    /** The shell's own directories by tilde: {@code ~+} (PWD), {@code ~-} (OLDPWD), {@code ~+N}/{@code ~-N} (the stack). */
    private static final java.util.regex.Pattern SHELL_DIR_TILDE = java.util.regex.Pattern.compile("^~[-+][0-9]*(/|$)");

    /**
     * True when {@code target} read from {@code dir} is outside the project, the temporary folders
     * and the harmless devices; a relative path after a {@code cd} the text does not tell is.
     */
    private static boolean isOutsideFrom(String target, String dir, Ctx ctx) {
        String project = ctx.project();
        if (target.equals(".*") || target.endsWith("/.*")) {
            // An old bash expands .* to .. as well: the parent directory.
            return true;
        }
        if ("powershell".equals(ctx.getShell()) && PathFacts.isUnknownPsDrivePath(target)) {
            // `New-PSDrive -Name Home -Root $HOME; Remove-Item Home:\*`: a drive made elsewhere may be any folder
            return true;
        }
        if ("powershell".equals(ctx.getShell()) && PathFacts.isSharePath(target)) {
            // `Remove-Item \\dc01\c$\…\Security.evtx`, `\\$ip\ADMIN$\…`: a file on another host is
            // never the project's; judged before the `$` test below, which took an administrative
            // share's `c$` for a variable and left the delete to the dynamic-target rule
            return true;
        }
        // a date stamp names the same folder from anywhere (`cd "$X" && rm "/tmp/b-$(date +%F)"`)
        String bare = Regex.pattern("^(\\$HOME|\\$\\{HOME\\})").matcher(DateStamps.render(target)).replaceFirst("~");
        if (!dir.equals(WorkingDirs.UNKNOWN)) {
            bare = PathFacts.knownExpansions(bare, dir, ctx.home());
        } else if (Regex.pattern("powershell".equals(ctx.getShell()) ? "(?i)^\\$\\{?pwd\\b" : "^\\$\\{?PWD\\b").matcher(bare).find()) {
            // $PWD is the working directory: after `cd "$DIR"` (`Set-Location $d`) it may be any
            // folder. The dynamic-target rules count $PWD as known (judged here, resolved), so an
            // unknown one is outside here (`cd "$X" && rm -rf "$PWD/x"`), never left to them.
            return true;
        }
        if (bare.indexOf('$') >= 0 || bare.indexOf('`') >= 0) {
            // INVARIANT: a dynamic target is neither inside nor outside; the dynamic-target rule asks.
            return false;
        }
        if (dir.equals(WorkingDirs.UNKNOWN)) {
            // after `cd "$DIR"` a relative path could be anywhere, and so could `~+` (the working
            // directory) and `~-` (the previous one, left as written when PreviousDirs does not know
            // it: `pushd -n /tmp && rm -rf ~-`); an absolute or home path names the same file from
            // anywhere, so it is judged as written (`cd "$DIR" && rm -rf /opt/x`)
            if (!bare.startsWith("/") && !bare.startsWith("~") || SHELL_DIR_TILDE.matcher(bare).find()) {
                return true;
            }
            dir = "";
        }
        String abs = PathFacts.resolve(target, dir, ctx.home());
        if (!abs.startsWith("/")) {
            return project.isEmpty();
        }
        return !PathFacts.isInside(abs, project) && !PathFacts.isTemp(abs) && !PathFacts.isHarmlessDevice(abs);
    }
}
