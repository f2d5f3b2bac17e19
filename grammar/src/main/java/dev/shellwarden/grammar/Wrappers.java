package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import dev.shellwarden.grammar.bash.Names;

/**
 * Knows how wrapper commands ({@code sudo}, {@code env}, {@code timeout}, {@code xargs},
 * {@code find -exec}, {@code bash -c}, {@code eval}…) take their options, so the splitter can
 * find the command or script they run.
 *
 * <p>INVARIANT: when an option word that could change where the wrapped command starts is not
 * literal, the result is {@link Kind#UNDETERMINED}, never a guess.
 */
final class Wrappers {

    /** What a command runs besides itself. */
    enum Kind {
        /** Nothing known: not a wrapper, or a wrapper with no command ({@code sudo -v}). */
        NONE,
        /** Runs {@link Unwrap#argv()} as a command. */
        COMMAND,
        /** Runs {@link Unwrap#payload()} as a bash / sh script. */
        SHELL_PAYLOAD,
        /** Runs {@link Unwrap#payload()} as bash in the current shell ({@code eval}). */
        EVAL,
        /** Runs {@link Unwrap#payload()} as PowerShell. */
        PWSH_PAYLOAD,
        /** Runs {@link Unwrap#payload()} as a cmd.exe command line ({@code cmd /c LINE}), read by {@link dev.shellwarden.grammar.ps.CmdPayload}. */
        CMD_PAYLOAD,
        /** Runs a base64 UTF-16LE PowerShell payload. */
        PWSH_ENCODED,
        /** An interpreter reading its program from standard input. */
        STDIN_SCRIPT,
        /**
         * A shell on another host reading its commands from ssh's standard input ({@code echo uptime
         * | ssh host}, {@code ssh host bash -s <<< CMD}): their known text is split as ssh's command
         * line is, with no reason of its own, since the code runs on another machine.
         */
        REMOTE_STDIN_SCRIPT,
        /** An interpreter running code given as an argument ({@code python -c CODE}). */
        INTERPRETER_CODE,
        /** The wrapped command cannot be located because an option word is dynamic. */
        UNDETERMINED
    }

    /**
     * The result of unwrapping one command.
     *
     * @param kind        what it runs
     * @param provenance  the provenance of what it runs
     * @param argv        the wrapped argv ({@link Kind#COMMAND})
     * @param assignments {@code NAME=value} words the wrapper sets for the wrapped command
     * @param payload     the script text (payload kinds), joined from one or more words
     * @param literal     false when a payload word is not literal
     * @param shell       for {@link Kind#STDIN_SCRIPT}: true when the interpreter is a shell
     */
    record Unwrap(Kind kind, Provenance provenance, List<Word> argv, List<Word> assignments,
            String payload, boolean literal, boolean shell) {
        static final Unwrap NONE = new Unwrap(Kind.NONE, Provenance.TOP, List.of(), List.of(), "", true, false);
        static final Unwrap UNDETERMINED = new Unwrap(Kind.UNDETERMINED, Provenance.TOP, List.of(), List.of(), "", false, false);

        static Unwrap command(Provenance p, List<Word> argv, List<Word> assignments) {
            return argv.isEmpty() ? NONE : new Unwrap(Kind.COMMAND, p, argv, assignments, "", true, false);
        }

        static Unwrap payload(Kind k, Provenance p, List<Word> words) {
            StringBuilder sb = new StringBuilder();
            boolean literal = true;
            for (Word w : words) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(w.text());
                literal &= w.literal();
            }
            return new Unwrap(k, p, List.of(), List.of(), sb.toString(), literal, false);
        }

        /**
         * {@code sh -c SCRIPT [NAME [ARG…]]}: the script as the payload, and in {@link #argv} the
         * words after it, which the script sees as {@code $0} and its positional parameters.
         */
        static Unwrap shellScript(Word script, List<Word> after) {
            Unwrap u = payload(Kind.SHELL_PAYLOAD, Provenance.SHELL_PAYLOAD, List.of(script));
            return new Unwrap(u.kind(), u.provenance(), List.copyOf(after), List.of(), u.payload(), u.literal(), false);
        }
    }

    /** Node and the TypeScript runners built on it, which take node's {@code -e}/{@code -p} code options. */
    static final Set<String> NODE_LIKE = Set.of("node", "nodejs", "tsx", "ts-node", "ts-node-esm", "esno", "esr");

    /** The wrapper name a command name stands for: the GNU tool behind its {@code g}-prefixed Homebrew name. */
    static String canonicalName(String name) {
        return dev.shellwarden.grammar.bash.Names.canonicalCommand(name);
    }

    /**
     * Shells that take a {@code -c} command line: the POSIX family and its versioned names
     * ({@code bash5}, {@code ksh93}, {@code zsh-5.9}), csh, and the newer shells whose simple
     * commands read the same ({@code nu}, {@code xonsh}, {@code elvish}, {@code osh}/{@code ysh}).
     */
    static boolean isShell(String name) {
        if (SHELLS.contains(name) || OTHER_SHELLS.contains(name)) {
            return true;
        }
        String base = VERSION_SUFFIX.matcher(name).replaceFirst("");
        return !base.equals(name) && (SHELLS.contains(base) || OTHER_SHELLS.contains(base));
    }

    /** A version suffix of a shell's name ({@code 5}, {@code -5.9}); compiled once, not per call. */
    private static final Pattern VERSION_SUFFIX = Pattern.compile("[-.0-9]+$");

    /** Shells beyond {@link #SHELLS} that run a {@code -c} command line. */
    private static final Set<String> OTHER_SHELLS = Set.of("csh", "tcsh", "ksh93", "oksh", "loksh", "pdksh", "osh", "ysh",
            "nu", "nushell", "xonsh", "elvish", "execlineb", "sash", "hush", "lksh");

    /**
     * The programs ssh, scp and sftp run on this machine through {@code -o} options:
     * {@code ProxyCommand}, {@code LocalCommand} and {@code KnownHostsCommand} are command lines for
     * the user's shell, in each spelling ({@code -oK=V}, {@code -o K=V}, {@code -o 'K V'}).
     */
    private static List<Unwrap> sshLocalCommands(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            String option = t.equals("-o") && k + 1 < argv.size() ? argv.get(++k).text() : t.startsWith("-o") && t.length() > 2 ? t.substring(2) : null;
            if (option == null) {
                continue;
            }
            Word source = argv.get(k);
            java.util.regex.Matcher m = SSH_COMMAND_OPTION.matcher(option);
            if (m.matches() && !m.group(1).isBlank() && !m.group(1).trim().equalsIgnoreCase("none")) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(m.group(1), source.raw(), source.literal(), source.features()))));
            }
        }
        return out;
    }

    /** An ssh option that names a local command line, and its value. */
    private static final Pattern SSH_COMMAND_OPTION = Pattern.compile("(?is)\\s*(?:proxycommand|localcommand|knownhostscommand)\\s*[=\\s]\\s*(.*)");

    /** Shells whose {@code -c} payload is bash-like. */
    static final Set<String> SHELLS = Set.of("bash", "sh", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash");
    private static final Set<String> PWSH = Set.of("pwsh", "powershell", "pwsh.exe", "powershell.exe");

    private static final Pattern NICE_ADJUST = Pattern.compile("-[0-9]+|--?adjustment=.*");
    private static final Pattern PARALLEL_SLOT = Pattern.compile("\\{[0-9./#%]*\\}");

    private Wrappers() {
    }

    /** A dynamic placeholder for words a wrapper appends at run time ({@code xargs}, {@code find {}}). */
    static Word placeholder(String text) {
        return new Word(text, "", false, Set.of(WordFeature.PARAMETER, WordFeature.WRAPPER_SLOT));
    }

    /** A slot word's features: dynamic like a parameter, and marked as filled by the wrapper ({@link WordFeature#WRAPPER_SLOT}). */
    private static Set<WordFeature> slotFeatures(Word w) {
        Set<WordFeature> s = plus(w.features(), WordFeature.PARAMETER);
        s.add(WordFeature.WRAPPER_SLOT);
        return s;
    }

    /**
     * Unwraps {@code argv} (whose first word is literal) once: the command it wraps, and the
     * programs its options name ({@link ProgramOptions}).
     */
    static List<Unwrap> unwrap(List<Word> argv) {
        List<Unwrap> wrapped = unwrapCommand(argv);
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return wrapped;
        }
        String path = argv.get(0).text();
        List<Unwrap> options = ProgramOptions.unwrap(canonicalName(path.substring(path.lastIndexOf('/') + 1)), argv);
        if (options.isEmpty()) {
            return wrapped;
        }
        List<Unwrap> out = new ArrayList<>(wrapped);
        out.addAll(options);
        return out;
    }

    private static List<Unwrap> unwrapCommand(List<Word> argv) {
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return List.of();
        }
        String path = argv.get(0).text();
        String name = canonicalName(path.substring(path.lastIndexOf('/') + 1));
        Unwrap u = switch (name) {
            case "sudo", "sudo-rs", "please", "gsudo" -> sudo(argv);
            case "script" -> scriptCommand(argv);
            case "taskset" -> {
                int i = opts(argv, 1, "", Set.of(), Set.of("-p", "--pid"));
                yield i < 0 ? after(argv, i, false) : after(argv, i >= argv.size() ? i : i + 1, false);
            }
            case "chrt" -> {
                int i = opts(argv, 1, "T", Set.of("--sched-runtime", "--sched-period", "--sched-deadline"),
                        Set.of("-p", "--pid", "-m", "--max"));
                yield i < 0 ? after(argv, i, false) : after(argv, i >= argv.size() ? i : i + 1, false);
            }
            case "doas" -> after(argv, opts(argv, 1, "uC", Set.of(), Set.of()), true);
            case "env" -> env(argv);
            case "nice" -> after(argv, niceOpts(argv), false);
            case "ionice" -> after(argv, opts(argv, 1, "cnpPu", Set.of("--class", "--classdata", "--pid", "--pgid", "--uid"),
                    Set.of("-p", "-P", "-u", "--pid", "--pgid", "--uid")), false);
            case "nohup", "builtin", "setsid" -> after(argv, opts(argv, 1, "", Set.of(), Set.of()), false);
            // zsh's precommand modifiers run the next word as the command (`-` as a login command)
            case "noglob", "nocorrect", "-" -> after(argv, 1, false);
            // zsh: `repeat N CMD` runs CMD N times; `sched [-o] [+]TIME CMD` runs it later in this shell
            case "repeat" -> argv.size() > 4 && argv.get(2).text().equals("{") && argv.get(argv.size() - 1).text().equals("}")
                    // `repeat N { LIST }`: bash reads the braces as words; zsh runs LIST
                    ? Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, argv.subList(3, argv.size() - 1))
                    : after(argv, argv.size() > 2 ? 2 : NO_COMMAND, false);
            // zsh's `print -z TEXT` puts TEXT on the editor's buffer stack: the next prompt runs it
            case "print" -> printToBuffer(argv);
            case "sched" -> {
                int i = argv.size() > 1 && argv.get(1).text().equals("-o") ? 2 : 1;
                yield i < argv.size() && !argv.get(i).text().startsWith("-") ? after(argv, i + 1, false) : Unwrap.NONE;
            }
            case "emulate" -> emulate(argv);
            // shx (ShellJS): `shx rm -rf DIR` runs ShellJS's rm, cp, mv, sed… with the shell's words
            case "shx" -> after(argv, opts(argv, 1, "", Set.of(), Set.of("--help", "--version")), false);
            // `coproc CMD ARGS`: a simple command run as a co-process (a NAME only comes before a compound command)
            case "coproc" -> after(argv, 1, false);
            case "timeout" -> {
                int i = opts(argv, 1, "sk", Set.of("--signal", "--kill-after"), Set.of());
                yield i < 0 ? Unwrap.UNDETERMINED : after(argv, i >= argv.size() ? i : i + 1, false);
            }
            case "time" -> after(argv, opts(argv, 1, "fo", Set.of("--format", "--output"), Set.of()), false);
            case "command" -> after(argv, opts(argv, 1, "", Set.of(), Set.of("-v", "-V")), false);
            case "exec" -> after(argv, opts(argv, 1, "a", Set.of(), Set.of()), false);
            case "stdbuf" -> after(argv, opts(argv, 1, "ioe", Set.of("--input", "--output", "--error"), Set.of()), false);
            case "chroot" -> {
                int i = opts(argv, 1, "", Set.of("--userspec", "--groups"), Set.of());
                yield i < 0 ? Unwrap.UNDETERMINED : after(argv, i >= argv.size() ? i : i + 1, false);
            }
            case "busybox" -> argv.size() > 1 && argv.get(1).text().startsWith("-") ? Unwrap.NONE : after(argv, 1, false);
            case "watch" -> watch(argv);
            case "flock" -> flock(argv);
            case "su" -> su(argv);
            case "xargs" -> xargs(argv);
            // `source /dev/stdin <<< TEXT`: the script is standard input
            case "source", "." -> argv.size() > 1 && isStdinPath(argv.get(1).text())
                    ? new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, true) : Unwrap.NONE;
            case "eval" -> argv.size() < 2 ? Unwrap.NONE
                    : Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, argv.subList(1, argv.size()));
            case "pkexec", "unbuffer", "proxychains", "proxychains4", "torsocks", "caffeinate", "catchsegv" ->
                    after(argv, opts(argv, 1, "uw", Set.of("--user"), Set.of()), false);
            case "strace", "ltrace" -> after(argv, opts(argv, 1, "abeEIoOpPsSUXu", Set.of("--output", "--attach",
                    "--string-limit", "--user", "--trace", "--signal", "--env"), Set.of("-p", "--attach")), false);
            case "runuser" -> argv.stream().anyMatch(w -> w.text().equals("-u") || w.text().startsWith("--user"))
                    ? after(argv, opts(argv, 1, "ugGw", Set.of("--user", "--group", "--supp-group"), Set.of()), false)
                    : su(argv);

            // exec here; run and create are launchers (Launchers.containerRun)
            case "docker", "podman" -> argv.size() > 1 && argv.get(1).text().equals("exec") ? containerExec(argv)
                    : argv.size() > 2 && argv.get(1).text().equals("compose") ? composeExec(argv, 2) : null;
            case "docker-compose", "podman-compose" -> composeExec(argv, 1);
            case "kubectl", "oc" -> kubectlExec(argv);
            case "trap" -> trap(argv);
            case "m4", "gm4" -> m4(argv);
            case "mapfile", "readarray", "complete", "compgen", "bind", "history" -> {
                // a command line the builtin keeps and runs later in this shell, like eval
                Word kept = ShellEvaluation.keptCommand(argv);
                yield kept == null ? Unwrap.NONE : Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, List.of(kept));
            }
            default -> null;
        };
        if (name.equals("parallel")) {
            return parallel(argv);
        }
        if (name.equals("ssh") || name.equals("scp") || name.equals("sftp") || name.equals("autossh")) {
            List<Unwrap> out = new ArrayList<>(sshLocalCommands(argv));
            if (name.equals("ssh")) {
                out.add(ssh(argv));
                if (remoteShellReadsStdin(argv)) {
                    out.add(new Unwrap(Kind.REMOTE_STDIN_SCRIPT, Provenance.WRAPPED, List.of(), List.of(), "", true, true));
                }
            }
            return out;
        }
        if (name.equals("find")) {
            return find(argv);
        }
        if (u == null) {
            List<Unwrap> launched = Launchers.unwrap(name, argv);
            if (launched != null) {
                return launched;
            }
        }
        if (u != null) {
            return List.of(u);
        }
        if (isShell(name)) {
            return List.of(shell(argv));
        }
        if (PWSH.contains(name.toLowerCase(Locale.ROOT))) {
            return List.of(pwsh(argv, name.toLowerCase(Locale.ROOT).startsWith("powershell")));
        }
        if (Set.of("awk", "gawk", "mawk", "nawk").contains(name)) {
            return awk(argv);
        }
        Unwrap interp = interpreter(name, argv);
        if (interp == null) {
            return List.of();
        }
        List<Unwrap> out = new ArrayList<>();
        out.add(interp);
        if (interp.kind() == Kind.INTERPRETER_CODE && interp.literal()) {
            for (String line : InlineCode.commands(interp.payload(), name)) {
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.SHELL_PAYLOAD, List.of(Word.literal(line))));
            }
        }
        return out;
    }

    /**
     * {@code trap [--] ACTION SIGNAL…}: ACTION runs later, in this shell, like eval. A lone
     * {@code -} resets and {@code -p}/{@code -l} print; a dynamic first word may be the action.
     */
    /**
     * zsh's {@code emulate [-lLR] [±o OPT]… MODE [flags] -c CODE}: CODE runs in this shell under
     * MODE's options, like {@code eval}.
     */
    private static Unwrap emulate(List<Word> argv) {
        for (int i = 1; i < argv.size() - 1; i++) {
            if (argv.get(i).literal() && argv.get(i).text().matches("-[lLR]*c")) {
                return Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, List.of(argv.get(i + 1)));
            }
            if (!argv.get(i).literal()) {
                return Unwrap.UNDETERMINED;
            }
        }
        return Unwrap.NONE;
    }

    /** zsh's {@code print -z ARGS} (also in a cluster, {@code -rz}): ARGS become a command line. */
    private static Unwrap printToBuffer(List<Word> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text();
            if (!argv.get(i).literal() || t.equals("--") || !t.startsWith("-") || t.equals("-")) {
                return Unwrap.NONE;
            }
            if (t.matches("-[a-zA-Z]*z[a-zA-Z]*")) {
                return i + 1 < argv.size() ? Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, argv.subList(i + 1, argv.size()))
                        : Unwrap.NONE;
            }
        }
        return Unwrap.NONE;
    }

    /**
     * m4 with no file operand (or {@code -}) reads its input from standard input, where
     * {@code syscmd(CMD)} and {@code esyscmd(CMD)} run shell commands: the input is its program.
     */
    private static Unwrap m4(List<Word> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text();
            if (!argv.get(i).literal() || t.equals("-") || !t.startsWith("-") || t.equals("--")) {
                return t.equals("-") || t.equals("--") && i + 1 == argv.size()
                        ? new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false)
                        : Unwrap.NONE;
            }
            if (t.length() == 2 && "DUIdloHtFRL".indexOf(t.charAt(1)) >= 0) {
                i++;
            }
        }
        return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
    }

    private static Unwrap trap(List<Word> argv) {
        int a = argv.size() > 1 && argv.get(1).literal() && argv.get(1).text().equals("--") ? 2 : 1;
        if (argv.size() < a + 2) {
            return Unwrap.NONE;
        }
        Word action = argv.get(a);
        return !action.literal() || !action.text().startsWith("-")
                ? Unwrap.payload(Kind.EVAL, Provenance.EVAL_PAYLOAD, List.of(action)) : Unwrap.NONE;
    }

    /** awk's program (the first operand unless -f/-e give it): the commands its system() and pipes run. */
    private static List<Unwrap> awk(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (t.equals("-f") || t.startsWith("--file")) {
                return out; // the program is a file
            }
            if ((t.equals("-F") || t.equals("-v") || t.equals("--assign") || t.equals("--field-separator")) && i + 1 < argv.size()) {
                i++;
                continue;
            }
            boolean code = t.equals("-e") || t.equals("--source");
            if (t.startsWith("-") && !code && !t.equals("-")) {
                continue;
            }
            Word program = code ? (i + 1 < argv.size() ? argv.get(i + 1) : null) : w;
            if (program != null && program.literal()) {
                for (String line : InlineCode.awkCommands(program.text())) {
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.SHELL_PAYLOAD, List.of(Word.literal(line))));
                }
            }
            return out;
        }
        return out;
    }

    /** The command starting at {@code i} ({@code NAME=value} words first when allowed). */
    static Unwrap after(List<Word> argv, int i, boolean assignments) {
        if (i < 0) {
            return i == NO_COMMAND ? Unwrap.NONE : Unwrap.UNDETERMINED;
        }
        List<Word> assigns = new ArrayList<>();
        while (assignments && i < argv.size() && isAssignment(argv.get(i).text())) {
            assigns.add(argv.get(i++));
        }
        if (i >= argv.size()) {
            return Unwrap.NONE;
        }
        return Unwrap.command(Provenance.WRAPPED, argv.subList(i, argv.size()), assigns);
    }

    static final int DYNAMIC = -1;
    static final int NO_COMMAND = -2;

    /**
     * Skips options from {@code i}; returns the index of the first operand, {@link #DYNAMIC} when
     * an option word is not literal, {@link #NO_COMMAND} when an option means no command runs.
     */
    static int opts(List<Word> argv, int i, String shortWithArg, Set<String> longWithArg, Set<String> noCommand) {
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal()) {
                // A dynamic option could shift where the command starts; a dynamic command word is
                // the command itself (the child segment is then DYNAMIC_COMMAND).
                return t.startsWith("-") ? DYNAMIC : i;
            }
            if (t.equals("--")) {
                return i + 1;
            }
            if (!t.startsWith("-") || t.equals("-")) {
                return i;
            }
            if (noCommand.contains(t) || noCommand.contains(t.contains("=") ? t.substring(0, t.indexOf('=')) : t)) {
                return NO_COMMAND;
            }
            if (t.startsWith("--")) {
                i += !t.contains("=") && longWithArg.contains(t) ? 2 : 1;
                continue;
            }
            boolean takesNext = false;
            for (int k = 1; k < t.length(); k++) {
                if (noCommand.contains("-" + t.charAt(k))) {
                    return NO_COMMAND;
                }
                if (shortWithArg.indexOf(t.charAt(k)) >= 0) {
                    takesNext = k == t.length() - 1;
                    break;
                }
            }
            i += takesNext ? 2 : 1;
        }
        return i;
    }

    private static int niceOpts(List<Word> argv) {
        int i = 1;
        while (i < argv.size() && argv.get(i).literal() && NICE_ADJUST.matcher(argv.get(i).text()).matches()) {
            i++;
        }
        return opts(argv, i, "n", Set.of("--adjustment"), Set.of());
    }

    private static Unwrap env(List<Word> argv) {
        int i = 1;
        List<Word> assigns = new ArrayList<>();
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal() && (t.startsWith("-") || t.startsWith("$"))) {
                return Unwrap.UNDETERMINED;
            }
            if (t.equals("-S") || t.equals("--split-string") || t.startsWith("-S") || t.startsWith("--split-string=")) {
                // env -S "cmd args": the string is split into words, close to a shell payload.
                List<Word> rest = new ArrayList<>();
                if (t.equals("-S") || t.equals("--split-string")) {
                    rest.addAll(argv.subList(Math.min(i + 1, argv.size()), argv.size()));
                } else {
                    String v = t.startsWith("-S") ? t.substring(2) : t.substring("--split-string=".length());
                    rest.add(new Word(v, w.raw(), w.literal(), w.features()));
                    rest.addAll(argv.subList(i + 1, argv.size()));
                }
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, rest);
            }
            if (t.equals("--")) {
                i++;
                break;
            }
            if (t.equals("-u") || t.equals("--unset") || t.equals("-C") || t.equals("--chdir") || t.equals("-P")) {
                i += 2;
            } else if (t.startsWith("-") ) {
                i++;
            } else if (isAssignment(t)) {
                assigns.add(w);
                i++;
            } else {
                break;
            }
        }
        while (i < argv.size() && isAssignment(argv.get(i).text())) {
            assigns.add(argv.get(i++));
        }
        if (i >= argv.size()) {
            return Unwrap.NONE;
        }
        return Unwrap.command(Provenance.WRAPPED, argv.subList(i, argv.size()), assigns);
    }

    private static Unwrap watch(List<Word> argv) {
        boolean exec = argv.stream().anyMatch(w -> w.text().equals("-x") || w.text().equals("--exec"));
        int i = opts(argv, 1, "nq", Set.of("--interval"), Set.of());
        if (i < 0) {
            return Unwrap.UNDETERMINED;
        }
        if (i >= argv.size()) {
            return Unwrap.NONE;
        }
        // watch runs its arguments joined by spaces through `sh -c` unless -x is given.
        return exec ? Unwrap.command(Provenance.WRAPPED, argv.subList(i, argv.size()), List.of())
                : Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i, argv.size()));
    }

    private static Unwrap flock(List<Word> argv) {
        for (int k = 1; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            if (t.equals("-c") || t.equals("--command")) {
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, k + 2));
            }
        }
        int i = opts(argv, 1, "wE", Set.of("--timeout", "--wait", "--conflict-exit-code"), Set.of());
        if (i < 0) {
            return Unwrap.UNDETERMINED;
        }
        return after(argv, i >= argv.size() ? i : i + 1, false);
    }


    private static Unwrap su(List<Word> argv) {
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (!w.literal() && t.startsWith("-")) {
                return Unwrap.UNDETERMINED;
            }
            if ((t.equals("-c") || t.equals("--command") || t.equals("--session-command")) && k + 1 < argv.size()) {
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, k + 2));
            }
            if (t.startsWith("--command=")) {
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(t.substring(10), w.raw(), w.literal(), w.features())));
            }
        }
        return Unwrap.NONE;
    }

    /** sudo; with {@code -s} / {@code -i} the command words are run by a shell ({@code $SHELL -c}). */
    private static Unwrap sudo(List<Word> argv) {
        int i = opts(argv, 1, "ughpCDrtUTR", Set.of("--user", "--group", "--host", "--prompt",
                "--close-from", "--chdir", "--role", "--type", "--other-user", "--command-timeout", "--chroot"),
                Set.of("-e", "--edit", "-l", "--list", "-v", "--validate", "-k", "-K", "--reset-timestamp",
                        "--remove-timestamp", "-V", "--version"));
        boolean shell = false;
        for (int k = 1; k < Math.min(Math.max(i, 0), argv.size()); k++) {
            String t = argv.get(k).text();
            if (t.equals("--shell") || t.equals("--login")
                    || t.startsWith("-") && !t.startsWith("--") && (t.indexOf('s') > 0 || t.indexOf('i') > 0)
                    && !"ughpCDrtUTR".contains(t.substring(1, 2))) {
                shell = true;
            }
        }
        if (shell && i >= 0 && i < argv.size()) {
            List<Word> rest = new ArrayList<>(argv.subList(i, argv.size()));
            while (!rest.isEmpty() && isAssignment(rest.get(0).text())) {
                rest.remove(0);
            }
            return rest.isEmpty() ? Unwrap.NONE : Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, rest);
        }
        return after(argv, i, true);
    }

    /** {@code script [options] -c COMMAND [file]}: the command runs in a shell. */
    private static Unwrap scriptCommand(List<Word> argv) {
        for (int k = 1; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            // -c, or a cluster of flags ending in it (`script -qc CMD FILE`)
            if (t.equals("-c") || t.equals("--command") || t.matches("-[aefqkETBIOt]+c")) {
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, k + 2));
            }
            if (t.startsWith("--command=")) {
                Word w = argv.get(k);
                return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word(t.substring(10), w.raw(), w.literal(), w.features())));
            }
        }
        return Unwrap.NONE;
    }

    /** ssh's options that take a value, by letter. */
    private static final String SSH_VALUE_LETTERS = "BbcDEeFIiJLlmOoPpQRSWw";

    /** {@code ssh [options] host [command…]}: the command runs in a shell on the remote host. */
    private static Unwrap ssh(List<Word> argv) {
        int i = opts(argv, 1, SSH_VALUE_LETTERS, Set.of(), Set.of());
        if (i < 0) {
            return Unwrap.UNDETERMINED;
        }
        if (i + 1 >= argv.size()) {
            return Unwrap.NONE; // no remote command: an interactive login
        }
        return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i + 1, argv.size()));
    }

    /**
     * True when ssh's standard input is the remote shell's script: no remote command (the login
     * shell reads it) or a shell with neither {@code -c} nor a script file ({@code ssh host bash},
     * {@code ssh host 'sh -s' arg}). The remote words are joined and split at blanks, as the
     * remote shell reads them; a dynamic word leaves the command unknown.
     */
    private static boolean remoteShellReadsStdin(List<Word> argv) {
        int i = opts(argv, 1, SSH_VALUE_LETTERS, Set.of(), Set.of());
        if (i < 0) {
            return false;
        }
        if (i + 1 >= argv.size()) {
            return true;
        }
        StringBuilder joined = new StringBuilder();
        for (Word w : argv.subList(i + 1, argv.size())) {
            if (!w.literal()) {
                return false;
            }
            joined.append(w.text()).append(' ');
        }
        String[] words = joined.toString().trim().split("\\s+");
        if (!SHELLS.contains(words[0].substring(words[0].lastIndexOf('/') + 1))) {
            return false;
        }
        for (int k = 1; k < words.length; k++) {
            String t = words[k];
            if (t.equals("-o") || t.equals("+o")) {
                k++;
            } else if (t.startsWith("-") && t.indexOf('c') > 0) {
                return false;
            } else if (t.startsWith("-") && t.indexOf('s') > 0) {
                return true; // the words after -s are the script's arguments
            } else if (!t.startsWith("-") && !t.startsWith("+")) {
                return false; // a script file
            }
        }
        return true;
    }

    /** {@code docker exec [options] CONTAINER cmd…} (and {@code podman}). */
    private static Unwrap containerExec(List<Word> argv) {
        if (argv.size() < 3 || !argv.get(1).text().equals("exec")) {
            return Unwrap.NONE;
        }
        int i = opts(argv, 2, "euw", Set.of("--env", "--env-file", "--user", "--workdir", "--detach-keys"), Set.of());
        if (i < 0) {
            return Unwrap.UNDETERMINED;
        }
        return after(argv, i >= argv.size() ? i : i + 1, false);
    }

    /**
     * {@code docker compose [global options] exec|run [options] SERVICE cmd…} (and
     * {@code docker-compose}): the command runs in the service's container.
     */
    private static Unwrap composeExec(List<Word> argv, int from) {
        int k = opts(argv, from, "fp", COMPOSE_GLOBAL_WITH_ARG, Set.of());
        if (k < 0 || k >= argv.size() || !Set.of("exec", "run").contains(argv.get(k).text())) {
            return k < 0 ? Unwrap.UNDETERMINED : null;
        }
        int i = opts(argv, k + 1, "euwpvl", COMPOSE_RUN_WITH_ARG, Set.of());
        if (i < 0) {
            return Unwrap.UNDETERMINED;
        }
        return after(argv, i >= argv.size() ? i : i + 1, false);
    }

    /** Options of docker compose itself (before its subcommand) that take a value. */
    private static final Set<String> COMPOSE_GLOBAL_WITH_ARG = Set.of("--file", "--project-name", "--profile", "--env-file",
            "--project-directory", "--ansi", "--progress", "--parallel");

    /** Options of {@code compose exec|run} that take a value. */
    private static final Set<String> COMPOSE_RUN_WITH_ARG = Set.of("--env", "--user", "--workdir", "--index", "--entrypoint",
            "--name", "--publish", "--volume", "--label", "--env-from-file", "--cap-add", "--cap-drop", "--pull");

    /**
     * For {@code docker|podman compose [global options] run [options] SERVICE …} and
     * {@code docker-compose|podman-compose run …}: the run's option words (from after {@code run} to
     * the service), or null for every other command line and when an option word is dynamic.
     */
    static List<Word> composeRunOptions(List<Word> argv) {
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return null;
        }
        String path = argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        int from = Set.of("docker-compose", "podman-compose").contains(name) ? 1
                : Set.of("docker", "podman").contains(name) && argv.size() > 2 && argv.get(1).text().equals("compose") ? 2 : -1;
        if (from < 0) {
            return null;
        }
        int k = opts(argv, from, "fp", COMPOSE_GLOBAL_WITH_ARG, Set.of());
        if (k < 0 || k >= argv.size() || !argv.get(k).text().equals("run")) {
            return null;
        }
        int i = opts(argv, k + 1, "euwpvl", COMPOSE_RUN_WITH_ARG, Set.of());
        return i < 0 || i >= argv.size() ? null : argv.subList(k + 1, i);
    }

    /** {@code kubectl exec [options] POD -- cmd…}: the command is everything after {@code --}. */
    private static Unwrap kubectlExec(List<Word> argv) {
        if (argv.size() < 3 || !Set.of("exec", "debug", "run").contains(argv.get(1).text())) {
            return Unwrap.NONE;
        }
        for (int k = 2; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--")) {
                return after(argv, k + 1, false);
            }
        }
        return Unwrap.NONE;
    }

    private static Unwrap xargs(List<Word> argv) {
        int i = 1;
        String replace = null;
        boolean nul = false;
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal()) {
                if (t.startsWith("-") || t.startsWith("$")) {
                    return Unwrap.UNDETERMINED;
                }
                break;
            }
            if (t.equals("--")) {
                i++;
                break;
            }
            if (!t.startsWith("-") || t.equals("-")) {
                break;
            }
            if (t.startsWith("--")) {
                String key = t.contains("=") ? t.substring(0, t.indexOf('=')) : t;
                if (key.equals("--replace")) {
                    replace = t.contains("=") ? t.substring(t.indexOf('=') + 1) : "{}";
                }
                boolean arg = !t.contains("=") && Set.of("--arg-file", "--delimiter", "--max-lines", "--max-args",
                        "--max-procs", "--max-chars", "--process-slot-var", "--eof").contains(key);
                if (key.equals("--null")) {
                    nul = true;
                } else if (key.equals("--delimiter")) {
                    nul = nulDelimiter(t.contains("=") ? t.substring(t.indexOf('=') + 1) : i + 1 < argv.size() ? argv.get(i + 1).text() : "");
                }
                i += arg ? 2 : 1;
                continue;
            }
            char c = t.charAt(1);
            // the input separator: -0 (also in a cluster before an option taking a value), -d X
            for (int k = 1; k < t.length() && "aEdLnPsIie".indexOf(t.charAt(k)) < 0; k++) {
                nul |= t.charAt(k) == '0';
            }
            int d = t.indexOf('d');
            if (d > 0 && t.substring(1, d).chars().noneMatch(ch -> "aELnPsIie".indexOf(ch) >= 0)) {
                nul = nulDelimiter(t.length() > d + 1 ? t.substring(d + 1) : i + 1 < argv.size() ? argv.get(i + 1).text() : "");
            }
            if (c == 'I') {
                replace = t.length() > 2 ? t.substring(2) : i + 1 < argv.size() ? argv.get(i + 1).text() : "{}";
                i += t.length() > 2 ? 1 : 2;
            } else if (c == 'i') {
                replace = t.length() > 2 ? t.substring(2) : "{}";
                i++;
            } else if ("aEdLnPs".indexOf(c) >= 0) {
                i += t.length() > 2 ? 1 : 2;
            } else {
                i++;
            }
        }
        if (i >= argv.size()) {
            return Unwrap.NONE;
        }
        return Unwrap.command(Provenance.XARGS, withPlaceholders(argv.subList(i, argv.size()), replace, "{xargs}", nul), List.of());
    }

    /** True for an xargs or parallel delimiter word meaning the NUL byte ({@code \0}, {@code \x00}, {@code \000}). */
    private static boolean nulDelimiter(String d) {
        return d.matches("\\\\(0|00|000|x0|x00)");
    }

    /**
     * Replaces the replacement string in each word by a dynamic word, or appends one; the slots are
     * marked {@link WordFeature#NUL_SEPARATED} when the list is read at NUL bytes.
     */
    private static List<Word> withPlaceholders(List<Word> words, String replace, String appended, boolean nul) {
        List<Word> out = new ArrayList<>();
        boolean replaced = false;
        for (Word w : words) {
            if (replace != null && !replace.isEmpty() && w.text().contains(replace) && !out.isEmpty()) {
                out.add(new Word(w.text(), w.raw(), false, nulMarked(slotFeatures(w), nul)));
                replaced = true;
            } else {
                out.add(w);
            }
        }
        if (!replaced && replace == null) {
            Word p = placeholder(appended);
            out.add(nul ? new Word(p.text(), p.raw(), false, nulMarked(p.features(), true)) : p);
        }
        return out;
    }

    /** {@code features} with {@link WordFeature#NUL_SEPARATED} added when the list is read at NUL bytes. */
    private static Set<WordFeature> nulMarked(Set<WordFeature> features, boolean nul) {
        return nul ? plus(features, WordFeature.NUL_SEPARATED) : features;
    }

    private static Set<WordFeature> plus(Set<WordFeature> features, WordFeature f) {
        java.util.EnumSet<WordFeature> s = java.util.EnumSet.noneOf(WordFeature.class);
        s.addAll(features);
        s.add(f);
        return s;
    }

    /** At most this many {@code :::} values are substituted one by one, like a short literal {@code for} list. */
    private static final int PARALLEL_VALUES = 8;

    /**
     * GNU parallel: the command once per input value. With one {@code :::} group of at most
     * {@link #PARALLEL_VALUES} literal values and the plain {@code {}} slot (or none), the command is
     * returned once per value, so {@code parallel rm -rf ::: ~} is {@code rm -rf ~}; otherwise the
     * values are a dynamic placeholder.
     */
    private static List<Unwrap> parallel(List<Word> argv) {
        Unwrap generic = parallelCommand(argv);
        if (generic.kind() != Kind.COMMAND) {
            return List.of(generic);
        }
        int group = -1;
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (t.startsWith(":::") || t.startsWith("::::")) {
                if (group >= 0 || !t.equals(":::")) {
                    return List.of(generic); // several sources, files or linked groups: not substituted
                }
                group = k;
            }
        }
        List<Word> values = group < 0 ? List.of() : argv.subList(group + 1, argv.size());
        if (values.isEmpty() || values.size() > PARALLEL_VALUES || !values.stream().allMatch(Word::literal)) {
            return List.of(generic);
        }
        List<Word> template = generic.argv();
        boolean appended = template.get(template.size() - 1).text().equals("{}") && !template.get(template.size() - 1).literal()
                && template.get(template.size() - 1).raw().isEmpty();
        List<Unwrap> out = new ArrayList<>();
        for (Word value : values) {
            List<Word> cmd = new ArrayList<>();
            for (int k = 0; k < template.size(); k++) {
                Word w = template.get(k);
                if (appended && k == template.size() - 1) {
                    cmd.add(value);
                } else if (k > 0 && !w.literal() && w.text().contains("{}") && !PARALLEL_OTHER_SLOT.matcher(w.text()).find()) {
                    String text = w.text().replace("{}", value.text());
                    cmd.add(new Word(text, text, true, value.features()));
                } else {
                    cmd.add(w);
                }
            }
            // the values are known words now, not a list read at run time
            out.add(Unwrap.command(Provenance.WRAPPED, cmd, List.of()));
        }
        return out;
    }

    /** parallel's replacement strings other than the plain {@code {}} ({@code {.}}, {@code {/}}, {@code {1}}…). */
    private static final Pattern PARALLEL_OTHER_SLOT = Pattern.compile("\\{[0-9./#%]+\\}");

    private static Unwrap parallelCommand(List<Word> argv) {
        Set<String> withArg = Set.of("-j", "-P", "-S", "-a", "-d", "-I", "-E", "-n", "-N", "-L", "-s", "--jobs",
                "--sshlogin", "--arg-file", "--delimiter", "--colsep", "--env", "--joblog", "--results", "--tmpdir",
                "--workdir", "--timeout", "--retries", "--delay", "--memfree", "--load", "--max-args", "--tagstring",
                "--halt", "--basefile", "--return", "--transfer-file");
        int i = 1;
        boolean nul = false;
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal() && t.startsWith("-")) {
                return Unwrap.UNDETERMINED;
            }
            if (!t.startsWith("-") || t.startsWith(":::")) {
                break;
            }
            if (t.equals("-0") || t.equals("--null")) {
                nul = true;
            } else if ((t.equals("-d") || t.equals("--delimiter")) && i + 1 < argv.size()) {
                nul = nulDelimiter(argv.get(i + 1).text());
            }
            i += withArg.contains(t) ? 2 : 1;
        }
        int end = i;
        while (end < argv.size() && !argv.get(end).text().startsWith(":::")) {
            end++;
        }
        if (end == i && end < argv.size() && argv.get(end).text().equals(":::")) {
            // no command: each argument is a command line of its own (`parallel ::: 'make a' 'make b'`)
            List<Word> lines = new ArrayList<>();
            for (Word w : argv.subList(end + 1, argv.size())) {
                if (w.text().startsWith(":::")) {
                    break;
                }
                lines.add(w);
            }
            if (lines.isEmpty()) {
                return Unwrap.NONE;
            }
            boolean literal = lines.stream().allMatch(Word::literal);
            String text = String.join("\n", lines.stream().map(Word::text).toList());
            return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.XARGS, List.of(new Word(text, text, literal, Set.of())));
        }
        if (end <= i) {
            return Unwrap.NONE;
        }
        List<Word> cmd = argv.subList(i, end);
        if (cmd.size() == 1 && cmd.get(0).text().contains(" ")) {
            return Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.XARGS, cmd);
        }
        boolean hasPlaceholder = cmd.stream().anyMatch(w -> PARALLEL_SLOT.matcher(w.text()).find());
        List<Word> out = new ArrayList<>();
        for (Word w : cmd) {
            out.add(out.isEmpty() || !PARALLEL_SLOT.matcher(w.text()).find() ? w
                    : new Word(w.text(), w.raw(), false, nulMarked(slotFeatures(w), nul)));
        }
        if (!hasPlaceholder) {
            Word p = placeholder("{}");
            out.add(nul ? new Word(p.text(), p.raw(), false, nulMarked(p.features(), true)) : p);
        }
        return Unwrap.command(Provenance.XARGS, out, List.of());
    }

    /**
     * find's start points: the words after its own options ({@code -H -L -P -D X -OLEVEL}) up to the
     * first expression word; {@code .} when there are none; null when one is not literal or there
     * are more than eight.
     */
    private static List<String> findStarts(List<Word> argv) {
        int k = 1;
        while (k < argv.size() && Set.of("-H", "-L", "-P", "-D").contains(argv.get(k).text()) || k < argv.size() && argv.get(k).text().matches("-O[0-9]")) {
            k += argv.get(k).text().equals("-D") ? 2 : 1;
        }
        List<String> starts = new ArrayList<>();
        for (; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (t.startsWith("-") || t.equals("(") || t.equals("!") || t.equals(")") || t.equals(",")) {
                break;
            }
            if (!w.literal() && !t.startsWith("~")) {
                return null;
            }
            starts.add(t);
        }
        if (starts.isEmpty()) {
            starts.add(".");
        }
        return starts.size() > 8 ? null : starts;
    }

    private static List<Unwrap> find(List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        List<String> starts = findStarts(argv);
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (!argv.get(k).literal() && t.startsWith("-")) {
                return List.of(Unwrap.UNDETERMINED);
            }
            if (t.equals("-exec") || t.equals("-execdir") || t.equals("-ok") || t.equals("-okdir")) {
                int end = k + 1;
                while (end < argv.size() && !argv.get(end).text().equals(";")
                        && !(argv.get(end).text().equals("+") && argv.get(end - 1).text().equals("{}"))) {
                    end++;
                }
                // each found path is under a start point: START/{find} keeps the start for the path
                // rules (`find ~/.ssh -exec cp /dev/null {} \;` writes in ~/.ssh); with unknown starts
                // the slot stays a bare placeholder
                for (String start : starts == null ? java.util.Collections.<String>singletonList(null) : starts) {
                    String found = start == null ? "{}" : (start.endsWith("/") ? start : start + "/") + "{find}";
                    List<Word> cmd = new ArrayList<>();
                    for (Word w : argv.subList(k + 1, end)) {
                        // the program too: `-exec {} \;` runs every file found, a name known only at run time
                        cmd.add(w.text().contains("{}")
                                ? new Word(w.text().replace("{}", found), w.raw(), false, slotFeatures(w)) : w);
                    }
                    if (!cmd.isEmpty()) {
                        out.add(Unwrap.command(Provenance.FIND_EXEC, cmd, List.of()));
                    }
                }
                k = end;
            }
        }
        return out;
    }

    /** bash, sh, zsh…: {@code -c PAYLOAD}, a script file, or a script read from standard input. */
    private static Unwrap shell(List<Word> argv) {
        boolean c = false;
        boolean s = false;
        int i = 1;
        while (i < argv.size()) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal() && (t.startsWith("-") || t.startsWith("+"))) {
                return Unwrap.UNDETERMINED;
            }
            if (!w.literal()) {
                break;
            }
            if (t.equals("--") || t.equals("-")) {
                i++;
                break;
            }
            if (t.startsWith("--")) {
                i += t.equals("--rcfile") || t.equals("--init-file") ? 2 : 1;
                continue;
            }
            if ((t.startsWith("-") || t.startsWith("+")) && t.length() > 1) {
                if (t.substring(1).equals("o") || t.substring(1).equals("O")) {
                    i += 2;
                    continue;
                }
                c |= t.startsWith("-") && t.indexOf('c') > 0;
                s |= t.startsWith("-") && t.indexOf('s') > 0;
                i++;
                continue;
            }
            break;
        }
        if (c) {
            return i < argv.size() ? Unwrap.shellScript(argv.get(i), argv.subList(i + 1, argv.size())) : Unwrap.NONE;
        }
        if (s || i >= argv.size() || argv.get(i).literal() && isStdinPath(argv.get(i).text())) {
            return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, true);
        }
        return Unwrap.NONE;
    }

    /** Paths that name the process's own standard input. */
    static boolean isStdinPath(String t) {
        return t.equals("/dev/stdin") || t.equals("/dev/fd/0") || t.equals("/proc/self/fd/0");
    }

    /** {@link #isStdinPath} or {@code -}, where an option's value names a file. */
    static boolean isStdinName(String t) {
        return t.equals("-") || isStdinPath(t);
    }

    private static Unwrap pwsh(List<Word> argv, boolean windowsPowerShell) {
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text().toLowerCase(Locale.ROOT);
            if (!w.literal() && t.startsWith("-")) {
                return Unwrap.UNDETERMINED;
            }
            if (!t.startsWith("-") && !t.startsWith("/")) {
                return windowsPowerShell
                        ? Unwrap.payload(Kind.PWSH_PAYLOAD, Provenance.SHELL_PAYLOAD, argv.subList(i, argv.size()))
                        : Unwrap.NONE;
            }
            String opt = t.substring(1);
            if (opt.isEmpty()) {
                return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
            }
            if ("command".startsWith(opt) && opt.length() >= 1 && !opt.equals("co") && !opt.equals("config")) {
                if (i + 1 >= argv.size()) {
                    return Unwrap.NONE;
                }
                if (argv.get(i + 1).text().equals("-")) {
                    return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
                }
                return Unwrap.payload(Kind.PWSH_PAYLOAD, Provenance.SHELL_PAYLOAD, argv.subList(i + 1, argv.size()));
            }
            if (opt.equals("e") || opt.equals("ec") || opt.equals("enc") || "encodedcommand".startsWith(opt) && opt.length() >= 2
                    && opt.startsWith("en")) {
                if (i + 1 >= argv.size()) {
                    return Unwrap.NONE;
                }
                return Unwrap.payload(Kind.PWSH_ENCODED, Provenance.ENCODED_PAYLOAD, argv.subList(i + 1, i + 2));
            }
            if ("file".startsWith(opt)) {
                // `-File -`: the script is standard input
                return i + 1 < argv.size() && argv.get(i + 1).literal() && isStdinName(argv.get(i + 1).text())
                        ? new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false)
                        : Unwrap.NONE;
            }
            if (InterpreterFamily.POWERSHELL_VALUE_PARAMETERS.contains(opt)) {
                i++;
            }
        }
        // no -Command, -File or script: PowerShell reads a redirected standard input as its commands
        // (`… | powershell -ExecutionPolicy Bypass`), as the engine's ProgramSource reads it
        return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
    }

    /**
     * python, node, perl, ruby, php, tclsh: only whether the program comes from standard input, by
     * the one table of their options ({@link InterpreterFamily}).
     */
    private static Unwrap interpreter(String name, List<Word> argv) {
        InterpreterFamily family = InterpreterFamily.of(name);
        Unwrap debugger = pdbCode(name, argv);
        if (debugger != null) {
            return debugger;
        }
        if (family == null) {
            return codeOption(name, argv);
        }
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal()) {
                return null;
            }
            if (t.equals("-")) {
                return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
            }
            if (t.equals("--")) {
                return i + 1 < argv.size() ? null
                        : new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
            }
            if (t.startsWith("--")) {
                if (t.equals("--eval") || t.equals("--print")) {
                    Word code = i + 1 < argv.size() ? argv.get(i + 1) : null;
                    return code == null ? null
                            : new Unwrap(Kind.INTERPRETER_CODE, Provenance.TOP, List.of(code), List.of(), code.text(),
                                    code.literal(), false);
                }
                if (t.startsWith("--eval=")) {
                    return null;
                }
                if (family.takesValue(t)) {
                    i++; // `node --require ts-node/register`: the value is no script
                }
                continue;
            }
            if (!t.startsWith("-")) {
                return isStdinPath(t) ? new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false)
                        : null;
            }
            char c = t.length() > 1 ? t.charAt(1) : ' ';
            if (family.namesProgram(c)) {
                return null; // `python -m MODULE`, `php -f FILE` name the program
            }
            if (family.inline(c)) {
                // -c/-e CODE: the program is this word (attached or next)
                Word code = t.length() > 2 ? new Word(t.substring(2), w.raw(), w.literal(), w.features())
                        : i + 1 < argv.size() ? argv.get(i + 1) : null;
                return code == null ? null
                        : new Unwrap(Kind.INTERPRETER_CODE, Provenance.TOP, List.of(code), List.of(), code.text(),
                                code.literal(), false);
            }
            if (family.takesValue(c) && t.length() == 2) {
                i++;
            }
        }
        return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
    }

    /**
     * pdb's {@code -c} commands ({@code python -m pdb -c '!import os; …' app.py}, {@code pdb3 -c …},
     * ipdb) as the inline Python they run ({@link PdbCommands}), or null when pdb is not run or
     * its commands are plain debugger commands.
     */
    private static Unwrap pdbCode(String name, List<Word> argv) {
        List<String> texts = argv.subList(1, argv.size()).stream().map(Word::text).toList();
        int from = PdbCommands.optionsFrom(name, texts);
        if (from < 0) {
            return null;
        }
        String python = PdbCommands.commandsPython(texts, from);
        if (python.isEmpty()) {
            return null;
        }
        boolean literal = argv.stream().allMatch(Word::literal);
        Word code = new Word(python, Word.singleQuoted(python), literal, Set.of());
        return new Unwrap(Kind.INTERPRETER_CODE, Provenance.TOP, List.of(code), List.of(), python, literal, false);
    }

    /**
     * The options that carry a program in the other languages whose inline code can run commands:
     * Julia, Elixir, Erlang, QuickJS, Guile, Racket, SBCL, the MongoDB shell, Babashka, Emacs,
     * Kakoune, rake and exiftool ({@code -if}); {@code crystal eval CODE} is a subcommand, Perl's rename takes
     * its expression as the first operand.
     */
    private static final java.util.Map<String, Set<String>> CODE_OPTIONS = java.util.Map.ofEntries(
            java.util.Map.entry("julia", Set.of("-e", "-E", "--eval", "--print")),
            java.util.Map.entry("elixir", Set.of("-e", "--eval")),
            java.util.Map.entry("erl", Set.of("-eval")),
            java.util.Map.entry("qjs", Set.of("-e", "--eval")),
            java.util.Map.entry("guile", Set.of("-c")),
            java.util.Map.entry("racket", Set.of("-e", "--eval")),
            java.util.Map.entry("sbcl", Set.of("--eval")),
            java.util.Map.entry("mongosh", Set.of("--eval")),
            java.util.Map.entry("mongo", Set.of("--eval")),
            java.util.Map.entry("bb", Set.of("-e", "--eval")),
            java.util.Map.entry("emacsclient", Set.of("-e", "--eval")),
            java.util.Map.entry("emacs", Set.of("--eval", "-eval")),
            java.util.Map.entry("kak", Set.of("-e")),
            // Lua (lua, lua5.x, luajit, texlua: see codeOptionsOf), R and Rscript, jrunscript: each
            // -e chunk runs, in order, so all of them form the program
            java.util.Map.entry("lua", Set.of("-e")),
            java.util.Map.entry("R", Set.of("-e")),
            java.util.Map.entry("Rscript", Set.of("-e")),
            java.util.Map.entry("jrunscript", Set.of("-e")),
            // GHC evaluates each -e expression in turn (ghc -e 'System.Directory.removeDirectoryRecursive …')
            java.util.Map.entry("ghc", Set.of("-e")),
            java.util.Map.entry("ghci", Set.of("-e")),
            java.util.Map.entry("rake", Set.of("-e", "--execute", "--execute-continue")),
            // exiftool's -if condition is a Perl expression
            java.util.Map.entry("exiftool", Set.of("-if")),
            // jshell has no inline option: with no script word it runs what standard input holds
            // (`echo 'new ProcessBuilder(…).start()' | jshell -q`), as julia does
            java.util.Map.entry("jshell", Set.of()));

    /** The inline program of {@link #CODE_OPTIONS}' languages (and {@code crystal eval CODE}), or null. */
    private static Unwrap codeOption(String name, List<Word> argv) {
        if (name.equals("crystal")) {
            return argv.size() > 2 && argv.get(1).text().equals("eval") ? code(argv.get(2)) : null;
        }
        // osascript -e LINE [-e LINE]…: the lines form one AppleScript (or JavaScript) program
        if (name.equals("osascript")) {
            StringBuilder program = new StringBuilder();
            boolean literal = true;
            for (int i = 1; i + 1 < argv.size(); i++) {
                if (argv.get(i).text().equals("-e")) {
                    program.append(program.length() > 0 ? "\n" : "").append(argv.get(i + 1).text());
                    literal &= argv.get(i + 1).literal();
                    i++;
                }
            }
            return program.length() == 0 ? null
                    : code(new Word(program.toString(), program.toString(), literal, Set.of()));
        }
        // Perl's rename (rename, prename, file-rename): `-e CODE` or the first operand is a Perl
        // expression run on each name (util-linux's `rename FROM TO FILES` reads as harmless text)
        if (Set.of("rename", "prename", "perl-rename", "file-rename").contains(name)) {
            for (int i = 1; i < argv.size(); i++) {
                String t = argv.get(i).text();
                if ((t.equals("-e") || t.equals("-E")) && i + 1 < argv.size()) {
                    return code(argv.get(i + 1));
                }
                if (t.equals("--")) {
                    return i + 1 < argv.size() ? code(argv.get(i + 1)) : null;
                }
                if (!t.startsWith("-")) {
                    return code(argv.get(i));
                }
                if (t.equals("-u") || t.equals("--unicode")) {
                    i++;
                }
            }
            return null;
        }
        String key = InlineCode.isLua(name) ? "lua" : name;
        Set<String> options = CODE_OPTIONS.get(key);
        if (options == null) {
            return null;
        }
        if (Set.of("lua", "R", "Rscript", "jrunscript").contains(key)) {
            Unwrap chunks = chunks(argv, options, key.equals("lua"));
            return chunks != null ? chunks : chunkStdin(key, argv);
        }
        // ghc without -e compiles its operands and reads no program from standard input
        if (key.equals("ghc") || key.equals("ghci")) {
            return chunks(argv, options, false);
        }
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (options.contains(t) && i + 1 < argv.size()) {
                return code(argv.get(i + 1));
            }
            int eq = t.indexOf('=');
            if (eq > 0 && options.contains(t.substring(0, eq))) {
                return code(new Word(t.substring(eq + 1), w.raw(), w.literal(), w.features()));
            }
        }
        // `… | julia`: no -e and no script, the program is read from standard input
        return key.equals("julia") || key.equals("jshell") ? chunkStdin(key, argv) : null;
    }

    /**
     * Every {@code -e CHUNK} (or attached {@code -eCHUNK}) of an interpreter that runs them all in
     * order ({@code lua -e 'a=1' -e 'os.execute(…)'}), joined by newlines; null when none.
     */
    private static Unwrap chunks(List<Word> argv, Set<String> options, boolean attached) {
        StringBuilder program = new StringBuilder();
        boolean literal = true;
        boolean any = false;
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text();
            Word chunk = null;
            if (options.contains(t) && i + 1 < argv.size()) {
                chunk = argv.get(++i);
            } else if (t.startsWith("-e") && t.length() > 2 && attached) {
                chunk = new Word(t.substring(2), argv.get(i).raw(), argv.get(i).literal(), argv.get(i).features());
            }
            if (chunk != null) {
                program.append(any ? "\n" : "").append(chunk.text());
                literal &= chunk.literal();
                any = true;
            }
        }
        return any ? code(new Word(program.toString(), program.toString(), literal, Set.of())) : null;
    }

    /**
     * lua, R, Rscript or jrunscript with no {@code -e} chunk: the program comes from standard input
     * when no word names a script ({@code … | lua}, {@code … | lua -}, {@code … | R --no-save}), as
     * python's does ({@link #interpreter}); a script word, {@code -f}/{@code --file} or a dynamic
     * word gives null. FAIL CLOSED: a value of an option read as a script only keeps the old null.
     */
    private static Unwrap chunkStdin(String key, List<Word> argv) {
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal() || t.equals("-f") || t.startsWith("--file") || key.equals("R") && t.equals("CMD")) {
                return null;
            }
            if (t.equals("-") || t.equals("--args")) {
                break;
            }
            if (!t.startsWith("-")) {
                return null;
            }
            if (key.equals("lua") && t.equals("-l")) {
                i++;
            }
        }
        return new Unwrap(Kind.STDIN_SCRIPT, Provenance.HEREDOC_SCRIPT, List.of(), List.of(), "", true, false);
    }

    private static Unwrap code(Word program) {
        return new Unwrap(Kind.INTERPRETER_CODE, Provenance.TOP, List.of(program), List.of(), program.text(), program.literal(), false);
    }

    /** A literal word's whitespace-separated parts as words ({@code --entrypoint "sh -x"} is two). */
    static List<Word> split(Word w) {
        List<Word> out = new ArrayList<>();
        for (String part : w.text().trim().split("\\s+")) {
            if (!part.isEmpty()) {
                out.add(new Word(part, w.raw(), w.literal(), w.features()));
            }
        }
        return out;
    }

    static boolean isAssignment(String t) {
        return dev.shellwarden.grammar.bash.Names.isAssignment(t);
    }
}
