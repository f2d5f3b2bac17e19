package dev.shellwarden.grammar.ps;

import java.util.ArrayList;
import java.util.List;

/**
 * Quote removal and escape decoding for PowerShell tokens.
 *
 * <p>PowerShell's escape character is the backtick. In expandable strings
 * {@code `0 `a `b `e `f `n `r `t `v `u{hex}} are control characters and a backtick before any
 * other character yields that character; in bare words every backtick yields the next character
 * ({@code Re`move-Item} and {@code R`emove-Item} are {@code Remove-Item}). Verbatim
 * strings ({@code '…'}, {@code @'…'@}) have no escapes but a doubled quote.
 */
public final class PsText {

    /** A piece of an expandable string: literal text, a variable, or a {@code $( … )}. */
    public record Piece(Kind kind, String text) {
        /** What a piece is. */
        public enum Kind { LITERAL, VARIABLE, SUBEXPRESSION }
    }

    /** The pieces of an expandable string and whether a backtick escape occurred. */
    public record Expanded(List<Piece> pieces, boolean escaped) {
    }

    /** A quote character PowerShell accepts as a single quote (ASCII and typographic). */
    public static boolean isSingleQuote(char c) {
        return c == '\'' || c == '\u2018' || c == '\u2019' || c == '\u201A' || c == '\u201B';
    }

    /** A quote character PowerShell accepts as a double quote (ASCII and typographic). */
    public static boolean isDoubleQuote(char c) {
        return c == '"' || c == '\u201C' || c == '\u201D' || c == '\u201E';
    }

    private PsText() {
    }

    /** Decodes the escape after a backtick at {@code s[i]} into {@code out}; returns the next index. */
    static int escape(String s, int i, StringBuilder out) {
        if (i >= s.length()) {
            out.append('`');
            return i;
        }
        char c = s.charAt(i);
        switch (Character.toLowerCase(c)) {
            case '0' -> out.append('\0');
            case 'a' -> out.append('\u0007');
            case 'b' -> out.append('\b');
            case 'e' -> out.append('\u001b');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'v' -> out.append('\u000b');
            case 'u' -> {
                int close = s.indexOf('}', i);
                if (i + 1 < s.length() && s.charAt(i + 1) == '{' && close > i + 2 && close - i <= 8) {
                    try {
                        out.appendCodePoint(Integer.parseInt(s.substring(i + 2, close), 16));
                        return close + 1;
                    } catch (IllegalArgumentException e) {
                        out.append(c);
                        return i + 1;
                    }
                }
                out.append(c);
            }
            default -> out.append(c);
        }
        return i + 1;
    }

    /**
     * Decodes a bare word: a backtick yields the next character itself. PowerShell interprets the
     * control escapes ({@code `e}, {@code `n}…) only inside double-quoted strings; reading them
     * literally here is also the strict choice, since {@code R`emove-Item} can only ever run
     * {@code Remove-Item} (a control character in a command name would run nothing).
     */
    public static String bare(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); ) {
            char c = raw.charAt(i);
            if (c == '`') {
                if (i + 1 < raw.length()) {
                    out.append(raw.charAt(i + 1));
                    i += 2;
                } else {
                    out.append(c);
                    i++;
                }
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** True for the characters PowerShell reads as a dash: {@code - – — ―}. */
    public static boolean isDash(char c) {
        return c == '-' || c == '\u2013' || c == '\u2014' || c == '\u2015';
    }

    /**
     * A leading typographic dash becomes {@code -}: PowerShell reads {@code –Recurse} (en dash) as
     * the parameter {@code -Recurse}, so rules must see it spelled that way.
     */
    public static String leadingDash(String text) {
        return !text.isEmpty() && isDash(text.charAt(0)) && text.charAt(0) != '-'
                ? "-" + text.substring(1) : text;
    }

    /** Typographic dashes replaced by {@code -} (for command-name lookup). */
    public static String dashes(String text) {
        return text.replace('\u2013', '-').replace('\u2014', '-').replace('\u2015', '-');
    }

    /** True when an unescaped wildcard character ({@code * ? [}) occurs in a bare word. */
    public static boolean hasWildcard(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '`') {
                i++;
            } else if (c == '*' || c == '?' || c == '[') {
                return true;
            }
        }
        return false;
    }

    /**
     * A quoted string without expansions, as a regular expression: its text in group 1 (single
     * quotes, quotes inside doubled) or group 2 (double quotes without {@code $} or backtick).
     * Read a match with {@link #plainText}.
     */
    static final String PLAIN_STRING = "(?:'((?:[^'\u2018\u2019\u201A\u201B]|'')*)'|\"([^\"`$\u201C\u201D\u201E]*)\")";

    /** One plain string of a comma list, then a comma or the end. */
    private static final java.util.regex.Pattern LIST_ITEM = java.util.regex.Pattern.compile("\\s*" + PLAIN_STRING + "\\s*(?:,|$)");

    /**
     * The texts of a comma list made only of {@link #PLAIN_STRING}s ({@code 'a', "b"}), or null
     * when anything else is in it or it is empty: the arguments of {@code -f} and {@code -join}.
     */
    static java.util.List<String> plainStringList(String list) {
        java.util.List<String> out = new java.util.ArrayList<>();
        java.util.regex.Matcher item = LIST_ITEM.matcher(list);
        int at = 0;
        while (at < list.length() && item.find(at) && item.start() == at) {
            out.add(plainText(item, 1));
            at = item.end();
        }
        return out.isEmpty() || !list.substring(at).isBlank() ? null : out;
    }

    /** The text of a {@link #PLAIN_STRING} match whose single-quoted group is {@code group} (the double-quoted one follows it). */
    static String plainText(java.util.regex.Matcher m, int group) {
        return m.group(group) != null ? m.group(group).replaceAll("(['\u2018\u2019\u201A\u201B])\\1", "$1") : m.group(group + 1);
    }

    /** The value of a verbatim string token {@code '…'}: quotes removed, doubled quotes undone. */
    public static String verbatim(String raw) {
        String body = raw.substring(1, raw.length() - 1);
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            out.append(c);
            if (isSingleQuote(c) && i + 1 < body.length() && isSingleQuote(body.charAt(i + 1))) {
                i++;
            }
        }
        return out.toString();
    }

    /** The body of a here-string token ({@code @'…'@} or {@code @"…"@}): header and footer lines cut. */
    public static String hereBody(String raw) {
        int start = raw.indexOf('\n') + 1;
        int end = raw.length() - 2;
        // INVARIANT: the lexer guarantees `@Q blanks NL (body NL)? Q@`.
        if (end <= start) {
            return "";
        }
        int cut = end - 1;
        if (cut > start && raw.charAt(cut - 1) == '\r') {
            cut--;
        }
        return raw.substring(start, Math.max(start, cut));
    }

    /**
     * Splits the body of an expandable string into pieces. {@code doubledQuotes} is true for
     * {@code "…"} strings, where a doubled quote stands for one quote.
     *
     * @throws IllegalArgumentException when a {@code $(} is not closed
     */
    public static Expanded expandable(String body, boolean doubledQuotes) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder lit = new StringBuilder();
        boolean escaped = false;
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '`') {
                escaped = true;
                i = escape(body, i + 1, lit);
            } else if (doubledQuotes && isDoubleQuote(c) && i + 1 < body.length()
                    && isDoubleQuote(body.charAt(i + 1))) {
                lit.append(c);
                i += 2;
            } else if (c == '$' && i + 1 < body.length()) {
                int end = variableEnd(body, i);
                if (end > i) {
                    flush(lit, pieces);
                    Piece.Kind kind = body.charAt(i + 1) == '(' ? Piece.Kind.SUBEXPRESSION
                            : Piece.Kind.VARIABLE;
                    pieces.add(new Piece(kind, kind == Piece.Kind.SUBEXPRESSION
                            ? body.substring(i + 2, end - 1) : body.substring(i, end)));
                    i = end;
                } else {
                    lit.append(c);
                    i++;
                }
            } else {
                lit.append(c);
                i++;
            }
        }
        flush(lit, pieces);
        return new Expanded(pieces, escaped);
    }

    private static void flush(StringBuilder lit, List<Piece> pieces) {
        if (lit.length() > 0) {
            pieces.add(new Piece(Piece.Kind.LITERAL, lit.toString()));
            lit.setLength(0);
        }
    }

    /**
     * The end (exclusive) of the variable or subexpression starting with the {@code $} at
     * {@code i}, or {@code i} when the dollar is a literal character.
     */
    static int variableEnd(String s, int i) {
        char n = s.charAt(i + 1);
        if (n == '(') {
            int close = closeParen(s, i + 1);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed $(");
            }
            return close + 1;
        }
        if (n == '{') {
            int j = i + 2;
            while (j < s.length() && s.charAt(j) != '}') {
                j += s.charAt(j) == '`' ? 2 : 1;
            }
            if (j >= s.length()) {
                throw new IllegalArgumentException("unclosed ${");
            }
            return j + 1;
        }
        if (n == '$' || n == '?' || n == '^') {
            return i + 2;
        }
        int j = i + 1;
        while (j < s.length() && isVarChar(s.charAt(j))) {
            j++;
        }
        if (j == i + 1) {
            return i;
        }
        if (j + 1 < s.length() && s.charAt(j) == ':' && isVarChar(s.charAt(j + 1))) {
            j++;
            while (j < s.length() && isVarChar(s.charAt(j))) {
                j++;
            }
        }
        return j;
    }

    private static boolean isVarChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '?';
    }

    /**
     * The index of the parenthesis closing the one at {@code open}, skipping nested strings and
     * escapes, or -1.
     */
    static int closeParen(String s, int open) {
        int depth = 0;
        int i = open;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '`') {
                i += 2;
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
                if (depth == 0) {
                    return i;
                }
            } else if (isSingleQuote(c)) {
                i++;
                while (i < s.length()) {
                    if (isSingleQuote(s.charAt(i))) {
                        if (i + 1 < s.length() && isSingleQuote(s.charAt(i + 1))) {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i++;
                }
                if (i >= s.length()) {
                    return -1;
                }
            } else if (isDoubleQuote(c)) {
                i++;
                while (i < s.length() && !isDoubleQuote(s.charAt(i))) {
                    if (s.charAt(i) == '`') {
                        i += 2;
                    } else if (s.charAt(i) == '$' && i + 1 < s.length() && s.charAt(i + 1) == '(') {
                        int inner = closeParen(s, i + 1);
                        if (inner < 0) {
                            return -1;
                        }
                        i = inner + 1;
                    } else {
                        i++;
                    }
                }
                if (i >= s.length()) {
                    return -1;
                }
            }
            i++;
        }
        return -1;
    }
}
