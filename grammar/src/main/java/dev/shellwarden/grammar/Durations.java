package dev.shellwarden.grammar;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * The seconds a written duration stands for, in the spellings the slow-command readings meet: GNU
 * {@code sleep}'s and {@code timeout}'s number with a one-letter suffix ({@code 90}, {@code 1.5m},
 * {@code 2h}; the walker's {@code timeout} bound and the engine's {@code sleep}), Go's durations as kubectl, oc, argocd and flux read their {@code --timeout}
 * ({@code 30s}, {@code 1h30m}, {@code -1s}), and PowerShell's TimeSpan spellings
 * ({@code [TimeSpan]::FromHours(2)}, {@code New-TimeSpan -Minutes 5}, {@code 02:00:00}). One unit
 * table serves all three, so that a unit is added once.
 *
 * <p>Every reader returns {@link #UNREADABLE} (NaN) for a value it cannot read (a variable, a
 * spelling it does not know): the caller decides what that means, since for one rule an unread
 * value must count as a bound and for another as none.
 */
public final class Durations {

    private Durations() {
    }

    /** What a reader returns for a value it cannot read. */
    public static final double UNREADABLE = Double.NaN;

    /**
     * The longest wait the slow-command readings take for a bound, in seconds: {@code timeout 3600 …}
     * bounds a command, {@code timeout 36000 …} or {@code --timeout=87600h} do not. WHY: an agent's
     * own tool call ends long before an hour, so a longer stated bound holds it as no bound does,
     * and a very large one is the easy way to dress an unbounded wait as a bounded one.
     */
    public static final double LONGEST_BOUND_SECONDS = 3600;

    /**
     * Seconds per unit, by every name a reader accepts: Go's and GNU's short units, and the word
     * units of PowerShell's TimeSpan ({@code FromHours}, {@code -Hours}).
     */
    private static final Map<String, Double> UNITS = Map.ofEntries(
            Map.entry("ns", 1e-9), Map.entry("us", 1e-6), Map.entry("µs", 1e-6), Map.entry("ms", 0.001),
            Map.entry("s", 1.0), Map.entry("m", 60.0), Map.entry("h", 3600.0), Map.entry("d", 86400.0),
            Map.entry("milliseconds", 0.001), Map.entry("seconds", 1.0), Map.entry("minutes", 60.0), Map.entry("hours", 3600.0),
            Map.entry("days", 86400.0));

    /** Seconds of one unit by name (any case), or NaN for a name the table does not hold. */
    private static double unit(String name) {
        Double s = UNITS.get(name.toLowerCase(Locale.ROOT));
        return s == null ? UNREADABLE : s;
    }

    /**
     * Seconds of one GNU {@code sleep} or {@code timeout} operand: a number with an optional
     * suffix s, m, h or d ({@code 1.5m}); infinite for {@code inf} and {@code infinity}.
     */
    public static double gnuSeconds(String operand) {
        if (operand.equals("infinity") || operand.equals("inf")) {
            return Double.POSITIVE_INFINITY;
        }
        // strtod's forms: `5`, `5.`, `.5` (not a lone dot)
        Matcher m = Regex.pattern("([0-9]+\\.?[0-9]*|\\.[0-9]+)([smhd]?)").matcher(operand);
        if (!m.matches()) {
            return UNREADABLE;
        }
        return Double.parseDouble(m.group(1)) * (m.group(2).isEmpty() ? 1 : unit(m.group(2)));
    }

    /**
     * Seconds of a Go duration ({@code 30s}, {@code 1h30m}, {@code -1s}, {@code 0}), signed; a
     * bare number is read as seconds (argocd's integer {@code --timeout}, kubectl's {@code -1}).
     */
    public static double goSeconds(String value) {
        String v = LexicalPaths.unquoted(value).trim();
        Matcher whole = Regex.pattern("([-+]?)((?:[0-9]*\\.?[0-9]+(?:ns|us|µs|ms|s|m|h))+|[0-9]*\\.?[0-9]+)").matcher(v);
        if (!whole.matches()) {
            return UNREADABLE;
        }
        double total = 0;
        Matcher part = Regex.pattern("([0-9]*\\.?[0-9]+)(ns|us|µs|ms|s|m|h)?").matcher(whole.group(2));
        while (part.find()) {
            total += Double.parseDouble(part.group(1)) * (part.group(2) == null ? 1 : unit(part.group(2)));
        }
        return whole.group(1).equals("-") ? -total : total;
    }

    /**
     * The seconds a PowerShell TimeSpan value stands for: {@code (New-TimeSpan -Hours 2)},
     * {@code [TimeSpan]::FromHours(2)} (parenthesised or not), a TimeSpan text {@code 02:00:00},
     * {@code '1.00:00:00'} or {@code 00:05}; -1 when it cannot be read (a variable, a bare number,
     * which PowerShell converts as ticks).
     */
    public static double psSeconds(String value) {
        String v = value.trim();
        while (v.length() > 1 && v.startsWith("(") && v.endsWith(")")) {
            v = v.substring(1, v.length() - 1).trim();
        }
        // a cast of a TimeSpan text reads as the text ([timespan]'1.00:00:00'); the type's largest
        // value is no bound at all ([TimeSpan]::MaxValue)
        v = LexicalPaths.unquoted(v.replaceFirst("(?i)^\\[(System\\.)?TimeSpan\\]\\s*(?=['\"0-9])", ""));
        if (Regex.matches(v, "(?i)\\[(System\\.)?TimeSpan\\]::MaxValue")) {
            return Double.POSITIVE_INFINITY;
        }
        Matcher from = Regex.pattern("(?i)\\[(System\\.)?TimeSpan\\]::From(Days|Hours|Minutes|Seconds|Milliseconds)\\(\\s*([0-9]{1,9}(\\.[0-9]+)?)\\s*\\)")
                .matcher(v);
        if (from.matches()) {
            return Double.parseDouble(from.group(3)) * unit(from.group(2));
        }
        Matcher text = Regex.pattern("(?:([0-9]{1,7})\\.)?([0-9]{1,2}):([0-9]{1,2})(?::([0-9]{1,2})(\\.[0-9]+)?)?").matcher(v);
        if (text.matches()) {
            double s = Long.parseLong(text.group(2)) * unit("h") + Long.parseLong(text.group(3)) * unit("m");
            if (text.group(1) != null) {
                s += Long.parseLong(text.group(1)) * unit("d");
            }
            return text.group(4) == null ? s : s + Long.parseLong(text.group(4));
        }
        String[] w = v.split("\\s+");
        if (w.length < 3 || !w[0].equalsIgnoreCase("New-TimeSpan")) {
            return -1;
        }
        double total = 0;
        for (int i = 1; i < w.length; i++) {
            String p = w[i].toLowerCase(Locale.ROOT);
            if (!p.startsWith("-") || i + 1 >= w.length || !Regex.matches(w[i + 1], "[0-9]{1,9}(\\.[0-9]+)?")) {
                return -1;
            }
            double unit = psParameterUnit(p);
            if (unit < 0) {
                return -1;
            }
            total += Double.parseDouble(w[++i]) * unit;
        }
        return total;
    }

    /** PowerShell's multiplier suffixes of a number literal ({@code 1mb} is 1048576). */
    private static final Map<String, Double> PS_MULTIPLIERS = Map.of("", 1.0, "kb", 1024.0, "mb", 1048576.0,
            "gb", 1073741824.0, "tb", 1099511627776.0, "pb", 1125899906842624.0);

    /**
     * The value of a PowerShell number literal: decimal with an exponent ({@code 1e9}), hexadecimal
     * ({@code 0x7fffffff}), a multiplier suffix ({@code 1mb}) or a type suffix ({@code 5l}, {@code 5d});
     * the largest integers by name ({@code [int]::MaxValue}) too. NaN when it is none of those (a
     * variable, an expression).
     */
    public static double psNumber(String value) {
        String v = LexicalPaths.unquoted(value.trim());
        while (v.length() > 1 && v.startsWith("(") && v.endsWith(")")) {
            v = v.substring(1, v.length() - 1).trim();
        }
        Matcher max = Regex.pattern("(?i)\\[(System\\.)?(int|int32|int64|long|uint32|uint64|double|single|decimal)\\]::MaxValue").matcher(v);
        if (max.matches()) {
            return Double.POSITIVE_INFINITY;
        }
        Matcher m = Regex.pattern("(?i)([-+]?)(0x[0-9a-f]+|[0-9]*\\.?[0-9]+(?:e[-+]?[0-9]+)?)(u|l|ul|lu|d|n|y|uy|s|us)?(kb|mb|gb|tb|pb)?")
                .matcher(v);
        if (!m.matches()) {
            return Double.NaN;
        }
        String digits = m.group(2).toLowerCase(Locale.ROOT);
        double n = digits.startsWith("0x") ? new java.math.BigInteger(digits.substring(2), 16).doubleValue() : Double.parseDouble(digits);
        String mult = m.group(4) == null ? "" : m.group(4).toLowerCase(Locale.ROOT);
        return (m.group(1).equals("-") ? -n : n) * PS_MULTIPLIERS.get(mult);
    }

    /** New-TimeSpan's unit parameters and the shortest prefix PowerShell takes for each (-Mi is ambiguous). */
    private static final Map<String, Integer> PS_UNIT_PARAMETERS = Map.of("days", 2, "hours", 2, "minutes", 4, "seconds", 2,
            "milliseconds", 4);

    /** Seconds per unit of New-TimeSpan's parameter {@code p} (an unambiguous prefix of {@code -Hours}…), -1 for another one. */
    private static double psParameterUnit(String p) {
        for (Map.Entry<String, Integer> e : PS_UNIT_PARAMETERS.entrySet()) {
            if (p.length() >= e.getValue() && ("-" + e.getKey()).startsWith(p)) {
                return unit(e.getKey());
            }
        }
        return -1;
    }
}
