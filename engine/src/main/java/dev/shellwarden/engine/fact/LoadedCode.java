package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A file a command loads as code though it does not run it by name, or a folder it loads code from,
 * for {@link Cmd#runsFileWrittenBy}: what an assignment loads ({@code LD_PRELOAD=./x.so},
 * {@code BASH_ENV=./e.sh}, {@code NODE_OPTIONS='--require ./x.js'}, {@code PATH=.:$PATH},
 * {@code LD_LIBRARY_PATH=./lib}), a kubeconfig given as an option (its credential plugin runs), the
 * Python modules a run imports from where it starts, and the files inline code includes. A file
 * written or fetched earlier in the same command and loaded so runs as surely as {@code sh ./x.sh}
 * (SW4004, SW4005).
 *
 * <p>{@code names} are the files a folder entry picks up (empty: any file; {@code "."}: any
 * dotfile; {@code "*.py"}: any module). It reads only the {@link Cmd} it is given.
 */
record LoadedCode(String path, boolean folder, Set<String> names) {

    /**
     * True when {@code writer} only stores an ssh configuration a machine tool generates for its own
     * guest ({@code vagrant ssh-config > c}, {@code limactl show-ssh --format=config default > c}):
     * host, port, user and key of the machine, no command of the text's choosing, so
     * {@code ssh -F c default} after it is everyday use (kept beside the ssh reading below); or a
     * copy of the user's own configuration ({@link #copiesOwnSshConfig}).
     */
    static boolean generatesSshConfig(Cmd writer) {
        return writer.named("vagrant") && writer.sub("ssh-config") || writer.named("limactl") && writer.sub("show-ssh")
                || copiesOwnSshConfig(writer);
    }

    /**
     * True when {@code writer} is a cp of nothing but the user's own ssh configuration
     * ({@code cp ~/.ssh/config c}, {@code cp /etc/ssh/ssh_config c}): the copy holds what every ssh
     * call reads already, so loading it with {@code -F} runs nothing new. A change to that
     * configuration in the same command is a write to ~/.ssh, which the persistence rules judge.
     */
    private static boolean copiesOwnSshConfig(Cmd writer) {
        if (!writer.named("cp") || writer.isDynamicArgs() || !writer.getRedirectWrites().isEmpty()) {
            return false;
        }
        List<String> sources = writer.transfer().sources();
        return !sources.isEmpty() && sources.stream().map(PathFacts::unquote)
                .allMatch(s -> Regex.matches(s, "(~|\\$HOME|\\$\\{HOME\\})/\\.ssh/config|/etc/ssh/ssh_config"));
    }

    /**
     * Options whose file the program loads and runs as code, by program: bash's {@code enable -f}
     * (a builtin's shared object), node's preloads ({@code --import}, {@code -r}/{@code --require},
     * loaders), CMake's initial cache script {@code -C} (CMake code: execute_process runs),
     * openssl's {@code -engine} library, ssh-keygen's PKCS#11 library {@code -D}, at's and batch's
     * job file {@code -f}, wget's {@code --config} (a wgetrc's {@code use_askpass} runs a program,
     * its {@code post_file} sends a file). WHY (rt38): a file the same command downloaded and given to one of these
     * runs as surely as {@code sh FILE}, so it meets SW4004/SW4005 like one; a file already on disk
     * is the user's (the tools' other rules judge where it lies).
     */
    private static final java.util.Map<String, String> CODE_OPTIONS = java.util.Map.of(
            "enable", "-f",
            "node", "--import -r --require --loader --experimental-loader",
            "nodejs", "--import -r --require --loader --experimental-loader",
            "cmake", "-C",
            "openssl", "-engine",
            "ssh-keygen", "-D",
            "at", "-f",
            "batch", "-f",
            "wget", "--config",
            "wget2", "--config");

    /**
     * Everything {@code c} loads as code: through its assignment prefixes or exports, its own
     * options, the Python module path, and the files its inline code includes, in that order.
     */
    static List<LoadedCode> loadedBy(Cmd c) {
        List<LoadedCode> loaded = new ArrayList<>(loadedByAssignments(c));
        loaded.addAll(loadedByOptions(c));
        String loaders = CODE_OPTIONS.get(c.getName());
        if (loaders != null) {
            for (String v : c.valuesOf(loaders)) {
                String path = PathFacts.unquote(v);
                if (!path.isEmpty()) {
                    loaded.add(new LoadedCode(path, false, Set.of()));
                }
            }
        }
        if (c.named("git") && c.git("clone init")) {
            // the template folder's hooks are copied into the new repository, and post-checkout runs
            // at the clone's checkout, the others at later commands (`git clone --template=/tmp/t URL`; rt38)
            for (String t : c.valuesOf("--template")) {
                String path = PathFacts.unquote(t);
                if (!path.isEmpty()) {
                    loaded.add(new LoadedCode(PathFacts.asFolder(path) + "hooks", true, Set.of()));
                }
            }
        }
        loaded.addAll(pythonModulesLoaded(c));
        for (String l : InlineCode.payloadLoadedFiles(c)) {
            loaded.add(new LoadedCode(l, false, Set.of()));
        }
        return loaded;
    }

    /**
     * The files this command loads as code through its own options: kubectl's, oc's and helm's
     * {@code --kubeconfig FILE}, whose {@code users[].user.exec} credential plugin is a program the
     * client runs (and whose server receives the credentials it holds). A kubeconfig written or
     * fetched earlier in the same command and loaded this way is run like {@code sh ./x.sh}
     * (SW4005, SW4004); one already in a folder is the user's, as {@code KUBECONFIG=} is. ssh's,
     * scp's and sftp's {@code -F FILE} is read the same way: its ProxyCommand and LocalCommand run.
     */
    /**
     * ssh's -F configuration: it runs its ProxyCommand, LocalCommand, KnownHostsCommand and Match exec
     * lines (SW4002 reads {@code -F <(curl …)}; a file stored earlier in the command is the same).
     */
    private static List<LoadedCode> sshConfigs(Cmd c) {
        return SshLocalPrograms.configFiles(c).stream().map(f -> new LoadedCode(f, false, Set.of()))
                .filter(l -> !l.path().isEmpty() && !l.path().equals("none")).toList();
    }

    private static List<LoadedCode> loadedByOptions(Cmd c) {
        if (ConsoleCommands.knows(c)) {
            // a console's command files and redirected input (`psql -f s.sql`, `mysql app < s.sql`,
            // `gdb -x s.gdb`), and what sqlite3's and DuckDB's dot-commands read or load
            List<LoadedCode> out = new ArrayList<>();
            for (String f : ConsoleCommands.commandFiles(c)) {
                out.add(new LoadedCode(f, false, Set.of()));
            }
            if (c.named("sqlite3 duckdb")) {
                out.addAll(consoleScripts(c));
            }
            if (c.named("sftp")) {
                out.addAll(sshConfigs(c)); // sftp is both: its -b batch and its -F configuration
            }
            return out;
        }
        if (c.named("ssh autossh scp sftp sshfs rsync mosh")) {
            return sshConfigs(c);
        }
        if (!c.named("kubectl oc k helm helmfile kubectx kubens")) {
            return List.of();
        }
        List<LoadedCode> out = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.equals("--kubeconfig") && i + 1 < c.getArgs().size()) {
                out.add(new LoadedCode(PathFacts.unquote(c.getArgs().get(i + 1)), false, Set.of()));
            } else if (a.startsWith("--kubeconfig=")) {
                out.add(new LoadedCode(PathFacts.unquote(a.substring("--kubeconfig=".length())), false, Set.of()));
            }
        }
        out.removeIf(l -> l.path().isEmpty());
        return out;
    }

    /** A dot command or SQL call of sqlite3's and DuckDB's consoles that reads a file as commands or loads it as native code. */
    private static final java.util.regex.Pattern CONSOLE_LOAD = java.util.regex.Pattern.compile(
            "(?im)^\\s*\\.(?:read|load)\\s+['\"]?([^'\"|\\s][^'\"\\s]*)|\\b(?:load_extension\\s*\\(|load\\s+)\\s*['\"]([^'\"]+)['\"]");

    /** A native library the console loads: {@code .load LIB}, {@code load_extension('LIB')}, DuckDB's {@code LOAD 'LIB'} (a bare name is an installed extension). */
    private static final java.util.regex.Pattern CONSOLE_LIBRARY = java.util.regex.Pattern.compile(
            "(?im)^\\s*\\.load\\s+['\"]?([^'\"\\s]+)|\\b(?:load_extension\\s*\\(|load\\s+)\\s*['\"]([^'\"]+)['\"]");
    /** DuckDB's extension settings that fetch or accept code no signature vouches for: an INSTALL from a repository URL, unsigned or community-unverified loads. */
    private static final java.util.regex.Pattern CONSOLE_UNREVIEWED_EXTENSION = java.util.regex.Pattern.compile(
            "(?is)\\binstall\\b[^;]*\\bfrom\\s+['\"]?(?!core\\b|core_nightly\\b|community\\b)[^;\\s]|allow_unsigned_extensions|allow_extensions_metadata_mismatch|custom_extension_repository|autoinstall_extension_repository|-unsigned\\b");

    /**
     * True when sqlite3 or DuckDB loads native code the project does not hold: a library outside
     * it ({@code .load /tmp/x}, {@code load_extension('/tmp/x.so')}, {@code LOAD '/tmp/x.duckdb_extension'}),
     * or an extension from a repository URL or without a signature ({@code INSTALL x FROM 'https://…'},
     * {@code SET allow_unsigned_extensions=true}, {@code duckdb -unsigned}). WHY: an extension is a
     * shared library whose code runs in the console's process, as {@code LD_PRELOAD=/tmp/x.so} would
     * (SW4014); a project's own library ({@code .load ./ext/vec0}) and the signed core and community
     * repositories stay quiet.
     */
    static boolean consoleLoadsOutsideCode(Cmd c) {
        if (!c.named("sqlite3 duckdb")) {
            return false;
        }
        for (String a : c.getArgs()) {
            String sql = PathFacts.unquote(a);
            if (CONSOLE_UNREVIEWED_EXTENSION.matcher(sql).find()) {
                return true;
            }
            java.util.regex.Matcher m = CONSOLE_LIBRARY.matcher(sql);
            while (m.find()) {
                String lib = m.group(1) != null ? m.group(1) : m.group(2);
                if (lib.contains("/") && (lib.startsWith("/") || lib.startsWith("~") || lib.startsWith("$") || lib.contains(".."))
                        || dev.shellwarden.grammar.ProgramOptions.outside(lib)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The files sqlite3's and DuckDB's consoles run as their own input or load as native code:
     * {@code -init FILE}, {@code .read FILE}, {@code .load LIB},
     * {@code load_extension('LIB')} and DuckDB's {@code LOAD 'LIB'}. WHY: a console's input runs its
     * {@code .shell} lines, and an extension is a native library: such a file written earlier in
     * the same command is run unseen ({@code printf '.shell …' > q.sql && sqlite3 db < q.sql}), as
     * {@code sh ./x.sh} would run it (SW4005).
     */
    private static List<LoadedCode> consoleScripts(Cmd c) {
        List<LoadedCode> out = new ArrayList<>();
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-init") && i + 1 < args.size()) {
                out.add(new LoadedCode(PathFacts.unquote(args.get(++i)), false, Set.of()));
                continue;
            }
            java.util.regex.Matcher m = CONSOLE_LOAD.matcher(PathFacts.unquote(a));
            while (m.find()) {
                out.add(new LoadedCode(m.group(1) != null ? m.group(1) : m.group(2), false, Set.of()));
            }
        }
        java.util.regex.Matcher m = CONSOLE_LOAD.matcher(c.getStdin() == null ? "" : c.getStdin());
        while (m.find()) {
            out.add(new LoadedCode(m.group(1) != null ? m.group(1) : m.group(2), false, Set.of()));
        }
        out.removeIf(l -> l.path().isEmpty());
        return out;
    }

    /**
     * The code this command loads through its assignment prefixes, or through an export or
     * declaration for what follows: a file written or fetched earlier in the same command and
     * loaded this way is run as surely as {@code sh ./x.sh} (SW4004, SW4005).
     */
    private static List<LoadedCode> loadedByAssignments(Cmd c) {
        boolean exports = c.named(Cmd.DECLARERS) || c.getName().isEmpty();
        List<String> all = c.assignmentWords();
        List<LoadedCode> out = new ArrayList<>();
        for (String a : all) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String var = a.substring(0, eq);
            String value = PathFacts.unquote(a.substring(eq + 1).trim());
            if (Regex.matches(var, "(?i)\\$\\{?env:[A-Za-z_][A-Za-z0-9_]*\\}?")) {
                // PowerShell's `$env:PATH = '.;' + $env:PATH`: Windows names in any case, for every later command
                var = var.replaceAll("(?i)^\\$\\{?env:|\\}$", "").toUpperCase(java.util.Locale.ROOT);
                if (var.equals("PATH")) {
                    for (String e : Cmd.searchPathEntries(value, false)) {
                        String entry = e.replaceFirst("^\\s*\\+\\s*", "").strip();
                        if (!entry.isEmpty() && !Regex.matches(entry, "(?i)\\$\\{?env:path\\}?")) {
                            out.add(new LoadedCode(PathFacts.fromWindows(entry), true, Set.of()));
                        }
                    }
                    continue;
                }
            }
            switch (var) {
                case "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "BASH_ENV", "ENV", "PYTHONSTARTUP", "GIT_SSH", "GIT_ASKPASS",
                        "SSH_ASKPASS", "SUDO_ASKPASS", "MAKEFILES", "OPENSSL_CONF", "SHELL", "GIT_CONFIG_GLOBAL", "GIT_CONFIG", "KUBECONFIG",
                        "BUNDLE_GEMFILE", "MYVIMRC", "AWS_CONFIG_FILE" -> loadedFrom(out, value, "[:\\s]+", false, Set.of());
                // the earlier search path (`PATH=/tmp/x:$PATH`) is the user's own
                case "PATH" -> loadedFrom(out, String.join(":", java.util.Arrays.stream(value.split(":"))
                        .filter(p -> !p.startsWith("$PATH") && !p.startsWith("${PATH")).toList()), ":", true, exports ? Set.of() : Set.of(c.getName()));
                case "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "GCONV_PATH",
                        "OPENSSL_ENGINES", "OPENSSL_MODULES", "GIT_EXEC_PATH" -> loadedFrom(out, value, ":", true, Set.of());
                // perl's and ruby's library folders: a module written there is what PERL5OPT=-MX or RUBYOPT=-rx loads by name
                case "PERL5LIB", "PERLLIB", "RUBYLIB" -> loadedFrom(out, value, ":", true, Set.of());
                // site runs these two from every folder on the module path before any other code
                // every module on it, under its own name or shadowing the standard library's (json.py)
                case "PYTHONPATH" -> loadedFrom(out, value, ":", true, Set.of("*.py"));
                // pytest's plugins by module name (`PYTEST_ADDOPTS='-p evilplug'`; `-p no:x` disables one)
                case "PYTEST_ADDOPTS" -> loadedFiles(out, value, "-p ?([A-Za-z_][A-Za-z0-9_]*)(?![:A-Za-z0-9_])", ".py");
                // start-up files of the shells, git's and other tools' configuration
                case "HOME", "ZDOTDIR" -> out.add(new LoadedCode(value, true, Set.of(".")));
                case "NODE_OPTIONS" -> loadedFiles(out, value, "(?:--require|-r|--import|--loader|--experimental-loader|--openssl-config)[= ]+([^ ]+)", "");
                case "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "JAVA_OPTS", "MAVEN_OPTS", "GRADLE_OPTS", "SBT_OPTS" ->
                        loadedFiles(out, value, "-(?:javaagent|agentpath):([^= ]+)", "");
                case "RUBYOPT" -> loadedFiles(out, value, "-r ?([^ ]+)", ".rb");
                // wget's start-up file, as `wget --config FILE` (left40: one reading of the two)
                case "WGETRC" -> out.add(new LoadedCode(value, false, Set.of()));
                // tar puts these words before its own: the program of -I, --to-command, --info-script… (left40)
                case "TAR_OPTIONS" -> {
                    for (String run : dev.shellwarden.grammar.ProgramOptions.unsafeValues("tar", value)) {
                        String program = PathFacts.unquote(run.trim().split("\\s+")[0]);
                        if (!program.isEmpty()) {
                            out.add(new LoadedCode(program, false, Set.of()));
                        }
                    }
                }
                default -> {
                    // no file of its own
                }
            }
        }
        return out;
    }

    /**
     * The Python modules a run imports from where it starts: {@code python -m X} puts the
     * working folder first on the module path (pytest's rootdir too), so a module written
     * there ({@code json.py}) replaces the one of that name; pytest's {@code -p NAME} loads a
     * plugin module by name. A module written and then imported this way runs as surely as
     * {@code python x.py} (SW4005).
     */
    private static List<LoadedCode> pythonModulesLoaded(Cmd c) {
        List<LoadedCode> out = new ArrayList<>();
        if (Regex.matches(c.getName(), "python[0-9.]*") && c.anyFlag("-m") || c.named("pytest py.test")) {
            out.add(new LoadedCode(".", true, Set.of("*.py")));
        }
        if (c.named("pytest py.test") || Regex.matches(c.getName(), "python[0-9.]*") && c.getArgs().size() >= 2 && c.getArgs().get(0).equals("-m") && c.getArgs().get(1).equals("pytest")) {
            for (int i = 0; i + 1 < c.getArgs().size(); i++) {
                if (c.getArgs().get(i).equals("-p") && Regex.matches(c.getArgs().get(i + 1), "[A-Za-z_][A-Za-z0-9_]*")) {
                    out.add(new LoadedCode(c.getArgs().get(i + 1) + ".py", false, Set.of()));
                }
            }
        }
        return out;
    }

    /** Each entry of a search-path value split by {@code separator}, as files or folders code is loaded from. */
    private static void loadedFrom(List<LoadedCode> out, String value, String separator, boolean folder, Set<String> names) {
        for (String p : value.split(separator)) {
            if (!p.isEmpty()) {
                out.add(new LoadedCode(p, folder, names));
            }
        }
    }

    /** The file each match of {@code option} (its group 1) in an options value loads, with {@code suffix} when it lacks it. */
    private static void loadedFiles(List<LoadedCode> out, String value, String option, String suffix) {
        java.util.regex.Matcher m = Regex.pattern(option).matcher(value);
        while (m.find()) {
            String f = m.group(1);
            out.add(new LoadedCode(f.endsWith(suffix) ? f : f + suffix, false, Set.of()));
        }
    }
}
