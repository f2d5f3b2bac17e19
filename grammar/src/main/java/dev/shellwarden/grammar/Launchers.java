package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Launchers: programs that start another program after their own options, beyond the classic
 * wrappers of {@link Wrappers} — environment and tool runners ({@code uv run}, {@code poetry run},
 * {@code bundle exec}, {@code nix-shell --run}, {@code op run --}), session and scheduling tools
 * ({@code tmux new}, {@code screen -dm}, {@code at}, {@code expect -c}), sandboxes and namespaces
 * ({@code firejail}, {@code bwrap}, {@code systemd-run}, {@code nsenter}, {@code unshare},
 * {@code flatpak-spawn --host}), containers ({@code docker run IMAGE CMD}) and process tweakers
 * ({@code numactl}, {@code valgrind}, {@code chpst}, {@code setpriv}…).
 *
 * <p>WHY: an unknown launcher hides its command from every rule: {@code uv run rm -rf /} was a
 * command named {@code uv}. Each launcher here hands its command to the splitter as a segment of
 * its own, so the floor and every other rule see it.
 *
 * <p>INVARIANT (fail closed, never guess): these tools have long, version-dependent option lists.
 * Where an option the table does not know stands right before the first operand, that operand may
 * be the option's value or the command; both readings are returned, so the real command is among
 * the segments either way and the worst verdict wins. A dynamic option word makes the result
 * {@link Kind#UNDETERMINED}, as in {@link Wrappers}.
 */
public final class Launchers {

    private Launchers() {
    }

    /** Options of GNU parallel (and its {@code sem}) that take a value. */
    static final Set<String> PARALLEL_WITH_ARG = Set.of("-j", "-P", "-S", "-a", "-d", "-I", "-E", "-n", "-N", "-L", "-s",
            "--jobs", "--sshlogin", "--arg-file", "--delimiter", "--colsep", "--env", "--joblog", "--results", "--tmpdir",
            "--workdir", "--timeout", "--retries", "--delay", "--memfree", "--load", "--max-args", "--tagstring",
            "--halt", "--basefile", "--return", "--transfer-file", "--id", "--semaphoretimeout", "--st");

    /** Tool runners: {@code TOOL SUBCOMMAND [options] COMMAND…}, as "tool subcommand…" rows. */
    private static final java.util.Map<String, Set<String>> RUNNER_SUBCOMMANDS = table(
            "uv run", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run", "pixi run exec",
            "conda run", "mamba run", "micromamba run", "bundle exec", "bundler exec", "rbenv exec",
            "pyenv exec", "nodenv exec", "goenv exec", "asdf exec", "mise exec x", "rtx exec x",
            "volta run", "fnm exec", "devbox run", "opam exec", "stack exec", "cabal exec",
            "pnpm exec dlx", "yarn dlx", "bun x", "toolbox run", "toolbx run", "op run", "doppler run", "infisical run",
            "dotenvx run", "pipx run");

    /** True for a tool runner of the table ({@code uv}, {@code poetry}, {@code pnpm}, {@code yarn}…): one of its subcommands runs any program. */
    public static boolean isToolRunner(String name) {
        return RUNNER_SUBCOMMANDS.containsKey(name);
    }

    /** A map from each row's first word to the rest of its words. */
    private static java.util.Map<String, Set<String>> table(String... rows) {
        java.util.Map<String, Set<String>> m = new java.util.HashMap<>();
        for (String row : rows) {
            String[] w = row.split(" ");
            m.put(w[0], Set.of(java.util.Arrays.copyOfRange(w, 1, w.length)));
        }
        return java.util.Map.copyOf(m);
    }

    /** Options of those runners that take a value, where they are common enough to matter. */
    private static final Set<String> RUNNER_WITH_ARG = Set.of("--with", "--with-requirements", "--python", "-p", "--project",
            "--directory", "--package", "--extra", "--group", "--env-file", "--index", "--index-url", "--extra-index-url",
            "-n", "--name", "--prefix", "-e", "--environment", "--env", "--gemfile", "-c", "--container", "--manifest-path",
            "--profile", "--config", "--project-dir", "--cwd", "--filter", "--dir", "-C", "-w", "--duration", "--region",
            "--account", "--vault", "--token", "--mount", "--shell", "--node", "--npm", "--yarn", "--using");

    /**
     * How a launcher takes its options: short options that take a value, long ones, options after
     * which nothing runs, and options known to take no value (which makes the next word certain).
     */
    record Spec(String shortWithArg, Set<String> longWithArg, Set<String> noCommand, Set<String> flags,
            Set<String> twoValues) {
        Spec(String shortWithArg, Set<String> longWithArg, Set<String> noCommand) {
            this(shortWithArg, longWithArg, noCommand, Set.of(), Set.of());
        }

        Spec(String shortWithArg, Set<String> longWithArg, Set<String> noCommand, Set<String> flags) {
            this(shortWithArg, longWithArg, noCommand, flags, Set.of());
        }
    }

    /** True when npx's own {@code -c}/{@code --call} (before the package's words) names a command line. */
    private static boolean callsShell(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (t.equals("-c") || t.startsWith("--call")) {
                return true;
            }
            if (!t.startsWith("-")) {
                return false; // the package's program: its -c is its own
            }
            if (PACKAGE_RUNNER.longWithArg().contains(t) || t.equals("-p")) {
                k++;
            }
        }
        return false;
    }

    /**
     * npx, pnpx and bunx: {@code npx [options] PACKAGE-BIN ARGS…} runs the package's program with
     * the arguments, so the program is judged as itself ({@code npx tsc -w}, {@code npx jest}).
     */
    private static final Spec PACKAGE_RUNNER = new Spec("p", Set.of("--package", "--cache", "--registry", "--userconfig",
            "--prefix", "-w", "--workspace"), Set.of("--version", "-v", "--help", "-h"), Set.of("-y", "--yes", "--no",
            "--no-install", "-q", "--quiet", "--silent", "--ignore-existing", "--prefer-offline", "--prefer-online", "--bun",
            "--workspaces", "--include-workspace-root"));

    /** uvx ({@code uv tool run}): its options that take a value. */
    private static final Spec UV_TOOL_RUN = new Spec("p", Set.of("--from", "--with", "--with-requirements", "--with-editable",
            "--python", "--index", "--index-url", "--extra-index-url", "--default-index", "--find-links", "--constraints",
            "--overrides", "--cache-dir", "--directory", "--project", "--config-file", "--env-file", "--index-strategy",
            "--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--link-mode", "--refresh-package",
            "--reinstall-package", "--upgrade-package", "--color", "--python-preference"),
            Set.of("--help", "-h", "--version", "-V"));

    private static final java.util.Map<String, Spec> DIRECT = java.util.Map.ofEntries(
            java.util.Map.entry("chronic", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("valgrind", new Spec("", Set.of(), Set.of("--version", "--help"))),
            java.util.Map.entry("xvfb-run", new Spec("nsefpw", Set.of("--server-num", "--server-args", "--error-file",
                    "--auth-file", "--xauth-protocol", "--wait"), Set.of(), Set.of("-a", "--auto-servernum"))),
            java.util.Map.entry("dbus-launch", new Spec("", Set.of("--config-file", "--autolaunch"), Set.of("--version"))),
            java.util.Map.entry("dbus-run-session", new Spec("", Set.of("--config-file", "--dbus-daemon"), Set.of("--version"))),
            java.util.Map.entry("fakeroot", new Spec("lsib", Set.of("--lib", "--faked"), Set.of("-v", "--version", "-h"))),
            java.util.Map.entry("proot", new Spec("rbmwqkivRS", Set.of("--rootfs", "--bind", "--mount", "--cwd", "--pwd",
                    "--qemu", "--kernel-release", "--verbose", "--change-id"), Set.of("-V", "--version", "-h", "--help"))),
            java.util.Map.entry("ssh-agent", new Spec("aEtPO", Set.of(), Set.of("-k", "-D", "-d", "-l"))),
            java.util.Map.entry("with-contenv", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("chpst", new Spec("uUbe/nlLmdopfcrt", Set.of(), Set.of())),
            java.util.Map.entry("setpriv", new Spec("", Set.of("--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid",
                    "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--selinux-label",
                    "--apparmor-profile", "--landlock-access", "--landlock-rule", "--pdeathsig"), Set.of("-d", "--dump"))),
            java.util.Map.entry("numactl", new Spec("CNmipPw", Set.of("--physcpubind", "--cpunodebind", "--membind",
                    "--interleave", "--preferred", "--preferred-many", "--weighted-interleave"),
                    Set.of("-s", "--show", "-H", "--hardware"))),
            java.util.Map.entry("cgexec", new Spec("g", Set.of(), Set.of())),
            java.util.Map.entry("systemd-inhibit", new Spec("", Set.of("--what", "--who", "--why", "--mode"), Set.of("--list"))),
            java.util.Map.entry("run0", new Spec("ugD", Set.of("--user", "--group", "--nice", "--chdir", "--setenv", "--unit",
                    "--property", "--description", "--slice", "--background", "--machine", "--area", "--shell-prompt-prefix"),
                    Set.of("--version", "-h", "--help"))),
            java.util.Map.entry("firejail", new Spec("", Set.of(), Set.of("--list", "--tree", "--version", "--help",
                    "--shutdown", "--top", "--debug-syscalls", "--debug-caps"))),
            java.util.Map.entry("systemd-run", new Spec("upEMHD", Set.of("--unit", "--property", "--setenv", "--machine",
                    "--host", "--working-directory", "--description", "--slice", "--uid", "--gid", "--nice", "--on-active",
                    "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--path-property",
                    "--socket-property", "--timer-property", "--service-type", "--background"), Set.of("--version", "-h", "--help"))),
            java.util.Map.entry("nsenter", new Spec("tSG", Set.of("--target", "--setuid", "--setgid", "--env"), Set.of("-V", "--version", "-h", "--help"),
                    Set.of("-a", "--all", "-m", "-u", "-i", "-n", "-p", "-U", "-C", "-T", "-r", "-w", "-F", "-Z", "--mount", "--uts",
                            "--ipc", "--net", "--pid", "--user", "--cgroup", "--time", "--root", "--wd", "--no-fork",
                            "--preserve-credentials", "--follow-context"))),
            java.util.Map.entry("unshare", new Spec("SGRw", Set.of("--setuid", "--setgid", "--root", "--wd", "--map-user",
                    "--map-group", "--map-users", "--map-groups", "--setgroups", "--propagation", "--monotonic", "--boottime"),
                    Set.of("-V", "--version", "-h", "--help"),
                    Set.of("-m", "-u", "-i", "-n", "-p", "-U", "-C", "-T", "-r", "-c", "-f", "--fork", "--mount", "--uts", "--ipc",
                            "--net", "--pid", "--user", "--cgroup", "--time", "--map-root-user", "--map-current-user",
                            "--mount-proc", "--kill-child", "--keep-caps", "--map-auto"))),
            // rootlesskit [options] CMD: the command runs on the host's files as root of a user namespace
            java.util.Map.entry("rootlesskit", new Spec("", Set.of("--net", "--mtu", "--cidr", "--ifname", "--state-dir",
                    "--port-driver", "--copy-up", "--copy-up-mode", "--propagation", "--subid-source", "--slirp4netns-binary",
                    "--slirp4netns-sandbox", "--slirp4netns-seccomp", "--vpnkit-binary", "--lxc-user-nic-binary",
                    "--lxc-user-nic-bridge", "--evacuate-cgroup2", "--reaper", "--log-level"), Set.of("-v", "--version", "-h", "--help"),
                    Set.of("--debug", "--disable-host-loopback", "--ipv6", "--pidns", "--cgroupns", "--utsns", "--ipcns",
                            "--detach-netns"))),
            java.util.Map.entry("flatpak-spawn", new Spec("", Set.of("--env", "--forward-fd", "--directory", "--app-path",
                    "--usr-path"), Set.of())),
            java.util.Map.entry("distrobox-host-exec", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("host-spawn", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("prime-run", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("gamemoderun", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("optirun", new Spec("b", Set.of(), Set.of())),
            java.util.Map.entry("primusrun", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("mangohud", new Spec("", Set.of(), Set.of())),
            // job queues and build interceptors run their command later or around a build:
            // `nq CMD`, `tsp CMD` (task spooler), `scan-build CMD`, `bear -- CMD`
            java.util.Map.entry("nq", new Spec("w", Set.of(), Set.of(), Set.of("-c", "-q", "-t"))),
            java.util.Map.entry("tsp", new Spec("LDNWE", Set.of(), Set.of("-l", "-S", "-C", "-c", "-t", "-p", "-i", "-r",
                    "-w", "-k", "-K", "-T", "-o", "-s", "-u", "-U", "-V", "-h"), Set.of("-n", "-g", "-f", "-m", "-B"))),
            java.util.Map.entry("scan-build", new Spec("o", Set.of("--use-cc", "--use-c++", "-enable-checker",
                    "-disable-checker", "--use-analyzer", "-analyzer-config", "--html-title", "-maxloop", "-load-plugin",
                    "--exclude", "--keep-cc", "--status-bugs"), Set.of("-h", "--help"))),
            java.util.Map.entry("bear", new Spec("o", Set.of("--output", "--config", "--library", "--wrapper",
                    "--wrapper-dir", "--interceptor", "--citnames"), Set.of("--version", "--help", "-h"))),
            java.util.Map.entry("sem", new Spec("jPSadIEnNLs", PARALLEL_WITH_ARG, Set.of())),
            java.util.Map.entry("dotenv", new Spec("evc", Set.of(), Set.of())),
            // process tweakers and supervisors: `cpulimit -l 50 -- CMD`, `tini -- CMD`, `daemonize CMD`…
            java.util.Map.entry("cpulimit", new Spec("lc", Set.of("--limit", "--cpu"), Set.of("-p", "--pid", "-e", "--exe",
                    "-P", "--path", "-h", "--help"), Set.of("-z", "--lazy", "-i", "--include-children", "-k", "--kill", "-r",
                    "--restore", "-v", "--verbose", "-q", "--quiet", "-b", "--background", "-f", "--foreground", "-m",
                    "--monitor-forks"))),
            java.util.Map.entry("prlimit", new Spec("o", Set.of("--output"), Set.of("-p", "--pid", "-h", "--help", "-V",
                    "--version"))),
            java.util.Map.entry("tini", new Spec("pe", Set.of(), Set.of("--version", "-h"), Set.of("-s", "-v", "-vv", "-vvv",
                    "-w", "-g", "-l"))),
            java.util.Map.entry("dumb-init", new Spec("r", Set.of("--rewrite"), Set.of("--version", "-h", "--help"),
                    Set.of("-c", "--single-child", "-v", "--verbose", "-V"))),
            java.util.Map.entry("daemonize", new Spec("ceoplE", Set.of(), Set.of(), Set.of("-a", "-v"))),
            java.util.Map.entry("lockrun", new Spec("", Set.of("--lockfile", "--sleep", "--maxtime"), Set.of("--help"))),
            java.util.Map.entry("schroot", new Spec("cudno", Set.of("--chroot", "--user", "--directory", "--session-name",
                    "--option"), Set.of("-b", "--begin-session", "-e", "--end-session", "-l", "--list", "-i", "--info",
                    "--config", "--location", "-h", "--help", "-V", "--version"), Set.of("-p", "--preserve-environment",
                    "-r", "--run-session", "-a", "--all", "-q", "--quiet", "-v", "--verbose", "--automatic-session",
                    "--force"))),
            java.util.Map.entry("rlwrap", new Spec("bCDefgHlMOPqsStwz", Set.of("--break-chars", "--command-name",
                    "--history-no-dupes", "--extra-char-after-completion", "--file", "--forget-matching", "--history-filename",
                    "--logfile", "--multi-line-ext", "--only-cook", "--pre-given", "--quote-characters", "--histsize",
                    "--substitute-prompt", "--set-term-name", "--polling", "--filter"), Set.of("-v", "--version", "-h",
                    "--help"))),
            java.util.Map.entry("retry", new Spec("tsmfdx", Set.of("--times", "--tries", "--delay", "--sleep", "--until",
                    "--min", "--max", "--fail", "--message", "--backoff", "--max-time"), Set.of("--help", "-h"))),
            java.util.Map.entry("softlimit", new Spec("madosplfcrt", Set.of(), Set.of())),
            java.util.Map.entry("pgrphack", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("fghack", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("run-one", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("run-this-one", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("keep-one-running", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("run-one-constantly", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("run-one-until-success", new Spec("", Set.of(), Set.of())),
            java.util.Map.entry("run-one-until-failure", new Spec("", Set.of(), Set.of())));

    /**
     * The commands {@code name} launches, or null when it is no launcher known here.
     *
     * @param name the command's basename
     * @param argv the whole command, its first word literal
     */
    static List<Unwrap> unwrap(String name, List<Word> argv) {
        Spec direct = DIRECT.get(name);
        if (direct != null) {
            return lenient(argv, 1, direct);
        }
        List<Unwrap> first = ToolRunners.before(name, argv);
        if (first != null) {
            return first;
        }
        if (name.equals("yarn") && argv.size() > 2 && argv.get(1).text().equals("exec")) {
            // yarn exec runs its arguments as one command line (yarn's own shell in Berry)
            return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(2, argv.size())));
        }
        Set<String> subs = RUNNER_SUBCOMMANDS.get(name);
        if (subs != null) {
            int k = subcommand(argv, subs);
            return k < 0 ? List.of() : lenient(argv, k + 1, new Spec("", RUNNER_WITH_ARG, Set.of("--help", "-h")));
        }
        return switch (name) {
            case "toybox" -> argv.size() > 1 && !argv.get(1).text().startsWith("-") ? List.of(Wrappers.after(argv, 1, false)) : List.of();
            case "s6-setuidgid", "s6-envuidgid", "direnv-exec" -> List.of(Wrappers.after(argv, 2, false));
            case "direnv" -> argv.size() > 3 && argv.get(1).text().equals("exec") ? List.of(Wrappers.after(argv, 3, false)) : List.of();
            case "distrobox-enter", "distrobox" -> afterSeparator(argv);
            case "gpg-agent" -> daemonCommand(argv);
            // ast-grep installs itself as `sg` too: its subcommands are no group names
            case "sg" -> argv.size() > 1 && Set.of("run", "scan", "test", "new", "lsp", "completions").contains(argv.get(1).text())
                    && argv.stream().noneMatch(w -> w.text().equals("-c")) ? List.of() : List.of(groupSwitch(argv));
            // `envchain [--noecho] NAMESPACE[,NS…] CMD`: the first operand is the keychain namespace
            case "envchain" -> {
                int i = Wrappers.opts(argv, 1, "", Set.of(), Set.of("--set", "-s", "--list", "-l", "--unset", "-u"));
                yield List.of(Wrappers.after(argv, i < 0 ? i : i + 1, false));
            }
            // `pueue add [options] [--] CMD…`: the daemon runs the words as one shell command line
            case "pueue" -> argv.size() > 2 && argv.get(1).text().equals("add")
                    ? lenient(argv, 2, new Spec("wdgal", Set.of("--working-directory", "--delay", "--group", "--after",
                            "--label", "--priority", "-o"), Set.of("--help", "-h"), Set.of("-e", "--escape", "-i",
                            "--immediate", "-s", "--stashed", "-p", "--print-task-id", "--follow")))
                    : List.of();
            case "capsh" -> capsh(argv);
            case "bwrap" -> bwrap(argv);
            case "tmux" -> tmux(argv);
            case "screen" -> screen(argv);
            case "at", "batch" -> at(argv);
            case "expect" -> expect(argv);
            case "make", "gmake" -> make(argv);
            case "nix-shell" -> optionPayload(argv, Set.of("--run", "--command"));
            case "nix" -> nix(argv);
            case "npx", "pnpx", "bunx" -> callsShell(argv) ? optionPayload(argv, Set.of("-c", "--call")) : lenient(argv, 1, PACKAGE_RUNNER);
            // uvx [--from PKG] TOOL ARGS… (uv tool run): the tool's program runs with the arguments
            case "uvx" -> lenient(argv, 1, UV_TOOL_RUN);
            case "npm" -> argv.size() > 1 && Set.of("exec", "x").contains(argv.get(1).text()) ? npmExec(argv) : List.of();
            case "sops" -> argv.size() > 3 && Set.of("exec-env", "exec-file").contains(argv.get(1).text())
                    ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(3, 4))) : List.of();
            case "docker", "podman", "nerdctl" -> containerRun(argv);
            case "sqlite3" -> consoleShell(argv, Set.of(), SQLITE_SHELL);
            // DuckDB's shell is sqlite's: -c runs and exits, -cmd runs first, and an operand after the database runs too; usql takes psql's \!
            case "duckdb" -> consoleShell(argv, Set.of(), SQLITE_SHELL);
            case "usql" -> consoleShell(argv, Set.of("-c", "--command"), PSQL_SHELL);
            case "mysql", "mariadb" -> consoleShell(argv, Set.of("-e", "--execute"), MYSQL_SHELL);
            case "psql" -> consoleShell(argv, Set.of("-c", "--command"), PSQL_SHELL);
            // zip -TT, tar -I/--to-command/-F, rsync -e/--rsync-path, man -P/-H: ProgramOptions
            case "cmake" -> cmakeCommands(argv);
            case "sed", "gsed" -> sedCommands(argv);
            case "rpm", "rpmbuild", "rpmspec", "rpmdb", "rpmverify" -> rpmMacroCode(argv);
            // husky add|set HOOK 'CMD' (husky 4–8) writes CMD into a git hook
            case "husky" -> argv.size() >= 4 && Set.of("add", "set").contains(argv.get(1).text())
                    ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(3, 4))) : List.of();
            // ansible HOSTS -m shell|command|raw -a 'CMD': the command runs on every host
            case "ansible" -> argv.stream().anyMatch(w -> Set.of("shell", "command", "raw", "ansible.builtin.shell",
                    "ansible.builtin.command", "ansible.builtin.raw").contains(w.text()))
                    ? optionPayload(argv, Set.of("-a", "--args")) : List.of();
            case "dtach" -> dtach(argv);
            case "ip" -> ipNetnsExec(argv);
            case "rtk" -> rtk(argv);
            default -> ToolRunners.unwrap(name, argv);
        };
    }

    /**
     * The command after options from {@code from}: both readings when an unknown option stands
     * right before the first operand (see the class comment).
     */
    static List<Unwrap> lenient(List<Word> argv, int from, Spec spec) {
        int i = from;
        boolean ambiguous = false;
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal()) {
                return List.of(t.startsWith("-") ? Unwrap.UNDETERMINED : Wrappers.after(argv, i, false));
            }
            if (t.equals("--")) {
                i++;
                ambiguous = false;
                break;
            }
            if (!t.startsWith("-") || t.equals("-")) {
                break;
            }
            String key = t.contains("=") ? t.substring(0, t.indexOf('=')) : t;
            if (spec.noCommand().contains(key)) {
                return List.of();
            }
            if (spec.flags().contains(t) || spec.twoValues().contains(t)) {
                ambiguous = false;
                i += spec.twoValues().contains(t) ? 3 : 1;
                continue;
            }
            if (t.startsWith("--")) {
                boolean known = spec.longWithArg().contains(key);
                ambiguous = !known && !t.contains("=");
                i += known && !t.contains("=") ? 2 : 1;
                continue;
            }
            char last = t.charAt(t.length() - 1);
            boolean takesNext = t.length() == 2 && spec.shortWithArg().indexOf(last) >= 0
                    || t.length() > 2 && spec.shortWithArg().indexOf(t.charAt(1)) < 0 && spec.shortWithArg().indexOf(last) >= 0;
            boolean attached = t.length() > 2 && spec.shortWithArg().indexOf(t.charAt(1)) >= 0;
            ambiguous = !takesNext && !attached && spec.shortWithArg().indexOf(last) < 0 && !spec.longWithArg().contains(t);
            if (spec.longWithArg().contains(t)) {
                i += 2;
                ambiguous = false;
                continue;
            }
            i += takesNext ? 2 : 1;
        }
        if (i >= argv.size()) {
            return List.of();
        }
        List<Unwrap> out = new ArrayList<>();
        out.add(Wrappers.after(argv, i, false));
        if (i == argv.size() - 1 && argv.get(i).literal() && argv.get(i).text().trim().contains(" ")) {
            // one quoted word with blanks: tools that take a command line run it through a shell
            out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i, i + 1)));
        }
        if (ambiguous && i + 1 < argv.size() && !argv.get(i + 1).text().startsWith("-")) {
            out.add(Wrappers.after(argv, i + 1, false));
        } else if (ambiguous && i + 2 < argv.size() && argv.get(i + 1).text().equals("--")) {
            // `-f .env -- CMD`: the unknown option took the word, and the separator ends the options
            out.add(Wrappers.after(argv, i + 2, false));
        }
        return out;
    }

    /** Index of the runner's subcommand among its first words, or -1. */
    private static int subcommand(List<Word> argv, Set<String> subs) {
        for (int k = 1; k < Math.min(argv.size(), 5); k++) {
            Word w = argv.get(k);
            if (!w.literal()) {
                return -1;
            }
            if (subs.contains(w.text())) {
                return k;
            }
        }
        return -1;
    }

    /**
     * {@code TOOL … -- COMMAND…} ({@code distrobox-enter NAME -- CMD}, {@code multipass exec VM --
     * CMD}): the command follows the first {@code --}; nothing runs without one or after it.
     */
    /**
     * {@code ip [options] netns exec NAME CMD…} ({@code ip -all netns exec CMD…}): the command runs
     * on the host in another network namespace, with the host's files.
     */
    private static List<Unwrap> ipNetnsExec(List<Word> argv) {
        boolean all = false;
        for (int k = 1; k + 1 < argv.size(); k++) {
            String t = argv.get(k).text();
            if (t.equals("-a") || t.equals("-all") || t.equals("--all")) {
                all = true;
            }
            if (Regex.matches(t, "netns|netn|net") && Regex.matches(argv.get(k + 1).text(), "exec|exe|ex|e")) {
                int cmd = k + (all ? 2 : 3);
                return cmd < argv.size() ? List.of(Wrappers.after(argv, cmd, false)) : List.of();
            }
        }
        return List.of();
    }

    /** rtk's own verbs, which run no program of the command line (statistics, set-up, its settings). */
    private static final Set<String> RTK_OWN = Set.of("gain", "init", "discover", "config", "learn", "cc-economics",
            "hook-audit", "verify", "help", "--help", "-h", "--version", "-V");
    /** rtk's verbs whose arguments are a whole command it runs and condenses. */
    private static final Set<String> RTK_RUNS = Set.of("proxy", "test", "err", "summary");

    /**
     * rtk (a token-saving proxy for agents): {@code rtk git push}, {@code rtk proxy CMD…} run the
     * command that follows; its other verbs mostly share their names with the program they stand in
     * for ({@code rtk ls}, {@code rtk grep}, {@code rtk read FILE}), so the words are read as that
     * command, which fails closed for the verbs of its own that the table does not know.
     * WHY: cc-safety-net#53, an agent prefixed its commands with rtk and passed the guard.
     */
    private static List<Unwrap> rtk(List<Word> argv) {
        int i = 1;
        while (i < argv.size() && argv.get(i).text().startsWith("-") && !RTK_OWN.contains(argv.get(i).text())) {
            i++; // rtk's global flags (-v, -u) take no value
        }
        if (i >= argv.size() || RTK_OWN.contains(argv.get(i).text())) {
            return List.of();
        }
        return List.of(Wrappers.after(argv, RTK_RUNS.contains(argv.get(i).text()) ? i + 1 : i, false));
    }

    static List<Unwrap> afterSeparator(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--")) {
                return k + 1 < argv.size() ? List.of(Wrappers.after(argv, k + 1, false)) : List.of();
            }
        }
        return List.of();
    }

    /** {@code gpg-agent [options] --daemon [COMMAND…]}. */
    private static List<Unwrap> daemonCommand(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--daemon")) {
                return lenient(argv, k + 1, new Spec("", Set.of("--homedir", "--options", "--log-file"), Set.of()));
            }
        }
        return List.of();
    }

    /** {@code sg [-] GROUP [-c] COMMAND}: the command string runs in {@code /bin/sh -c}. */
    private static Unwrap groupSwitch(List<Word> argv) {
        int k = 1;
        if (k < argv.size() && argv.get(k).text().equals("-")) {
            k++;
        }
        k++; // the group
        if (k < argv.size() && argv.get(k).text().equals("-c")) {
            k++;
        }
        return k < argv.size() ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k, argv.size())) : Unwrap.NONE;
    }

    /** {@code capsh … -- ARGS}: the words after {@code --} are handed to {@code /bin/bash}. */
    private static List<Unwrap> capsh(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--")) {
                List<Word> bash = new ArrayList<>();
                bash.add(Word.literal("bash"));
                bash.addAll(argv.subList(k + 1, argv.size()));
                return List.of(Unwrap.command(Provenance.WRAPPED, bash, List.of()));
            }
        }
        return List.of();
    }

    /** Bubblewrap options that take two values ({@code --bind SRC DEST}). */
    private static final Set<String> BWRAP_TWO = Set.of("--bind", "--bind-try", "--ro-bind", "--ro-bind-try", "--dev-bind",
            "--dev-bind-try", "--symlink", "--setenv", "--file", "--bind-data", "--ro-bind-data", "--chmod", "--bind-fd",
            "--ro-bind-fd", "--overlay-src");
    /** Bubblewrap options that take one value. */
    private static final Set<String> BWRAP_ONE = Set.of("--args", "--argv0", "--unshare-user-try", "--userns", "--userns2",
            "--pidns", "--uid", "--gid", "--hostname", "--chdir", "--unsetenv", "--lock-file", "--sync-fd", "--remount-ro",
            "--exec-label", "--file-label", "--proc", "--dev", "--tmpfs", "--mqueue", "--dir", "--seccomp", "--add-seccomp-fd",
            "--block-fd", "--userns-block-fd", "--info-fd", "--json-status-fd", "--cap-add", "--cap-drop", "--perms",
            "--size", "--tmp-overlay", "--ro-overlay", "--overlay");

    /** {@code bwrap [options] COMMAND…}. */
    private static List<Unwrap> bwrap(List<Word> argv) {
        return lenient(argv, 1, new Spec("", BWRAP_ONE, Set.of("--help", "--version"), Set.of(), BWRAP_TWO));
    }

    /** tmux subcommands that start a shell command, with their options that take a value. */
    private static final java.util.Map<String, String> TMUX_RUNS = java.util.Map.ofEntries(
            java.util.Map.entry("new-session", "cefFnstxy"), java.util.Map.entry("new", "cefFnstxy"),
            java.util.Map.entry("new-window", "cenFt"), java.util.Map.entry("neww", "cenFt"),
            java.util.Map.entry("split-window", "celFpt"), java.util.Map.entry("splitw", "celFpt"),
            java.util.Map.entry("respawn-pane", "cet"), java.util.Map.entry("respawnp", "cet"),
            java.util.Map.entry("respawn-window", "cet"), java.util.Map.entry("respawnw", "cet"),
            java.util.Map.entry("run-shell", "cdt"), java.util.Map.entry("run", "cdt"),
            java.util.Map.entry("display-popup", "bcdehsStTwxy"), java.util.Map.entry("popup", "bcdehsStTwxy"));
    /** Key names {@code tmux send-keys} presses after the text. */
    private static final Pattern TMUX_KEY = Pattern.compile("Enter|KPEnter|C-[mjc]|Escape|Tab|BSpace|Space");

    /**
     * {@code tmux [-c CMD] SUBCOMMAND …}: {@code new}, {@code split-window}, {@code run-shell}… run
     * their trailing shell command; {@code send-keys} types its words into a shell.
     */
    private static List<Unwrap> tmux(List<Word> argv) {
        int i = 1;
        while (i < argv.size() && argv.get(i).text().startsWith("-")) {
            String t = argv.get(i).text();
            if (!argv.get(i).literal()) {
                return List.of(Unwrap.UNDETERMINED);
            }
            if (t.equals("-c") && i + 1 < argv.size()) {
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i + 1, i + 2)));
            }
            i += t.length() == 2 && "LSfT".indexOf(t.charAt(1)) >= 0 ? 2 : 1;
        }
        if (i >= argv.size() || !argv.get(i).literal()) {
            return i >= argv.size() ? List.of() : List.of(Unwrap.UNDETERMINED);
        }
        String sub = argv.get(i).text();
        String withArg = TMUX_RUNS.get(sub);
        if (withArg != null) {
            int k = Wrappers.opts(argv, i + 1, withArg, Set.of(), Set.of());
            if (k < 0) {
                return List.of(Unwrap.UNDETERMINED);
            }
            return k < argv.size() ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k, argv.size())))
                    : List.of();
        }
        if (sub.equals("send-keys") || sub.equals("send")) {
            int k = Wrappers.opts(argv, i + 1, "tNc", Set.of(), Set.of());
            if (k < 0) {
                return List.of(Unwrap.UNDETERMINED);
            }
            int end = argv.size();
            while (end > k && TMUX_KEY.matcher(argv.get(end - 1).text()).matches()) {
                end--;
            }
            return end > k ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k, end))) : List.of();
        }
        return List.of();
    }

    /**
     * {@code screen [options] [COMMAND…]} starts COMMAND in a new window; {@code -X stuff TEXT}
     * types TEXT into one. Attaching and listing ({@code -r}, {@code -x}, {@code -ls}) start nothing.
     */
    private static List<Unwrap> screen(List<Word> argv) {
        for (int k = 1; k < argv.size() - 2; k++) {
            if (argv.get(k).text().equals("-X") && argv.get(k + 1).text().equals("stuff")) {
                // screen reads its own escapes in the typed text: `\n`, `\r`, `^M`, `^J` end a line
                Word typed = argv.get(k + 2);
                String keys = typed.text().replaceAll("\\\\[nr]|\\^[MJ]", "\n");
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(keys, typed.raw(), typed.literal(), typed.features()))));
            }
        }
        int i = Wrappers.opts(argv, 1, "SceEhpstTl", Set.of("-Logfile"), Set.of());
        if (i < 0) {
            return List.of(Unwrap.UNDETERMINED);
        }
        // attaching, listing and remote commands start nothing; only screen's own options count
        for (Word w : argv.subList(1, Math.min(i, argv.size()))) {
            if (Set.of("-X", "-Q", "-ls", "-list", "-wipe", "-r", "-x", "-R", "-RR", "-D", "-v", "-version").contains(w.text())) {
                return List.of();
            }
        }
        return i < argv.size() ? List.of(Wrappers.after(argv, i, false)) : List.of();
    }

    /**
     * {@code at TIME} and {@code batch} read the job from standard input and run it later with
     * {@code /bin/sh}; {@code -f FILE} reads a file instead; {@code -l}, {@code -d}, {@code -r},
     * {@code -c} list, delete or print jobs.
     */
    private static List<Unwrap> at(List<Word> argv) {
        for (Word w : argv.subList(1, argv.size())) {
            String t = w.text();
            if (!w.literal() && t.startsWith("-")) {
                return List.of(Unwrap.UNDETERMINED);
            }
            if (Set.of("-f", "-l", "-d", "-r", "-c", "-V").contains(t) || t.startsWith("-f")) {
                return List.of();
            }
        }
        return List.of(new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, true));
    }

    /** Tcl's {@code spawn} and {@code exec} start a program: {@code spawn rm -rf x}, {@code [exec sh -c …]}. */
    private static final Pattern TCL_RUNS = Pattern.compile("(?:^|[;\\n\\[{])\\s*(?:spawn|exec)((?:\\s+-\\S+)*)\\s+([^;\\n\\]}]+)");

    /**
     * {@code expect -c SCRIPT}: the programs its {@code spawn} and {@code exec} start, read as shell
     * words (Tcl's quoting of simple commands is close enough; a dynamic script is a dynamic payload).
     */
    private static List<Unwrap> expect(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (int k = 1; k < argv.size() - 1; k++) {
            if (!argv.get(k).text().equals("-c")) {
                continue;
            }
            Word script = argv.get(k + 1);
            Matcher m = TCL_RUNS.matcher(script.text());
            while (m.find()) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(m.group(2).trim(), script.raw(), script.literal(), script.features()))));
            }
            if (!script.literal() && out.isEmpty()) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(script)));
            }
        }
        return out;
    }

    /**
     * {@code make --eval=TEXT} (or {@code -E TEXT}): TEXT is makefile syntax whose recipes
     * ({@code target:; CMD}, tab-led lines) and {@code $(shell CMD)} calls run in a shell.
     */
    private static List<Unwrap> make(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (w.literal() && MAKE_COMMAND_VARIABLE.matcher(t).matches()) {
                // `make CC='rm -rf ~;' build`: a variable given on the command line lands in
                // recipes as text, so a value with shell syntax is a command line (a dynamic word
                // was expanded by the calling shell, whose substitutions are segments already)
                String value = t.substring(t.indexOf('=') + 1);
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(value, w.raw(), w.literal(), w.features()))));
                for (String body : makeRecipes(value)) {
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(body, w.raw(), w.literal(), w.features()))));
                }
                continue;
            }
            String text = t.startsWith("--eval=") ? t.substring(7)
                    : (t.equals("--eval") || t.equals("-E")) && k + 1 < argv.size() ? argv.get(++k).text() : null;
            if (text == null) {
                continue;
            }
            Word src = argv.get(k);
            for (String recipe : makeRecipes(text)) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(recipe, src.raw(), src.literal(), src.features()))));
            }
        }
        return out;
    }

    /** A make variable on the command line whose value holds shell syntax ({@code CC='x; rm -rf ~'}). */
    private static final Pattern MAKE_COMMAND_VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*:?=.*[;&|`<>]|[A-Za-z_][A-Za-z0-9_.]*:?=.*\\$\\(.*");

    /** make's recipe prefixes: silent, ignore errors, always run (any order, with blanks). */
    private static final Pattern RECIPE_PREFIX = Pattern.compile("^[\\s@+-]+");

    /** True when make reads a makefile from standard input: {@code -f -}, {@code --file=-}, {@code -f /dev/stdin}. */
    static boolean makefileFromStdin(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            String file = Set.of("-f", "--file", "--makefile").contains(t) && k + 1 < argv.size() ? argv.get(k + 1).text()
                    : t.startsWith("--file=") || t.startsWith("--makefile=") ? t.substring(t.indexOf('=') + 1)
                    : t.startsWith("-f") && t.length() > 2 && !t.startsWith("--") ? t.substring(2) : null;
            if (file != null && Set.of("-", "/dev/stdin", "/dev/fd/0").contains(file)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The shell commands in a program's standard input, for programs that read commands there and
     * can run shell commands from them: make with {@code -f -} (recipes), sqlite3 ({@code .shell}),
     * mysql ({@code \!}, {@code system}), psql ({@code \!}), ed and ex ({@code !CMD}); null for
     * every other command.
     */
    static List<String> stdinShellCommands(String name, List<Word> argv, String text) {
        Pattern console = switch (name) {
            case "sqlite3", "duckdb" -> SQLITE_SHELL;
            case "mysql", "mariadb" -> MYSQL_SHELL;
            case "psql" -> PSQL_SHELL;
            case "ed", "ex" -> ED_SHELL;
            // ftp, sftp -b and lftp run `!CMD` lines in a local shell
            case "ftp", "sftp", "lftp", "tnftp", "pftp" -> FTP_SHELL;
            default -> null;
        };
        if (console != null) {
            List<String> out = new ArrayList<>();
            Matcher m = console.matcher(text);
            while (m.find()) {
                out.add(consoleCommand(m));
            }
            return out;
        }
        return (name.equals("make") || name.equals("gmake")) && makefileFromStdin(argv) ? makeRecipes(text) : null;
    }

    /**
     * The shell commands in makefile text: recipes and {@code $(shell …)} bodies. A recipe's
     * leading {@code @} (silent), {@code -} (ignore errors) and {@code +} (always run) are make's,
     * not the shell's.
     */
    static List<String> makeRecipes(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("\t")) {
                out.add(RECIPE_PREFIX.matcher(line.substring(1)).replaceFirst(""));
                continue;
            }
            int colon = line.indexOf(':');
            int semi = colon < 0 ? -1 : line.indexOf(';', colon);
            if (semi >= 0 && !line.substring(colon, semi).contains("=")) {
                out.add(RECIPE_PREFIX.matcher(line.substring(semi + 1)).replaceFirst(""));
            }
        }
        int from = 0;
        while ((from = text.indexOf("$(shell", from)) >= 0) {
            int depth = 0;
            int end = from + 1;
            for (; end < text.length(); end++) {
                char c = text.charAt(end);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    break;
                }
            }
            out.add(text.substring(Math.min(from + 7, text.length()), Math.min(end, text.length())));
            from = end;
        }
        return out;
    }

    /** The command a console pattern found: its first group that matched, trimmed. */
    private static String command(Matcher m) {
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null) {
                return m.group(g).trim();
            }
        }
        return "";
    }

    /** ed's and ex's {@code !CMD}, {@code r !CMD}, {@code w !CMD}, {@code e !CMD} (after an optional address). */
    private static final Pattern ED_SHELL = Pattern.compile("(?m)^\\s*:?[0-9,.$%';+-]*\\s*(?:[rwe]\\s*)?!(.+)$");
    /** ftp's and sftp's {@code !CMD}. */
    private static final Pattern FTP_SHELL = Pattern.compile("(?m)^\\s*!(.+)$");
    /** sqlite3's dot-commands that run a shell command: {@code .shell CMD}, {@code .system CMD}. */
    private static final Pattern SQLITE_SHELL = Pattern.compile("(?m)^\\s*\\.(?:shell|system|sh)\\s+(.+)$"
            // .once|.output|.import with a `|CMD` file: the output is piped to CMD, or CMD's output read
            + "|(?m)^\\s*\\.(?:once|output|o|import)\\s+(?:-{1,2}[a-z]+\\s+)*['\"]?\\|([^'\"\\n]+)"
            // .read |CMD: CMD's output is read as the console's own input, whose .shell lines run: CMD piped to a shell
            + "|(?m)^\\s*\\.read\\s+['\"]?\\|([^'\"\\n]+)"
            // the CLI's edit(TEXT, 'EDITOR') function runs EDITOR (through the shell) on a temporary file
            + "|(?i)\\bedit\\s*\\([^,()]*,\\s*'([^']+)'");

    /** The shell command a console pattern's match runs ({@link #SQLITE_SHELL}'s {@code .read |CMD} is CMD piped to a shell). */
    private static String consoleCommand(Matcher m) {
        return m.pattern() == SQLITE_SHELL && m.group(3) != null ? m.group(3).trim() + " | sh" : command(m);
    }
    /** mysql's client commands that run a shell command: {@code \\! CMD}, {@code system CMD}. */
    private static final Pattern MYSQL_SHELL = Pattern.compile("(?:^|[;\\n])\\s*(?:\\\\!|system)\\s+([^;\\n]+)");
    /** psql's {@code \\! CMD}. */
    private static final Pattern PSQL_SHELL = Pattern.compile("(?:^|[;\\n])\\s*\\\\!\\s*([^;\\n]+)"
            // \\o |CMD, \\g |CMD, \\w |CMD: the output is piped to CMD; \\copy … program 'CMD' runs CMD here
            + "|(?:^|[;\\n])\\s*\\\\(?:o|out|g|gx|w|write)\\s*\\|\\s*([^;\\n]+)|\\\\copy\\b[^\\n]*?\\bprogram\\s+'((?:[^']|'')*)'"
            // SQL's COPY … FROM|TO PROGRAM 'CMD': the server's shell runs CMD (a superuser's or pg_execute_server_program's right)
            + "|(?i:\\bcopy\\b[^;]*?\\b(?:from|to)\\s+program\\s+)'((?:[^']|'')*)'");

    /**
     * True for a program told to read its options from standard input ({@code curl -K -},
     * {@code --config -}, {@code --config=-}): the text piped in decides what it fetches and sends,
     * so a literal producer's text is read as its input (BashWalker).
     */
    static boolean readsOptionsFromStdin(String name, List<Word> argv) {
        if (!name.equals("curl")) {
            return false;
        }
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if ((t.equals("-K") || t.equals("--config")) && k + 1 < argv.size() && argv.get(k + 1).text().equals("-")
                    || t.equals("--config=-") || t.equals("-K-")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Database and data-store consoles with no shell escape of their own that run the statements
     * piped to them ({@code echo 'DROP TABLE t;' | sqlplus -s u/p@db}, {@code … | clickhouse-client},
     * {@code … | mongosh app}); psql, mysql and sqlite3 are {@link #stdinShellCommands}'s.
     */
    private static final Set<String> STATEMENT_CONSOLES = Set.of("sqlplus", "mysqlsh", "sqlcmd", "isql", "osql", "vsql", "cqlsh",
            "clickhouse-client", "clickhouse", "cockroach", "mongo", "mongosh", "snowsql", "usql", "pgcli", "mycli", "litecli",
            "trino", "presto", "beeline", "hive", "spark-sql", "impala-shell", "influx");

    /**
     * True for a console that runs the statements on its standard input ({@link #STATEMENT_CONSOLES}):
     * a literal producer's text is read as its input (BashWalker), so the rules that read SQL in a
     * here-document read the echoed statements too.
     */
    static boolean readsStatementsFromStdin(String name) {
        return STATEMENT_CONSOLES.contains(name);
    }

    /**
     * The one file a database console with shell escapes ({@link #stdinShellCommands}' sqlite3,
     * duckdb, mysql, mariadb, psql) reads as its input: psql's {@code -f FILE} ({@code -fFILE},
     * {@code --file FILE}, {@code --file=FILE}) or a {@code < FILE} redirect of any of them; null
     * when there is none, more than one, or a word is not literal. The file's text is what the
     * console runs, as a here-document's would be (BashWalker reads a written one that way).
     */
    static String consoleInputFile(String name, List<Word> argv, List<Redirect> redirects) {
        if (!Set.of("sqlite3", "duckdb", "mysql", "mariadb", "psql").contains(name)) {
            return null;
        }
        List<String> files = new ArrayList<>();
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (!name.equals("psql") || !argv.get(k).literal()) {
                continue;
            }
            if ((t.equals("-f") || t.equals("--file")) && k + 1 < argv.size()) {
                files.add(argv.get(++k).text());
            } else if (t.startsWith("--file=")) {
                files.add(t.substring(7));
            } else if (t.startsWith("-f") && t.length() > 2) {
                files.add(t.substring(2));
            }
        }
        for (Redirect r : redirects) {
            if (r.op().equals("<") && r.fd() <= 0) {
                files.add(r.target().literal() ? r.target().text() : null);
            }
        }
        return files.size() == 1 ? files.get(0) : null;
    }

    /**
     * Database consoles given their input on the command line ({@code sqlite3 DB '.shell CMD'},
     * {@code mysql -e '\\! CMD'}, {@code psql -c '\\! CMD'}): the shell commands their console
     * commands run. {@code options} name the flag whose value is the input; empty: every operand.
     */
    private static List<Unwrap> consoleShell(List<Word> argv, Set<String> options, Pattern shellCommand) {
        List<Unwrap> out = new ArrayList<>();
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            String input = null;
            if (options.isEmpty()) {
                input = t.startsWith("-") ? null : t;
            } else if (options.contains(t) && k + 1 < argv.size()) {
                w = argv.get(++k);
                input = w.text();
            } else if (t.contains("=") && options.contains(t.substring(0, t.indexOf('=')))) {
                input = t.substring(t.indexOf('=') + 1);
            }
            if (input == null) {
                continue;
            }
            Matcher m = shellCommand.matcher(input);
            while (m.find()) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(consoleCommand(m), w.raw(), w.literal(), w.features()))));
            }
        }
        return out;
    }

    /** A shell payload given as the value of one of {@code options} ({@code --run CMD}, {@code -c CMD}). */
    private static List<Unwrap> optionPayload(List<Word> argv, Set<String> options) {
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (options.contains(t) && k + 1 < argv.size()) {
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, k + 2)));
            }
            int eq = t.indexOf('=');
            if (eq > 0 && options.contains(t.substring(0, eq))) {
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(t.substring(eq + 1), w.raw(), w.literal(), w.features()))));
            }
        }
        return List.of();
    }

    /**
     * {@code cmake -E rm -rf DIR}, {@code cmake -E remove_directory DIR…}, {@code cmake -E remove
     * [-f] FILE…}: cmake's portable file commands are deletes, read as the {@code rm} they are;
     * {@code cmake -E chdir DIR CMD…}, {@code env … CMD…} and {@code time CMD…} run a command.
     */
    private static List<Unwrap> cmakeCommands(List<Word> argv) {
        if (argv.size() < 4 || !argv.get(1).text().equals("-E")) {
            return List.of();
        }
        String verb = argv.get(2).text();
        switch (verb) {
            case "chdir" -> {
                // cmake -E chdir DIR CMD…: the command runs in DIR (WorkingDirs reads the directory)
                return argv.size() > 4 ? List.of(Wrappers.after(argv, 4, false)) : List.of();
            }
            case "time" -> {
                return List.of(Wrappers.after(argv, 3, false));
            }
            case "env" -> {
                // cmake -E env [--unset=NAME]… [NAME=VALUE]… [--] CMD…
                int k = 3;
                while (k < argv.size() && argv.get(k).text().startsWith("--unset=")) {
                    k++;
                }
                if (k < argv.size() && argv.get(k).text().equals("--")) {
                    k++;
                }
                return List.of(Wrappers.after(argv, k, true));
            }
            default -> {
                // the delete verbs below
            }
        }
        List<Word> rest = argv.subList(3, argv.size());
        List<Word> rm = new ArrayList<>();
        rm.add(Word.literal("rm"));
        switch (verb) {
            case "rm" -> rm.addAll(rest);
            case "remove_directory" -> {
                rm.add(Word.literal("-rf"));
                rm.add(Word.literal("--"));
                rm.addAll(rest);
            }
            case "remove" -> {
                rm.add(Word.literal("-f"));
                rm.addAll(rest.stream().filter(w -> !w.text().equals("-f")).toList());
            }
            default -> {
                return List.of();
            }
        }
        return List.of(Unwrap.command(Provenance.WRAPPED, rm, List.of()));
    }

    /** GNU sed's {@code e} command and {@code s///e} flag run shell commands (see {@link SedScript}). */
    private static List<Unwrap> sedCommands(List<Word> argv) {
        boolean literal = argv.stream().allMatch(Word::literal);
        List<Unwrap> out = new ArrayList<>();
        List<String> scripts = SedScript.scripts(argv.subList(1, argv.size()).stream().map(Word::text).toList());
        for (String command : SedScript.commands(scripts)) {
            out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(command, command, literal, Set.of()))));
        }
        if (SedScript.runsInputText(scripts)) {
            // `s/x/y/e`, a bare `e`: the command is an edited line of the input, which the text does not show
            out.add(Unwrap.UNDETERMINED);
        }
        return out;
    }

    /**
     * rpm's {@code --eval}/{@code -E} macro text: {@code %(CMD)} runs CMD with the shell and
     * {@code %{lua:CODE}} runs Lua ({@code os.execute("CMD")}), read as {@code lua -e CODE}.
     */
    private static List<Unwrap> rpmMacroCode(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i).text();
            Word value = null;
            if ((a.equals("-E") || a.startsWith("--ev") && !a.contains("=")) && i + 1 < argv.size()) {
                value = argv.get(++i);
            } else if (a.startsWith("--ev") && a.contains("=") || a.startsWith("-E")) {
                String v = a.substring(a.startsWith("-E") ? 2 : a.indexOf('=') + 1);
                value = new Word(v, v, argv.get(i).literal(), Set.of());
            }
            if (value == null) {
                continue;
            }
            String t = value.text();
            for (int k = t.indexOf('%'); k >= 0 && k + 1 < t.length(); k = t.indexOf('%', k + 1)) {
                boolean shell = t.charAt(k + 1) == '(';
                boolean lua = t.startsWith("%{lua:", k);
                if (!shell && !lua) {
                    k += t.charAt(k + 1) == '%' ? 1 : 0;
                    continue;
                }
                int start = shell ? k + 2 : k + 6;
                int end = balanced(t, start, shell ? '(' : '{', shell ? ')' : '}');
                String body = t.substring(start, end < 0 ? t.length() : end);
                if (shell) {
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(body, body, value.literal(), Set.of()))));
                } else {
                    out.add(Unwrap.command(Provenance.WRAPPED, List.of(Word.literal("lua"), Word.literal("-e"),
                            new Word(body, body, value.literal(), Set.of())), List.of()));
                }
            }
        }
        return out;
    }

    /** The index of the {@code close} that balances the text from {@code start} (one {@code open} already seen); -1 when none. */
    private static int balanced(String t, int start, char open, char close) {
        int depth = 0;
        for (int i = start; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (ch == open) {
                depth++;
            } else if (ch == close) {
                if (depth == 0) {
                    return i;
                }
                depth--;
            }
        }
        return -1;
    }

    /** {@code dtach -n|-A|-c SOCKET [options] CMD…}: the command runs detached behind the socket. */
    private static List<Unwrap> dtach(List<Word> argv) {
        if (argv.size() < 4 || !Set.of("-n", "-N", "-A", "-c").contains(argv.get(1).text())) {
            return List.of();
        }
        int i = 3;
        while (i < argv.size() && argv.get(i).text().startsWith("-")) {
            i += Set.of("-e", "-r").contains(argv.get(i).text()) ? 2 : 1;
        }
        return List.of(Wrappers.after(argv, i, false));
    }

    /** {@code nix develop|shell … -c|--command CMD ARGS…}: the command after the flag. */
    private static List<Unwrap> nix(List<Word> argv) {
        if (argv.size() >= 3 && argv.get(1).text().equals("run")) {
            return nixRun(argv);
        }
        if (argv.size() < 3 || !Set.of("develop", "shell").contains(argv.get(1).text())) {
            return List.of();
        }
        for (int k = 2; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (t.equals("-c") || t.equals("--command")) {
                return List.of(Wrappers.after(argv, k + 1, false));
            }
        }
        return List.of();
    }

    /** nix options that take a value, before the installable of {@code nix run}. */
    private static final Set<String> NIX_WITH_ARG = Set.of("--override-input", "--inputs-from", "--option", "--arg", "--argstr",
            "--include", "-I", "--file", "-f", "--expr", "--impure-env", "--reference-lock-file", "--output-lock-file",
            "--profile", "--priority", "--eval-store", "--store", "--log-format", "--max-jobs", "-j", "--cores");

    /**
     * {@code nix run [options] INSTALLABLE [-- ARGS…]}: the installable's program (its attribute's
     * last name: {@code nixpkgs#bash} runs {@code bash}) with the words after {@code --}. An
     * installable without an attribute ({@code .}, {@code github:o/r}) names no program that can
     * be read here.
     */
    private static List<Unwrap> nixRun(List<Word> argv) {
        int i = Wrappers.opts(argv, 2, "Ijf", NIX_WITH_ARG, Set.of("--help"));
        if (i == Wrappers.NO_COMMAND || i >= argv.size()) {
            return List.of();
        }
        if (i < 0 || !argv.get(i).literal()) {
            return List.of(Unwrap.UNDETERMINED);
        }
        String installable = argv.get(i).text();
        int hash = installable.indexOf('#');
        if (hash < 0) {
            return List.of();
        }
        String attribute = installable.substring(hash + 1);
        String program = attribute.substring(attribute.lastIndexOf('.') + 1);
        if (program.isEmpty()) {
            return List.of();
        }
        List<Word> command = new ArrayList<>();
        command.add(Word.literal(program));
        int k = i + 1;
        if (k < argv.size() && argv.get(k).text().equals("--")) {
            k++;
        }
        command.addAll(argv.subList(k, argv.size()));
        return List.of(Unwrap.command(Provenance.WRAPPED, command, List.of()));
    }

    /** {@code npm exec -c CMD} runs CMD in a shell; {@code npm exec [--] CMD…} runs a package binary. */
    private static List<Unwrap> npmExec(List<Word> argv) {
        List<Unwrap> payload = optionPayload(argv, Set.of("-c", "--call"));
        return !payload.isEmpty() ? payload : lenient(argv, 2, new Spec("", Set.of("--package", "-w", "--workspace"), Set.of()));
    }

    /** docker/podman run options that take a value. */
    private static final Set<String> RUN_WITH_ARG = Set.of("-a", "--attach", "--add-host", "--annotation", "--blkio-weight",
            "--cap-add", "--cap-drop", "--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-period", "--cpu-quota", "--cpu-shares",
            "-c", "--cpus", "--cpuset-cpus", "--cpuset-mems", "--device", "--device-cgroup-rule", "--dns", "--dns-option",
            "--dns-search", "--domainname", "--entrypoint", "-e", "--env", "--env-file", "--expose", "--gpus", "--group-add",
            "--health-cmd", "--health-interval", "--health-retries", "--health-start-period", "--health-timeout", "-h",
            "--hostname", "--ip", "--ip6", "--ipc", "--isolation", "--kernel-memory", "-l", "--label", "--label-file", "--link",
            "--log-driver", "--log-opt", "--mac-address", "-m", "--memory", "--memory-reservation", "--memory-swap",
            "--memory-swappiness", "--mount", "--name", "--network", "--net", "--network-alias", "--oom-score-adj", "--pid",
            "--pids-limit", "--platform", "-p", "--publish", "--pull", "--restart", "--runtime", "--security-opt", "--shm-size",
            "--stop-signal", "--stop-timeout", "--storage-opt", "--sysctl", "--tmpfs", "-u", "--user", "--userns", "--ulimit",
            "--uts", "-v", "--volume", "--volume-driver", "--volumes-from", "-w", "--workdir", "--detach-keys", "--arch",
            "--os", "--secret", "--systemd", "--pod", "--hooks-dir");

    /** docker/podman run options that take no value. */
    private static final Set<String> RUN_FLAGS = Set.of("--rm", "-d", "--detach", "-i", "--interactive", "-t", "--tty", "-it",
            "-ti", "-dit", "-itd", "--init", "--read-only", "--privileged", "-P", "--publish-all", "--no-healthcheck",
            "--oom-kill-disable", "--sig-proxy", "-q", "--quiet", "--replace", "--tls-verify", "--http-proxy");

    /** How docker/podman run take their options (the short value options are those of RUN_WITH_ARG). */
    private static final Spec RUN_SPEC = new Spec(shortLetters(RUN_WITH_ARG), RUN_WITH_ARG, Set.of("--help"), RUN_FLAGS);

    /** The letters of the one-letter options among {@code options} ({@code -v} gives {@code v}). */
    private static String shortLetters(Set<String> options) {
        StringBuilder letters = new StringBuilder();
        for (String o : options) {
            if (o.length() == 2) {
                letters.append(o.charAt(1));
            }
        }
        return letters.toString();
    }

    /**
     * The readings of a container run's words from {@code from} (after the verb): each COMMAND
     * reading starts at a word that may be the image; UNDETERMINED when an option word is dynamic;
     * none when no image follows. Shared with {@link ContainerRun}.
     */
    static List<Unwrap> containerImage(List<Word> argv, int from) {
        return lenient(argv, from, RUN_SPEC);
    }

    /**
     * {@code docker run [options] IMAGE [COMMAND…]} (podman, nerdctl; {@code container run} too):
     * the command runs inside the container, which may share the host's files, devices or
     * processes, so it meets the rules like any other command.
     */
    private static List<Unwrap> containerRun(List<Word> argv) {
        int k = ContainerRun.subcommand(argv);
        // podman unshare CMD: the command runs on the host, in podman's user namespace (root there)
        if (k < argv.size() && argv.get(k).text().equals("unshare")) {
            return lenient(argv, k + 1, new Spec("", Set.of(), Set.of("--help", "-h"), Set.of("--rootless-netns", "--rootless-cni")));
        }
        if (k >= argv.size() || !Set.of("run", "create").contains(argv.get(k).text())) {
            return null; // docker exec and the rest: Wrappers handles exec
        }
        Word entrypoint = null;
        for (int e = k + 1; e < argv.size(); e++) {
            String t = argv.get(e).text();
            if (t.equals("--entrypoint") && e + 1 < argv.size()) {
                entrypoint = argv.get(e + 1);
            } else if (t.startsWith("--entrypoint=")) {
                Word w = argv.get(e);
                entrypoint = new Word(t.substring(13), w.raw(), w.literal(), w.features());
            }
        }
        if (entrypoint != null && !entrypoint.literal()) {
            return List.of(Unwrap.UNDETERMINED);
        }
        List<Unwrap> image = containerImage(argv, k + 1);
        List<Unwrap> out = new ArrayList<>();
        for (Unwrap u : image) {
            if (u.kind() == Kind.COMMAND && ContainerRun.mayHoldOptions(u.argv().get(0))) {
                return List.of(Unwrap.UNDETERMINED);
            }
            // the first operand is the image; the command follows it, after the entrypoint if one is set
            if (u.kind() == Kind.COMMAND && (u.argv().size() > 1 || entrypoint != null)) {
                List<Word> cmd = new ArrayList<>();
                if (entrypoint != null && !entrypoint.text().isEmpty()) {
                    cmd.addAll(Wrappers.split(entrypoint));
                }
                cmd.addAll(u.argv().subList(1, u.argv().size()));
                if (!cmd.isEmpty()) {
                    out.add(Unwrap.command(Provenance.WRAPPED, cmd, List.of()));
                }
            } else if (u.kind() == Kind.UNDETERMINED) {
                out.add(u);
            }
        }
        return out;
    }
}
