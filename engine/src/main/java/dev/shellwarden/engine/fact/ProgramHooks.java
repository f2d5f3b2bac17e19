package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.CommandSettings;
import dev.shellwarden.grammar.ProgramOptions;
import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * Settings that make a program run another program or load code from elsewhere: assignment
 * prefixes and exports of hook variables ({@code PAGER=P}, {@code LD_PRELOAD=x.so},
 * {@code GIT_SSH_COMMAND=…}, {@code MAKEFLAGS} with {@code SHELL=}), of variables that move where a
 * program looks up its configuration, code or network ({@code HOME=.}, {@code PATH=…},
 * {@code http_proxy=…}), and options naming a program the command starts ({@code npm
 * --script-shell=P}, {@code make SHELL=P}, {@code scp -S P}, git's {@code difftool -x}). The
 * rules read these through {@link Cmd#isAssignsHookProgram} (SW4014), {@link Cmd#isOptionHookProgram}
 * and {@link Cmd#isAssignsLookupVariable} (which the allow rules decline).
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: a hook variable counts unless its value
 * is one of the plain ones ({@link CommandSettings#isPlainSetting}, {@code Cmd}'s safe programs, the
 * per-variable values of {@code hookValueRuns}); the lookup list is broad by design, since an allow
 * rule only declines and the user is asked.
 */
final class ProgramHooks {

    private ProgramHooks() {
    }

    /**
     * Variables that move where a program finds its configuration, code, helpers, toolchain or
     * network: search paths ({@code PATH}, {@code PYTHONPATH}, {@code CDPATH}), homes and
     * configuration folders ({@code HOME}, {@code XDG_CONFIG_HOME}, {@code CURL_HOME}, {@code
     * GIT_CONFIG_GLOBAL}), git's environment ({@code GIT_DIR}, {@code GIT_TEMPLATE_DIR}, {@code
     * GIT_EXEC_PATH}), proxies, option and flag sets ({@code JAVA_TOOL_OPTIONS}, {@code GOFLAGS},
     * {@code PYTEST_ADDOPTS}), wrappers and runners, compilers, and the package managers' settings.
     * Broad by design: an allow rule only declines, and the user is asked.
     */
    private static final java.util.regex.Pattern LOOKUP_VARIABLE = java.util.regex.Pattern.compile(
            "(PATH|HOME|CDPATH|ENV|SHELL|CC|CXX|CPP|LD|AR|TMPDIR|TEMP|TMP|EDITOR|VISUAL|PAGER"
            + "|[A-Z0-9_]*(PATH|_HOME|_DIR|LIB|_OPTS|OPTIONS|FLAGS|_CONFIG[A-Z0-9_]*|_PROXY|_URL|RC|PLUGINS?|ADDOPTS|WRAPPER|RUNNER"
            + "|TOOLCHAIN|COMMAND|_CMD|_EDITOR|_PAGER|_SHELL|PRELOAD|AUDIT|_FILE|GEMFILE)"
            + "|[A-Za-z0-9_]*_proxy|GIT_[A-Z0-9_]*|LD_[A-Z0-9_]*|DYLD_[A-Z0-9_]*|PYTHON[A-Z0-9_]*|PERL5[A-Z0-9_]*|RUBY[A-Z0-9_]*"
            + "|NODE_(?!ENV=)[A-Z0-9_]*|XDG_[A-Z0-9_]*|CURL_[A-Z0-9_]*|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[A-Za-z0-9_]*|YARN_[A-Z0-9_]*"
            + "|PIP_[A-Z0-9_]*|UV_[A-Z0-9_]*|CARGO_[A-Z0-9_]*|RUSTC[A-Z0-9_]*|RUSTFLAGS|RUSTDOCFLAGS"
            + "|GO(ROOT|ENV|WORK|INSECURE|NOSUMDB|NOSUMCHECK|SUMDB|PRIVATE|NOPROXY|VCS|AUTH|FLAGS|PROXY|TOOLCHAIN|PATH|BIN)"
            + "|MAVEN_[A-Z0-9_]*|GRADLE_[A-Z0-9_]*|BUNDLE_[A-Z0-9_]*|MAKE[A-Z]*|CMAKE_[A-Z0-9_]*|DENO_[A-Z0-9_]*|BUN_[A-Z0-9_]*"
            + "|PNPM_[A-Z0-9_]*|COMPOSER_[A-Z0-9_]*|DOTNET_[A-Z0-9_]*|MSBUILD[A-Z0-9_]*|NUGET_[A-Z0-9_]*)=.*",
            java.util.regex.Pattern.DOTALL);

    /**
     * True when an assignment prefix, or an export or declaration, sets a variable that moves where
     * the program finds its configuration, code or network ({@link #LOOKUP_VARIABLE}): {@code
     * HOME=. git commit} reads a project .gitconfig, {@code http_proxy=… curl localhost} sends the
     * request elsewhere, {@code GIT_TEMPLATE_DIR=… git init} installs hooks. The allow rules take
     * no such command: its name no longer says what it runs.
     */
    /** A script variable's assignment word: a lower-case name, maybe an array element, {@code =} or {@code +=}. */
    private static final java.util.regex.Pattern SCRIPT_VARIABLE = java.util.regex.Pattern.compile(
            "([a-z_][a-z0-9_]*)(\\[[^\\]=]*\\])?\\+?=.*", java.util.regex.Pattern.DOTALL);

    /**
     * The lower-case special parameters of zsh (and bash's histchars, auto_resume) that change what
     * later commands do: search paths, prompts, options, the command hash, aliases and functions by
     * assignment, hook arrays (the {@code *_functions} ones), named directories, and zsh/mapfile's
     * {@code mapfile}, whose elements are files.
     */
    private static final java.util.Set<String> LOWER_CASE_SPECIALS = java.util.Set.of("path", "fpath", "cdpath", "manpath",
            "module_path", "mailpath", "psvar", "prompt", "options", "commands", "aliases", "galiases", "saliases", "functions",
            "builtins", "parameters", "nameddirs", "userdirs", "reswords", "modules", "histchars", "auto_resume", "watch",
            "mapfile", "signals", "zle_highlight", "history", "historywords", "jobdirs", "jobstates", "jobtexts", "widgets",
            "keymaps", "sysparams", "errnos", "argv", "status", "pipestatus", "funcstack", "functrace");

    /**
     * True when the segment is bare assignments of script variables only: lower-case names
     * ({@link #SCRIPT_VARIABLE}) by the shells' convention that their own and the environment's
     * variables are upper-case, none of {@link #LOWER_CASE_SPECIALS}, no {@code dis_*} table and no
     * {@code *_functions} hook array.
     */
    static boolean assignsScriptVariablesOnly(Cmd c) {
        if (c.getAssignments().isEmpty()) {
            return false;
        }
        for (String a : c.getAssignments()) {
            java.util.regex.Matcher m = SCRIPT_VARIABLE.matcher(a);
            if (!m.matches() || LOWER_CASE_SPECIALS.contains(m.group(1)) || m.group(1).startsWith("dis_")
                    || m.group(1).endsWith("_functions")) {
                return false;
            }
        }
        return true;
    }

    static boolean isAssignsLookupVariable(Cmd c) {
        List<String> all = c.assignmentWords();
        // the hook variables (PAGER, GIT_EDITOR, NODE_OPTIONS…) are SW4014's, which takes the safe values (GIT_PAGER=cat)
        // the variables added for tools' program settings (RSYNC_RSH, GH_PAGER, PYTHONPATH…) stay lookups too
        return all.stream().anyMatch(a -> LOOKUP_VARIABLE.matcher(a).matches()
                && (!HOOK_VARIABLE.matcher(a).matches() || TOOL_PROGRAM_VARIABLE.matcher(a).matches()));
    }

    /**
     * Variables that name a program, library, option set, search path or start-up folder a tool
     * loads code from: one list for {@link #TOOL_PROGRAM_VARIABLE} (no allow rule accepts them)
     * and {@link #HOOK_VARIABLE} (SW4014 judges their values).
     */
    private static final String PROGRAM_SETTING_VARIABLES =
            "SUDO_ASKPASS|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_CONFIG|RUSTC|CARGO_BUILD_RUSTC"
            + "|COMPILER_PATH|GCC_EXEC_PREFIX|WGETRC|MANOPT|LESSKEYIN|LESSKEY|LESSKEY_CONTENT|YARN_YARN_PATH|TF_CLI_CONFIG_FILE|PSQLRC"
            + "|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|GOFLAGS|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS|JAVA_OPTS|MAVEN_OPTS|GRADLE_OPTS|SBT_OPTS"
            + "|PYTHONPATH|PERL5LIB|PERLLIB|RUBYLIB|NODE_PATH|LD_LIBRARY_PATH|CLASSPATH|KUBECONFIG|AWS_CONFIG_FILE|DOCKER_CONFIG"
            + "|FZF_DEFAULT_OPTS|PYTHONWARNINGS"
            // .NET's start-up hook assemblies and profiler libraries, pytest's plugins and options,
            // ripgrep's option file (its --pre), cargo's home (config.toml), rustc's linker and backend
            + "|DOTNET_STARTUP_HOOKS|CORECLR_PROFILER_PATH(?:_32|_64|_ARM32|_ARM64)?|PYTEST_ADDOPTS|PYTEST_PLUGINS"
            + "|RIPGREP_CONFIG_PATH|CARGO_HOME|RUSTFLAGS|RUSTDOCFLAGS|CARGO_ENCODED_RUSTFLAGS"
            // package managers' and notebooks' configuration files and folders (index, channels, hooks, startup code)
            + "|PIP_CONFIG_FILE|UV_CONFIG_FILE|CONDARC|POETRY_CONFIG_DIR|HGRCPATH|JUPYTER_CONFIG_DIR|IPYTHONDIR"
            // the coding agents' settings folders and files: another one leaves out the user's,
            // where the guard's hook and the permission rules are (any value asks)
            + "|CLAUDE_CONFIG_DIR|CODEX_HOME|OPENCODE_CONFIG|OPENCODE_CONFIG_DIR|OPENCODE_CONFIG_CONTENT"
            + "|GEMINI_CLI_SYSTEM_SETTINGS_PATH|GEMINI_CLI_SYSTEM_DEFAULTS_PATH"
            + "|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_(?:[Uu][Ss][Ee][Rr]|[Gg][Ll][Oo][Bb][Aa][Ll])[Cc][Oo][Nn][Ff][Ii][Gg]"
            // code loaded through search paths, homes and start-up settings
            + "|PATH|HOME|XDG_CONFIG_HOME|CURL_HOME|GIT_DIR|GIT_COMMON_DIR|GRADLE_USER_HOME|BUNDLE_GEMFILE|GEM_HOME|GEM_PATH|OPENSSL_CONF|OPENSSL_ENGINES|OPENSSL_MODULES|MAKEFILES|DYLD_LIBRARY_PATH|DYLD_FRAMEWORK_PATH|DYLD_FALLBACK_LIBRARY_PATH|DYLD_FALLBACK_FRAMEWORK_PATH|PYTHONHOME|PYTHONUSERBASE|ZDOTDIR|GCONV_PATH|VIMINIT|GVIMINIT|EXINIT|MYVIMRC|LESS|SHELL|PYTHONBREAKPOINT|CC|CXX|CPP|LD|AR|AS|HOSTCC|FC|OBJCOPY|STRIP|NM|RANLIB|CFLAGS|CXXFLAGS|CPPFLAGS|LDFLAGS";

    /** The hook variables of {@link #HOOK_VARIABLE} added for other tools' program settings (round 6). */
    private static final java.util.regex.Pattern TOOL_PROGRAM_VARIABLE = java.util.regex.Pattern.compile(
            "(RSYNC_RSH|RSYNC_CONNECT_PROG|BORG_RSH|SVN_SSH|BAT_PAGER|PSQL_PAGER|SYSTEMD_PAGER|GH_PAGER|AWS_PAGER|DELTA_PAGER|KUBE_EDITOR|KUBECTL_EXTERNAL_DIFF"
            + "|SVN_EDITOR|GH_EDITOR|GH_BROWSER|HGEDITOR|FZF_DEFAULT_COMMAND|RESTIC_PASSWORD_COMMAND|BORG_PASSCOMMAND"
            + "|" + PROGRAM_SETTING_VARIABLES + "|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[Bb][Rr][Oo][Ww][Ss][Ee][Rr]"
            + "|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[Ii][Nn][Ii][Tt]_[Mm][Oo][Dd][Uu][Ll][Ee])=.*",
            java.util.regex.Pattern.DOTALL);

    /**
     * Assignments of variables that make a program run another: the hook variables whose value is
     * a command line ({@link CommandSettings#HOOK_VARIABLES}, split by the grammar) and those
     * naming a program, library or option set.
     */
    private static final java.util.regex.Pattern HOOK_VARIABLE = java.util.regex.Pattern.compile(
            "(" + String.join("|", new java.util.TreeSet<>(CommandSettings.HOOK_VARIABLES))
            + "|GIT_SSH|GIT_ASKPASS|SSH_ASKPASS|GIT_CONFIG_PARAMETERS|GIT_CONFIG_COUNT"
            + "|" + CommandSettings.RUNNER_VARIABLE.pattern()
            + "|LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|BASH_ENV|ENV|PERL5OPT|PERL5DB|RUBYOPT"
            // (BASHOPTS in the environment turns shopt options on in a child bash: dotglob changes what its loops match)
            // PowerShell autoloads a module by command name from every folder of PSModulePath
            + "|(?i:PSModulePath)"
            + "|PYTHONSTARTUP|PYTHONINSPECT|NODE_OPTIONS|CRASHPAGER|AUTOM4TE|SHELLOPTS|BASHOPTS|PS4|TAR_OPTIONS|GROFF_BIN_PATH|GROFF_FONT_PATH|GROFF_TMAC_PATH"
            + "|" + PROGRAM_SETTING_VARIABLES
            + "|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_(?:[Ss][Cc][Rr][Ii][Pp][Tt]_[Ss][Hh][Ee][Ll][Ll]|[Ss][Hh][Ee][Ll][Ll]|[Nn][Oo][Dd][Ee]_[Oo][Pp][Tt][Ii][Oo][Nn][Ss]|[Gg][Ii][Tt]|[Ee][Dd][Ii][Tt][Oo][Rr]|[Bb][Rr][Oo][Ww][Ss][Ee][Rr]|[Ii][Nn][Ii][Tt]_[Mm][Oo][Dd][Uu][Ll][Ee]))=(.*)",
            java.util.regex.Pattern.DOTALL);

    /**
     * True when an option of the command names a program or code that the command starts:
     * {@code npm --script-shell=P}, {@code npm --node-options='--require X'}, {@code make SHELL=P},
     * {@code scp -S P}.
     */
    static boolean isOptionHookProgram(Cmd c) {
        return switch (c.getName()) {
            case "npm", "pnpm", "yarn", "npx" -> !c.valueOf("--script-shell --shell").isEmpty()
                    && !Regex.matches(c.valueOf("--script-shell --shell"), "(/usr)?(/bin/)?(ba|z|da|k|fi)?sh|cmd(\\.exe)?|pwsh|powershell")
                    || Regex.matches(c.valueOf("--node-options"), ".*(--require|-r |--import|--loader|--experimental-loader).*");
            case "make", "gmake" -> c.argMatches("(SHELL|\\.SHELLFLAGS|MAKESHELL):?=.*") || c.getArgs().stream().anyMatch(a -> {
                java.util.regex.Matcher m = Regex.pattern("(CC|CXX|CPP|LD|AR|AS|HOSTCC|FC|OBJCOPY|STRIP|NM|RANLIB|MAKEFILES):?=(.*)").matcher(a);
                return m.matches() && hookValueRuns(m.group(1), m.group(2).trim());
            });
            // sqlite3 and DuckDB loading a native library from outside the project or an unsigned extension
            case "sqlite3", "duckdb" -> LoadedCode.consoleLoadsOutsideCode(c);
            // scp's and sftp's -S (the ssh to run) and -D (a local sftp server), also in a cluster (-qS/tmp/x)
            case "scp", "sftp" -> !SshLocalPrograms.startedPrograms(c).isEmpty();
            // `hash -p FILE NAME` makes NAME run FILE for the rest of the shell
            case "hash" -> c.argMatches("-[A-Za-z]*p.*");
            // git's program options: the pager of grep -O, difftool's command, send-email's address
            // commands, a folder of git programs or of hooks to install (any unique abbreviation)
            case "git" -> gitProgramOption(c);
            default -> false;
        // man's pager and browser are SW4024's
        } || !c.getName().equals("man") && !ProgramOptions.unsafeValues(programArgv(c)).isEmpty();
    }

    /** The command's words with its canonical name first, as {@link ProgramOptions} reads them. */
    private static List<String> programArgv(Cmd c) {
        List<String> argv = new ArrayList<>(c.getArgs().size() + 1);
        argv.add(c.getName());
        argv.addAll(c.getArgs());
        return argv;
    }

    private static boolean gitProgramOption(Cmd c) {
        for (String a : c.getArgs()) {
            int eq = a.indexOf('=');
            String value = eq < 0 ? "" : a.substring(eq + 1).trim();
            if (c.git("grep") && (a.startsWith("-O") && a.length() > 2 && !Cmd.SAFE_PROGRAMS.contains(a.substring(2).trim())
                    || Cmd.abbreviates(a, "--open-files-in-pager", 4) && !Cmd.SAFE_PROGRAMS.contains(value))
                    || c.git("difftool") && (a.equals("-x") || Cmd.abbreviates(a, "--extcmd", 5))
                    || c.git("send-email") && (Cmd.abbreviates(a, "--to-cmd", 6) || Cmd.abbreviates(a, "--cc-cmd", 6) || Cmd.abbreviates(a, "--header-cmd", 5))
                    || Cmd.abbreviates(a, "--exec-path", 7) && eq > 0
                    || Cmd.abbreviates(a, "--template", 6) && (eq < 0 || ProgramOptions.outside(value))) {
                return true;
            }
        }
        return false;
    }

    /** True when an assignment prefix points a hook variable ({@code PAGER}, {@code LD_PRELOAD}, {@code GIT_SSH_COMMAND}…) at a program. */
    static boolean isAssignsHookProgram(Cmd c) {
        // prefixes (`PAGER=x git log`), and export/declare of the variable for what follows
        List<String> all = c.assignmentWords();
        for (String a : all) {
            // PowerShell sets them as `$env:NAME='…'` for the native commands after it
            java.util.regex.Matcher m = HOOK_VARIABLE.matcher(Regex.matches(a, "(?i)\\$env:.*") ? psEnvironmentAssignment(a.substring(5)) : a);
            if (m.matches()) {
                String v = m.group(2).trim();
                // NODE_OPTIONS loads code only through these options; a computed value ($(cat f)) may hold any of them
                if (m.group(1).equals("NODE_OPTIONS") && !Regex.matches(v, "(?s).*(--require|-r |--import|--loader|--experimental-loader|--openssl-config|\\$\\(|`).*")) {
                    continue;
                }
                if (!hookValueRuns(m.group(1), v)) {
                    continue;
                }
                if (!Cmd.SAFE_PROGRAMS.contains(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A PowerShell {@code $env:NAME=VALUE} assignment (after {@code $env:}) with the name in capitals:
     * Windows' environment names do not depend on case ({@code $env:Path} is PATH), and a name
     * matched in capitals on another system only asks more.
     */
    private static String psEnvironmentAssignment(String assignment) {
        int eq = assignment.indexOf('=');
        return eq < 0 ? assignment : assignment.substring(0, eq).toUpperCase(java.util.Locale.ROOT) + assignment.substring(eq);
    }

    /** True when a compiler setting ({@code CC=…}) names a shell, an interpreter or a file in a temporary or home folder. */
    private static boolean compilerRunsOther(String value) {
        String first = value.trim().split(" +")[0];
        String base = first.substring(first.lastIndexOf('/') + 1);
        return ProgramOptions.outside(first) || Regex.matches(base, "(ba|z|da|k|fi|tc|c)?sh|env|eval|rm|dd|python[0-9.]*|perl|ruby|node|curl|wget")
                || java.util.Arrays.stream(value.trim().split(" +")).skip(1).anyMatch(w -> Regex.matches(w, "(ba|z|da|k)?sh|-c|rm|-rf|/|~.*"));
    }

    /**
     * For the variables that run a program only with some values: true when {@code value} does
     * ({@code MAKEFLAGS} with {@code SHELL=}, {@code JAVA_TOOL_OPTIONS} with an agent, a library
     * path into a temporary or home folder, a config file in a temporary folder, ssh for the ssh
     * commands of rsync, borg and svn); true for every other variable.
     */
    private static boolean hookValueRuns(String name, String value) {
        // plain option words (PERL5OPT=-w, RUBYOPT=-W0) and a known pager or editor with plain options (EDITOR='code --wait')
        if (CommandSettings.isPlainSetting(name, value)) {
            return false;
        }
        // npm reads npm_config_* in any case: its user and global config files set the registry and script shell
        if (Regex.matches(name, "(?i)npm_config_(user|global)config")) {
            return Cmd.searchPathEntries(value, false).stream().anyMatch(ProgramOptions::temporary);
        }
        return switch (name) {
            // plain ssh options, but a -F configuration outside ~/.ssh runs its ProxyCommand lines (SW4123's reading, fail closed)
            case "RSYNC_RSH", "BORG_RSH", "SVN_SSH" -> !Regex.matches(value, "(/usr/bin/)?ssh(\\.exe)?( +-[A-Za-z0-9=.,/:@~_-]+( +[A-Za-z0-9=.,/:@~_-]+)?)*")
                    || SshLocalPrograms.remoteShellConfigs(value).stream().anyMatch(f -> !f.startsWith("~/.ssh/") || f.contains(".."));
            case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG" -> !value.equals("/dev/null");
            case "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS" -> Regex.matches(value, "(?s).*(SHELL|MAKESHELL|\\.SHELLFLAGS)=.*|(?s).*--eval.*|(?s)(.*\\s)?-[a-zA-Z]*E.*");
            case "GOFLAGS" -> Regex.matches(value, "(?s).*-(toolexec|exec|vettool|overlay)\\b.*|(?s).*extld.*");
            case "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "JAVA_OPTS", "MAVEN_OPTS", "GRADLE_OPTS", "SBT_OPTS" ->
                    Regex.matches(value, "(?s).*(-javaagent|-agentpath|-agentlib|OnError|OnOutOfMemoryError|-Xbootclasspath).*");
            case "PYTHONPATH", "PERL5LIB", "PERLLIB", "RUBYLIB", "NODE_PATH", "LD_LIBRARY_PATH", "CLASSPATH", "DYLD_LIBRARY_PATH",
                    "DYLD_FRAMEWORK_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "DYLD_FALLBACK_FRAMEWORK_PATH", "OPENSSL_ENGINES", "OPENSSL_MODULES" ->
                    Cmd.searchPathEntries(value, false).stream().anyMatch(ProgramOptions::outside);
            // a search path, home, configuration or start-up folder in a folder anyone can write to (PATH=/tmp/x:$PATH)
            // OpenSSL's config loads engines and providers (shared libraries) into every program linked
            // with it, curl, git and python included: only the system's own configuration is plain
            case "OPENSSL_CONF" -> !Regex.matches(value, "/(etc|usr|opt/homebrew/etc)/[A-Za-z0-9_./-]*|/dev/null");
            case "PATH", "HOME", "XDG_CONFIG_HOME", "GIT_DIR", "GIT_COMMON_DIR", "GRADLE_USER_HOME", "BUNDLE_GEMFILE", "GEM_HOME", "GEM_PATH",
                    "MAKEFILES", "PYTHONHOME", "PYTHONUSERBASE", "ZDOTDIR", "MYVIMRC" ->
                    Cmd.searchPathEntries(value, true).stream().anyMatch(ProgramOptions::temporary);
            // less's start-up command (+cmd) running a shell (!), a pipe (|) or saving a file (s)
            case "LESS" -> Regex.matches(value, "(?s)(.*\\s)?-*[A-Za-z]*\\+\\+?:?[!|s].*");
            // programs that start $SHELL (script, screen, tmux, sudo -s, vim's :!): a plain shell is no hook
            case "SHELL" -> !Regex.matches(value, "(/usr)?(/local)?(/s?bin/)?(ba|z|da|k|mk|fi|tc|c|y|x)?sh|(/usr)?(/local)?(/bin/)?(fish|nu|xonsh|elvish|pwsh)"
                    + "|/bin/false|(/usr)?/s?bin/nologin");
            // gcc's -wrapper runs a program around every pass; plugins, -B and spec files load code from a folder
            case "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS" -> Regex.matches(value, "(?s)(.*\\s)?(-wrapper|-fplugin=|-B|--?specs=|-Wl,-plugin|-Xlinker -plugin).*");
            case "PYTHONBREAKPOINT" -> !Regex.matches(value, "0?|[A-Za-z0-9_.]*(pdb|pudb|ipdb|debugpy|breakpoint)[A-Za-z0-9_.]*");
            // a compiler, linker or archiver that make and configure run through a shell: a program and its words only
            case "CC", "CXX", "CPP", "LD", "AR", "AS", "HOSTCC", "FC", "OBJCOPY", "STRIP", "NM", "RANLIB" ->
                    !Regex.matches(value, "([A-Za-z0-9_./+=,:@%-]+|\\$\\((which|command -v) [A-Za-z0-9_.+-]+\\))( +[A-Za-z0-9_./+=,:@%-]+)*") || compilerRunsOther(value);
            case "KUBECONFIG", "AWS_CONFIG_FILE", "DOCKER_CONFIG", "RIPGREP_CONFIG_PATH", "CARGO_HOME", "PIP_CONFIG_FILE", "UV_CONFIG_FILE",
                    "CONDARC", "POETRY_CONFIG_DIR", "HGRCPATH", "JUPYTER_CONFIG_DIR", "IPYTHONDIR" ->
                    Cmd.searchPathEntries(value, false).stream().anyMatch(ProgramOptions::temporary);
            // pytest loads -p NAME as a plugin module (-p no:NAME only disables one)
            case "PYTEST_ADDOPTS" -> Regex.matches(value, "(?s)(.*\\s)?-p\\s*(?!no:)\\S.*|(?s).*\\$\\(.*|(?s).*`.*");
            // a linker, a codegen backend or a linker plugin is a program or library rustc runs
            case "RUSTFLAGS", "RUSTDOCFLAGS", "CARGO_ENCODED_RUSTFLAGS" ->
                    Regex.matches(value, "(?s).*(linker\\s*=|codegen-backend|-Z\\s*plugin|link-args?=.*(-B|plugin|wrapper)|\\$\\(|`).*");
            // wget's start-up file: read as `wget --config FILE` is (ProgramOptions' CONFIG: asked in a temporary folder; left40)
            case "WGETRC" -> ProgramOptions.temporary(value) || Regex.matches(value, "(?s).*(\\$\\(|`).*");
            // tar's own options put before its words: only those that run a program (-I, --to-command, --info-script…; left40)
            case "TAR_OPTIONS" -> Regex.matches(value, "(?s).*(\\$\\(|`).*")
                    || !ProgramOptions.unsafeValues("tar", value).isEmpty();
            // a library the system installed (jemalloc, tcmalloc) preloaded for memory or profiling is no hook of the text's choosing
            case "LD_PRELOAD" -> !java.util.Arrays.stream(value.trim().split("[:\\s]+"))
                    .allMatch(l -> Regex.matches(l, "/(usr/)?(local/)?lib(32|64|x32)?/([A-Za-z0-9_+-]+/)?lib[A-Za-z0-9_+.-]*\\.so(\\.[0-9]+)*"));
            case "FZF_DEFAULT_OPTS" -> Regex.matches(value, "(?s).*(--preview|--bind|execute|become|reload).*");
            // warning:message:CATEGORY:module:line; a dotted category is imported as a module
            case "PYTHONWARNINGS" -> Regex.matches(value, "(?s)(.*,)?[^:,]*:[^:,]*:[^:,]*\\.[^:,]*.*");
            default -> true;
        };
    }
}
