package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.CommandSettings;
import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * When git runs a program the command does not name, or sends the code somewhere the remote does
 * not say: settings on the command line ({@code git -c core.pager=P}, {@code --config-env},
 * {@code --upload-pack}, the {@code ext::} transport), {@code git config} writing a key that runs a
 * program, and git reading a repository whose configuration anyone may have written (one below a
 * temporary folder). The rules on programs git runs (SW4013, SW4110, SW8003…) read these through
 * {@link Cmd#isGitConfigRunsProgram}, {@link Cmd#isGitConfigLocalProgram},
 * {@link Cmd#gitRunsInTempRepository} and their siblings.
 *
 * <p>It reads only the {@link Cmd} (and {@link Ctx}) it is given. INVARIANT: a key git would run
 * counts whatever its value when the value is unseen ({@code --config-env}); only a plain pager
 * ({@code Cmd}'s safe programs) set on the command line is let through.
 */
final class GitPrograms {

    private GitPrograms() {
    }

    /**
     * Git keys that make git run a program: those whose value is a command line
     * ({@link CommandSettings#GIT_COMMAND_KEY}, split by the grammar) and those naming hooks,
     * included files or transports.
     */
    private static final java.util.regex.Pattern GIT_EXEC_KEY = java.util.regex.Pattern.compile(
            "(?i)" + CommandSettings.GIT_COMMAND_KEY.pattern() + "|core\\.hookspath|protocol\\.ext\\.allow|include\\.path|includeif\\..*"
            + "|init\\.templatedir");

    /**
     * The shape of a git configuration key: a section, an optional subsection (any text) and a
     * variable name of letters, digits and dashes ({@code core.pager}, {@code remote.origin.url}).
     */
    private static final java.util.regex.Pattern GIT_KEY = java.util.regex.Pattern.compile(
            "(?s)[A-Za-z0-9.-]+(\\..*)?\\.[A-Za-z][A-Za-z0-9-]*");

    /** A literal word that is no key shape; git rejects it ("key does not contain a section"). */
    private static final java.util.regex.Pattern PLAIN_INVALID_KEY = java.util.regex.Pattern.compile("[A-Za-z0-9.-]+");

    /**
     * True when a git push names its destination through settings on the command line
     * ({@code git -c remote.origin.pushurl=URL push}), or sends through a proxy the command names or
     * with the certificate check off ({@code -c http.proxy=URL}, {@code -c http.sslVerify=false},
     * {@code GIT_SSL_NO_VERIFY=1}): the code and the credentials then reach a host that is not the remote.
     */
    static boolean isGitConfigPushTarget(Cmd c) {
        for (int i = 0; i + 1 < c.getArgs().size(); i++) {
            if (c.getArgs().get(i).equals("-c") && Regex.matches(c.getArgs().get(i + 1), "(?i)(remote\\..*\\.(push)?url|url\\..*\\.(push)?insteadof"
                    + "|http\\.(.*\\.)?proxy)=.*|http\\.(.*\\.)?sslverify=(false|no|off|0)")) {
                return true;
            }
        }
        return c.getAssignments().stream().anyMatch(a -> Regex.matches(a, "GIT_SSL_NO_VERIFY=['\"]?(1|true|yes)['\"]?"));
    }

    /**
     * True when {@code git -c key=value} or {@code --config-env} sets a key that makes git run a
     * program (pager, editor, ssh command, hooks path, alias with {@code !}…) to something other
     * than a plain pager.
     */
    static boolean isGitConfigRunsProgram(Cmd c) {
        if (!c.getName().equals("git")) {
            return false;
        }
        // --upload-pack/--receive-pack/--exec name the program run for the remote end (locally
        // for a path or file:// remote); clone's -u is --upload-pack
        // the ext:: transport runs a command line (`git push 'ext::sh -c …'`)
        // git takes any unique abbreviation of a long option (`--upload-p=`, `--rece=`)
        for (String a : c.getArgs()) {
            if (Cmd.abbreviates(a, "--upload-pack", 5) || Cmd.abbreviates(a, "--receive-pack", 6)
                    || !c.git("rebase") && (a.equals("--exec") || a.startsWith("--exec="))) {
                return true;
            }
        }
        if (c.sub("clone") && c.anyFlag("-u") || c.argFind("^ext::") || c.argFind("^url\\.ext::")) {
            return true;
        }
        for (int i = 0; i + 1 < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            // --config-env, also in git's attached spelling (`--config-env=core.pager=VAR`), takes the
            // value from the environment: unseen, so any value of a key that runs a program counts
            boolean attachedEnv = a.startsWith("--config-env=");
            if (!attachedEnv && !a.equals("-c") && !a.equals("--config-env")) {
                if (!a.startsWith("-")) {
                    break;
                }
                continue;
            }
            String kv = attachedEnv ? a.substring("--config-env=".length()) : c.getArgs().get(++i);
            // (the value word is skipped: a later -c or --config-env is read too, not taken for the subcommand)
            if (a.equals("-c") ? settingMayRun(kv) : envSettingMayRun(kv)) {
                return true;
            }
        }
        return cloneConfigRuns(c);
    }

    /**
     * True when one {@code KEY=VALUE} word given on the line may make git run a program: a key the
     * text does not tell (fail closed; rt38: an xargs or parallel slot {@code xargs -I{} git -c {} log},
     * a variable), or a key set to run one.
     */
    private static boolean settingMayRun(String kv) {
        int eq = kv.indexOf('=');
        String key = eq < 0 ? kv : kv.substring(0, eq);
        return unknownKey(key) || settingRuns(key, eq < 0 ? "" : kv.substring(eq + 1).trim());
    }

    /** As {@link #settingMayRun} for {@code --config-env KEY=VAR}: the value is unseen, so any key that runs a program counts. */
    private static boolean envSettingMayRun(String kv) {
        int eq = kv.indexOf('=');
        String key = eq < 0 ? kv : kv.substring(0, eq);
        return unknownKey(key) || GIT_EXEC_KEY.matcher(key).matches();
    }

    /**
     * True when a {@code -c} word's key is not one the text tells: not a key shape and not a plain
     * word either (an xargs or parallel slot {@code {}}, an unread expansion, an empty key). A plain
     * word of letters, digits, dots and dashes that is no key ({@code foo}, {@code core.}) is an
     * invalid key git itself rejects before running anything, so it is not counted.
     */
    private static boolean unknownKey(String key) {
        return !GIT_KEY.matcher(key).matches() && !PLAIN_INVALID_KEY.matcher(key).matches();
    }

    /** True when {@code key=value} given on the line makes git run a program other than a plain pager. */
    private static boolean settingRuns(String key, String value) {
        return GIT_EXEC_KEY.matcher(key).matches()
                && (!Cmd.SAFE_PROGRAMS.contains(value) || key.toLowerCase(java.util.Locale.ROOT).startsWith("core.hooks"))
                && !(key.toLowerCase(java.util.Locale.ROOT).startsWith("alias.") && !value.startsWith("!"));
    }

    /**
     * True when {@code git clone -c KEY=VALUE} ({@code --config}) writes a key that runs a program
     * into the new repository's configuration: the checkout clone makes at once reads it, so a
     * {@code core.fsmonitor} or {@code core.hooksPath} (post-checkout) runs during the clone (rt38).
     */
    private static boolean cloneConfigRuns(Cmd c) {
        if (!c.git("clone")) {
            return false;
        }
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String kv = a.startsWith("--config=") ? a.substring("--config=".length())
                    : a.startsWith("-c") && a.length() > 2 && !a.startsWith("--") ? a.substring(2)
                    : (a.equals("-c") || a.equals("--config")) && i + 1 < args.size() ? args.get(++i) : null;
            if (kv != null && settingMayRun(kv)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code git config} sets (not reads) a key that makes git run a program. */
    static boolean isGitConfigSetsProgram(Cmd c) {
        if (!c.getGitSub().equals("config") || c.anyFlag("--get --get-all --get-regexp --list -l --unset --unset-all --show-origin --name-only -e --edit")) {
            return false;
        }
        List<String> p = gitConfigOperands(c);
        // renaming a section into one whose keys run programs (`--rename-section x core` makes an
        // earlier `x.fsmonitor` core.fsmonitor): the new name is the prefix of such a key
        int rename = c.getArgs().indexOf("--rename-section");
        String newSection = rename >= 0 && rename + 2 < c.getArgs().size() ? c.getArgs().get(rename + 2)
                : p.size() == 4 && p.get(1).equals("rename-section") ? p.get(3) : "";
        if (!newSection.isEmpty()) {
            java.util.regex.Matcher m = GIT_EXEC_KEY.matcher(newSection + ".");
            return m.matches() || m.hitEnd();
        }
        return p.size() >= 3 && GIT_EXEC_KEY.matcher(p.get(1)).matches()
                && !(p.get(1).toLowerCase(java.util.Locale.ROOT).startsWith("alias.") && !p.get(2).startsWith("!"))
                && !(Regex.matches(p.get(1).toLowerCase(java.util.Locale.ROOT), "core\\.pager|pager\\..*") && Cmd.SAFE_PROGRAMS.contains(p.get(2)))
                // the diff highlighters' documented filter (`diff-so-fancy --patch`, `delta --color-only`)
                && !(p.get(1).equalsIgnoreCase("interactive.diffFilter") && Regex.matches(p.get(2), "(delta|diff-so-fancy|diff-highlight)( +--?[a-z-]+)*"));
    }

    /** {@code [config, KEY, VALUE…]} of a git config command; git 2.46 spells it {@code git config set KEY VALUE}. */
    static List<String> gitConfigOperands(Cmd c) {
        List<String> p = new ArrayList<>(c.positionals("-C -c --git-dir --work-tree --file -f --blob --type --default --comment --value"));
        if (p.size() >= 2 && p.get(1).equals("set")) {
            p.remove(1);
        }
        return p;
    }

    /**
     * True when a git config command writes the user's or the system's configuration: {@code --global},
     * {@code --system}, or {@code --file} naming the global file ({@code ~/.gitconfig},
     * {@code ~/.config/git/config}).
     */
    static boolean isGitConfigUserScope(Cmd c) {
        if (c.anyFlag("--global --system")) {
            return true;
        }
        String f = c.valueOf("--file -f");
        return Regex.matches(f, "(~|\\$HOME|\\$\\{HOME\\}|/home/[^/]+|/Users/[^/]+|/root)/(\\.gitconfig|\\.config/git/config)|/etc/gitconfig");
    }

    /**
     * True for a repository-level git setting that runs a program from outside the project:
     * {@code core.fsmonitor}, {@code core.sshCommand}, a pager or editor, a {@code !} alias, or
     * {@code core.hooksPath} pointing out of the project ({@code core.hooksPath .githooks} is how
     * projects share hooks and stays allowed).
     */
    static boolean isGitConfigLocalProgram(Cmd c) {
        if (!isGitConfigSetsProgram(c) || isGitConfigUserScope(c)) {
            return false;
        }
        List<String> p = gitConfigOperands(c);
        if (p.size() < 3) {
            return false;
        }
        String key = p.get(1).toLowerCase(java.util.Locale.ROOT);
        String value = p.get(2);
        if (key.equals("core.hookspath")) {
            return value.startsWith("/") || value.startsWith("~") || value.startsWith("$") || value.startsWith("..");
        }
        // an alias runs only when called by its name, and its command line is split and judged
        // where it is stored (CommandSettings); the other keys run on their own, on later git commands
        // a credential helper by name (`store`, `cache --timeout=…`) is one of git's own programs
        return !key.startsWith("alias.") && !(key.startsWith("credential") && !value.startsWith("!") && !value.startsWith("/"));
    }

    /**
     * True when git's own {@code -c NAME=VALUE} comes before the subcommand ({@code git -c
     * core.pager=… switch main}), which can set a program git runs; not a subcommand's {@code -c}
     * ({@code git switch -c topic} creates a branch). Without a subcommand any {@code -c} counts.
     */
    static boolean isGitConfigOption(Cmd c) {
        String sub = c.getGitSub();
        for (String a : c.getArgs()) {
            if (a.startsWith("-c")) {
                return true;
            }
            if (!sub.isEmpty() && a.equals(sub)) {
                return false;
            }
        }
        return false;
    }

    /**
     * The folders whose content anyone may have put there, beside the temporary ones
     * ({@link PathFacts#isTemp}): the downloads folder of a user, in the Linux, macOS and Windows
     * spellings ({@code ~/Downloads}, {@code /Users/x/Downloads}, {@code C:/Users/x/Downloads}),
     * matched on the normalized absolute path, case-insensitively (macOS and Windows file systems).
     */
    private static final java.util.regex.Pattern UNTRUSTED_FOLDERS = java.util.regex.Pattern.compile(
            "(?i)^(?:/home/[^/]+|/Users/[^/]+|/root|[a-z]:[/\\\\]Users[/\\\\][^/\\\\]+)[/\\\\]Downloads(?:[/\\\\].*)?$");

    /** True when {@code abs} lies in a folder anyone may have filled: a temporary or downloads folder ({@link #UNTRUSTED_FOLDERS}). */
    static boolean isUntrustedFolder(String abs, String home) {
        return PathFacts.isTemp(abs) || UNTRUSTED_FOLDERS.matcher(abs).matches()
                || home != null && !home.isEmpty() && (abs.equals(home + "/Downloads") || abs.startsWith(home + "/Downloads/"));
    }

    /** Wrappers that run their command on this machine, in the folder they run in. */
    private static final java.util.Set<String> HOST_WRAPPERS = java.util.Set.of("sudo", "env", "time", "nice", "nohup",
            "timeout", "command", "builtin", "exec", "xargs");

    /** The subcommands of npm, yarn, pnpm and bun that run the package's own scripts (lifecycle scripts on install). */
    private static final java.util.Set<String> SCRIPT_RUNS = java.util.Set.of("run", "run-script", "test", "t", "start",
            "install", "i", "ci", "rebuild", "restart", "stop");

    /**
     * True when make, or npm, yarn, pnpm or bun running the package's scripts, works in a
     * temporary or downloads folder outside the project ({@link #isUntrustedFolder}): the folder
     * it runs in, or make's {@code -C DIR}.
     *
     * <p>WHY: the Makefile or package.json there is whoever wrote the folder's: running it runs
     * their commands, as git's configuration there does (SW4110). The folder the text does not
     * tell is judged by the other rules.
     */
    static boolean runsProjectToolInUntrustedFolder(Cmd c, Ctx ctx) {
        String name = c.getName();
        List<String> args = c.getArgs();
        List<String> dirsNamed = new ArrayList<>();
        List<String> wrappers = c.getWrappers();
        if (!wrappers.stream().allMatch(w -> HOST_WRAPPERS.contains(w) || Cmd.SHELLS.contains(w) || w.equals("eval"))
                || java.util.Set.of("SETTING", "LATER_FILE").contains(c.getProvenance())
                || c.getProvenance().equals("HEREDOC_SCRIPT") && (wrappers.isEmpty() || !Cmd.SHELLS.contains(wrappers.get(wrappers.size() - 1)))) {
            // run by a container, a remote machine or a written file read later: not this machine's
            // folder. Every other nesting (brace group, subshell, `bash -c`, eval, a function) runs
            // here, and so does a here-document, here-string or piped text a shell reads on
            // standard input (`bash <<< 'cd /tmp/x && make'`): the same commands as typed, whose
            // `cd`s WorkingDirs follows like a payload's
            return false;
        }
        if (name.equals("make") || name.equals("gmake")) {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("-C") || a.equals("--directory")) {
                    dirsNamed.add(i + 1 < args.size() ? args.get(i + 1) : "");
                } else if (a.startsWith("--directory=")) {
                    dirsNamed.add(a.substring("--directory=".length()));
                } else if (a.startsWith("-C") && a.length() > 2) {
                    dirsNamed.add(a.substring(2));
                }
            }
        } else if (java.util.Set.of("npm", "yarn", "pnpm", "bun").contains(name)) {
            String sub = args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(name.equals("yarn") ? "install" : "");
            if (!SCRIPT_RUNS.contains(sub)) {
                return false;
            }
        } else {
            return false;
        }
        if (dirsNamed.isEmpty()) {
            dirsNamed.add(".");
        }
        return reachesUntrustedFolder(c, ctx, dirsNamed);
    }

    /**
     * A {@code -DNAME=VALUE} cache setting of cmake naming no path or program: a plain choice
     * ({@code -DCMAKE_BUILD_TYPE=Release}, {@code -DBUILD_TESTING=OFF}, {@code -DCMAKE_CXX_STANDARD=17}).
     * WHY so narrow: a relative value is a file too ({@code -DCMAKE_TOOLCHAIN_FILE=tc.cmake} is
     * looked up in the build folder first, {@code -DCMAKE_PROJECT_INCLUDE=x.cmake} runs a script,
     * {@code -DFoo_DIR=cfg} runs a package's config, {@code -DCMAKE_MAKE_PROGRAM=x} names the
     * program), so cmake's own variables are only the listed choices, another name must not end
     * like a file, folder or program setting, and a value holds no dot but a version's.
     */
    private static final java.util.regex.Pattern CMAKE_PLAIN_SETTING = java.util.regex.Pattern.compile(
            "-D(?!CMAKE_)(?![A-Za-z0-9_]*(?i:_DIR|_DIRS|_ROOT|_PATH|_PATHS|_FILE|_FILES|_INCLUDE|_INCLUDES|_EXECUTABLE|_PROGRAM"
            + "|_COMPILER|_LAUNCHER|_LINKER|_SCRIPT|_COMMAND|_HOME|_PREFIX|_CONFIG|_MODULE|_TOOLCHAIN)(:[A-Z]+)?=)"
            + "[A-Za-z_][A-Za-z0-9_]*(:(BOOL|STRING))?=([A-Za-z0-9_,+-]*|[0-9]+(\\.[0-9]+)+)"
            + "|-DCMAKE_(BUILD_TYPE|EXPORT_COMPILE_COMMANDS|VERBOSE_MAKEFILE|COLOR_DIAGNOSTICS|POSITION_INDEPENDENT_CODE"
            + "|C_STANDARD|CXX_STANDARD|CXX_STANDARD_REQUIRED|CXX_EXTENSIONS|INTERPROCEDURAL_OPTIMIZATION|UNITY_BUILD)"
            + "(:(BOOL|STRING))?=[A-Za-z0-9_+-]*");

    /**
     * make's words that name no other build file, folder, program or setting: {@code -j4},
     * {@code -j 4}, {@code -k}, {@code -s}, a target (never starting with {@code -}: {@code -f x.mk},
     * {@code -fx.mk}, {@code -Cdir}, {@code -I inc} all read other files).
     */
    private static final java.util.regex.Pattern MAKE_PLAIN_WORD = java.util.regex.Pattern.compile("-j[0-9]*|-k|-s|[A-Za-z0-9_][A-Za-z0-9_.-]*");

    /**
     * True when {@code g} is a top-level {@code cmake -S SRC -B DIR} (or {@code cmake -B DIR} in
     * the folder it runs in) whose source lies inside the project, and {@code m} a top-level
     * {@code make} later in the same command that runs in DIR and nothing else ({@code cmake -S .
     * -B /tmp/build && cd /tmp/build && make}): the Makefile there is the one cmake just wrote
     * from the project's CMakeLists.txt. The rule also asks for a plain {@code mkdir DIR} before
     * cmake ({@link #createsFreshBuildFolderOf}) and that every command from it to {@code m} follows
     * {@code &&}, so a folder that existed, or a failed cmake, leaves no other build file run.
     *
     * <p>FAIL CLOSED: any other cmake word ({@code -C} an initial cache script, {@code -P}, a
     * toolchain or a {@code -D} value naming a path or program, a positional source or build
     * folder), a wrapper, a word not literal, a make word naming another Makefile, an include
     * folder or a variable ({@code -f}, {@code -I}, {@code CC=…}), or a folder the text does not
     * tell, and the pair is not spared.
     */
    static boolean generatesBuildFolderOf(Cmd g, Cmd m, Ctx ctx) {
        if (!(m.getPath().equals("make") || m.getPath().equals("gmake")) || g.getId() >= m.getId() || !plainTopLevel(m)) {
            return false;
        }
        String folder = cmakeBuildFolder(g, ctx);
        if (folder == null) {
            return false;
        }
        List<String> made = new ArrayList<>();
        List<String> margs = m.getArgs();
        for (int i = 0; i < margs.size(); i++) {
            String a = margs.get(i);
            if (a.equals("-C") && i + 1 < margs.size()) {
                made.add(margs.get(++i));
            } else if (!MAKE_PLAIN_WORD.matcher(a).matches()) {
                return false;
            }
        }
        if (made.isEmpty()) {
            made.add(".");
        }
        for (String dir : m.dirs(ctx)) {
            for (String r : made) {
                String known = PathFacts.resolveFromAny(PathFacts.unquote(r), dir, ctx.home());
                if (known == null || !PathFacts.normalize(known).equals(folder)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * True when {@code k} is a top-level {@code mkdir DIR} (no option: {@code -p} succeeds on a
     * folder that exists) making the folder cmake {@code g} generates into ({@link #cmakeBuildFolder}),
     * before it. WHY: a temporary folder is one anyone may have filled, an earlier command of the
     * agent's included (writes there are allowed), and a GNUmakefile or makefile there is read before
     * the Makefile cmake writes, a CMakeCache.txt there sets its compilers; a plain mkdir fails when
     * the folder exists, so after {@code mkdir /tmp/build &&} the folder is new and the user's own.
     */
    static boolean createsFreshBuildFolderOf(Cmd k, Cmd g, Ctx ctx) {
        if (!k.getPath().equals("mkdir") || k.getId() >= g.getId() || !plainTopLevel(k)) {
            return false;
        }
        String folder = cmakeBuildFolder(g, ctx);
        if (folder == null || k.getArgs().stream().anyMatch(a -> a.startsWith("-"))) {
            return false;
        }
        for (String dir : k.dirs(ctx)) {
            boolean made = false;
            for (String a : k.getArgs()) {
                String known = PathFacts.resolveFromAny(PathFacts.unquote(a), dir, ctx.home());
                made |= known != null && PathFacts.normalize(known).equals(folder);
            }
            if (!made) {
                return false;
            }
        }
        return true;
    }

    /** A top-level command with literal words, no wrapper, no assignment prefix and no pipe. */
    private static boolean plainTopLevel(Cmd c) {
        return c.getWrappers().isEmpty() && c.getParent() < 0 && "TOP".equals(c.getProvenance()) && c.isStatic()
                && c.getAssignments().isEmpty() && c.getStages() == 1;
    }

    /**
     * The folder a top-level {@code cmake -S SRC -B DIR} (or {@code cmake -B DIR} in the folder it
     * runs in) generates into, when its source lies inside the project and every other word is a
     * plain setting ({@link #CMAKE_PLAIN_SETTING}); null otherwise, and for a downloads folder.
     */
    private static String cmakeBuildFolder(Cmd g, Ctx ctx) {
        if (!g.getPath().equals("cmake") || !plainTopLevel(g)) {
            return null;
        }
        String source = ".";
        String build = null;
        List<String> args = g.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("-S") || a.equals("-B") || a.equals("-G")) && i + 1 < args.size()) {
                String v = args.get(++i);
                if (a.equals("-S")) {
                    source = v;
                } else if (a.equals("-B")) {
                    build = v;
                }
            } else if (a.startsWith("-S") && a.length() > 2) {
                source = a.substring(2);
            } else if (a.startsWith("-B") && a.length() > 2) {
                build = a.substring(2);
            } else if (!CMAKE_PLAIN_SETTING.matcher(a).matches()) {
                return null;
            }
        }
        if (build == null) {
            return null;
        }
        String folder = null;
        for (String dir : g.dirs(ctx)) {
            String src = PathFacts.resolveFromAny(PathFacts.unquote(source), dir, ctx.home());
            String out = PathFacts.resolveFromAny(PathFacts.unquote(build), dir, ctx.home());
            if (src == null || out == null || !PathFacts.isInside(PathFacts.normalize(src), ctx.project())
                    || folder != null && !folder.equals(PathFacts.normalize(out))) {
                return null;
            }
            folder = PathFacts.normalize(out);
            if (isUntrustedFolder(folder, ctx.home()) && !PathFacts.isTemp(folder)) {
                // a downloads folder holds what was downloaded: a GNUmakefile or makefile there
                // wins over the Makefile cmake writes, a CMakeCache.txt there sets its compilers
                return null;
            }
        }
        return folder;
    }

    /**
     * True when some folder of {@code folders} (words as written: {@code -C DIR}, {@code .}),
     * resolved against every directory {@code c} may run in, lies in an untrusted folder outside
     * the project ({@link #isUntrustedFolder}). A folder the text does not tell is left to the other
     * rules, but an absolute one names the same folder from anywhere
     * ({@code cd "$X" && git -C /tmp/x status}).
     */
    private static boolean reachesUntrustedFolder(Cmd c, Ctx ctx, List<String> folders) {
        for (String dir : c.dirs(ctx)) {
            for (String r : folders) {
                String known = PathFacts.resolveFromAny(PathFacts.unquote(r), dir, ctx.home());
                if (known == null) {
                    continue;
                }
                String abs = PathFacts.normalize(known);
                if (isUntrustedFolder(abs, ctx.home()) && !PathFacts.isInside(abs, ctx.project())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True when git works in a repository below a temporary or downloads folder outside the
     * project ({@link #isUntrustedFolder}): a {@code -C DIR}, {@code --git-dir DIR},
     * {@code GIT_DIR=} or the folder it runs in. Clone and init, which make a repository rather
     * than read one, and help are not counted.
     *
     * <p>WHY: a repository's configuration runs programs on a plain read ({@code core.fsmonitor}
     * on {@code git status}, a pager, hooks), and in a temporary folder any earlier command, the
     * agent's included, may have written that configuration unasked, since writes there are allowed;
     * a downloaded repository's configuration is whoever made the download's.
     * A sibling repository's configuration could only be written with the user's approval (SW2031).
     */
    static boolean gitRunsInTempRepository(Cmd c, Ctx ctx) {
        if (!c.getName().equals("git") || c.git("clone init version help") || c.isInfoOnly()) {
            return false;
        }
        List<String> repos = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size() && !c.getArgs().get(i).equals("--"); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("-C") || a.equals("--git-dir")) {
                repos.add(i + 1 < c.getArgs().size() ? c.getArgs().get(++i) : "");
            } else if (a.startsWith("--git-dir=")) {
                repos.add(a.substring("--git-dir=".length()));
            } else if (a.startsWith("-C") && a.length() > 2) {
                repos.add(a.substring(2));
            } else if (!a.startsWith("-")) {
                break; // the subcommand: what follows is its own
            }
        }
        for (String as : c.getAssignments()) {
            if (as.startsWith("GIT_DIR=")) {
                repos.add(as.substring("GIT_DIR=".length()));
            }
        }
        repos.add(".");
        return reachesUntrustedFolder(c, ctx, repos);
    }

    /**
     * True when git works in the project's own repository: every directory the segment may run in
     * and every {@code -C DIR} (resolved against them) is the project or below it.
     *
     * <p>WHY: another repository's configuration names programs git runs on a plain read
     * ({@code core.fsmonitor} on {@code git status}, {@code gpg.program} with
     * {@code log.showSignature}, {@code diff.external}); a repository in a temporary or sibling
     * folder may be anyone's (`cd /tmp/x && git status`, `git -C ../clone log`).
     */
    static boolean gitRunsInsideProject(Cmd c, Ctx ctx) {
        String project = ctx.project();
        List<String> dirs = c.dirs(ctx);
        for (String dir : dirs) {
            if (dir.equals(WorkingDirs.UNKNOWN) || !PathFacts.isInside(PathFacts.normalize(dir), project)) {
                return false;
            }
        }
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("--")) {
                break;
            }
            String target = a.equals("-C") ? (i + 1 < c.getArgs().size() ? c.getArgs().get(++i) : "") : a.startsWith("-C") ? a.substring(2) : null;
            if (target == null) {
                continue;
            }
            String plain = PathFacts.unquote(target);
            if (plain.isEmpty() || plain.indexOf('$') >= 0 || plain.indexOf('`') >= 0) {
                return false;
            }
            for (String dir : dirs) {
                if (!PathFacts.isInside(PathFacts.resolve(plain, dir, ctx.home()), project)) {
                    return false;
                }
            }
        }
        return true;
    }
}
