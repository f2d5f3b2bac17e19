package dev.shellwarden.corpus;

import dev.shellwarden.grammar.Word;
import java.util.Optional;
import java.util.function.Function;

/**
 * Semantics-preserving respellings of a bash command, for {@link MetamorphicTest}. Each constant
 * returns the respelled command, or empty where the respelling would not mean the same thing for
 * that command (a heredoc, a reserved word or an assignment first, a builtin under a program
 * wrapper…); the doc comment of each says why it preserves meaning where it applies.
 */
enum Transformation {

    /** {@code 'rm'}: quote removal gives the same word before the command is looked up. */
    SINGLE_QUOTED_NAME(s -> s.startsWithName() ? Optional.of("'" + s.firstWord() + "'" + s.rest()) : Optional.empty()),
    /** {@code "rm"}: a double-quoted name without expansions is the same word. */
    DOUBLE_QUOTED_NAME(s -> s.startsWithName() ? Optional.of('"' + s.firstWord() + '"' + s.rest()) : Optional.empty()),
    /** {@code r''m}: an empty quoted string inside a word adds nothing to it. */
    EMPTY_QUOTES_IN_NAME(s -> s.startsWithName()
                ? Optional.of(s.firstWord().charAt(0) + "''" + s.firstWord().substring(1) + s.rest())
                : Optional.empty()),
    /** {@code \rm}: a backslash before a letter quotes it (and skips aliases), the word is the same. */
    BACKSLASH_NAME(s -> s.startsWithName() ? Optional.of("\\" + s.firstWord() + s.rest()) : Optional.empty()),
    /** {@code r\m}: a backslash inside the word quotes the next character, the word is the same. */
    BACKSLASH_INSIDE_NAME(s -> s.startsWithName() && s.firstWord().length() > 1
                ? Optional.of(s.firstWord().charAt(0) + "\\" + s.firstWord().substring(1) + s.rest())
                : Optional.empty()),
    /** {@code command rm}: runs the builtin or program of that name, only skipping functions. */
    COMMAND(s -> s.startsWithName() ? Optional.of("command " + s.command()) : Optional.empty()),
    /** {@code builtin cd}: runs the builtin of that name; only for builtins. */
    BUILTIN(s -> s.startsWithBuiltin() ? Optional.of("builtin " + s.command()) : Optional.empty()),
    /** {@code env rm}: env execs the program with the same arguments and environment. */
    ENV(s -> program(s, "env ")),
    /**
     * {@code env -i rm}: the program still runs with the same (already expanded) arguments; with no
     * PATH, env searches the default /bin:/usr/bin, where system programs live.
     */
    ENV_EMPTY(s -> program(s, "env -i ")),
    /** {@code (exec rm)}: a subshell replaced by the program does what the program does. */
    EXEC_IN_SUBSHELL(s -> s.startsWithProgram() && s.closesCleanly() && s.command().indexOf('\n') < 0
                && !s.command().matches("(?s).*[;&|].*")
                ? Optional.of("(exec " + s.command() + ")") : Optional.empty()),
    /** {@code nice rm}: only the scheduling priority changes. */
    NICE(s -> program(s, "nice ")),
    /** {@code nohup rm}: only the hang-up signal is ignored and output may go to nohup.out. */
    NOHUP(s -> program(s, "nohup ")),
    /** {@code time rm}: the keyword times the pipeline and changes nothing else. */
    TIME(s -> s.startsWithName() ? Optional.of("time " + s.command()) : Optional.empty()),
    /** {@code timeout 5 rm}: the same program, stopped after 5 s (not for run-time cases). */
    TIMEOUT(s -> program(s, "timeout 5 ")),
    /** {@code stdbuf -o0 rm}: only the buffering of standard output changes. */
    STDBUF(s -> program(s, "stdbuf -o0 ")),
    /** {@code setsid rm}: the program runs in a new session, doing the same. */
    SETSID(s -> program(s, "setsid ")),
    /** {@code sudo rm}: the same program as root; it can do no less than before. */
    SUDO(s -> program(s, "sudo ")),
    /** {@code doas rm}: as sudo. */
    DOAS(s -> program(s, "doas ")),
    /**
     * {@code echo ARG | xargs rm -rf}: for one simple command whose last word is a plain operand,
     * xargs appends that operand to the same command line.
     */
    XARGS(s -> s.splitLastOperand().map(p -> "echo " + p[1] + " | xargs " + p[0])),
    /** {@code /bin/rm}: where the program lives on a merged-/usr system. */
    BIN_PATH(s -> absolute(s, "/bin/")),
    /** {@code /usr/bin/rm}: where the program lives. */
    USR_BIN_PATH(s -> absolute(s, "/usr/bin/")),
    /** {@code /usr/bin/env rm}: env by its path, then as {@link #ENV}. */
    USR_BIN_ENV(s -> program(s, "/usr/bin/env ")),
    /** {@code { CMD; }}: a group runs its list in the current shell. */
    BRACE_GROUP(s -> s.closesCleanly() ? Optional.of("{ " + s.command() + "; }") : Optional.empty()),
    /** {@code ( CMD )}: a subshell runs the same list; only later commands lose its cd and variables. */
    SUBSHELL(s -> s.closesCleanly() ? Optional.of("( " + s.command() + " )") : Optional.empty()),
    /** {@code if true; then CMD; fi}: the branch always runs. */
    IF_TRUE(s -> s.closesCleanly() ? Optional.of("if true; then " + s.command() + "; fi") : Optional.empty()),
    /** {@code true && CMD}: the right side runs since the left succeeds. */
    AND_AFTER_TRUE(s -> s.hasHeredoc() ? Optional.empty() : Optional.of("true && " + s.command())),
    /** {@code false || CMD}: the right side runs since the left fails. */
    OR_AFTER_FALSE(s -> s.hasHeredoc() ? Optional.empty() : Optional.of("false || " + s.command())),
    /** {@code CMD; true}: a command after it changes only the exit status. */
    THEN_TRUE(s -> s.closesCleanly() ? Optional.of(s.command() + "; true") : Optional.empty()),
    /** {@code CMD}, newline, {@code true}: a newline separates commands like {@code ;}. */
    NEWLINE_THEN_TRUE(s -> s.hasHeredoc() || s.command().endsWith("\\") ? Optional.empty() : Optional.of(s.command() + "\ntrue")),
    /** {@code :}, newline, {@code CMD}: a no-op on the line before. */
    NOOP_LINE_BEFORE(s -> Optional.of(":\n" + s.command())),
    /** Every unquoted {@code ;} (not {@code ;;} or {@code ;&}) becomes a newline: the same list. */
    SEMICOLONS_AS_NEWLINES(s -> s.replaceUnquoted(';', "\n")),
    /** {@code for _ in 1; do CMD; done}: one iteration (skipped where CMD uses $_, break, continue). */
    FOR_ONCE(s -> s.closesCleanly() && !s.command().contains("$_") && !s.mentionsWord("break")
                && !s.mentionsWord("continue")
                ? Optional.of("for _ in 1; do " + s.command() + "; done") : Optional.empty()),
    /** {@code case x in x) CMD;; esac}: the only pattern matches. */
    CASE_MATCH(s -> s.closesCleanly() ? Optional.of("case x in x) " + s.command() + ";; esac") : Optional.empty()),
    /**
     * {@code f(){ CMD; }; f}: the body runs when f is called (skipped where CMD uses f, positional
     * parameters, return or local, which mean something else in a function).
     */
    FUNCTION(s -> {
        String c = s.command();
        return s.closesCleanly() && !s.mentionsWord("f") && !c.contains("$") && !s.mentionsWord("return")
                && !s.mentionsWord("local") && !s.mentionsWord("declare") && !s.mentionsWord("typeset")
                ? Optional.of("f(){ " + c + "; }; f") : Optional.empty();
    }),
    /** {@code bash -c 'CMD'}: bash runs the string as a script (not where CMD reads $1, $@…, which it has none of). */
    BASH_C(s -> s.usesPositionalParameters() ? Optional.empty()
                : Optional.of("bash -c " + Word.singleQuoted(s.command()))),
    /** {@code sh -c "CMD"}: sh runs the string (double-quoted, escaped); skipped for bash-only syntax. */
    SH_C_DOUBLE_QUOTED(s -> s.hasBashisms() || s.usesPositionalParameters() ? Optional.empty()
                : Optional.of("sh -c " + Shape.doubleQuote(s.command()))),
    /** {@code eval 'CMD'}: eval runs the string in the current shell. */
    EVAL(s -> Optional.of("eval " + Word.singleQuoted(s.command()))),
    /** {@code bash <<< 'CMD'}: bash reads the script from standard input. */
    BASH_HERE_STRING(s -> s.usesPositionalParameters() ? Optional.empty()
                : Optional.of("bash <<< " + Word.singleQuoted(s.command()))),
    /** {@code echo 'CMD' | bash}: bash reads the script from the pipe (skipped where CMD starts with -). */
    ECHO_PIPE_BASH(s -> s.command().startsWith("-") || s.usesPositionalParameters() ? Optional.empty()
                : Optional.of("echo " + Word.singleQuoted(s.command()) + " | bash")),
    /** Unquoted blanks become tabs: both separate words. */
    TABS(s -> s.replaceUnquoted(' ', "\t")),
    /** {@code 2>/dev/null CMD}: a redirection before the name only drops error output. */
    STDERR_TO_NULL_FIRST(s -> s.startsWithName() ? Optional.of("2>/dev/null " + s.command()) : Optional.empty()),
    /** {@code CMD 2>/dev/null}: error output of the last command is dropped. */
    STDERR_TO_NULL_LAST(s -> s.closesCleanly() ? Optional.of(s.command() + " 2>/dev/null") : Optional.empty()),
    /** {@code </dev/null CMD}: the first command reads nothing; an agent's commands get no input anyway. */
    STDIN_FROM_NULL_FIRST(s -> s.startsWithName() ? Optional.of("</dev/null " + s.command()) : Optional.empty()),
    /** A line continuation after the first word: backslash-newline is removed before parsing. */
    LINE_CONTINUATION(s -> s.startsWithName() && s.rest().startsWith(" ")
                ? Optional.of(s.firstWord() + " \\\n  " + s.rest().substring(1)) : Optional.empty());

    /** The respelled command, or empty where this respelling would change its meaning. */
    /** The respelling of a command of that shape, or empty where it would change the meaning. */
    private final Function<Shape, Optional<String>> respelling;

    Transformation(Function<Shape, Optional<String>> respelling) {
        this.respelling = respelling;
    }

    /** The respelled command, or empty where this respelling does not apply to {@code s}. */
    Optional<String> apply(Shape s) {
        return respelling.apply(s);
    }

    /**
     * The respellings that keep how a command meets its terminal, standard input and run time:
     * the only ones applied to {@link Shape#terminal()} cases. The others give the program a new
     * stdin (xargs, nohup, {@code </dev/null}), a new session (setsid), a time bound, or make the
     * shell read the whole text before running it (groups, child shells), so that lines after a
     * program are no longer keystrokes typed into it.
     */
    private static final java.util.Set<Transformation> KEEP_TERMINAL = java.util.EnumSet.of(SINGLE_QUOTED_NAME,
            DOUBLE_QUOTED_NAME, EMPTY_QUOTES_IN_NAME, BACKSLASH_NAME, BACKSLASH_INSIDE_NAME, COMMAND, BUILTIN, ENV,
            ENV_EMPTY, NICE, TIME, STDBUF, SUDO, DOAS, BIN_PATH, USR_BIN_PATH, USR_BIN_ENV, STDERR_TO_NULL_FIRST,
            LINE_CONTINUATION);

    /** {@link #apply}, skipped for terminal cases unless this respelling keeps the terminal. */
    Optional<String> applyTo(Shape s) {
        return s.terminal() && !KEEP_TERMINAL.contains(this) ? Optional.empty() : apply(s);
    }

    /** A wrapper that starts the first program: not for builtins, which no wrapper can start. */
    private static Optional<String> program(Shape s, String prefix) {
        return s.startsWithProgram() ? Optional.of(prefix + s.command()) : Optional.empty();
    }

    /** The first program by an absolute path: only for plain names. */
    private static Optional<String> absolute(Shape s, String dir) {
        return s.startsWithProgram() && s.firstWord().indexOf('/') < 0
                ? Optional.of(dir + s.firstWord() + s.rest()) : Optional.empty();
    }
}
