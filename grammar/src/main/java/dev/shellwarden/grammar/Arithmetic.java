package dev.shellwarden.grammar;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value of an arithmetic expression as a shell computes it. Bash's {@code $(( … ))},
 * {@code let}, {@code (( NAME = … ))} and {@code declare -i} values compute in 64-bit integers
 * over bash's whole integer grammar ({@link BashArithmetic}); PowerShell's
 * {@code $d = 2 * 3600} computes literal numbers ({@code 8kb}, {@code 1e3}, {@code [int]'7200'}),
 * {@code $} names whose number the caller knows, {@code + - * / %}, unary signs and parentheses
 * in numbers that widen ({@code 7/2} is 3.5).
 *
 * <p>WHY: {@code sleep $((2*3600))} and {@code $d = 2 * 3600; Start-Sleep $d} were allowed, as
 * an unknown duration is, where the text shows two hours.
 *
 * <p>INVARIANT (fail closed): anything the evaluator does not know (another operator, a
 * variable without a known value, an overflow in PowerShell, a division by zero, any error bash
 * reports) gives {@link #UNKNOWN} (or null), and the caller keeps the value as dynamic as it was.
 */
public final class Arithmetic {

    private Arithmetic() {
    }

    /** What {@link #evaluate} returns for an expression it cannot compute. */
    public static final double UNKNOWN = Double.NaN;

    /** Which shell's numbers and operators. */
    public enum Dialect {
        /** 64-bit integers as bash computes them ({@link BashArithmetic}). */
        BASH,
        /** PowerShell's number literals ({@code 1kb}, {@code 1e3}), {@code $} names, {@code [int]'7200'}. */
        POWERSHELL
    }

    /** Longest expression read: a duration is short to write. */
    private static final int MAX_LENGTH = 200;

    /** The largest integer a double holds exactly: beyond it the result is not known here. */
    private static final double EXACT = 9007199254740992.0;

    private static final Pattern PS_NUMBER = Pattern.compile(
            "(?i)(?:0x[0-9a-f]+|[0-9]+(?:\\.[0-9]+)?(?:e[+-]?[0-9]+)?)(?:kb|mb|gb|tb|pb)?[ld]?");
    private static final Pattern NAME = Pattern.compile("\\$?\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?");
    /** {@code [int]'7200'}, {@code [int]"7200"}, {@code [long]7200}: a cast of a number (text). */
    private static final Pattern PS_CAST = Pattern.compile(
            "(?i)\\[(?:int|int32|int64|long|double|decimal|single)\\]\\s*(['\"]?)([0-9]{1,15})\\1");

    /**
     * The text of the number bash computes for {@code text} ({@code 0x1C20} is {@code 7200}),
     * reading a variable's value (its text, itself an expression) through {@code variable}, null
     * when not known; null when bash fails or the value is not known here.
     */
    public static String bash(String text, Function<String, String> variable) {
        if (text == null || text.isBlank() || text.length() > MAX_LENGTH) {
            return null;
        }
        if (text.indexOf('"') >= 0 && text.indexOf('\\') < 0) {
            // bash reads the expression as if in double quotes and removes them: `$(( "2" * 3600 ))`
            // is 7200 (single quotes are an error there, and a backslash is left to fail as unknown)
            text = text.replace("\"", "");
        }
        Long v = BashArithmetic.evaluate(text, variable);
        return v == null ? null : Long.toString(v);
    }

    /**
     * The variables bash's evaluation of {@code text} assigns ({@code d++}, {@code d = 7200},
     * {@code x = 1, y = x * 2}), each with its number's text; empty when none; null when bash
     * fails or a value is not known here (see {@link #bash}).
     */
    public static Map<String, String> bashAssignments(String text, Function<String, String> variable) {
        if (text == null || text.isBlank() || text.length() > MAX_LENGTH) {
            return null;
        }
        if (text.indexOf('"') >= 0 && text.indexOf('\\') < 0) {
            text = text.replace("\"", ""); // as in #bash
        }
        Map<String, Long> set = BashArithmetic.assignments(text, variable);
        if (set == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        set.forEach((name, v) -> out.put(name, Long.toString(v)));
        return out;
    }

    /**
     * The value of {@code text} in {@code dialect}, reading a name through {@code variable} (the
     * number the name holds, or null when not known); {@link #UNKNOWN} when not computable.
     */
    public static double evaluate(String text, Dialect dialect, Function<String, Double> variable) {
        if (text == null || text.isBlank() || text.length() > MAX_LENGTH) {
            return UNKNOWN;
        }
        if (dialect == Dialect.BASH) {
            String v = bash(text, name -> {
                Double n = variable.apply(name);
                return n == null || n != Math.rint(n) ? null : text(n);
            });
            return v == null || Math.abs(Double.parseDouble(v)) >= EXACT ? UNKNOWN : Double.parseDouble(v);
        }
        Parser p = new Parser(text, variable);
        double v = p.sum();
        p.blanks();
        return p.at == text.length() ? v : UNKNOWN;
    }

    /** The text of a computed number as a shell prints it ({@code 7200}, {@code 3.5}). */
    public static String text(double v) {
        return v == Math.rint(v) && Math.abs(v) < EXACT ? Long.toString((long) v) : Double.toString(v);
    }

    /** Recursive descent over one PowerShell expression; a failure anywhere is NaN, which every operator keeps. */
    private static final class Parser {
        private final String s;
        private final Function<String, Double> variable;
        private int at;

        Parser(String s, Function<String, Double> variable) {
            this.s = s;
            this.variable = variable;
        }

        void blanks() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        /** True (and consumed) when {@code op} is next and is not the start of a longer operator. */
        boolean take(String op) {
            blanks();
            if (!s.startsWith(op, at)) {
                return false;
            }
            int after = at + op.length();
            char next = after < s.length() ? s.charAt(after) : ' ';
            if ("+-*/%".contains(op) && (next == '=' || next == op.charAt(0))) {
                // `+=`, `*=` and `++`, `--` assign
                return false;
            }
            at = after;
            return true;
        }

        double sum() {
            double v = product();
            while (true) {
                if (take("+")) {
                    v = checked(v + product());
                } else if (take("-")) {
                    v = checked(v - product());
                } else {
                    return v;
                }
            }
        }

        double product() {
            double v = unary();
            while (true) {
                if (take("*")) {
                    v = checked(v * unary());
                } else if (take("/")) {
                    double d = unary();
                    v = d == 0 || Double.isNaN(d) || Double.isNaN(v) ? UNKNOWN : v / d;
                } else if (take("%")) {
                    double d = unary();
                    v = d == 0 || Double.isNaN(d) || Double.isNaN(v) ? UNKNOWN : v % d;
                } else {
                    return v;
                }
            }
        }

        double unary() {
            blanks();
            if (s.startsWith("++", at) || s.startsWith("--", at)) {
                return UNKNOWN;
            }
            if (take("-")) {
                return -unary();
            }
            if (take("+")) {
                return unary();
            }
            return atom();
        }

        double atom() {
            blanks();
            if (take("(")) {
                double v = sum();
                return take(")") ? v : UNKNOWN;
            }
            Matcher cast = PS_CAST.matcher(s).region(at, s.length());
            if (cast.lookingAt()) {
                at = cast.end();
                return Double.parseDouble(cast.group(2));
            }
            Matcher n = PS_NUMBER.matcher(s).region(at, s.length());
            if (n.lookingAt() && !followedByWord(n.end())) {
                at = n.end();
                return Durations.psNumber(n.group());
            }
            Matcher name = NAME.matcher(s).region(at, s.length());
            boolean dollar = at < s.length() && s.charAt(at) == '$';
            if (name.lookingAt() && dollar && !followedByWord(name.end())) {
                at = name.end();
                Double v = variable.apply(name.group(1));
                return v == null ? UNKNOWN : v;
            }
            at = s.length() + 1; // nothing read: the whole expression is unknown
            return UNKNOWN;
        }

        /** True when a word character follows: {@code 8kbx}, {@code a[1]}, {@code $x.y}. */
        private boolean followedByWord(int end) {
            return end < s.length() && (Character.isLetterOrDigit(s.charAt(end)) || "_[.#:".indexOf(s.charAt(end)) >= 0);
        }

        /** A result beyond what a double holds exactly is unknown. */
        double checked(double v) {
            return Double.isNaN(v) || Math.abs(v) >= EXACT ? UNKNOWN : v;
        }
    }
}
