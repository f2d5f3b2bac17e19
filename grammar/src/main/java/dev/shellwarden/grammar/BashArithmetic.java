package dev.shellwarden.grammar;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bash's integer arithmetic as bash 5 evaluates {@code $(( … ))}, {@code (( … ))}, {@code let}
 * and {@code declare -i} values (man bash, ARITHMETIC EVALUATION): 64-bit integers that wrap on
 * overflow, literals in decimal, octal ({@code 010}), hex ({@code 0x1C20}) and {@code BASE#DIGITS}
 * (2–64, digits {@code 0-9a-zA-Z@_}), every C operator with bash's precedence, {@code **},
 * {@code ?:} and {@code && ||} that skip evaluation like bash, {@code ,}, assignments and
 * {@code ++ --} (on a copy of the values: the caller forgets what the expression assigned), and
 * variables whose value is itself an expression, evaluated recursively.
 *
 * <p>WHY: {@code sleep $((0x1C20))}, {@code sleep $((1<<13))} and {@code sleep $((d>0?7200:1))}
 * were unknown, and an unknown duration is allowed, where bash sleeps two hours.
 *
 * <p>INVARIANT (fail closed): whatever bash reports as an error (division by zero, a digit too
 * great for its base, {@code 08}, a negative exponent, a syntax error), whatever bash computes
 * but this class does not know exactly ({@code INT_MIN / -1} and {@code % -1}, which differ
 * between bash versions, an array element, {@code 1--2}, a variable without a known value, recursion past
 * {@link #MAX_DEPTH}) is null: the caller keeps the expansion dynamic.
 */
final class BashArithmetic {

    /** Variables whose value is an expression naming another: bash recurses up to 1024, this far less. */
    static final int MAX_DEPTH = 8;
    /** Longest text read after {@code $NAME} is replaced: a duration is short to write. */
    private static final int MAX_EXPANDED = 1000;

    /** Operators longest first, so that {@code <<=} is never read as {@code <<} and {@code =}. */
    private static final String[] OPERATORS = {
        "<<=", ">>=", "**", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
        "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "!", "~", "?", ":", ",", "=", "(", ")",
    };
    /** {@code $NAME} or {@code ${NAME}}: bash replaces it by the value's text before evaluating. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** A number token as bash's lexer reads it: a digit, then letters, digits, {@code #}, {@code @}, {@code _}. */
    private static final Pattern NUMBER = Pattern.compile("[0-9][A-Za-z0-9#@_]*");

    /** Bash's error, or a value this class does not compute exactly. */
    private static final class Unknown extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unknown() {
            super(null, null, false, false);
        }
    }

    private final String s;
    private final Function<String, String> variable;
    /** Values assigned inside the expression, read before the caller's. */
    private final Map<String, Long> assigned;
    private final int depth;
    private int at;
    /** Above 0 inside the branch {@code ?:}, {@code &&} or {@code ||} skips: bash reads but does not evaluate it. */
    private int noeval;

    private BashArithmetic(String s, Function<String, String> variable, Map<String, Long> assigned, int depth) {
        this.s = s;
        this.variable = variable;
        this.assigned = assigned;
        this.depth = depth;
    }

    /**
     * The value bash computes for {@code text}, reading a variable's text through
     * {@code variable} (null when not known); null when bash fails or the value is not known.
     */
    static Long evaluate(String text, Function<String, String> variable) {
        Map<String, Long> assigned = new HashMap<>();
        return run(text, variable, assigned);
    }

    /**
     * The variables evaluating {@code text} assigns ({@code d = 7200}, {@code d++},
     * {@code x = 1, y = x * 2}), each with the number bash leaves in it, in the order assigned;
     * an empty map when it assigns none; null when bash fails or the value is not known (the
     * caller then forgets as before).
     */
    static Map<String, Long> assignments(String text, Function<String, String> variable) {
        Map<String, Long> assigned = new java.util.LinkedHashMap<>();
        return run(text, variable, assigned) == null ? null : assigned;
    }

    private static Long run(String text, Function<String, String> variable, Map<String, Long> assigned) {
        String expanded = parameters(text, variable);
        if (expanded == null || expanded.isBlank()) {
            return null;
        }
        try {
            return new BashArithmetic(expanded, variable, assigned, 0).whole();
        } catch (Unknown e) {
            return null;
        }
    }

    /** The text with each {@code $NAME} replaced by its known value; null for another {@code $} or an unknown value. */
    private static String parameters(String text, Function<String, String> variable) {
        String out = KnownParameters.substitute(text, variable);
        // `$((x))`, `$1`, `${a[0]}`, quotes or a backslash: not read here
        return out == null || out.indexOf("$") >= 0 || out.indexOf("`") >= 0 || out.indexOf("\\") >= 0
                || out.indexOf("'") >= 0 || out.indexOf("\"") >= 0 || out.length() > MAX_EXPANDED ? null : out;
    }

    /** An assignment, {@code ++} or {@code --} anywhere in {@code expr}: bash changes a variable while evaluating. */
    private static final Pattern ASSIGNS = Pattern.compile("(?<![=!<>])=(?!=)|\\+\\+|--");

    /** True when evaluating {@code expr} may assign a variable ({@code d=7200}, {@code d+=1}, {@code d++}). */
    static boolean assigns(String expr) {
        return ASSIGNS.matcher(expr).find();
    }

    private long whole() {
        long v = comma();
        blanks();
        if (at != s.length()) {
            throw new Unknown();
        }
        return v;
    }

    // ------------------------------------------------------------------ lexing

    private void blanks() {
        while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
            at++;
        }
    }

    /** The operator at the reading point (longest match), or null. */
    private String operator() {
        blanks();
        for (String op : OPERATORS) {
            if (s.startsWith(op, at)) {
                return op;
            }
        }
        return null;
    }

    /** True (and consumed) when the operator at the reading point is exactly {@code op}. */
    private boolean take(String op) {
        if (op.equals(operator())) {
            at += op.length();
            return true;
        }
        return false;
    }

    private String identifier() {
        blanks();
        Matcher m = IDENTIFIER.matcher(s).region(at, s.length());
        if (!m.lookingAt()) {
            return null;
        }
        at = m.end();
        return m.group();
    }

    // ------------------------------------------------------------------ precedence levels, lowest first

    private long comma() {
        long v = assignment();
        while (take(",")) {
            v = assignment();
        }
        return v;
    }

    private static final Map<String, String> ASSIGNING = Map.ofEntries(Map.entry("=", ""),
            Map.entry("+=", "+"), Map.entry("-=", "-"), Map.entry("*=", "*"), Map.entry("/=", "/"),
            Map.entry("%=", "%"), Map.entry("<<=", "<<"), Map.entry(">>=", ">>"), Map.entry("&=", "&"),
            Map.entry("^=", "^"), Map.entry("|=", "|"));

    /** {@code NAME op= EXPR} (right-associative) or a conditional. */
    private long assignment() {
        int start = at;
        String name = identifier();
        String op = name == null ? null : operator();
        if (op == null || !ASSIGNING.containsKey(op)) {
            at = start;
            return conditional();
        }
        at += op.length();
        long value = assignment();
        if (!ASSIGNING.get(op).isEmpty()) {
            value = binary(ASSIGNING.get(op), variable(name), value);
        }
        if (noeval == 0) {
            assigned.put(name, value);
        }
        return value;
    }

    private long conditional() {
        long c = logicalOr();
        if (!take("?")) {
            return c;
        }
        long yes = skipUnless(c != 0, this::comma);
        if (!take(":")) {
            throw new Unknown();
        }
        long no = skipUnless(c == 0, this::conditional);
        return c != 0 ? yes : no;
    }

    private long logicalOr() {
        long v = logicalAnd();
        while (take("||")) {
            boolean known = v != 0;
            long r = skipUnless(!known, this::logicalAnd);
            v = known || r != 0 ? 1 : 0;
        }
        return v;
    }

    private long logicalAnd() {
        long v = level(0);
        while (take("&&")) {
            boolean known = v == 0;
            long r = skipUnless(!known, () -> level(0));
            v = !known && r != 0 ? 1 : 0;
        }
        return v;
    }

    /** Reads one operand, evaluating it only when {@code evaluate}: bash reads the other without its errors. */
    private long skipUnless(boolean evaluate, java.util.function.LongSupplier operand) {
        if (evaluate) {
            return operand.getAsLong();
        }
        noeval++;
        try {
            return operand.getAsLong();
        } finally {
            noeval--;
        }
    }

    /** The left-associative binary levels between {@code &&} and {@code **}, loosest first. */
    private static final String[][] LEVELS = {
        {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
    };

    private long level(int i) {
        if (i == LEVELS.length) {
            return power();
        }
        long v = level(i + 1);
        while (true) {
            String op = operator();
            if (op == null || !java.util.Arrays.asList(LEVELS[i]).contains(op)) {
                return v;
            }
            at += op.length();
            v = binary(op, v, level(i + 1));
        }
    }

    /** {@code **} is right-associative and binds its base after the unary operators ({@code -2**2} is 4). */
    private long power() {
        long base = unary();
        if (!take("**")) {
            return base;
        }
        return binary("**", base, power());
    }

    private long unary() {
        if (take("-")) {
            return -unary();
        }
        if (take("+")) {
            return unary();
        }
        if (take("!")) {
            return unary() == 0 ? 1 : 0;
        }
        if (take("~")) {
            return ~unary();
        }
        boolean increment = take("++");
        if (increment || take("--")) {
            String name = identifier();
            if (name == null) {
                throw new Unknown(); // `1--2`, `++5`: bash's lexing of these is not followed here
            }
            return store(name, variable(name) + (increment ? 1 : -1));
        }
        return primary();
    }

    private long primary() {
        if (take("(")) {
            long v = comma();
            if (!take(")")) {
                throw new Unknown();
            }
            return v;
        }
        blanks();
        Matcher number = NUMBER.matcher(s).region(at, s.length());
        if (number.lookingAt()) {
            at = number.end();
            return literal(number.group());
        }
        String name = identifier();
        if (name == null || at < s.length() && s.charAt(at) == '[') {
            throw new Unknown(); // nothing to read, or an array element
        }
        long v = variable(name);
        boolean increment = take("++");
        if (increment || take("--")) {
            store(name, v + (increment ? 1 : -1));
        }
        return v;
    }

    // ------------------------------------------------------------------ values

    /** Bash's {@code strlong}: decimal, {@code 0} octal, {@code 0x} hex, {@code BASE#DIGITS}; overflow wraps. */
    static long literal(String text) {
        int i = 0;
        int base = 10;
        boolean foundBase = false;
        if (text.charAt(0) == '0') {
            i++;
            if (i == text.length()) {
                return 0;
            }
            if (text.charAt(i) == 'x' || text.charAt(i) == 'X') {
                base = 16;
                i++; // a bare `0x` is 0, as the loop below leaves it
            } else {
                base = 8;
            }
            foundBase = true;
        }
        long value = 0;
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#') {
                if (foundBase || value < 2 || value > 64 || i + 1 == text.length() || text.charAt(i + 1) == '#') {
                    throw new Unknown(); // `0x1#2`, `65#1`, `2#`: invalid number, base or constant
                }
                base = (int) value;
                value = 0;
                foundBase = true;
                continue;
            }
            int digit = digit(c, base);
            if (digit >= base) {
                throw new Unknown(); // `08`, `2#2`: value too great for base
            }
            value = value * base + digit;
        }
        return value;
    }

    /** A digit's value in bash's order {@code 0-9a-zA-Z@_}; a letter's case counts only above base 36. */
    private static int digit(char c, int base) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'Z') {
            return c - 'A' + (base <= 36 ? 10 : 36);
        }
        return c == '@' ? 62 : 63;
    }

    /** A variable read by name: its value's text is itself an expression (an empty value is 0). */
    private long variable(String name) {
        if (noeval > 0) {
            return 0; // bash does not read a variable it does not evaluate
        }
        if (assigned.containsKey(name)) {
            return assigned.get(name);
        }
        String text = variable.apply(name);
        if (text == null || depth >= MAX_DEPTH) {
            throw new Unknown();
        }
        if (text.isBlank()) {
            return 0;
        }
        return new BashArithmetic(text, variable, assigned, depth + 1).whole();
    }

    private long store(String name, long value) {
        if (noeval == 0) {
            assigned.put(name, value);
        }
        return value;
    }

    /** One binary operator as bash computes it in 64 bits; inside a skipped operand its errors do not count. */
    private long binary(String op, long a, long b) {
        switch (op) {
            case "+": return a + b;
            case "-": return a - b;
            case "*": return a * b;
            case "/":
            case "%":
                if (b == 0 || a == Long.MIN_VALUE && b == -1) {
                    // division by zero is bash's error; INT_MIN / -1 differs between bash versions
                    return fail();
                }
                return op.equals("/") ? a / b : a % b;
            case "**":
                if (b < 0) {
                    throw new Unknown(); // exponent less than 0: bash's error even in a skipped operand
                }
                long r = 1;
                for (long base = a, e = b; e != 0; e >>= 1, base *= base) {
                    if ((e & 1) != 0) {
                        r *= base; // wraps as bash's loop of multiplications does
                    }
                }
                return r;
            case "<<":
            case ">>":
                // C leaves a count below 0 or past 63 undefined; x86-64 and arm64 take it modulo 64,
                // as Java does (bash 5.2: `1<<64` is 1, `1<<-1` is INT_MIN), and `>>` keeps the sign
                return op.equals("<<") ? a << b : a >> b;
            case "<": return a < b ? 1 : 0;
            case ">": return a > b ? 1 : 0;
            case "<=": return a <= b ? 1 : 0;
            case ">=": return a >= b ? 1 : 0;
            case "==": return a == b ? 1 : 0;
            case "!=": return a != b ? 1 : 0;
            case "&": return a & b;
            case "^": return a ^ b;
            case "|": return a | b;
            default: throw new Unknown();
        }
    }

    private long fail() {
        if (noeval > 0) {
            return 0;
        }
        throw new Unknown();
    }
}
