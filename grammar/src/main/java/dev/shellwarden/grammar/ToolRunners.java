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
    private static final Map<String, Spec> ONE_VALUE_FIRST = Map.of(
            "gosu", new Spec("", Set.of(), Set.of("--help", "--version", "-h")),
            "su-exec", new Spec("", Set.of(), Set.of()),
            "setuidgid", new Spec("", Set.of(), Set.of()),
            "envuidgid", new Spec("", Set.of(), Set.of()),
            "envdir", new Spec("", Set.of(), Set.of()),
            "setlock", new Spec("", Set.of(), Set.of(), Set.of("-n", "-N", "-x", "-X")),
            "setarch", new Spec("", Set.of(), Set.of("--list", "-h", "--help", "-V", "--version")));

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
        return switch (name) {
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
            case "chamber" -> argv.size() > 2 && argv.get(1).text().equals("exec") ? afterSeparator(argv) : List.of();
            case "lxc", "incus" -> argv.size() > 2 && argv.get(1).text().equals("exec")
                    ? afterOneOperand(argv, 2, new Spec("", Set.of("--env", "--mode", "--user", "--group", "--cwd", "--project"),
                            Set.of("--help"), Set.of("-T", "-t", "--force-interactive", "--force-noninteractive"))) : List.of();
            case "start-stop-daemon" -> startStopDaemon(argv);
            default -> null;
        };
    }

    /**
     * The command after options (from {@code from}) and one operand that is the tool's own value:
     * {@code gosu USER CMD}, {@code aws-vault exec PROFILE -- CMD}, {@code lxc exec NAME -- CMD}.
     * Options and an optional {@code --} after the value are skipped; with no word after the value nothing runs
     * here (aws-vault then starts an interactive shell, which the slow rules meet as the tool itself).
     */
    private static List<Unwrap> afterOneOperand(List<Word> argv, int from, Spec spec) {
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

    /** {@code TOOL … -- COMMAND…}: the command follows the first {@code --}. */
    static List<Unwrap> afterSeparator(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--")) {
                return k + 1 < argv.size() ? List.of(Wrappers.after(argv, k + 1, false)) : List.of();
            }
        }
        return List.of();
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
                if (HYPERFINE_PAYLOADS.contains(key)) {
                    Word value = t.contains("=") ? new Word(t.substring(t.indexOf('=') + 1), w.raw(), w.literal(), w.features())
                            : k + 1 < argv.size() ? argv.get(++k) : null;
                    if (value != null) {
                        out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(value)));
                    }
                } else if (!t.contains("=")) {
                    k += Set.of("-L", "--parameter-list").contains(t) ? 2
                            : Set.of("-P", "--parameter-scan").contains(t) ? 3
                            : HYPERFINE_WITH_ARG.contains(t) ? 1 : 0;
                }
                continue;
            }
            out.add(withSlots(w));
        }
        return out;
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
                k += !t.contains("=") && withArg.contains(t) ? 1 : 0;
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
        List<Unwrap> separated = afterSeparator(argv);
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
            List<Word> command = new ArrayList<>();
            if (run) {
                command.add(Word.literal("node"));
            }
            command.addAll(argv.subList(s, argv.size()));
            out.add(Unwrap.command(Provenance.WRAPPED, command, List.of()));
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
