package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.InterpreterFamily;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where the program a shell, interpreter or program-file reader runs comes from, read once per
 * command ({@link Cmd#getProgramSource()}). The one reading behind {@link Cmd#isProgramFromStdin()}
 * (a pipe feeds it: {@code curl … | sh}, SW4001, SW4003, SW4101) and
 * {@link Cmd#readsScriptFromStdin()} (told to read standard input with nothing given there:
 * {@code sh -s}, {@code python3 -}, SW7012), and of the here-document read as the program
 * ({@code python3 <<EOF}).
 *
 * <p>The options are read in order, as the programs read them: options after the script's name are
 * the script's own ({@code python3 - -c x} still reads its program from standard input,
 * {@code sh build.sh -s} runs build.sh). The letters of each interpreter family come from one table,
 * {@link InterpreterFamily}, which the grammar reads too.
 *
 * <p>DECIDED (where the two earlier readings disagreed): a mode that only checks, lints, loops or
 * stays interactive still reads its program from standard input, so it counts as such:
 * {@code python3 -i}, {@code node -i}, {@code php -a} run what they read; {@code perl -n},
 * {@code perl -p}, {@code ruby -n}, {@code -l}, {@code -a}, {@code -x} only wrap or skip part of the
 * program; {@code perl -c} runs its {@code BEGIN} blocks; {@code node --check}, {@code ruby -c} and
 * {@code php -l} run nothing but still wait for the program (fail closed: one reading, no "checks
 * only" exception to keep in step). {@code --version} and {@code --help} before the script read no
 * program at all.
 */
public enum ProgramSource {
    /** Nothing names the program, so it is read from standard input ({@code sh}, {@code perl -n}, {@code iex}). */
    STDIN,
    /** The program is named as standard input: {@code -}, {@code /dev/stdin}, {@code sh -s}, {@code awk -f -}, {@code pwsh -Command -}. */
    STDIN_NAMED,
    /** The program is an argument: {@code sh -c CMD}, {@code python3 -c CODE}, {@code awk 'PROGRAM'}. */
    INLINE,
    /** The program is a file or module the command names: {@code sh x.sh}, {@code python3 -m mod}, {@code make}. */
    FILE,
    /** No program is read: not a program reader, or it only prints ({@code bash --version}). */
    NONE;

    /** True when the program is read from standard input, named there or not. */
    public boolean fromStdin() {
        return this == STDIN || this == STDIN_NAMED;
    }

    /** Names standard input as a file: a script read from there is whatever arrives there. */
    static final Set<String> STDIN_FILES = Set.of("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0");

    /** awk, sed, make and just read a program file named by {@code -f} (sed's {@code e} runs commands, recipes are shell lines). */
    private static final Set<String> PROGRAM_FILE_READERS = Set.of("awk", "gawk", "mawk", "nawk", "busybox-awk", "sed", "gsed",
            "make", "gmake", "bmake", "just");

    /**
     * The program files a program-file reader is told to read: {@code -f}, {@code --file},
     * {@code --makefile}, just's {@code --justfile}, separate or after {@code =}.
     */
    static List<String> programFiles(Cmd c) {
        if (ConsoleCommands.knows(c)) {
            // a console's command file or redirected input (`gdb -x <(curl …)`, `mysql app < <(curl …)`)
            return ConsoleCommands.commandFiles(c);
        }
        if (VIMS.contains(c.getName())) {
            // `vim -S <(curl …)`, `curl -o k.vim URL && vim -s k.vim` (see #vimScripts)
            return vimScripts(c).stream().map(PathFacts::unquote).filter(f -> !f.isEmpty()).toList();
        }
        if (!PROGRAM_FILE_READERS.contains(c.getName())) {
            return List.of();
        }
        List<String> files = new java.util.ArrayList<>(c.valuesAfter(Set.of("-f", "--file", "--makefile", "--justfile")));
        for (String a : c.getArgs()) {
            if (a.startsWith("--file=") || a.startsWith("--makefile=") || a.startsWith("--justfile=")) {
                files.add(a.substring(a.indexOf('=') + 1));
            }
        }
        return files;
    }

    /** Options of {@code deno run} and {@code bun run} that take a value. */
    private static final String RUN_OPTIONS = "--config -c --import-map --lock --cert --location --seed --v8-flags --env-file --cwd --preload -r";

    /** The source of {@code c}'s program. */
    static ProgramSource of(Cmd c) {
        String name = c.getName();
        List<String> args = c.getArgs();
        String folded = name.toLowerCase(Locale.ROOT);
        if (folded.equals("invoke-expression") || folded.equals("iex")) {
            return STDIN; // `… | iex`: the pipeline's text is the command
        }
        if (name.equals("source") || name.equals(".")) {
            List<String> p = c.positionals("");
            return p.isEmpty() ? STDIN : script(p.get(0));
        }
        List<String> remote = c.sshRemoteWords();
        if (remote != null) {
            return remote(remote);
        }
        if (folded.equals("pwsh") || folded.equals("powershell")) {
            return powershell(args, folded.equals("powershell"));
        }
        if (c.isShell()) {
            return shell(args);
        }
        if (PROGRAM_FILE_READERS.contains(name)) {
            return programFile(c);
        }
        if ((name.equals("deno") || name.equals("bun")) && c.sub("run")) {
            // `curl … | deno run -`: the word after `run` is the script
            List<String> p = c.positionals(RUN_OPTIONS);
            return p.size() > 1 ? script(p.get(1)) : NONE;
        }
        if (ConsoleCommands.knows(c)) {
            // database consoles and debuggers: their command languages have a shell escape
            return ConsoleCommands.source(c);
        }
        if (VIMS.contains(name)) {
            return vim(c);
        }
        if (c.isInterpreter()) {
            InterpreterFamily family = InterpreterFamily.of(name);
            return interpreter(family == null ? InterpreterFamily.OTHER : family, args);
        }
        return NONE;
    }

    /**
     * ssh's remote command: none makes the remote login shell read its commands from standard
     * input when that is no terminal ({@code echo uptime | ssh host}); a shell or interpreter
     * there reads its program as it would here ({@code ssh host bash -s}, {@code ssh host python3 -}).
     */
    private static ProgramSource remote(List<String> words) {
        if (words.isEmpty()) {
            return STDIN;
        }
        String first = words.get(0).substring(words.get(0).lastIndexOf('/') + 1);
        List<String> rest = words.subList(1, words.size());
        if (Cmd.isShellName(first)) {
            return shell(rest);
        }
        if (Cmd.isInterpreterName(first)) {
            InterpreterFamily family = InterpreterFamily.of(first);
            return interpreter(family == null ? InterpreterFamily.OTHER : family, rest);
        }
        return NONE;
    }

    /** A script named by the word: standard input or a file. */
    private static ProgramSource script(String word) {
        return STDIN_FILES.contains(word) ? STDIN_NAMED : FILE;
    }

    /** bash, sh, zsh…: {@code -c} wins over {@code -s}; else the first word that is no option is the script. */
    private static ProgramSource shell(List<String> args) {
        boolean inline = false;
        boolean stdin = false;
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--version") || a.equals("--help")) {
                return NONE;
            }
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.startsWith("--")) {
                i += a.equals("--rcfile") || a.equals("--init-file") ? 1 : 0;
            } else if ((a.startsWith("-") || a.startsWith("+")) && a.length() > 1) {
                if (a.substring(1).equals("o") || a.substring(1).equals("O")) {
                    i++;
                } else if (a.startsWith("-")) {
                    inline |= a.indexOf('c') > 0;
                    stdin |= a.indexOf('s') > 0;
                }
            } else {
                break; // the script, or `-`, which both earlier readings took as standard input
            }
        }
        if (inline) {
            return INLINE;
        }
        if (stdin) {
            return STDIN_NAMED;
        }
        return i < args.size() ? script(args.get(i)) : STDIN;
    }

    /**
     * pwsh and Windows PowerShell: any unambiguous prefix of a parameter, in any case ({@code -c},
     * {@code -Command}, {@code -f}, {@code -FILE}); {@code -} alone reads standard input; with no
     * program given, a redirected standard input is read as commands.
     */
    private static ProgramSource powershell(List<String> args, boolean windows) {
        for (int i = 0; i < args.size(); i++) {
            String t = args.get(i).toLowerCase(Locale.ROOT);
            boolean option = t.startsWith("-") || windows && t.startsWith("/");
            if (!option) {
                // Windows PowerShell runs its words as a command; pwsh takes the first as a script file
                return windows ? INLINE : script(t);
            }
            String opt = t.substring(1);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            if (opt.isEmpty()) {
                return STDIN_NAMED;
            }
            if ("command".startsWith(opt) && !opt.equals("co")) {
                return next == null ? STDIN : STDIN_FILES.contains(next) ? STDIN_NAMED : INLINE;
            }
            if (opt.startsWith("e") && ("encodedcommand".startsWith(opt) || opt.equals("ec"))) {
                return INLINE;
            }
            if ("file".startsWith(opt)) {
                return next == null ? STDIN : script(next);
            }
            if (InterpreterFamily.POWERSHELL_VALUE_PARAMETERS.contains(opt)) {
                i++;
            }
        }
        return STDIN;
    }

    /** vim and its other names: their keystroke scripts and sourced files run {@code :!} commands. */
    private static final Set<String> VIMS = Set.of("vim", "vi", "nvim", "gvim", "view", "rvim", "vimdiff", "gvimdiff");

    /** vim's options that make it read Ex commands from standard input (Ex mode), where {@code -s} is silence. */
    private static final String VIM_EX_MODE = "-e -E -es -Es";

    /**
     * The files vim runs as commands: {@code -s FILE} (typed keystrokes, a {@code :!cmd} among
     * them runs a shell command; in Ex mode {@code -s} is a flag) and {@code -S FILE} (sourced
     * Vim script).
     */
    private static List<String> vimScripts(Cmd c) {
        return c.valuesOf(c.anyArg(VIM_EX_MODE) ? "-S" : "-s -S");
    }

    /**
     * Where vim takes commands from (rt34c: {@code curl … | vim -s /dev/stdin notes.txt}): a
     * keystroke or sourced script ({@link #vimScripts}), standard input in Ex mode
     * ({@code vim -es}), else none: {@code … | vim -} reads standard input as the text to edit.
     */
    private static ProgramSource vim(Cmd c) {
        List<String> files = vimScripts(c);
        if (files.stream().anyMatch(STDIN_FILES::contains)) {
            return STDIN_NAMED;
        }
        if (!files.isEmpty()) {
            return FILE;
        }
        return c.anyArg(VIM_EX_MODE) && !c.anyArg("-") ? STDIN : NONE;
    }

    /** awk, sed, make, just: a program file ({@link #programFiles}), else the inline program, the Makefile or the justfile. */
    private static ProgramSource programFile(Cmd c) {
        List<String> files = programFiles(c);
        if (files.stream().anyMatch(STDIN_FILES::contains)) {
            return STDIN_NAMED;
        }
        return !files.isEmpty() || c.getName().contains("make") || c.getName().equals("just") ? FILE : INLINE;
    }

    /**
     * An interpreter's options in order, by its family's letters: the first that gives the program
     * decides; with none, the first word that is no option is the script, else standard input
     * (the grammar's one walk, {@link InterpreterFamily#program}).
     */
    private static ProgramSource interpreter(InterpreterFamily f, List<String> args) {
        return sourceOf(f.program(args));
    }

    /** The source an interpreter's program walk found: a named word is a file, or standard input by name. */
    private static ProgramSource sourceOf(InterpreterFamily.Program p) {
        return switch (p.kind()) {
            case INLINE -> INLINE;
            case NAMED -> script(p.word());
            case STDIN -> STDIN;
            case NONE -> NONE;
        };
    }

    /**
     * Python modules run by {@code python -m MODULE} that run a script file named among their own
     * words (debuggers, profilers, tracers, test runners), with their options that take a separate
     * value. WHY: {@code python3 -m pdb /tmp/x.py} and {@code python3 -m cProfile -o p /tmp/x.py}
     * run {@code /tmp/x.py} as surely as {@code python3 /tmp/x.py} does (SW4004 after a download).
     */
    private static final java.util.Map<String, String> SCRIPT_MODULES = java.util.Map.ofEntries(
            java.util.Map.entry("pdb", "-c --command"), java.util.Map.entry("ipdb", "-c --command"),
            java.util.Map.entry("pudb", ""), java.util.Map.entry("cProfile", "-o -s"),
            java.util.Map.entry("profile", "-o -s"), java.util.Map.entry("trace", "-f --file -C --coverdir"),
            java.util.Map.entry("coverage", "--rcfile --data-file --source --omit --include --context --concurrency"),
            java.util.Map.entry("pyinstrument", "-o --outfile -r --renderer -i --interval"),
            java.util.Map.entry("memray", "-o --output -p --live-port --temporary-allocation-threshold"),
            java.util.Map.entry("viztracer", "-o --output_file --output_dir --tracer_entries --max_stack_depth --include_files"
                    + " --exclude_files --min_duration --log_func_args_depth --ignore_c_function --pid_suffix --port"),
            java.util.Map.entry("scalene", "--outfile --cpu-percent-threshold --cpu-sampling-rate --malloc-threshold --profile-only"
                    + " --profile-exclude --reduced-profile --program-path"),
            // left40: debugpy runs the script after its own options, kernprof (line_profiler) too;
            // runpy runs a module by name (its file below the folder: {@link #moduleFile})
            java.util.Map.entry("debugpy", "--listen --connect --log-to --pid --configure-subProcess --configure-justMyCode"),
            java.util.Map.entry("kernprof", "-o --outfile -s --setup -u --unit -p --prof-mod"),
            java.util.Map.entry("runpy", ""),
            java.util.Map.entry("pytest", "-k -m -p -c -o -n -W --maxfail --durations --tb --rootdir --basetemp --confcutdir --junitxml"),
            java.util.Map.entry("unittest", "-k"), java.util.Map.entry("doctest", "-o --option"));

    /**
     * The file an interpreter runs as its program, by the walk {@link #of} reads:
     * {@code python3 -X dev x.py}, {@code perl -I lib x.pl} and {@code ruby -rdebug x.rb} run x;
     * {@code python3 -m pdb x.py} runs x through a {@link #SCRIPT_MODULES} module (the first word
     * after the module that is no option and no option's value; a subcommand such as coverage's
     * {@code run} is skipped). "" when the program is inline, read from standard input, or a module
     * that runs no file of its own.
     */
    static String interpreterScript(Cmd c) {
        InterpreterFamily family = InterpreterFamily.of(c.getName());
        List<String> args = c.getArgs();
        InterpreterFamily.Program p = (family == null ? InterpreterFamily.OTHER : family).program(args);
        if (sourceOf(p) != FILE) {
            return "";
        }
        if (!p.module()) {
            return p.word();
        }
        String values = SCRIPT_MODULES.get(p.word());
        if (values == null) {
            return "";
        }
        Set<String> withValue = Set.of(values.split(" "));
        for (int i = p.next(); i < args.size(); i++) {
            String a = args.get(i);
            if (withValue.contains(a)) {
                i++;
            } else if (a.equals("-m")) {
                return ""; // `coverage run -m pytest`: a module again, no file
            } else if (!a.startsWith("-") && !(a.equals("run") && i == p.next())) {
                return p.word().equals("runpy") ? moduleFile(a) : a;
            }
        }
        return "";
    }

    /**
     * The file a module name stands for below the folder Python starts in ({@code pkg.x} is
     * {@code pkg/x.py}): {@code python3 -m runpy pkg.x} runs it. A word that is no module name is
     * taken as written.
     */
    private static String moduleFile(String module) {
        String m = PathFacts.unquote(module);
        return m.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*") ? m.replace('.', '/') + ".py" : module;
    }
}
