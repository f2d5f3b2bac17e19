package dev.shellwarden.grammar;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether an awk command line only reads its input and prints to standard output, the way
 * {@code awk -F, '{print $2}' f} and {@code awk '$3 > 100 {print $1}' f} do.
 *
 * <p>WHY: awk is a programming language: {@code system()}, pipes to and from commands
 * ({@code print | "sh"}, {@code "cmd" | getline}), output redirection ({@code print > "f"}),
 * gawk's {@code @load}/{@code @include} and indirect calls ({@code @f()}), and options such as
 * {@code -f FILE}, {@code -i inplace} or {@code -l LIB} make it run code or write files. A program
 * free of all of them is a text filter, as harmless as {@code cut}.
 *
 * <p>INVARIANT (fail closed): anything this class does not read with certainty (an unknown option,
 * an unterminated string or regex, a {@code /} whose meaning is unclear, a {@code >} inside a
 * print statement even where it compares) makes the answer false.
 */
public final class AwkProgram {

    private AwkProgram() {
    }

    /** Long options that only change how the program reads, counts or warns. */
    private static final Set<String> QUIET_LONG = Set.of("--characters-as-bytes", "--traditional", "--posix",
            "--re-interval", "--non-decimal-data", "--use-lc-numeric", "--bignum", "--sandbox", "--no-optimize",
            "--optimize", "--lint-old");

    /** Short options of the same kind (b c P r n N M S s O t). */
    private static final String QUIET_SHORT = "bcPrnNMSsOt";

    /**
     * True when the awk command line ({@code args}, after the command name) runs a literal program
     * that only prints: options only {@code -F}, {@code -v} and the quiet ones (no {@code -f},
     * {@code -e}, {@code -E}, {@code -i}, {@code -l}, {@code -o}, {@code -p}, {@code -d},
     * {@code -W}…), nothing option-like after the program, and {@link #onlyPrints} for the program.
     * The caller checks that the words are literal.
     */
    public static boolean isFilter(List<String> args) {
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                break;
            }
            if (a.startsWith("--")) {
                String key = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                if (key.equals("--field-separator") || key.equals("--assign")) {
                    i += a.contains("=") ? 0 : 1;
                } else if (!QUIET_LONG.contains(a)) {
                    return false;
                }
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                if (c == 'F' || c == 'v') {
                    i += k + 1 < a.length() ? 0 : 1; // the value is the rest of the word or the next word
                    break;
                }
                if (QUIET_SHORT.indexOf(c) < 0) {
                    return false;
                }
            }
        }
        if (i >= args.size()) {
            return false;
        }
        for (String operand : args.subList(i + 1, args.size())) {
            // input files and var=value; an option after the program would be read by a permuting getopt
            if (operand.startsWith("-") && !operand.equals("-")) {
                return false;
            }
        }
        return onlyPrints(args.get(i));
    }

    /** A whole word that runs a command, and gawk's {@code @} (directives and indirect calls). */
    private static final Pattern RUNS = Pattern.compile("\\bsystem\\b|@|\\bENVIRON\\b");

    /** A pipe ({@code |}, {@code |&}) that is not half of a logical or ({@code ||}). */
    private static final Pattern PIPE = Pattern.compile("(?<!\\|)\\|(?!\\|)");

    /** A print statement, up to the end of the statement or the block. */
    private static final Pattern PRINT = Pattern.compile("\\bprintf?\\b[^;}]*");

    /**
     * True when the awk program only reads input and prints to standard output. String and regex
     * literals and comments are blanked first ({@code /a|b/} and {@code "x > y"} are data); then the
     * program must have no {@code system}, no {@code |} (a pipe to or from a command) other than
     * {@code ||}, no {@code @}, no {@code ENVIRON} (the environment's secrets), and no {@code >} in a
     * print or printf statement (a redirection; a comparison there must be parenthesised and is
     * still refused: {@code $3 > 100 {print $1}} compares outside the statement and passes).
     */
    public static boolean onlyPrints(String program) {
        String code = blanked(program);
        if (code == null || RUNS.matcher(code).find() || PIPE.matcher(code).find()) {
            return false;
        }
        Matcher print = PRINT.matcher(code);
        while (print.find()) {
            if (print.group().indexOf('>') >= 0) {
                return false;
            }
        }
        return true;
    }

    /** Characters after which a {@code /} starts a regex: no operand can stand there, so it is no division. */
    private static final String BEFORE_REGEX = "{}(,;!~&|=<>?:[\n";

    /**
     * The program with the text of its strings and regexes removed ({@code ""} and {@code //} stay)
     * and its comments dropped; null when a string or regex does not end on its line, or when a
     * regex holds an open bracket expression at a {@code /} (awks disagree on where it ends).
     */
    static String blanked(String program) {
        StringBuilder out = new StringBuilder(program.length());
        char last = '\n'; // the last character of code that is not blank: the program's start counts as a line start
        int i = 0;
        int n = program.length();
        while (i < n) {
            char c = program.charAt(i);
            if (c == '"' || c == '/' && BEFORE_REGEX.indexOf(last) >= 0) {
                int end = literalEnd(program, i + 1, c);
                if (end < 0) {
                    return null;
                }
                out.append(c).append(c);
                last = c;
                i = end + 1;
                continue;
            }
            if (c == '#') {
                while (i < n && program.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            out.append(c);
            if (c != ' ' && c != '\t') {
                last = c;
            }
            i++;
        }
        return out.toString();
    }

    /**
     * The index of the quote or slash that closes the literal starting at {@code from}, or -1: a
     * backslash escapes the next character; a regex's bracket expression may not hold the slash.
     */
    private static int literalEnd(String s, int from, char close) {
        boolean inBracket = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
                continue;
            }
            if (c == '\n') {
                return -1;
            }
            if (close == '/' && c == '[') {
                inBracket = true;
            } else if (close == '/' && c == ']') {
                inBracket = false;
            } else if (c == close) {
                return inBracket ? -1 : i;
            }
        }
        return -1;
    }
}
