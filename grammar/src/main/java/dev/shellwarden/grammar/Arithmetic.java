package dev.shellwarden.grammar;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The value of an arithmetic expression as bash computes it: {@code $(( … ))}, {@code let},
 * {@code (( NAME = … ))} and {@code declare -i} values compute in 64-bit integers over bash's
 * whole integer grammar ({@link BashArithmetic}), numbers only (bash has no strings there).
 * PowerShell's expressions, whose values are numbers or strings ({@code '72' + '00'} is
 * {@code '7200'}), are read by the one PowerShell expression reader beside the value type
 * ({@code ps.PsHeldValue}); both shells print a computed number through {@link #text}.
 *
 * <p>WHY: {@code sleep $((2*3600))} was allowed, as an unknown duration is, where the text shows
 * two hours.
 *
 * <p>INVARIANT (fail closed): anything bash reports as an error, or a value not known here (a
 * variable without a known value), gives null, and the caller keeps the value as dynamic as it was.
 */
public final class Arithmetic {

    private Arithmetic() {
    }

    /** Longest expression read: a duration is short to write. */
    private static final int MAX_LENGTH = 200;

    /** The largest integer a double holds exactly: beyond it a number is printed as a double. */
    private static final double EXACT = 9007199254740992.0;

    /**
     * The text of the number bash computes for {@code text} ({@code 0x1C20} is {@code 7200}),
     * reading a variable's value (its text, itself an expression) through {@code variable}, null
     * when not known; null when bash fails or the value is not known here.
     */
    public static String bash(String text, Function<String, String> variable) {
        text = bashText(text);
        if (text == null) {
            return null;
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
        text = bashText(text);
        if (text == null) {
            return null;
        }
        Map<String, Long> set = BashArithmetic.assignments(text, variable);
        if (set == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        set.forEach((name, v) -> out.put(name, Long.toString(v)));
        return out;
    }

    /** The expression bash evaluates for {@code text}, or null when it is not read here (blank or too long). */
    private static String bashText(String text) {
        if (text == null || text.isBlank() || text.length() > MAX_LENGTH) {
            return null;
        }
        if (text.indexOf('"') >= 0 && text.indexOf('\\') < 0) {
            // bash reads the expression as if in double quotes and removes them: `$(( "2" * 3600 ))`
            // is 7200 (single quotes are an error there, and a backslash is left to fail as unknown)
            return text.replace("\"", "");
        }
        return text;
    }

    /** The text of a computed number as a shell prints it ({@code 7200}, {@code 3.5}). */
    public static String text(double v) {
        return v == Math.rint(v) && Math.abs(v) < EXACT ? Long.toString((long) v) : Double.toString(v);
    }
}
