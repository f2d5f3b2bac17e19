package dev.shellwarden.grammar.ps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The string a parenthesised PowerShell expression gives when it is computed from literals only:
 * plain strings joined with {@code +} ({@code ('Rem'+'ove-Item')}), characters by code cast to a
 * string first ({@code ([string][char]105+[char]101+[char]120)} is {@code iex}),
 * {@code [string]::Join('', 'a', 'b')} and {@code [string]::Concat('a', 'b')}, and
 * {@code -replace}/{@code -ireplace}/{@code -creplace} with a literal pattern of letters, digits,
 * blanks, {@code -} and {@code _} (no {@code i} unless {@code -creplace}) and a replacement without {@code $}
 * ({@code ('XRemove-Item' -replace 'X','')}).
 *
 * <p>WHY: a command name or a payload built this way only asked (SW1002), though PowerShell gives
 * it one fixed value; read as that value, the payload's own rule decides.
 *
 * <p>INVARIANT: the value is exact or there is none (null): a sum whose first term is a
 * character is arithmetic in PowerShell ({@code [char]105+[char]101} is a number), so it gives
 * null, as does any variable, call, other operator or regular-expression pattern. Only the Java
 * literal replace stands in for .NET's regex, and only where the two agree (a pattern with no
 * metacharacter, a replacement with no group reference).
 */
final class PsConstants {

    private PsConstants() {
    }

    /** A plain string: single-quoted (doubled quotes inside) or double-quoted without expansions. */
    private static final Pattern STRING = Pattern.compile("\\s*" + PsText.PLAIN_STRING);
    private static final Pattern CHAR_CODE = Pattern.compile("(?i)\\s*\\[char\\]\\s*(0x[0-9a-f]{1,4}|[0-9]{1,5})");
    private static final Pattern CHAR_CAST = Pattern.compile("(?i)\\s*\\[char\\]");
    private static final Pattern STRING_CAST = Pattern.compile("(?i)\\s*\\[(?:system\\.)?string\\]");
    private static final Pattern STRING_CALL = Pattern.compile("(?i)\\s*\\[(?:system\\.)?string\\]::(join|concat)\\s*\\(");
    private static final Pattern REPLACE = Pattern.compile("(?i)\\s*-(replace|ireplace|creplace)(?![\\w-])");
    private static final Pattern PLAIN_PATTERN = Pattern.compile("[A-Za-z0-9 _-]+");
    /** The format operator {@code -f} (any case). */
    private static final Pattern FORMAT = Pattern.compile("(?i)\\s*-f(?![\\w-])");
    /** A brace of a format string: a plain item {@code {0}} (group 1), or any other brace (group 1 null). */
    private static final Pattern FORMAT_ITEM = Pattern.compile("\\{(\\d{1,2})\\}|[{}]");

    /** A folded value: its text, and whether PowerShell holds it as a character (arithmetic under {@code +}). */
    private record Value(String text, boolean character) {
    }

    /** The value of {@code (EXPR)}, or null when any part of it is not read here. */
    static String fold(String paren) {
        String t = paren.strip();
        if (t.length() < 3 || t.charAt(0) != '(' || t.charAt(t.length() - 1) != ')') {
            return null;
        }
        Parser p = new Parser(t.substring(1, t.length() - 1));
        Value v = p.expression();
        if (v == null || !p.atEnd()) {
            return null;
        }
        return v.text().isEmpty() ? null : v.text();
    }

    private static final class Parser {
        private final String s;
        private int at;

        Parser(String s) {
            this.s = s;
        }

        boolean atEnd() {
            skip();
            return at >= s.length();
        }

        private void skip() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        private Matcher look(Pattern p) {
            Matcher m = p.matcher(s);
            m.region(at, s.length());
            return m.lookingAt() ? m : null;
        }

        private boolean symbol(char c) {
            skip();
            if (at < s.length() && s.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        /** sum, then any number of -replace operators. */
        Value expression() {
            Value v = sum();
            Matcher m;
            while (v != null && (m = look(REPLACE)) != null) {
                at = m.end();
                String pattern = string();
                String replacement = "";
                if (pattern == null) {
                    return null;
                }
                if (symbol(',')) {
                    replacement = string();
                    if (replacement == null) {
                        return null;
                    }
                }
                boolean exactCase = m.group(1).equalsIgnoreCase("creplace");
                if (!PLAIN_PATTERN.matcher(pattern).matches() || replacement.indexOf('$') >= 0
                        || !exactCase && (pattern.indexOf('i') >= 0 || pattern.indexOf('I') >= 0)) {
                    // (.NET matches i and I without case by the machine's culture: not the same under Turkish)
                    return null;
                }
                int flags = exactCase ? 0 : Pattern.CASE_INSENSITIVE;
                v = new Value(Pattern.compile(Pattern.quote(pattern), flags).matcher(v.text())
                        .replaceAll(Matcher.quoteReplacement(replacement)), false);
            }
            return v;
        }

        /** term ('+' term)*: concatenation when the first term is a string. */
        private Value sum() {
            Value first = term();
            if (first == null) {
                return null;
            }
            StringBuilder out = new StringBuilder(first.text());
            boolean more = false;
            while (symbol('+')) {
                more = true;
                Value next = term();
                if (next == null) {
                    return null;
                }
                out.append(next.text());
            }
            if (more && first.character()) {
                return null; // [char]105 + … adds numbers
            }
            return more ? new Value(out.toString(), false) : first;
        }

        /**
         * A primary, then the format operator given plain strings ({@code '--{0}' -f 'force'}; it
         * binds tighter than {@code +}). WHY: {@code git push ('--{0}' -f 'force')} was allowed where
         * {@code git push --force} asks. A format item with an alignment or format string, escaped
         * braces or an index not given is not read.
         */
        private Value term() {
            Value v = primary();
            Matcher m;
            if (v == null || (m = look(FORMAT)) == null) {
                return v;
            }
            at = m.end();
            List<String> args = strings();
            if (args == null) {
                return null;
            }
            Matcher item = FORMAT_ITEM.matcher(v.text());
            StringBuilder out = new StringBuilder();
            while (item.find()) {
                if (item.group(1) == null) {
                    return null; // a brace not of a plain `{n}`
                }
                int n = Integer.parseInt(item.group(1));
                if (n >= args.size()) {
                    return null;
                }
                item.appendReplacement(out, Matcher.quoteReplacement(args.get(n)));
            }
            item.appendTail(out);
            return new Value(out.toString(), false);
        }

        /** A cast chain on a primary: [string] makes a string, [char] a character. */
        private Value primary() {
            Matcher m;
            if ((m = look(STRING_CALL)) != null) {
                at = m.end();
                return call(m.group(1).toLowerCase(Locale.ROOT));
            }
            if ((m = look(STRING_CAST)) != null) {
                at = m.end();
                Value v = term();
                return v == null ? null : new Value(v.text(), false);
            }
            if ((m = look(CHAR_CODE)) != null) {
                at = m.end();
                String n = m.group(1).toLowerCase(Locale.ROOT);
                int code = n.startsWith("0x") ? Integer.parseInt(n.substring(2), 16) : Integer.parseInt(n);
                if (code < 32 || code > 126) {
                    return null;
                }
                return new Value(String.valueOf((char) code), true);
            }
            if ((m = look(CHAR_CAST)) != null) {
                at = m.end();
                Value v = term();
                return v == null || v.text().length() != 1 ? null : new Value(v.text(), true);
            }
            if (symbol('(')) {
                Value v = expression();
                return v != null && symbol(')') ? v : null;
            }
            String str = string();
            return str == null ? null : new Value(str, false);
        }

        /** One or more plain strings separated by commas; null when one is not a plain string. */
        private List<String> strings() {
            List<String> out = new ArrayList<>();
            do {
                String a = string();
                if (a == null) {
                    return null;
                }
                out.add(a);
            } while (symbol(','));
            return out;
        }

        /** {@code [string]::Join(SEP, A, B…)} and {@code [string]::Concat(A, B…)} of plain strings, after the open parenthesis. */
        private Value call(String method) {
            List<String> args = List.of();
            if (!symbol(')')) {
                args = strings();
                if (args == null || !symbol(')')) {
                    return null;
                }
            }
            if (method.equals("join")) {
                return args.size() < 2 ? null : new Value(String.join(args.get(0), args.subList(1, args.size())), false);
            }
            return args.isEmpty() ? null : new Value(String.join("", args), false);
        }

        /** A plain string's text, or null (the position is kept). */
        private String string() {
            Matcher m = look(STRING);
            if (m == null) {
                return null;
            }
            at = m.end();
            return PsText.plainText(m, 1);
        }
    }
}
