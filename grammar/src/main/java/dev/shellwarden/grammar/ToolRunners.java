package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Launchers.Spec;
import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tools that run a command with a syntax of their own, beyond the option-then-command shape of
 * {@link Launchers}: benchmark and process runners whose operands are command lines
 * ({@code hyperfine}, {@code concurrently}, {@code rush}), tools that take a value before the
 * command ({@code faketime TIME}, {@code aws-vault exec PROFILE}, {@code nvm exec VERSION},
 * {@code gosu USER}, {@code setarch ARCH}), ones that name the program in an option
 * ({@code start-stop-daemon --exec}) or as a package ({@code nix run PKG}), containers
 * ({@code lxc exec NAME --}) and environment loaders ({@code cross-env}, {@code env-cmd},
 * {@code scl enable}).
 *
 * <p>WHY: each of them hid its command from every rule ({@code cross-env A=1 rm -rf ~} was a
 * command named {@code cross-env}). The same invariant as {@link Launchers} holds: where the
 * command's start is uncertain, every reading is returned, so the real command is among the
 * segments and the worst verdict wins; a dynamic option word is {@link Kind#UNDETERMINED}.
 */
final class ToolRunners {

    private ToolRunners() {
    }

    /** Programs that run their operands after taking one value first (a user, a directory, a lock file). */
    private static final Map<String, Spec> ONE_VALUE_FIRST = Map.ofEntries(
            Map.entry("gosu", new Spec("", Set.of(), Set.of("--help", "--version", "-h"))),
            Map.entry("su-exec", new Spec("", Set.of(), Set.of())),
            Map.entry("setuidgid", new Spec("", Set.of(), Set.of())),
            Map.entry("envuidgid", new Spec("", Set.of(), Set.of())),
            Map.entry("envdir", new Spec("", Set.of(), Set.of())),
            Map.entry("setlock", new Spec("", Set.of(), Set.of(), Set.of("-n", "-N", "-x", "-X"))),
            Map.entry("setarch", new Spec("", Set.of(), Set.of("--list", "-h", "--help", "-V", "--version"))),
            Map.entry("lckdo", new Spec("", Set.of(), Set.of(), Set.of("-q", "-w", "-W"))),
            Map.entry("s6-envdir", new Spec("", Set.of(), Set.of(), Set.of("-I", "-i", "-f", "-L", "-n"))),
            Map.entry("logsave", new Spec("", Set.of(), Set.of(), Set.of("-a", "-s", "-v"))),
            Map.entry("arch-chroot", new Spec("uN", Set.of(), Set.of("-h"))));

    /** Programs that take options, then run their operands as a command ({@code NAME [options] PROG ARGS…}). */
    private static final Map<String, Spec> OPTIONS_THEN_COMMAND = Map.ofEntries(
            Map.entry("ifne", new Spec("", Set.of(), Set.of(), Set.of("-n"))),
            Map.entry("eatmydata", new Spec("", Set.of(), Set.of())),
            Map.entry("nocache", new Spec("n", Set.of(), Set.of())),
            Map.entry("s6-setsid", new Spec("d", Set.of(), Set.of(), Set.of("-s", "-b", "-f", "-g", "-i", "-I", "-q"))),
            Map.entry("s6-softlimit", new Spec("acdfhlmoprst", Set.of(), Set.of())),
            Map.entry("timelimit", new Spec("tTsS", Set.of(), Set.of(), Set.of("-p", "-q"))),
            Map.entry("trickle", new Spec("duwtln", Set.of(), Set.of(), Set.of("-h", "-v", "-V", "-s"))),
            Map.entry("tsocks", new Spec("", Set.of(), Set.of("on", "off", "show", "sh"))),
            Map.entry("socksify", new Spec("", Set.of(), Set.of())),
            Map.entry("graftcp", new Spec("abfnpr", Set.of("--blackip-file", "--whiteip-file", "--config", "--socks5",
                    "--http_proxy", "--select_proxy_mode"), Set.of("--help"))),
            Map.entry("systemd-cat", new Spec("tp", Set.of("--identifier", "--priority", "--stderr-priority", "--level-prefix",
                    "--namespace"), Set.of("--help", "--version"))),
            Map.entry("systemd-socket-activate", new Spec("lE", Set.of("--listen", "--setenv", "--fdname"), Set.of("--help"),
                    Set.of("-a", "--accept", "-d", "--datagram", "--seqpacket", "--inetd"))),
            Map.entry("sshpass", new Spec("pfdP", Set.of(), Set.of("-h", "-V"), Set.of("-e", "-v"))),
            Map.entry("heaptrack", new Spec("op", Set.of("--output", "--pid"), Set.of("-p", "--pid", "-a", "--analyze", "-h", "--help"))),
            Map.entry("memusage", new Spec("npbTx", Set.of("--progname", "--png", "--data", "--buffer", "--title", "--x-size",
                    "--y-size"), Set.of("--help", "-?"))),
            Map.entry("summon", new Spec("pfDe", Set.of("--provider", "--f", "--environment", "--up"), Set.of("-h", "--help"))),
            Map.entry("envconsul", new Spec("", Set.of("-config", "-consul-addr", "-prefix", "-secret", "-vault-addr",
                    "-log-level", "-exec-kill-signal", "-exec-kill-timeout", "-kill-signal"), Set.of("-h", "-help", "-v", "-version"))));

    /** hyperfine options that take a value (the payload ones, {@code --prepare} etc., are read apart). */
    private static final Set<String> HYPERFINE_WITH_ARG = Set.of("-w", "--warmup", "-m", "--min-runs", "-M", "--max-runs", "-r",
            "--runs", "-S", "--shell", "-n", "--command-name", "--export-asciidoc", "--export-csv", "--export-json",
            "--export-markdown", "--export-orgmode", "--style", "-u", "--time-unit", "--output", "--input", "-D",
            "--parameter-step-size", "--sort", "--min-benchmarking-time", "--reference");
    /** hyperfine options whose value is a command line run before or after the benchmarks. */
    private static final Set<String> HYPERFINE_PAYLOADS = Set.of("-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude");

    /** concurrently options that take a value. */
    private static final Set<String> CONCURRENTLY_WITH_ARG = Set.of("-n", "--names", "--name-separator", "-s", "--success",
            "--hide", "--kill-signal", "-c", "--prefix-colors", "-p", "--prefix", "-l", "--prefix-length", "-t",
            "--timestamp-format", "--restart-tries", "--restart-after", "-m", "--max-processes", "--default-input-target",
            "--cwd", "--pad-prefix");

    /** rush options that take a value. */
    private static final Set<String> RUSH_WITH_ARG = Set.of("-j", "--jobs", "-D", "--field-delimiter", "-d",
            "--record-delimiter", "-J", "--records-join-sep", "-n", "--nrecords", "-T", "--trim", "-v", "--assign",
            "-t", "--timeout", "-r", "--retries", "--retry-interval", "-I", "--infile", "-o", "--out-file", "--shell",
            "-e", "--escape-chars", "--eta", "--immediate-output", "-C", "--succ-cmd-file");

    /** A version word of nvm: {@code 20}, {@code v18.1}, {@code lts/*}, {@code node}, {@code default}. */
    private static final Pattern NVM_VERSION = Pattern.compile("v?[0-9][0-9.x]*|lts/.*|--lts(=.*)?|node|iojs|stable|unstable|default|system");

    /** A faketime time specification that looks like an option ({@code -15d}, {@code +2y}). */
    private static final Pattern FAKETIME_OFFSET = Pattern.compile("[-+][0-9].*");

    /**
     * The commands {@code name} runs, or null when it is none of these tools.
     *
     * @param name the command's basename
     * @param argv the whole command, its first word literal
     */
    static List<Unwrap> unwrap(String name, List<Word> argv) {
        Spec oneValue = ONE_VALUE_FIRST.get(name);
        if (oneValue != null) {
            return afterOneOperand(argv, 1, oneValue);
        }
        Spec direct = OPTIONS_THEN_COMMAND.get(name);
        if (direct != null) {
            return Launchers.lenient(argv, 1, direct);
        }
        List<Unwrap> other = switch (name) {
            // the personality variants of setarch take no architecture operand
            case "linux32", "linux64", "i386", "i686", "x86_64", "uname26" ->
                    Launchers.lenient(argv, 1, ONE_VALUE_FIRST.get("setarch"));
            case "cross-env" -> List.of(Wrappers.after(argv, 1, true));
            case "cross-env-shell" -> crossEnvShell(argv);
            case "env-cmd" -> envCmd(argv);
            case "faketime" -> faketime(argv);
            case "hyperfine" -> hyperfine(argv);
            case "concurrently" -> payloadOperands(argv, CONCURRENTLY_WITH_ARG);
            case "rush" -> payloadOperands(argv, RUSH_WITH_ARG);
            case "xe" -> xe(argv);
            case "scl" -> scl(argv);
            case "perf" -> perf(argv);
            case "nvm" -> nvm(argv);
            case "aws-vault" -> argv.size() > 2 && argv.get(1).text().equals("exec")
                    ? afterOneOperand(argv, 2, new Spec("", Set.of("--duration", "-d", "--region", "--mfa-token", "-t",
                            "--prompt", "--backend", "-b", "--server"), Set.of("--help"), Set.of("--no-session", "-n", "--server",
                            "-s", "--ec2-server", "--ecs-server", "--lazy", "--json", "--stdout"))) : List.of();
            // chamber exec SERVICE… -- COMMAND: the services run up to the separator
            case "chamber" -> argv.size() > 2 && argv.get(1).text().equals("exec") ? Launchers.afterSeparator(argv) : List.of();
            case "lxc", "incus" -> argv.size() > 2 && argv.get(1).text().equals("exec")
                    ? afterOneOperand(argv, 2, new Spec("", Set.of("--env", "--mode", "--user", "--group", "--cwd", "--project"),
                            Set.of("--help"), Set.of("-T", "-t", "--force-interactive", "--force-noninteractive"))) : List.of();
            case "start-stop-daemon" -> startStopDaemon(argv);
            // moreutils: pee runs each argument through sh; mispipe runs both of its command lines
            case "pee", "mispipe" -> payloadOperands(argv, Set.of());
            case "rr", "uftrace" -> argv.size() > 2 && Set.of("record", "live", "replay").contains(argv.get(1).text())
                    ? Launchers.lenient(argv, 2, new Spec("dFNDtPA", Set.of("--output-trace-dir", "--depth", "--filter",
                            "--trigger", "--time-filter", "--env"), Set.of("--help"))) : List.of();
            case "bpftrace" -> optionLinesSplit(argv, Set.of("-c"));
            // consul lock PREFIX CHILD…, etcdctl lock NAME [CMD…]: the child runs while the lock is held
            case "consul" -> argv.size() > 3 && argv.get(1).text().equals("lock")
                    ? afterOneOperand(argv, 2, new Spec("", Set.of("-http-addr", "-token", "-n", "-name", "-timeout",
                            "-monitor-retry", "-datacenter"), Set.of("-h", "-help"), Set.of("-pass-stdin", "-verbose", "-child-exit-code"))) : List.of();
            case "etcdctl" -> argv.size() > 3 && argv.get(1).text().equals("lock")
                    ? afterOneOperand(argv, 2, new Spec("", Set.of("--endpoints", "--ttl", "--user", "--password", "--cacert",
                            "--cert", "--key", "--dial-timeout", "--command-timeout"), Set.of("--help"))) : List.of();
            case "berglas" -> argv.size() > 2 && argv.get(1).text().equals("exec") ? Launchers.afterSeparator(argv) : List.of();
            case "teller" -> argv.size() > 2 && argv.get(1).text().equals("run") ? Launchers.afterSeparator(argv) : List.of();
            // rvm VERSION… do CMD…; chruby-exec RUBY… -- CMD…; n exec VERSION CMD…; jenv/plenv exec CMD…
            case "rvm" -> afterWord(argv, "do");
            case "chruby-exec", "guix", "flox" -> Launchers.afterSeparator(argv);
            case "n" -> argv.size() > 3 && Set.of("exec", "run").contains(argv.get(1).text())
                    ? (argv.get(1).text().equals("run") ? nodeWith(argv.subList(3, argv.size())) : List.of(Wrappers.after(argv, 3, false)))
                    : List.of();
            case "jenv", "plenv", "scalaenv", "luaenv", "crenv", "phpenv", "tfenv" -> argv.size() > 2 && argv.get(1).text().equals("exec")
                    ? List.of(Wrappers.after(argv, 2, false)) : List.of();
            // corepack PM ARGS…: the package manager with the arguments
            case "corepack" -> argv.size() > 1 && Set.of("npm", "pnpm", "yarn", "npx", "pnpx").contains(argv.get(1).text())
                    ? List.of(Wrappers.after(argv, 1, false)) : List.of();
            case "railway" -> argv.size() > 2 && argv.get(1).text().equals("run")
                    ? Launchers.lenient(argv, 2, new Spec("es", Set.of("--environment", "--service"), Set.of("--help"))) : List.of();
            case "heroku" -> argv.size() > 2 && Set.of("local:run", "run:inside").contains(argv.get(1).text())
                    ? Launchers.lenient(argv, 2, new Spec("ea", Set.of("--env", "--app", "--port", "--procfile"), Set.of("--help"))) : List.of();
            case "dagger" -> argv.size() > 2 && argv.get(1).text().equals("run")
                    ? Launchers.lenient(argv, 2, new Spec("", Set.of("--progress", "--workdir", "-m", "--mod"), Set.of("--help"))) : List.of();
            case "firebase" -> argv.size() > 2 && argv.get(1).text().equals("emulators:exec")
                    ? payloadOperands(argv.subList(1, argv.size()), Set.of("--only", "--project", "-P", "--import", "--export-on-exit",
                            "--ui", "--inspect-functions", "--log-verbosity")) : List.of();
            case "tox" -> argv.size() > 2 && argv.get(1).text().equals("exec") ? Launchers.afterSeparator(argv) : List.of();
            case "schedtool" -> afterWord(argv, "-e");
            // macOS: sandbox-exec [-f FILE|-n NAME|-p PROFILE] [-D K=V]… CMD…; taskpolicy [options] CMD…
            case "sandbox-exec" -> Launchers.lenient(argv, 1, new Spec("fnpD", Set.of(), Set.of()));
            case "taskpolicy" -> Launchers.lenient(argv, 1, new Spec("ctlgp", Set.of(), Set.of("-p"), Set.of("-b", "-B", "-s", "-S")));
            // launchctl asuser UID CMD…; launchctl submit -l LABEL [-p PROG] -- CMD…
            case "launchctl" -> argv.size() > 3 && argv.get(1).text().equals("asuser") ? List.of(Wrappers.after(argv, 3, false))
                    : argv.size() > 3 && argv.get(1).text().equals("submit") ? Launchers.afterSeparator(argv) : List.of();
            // containerd: ctr run [options] IMAGE ID CMD…
            case "ctr", "nerdctl-ctr" -> argv.size() > 4 && argv.get(1).text().equals("run")
                    ? afterOneOperand(argv.subList(1, argv.size()), 1, new Spec("", Set.of("--env", "--mount", "--label",
                            "--cwd", "--user", "--runtime", "--snapshotter", "--platform", "--net-host"), Set.of("--help"),
                            Set.of("--rm", "-t", "--tty", "-d", "--detach", "--privileged")))
                            .stream().flatMap(u -> u.kind() == Kind.COMMAND ? Launchers.lenient(u.argv(), 1, new Spec("", Set.of(), Set.of())).stream()
                                    : java.util.stream.Stream.of(u)).toList()
                    : List.of();
            // cmd.exe /c|/k LINE (from WSL or Git Bash): the rest of the line runs
            case "cmd", "cmd.exe" -> cmdLine(argv);
            default -> null;
        };
        if (other != null) {
            return other;
        }
        List<Unwrap> watched = Watchers.unwrap(name, argv);
        return watched != null ? watched : Sandboxes.unwrap(name, argv);
    }

    /** A start-up command of less ({@code +!CMD}, {@code '+!CMD'}) or of its {@code +CMD} chain. */
    private static final Pattern LESS_SHELL = Pattern.compile("^\\+.*?!(.+)$");
    /** fzf actions that run a command line: {@code execute(CMD)}, {@code execute-silent[CMD]}, {@code become{CMD}}, {@code reload<CMD>}. */
    private static final Pattern FZF_ACTION = Pattern.compile("(?:execute-silent|execute|become|reload|preview)(?:[(](.*?)[)]|\\[(.*?)]|[{](.*?)[}]|<(.*?)>|:(.*))");

    /**
     * Tools whose command is read before the general launcher tables, because those tables would
     * read it wrong (a runner's subcommand row matches, but an option or a word in between changes
     * where the command is), or null for every other command.
     */
    static List<Unwrap> before(String name, List<Word> argv) {
        String sub = argv.size() > 1 ? argv.get(1).text() : "";
        return switch (name) {
            case "doppler", "infisical" -> argv.stream().anyMatch(w -> w.text().equals("--command") || w.text().startsWith("--command="))
                    ? optionLines(argv, Set.of("--command")) : null;
            case "mise", "rtx" -> Set.of("exec", "x").contains(sub) ? miseExec(argv) : null;
            // bun exec 'CMD' runs a command line in Bun's bash-like shell
            case "bun" -> bunExec(argv);
            case "npm", "yarn", "pnpm" -> packageManager(name, argv);
            case "lerna", "nx" -> sub.equals("exec") ? Launchers.afterSeparator(argv) : null;
            case "deno" -> denoNpm(argv);
            case "gdb" -> {
                List<Unwrap> program = afterWord(argv, "--args");
                yield program.isEmpty() ? null : program;
            }
            case "lldb" -> lldb(argv);
            case "go" -> Set.of("test", "run", "build", "vet").contains(sub) ? goExec(argv) : null;
            case "split", "gsplit" -> optionLines(argv, Set.of("--filter"));
            case "fzf" -> fzf(argv);
            case "less" -> lessStart(argv);
            case "mvn", "mvnw", "./mvnw" -> mavenExec(argv);
            case "fd", "fdfind" -> fdExec(argv);
            // bazel run --run_under=PREFIX: PREFIX's command line runs with the built binary appended
            case "bazel", "bazelisk" -> {
                List<Unwrap> lines = optionLines(argv, Set.of("--run_under"));
                yield lines.isEmpty() ? null : lines;
            }
            // cargo --config 'target.TRIPLE.runner = "CMD"' (and build.rustc-wrapper): CMD runs the built binary
            case "cargo" -> cargoRunner(argv);
            // podman machine ssh [NAME] [CMD…] (podman's other verbs are read by the container tables)
            case "podman" -> sub.equals("machine") && argv.size() > 3 && argv.get(2).text().equals("ssh")
                    ? Launchers.lenient(argv, 3, new Spec("", Set.of("--username"), Set.of("--help"))) : null;
            // rg --pre PROG runs PROG on every file it searches
            case "rg" -> {
                List<Unwrap> pre = new ArrayList<>();
                for (Unwrap line : optionLines(argv, Set.of("--pre"))) {
                    List<Word> program = line.literal() ? Wrappers.split(Word.literal(line.payload())) : List.of();
                    if (program.isEmpty()) {
                        pre.add(line);
                        continue;
                    }
                    for (String root : searchRoots(argv, Set.of(), RG_WITH_ARG, Set.of(),
                            argv.stream().noneMatch(w -> Set.of("-e", "--regexp", "-f", "--file").contains(w.text())))) {
                        List<Word> command = new ArrayList<>(program);
                        command.add(resultUnder(root, "{rg}"));
                        pre.add(Unwrap.command(Provenance.WRAPPED, command, List.of()));
                    }
                }
                yield pre.isEmpty() ? null : pre;
            }
            // macOS arch [-ARCH…] [-e NAME=VALUE] [-d NAME] PROG ARGS…
            case "arch" -> {
                int k = 1;
                while (k < argv.size() && argv.get(k).literal() && argv.get(k).text().startsWith("-")) {
                    k += Set.of("-e", "-d", "-arch").contains(argv.get(k).text()) ? 2 : 1;
                }
                yield k < argv.size() ? List.of(Wrappers.after(argv, k, false)) : null;
            }
            default -> null;
        };
    }

    /**
     * {@code fd [options] [PATTERN] [PATH…] -x|-X CMD… [;]}: the command runs once per result
     * ({@code -x}) or once for all ({@code -X}), with {@code {}} and its variants as the result
     * (appended when absent), so each result is a value known only at run time.
     */
    private static List<Unwrap> fdExec(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        List<String> roots = searchRoots(argv, Set.of("-x", "--exec", "-X", "--exec-batch"), FD_WITH_ARG,
                Set.of("--search-path", "--base-directory"), true);
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (!Set.of("-x", "--exec", "-X", "--exec-batch").contains(t)) {
                continue;
            }
            int end = k + 1;
            while (end < argv.size() && !argv.get(end).text().equals(";")) {
                end++;
            }
            for (String root : roots) {
                // a result is a path under a search root, known only at run time: ROOT/{fd} keeps the
                // root for the path rules; with unknown roots it is a dynamic value
                String result = resultUnder(root, "{fd}").text();
                List<Word> command = new ArrayList<>();
                boolean slot = false;
                for (Word w : argv.subList(k + 1, end)) {
                    boolean hasSlot = !command.isEmpty() && FD_SLOT.matcher(w.text()).find();
                    slot |= hasSlot;
                    command.add(hasSlot ? new Word(FD_SLOT.matcher(w.text()).replaceAll(java.util.regex.Matcher.quoteReplacement(result)),
                            w.raw(), false, Set.of(WordFeature.PARAMETER)) : w);
                }
                if (!command.isEmpty()) {
                    if (!slot) {
                        command.add(resultUnder(root, "{fd}"));
                    }
                    out.add(Unwrap.command(Provenance.XARGS, command, List.of()));
                }
            }
            k = end;
        }
        return out.isEmpty() ? null : out;
    }

    /** fd options that take a value. */
    private static final Set<String> FD_WITH_ARG = Set.of("-e", "--extension", "-t", "--type", "-E", "--exclude", "-d",
            "--max-depth", "--min-depth", "--exact-depth", "-S", "--size", "--changed-within", "--changed-before",
            "--change-newer-than", "--change-older-than", "-o", "--owner", "-j", "--threads", "--max-results", "-c",
            "--color", "--ignore-file", "--path-separator", "--batch-size", "--format", "--hyperlink");

    /** ripgrep options that take a value. */
    private static final Set<String> RG_WITH_ARG = Set.of("-e", "--regexp", "-f", "--file", "-g", "--glob", "--iglob", "-t",
            "--type", "-T", "--type-not", "-m", "--max-count", "-A", "--after-context", "-B", "--before-context", "-C",
            "--context", "-j", "--threads", "-M", "--max-columns", "--pre", "--pre-glob", "--type-add", "--sort", "--sortr",
            "--colors", "--color", "-E", "--encoding", "--max-depth", "-d", "--max-filesize", "-r", "--replace",
            "--path-separator", "--context-separator", "--field-match-separator", "--ignore-file", "--engine", "--dfa-size-limit",
            "--regex-size-limit");

    /**
     * A search result under {@code root} as a word: ROOT/MARK keeps the root for the path rules
     * (a delete of {@code ~/…} is outside the project, of {@code ./…} inside); an unknown root (null)
     * is a dynamic value.
     */
    private static Word resultUnder(String root, String mark) {
        String text = root == null ? "${search_result}" : (root.endsWith("/") ? root : root + "/") + mark;
        return new Word(text, "", false, Set.of(WordFeature.PARAMETER));
    }

    /**
     * The directories a search tool walks (fd, rg): its path operands (after the pattern when
     * {@code firstIsPattern}) and the values of {@code pathOptions}, up to the first word of
     * {@code stopAt}; {@code .} when none. A single null when one is not literal or there are more
     * than eight.
     */
    private static List<String> searchRoots(List<Word> argv, Set<String> stopAt, Set<String> withArg, Set<String> pathOptions,
            boolean firstIsPattern) {
        List<String> operands = new ArrayList<>();
        List<String> searchPaths = new ArrayList<>();
        boolean dynamic = false;
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (stopAt.contains(t)) {
                break;
            }
            if (pathOptions.contains(t)) {
                if (k + 1 < argv.size()) {
                    dynamic |= !argv.get(k + 1).literal();
                    searchPaths.add(argv.get(++k).text());
                }
                continue;
            }
            if (t.contains("=") && pathOptions.contains(t.substring(0, t.indexOf('=')))) {
                dynamic |= !w.literal();
                searchPaths.add(t.substring(t.indexOf('=') + 1));
                continue;
            }
            if (t.startsWith("-") && t.length() > 1) {
                k += withArg.contains(t) ? 1 : 0;
                continue;
            }
            dynamic |= !w.literal();
            operands.add(t);
        }
        List<String> roots = new ArrayList<>(searchPaths);
        int skip = firstIsPattern ? 1 : 0;
        if (searchPaths.isEmpty() && operands.size() > skip) {
            roots.addAll(operands.subList(skip, operands.size()));
        }
        if (roots.isEmpty()) {
            roots.add(".");
        }
        if (dynamic || roots.size() > 8) {
            java.util.ArrayList<String> unknown = new java.util.ArrayList<>();
            unknown.add(null);
            return unknown;
        }
        return roots;
    }

    /** fd's placeholders: {@code {}}, {@code {/}}, {@code {//}}, {@code {.}}, {@code {/.}}. */
    private static final Pattern FD_SLOT = Pattern.compile("\\{(/|//|\\.|/\\.)?\\}");

    /** {@code bun [--cwd DIR] exec 'CMD'}: the rest runs as one line of Bun's bash-like shell. */
    private static List<Unwrap> bunExec(List<Word> argv) {
        int k = 1;
        while (k < argv.size() && argv.get(k).literal() && argv.get(k).text().startsWith("-")) {
            k += argv.get(k).text().equals("--cwd") || argv.get(k).text().equals("--config") || argv.get(k).text().equals("-c") ? 2 : 1;
        }
        return k + 1 < argv.size() && argv.get(k).text().equals("exec")
                ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, argv.size()))) : null;
    }

    /** The values of {@code options} as command lines ({@code -x 'CMD'}, {@code --exec=CMD}). */
    static List<Unwrap> optionLines(List<Word> argv, Set<String> options) {
        List<Unwrap> out = new ArrayList<>();
        for (Word value : optionValues(argv, options)) {
            out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(value)));
        }
        return out;
    }

    /**
     * Every value of {@code options}, written {@code OPT VALUE} or {@code OPT=VALUE}; an attached
     * value keeps its word's literalness and features.
     */
    static List<Word> optionValues(List<Word> argv, Set<String> options) {
        List<Word> out = new ArrayList<>();
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (options.contains(t) && k + 1 < argv.size()) {
                out.add(argv.get(++k));
            } else if (t.contains("=") && options.contains(t.substring(0, t.indexOf('=')))) {
                out.add(new Word(t.substring(t.indexOf('=') + 1), w.raw(), w.literal(), w.features()));
            }
        }
        return out;
    }

    /** {@code mise exec [TOOL@VERSION…] [-- CMD…]} or {@code mise exec … -c 'CMD'}. */
    private static List<Unwrap> miseExec(List<Word> argv) {
        List<Unwrap> line = optionLines(argv, Set.of("-c", "--command"));
        if (!line.isEmpty()) {
            return line;
        }
        List<Unwrap> separated = Launchers.afterSeparator(argv);
        if (!separated.isEmpty()) {
            return separated;
        }
        int k = 2;
        while (k < argv.size() && (argv.get(k).text().startsWith("-") || argv.get(k).text().contains("@"))) {
            if (!argv.get(k).literal()) {
                return List.of(Unwrap.UNDETERMINED);
            }
            k += Set.of("-C", "--cd", "-j", "--jobs", "-E", "--env").contains(argv.get(k).text()) ? 2 : 1;
        }
        return k < argv.size() ? List.of(Wrappers.after(argv, k, false)) : List.of();
    }

    /** npm/yarn/pnpm options before the subcommand that take a value. */
    private static final Set<String> PM_GLOBAL_WITH_ARG = Set.of("-w", "--workspace", "--prefix", "-C", "--dir", "--cwd",
            "--filter", "-F", "--loglevel", "--userconfig", "--registry", "--cache");

    /**
     * The commands pnpm and yarn (classic and Berry) answer themselves, with their aliases and the
     * npm commands pnpm passes through; any other first word names a project script or a program
     * from node_modules/.bin. Not listed on purpose: {@code yarn node} and {@code pnpm node}, which
     * run node. A command missing here is only read as a program too: its own rules still judge the
     * manager's segment, so a gap adds a segment, it never hides one.
     */
    private static final java.util.Map<String, Set<String>> OWN_COMMANDS = java.util.Map.of(
            "pnpm", Set.of("add", "install", "i", "update", "up", "upgrade", "remove", "rm", "uninstall", "un", "uni",
                    "link", "ln", "unlink", "import", "rebuild", "rb", "prune", "fetch", "install-test", "it", "patch",
                    "patch-commit", "patch-remove", "dedupe", "approve-builds", "ignored-builds", "audit", "list", "ls",
                    "la", "ll", "outdated", "why", "licenses", "sbom", "run", "run-script", "test", "t", "tst", "exec",
                    "dlx", "create", "start", "restart", "stop", "pack", "publish", "root", "bin", "store", "server",
                    "setup", "init", "deploy", "doctor", "config", "c", "get", "set", "env", "cat-file", "cat-index",
                    "find-hash", "self-update", "recursive", "multi", "m", "help", "completion", "cache", "access",
                    "adduser", "bugs", "deprecate", "undeprecate", "dist-tag", "docs", "edit", "info", "login",
                    "logout", "owner", "ping", "prefix", "profile", "pkg", "repo", "s", "se", "search", "set-script",
                    "star", "stars", "team", "token", "unpublish", "unstar", "version", "view", "v", "whoami",
                    "xmas", "hook", "org", "explore", "shrinkwrap", "fund", "query", "x", "clean", "inspect", "runtime"),
            "yarn", Set.of("access", "add", "audit", "autoclean", "bin", "cache", "check", "config", "constraints",
                    "create", "dedupe", "dlx", "exec", "explain", "generate-lock-entry", "global", "help", "import", "info",
                    "init", "install", "licenses", "link", "list", "login", "logout", "npm", "outdated", "owner", "pack",
                    "patch", "patch-commit", "plugin", "policies", "publish", "rebuild", "remove", "run", "search",
                    "sdks", "set", "stage", "tag", "team", "test", "unlink", "unplug", "up", "upgrade",
                    "upgrade-interactive", "version", "versions", "why", "workspace", "workspaces", "start"));

    /**
     * Script names a project defines far more often than a program of that name exists
     * ({@code pnpm build}, {@code yarn lint}; also any name with a colon, {@code test:unit}): read as
     * the script alone, which the manager's own segment stands for, rather than as an unknown program.
     */
    private static final Set<String> USUAL_SCRIPTS = Set.of("build", "lint", "typecheck", "type-check", "check", "format",
            "fmt", "dev", "serve", "preview", "watch", "clean");

    /**
     * npm, yarn and pnpm with their global options or workspace selection before the subcommand
     * ({@code npm -w web exec -- CMD}, {@code yarn --cwd DIR exec CMD}, {@code yarn workspace web
     * exec CMD}, {@code yarn workspaces foreach -A exec CMD}, {@code pnpm --filter x exec CMD}), and
     * {@code npm explore PKG -- CMD}: read as the plain {@code exec} form; null when nothing stands
     * before the subcommand (the general tables read that).
     */
    private static List<Unwrap> packageManager(String name, List<Word> argv) {
        int k = 1;
        while (k < argv.size() && argv.get(k).literal()) {
            String t = argv.get(k).text();
            if (t.startsWith("-")) {
                k += PM_GLOBAL_WITH_ARG.contains(t) ? 2 : 1;
            } else if (name.equals("yarn") && t.equals("workspace") && k + 1 < argv.size()) {
                k += 2;
            } else if (name.equals("yarn") && t.equals("workspaces") && k + 1 < argv.size() && argv.get(k + 1).text().equals("foreach")) {
                k += 2;
            } else {
                break;
            }
        }
        if (k >= argv.size() || !argv.get(k).literal()) {
            return null;
        }
        String verb = argv.get(k).text();
        if (name.equals("npm") && verb.equals("explore")) {
            List<Unwrap> separated = Launchers.afterSeparator(argv);
            return separated.isEmpty() ? List.of() : List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                    argv.subList(argv.size() - separated.get(0).argv().size(), argv.size())));
        }
        Set<String> own = OWN_COMMANDS.get(name);
        if (own != null && !own.contains(verb) && !USUAL_SCRIPTS.contains(verb) && !verb.contains(":")) {
            // `pnpm vitest run`, `yarn jest`: a word that is none of the manager's own commands runs the
            // project's script of that name, else the program of that name from node_modules/.bin (pnpm
            // falls back to `pnpm exec`, yarn to its bin lookup): the program is judged as a command
            return List.of(Wrappers.after(argv, k, false));
        }
        if (k == 1 || !Set.of("exec", "x", "dlx").contains(verb)) {
            return null;
        }
        List<Word> plain = new ArrayList<>();
        plain.add(argv.get(0));
        plain.addAll(argv.subList(k, argv.size()));
        return Launchers.unwrap(name, plain);
    }

    /** {@code deno run [options] npm:PKG[@VERSION] ARGS…}: the package's program, as {@code npx PKG ARGS…} reads it. */
    private static List<Unwrap> denoNpm(List<Word> argv) {
        if (argv.size() < 3 || !argv.get(1).text().equals("run")) {
            return null;
        }
        for (int k = 2; k < argv.size(); k++) {
            Word w = argv.get(k);
            if (w.text().startsWith("-")) {
                continue;
            }
            if (!w.literal() || !w.text().startsWith("npm:")) {
                return null;
            }
            String pkg = w.text().substring(4);
            int at = pkg.indexOf('@', 1);
            String program = (at > 0 ? pkg.substring(0, at) : pkg);
            program = program.substring(program.lastIndexOf('/') + 1);
            List<Word> command = new ArrayList<>();
            command.add(Word.literal(program));
            command.addAll(argv.subList(k + 1, argv.size()));
            return List.of(Unwrap.command(Provenance.WRAPPED, command, List.of()));
        }
        return null;
    }

    /** {@code lldb [options] -- PROG ARGS…} and {@code -o|--one-line 'platform shell CMD'}. */
    private static List<Unwrap> lldb(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>(Launchers.afterSeparator(argv));
        for (int k = 1; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            if (Set.of("-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash").contains(t)) {
                Word line = argv.get(k + 1);
                java.util.regex.Matcher m = Pattern.compile("^\\s*(?:platform\\s+shell|shell)\\s+(.+)$").matcher(line.text());
                if (m.find()) {
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                            List.of(new Word(m.group(1), line.raw(), line.literal(), line.features()))));
                }
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** {@code go test|run -exec XPROG …}: XPROG (split into words) runs the built binary. */
    private static List<Unwrap> goExec(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (Word value : optionValues(argv, Set.of("-exec", "--exec", "-toolexec", "--toolexec"))) {
            if (!value.literal()) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(value)));
                continue;
            }
            List<Word> fields = goFields(value);
            if (fields == null) {
                // a quote left open: go refuses it, read it as a shell line so that it stays judged
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(value)));
                continue;
            }
            List<Word> command = new ArrayList<>(fields);
            command.add(Wrappers.placeholder("${built_binary}"));
            out.add(Unwrap.command(Provenance.WRAPPED, command, List.of()));
        }
        return out.isEmpty() ? null : out;
    }

    /**
     * The words of a go {@code -exec}/{@code -toolexec} value as cmd/go splits it (its quoted
     * split): blanks separate fields, a field may be quoted whole or in part with {@code '} or
     * {@code "}, no escapes; null when a quote is left open.
     * WHY: a blank-only split read {@code -exec 'sh -c "rm -rf ~"'} as {@code sh -c '"rm'}, a
     * syntax error that asked, where go runs {@code sh -c 'rm -rf ~'}.
     */
    static List<Word> goFields(Word w) {
        List<Word> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean inField = false;
        char quote = 0;
        for (char c : w.text().toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    field.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inField = true;
            } else if (Character.isWhitespace(c)) {
                if (inField) {
                    out.add(new Word(field.toString(), w.raw(), w.literal(), w.features()));
                    field.setLength(0);
                    inField = false;
                }
            } else {
                field.append(c);
                inField = true;
            }
        }
        if (quote != 0) {
            return null;
        }
        if (inField) {
            out.add(new Word(field.toString(), w.raw(), w.literal(), w.features()));
        }
        return out;
    }

    /** fzf's {@code --bind} actions and {@code --preview} command lines. */
    private static List<Unwrap> fzf(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>(optionLines(argv, Set.of("--preview")));
        for (Word bind : optionValues(argv, Set.of("--bind"))) {
            java.util.regex.Matcher m = FZF_ACTION.matcher(bind.text());
            while (m.find()) {
                for (int g = 1; g <= m.groupCount(); g++) {
                    if (m.group(g) != null && !m.group(g).isBlank()) {
                        out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                                List.of(new Word(m.group(g), m.group(g), bind.literal(), Set.of()))));
                    }
                }
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** less's start-up commands: {@code +!CMD} runs a shell command when less starts. */
    private static List<Unwrap> lessStart(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (Word w : argv.subList(1, argv.size())) {
            java.util.regex.Matcher m = LESS_SHELL.matcher(w.text());
            if (m.find()) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(m.group(1), w.raw(), w.literal(), w.features()))));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** {@code mvn exec:exec -Dexec.executable=PROG -Dexec.args='ARGS'}: PROG runs with the arguments. */
    private static List<Unwrap> mavenExec(List<Word> argv) {
        if (argv.stream().noneMatch(w -> w.text().equals("exec:exec") || w.text().endsWith(":exec-maven-plugin:exec")
                || w.text().matches(".*exec-maven-plugin:[^:]+:exec"))) {
            return null;
        }
        Word executable = null;
        Word arguments = null;
        for (Word w : argv) {
            String t = w.text();
            if (t.startsWith("-Dexec.executable=")) {
                executable = new Word(t.substring(18), w.raw(), w.literal(), w.features());
            } else if (t.startsWith("-Dexec.args=")) {
                arguments = new Word(t.substring(12), w.raw(), w.literal(), w.features());
            }
        }
        if (executable == null) {
            return null; // the pom names the program
        }
        String line = executable.text() + (arguments == null ? "" : " " + arguments.text());
        boolean literal = executable.literal() && (arguments == null || arguments.literal());
        return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(line, line, literal, Set.of()))));
    }

    /** The values of {@code options} split into words: {@code bpftrace -c 'CMD ARGS'} runs the words, not a shell. */
    private static List<Unwrap> optionLinesSplit(List<Word> argv, Set<String> options) {
        List<Unwrap> out = new ArrayList<>();
        for (Word value : optionValues(argv, options)) {
            out.add(value.literal() ? Unwrap.command(Provenance.WRAPPED, Wrappers.split(value), List.of())
                    : Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(value)));
        }
        return out;
    }

    /** A cargo {@code --config} setting that names a program cargo starts: a target runner or a rustc wrapper. */
    private static final Pattern CARGO_RUNNER = Pattern.compile("(?:target\\.[^=]+\\.(?:runner|linker)|build\\.rustc(?:-workspace)?-wrapper|build\\.rustc|build\\.rustdoc)\\s*=\\s*(.+)");

    /** The programs {@code cargo --config KEY=VALUE} settings start, with their quotes and array brackets dropped. */
    private static List<Unwrap> cargoRunner(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (Word setting : optionValues(argv, Set.of("--config"))) {
            java.util.regex.Matcher m = CARGO_RUNNER.matcher(setting.text());
            if (m.matches()) {
                String value = m.group(1).trim().replaceAll("^\\[|]$", "").replaceAll("[\"']\\s*,\\s*[\"']", " ").replaceAll("^[\"']|[\"']$", "");
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(value, value, setting.literal(), Set.of()))));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /**
     * {@code cmd /c LINE}, {@code /k}, {@code /r} (Git Bash spells the switch {@code //c}, as its
     * path conversion would turn {@code /c} into a path; the command may be glued to the switch):
     * the words after the switch are one cmd.exe command line, read as cmd.exe reads it
     * ({@link Kind#CMD_PAYLOAD}, the reader PowerShell's {@code cmd} uses too), so carets, call,
     * start, blocks and {@code %VAR%} mean what they mean to cmd.exe. Without a switch cmd.exe
     * reads its commands from standard input ({@code cmd < wipe.bat}, {@code cat x.bat | cmd}).
     */
    private static List<Unwrap> cmdLine(List<Word> argv) {
        List<Word> args = argv.subList(1, argv.size());
        int k = dev.shellwarden.grammar.ps.CmdPayload.commandSwitch(args.stream().map(Word::text).toList());
        if (k < 0) {
            return List.of(new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false));
        }
        List<String> words = new ArrayList<>();
        String attached = dev.shellwarden.grammar.ps.CmdPayload.attached(args.get(k).text());
        if (!attached.isEmpty()) {
            words.add(attached);
        }
        boolean literal = args.get(k).literal();
        for (Word w : args.subList(k + 1, args.size())) {
            words.add(w.text());
            literal &= w.literal();
        }
        if (words.isEmpty()) {
            return List.of();
        }
        String line = dev.shellwarden.grammar.ps.CmdPayload.join(words);
        return List.of(new Unwrap(Kind.CMD_PAYLOAD, Provenance.WRAPPED, List.of(), List.of(), line, literal, false));
    }

    /** {@code TOOL … WORD COMMAND…}: the command after the first {@code word} ({@code rvm 3.2 do CMD}). */
    private static List<Unwrap> afterWord(List<Word> argv, String word) {
        for (int k = 1; k < argv.size() - 1; k++) {
            if (argv.get(k).text().equals(word)) {
                return List.of(Wrappers.after(argv, k + 1, false));
            }
        }
        return List.of();
    }

    /** node with the given arguments ({@code n run VERSION ARGS…}). */
    private static List<Unwrap> nodeWith(List<Word> args) {
        List<Word> command = new ArrayList<>();
        command.add(Word.literal("node"));
        command.addAll(args);
        return List.of(Unwrap.command(Provenance.WRAPPED, command, List.of()));
    }

    /**
     * The command after options (from {@code from}) and one operand that is the tool's own value:
     * {@code gosu USER CMD}, {@code aws-vault exec PROFILE -- CMD}, {@code lxc exec NAME -- CMD}.
     * Options and an optional {@code --} after the value are skipped; with no word after the value nothing runs
     * here (aws-vault then starts an interactive shell, which the slow rules meet as the tool itself).
     */
    static List<Unwrap> afterOneOperand(List<Word> argv, int from, Spec spec) {
        List<Unwrap> out = new ArrayList<>();
        for (Unwrap value : Launchers.lenient(argv, from, spec)) {
            if (value.kind() != Kind.COMMAND) {
                out.add(value);
                continue;
            }
            // the tool's options may follow its value too (`setarch x86_64 -R CMD`), and `--` may end them
            out.addAll(Launchers.lenient(value.argv(), 1, spec));
        }
        return out;
    }

    /** {@code cross-env-shell [NAME=VALUE…] COMMAND-LINE}: the rest is one line for a shell. */
    private static List<Unwrap> crossEnvShell(List<Word> argv) {
        int i = 1;
        while (i < argv.size() && Wrappers.isAssignment(argv.get(i).text())) {
            i++;
        }
        return i < argv.size() ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i, argv.size())))
                : List.of();
    }

    /** {@code env-cmd [-f FILE] [-e ENV] [--use-shell] COMMAND…}; with --use-shell the words are a shell line. */
    private static List<Unwrap> envCmd(List<Word> argv) {
        Spec spec = new Spec("fer", Set.of("--file", "--environments", "--rc-file"), Set.of("--help", "-h", "--version"),
                Set.of("--fallback", "--no-override", "--silent", "--use-shell", "--verbose", "-x", "--expand-envs"));
        List<Unwrap> commands = Launchers.lenient(argv, 1, spec);
        if (argv.stream().noneMatch(w -> w.text().equals("--use-shell"))) {
            return commands;
        }
        List<Unwrap> out = new ArrayList<>();
        for (Unwrap u : commands) {
            out.add(u.kind() == Kind.COMMAND ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, u.argv()) : u);
        }
        return out;
    }

    /**
     * {@code faketime [-m] [-f] TIME PROGRAM…}. A time spec like {@code -15d} looks like an option,
     * so when the word before the first operand is one, the reading that it was the time is added.
     */
    private static List<Unwrap> faketime(List<Word> argv) {
        int i = Wrappers.opts(argv, 1, "p", Set.of("--date-prog"), Set.of("-h", "--help", "-v", "--version"));
        if (i == Wrappers.NO_COMMAND) {
            return List.of();
        }
        if (i < 0) {
            return List.of(Unwrap.UNDETERMINED);
        }
        List<Unwrap> out = new ArrayList<>();
        if (i + 1 < argv.size()) {
            out.add(Wrappers.after(argv, i + 1, false));
        }
        if (i > 1 && i < argv.size() && FAKETIME_OFFSET.matcher(argv.get(i - 1).text()).matches()) {
            out.add(Wrappers.after(argv, i, false));
        }
        return out;
    }

    /**
     * {@code hyperfine [options] COMMAND-LINE…}: every operand is a command line run through a
     * shell, and so are the values of {@code --prepare}, {@code --setup}, {@code --cleanup} and
     * {@code --conclude}; {@code -L NAME VALUES} and {@code -P NAME MIN MAX} take two and three values.
     */
    private static List<Unwrap> hyperfine(List<Word> argv) {
        return payloadOperands(argv, HYPERFINE_WITH_ARG, HYPERFINE_PAYLOADS,
                Map.of("-L", 2, "--parameter-list", 2, "-P", 3, "--parameter-scan", 3));
    }

    /** A replacement string of rush ({@code {}}, {@code {1}}, {@code {.}}) or a hyperfine parameter ({@code {n}}). */
    private static final Pattern SLOT = Pattern.compile("\\{[^{}\\s'\"]*\\}");

    /**
     * A command line whose replacement strings stand for values read at run time: each becomes a
     * parameter expansion, so {@code rm -rf {}} is a delete of a dynamic target, not of a file
     * named {@code {}}.
     */
    private static Unwrap withSlots(Word line) {
        String text = SLOT.matcher(line.text()).replaceAll("\"\\$SLOT_VALUE\"");
        return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                List.of(text.equals(line.text()) ? line : new Word(text, line.raw(), line.literal(), line.features())));
    }

    /** Tools whose every operand is a command line for a shell ({@code concurrently "a" "b"}, {@code rush 'CMD {}'}). */
    private static List<Unwrap> payloadOperands(List<Word> argv, Set<String> withArg) {
        return payloadOperands(argv, withArg, Set.of(), Map.of());
    }

    /**
     * Every operand as a command line, and the values of {@code payloadOptions} too; options in
     * {@code withArg} take one value, those in {@code multiValue} as many as it says.
     */
    private static List<Unwrap> payloadOperands(List<Word> argv, Set<String> withArg, Set<String> payloadOptions,
            Map<String, Integer> multiValue) {
        List<Unwrap> out = new ArrayList<>();
        boolean options = true;
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (options && t.equals("--")) {
                options = false;
                continue;
            }
            if (options && t.startsWith("-") && t.length() > 1) {
                if (!w.literal()) {
                    return List.of(Unwrap.UNDETERMINED);
                }
                String key = t.contains("=") ? t.substring(0, t.indexOf('=')) : t;
                if (payloadOptions.contains(key)) {
                    Word value = t.contains("=") ? new Word(t.substring(t.indexOf('=') + 1), w.raw(), w.literal(), w.features())
                            : k + 1 < argv.size() ? argv.get(++k) : null;
                    if (value != null) {
                        out.add(withSlots(value));
                    }
                } else if (!t.contains("=")) {
                    k += multiValue.getOrDefault(t, withArg.contains(t) ? 1 : 0);
                }
                continue;
            }
            out.add(withSlots(w));
        }
        return out;
    }

    /**
     * {@code xe [options] COMMAND…}: like xargs, the command gets words read from standard input
     * (or after {@code -a}/{@code -A SEP}); {@code -s SCRIPT} runs a shell script instead.
     */
    private static List<Unwrap> xe(List<Word> argv) {
        for (int k = 1; k < argv.size() - 1; k++) {
            if (argv.get(k).text().equals("-s")) {
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, k + 2)));
            }
        }
        int i = Wrappers.opts(argv, 1, "NIjfA", Set.of(), Set.of("-h", "--help"));
        if (i == Wrappers.NO_COMMAND || i >= argv.size()) {
            return List.of();
        }
        if (i < 0) {
            return List.of(Unwrap.UNDETERMINED);
        }
        List<Word> command = new ArrayList<>(argv.subList(i, argv.size()));
        command.add(Wrappers.placeholder("{xe}"));
        return List.of(Unwrap.command(Provenance.XARGS, command, List.of()));
    }

    /**
     * {@code scl enable|run COLLECTION… -- COMMAND…}, or the older {@code scl enable COLLECTION…
     * 'COMMAND LINE'} whose last word is a shell line.
     */
    private static List<Unwrap> scl(List<Word> argv) {
        if (argv.size() < 4 || !Set.of("enable", "run", "load").contains(argv.get(1).text())) {
            return List.of();
        }
        List<Unwrap> separated = Launchers.afterSeparator(argv);
        return !separated.isEmpty() ? separated
                : List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(argv.size() - 1, argv.size())));
    }

    /** perf subcommands that run a workload command after their options. */
    private static final Set<String> PERF_RUNS = Set.of("record", "stat", "trace", "ftrace", "c2c", "mem", "sched", "lock",
            "kmem", "kwork", "timechart");

    /** {@code perf record|stat|trace [options] COMMAND…} (also {@code perf c2c record …}). */
    private static List<Unwrap> perf(List<Word> argv) {
        int k = 1;
        while (k < argv.size() && argv.get(k).literal() && !PERF_RUNS.contains(argv.get(k).text()) && argv.get(k).text().startsWith("-")) {
            k++;
        }
        if (k >= argv.size() || !PERF_RUNS.contains(argv.get(k).text())) {
            return List.of();
        }
        if (k + 1 < argv.size() && Set.of("record", "stat").contains(argv.get(k + 1).text())) {
            k++; // perf c2c record, perf mem record, perf sched record…
        }
        return Launchers.lenient(argv, k + 1, new Spec("eoptuCcFmGrIDx", Set.of("--event", "--output", "--pid", "--tid", "--uid",
                "--cpu", "--count", "--freq", "--mmap-pages", "--cgroup", "--call-graph", "--repeat", "--delay",
                "--field-separator", "--filter", "--duration", "--switch-output", "--interval-print", "--post", "--pre"),
                Set.of("-h", "--help"), Set.of("-a", "-g", "-q", "-v", "-s", "-n", "--all-cpus", "--no-inherit", "-A", "-B")));
    }

    /**
     * {@code nvm exec [--silent] [VERSION] COMMAND…} and {@code nvm run [--silent] [VERSION] ARGS…}
     * (node with the arguments). The version is optional: a word that looks like one is taken as it,
     * any other word gives both readings.
     */
    private static List<Unwrap> nvm(List<Word> argv) {
        if (argv.size() < 3 || !Set.of("exec", "run").contains(argv.get(1).text())) {
            return List.of();
        }
        boolean run = argv.get(1).text().equals("run");
        int i = 2;
        while (i < argv.size() && argv.get(i).literal() && Set.of("--silent", "--lts").contains(argv.get(i).text())) {
            i++;
        }
        if (i >= argv.size()) {
            return List.of();
        }
        if (!argv.get(i).literal()) {
            return List.of(Unwrap.UNDETERMINED);
        }
        List<Integer> starts = NVM_VERSION.matcher(argv.get(i).text()).matches() ? List.of(i + 1) : List.of(i, i + 1);
        List<Unwrap> out = new ArrayList<>();
        for (int s : starts) {
            if (s >= argv.size()) {
                continue;
            }
            out.addAll(run ? nodeWith(argv.subList(s, argv.size())) : List.of(Wrappers.after(argv, s, false)));
        }
        return out;
    }

    /**
     * {@code start-stop-daemon --start --exec PROGRAM [--startas PATH] -- ARGS…}: the program (the
     * {@code --startas} one when given) runs with the words after {@code --}; other actions run nothing.
     */
    private static List<Unwrap> startStopDaemon(List<Word> argv) {
        Word exec = null;
        Word startas = null;
        boolean start = false;
        int args = argv.size();
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (t.equals("--")) {
                args = k + 1;
                break;
            }
            if (!w.literal() && t.startsWith("-")) {
                return List.of(Unwrap.UNDETERMINED);
            }
            start |= t.equals("--start") || t.equals("-S");
            if ((t.equals("--exec") || t.equals("-x")) && k + 1 < argv.size()) {
                exec = argv.get(++k);
            } else if ((t.equals("--startas") || t.equals("-a")) && k + 1 < argv.size()) {
                startas = argv.get(++k);
            } else if (t.startsWith("--exec=") || t.startsWith("--startas=")) {
                Word v = new Word(t.substring(t.indexOf('=') + 1), w.raw(), w.literal(), w.features());
                if (t.startsWith("--exec=")) {
                    exec = v;
                } else {
                    startas = v;
                }
            }
        }
        Word program = startas != null ? startas : exec;
        if (!start || program == null) {
            return List.of();
        }
        List<Word> command = new ArrayList<>();
        command.add(program);
        command.addAll(argv.subList(Math.min(args, argv.size()), argv.size()));
        return List.of(Unwrap.command(Provenance.WRAPPED, command, List.of()));
    }
}
