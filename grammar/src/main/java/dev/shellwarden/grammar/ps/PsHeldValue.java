package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.Arithmetic;
import dev.shellwarden.grammar.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One value a PowerShell variable may hold ({@link PsHeldNumbers}): a number, or a string kept as
 * its text, with PowerShell's conversions between them.
 *
 * <p>WHY: {@code $d = '72'; $d += '00'; Start-Sleep $d} sleeps 7200 seconds (a string {@code +=}
 * concatenates, and Start-Sleep converts the string), and {@code $d = '3'; $d *= 4} holds
 * {@code '3333'}; read as numbers both were 72 and 12, a short sleep.
 *
 * <p>PowerShell takes an operator's kind from its LEFT operand: a string {@code +} anything
 * concatenates the other's text, a string {@code *} a number repeats it, a string {@code -},
 * {@code /} or {@code %} converts the string to a number; a number with any operator converts a
 * string right operand to a number. A conversion that fails (or a result not read here) is null,
 * which makes the variable unknown (fail closed: never a stale value).
 */
record PsHeldValue(double number, String text) {

    /** The longest text a repetition builds here; longer ones are not followed. */
    private static final int LONGEST = 1000;

    static PsHeldValue ofNumber(double n) {
        return Double.isNaN(n) ? null : new PsHeldValue(n, null);
    }

    static PsHeldValue ofText(String s) {
        return s == null || s.length() > LONGEST ? null : new PsHeldValue(Double.NaN, s);
    }

    /** The number this value converts to ({@code '7200'} is 7200), or NaN when it does not convert. */
    double asNumber() {
        if (text == null) {
            return number;
        }
        String t = text.strip();
        // PowerShell's string-to-number conversion takes digits, a sign, a decimal point, an exponent and 0x
        return t.isEmpty() || !t.matches("(?i)[-+]?(?:0x[0-9a-f]+|[0-9]*\\.?[0-9]+(?:e[-+]?[0-9]+)?)") ? Double.NaN : Durations.psNumber(t);
    }

    /** The text this value converts to ({@code 72} is {@code "72"}). */
    String asText() {
        return text != null ? text : Arithmetic.text(number);
    }

    /** {@code this OP right} as PowerShell computes it ({@code op} one of {@code + - * / %}), or null. */
    PsHeldValue apply(char op, PsHeldValue right) {
        if (right == null) {
            return null;
        }
        if (text != null && op == '+') {
            return ofText(text + right.asText());
        }
        if (text != null && op == '*') {
            double n = right.asNumber();
            if (Double.isNaN(n) || n < 0 || n != Math.rint(n) || n * text.length() > LONGEST) {
                return null;
            }
            return ofText(text.repeat((int) n));
        }
        double a = asNumber();
        double b = right.asNumber();
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return null;
        }
        double r = switch (op) {
            case '+' -> a + b;
            case '-' -> a - b;
            case '*' -> a * b;
            case '/' -> b == 0 ? Double.NaN : a / b;
            case '%' -> b == 0 ? Double.NaN : a % b;
            default -> Double.NaN;
        };
        // an overflow is not followed (as PsHeldNumbers did before strings): the variable becomes unknown
        return Double.isInfinite(r) ? null : ofNumber(r);
    }

    /** Casts that make a number of their operand ({@code [int]'7200'}). */
    private static final Pattern NUMBER_CAST = Pattern.compile(
            "(?i)\\[(?:system\\.)?(?:int|int32|int64|long|double|decimal|single|uint32|uint64)\\]");
    /** The cast that makes a string of its operand ({@code [string]72}). */
    private static final Pattern STRING_CAST = Pattern.compile("(?i)\\[(?:system\\.)?string\\]");
    /**
     * A call of a {@code [math]} method read here, up to its opening parenthesis (the method in
     * group 1): {@code [math]::Max(1, 7200)}, {@code [System.Math]::Pow(60, 2)}.
     */
    private static final Pattern MATH_CALL = Pattern.compile("(?i)\\[(?:system\\.)?math\\]::(max|min|pow|abs)\\s*\\(");
    /**
     * A TimeSpan built from one unit, up to its opening parenthesis (the unit in group 1):
     * {@code [timespan]::FromSeconds(5)}, {@code [System.TimeSpan]::FromHours(2)}; read only with
     * the {@link #TIMESPAN_TOTAL} property after it, which makes a number of it.
     */
    private static final Pattern TIMESPAN_CALL = Pattern.compile(
            "(?i)\\[(?:system\\.)?timespan\\]::from(days|hours|minutes|seconds|milliseconds)\\s*\\(");
    /** The property that makes a number of a TimeSpan in one unit ({@code .TotalSeconds}; group 1 the unit). */
    private static final Pattern TIMESPAN_TOTAL = Pattern.compile("(?i)\\.total(days|hours|minutes|seconds|milliseconds)");
    /** A plain variable in an expression or an expandable string ({@code $d}, {@code ${d}}). */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?");
    /**
     * A PowerShell number literal as {@link Durations#psNumber} reads it: decimal with an exponent
     * ({@code 1e3}, {@code 1e+3}), hexadecimal, a type suffix ({@code 5l}), a multiplier ({@code 8kb}).
     */
    private static final Pattern NUMBER = Pattern.compile(
            "(?i)(?:0x[0-9a-f]+|[0-9]*\\.?[0-9]+(?:e[-+]?[0-9]+)?)(?:ul|lu|uy|us|u|l|d|n|y|s)?(?:kb|mb|gb|tb|pb)?");

    /**
     * The value expression {@code src} computes, the one PowerShell expression reader: strings,
     * number literals, plain variables ({@code variable} gives what each holds, null when not
     * known; a caller that knows numbers only hands {@link #ofNumber}), expandable strings whose
     * only expansions are plain variables, {@code + - * / %}, parentheses, a unary sign, number
     * or string casts, and array literals, nested or not, indexed by numbers, one index after
     * another ({@code ($d, 7200)[1]}, {@code (1, (2, 7200))[1][1]}, {@code @(@(1, 7200))[-1]});
     * null for anything else ({@code ++}, {@code -shl}, {@code **}, a member, an index not read,
     * an array left whole), which the caller keeps as dynamic as it was.
     */
    static PsHeldValue evaluate(String src, Function<String, PsHeldValue> variable) {
        return evaluate(src, variable, name -> null);
    }

    /**
     * {@link #evaluate(String, Function)} where a variable followed by an index or a member
     * ({@code $a[1]}, {@code $h.a}, {@code $h['a']}) is read from the expression it was assigned,
     * which {@code source} gives (null when it may not be read so: {@link PsValues#source}); the
     * index or member then picks from that array or hashtable literal.
     */
    static PsHeldValue evaluate(String src, Function<String, PsHeldValue> variable, Function<String, String> source) {
        Reader r = new Reader(src, variable, source, 0);
        PsHeldValue v = one(r.conversion());
        r.blanks();
        return r.at == src.length() ? v : null;
    }

    /**
     * A hashtable literal while it is read ({@code @{ a = 5; b = 'x' }}): its entries by lower-case
     * key (PowerShell's keys ignore case), each read as an array item is. An index or a member
     * picks one ({@code $h.a}, {@code $h['a']}); a key not in it is {@code $null}, not read.
     */
    private record Table(java.util.Map<String, Object> entries) {
    }

    /** How many held expressions deep a reading follows ({@code $b = $a; $b[1]}). */
    private static final int DEEPEST_SOURCE = 4;
    /** A member name after a dot ({@code .a}, {@code .Seconds}). */
    private static final Pattern MEMBER = Pattern.compile("\\.([A-Za-z_][A-Za-z0-9_]*)");
    /** A hashtable key written as a word ({@code a = 5}). */
    private static final Pattern KEY_WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The items of the array {@code src} gives ({@code (5, 1)}, {@code (1..5)}; one value is a list
     * of one), each a value or null when not read; null when {@code src} is not read.
     */
    static List<PsHeldValue> items(String src, Function<String, PsHeldValue> variable) {
        Reader r = new Reader(src, variable);
        Object v = r.conversion();
        r.blanks();
        if (r.at != src.length()) {
            return null;
        }
        if (v instanceof PsHeldValue one) {
            return List.of(one);
        }
        return v instanceof Items list ? list.items().stream().map(PsHeldValue::one).toList() : null;
    }

    /**
     * An array literal while it is read: its items, each a {@link PsHeldValue}, another {@code
     * Items} (a nested array) or null (an item not read). WHY a type of its own: an item that is an
     * array must stay one until an index picks from it ({@code (1, (2, 7200))[1][1]}); read as one
     * value it was lost, and the variable assigned from it with it.
     */
    private record Items(List<Object> items) {
    }

    /** The one value {@code o} is, or null for an array (not one value) or an operand not read. */
    private static PsHeldValue one(Object o) {
        return o instanceof PsHeldValue v ? v : null;
    }

    /**
     * Recursive descent over one expression; an operand is a {@link PsHeldValue}, an {@link Items}
     * or null (not read), and null anywhere is kept by every operator.
     */
    private static final class Reader {
        private final String s;
        private final Function<String, PsHeldValue> variable;
        private final Function<String, String> source;
        private final int depth;
        private int at;

        Reader(String s, Function<String, PsHeldValue> variable) {
            this(s, variable, name -> null, 0);
        }

        Reader(String s, Function<String, PsHeldValue> variable, Function<String, String> source, int depth) {
            this.s = s;
            this.variable = variable;
            this.source = source;
            this.depth = depth;
        }

        /**
         * The array or hashtable variable {@code name} was assigned ({@link #source}), read as one
         * operand; null when it may not be read so, or not read.
         */
        private Object held(String name) {
            String src = depth >= DEEPEST_SOURCE ? null : source.apply(name);
            if (src == null) {
                return null;
            }
            Reader r = new Reader("(" + src + ")", variable, source, depth + 1);
            Object v = r.primary();
            r.blanks();
            return r.at == r.s.length() ? v : null;
        }

        /**
         * A hashtable literal from its {@code @{}: entries {@code key = value} separated by
         * {@code ;} or newlines, a key a word or a quoted string, a value one operand read as an array
         * item is; the whole expression is not read for anything else.
         */
        private Object table() {
            at += 2;
            java.util.Map<String, Object> entries = new java.util.HashMap<>();
            while (true) {
                while (at < s.length() && (Character.isWhitespace(s.charAt(at)) || s.charAt(at) == ';')) {
                    at++;
                }
                if (at < s.length() && s.charAt(at) == '}') {
                    at++;
                    return new Table(entries);
                }
                String key;
                Matcher word = KEY_WORD.matcher(s).region(at, s.length());
                if (word.lookingAt()) {
                    key = word.group();
                    at = word.end();
                } else {
                    PsHeldValue quoted = at < s.length() && (s.charAt(at) == '\'' || s.charAt(at) == '"') ? one(primary()) : null;
                    if (quoted == null || quoted.text() == null) {
                        return giveUp();
                    }
                    key = quoted.text();
                }
                blanks();
                if (at >= s.length() || s.charAt(at) != '=') {
                    return giveUp();
                }
                at++;
                Object value = conversion();
                if (at > s.length()) {
                    return null;
                }
                // a key written twice is an error in PowerShell: not read
                if (entries.put(key.toLowerCase(Locale.ROOT), value) != null) {
                    return giveUp();
                }
                blanks();
                if (at < s.length() && s.charAt(at) != ';' && s.charAt(at) != '}' && s.charAt(at) != '\n') {
                    return giveUp();
                }
            }
        }

        void blanks() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        /** Stops the reading: the whole expression is not read ({@link #evaluate} sees text left). */
        private Object giveUp() {
            at = s.length() + 1;
            return null;
        }

        /**
         * A sum converted by {@code -as [int]} (or another cast read here): {@code '7200' -as [int]}
         * is 7200. {@code -as} binds looser than arithmetic; a conversion that fails is {@code $null},
         * not read (null).
         */
        Object conversion() {
            Object v = sum();
            while (true) {
                blanks();
                if (!s.regionMatches(true, at, "-as", 0, 3) || at + 3 >= s.length() || Character.isLetterOrDigit(s.charAt(at + 3))) {
                    return v;
                }
                at += 3;
                blanks();
                int close = s.indexOf(']', at);
                String cast = at < s.length() && s.charAt(at) == '[' && close > 0 ? s.substring(at, close + 1) : "";
                boolean toNumber = NUMBER_CAST.matcher(cast).matches();
                if (!toNumber && !STRING_CAST.matcher(cast).matches()) {
                    return giveUp();
                }
                at = close + 1;
                PsHeldValue one = one(v);
                v = one == null ? null : toNumber ? ofNumber(one.asNumber()) : ofText(one.asText());
            }
        }

        Object sum() {
            Object v = product();
            while (true) {
                blanks();
                // `-as` (a letter after the dash) is an operator of its own, read by conversion()
                if (at >= s.length() || s.charAt(at) != '+' && s.charAt(at) != '-'
                        || at + 1 < s.length() && Character.isLetter(s.charAt(at + 1))) {
                    return v;
                }
                char op = s.charAt(at++);
                PsHeldValue right = one(product());
                // an array operand (`(1, 2) + 3` appends) is not read
                v = one(v) == null ? null : one(v).apply(op, right);
            }
        }

        Object product() {
            Object v = unary();
            while (true) {
                blanks();
                if (at >= s.length() || "*/%".indexOf(s.charAt(at)) < 0) {
                    return v;
                }
                char op = s.charAt(at++);
                PsHeldValue right = one(unary());
                v = one(v) == null ? null : one(v).apply(op, right);
            }
        }

        Object unary() {
            blanks();
            if (at < s.length() && s.charAt(at) == '-') {
                at++;
                PsHeldValue v = one(unary());
                double n = v == null ? Double.NaN : v.asNumber();
                return Double.isNaN(n) ? null : ofNumber(-n);
            }
            if (at < s.length() && s.charAt(at) == '+') {
                if (s.startsWith("++", at)) {
                    // `++` steps a variable: not a value read here
                    return giveUp();
                }
                at++;
                // a unary plus converts its operand to a number (`+'7200'` is 7200)
                PsHeldValue v = one(unary());
                return v == null ? null : ofNumber(v.asNumber());
            }
            if (at < s.length() && s.charAt(at) == '[') {
                int close = s.indexOf(']', at);
                String cast = close < 0 ? "" : s.substring(at, close + 1);
                Matcher math = MATH_CALL.matcher(s).region(at, s.length());
                if (math.lookingAt()) {
                    at = math.end();
                    return indexes(math(math.group(1).toLowerCase(Locale.ROOT)));
                }
                Matcher span = TIMESPAN_CALL.matcher(s).region(at, s.length());
                if (span.lookingAt()) {
                    at = span.end();
                    return timeSpan(span.group(1).toLowerCase(Locale.ROOT));
                }
                boolean toNumber = NUMBER_CAST.matcher(cast).matches();
                if (!toNumber && !STRING_CAST.matcher(cast).matches()) {
                    return giveUp();
                }
                at = close + 1;
                PsHeldValue v = one(unary());
                if (v == null) {
                    return null;
                }
                return toNumber ? ofNumber(v.asNumber()) : ofText(v.asText());
            }
            return primary();
        }

        Object primary() {
            blanks();
            if (at >= s.length()) {
                return null;
            }
            char c = s.charAt(at);
            if (c == '(' || s.startsWith("@(", at)) {
                return indexes(group(c == '@'));
            }
            if (c == '\'') {
                StringBuilder b = new StringBuilder();
                int k = at + 1;
                while (k < s.length()) {
                    if (s.charAt(k) == '\'' && k + 1 < s.length() && s.charAt(k + 1) == '\'') {
                        b.append('\'');
                        k += 2;
                    } else if (s.charAt(k) == '\'') {
                        break;
                    } else {
                        b.append(s.charAt(k++));
                    }
                }
                if (k >= s.length()) {
                    return giveUp();
                }
                at = k + 1;
                return ofText(b.toString());
            }
            if (c == '"') {
                int close = s.indexOf('"', at + 1);
                if (close < 0) {
                    return giveUp();
                }
                String inner = s.substring(at + 1, close);
                at = close + 1;
                return expanded(inner);
            }
            if (s.startsWith("@{", at)) {
                return indexes(table());
            }
            if (c == '$') {
                Matcher m = VARIABLE.matcher(s).region(at, s.length());
                if (m.lookingAt() && !m.group().endsWith("}") && m.end() < s.length()
                        && (s.charAt(m.end()) == '[' || s.charAt(m.end()) == '.' && !s.startsWith("..", m.end()))) {
                    // `$a[1]`, `$h.a`: an item of the array or hashtable literal the variable holds
                    Object held = held(m.group(1).toLowerCase(Locale.ROOT));
                    if (held == null) {
                        return giveUp();
                    }
                    at = m.end();
                    return indexes(held);
                }
                if (!m.lookingAt() || followedByWord(m.end())) {
                    return giveUp();
                }
                at = m.end();
                return variable.apply(m.group(1).toLowerCase(Locale.ROOT));
            }
            Matcher n = NUMBER.matcher(s).region(at, s.length());
            if (!n.lookingAt() || followedByWord(n.end())) {
                return giveUp(); // a word, a member or an index: the whole expression is unknown
            }
            at = n.end();
            return ofNumber(Durations.psNumber(n.group()));
        }

        /**
         * A parenthesized expression or an array subexpression ({@code @( … )}), from its opening
         * to its closing parenthesis: its value, or its items when it is an array ({@code @(7200)}
         * is an array of one, {@code @(@(1, 7200))} the inner array itself, as PowerShell does not
         * nest an array in {@code @()}).
         */
        private Object group(boolean array) {
            at += array ? 2 : 1;
            int from = at;
            Object v = conversion();
            blanks();
            if (s.startsWith("..", at)) {
                // `(1..5)`: the range's integers, an array an index may pick from (`(1..5)[-1]` is 5)
                at += 2;
                v = range(one(v), one(conversion()));
                blanks();
            }
            if (at < s.length() && s.charAt(at) == ',') {
                // `($d, 7200)`: PowerShell's comma binds tighter than any arithmetic operator,
                // so the items are read again as single operands (`(1, 2 * 3)` is not read)
                at = from;
                v = items();
            } else if (array && !(v instanceof Items)) {
                List<Object> one = new ArrayList<>();
                one.add(v);
                v = new Items(one);
            }
            blanks();
            if (at >= s.length() || s.charAt(at) != ')') {
                return giveUp();
            }
            at++;
            return v;
        }

        /**
         * The call of a {@link #MATH_CALL} method, from after its opening parenthesis: its
         * arguments read as the items of an array are ({@code [math]::Max(1, 7200)} is 7200), null
         * when an argument is not a number read here or the count is not the method's.
         */
        private Object math(String method) {
            Items args = items();
            blanks();
            if (at >= s.length() || s.charAt(at) != ')') {
                return giveUp();
            }
            at++;
            double[] n = new double[args.items().size()];
            for (int k = 0; k < n.length; k++) {
                PsHeldValue a = one(args.items().get(k));
                n[k] = a == null ? Double.NaN : a.asNumber();
                if (Double.isNaN(n[k])) {
                    return null;
                }
            }
            double r = switch (method) {
                case "max" -> n.length == 2 ? Math.max(n[0], n[1]) : Double.NaN;
                case "min" -> n.length == 2 ? Math.min(n[0], n[1]) : Double.NaN;
                case "pow" -> n.length == 2 ? Math.pow(n[0], n[1]) : Double.NaN;
                case "abs" -> n.length == 1 ? Math.abs(n[0]) : Double.NaN;
                default -> Double.NaN;
            };
            return Double.isInfinite(r) ? null : ofNumber(r);
        }

        /**
         * A {@link #TIMESPAN_CALL} from after its opening parenthesis, with the {@code .TotalUNIT}
         * that must follow it ({@code [timespan]::FromHours(2).TotalSeconds} is 7200): its one
         * argument converted; null when the argument is not a number read here, and not read at
         * all (the whole expression unknown) without a {@code Total} property right after it.
         */
        private Object timeSpan(String unit) {
            // the one argument, a whole expression (`FromSeconds($d * 2)`); a second one is not read
            PsHeldValue a = one(conversion());
            blanks();
            if (at >= s.length() || s.charAt(at) != ')') {
                return giveUp();
            }
            at++;
            Matcher total = TIMESPAN_TOTAL.matcher(s).region(at, s.length());
            if (!total.lookingAt() || followedByWord(total.end())) {
                return giveUp();
            }
            at = total.end();
            double n = a == null ? Double.NaN : a.asNumber();
            double r = n * seconds(unit) / seconds(total.group(1).toLowerCase(Locale.ROOT));
            return Double.isNaN(r) || Double.isInfinite(r) ? null : ofNumber(r);
        }

        /** How many seconds one of a TimeSpan's units is. */
        private static double seconds(String unit) {
            return switch (unit) {
                case "days" -> 86400;
                case "hours" -> 3600;
                case "minutes" -> 60;
                case "milliseconds" -> 0.001;
                default -> 1;
            };
        }

        /**
         * True when a word character follows: {@code 8kbx}, {@code $d[1]}, {@code $d.Value}, {@code $env:d};
         * not the range operator ({@code 1..5}), which {@link #group} reads.
         */
        private boolean followedByWord(int end) {
            return end < s.length() && !s.startsWith("..", end)
                    && (Character.isLetterOrDigit(s.charAt(end)) || "_[.#:".indexOf(s.charAt(end)) >= 0);
        }

        /** The most items of a range read here; a longer range is not read. */
        private static final int LONGEST_RANGE = 1000;

        /** The integers from {@code from} to {@code to}, counting down when {@code to} is smaller; null when not read. */
        private static Items range(PsHeldValue from, PsHeldValue to) {
            double a = from == null ? Double.NaN : from.asNumber();
            double b = to == null ? Double.NaN : to.asNumber();
            if (Double.isNaN(a) || Double.isNaN(b) || a != Math.rint(a) || b != Math.rint(b) || Math.abs(a - b) >= LONGEST_RANGE) {
                return null;
            }
            List<Object> items = new ArrayList<>();
            int step = b >= a ? 1 : -1;
            for (long k = (long) a; ; k += step) {
                items.add(ofNumber(k));
                if (k == (long) b) {
                    return new Items(items);
                }
            }
        }

        /** The comma-separated single operands of an array literal, up to its closing parenthesis. */
        private Items items() {
            List<Object> items = new ArrayList<>();
            while (true) {
                items.add(unary());
                blanks();
                if (at >= s.length() || s.charAt(at) != ',') {
                    return new Items(items);
                }
                at++;
            }
        }

        /**
         * The operand after the indexes that follow it, each picking from the array the one before
         * gave ({@code ($d, 7200)[1]}, {@code @(1, 7200)[-1]} from the end, {@code (1, (2, 7200))[1][1]}).
         * An index is read fully even when its value is not known, so the reading goes on after it;
         * the pick is null (fail closed: never an item nor an older value) for an index not computed
         * here or not a whole number, one out of range ({@code $null}), a slice ({@code [0, 1]},
         * {@code [0..1]}, not read) or an index of a value that is no array here (a string's
         * character, a number).
         */
        private Object indexes(Object operand) {
            Object v = operand;
            while (at < s.length() && (s.charAt(at) == '[' || s.charAt(at) == '.' && !s.startsWith("..", at))) {
                if (s.charAt(at) == '.') {
                    // `$h.a`: a hashtable's entry; any other member (`.Count`, a method) is not read
                    Matcher member = MEMBER.matcher(s).region(at, s.length());
                    if (!(v instanceof Table table) || !member.lookingAt() || member.end() < s.length() && s.charAt(member.end()) == '(') {
                        return giveUp();
                    }
                    at = member.end();
                    v = table.entries().get(member.group(1).toLowerCase(Locale.ROOT));
                    continue;
                }
                at++;
                PsHeldValue index = one(sum());
                blanks();
                if (at >= s.length() || s.charAt(at) != ']') {
                    return giveUp();
                }
                at++;
                // `$h['a']`: a hashtable's entry by its key's text
                v = v instanceof Items list ? pick(list.items(), index)
                        : v instanceof Table table && index != null ? table.entries().get(index.asText().toLowerCase(Locale.ROOT)) : null;
            }
            return v;
        }

        /** The item {@code index} picks from {@code items}, from the end when negative; null when not one. */
        private static Object pick(List<Object> items, PsHeldValue index) {
            double n = index == null ? Double.NaN : index.asNumber();
            if (Double.isNaN(n) || n != Math.rint(n) || Math.abs(n) > items.size()) {
                return null;
            }
            int k = (int) (n < 0 ? items.size() + n : n);
            return k >= 0 && k < items.size() ? items.get(k) : null;
        }

        /**
         * The text of an expandable string whose only expansions are plain variables
         * ({@code "$d"}, {@code "${d}00"}); null for a subexpression, an escape, a member or index
         * after a variable, a scope or drive name, or a variable not known.
         */
        private PsHeldValue expanded(String inner) {
            if (inner.indexOf('`') >= 0 || inner.contains("$(") || inner.contains("@(")) {
                return null;
            }
            StringBuilder b = new StringBuilder();
            Matcher m = VARIABLE.matcher(inner);
            int last = 0;
            while (m.find()) {
                if (m.end() < inner.length() && ":.[".indexOf(inner.charAt(m.end())) >= 0
                        && !m.group().endsWith("}")) {
                    return null;
                }
                PsHeldValue v = variable.apply(m.group(1).toLowerCase(Locale.ROOT));
                if (v == null) {
                    return null;
                }
                b.append(inner, last, m.start()).append(v.asText());
                last = m.end();
            }
            if (inner.indexOf('$', last) >= 0) {
                return null;
            }
            b.append(inner.substring(last));
            return ofText(b.toString());
        }
    }
}
