package dev.shellwarden.corpus;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@link Transformation} needs to know about a bash command before it respells it: the
 * first word of its first simple command when that word is a plain program name, and the
 * constructs (heredocs, comments, trailing operators, bash-only syntax) where a respelling would
 * stop meaning the same thing. The analysis is deliberately conservative: whatever it cannot tell
 * makes a transformation skip the command, never guess.
 *
 * @param command   the command, trailing white space removed
 * @param firstWord the plain program name the command starts with, or empty
 * @param rest      the text after the first word (starting with its separator), when firstWord is set
 * @param terminal  the verdict is about run time or the terminal (SW7xxx, a pager SW4026, keystroke
 *                  lines SW4027, or a command the client runs in the background), where bounds
 *                  ({@code timeout 5}), a new stdin ({@code </dev/null}, xargs, nohup), a new
 *                  session (setsid) or reading the whole text first (groups, {@code bash -c})
 *                  change what the command does
 */
record Shape(String command, String firstWord, String rest, boolean terminal) {

    /** Reserved words: quoting or prefixing them turns them into program names, so they are skipped. */
    static final Set<String> KEYWORDS = Set.of("if", "then", "else", "elif", "fi", "case", "esac", "for",
            "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]",
            "coproc");

    /** Bash builtins: a program-starting wrapper ({@code env}, {@code sudo}…) cannot run them. */
    static final Set<String> BUILTINS = Set.of("setopt", "unsetopt", "autoload", "emulate", "zmodload",
            "bindkey", "zstyle", "whence", "print", "rehash", "disable", "noglob", ".", ":", "[", "alias", "bg", "bind", "break", "builtin",
            "caller", "cd", "command", "compgen", "complete", "compopt", "continue", "declare", "dirs",
            "disown", "echo", "enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts",
            "hash", "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf",
            "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt", "source",
            "suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias",
            "unset", "wait");

    /**
     * Builtins that also exist as programs in /usr/bin and do the same thing there ({@code printf}
     * and {@code test} are left out: the programs have no {@code -v}, which assigns or evaluates
     * a name in the builtins).
     */
    static final Set<String> ALSO_PROGRAMS = Set.of("echo", "kill", "true", "false", "pwd");

    private static final Pattern FIRST = Pattern.compile("\\A[A-Za-z0-9_][A-Za-z0-9_.+-]*|\\A\\.");

    /** A heredoc ({@code <<WORD}, {@code <<-WORD}) as opposed to a here-string ({@code <<<}). */
    private static final Pattern HEREDOC = Pattern.compile("(?<!<)<<(?!<)");

    /** Analyses one command. */
    static Shape of(String command, boolean terminal) {
        String c = command.stripTrailing();
        Matcher m = FIRST.matcher(c);
        String first = "";
        String rest = "";
        if (m.find()) {
            String after = c.substring(m.end());
            // the word ends at a blank, the end, or an operator; `name(`, `name=` and `name{` are
            // not program names (a function definition, an assignment)
            if (after.isEmpty() || after.charAt(0) == ' ' || after.charAt(0) == '\t' || after.charAt(0) == '\n'
                    || after.charAt(0) == ';' || after.charAt(0) == '|' || after.charAt(0) == '&') {
                first = m.group();
                rest = after;
            }
        }
        return new Shape(c, first, rest, terminal);
    }

    /** The command starts with a plain program name (not a reserved word). */
    boolean startsWithName() {
        return !firstWord.isEmpty() && !KEYWORDS.contains(firstWord);
    }

    /** The command starts with a program a wrapper can start (not a builtin only the shell knows). */
    boolean startsWithProgram() {
        return startsWithName() && (!BUILTINS.contains(firstWord) || ALSO_PROGRAMS.contains(firstWord));
    }

    /** The command starts with a builtin. */
    boolean startsWithBuiltin() {
        return startsWithName() && BUILTINS.contains(firstWord);
    }

    /** The command holds a heredoc, whose body must stay at the start of the following lines. */
    boolean hasHeredoc() {
        return HEREDOC.matcher(command).find();
    }

    /**
     * Text may follow the command on the same line after {@code ;}: no heredoc, no comment (a
     * {@code #} anywhere, conservatively), and no trailing operator or line continuation.
     */
    boolean closesCleanly() {
        if (hasHeredoc() || command.indexOf('#') >= 0 || command.isEmpty()) {
            return false;
        }
        char last = command.charAt(command.length() - 1);
        return last != '&' && last != ';' && last != '|' && last != '\\';
    }

    /** The command uses syntax dash does not know, so {@code sh -c} would run something else. */
    boolean hasBashisms() {
        for (String s : new String[] {"[[", "<<<", "$'", "&>", "((", "=(", "{", "function ", "source ",
                "shopt", "declare", "typeset", "local ", "|&", "$\"", ">(", "<(", "select ", "coproc", "let "}) {
            if (command.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /** The command reads positional parameters, which a child shell ({@code bash -c}) starts without. */
    boolean usesPositionalParameters() {
        return java.util.regex.Pattern.compile("\\$\\{?[0-9@*#]").matcher(command).find();
    }

    /** The command mentions a word (bounded by non-name characters). */
    boolean mentionsWord(String word) {
        return Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(word) + "(?![A-Za-z0-9_])").matcher(command).find();
    }

    /** Double-quotes text for sh: backslash, double quote, dollar and backquote are escaped. */
    static String doubleQuote(String text) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : text.toCharArray()) {
            if (ch == '\\' || ch == '"' || ch == '$' || ch == '`') {
                b.append('\\');
            }
            b.append(ch);
        }
        return b.append('"').toString();
    }

    /**
     * The command with every unquoted, unescaped blank replaced by {@code replacement}, or empty
     * when the command has constructs where a blank's meaning depends on more than quoting
     * (heredocs, parameter expansions, comments).
     */
    java.util.Optional<String> replaceUnquoted(char target, String replacement) {
        if (hasHeredoc() || command.contains("${") || command.indexOf('#') >= 0 || command.contains("((")) {
            return java.util.Optional.empty();
        }
        StringBuilder b = new StringBuilder();
        boolean single = false;
        boolean dbl = false;
        boolean changed = false;
        for (int i = 0; i < command.length(); i++) {
            char ch = command.charAt(i);
            if (!single && ch == '\\' && i + 1 < command.length()) {
                b.append(ch).append(command.charAt(++i));
                continue;
            }
            if (!dbl && ch == '\'') {
                single = !single;
            } else if (!single && ch == '"') {
                dbl = !dbl;
            } else if (!single && !dbl && ch == target) {
                boolean doubled = (i + 1 < command.length() && command.charAt(i + 1) == target)
                        || (i > 0 && command.charAt(i - 1) == target);
                boolean caseEnd = target == ';' && i + 1 < command.length() && command.charAt(i + 1) == '&';
                if (!doubled && !caseEnd) {
                    b.append(replacement);
                    changed = true;
                    continue;
                }
            }
            b.append(ch);
        }
        return changed && !single && !dbl ? java.util.Optional.of(b.toString()) : java.util.Optional.empty();
    }

    /** The last word of a one-command line when it is a plain operand, for {@code echo ARG | xargs}. */
    java.util.Optional<String[]> splitLastOperand() {
        if (!startsWithProgram() || rest.isEmpty()) {
            return java.util.Optional.empty();
        }
        // one simple command only: no operators, quotes, expansions or redirections anywhere
        if (!command.matches("[A-Za-z0-9_./+ ~*=:,@%-]+") || command.contains("\n")) {
            return java.util.Optional.empty();
        }
        int cut = command.lastIndexOf(' ');
        String last = command.substring(cut + 1);
        String head = command.substring(0, cut).stripTrailing();
        if (cut <= 0 || last.isEmpty() || last.startsWith("-")) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new String[] {head, last});
    }
}
