package dev.shellwarden.grammar.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON tree reader and writer: objects become {@link LinkedHashMap}, arrays {@link List},
 * numbers {@link BigInteger} (integers) or {@link BigDecimal} (anything with a fraction or an
 * exponent), plus String, Boolean and {@link #NULL}.
 *
 * <p>WHY our own and not Jackson on this path: the checker starts once per command, and the first
 * use of Jackson's parser initialises {@code BigDecimal} (its static tables cost ~28 ms of CPU on
 * a cold JVM 25, measured with async-profiler) and a few hundred classes, for letters of a few
 * hundred bytes. The grammar is RFC 8259 and small; strictness (duplicate keys, trailing data,
 * nesting and number bounds) is enforced here, in one place, for the letter, the config (JSONC),
 * the scan input and the editor files the splitter reads ({@code .vscode/tasks.json}). It lives in
 * the grammar module, the lowest one, so the splitter and the checker share one reader.
 *
 * <p>INVARIANTS: {@link #parse} accepts exactly one value and rejects anything else with a
 * {@link JsonSyntaxException} carrying a one-line reason and its line and column; {@link #write}
 * emits valid compact JSON for every tree it is given (lone surrogates are escaped, never
 * replaced), so whatever the checker writes, a strict JSON reader can read back unchanged.
 */
public final class Json {

    /** The JSON {@code null} value (maps cannot hold Java null meaningfully). */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Deepest nesting accepted (objects and arrays). */
    static final int MAX_DEPTH = 64;
    /** Longest number literal accepted, in characters (a longer one would cost quadratic parsing). */
    static final int MAX_NUMBER_CHARS = 1000;

    /** What the reader accepts beyond RFC 8259. */
    public enum Dialect {
        /** RFC 8259 only: the letter and scan input. */
        STRICT(false, false),
        /** Plus {@code //} and {@code /* … *}{@code /} comments and trailing commas: config files. */
        JSONC(true, false),
        /**
         * JSONC as editors read their own files (VS Code's tasks.json, devcontainer.json): a field
         * named twice keeps its last value, as the editor does. Reading such a file any other way
         * (rejecting it, keeping the first value) would miss the command the editor runs.
         */
        EDITOR(true, true);

        final boolean lenient;
        final boolean lastFieldWins;

        Dialect(boolean lenient, boolean lastFieldWins) {
            this.lenient = lenient;
            this.lastFieldWins = lastFieldWins;
        }
    }

    private Json() {
    }

    /**
     * Parses exactly one JSON value from {@code text}; anything after it but white space (and, in
     * JSONC, comments) is an error.
     *
     * @throws JsonSyntaxException with a one-line reason on any syntax problem
     */
    public static Object parse(Dialect dialect, String text) {
        Reader r = new Reader(text, dialect);
        r.skipSpace();
        if (r.pos >= text.length()) {
            throw new JsonSyntaxException("empty input: expected a JSON object");
        }
        Object value = r.value(0);
        r.skipSpace();
        if (r.pos < text.length()) {
            throw new JsonSyntaxException("trailing data after the JSON value at " + r.where(r.pos));
        }
        return value;
    }

    /** The recursive-descent reader; positions are char indexes into the text. */
    private static final class Reader {
        private final String s;
        private final boolean lenient;
        private final boolean lastFieldWins;
        private int pos;

        Reader(String s, Dialect dialect) {
            this.s = s;
            this.lenient = dialect.lenient;
            this.lastFieldWins = dialect.lastFieldWins;
        }

        Object value(int depth) {
            if (pos >= s.length()) {
                throw error("unexpected end of input, expected a value", pos);
            }
            char c = s.charAt(pos);
            switch (c) {
                case '{':
                    return object(depth + 1);
                case '[':
                    return array(depth + 1);
                case '"':
                    return string();
                case 't':
                    return literal("true", Boolean.TRUE);
                case 'f':
                    return literal("false", Boolean.FALSE);
                case 'n':
                    return literal("null", NULL);
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("unexpected character " + describe(c) + ", expected a value", pos);
            }
        }

        private Map<String, Object> object(int depth) {
            checkDepth(depth);
            pos++; // {
            Map<String, Object> map = new LinkedHashMap<>();
            skipSpace();
            if (peek() == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipSpace();
                if (peek() != '"') {
                    throw error("expected a field name in double quotes, got " + describeAt(pos), pos);
                }
                int keyAt = pos;
                String key = string();
                if (map.containsKey(key) && !lastFieldWins) {
                    throw error("duplicate field \"" + oneLine(key) + "\"", keyAt);
                }
                skipSpace();
                if (peek() != ':') {
                    throw error("expected ':' after a field name, got " + describeAt(pos), pos);
                }
                pos++;
                skipSpace();
                map.put(key, value(depth));
                if (closedAfterMember('}', "an object")) {
                    return map;
                }
            }
        }

        private List<Object> array(int depth) {
            checkDepth(depth);
            pos++; // [
            List<Object> list = new ArrayList<>();
            skipSpace();
            if (peek() == ']') {
                pos++;
                return list;
            }
            while (true) {
                skipSpace();
                list.add(value(depth));
                if (closedAfterMember(']', "an array")) {
                    return list;
                }
            }
        }

        /**
         * After a member of an object or array: consumes {@code ,} (and, in JSONC, a trailing
         * comma's {@code close}) or {@code close}; true when the container ended.
         */
        private boolean closedAfterMember(char close, String container) {
            skipSpace();
            char c = peek();
            if (c == ',') {
                pos++;
                skipSpace();
                if (lenient && peek() == close) {
                    pos++;
                    return true;
                }
                return false;
            }
            if (c == close) {
                pos++;
                return true;
            }
            throw error("expected ',' or '" + close + "' in " + container + ", got " + describeAt(pos), pos);
        }

        private String string() {
            int start = pos;
            pos++; // opening quote
            StringBuilder b = null;
            int run = pos;
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string", start);
                }
                char c = s.charAt(pos);
                if (c == '"') {
                    String out = b == null ? s.substring(run, pos) : b.append(s, run, pos).toString();
                    pos++;
                    return out;
                }
                if (c < 0x20) {
                    throw error("unescaped control character " + describe(c) + " in a string", pos);
                }
                if (c != '\\') {
                    pos++;
                    continue;
                }
                if (b == null) {
                    b = new StringBuilder();
                }
                b.append(s, run, pos);
                pos++;
                if (pos >= s.length()) {
                    throw error("unterminated string", start);
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> b.append(unicodeEscape());
                    default -> throw error("invalid escape \\" + describe(e) + " in a string", pos - 2);
                }
                run = pos;
            }
        }

        private char unicodeEscape() {
            if (pos + 4 > s.length()) {
                throw error("incomplete \\u escape", pos - 2);
            }
            int v = 0;
            for (int i = 0; i < 4; i++) {
                int d = hexDigit(s.charAt(pos + i));
                if (d < 0) {
                    throw error("invalid \\u escape", pos - 2);
                }
                v = v * 16 + d;
            }
            pos += 4;
            return (char) v;
        }

        private Object number() {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            if (peek() == '0') {
                pos++;
                if (isDigit(peek())) {
                    throw error("leading zeros are not allowed in numbers", start);
                }
            } else if (isDigit(peek())) {
                while (isDigit(peek())) {
                    pos++;
                }
            } else {
                throw error("expected a digit in a number, got " + describeAt(pos), pos);
            }
            boolean integral = true;
            if (peek() == '.') {
                integral = false;
                pos++;
                if (!isDigit(peek())) {
                    throw error("expected a digit after the decimal point, got " + describeAt(pos), pos);
                }
                while (isDigit(peek())) {
                    pos++;
                }
            }
            if (peek() == 'e' || peek() == 'E') {
                integral = false;
                pos++;
                if (peek() == '+' || peek() == '-') {
                    pos++;
                }
                if (!isDigit(peek())) {
                    throw error("expected a digit in the exponent, got " + describeAt(pos), pos);
                }
                while (isDigit(peek())) {
                    pos++;
                }
            }
            if (pos - start > MAX_NUMBER_CHARS) {
                throw error("number longer than " + MAX_NUMBER_CHARS + " characters", start);
            }
            String lit = s.substring(start, pos);
            // BigDecimal only when the literal needs it: its class initialisation is the cost this
            // reader exists to avoid, and protocol numbers are integers.
            return integral ? new BigInteger(lit) : new BigDecimal(lit);
        }

        private Object literal(String word, Object value) {
            if (!s.startsWith(word, pos)) {
                throw error("unexpected token, expected a value", pos);
            }
            pos += word.length();
            return value;
        }

        /** Skips white space and, in JSONC, comments. */
        void skipSpace() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    pos++;
                } else if (lenient && c == '/' && pos + 1 < s.length() && s.charAt(pos + 1) == '/') {
                    int nl = s.indexOf('\n', pos);
                    pos = nl < 0 ? s.length() : nl + 1;
                } else if (lenient && c == '/' && pos + 1 < s.length() && s.charAt(pos + 1) == '*') {
                    int end = s.indexOf("*/", pos + 2);
                    if (end < 0) {
                        throw error("unterminated comment", pos);
                    }
                    pos = end + 2;
                } else {
                    return;
                }
            }
        }

        private void checkDepth(int depth) {
            if (depth > MAX_DEPTH) {
                throw error("nesting deeper than " + MAX_DEPTH, pos);
            }
        }

        private char peek() {
            return pos < s.length() ? s.charAt(pos) : '\0';
        }

        /** ASCII hex only: Character.digit would also take full-width and other Unicode digits. */
        private static int hexDigit(char c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
            return -1;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private String describeAt(int at) {
            return at >= s.length() ? "end of input" : describe(s.charAt(at));
        }

        private static String describe(char c) {
            if (c < 0x20 || c == 0x7f) {
                return String.format("U+%04X", (int) c);
            }
            return "'" + c + "'";
        }

        /** "line L, column C" of a char index, both 1-based. */
        String where(int at) {
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at && i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            return "line " + line + ", column " + (at - lineStart + 1);
        }

        private JsonSyntaxException error(String reason, int at) {
            return new JsonSyntaxException("not valid JSON: " + reason + " at " + where(at));
        }
    }

    /**
     * The compact JSON text of a tree of maps, lists (any Iterable), strings, booleans, integral
     * numbers and {@link #NULL} (or Java null). Other values are written as their string.
     */
    public static String write(Object tree) {
        StringBuilder b = new StringBuilder(256);
        write(b, tree);
        return b.toString();
    }

    /** Appends the compact JSON text of {@code v} to {@code b} (see {@link #write(Object)}). */
    public static void write(StringBuilder b, Object v) {
        if (v == null || v == NULL) {
            b.append("null");
        } else if (v instanceof String s) {
            quote(b, s);
        } else if (v instanceof Boolean x) {
            b.append(x.booleanValue());
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof BigInteger) {
            b.append(v);
        } else if (v instanceof Map<?, ?> m) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                quote(b, String.valueOf(e.getKey()));
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof Iterable<?> it) {
            b.append('[');
            boolean first = true;
            for (Object x : it) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                write(b, x);
            }
            b.append(']');
        } else {
            quote(b, v.toString());
        }
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /**
     * Appends {@code s} as a JSON string: quote, backslash and control characters escaped (the
     * short forms where JSON has them), lone surrogates escaped as {@code \\uXXXX} so the UTF-8
     * output stays valid and loses nothing; everything else as is.
     */
    public static void quote(StringBuilder b, String s) {
        b.append('"');
        int run = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            String esc = null;
            if (c == '"') {
                esc = "\\\"";
            } else if (c == '\\') {
                esc = "\\\\";
            } else if (c < 0x20) {
                esc = switch (c) {
                    case '\n' -> "\\n";
                    case '\r' -> "\\r";
                    case '\t' -> "\\t";
                    case '\b' -> "\\b";
                    case '\f' -> "\\f";
                    default -> unicode(c);
                };
            } else if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1));
                if (paired) {
                    i++; // keep the pair as is
                    continue;
                }
                esc = unicode(c);
            }
            if (esc != null) {
                b.append(s, run, i).append(esc);
                run = i + 1;
            }
        }
        b.append(s, run, n).append('"');
    }

    private static String unicode(char c) {
        return new String(new char[] {'\\', 'u', HEX[(c >> 12) & 0xF], HEX[(c >> 8) & 0xF], HEX[(c >> 4) & 0xF], HEX[c & 0xF]});
    }

    /** Collapses a message to one line. */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }

    /** The JSON type name of a parsed value, for error messages. */
    public static String typeName(Object v) {
        if (v instanceof Map) {
            return "object";
        }
        if (v instanceof List) {
            return "array";
        }
        if (v instanceof String) {
            return "string";
        }
        if (v instanceof BigInteger) {
            return "integer";
        }
        if (v instanceof BigDecimal) {
            return "number";
        }
        if (v instanceof Boolean) {
            return "boolean";
        }
        return "null";
    }
}
