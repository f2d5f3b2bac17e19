package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.Names;
import java.util.Set;

/**
 * How a family of scripting interpreters is told where its program comes from: which one-letter
 * options carry the program itself ({@code python -c CODE}, {@code perl -e CODE}), which name the
 * file or module it comes from ({@code python -m MODULE}, {@code php -f FILE}) and which take a
 * value that is neither ({@code python -W ignore}, {@code node -r dotenv/config}, {@code ruby -C DIR}).
 * Without any of them the first word that is no option is the script, and with no such word the
 * program is read from standard input.
 *
 * <p>ONE table: the grammar's unwrapping ({@link Wrappers}: {@code cat x | python3} reads its
 * program from the pipe) and the engine's reading of where a command's program comes from read it,
 * so the two cannot drift. Letters that mean something else in another family are listed per
 * family on purpose: {@code -p} is inline code for node and a print loop for perl; {@code -r} is
 * inline code for php and a preload for node and ruby; {@code -c} is inline code for python, a
 * syntax check for node, ruby and perl (perl's still runs {@code BEGIN} blocks) and a php.ini for php.
 *
 * <p>FAIL CLOSED: an option that may take a separate value is listed as taking one: reading its
 * value as no script at most lets the program be read from standard input, which asks more.
 */
public enum InterpreterFamily {
    /** python, pypy. */
    PYTHON("c", "m", "WXQ", Set.of()),
    /** node and the TypeScript runners that take node's options. */
    NODE("ep", "", "rC", Set.of("--require", "--import", "--loader", "--experimental-loader", "--conditions")),
    /** perl: {@code -I DIR} takes the next word when nothing is attached. */
    PERL("eE", "", "I", Set.of()),
    /** ruby: {@code -C DIR} and {@code -E ENCODING} take a separate value. */
    RUBY("e", "", "rICE", Set.of()),
    /** php: {@code -r CODE}; {@code -f FILE} and {@code -F FILE} name the program. */
    PHP("r", "fF", "cdz", Set.of()),
    /** tclsh, wish, jimsh: no inline program; a script file, else standard input. */
    TCL("", "", "", Set.of()),
    /**
     * Any other interpreter the engine knows (lua, Rscript, julia, groovy…): the letters most of
     * them share. The grammar does not read these (it knows their code options by name).
     */
    OTHER("ceEpr", "mf", "WXI", Set.of());

    private final String inline;
    private final String named;
    private final String withValue;
    private final Set<String> longWithValue;

    InterpreterFamily(String inline, String named, String withValue, Set<String> longWithValue) {
        this.inline = inline;
        this.named = named;
        this.withValue = withValue;
        this.longWithValue = longWithValue;
    }

    /** The family of the interpreter {@code name} (a command's base name), or null when it is none of the named ones. */
    public static InterpreterFamily of(String name) {
        if (Names.versioned(name, "python") || Names.versioned(name, "pypy")) {
            return PYTHON;
        }
        if (Wrappers.NODE_LIKE.contains(name)) {
            return NODE;
        }
        if (Names.versioned(name, "perl")) {
            return PERL;
        }
        if (Names.versioned(name, "ruby")) {
            return RUBY;
        }
        if (Names.versioned(name, "php")) {
            return PHP;
        }
        return InlineCode.isTcl(name) ? TCL : null;
    }

    /** True when the word of option {@code -L} (attached or next) is the program itself. */
    public boolean inline(char letter) {
        return inline.indexOf(letter) >= 0;
    }

    /** True when the word of option {@code -L} names the file or module the program comes from. */
    public boolean namesProgram(char letter) {
        return named.indexOf(letter) >= 0;
    }

    /** True when option {@code -L} takes a value that is no program (attached, or the next word). */
    public boolean takesValue(char letter) {
        return withValue.indexOf(letter) >= 0;
    }

    /** True when the long option (without {@code =VALUE}) takes the next word as its value. */
    public boolean takesValue(String longOption) {
        return longWithValue.contains(longOption);
    }

    /** True when the long option names the program's file: {@code --file} of the other interpreters ({@code R --file=x.R}). */
    public boolean namesProgram(String longOption) {
        return this == OTHER && longOption.equals("--file");
    }

    /** How an interpreter's program is given, as {@link #program} finds it. */
    public enum ProgramKind {
        /** An option's value is the program: {@code python -c CODE}, {@code node --eval CODE}. */
        INLINE,
        /** A word names the file or module: {@code python x.py}, {@code python -m pdb}, {@code php -f x.php}, {@code -}. */
        NAMED,
        /** Nothing names it: the program is read from standard input. */
        STDIN,
        /** No program is read: {@code --version}, {@code --help}. */
        NONE
    }

    /**
     * An interpreter's program as its option walk finds it.
     *
     * @param kind   how it is given
     * @param word   the word naming the file or module ({@link ProgramKind#NAMED}), else ""
     * @param next   the index of the first word after it (the program's own words), else -1
     * @param module true when the word is a module ({@code python -m MODULE}) rather than a file
     */
    public record Program(ProgramKind kind, String word, int next, boolean module) {
        static Program of(ProgramKind kind) {
            return new Program(kind, "", -1, false);
        }

        static Program named(String word, int next, boolean module) {
            return new Program(ProgramKind.NAMED, word, next, module);
        }
    }

    /**
     * The one walk over an interpreter's options ({@code args}: its words without its name), in
     * order, by this family's letters: the first option that gives the program decides; with none,
     * the first word that is no option is the script, else standard input. The engine's
     * ProgramSource (where a program comes from, which script runs) and {@link PdbCommands} (does
     * {@code python -m pdb} run the debugger) both read it.
     */
    public Program program(java.util.List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                return i + 1 < args.size() ? Program.named(args.get(i + 1), i + 2, false) : Program.of(ProgramKind.STDIN);
            }
            if (a.equals("-") || !a.startsWith("-")) {
                return Program.named(a, i + 1, false);
            }
            if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String o = eq > 0 ? a.substring(0, eq) : a;
                if (o.equals("--eval") || o.equals("--print")) {
                    return Program.of(ProgramKind.INLINE);
                }
                if (o.equals("--version") || o.equals("--help")) {
                    return Program.of(ProgramKind.NONE);
                }
                if (namesProgram(o)) {
                    return eq > 0 ? Program.named(a.substring(eq + 1), i + 1, false)
                            : i + 1 < args.size() ? Program.named(args.get(i + 1), i + 2, false) : Program.of(ProgramKind.STDIN);
                }
                if (eq < 0 && takesValue(o)) {
                    i++;
                }
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char l = a.charAt(k);
                boolean attached = k + 1 < a.length();
                String value = attached ? a.substring(k + 1) : i + 1 < args.size() ? args.get(i + 1) : null;
                if (inline(l)) {
                    return Program.of(ProgramKind.INLINE);
                }
                if (namesProgram(l)) {
                    return value == null ? Program.of(ProgramKind.STDIN) : Program.named(value, attached ? i + 1 : i + 2, l == 'm');
                }
                if (takesValue(l)) {
                    i += attached ? 0 : 1;
                    break;
                }
            }
        }
        return Program.of(ProgramKind.STDIN);
    }

    /**
     * PowerShell's parameters ({@code pwsh}, {@code powershell}, lower case, without the dash) that
     * take the next word as their value; the program comes from {@code -Command}, {@code -File},
     * {@code -EncodedCommand} or standard input.
     */
    public static final Set<String> POWERSHELL_VALUE_PARAMETERS = Set.of("executionpolicy", "ep", "ex", "windowstyle", "w",
            "configurationname", "workingdirectory", "wd", "outputformat", "o", "of", "inputformat", "if", "version", "v",
            "psconsolefile", "settingsfile", "custompipename");
}
