package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pdb's debugger commands (its {@code -c} values, a {@code .pdbrc}) read as the Python they run.
 * WHY: pdb runs a line starting with {@code !} as a Python statement, and so is any line whose
 * first word is no debugger command ({@code import os; os.system(…)}); {@code p}, {@code pp},
 * {@code display}, {@code whatis}, {@code debug} and a breakpoint's condition evaluate Python too,
 * and an {@code alias} body runs when the alias is used. Plain debugger commands ({@code c},
 * {@code q}, {@code b app.py:10}, {@code bt}) run no code and are left out, so
 * {@code python -m pdb -c continue app.py} shows no program.
 */
public final class PdbCommands {

    private PdbCommands() {
    }

    /** pdb's commands that run no Python of their own (their first word, as pdb spells them). */
    private static final Set<String> PLAIN = Set.of("h", "help", "w", "where", "bt", "d", "down", "u", "up", "tbreak", "cl", "clear",
            "disable", "enable", "ignore", "commands", "end", "s", "step", "n", "next", "unt", "until", "j", "jump", "c", "cont",
            "continue", "r", "return", "l", "list", "ll", "longlist", "a", "args", "source", "undisplay", "interact", "unalias",
            "q", "quit", "exit", "run", "restart", "retval", "rv", "silent", "EOF");

    /** Commands whose rest is a Python expression or statement pdb evaluates. */
    private static final Set<String> EVALUATES = Set.of("p", "pp", "display", "whatis", "debug");

    private static final Pattern FIRST = Pattern.compile("(\\S+)\\s*(.*)", Pattern.DOTALL);

    /** The modules that are pdb under {@code python -m}, and the programs that are. */
    public static final Set<String> NAMES = Set.of("pdb", "pdb3", "ipdb", "ipdb3");

    /**
     * The Python the debugger command lines {@code text} run, one statement a line; empty when
     * they are plain debugger commands only.
     */
    public static String python(String text) {
        StringBuilder b = new StringBuilder();
        for (String raw : text.split("\n")) {
            // pdb splits a line at the first `;;` (not inside quotes: fail closed, it splits more)
            for (String line : raw.split(";;")) {
                String code = lineCode(line.strip(), 0);
                if (!code.isEmpty()) {
                    b.append(code).append('\n');
                }
            }
        }
        return b.toString();
    }

    /** The Python one command line runs, or "" for a plain command. */
    private static String lineCode(String line, int depth) {
        if (line.isEmpty() || line.startsWith("#")) {
            return "";
        }
        if (line.startsWith("!")) {
            return line.substring(1).strip();
        }
        Matcher m = FIRST.matcher(line);
        if (!m.matches()) {
            return line;
        }
        String word = m.group(1);
        String rest = m.group(2).strip();
        String lower = word.toLowerCase(Locale.ROOT);
        if (EVALUATES.contains(lower)) {
            return rest;
        }
        if (lower.equals("alias")) {
            // `alias NAME BODY`: BODY is a command line run when NAME is used
            Matcher body = FIRST.matcher(rest);
            return body.matches() && depth < 2 ? lineCode(body.group(2).strip(), depth + 1) : "";
        }
        if (lower.equals("b") || lower.equals("break") || lower.equals("condition")) {
            // `b app.py:10, COND` / `condition N COND`: the condition is Python evaluated at the break
            int comma = rest.indexOf(',');
            if (lower.equals("condition")) {
                Matcher cond = FIRST.matcher(rest);
                return cond.matches() ? cond.group(2).strip() : "";
            }
            return comma >= 0 ? rest.substring(comma + 1).strip() : "";
        }
        return PLAIN.contains(word) || PLAIN.contains(lower) ? "" : line;
    }

    /**
     * The Python that pdb's {@code -c}/{@code --command} values in {@code args} (read from index
     * {@code from}, see {@link #commandValues}) run, as {@link #python} reads them; "" for plain
     * debugger commands only. The one composition the grammar's unwrapping and the engine's inline
     * payload reading both call.
     */
    public static String commandsPython(List<String> args, int from) {
        return python(String.join("\n", commandValues(args, from)));
    }

    /**
     * The values of pdb's {@code -c}/{@code --command} options in {@code args}, read from index
     * {@code from} until the script or {@code -m MODULE} (what follows are the program's words).
     */
    public static List<String> commandValues(List<String> args, int from) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-c") || a.equals("--command")) {
                if (i + 1 < args.size()) {
                    out.add(args.get(++i));
                }
            } else if (a.startsWith("--command=")) {
                out.add(a.substring("--command=".length()));
            } else if (a.startsWith("-c") && !a.startsWith("--")) {
                out.add(a.substring(2));
            } else if (a.equals("-m") || !a.startsWith("-") || a.equals("--")) {
                break;
            }
        }
        return out;
    }

    /**
     * The one predicate "this command runs Python's debugger": the index in {@code args} (the
     * command's words without its name) where pdb's own options ({@code -c CMD}) begin, or -1 when
     * it runs no pdb. 0 for {@code pdb3}/{@code ipdb}; for python or pypy, just after the module
     * word when the interpreter's option walk ({@link InterpreterFamily#program}: {@code -W ignore},
     * {@code -Im pdb}, {@code -mpdb}) finds {@code -m pdb}. The grammar's unwrapping and the
     * engine's inline payload reading both call it, then {@link #commandsPython}.
     */
    public static int optionsFrom(String name, List<String> args) {
        if (NAMES.contains(name)) {
            return 0;
        }
        if (InterpreterFamily.of(name) != InterpreterFamily.PYTHON) {
            return -1;
        }
        InterpreterFamily.Program p = InterpreterFamily.PYTHON.program(args);
        return p.module() && NAMES.contains(p.word()) ? p.next() : -1;
    }
}
