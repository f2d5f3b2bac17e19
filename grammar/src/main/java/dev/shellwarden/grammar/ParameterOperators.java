package dev.shellwarden.grammar;

import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bash's parameter-expansion operators ({@code ${x%.ts}}, {@code ${x:-w}}, {@code ${x/a/b}},
 * {@code ${x:1:2}}, {@code ${#x}}, {@code ${x^^}}) on a variable whose value (or unset state) is
 * known and whose operator words are plain literal text.
 *
 * <p>INVARIANT (fail closed): {@link #apply} returns a value only when it is exactly what bash
 * gives; any doubt (a quote, an escape, a tilde or an expansion other than a known plain
 * {@code $NAME} in the operator's word, a
 * character class, {@code &} in a replacement, an error bash would report, an assignment) gives
 * null and the word stays dynamic.
 */
public final class ParameterOperators {

    /** What an operator form resolved to: its value, and the variable it assigned (or null). */
    record Result(String value, String assigned) {
    }

    /** A name bash reads in {@code ${NAME…}}: a variable, a positional parameter, an array element by number. */
    private static final Pattern NAME = Pattern.compile(
            "([A-Za-z_][A-Za-z0-9_]*(?:\\[(?:0|[1-9][0-9]{0,5})])?|[0-9]{1,6})"); // a[010] is a[8] to bash

    /** Literal operator words: no quotes, escapes, expansions, tilde, spaces, braces, parentheses or {@code &}. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._/,:+=@%^#-]*");
    /** Literal glob patterns: as {@link #PLAIN} plus {@code * ? [ ] !}. */
    private static final Pattern PLAIN_GLOB = Pattern.compile("[A-Za-z0-9._/,:+=@%^#!*?\\[\\]-]*");
    /** A literal integer offset or length. */
    private static final Pattern INTEGER = Pattern.compile("-?(?:0|[1-9][0-9]{0,5})"); // 010 is octal to bash

    /** The placeholder for a path find hands to {@code -exec} (see Wrappers.find). */
    private static final String FOUND = "{find}";

    /** Longest value the pattern operators work on (their matching is quadratic). */
    private static final int MAX_VALUE = 4096;

    private ParameterOperators() {
    }

    /**
     * The value of the parameter expansion {@code ${inner}}, or null when it is not a supported
     * operator form or not certainly known.
     *
     * @param vars  known values (null when unknown)
     * @param unset true for a name known to be unset
     */
    static Result apply(String inner, Function<String, String> vars, Predicate<String> unset) {
        if (inner.startsWith("#") && inner.length() > 1) {
            String name = inner.substring(1);
            if (!NAME.matcher(name).matches()) {
                return null;
            }
            if (unset.test(name)) {
                return new Result("0", null);
            }
            String v = vars.apply(name);
            if (v == null || v.contains(FOUND) || v.indexOf('~') >= 0) {
                return null;
            }
            return new Result(String.valueOf(v.codePointCount(0, v.length())), null);
        }
        Matcher m = NAME.matcher(inner);
        if (!m.lookingAt() || m.end() == inner.length()) {
            return null;
        }
        String name = m.group(1);
        String rest = inner.substring(m.end());
        boolean isUnset = unset.test(name);
        String v = isUnset ? null : vars.apply(name);
        if (v == null && !isUnset) {
            return null;
        }
        if (v != null && v.contains(FOUND)) {
            return foundPath(v, rest);
        }
        boolean positional = Character.isDigit(name.charAt(0));
        // ${x:-w} ${x-w} ${x:=w} ${x=w} ${x:+w} ${x+w} ${x:?w} ${x?w}
        for (String op : new String[] {":-", ":=", ":+", ":?", "-", "=", "+", "?"}) {
            if (rest.startsWith(op)) {
                boolean missing = isUnset || op.startsWith(":") && v.isEmpty();
                char k = op.charAt(op.length() - 1);
                if (missing == (k == '+')) {
                    // bash does not expand the word at all: ${x:-w} of a set x is x, ${x:+w} of a missing x is empty
                    return new Result(missing ? "" : v, null);
                }
                String w = word(rest.substring(op.length()), vars);
                if (w == null) {
                    return null;
                }
                return switch (k) {
                    case '-', '+' -> new Result(w, null);
                    case '?' -> null; // an error: bash stops
                    default -> positional ? null : new Result(w, name);
                };
            }
        }
        if (isUnset) {
            // set -u is not known to be off: any other operator on an unset name may be an error
            return null;
        }
        if (v.length() > MAX_VALUE) {
            return null;
        }
        if (v.indexOf('~') >= 0) {
            return tilde(v, rest);
        }
        if (v.contains("XXX")) {
            // a mktemp path stands for a random name (TempFiles): a pattern may match the real
            // name where it does not match the X's, so only a value used whole is known
            return null;
        }
        if (rest.startsWith(":")) {
            return substring(v, rest.substring(1));
        }
        if (rest.startsWith("%") || rest.startsWith("#")) {
            boolean longest = rest.length() > 1 && rest.charAt(1) == rest.charAt(0);
            String pat = rest.substring(longest ? 2 : 1);
            Pattern p = quotedGlob(pat);
            if (p == null) {
                return null;
            }
            return new Result(removeAffix(v, p, rest.charAt(0) == '#', longest), null);
        }
        if (rest.startsWith("/")) {
            return replace(v, rest.substring(1));
        }
        if (rest.equals("^")) {
            return ascii(v) ? new Result(v.isEmpty() ? v : Character.toUpperCase(v.charAt(0)) + v.substring(1), null) : null;
        }
        if (rest.equals("^^")) {
            return ascii(v) ? new Result(v.toUpperCase(java.util.Locale.ROOT), null) : null;
        }
        if (rest.equals(",")) {
            return ascii(v) ? new Result(v.isEmpty() ? v : Character.toLowerCase(v.charAt(0)) + v.substring(1), null) : null;
        }
        if (rest.equals(",,")) {
            return ascii(v) ? new Result(v.toLowerCase(java.util.Locale.ROOT), null) : null;
        }
        return null;
    }

    /**
     * The value of an operator's word: plain literal text, where {@code $NAME} and
     * {@code ${NAME}} stand for known plain values ({@code ${E:-$D/x}} after {@code D=out});
     * null for anything else (quotes, a tilde, another form, a name without a known value).
     */
    private static String word(String w, Function<String, String> vars) {
        // PLAIN is one character class: the whole result is plain exactly when every literal
        // piece and every value is
        String out = KnownParameters.substitute(w, vars);
        return out != null && PLAIN.matcher(out).matches() ? out : null;
    }

    /**
     * An operator on START/{find}, standing for START or any path under it: only removing a
     * literal suffix without a slash, which START itself does not end with, keeps every real path
     * START or under it ({@code ${1%.ts}}); anything else stays dynamic.
     */
    private static Result foundPath(String v, String rest) {
        if (!v.endsWith("/" + FOUND) || v.indexOf(FOUND) != v.length() - FOUND.length()) {
            return null;
        }
        if (!rest.startsWith("%")) {
            return null;
        }
        String pat = rest.substring(rest.startsWith("%%") ? 2 : 1);
        String start = v.substring(0, v.length() - FOUND.length() - 1);
        if (pat.isEmpty() || !pat.matches("[A-Za-z0-9._,+@=-]+") || pat.matches("\\.*") || start.endsWith(pat)) {
            return null;
        }
        return new Result(v, null);
    }

    /**
     * An operator on a value that holds a tilde ({@code h=~/x} is the home directory's path, which
     * the value keeps as {@code ~}): only a shortest suffix removal ({@code ${h%/}}) that leaves
     * the tilde-prefix whole matches as on the real path; anything else stays dynamic.
     */
    private static Result tilde(String v, String rest) {
        if (!v.startsWith("~") || !rest.startsWith("%") || rest.startsWith("%%")) {
            return null;
        }
        Pattern p = quotedGlob(rest.substring(1));
        if (p == null) {
            return null;
        }
        int slash = v.indexOf('/');
        String prefix = slash < 0 ? v : v.substring(0, slash);
        String r = removeAffix(v, p, false, false);
        return r.startsWith(prefix) ? new Result(r, null) : null;
    }

    private static boolean ascii(String v) {
        return v.chars().allMatch(c -> c < 128);
    }

    /** {@code ${x:off}}, {@code ${x:off:len}} with literal integers; null on what bash rejects. */
    private static Result substring(String v, String spec) {
        String s = spec.stripLeading();
        String off = s;
        String len = null;
        int colon = s.indexOf(':');
        if (colon >= 0) {
            off = s.substring(0, colon).strip();
            len = s.substring(colon + 1).strip();
        } else {
            off = s.strip();
        }
        if (!INTEGER.matcher(off).matches() || len != null && !INTEGER.matcher(len).matches()) {
            return null;
        }
        if (!ascii(v)) {
            return null;
        }
        int n = v.length();
        int o = Integer.parseInt(off);
        if (o < 0) {
            o = n + o;
            if (o < 0) {
                return new Result("", null);
            }
        }
        if (o > n) {
            return new Result("", null);
        }
        int end = n;
        if (len != null) {
            int l = Integer.parseInt(len);
            if (l < 0) {
                end = n + l;
                if (end < o) {
                    return null; // bash: substring expression < 0
                }
            } else {
                end = (int) Math.min((long) o + l, n);
            }
        }
        return new Result(v.substring(o, end), null);
    }

    /**
     * Bash's affix removal, {@code ${x#p}}, {@code ${x##p}}, {@code ${x%p}}, {@code ${x%%p}}: the
     * shortest or longest prefix or suffix of {@code v} that the glob {@code p} (as a regular
     * expression) matches, taken off; {@code v} itself when none matches. The engine's path
     * resolution ({@code ${HOME%/*}}) uses it too.
     */
    public static String removeAffix(String v, Pattern p, boolean prefix, boolean longest) {
        int n = v.length();
        if (prefix) {
            for (int k = longest ? n : 0; longest ? k >= 0 : k <= n; k += longest ? -1 : 1) {
                if (p.matcher(v.substring(0, k)).matches()) {
                    return v.substring(k);
                }
            }
        } else {
            for (int k = longest ? 0 : n; longest ? k <= n : k >= 0; k += longest ? 1 : -1) {
                if (p.matcher(v.substring(k)).matches()) {
                    return v.substring(0, k);
                }
            }
        }
        return v;
    }

    /** {@code ${x/p/r}}, {@code ${x//p/r}}, {@code ${x/#p/r}}, {@code ${x/%p/r}} (spec after the first slash). */
    private static Result replace(String v, String spec) {
        char mode = 0;
        String s = spec;
        if (s.startsWith("/") || s.startsWith("#") || s.startsWith("%")) {
            mode = s.charAt(0);
            s = s.substring(1);
        }
        int slash = unquotedSlash(s);
        String pat = slash < 0 ? s : s.substring(0, slash);
        String rep = slash < 0 ? "" : s.substring(slash + 1);
        if (slash == -2 || !PLAIN.matcher(rep).matches() || pat.isEmpty() || v.isEmpty()) {
            // an empty pattern: bash leaves the value (or, for # and %, inserts rep); not worth the doubt
            return null;
        }
        Pattern p = quotedGlob(pat);
        if (p == null) {
            return null;
        }
        int n = v.length();
        if (mode == '#') {
            for (int k = n; k >= 0; k--) {
                if (p.matcher(v.substring(0, k)).matches()) {
                    return new Result(rep + v.substring(k), null);
                }
            }
            return new Result(v, null);
        }
        if (mode == '%') {
            for (int k = 0; k <= n; k++) {
                if (p.matcher(v.substring(k)).matches()) {
                    return new Result(v.substring(0, k) + rep, null);
                }
            }
            return new Result(v, null);
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        boolean done = false;
        while (i < n) {
            int match = -1;
            if (!done) {
                for (int k = n; k > i; k--) {
                    if (p.matcher(v.substring(i, k)).matches()) {
                        match = k;
                        break;
                    }
                }
            }
            if (match < 0) {
                out.append(v.charAt(i));
                i++;
            } else {
                out.append(rep);
                i = match;
                done = mode != '/';
            }
        }
        return new Result(out.toString(), null);
    }

    /**
     * The index of the first slash of {@code s} outside quotes and not escaped; -1 when there is
     * none, -2 when a quote is not closed.
     */
    private static int unquotedSlash(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '\'' || c == '"') {
                int close = s.indexOf(c, i + 1);
                if (close < 0) {
                    return -2;
                }
                i = close;
            } else if (c == '/') {
                return i;
            }
        }
        return -1;
    }

    /**
     * A glob pattern whose parts may be quoted ({@code "/"*}, {@code 'a'}, {@code \/.git}): a
     * quoted or escaped part matches itself literally, as in bash, the rest is read by
     * {@link #glob}. Quotes inside the braces quote the pattern also when the whole expansion
     * stands in double quotes (POSIX; bash expands the pattern with {@code Q_PATQUOTE}). Null for
     * what is not certain: an expansion or escape inside double quotes, a quote not closed, a
     * part {@link #glob} rejects (a bracket expression cut by a quote among them).
     */
    static Pattern quotedGlob(String pat) {
        if (PLAIN_GLOB.matcher(pat).matches()) {
            return glob(pat);
        }
        StringBuilder re = new StringBuilder();
        StringBuilder plain = new StringBuilder();
        int n = pat.length();
        for (int i = 0; i < n; i++) {
            char c = pat.charAt(i);
            String literal;
            if (c == '\\' && i + 1 < n) {
                literal = String.valueOf(pat.charAt(++i));
            } else if (c == '"' || c == '\'') {
                int close = pat.indexOf(c, i + 1);
                if (close < 0) {
                    return null;
                }
                literal = pat.substring(i + 1, close);
                if (c == '"' && (literal.indexOf('$') >= 0 || literal.indexOf('`') >= 0 || literal.indexOf('\\') >= 0)) {
                    return null;
                }
                i = close;
            } else {
                plain.append(c);
                continue;
            }
            if (!appendGlob(plain, re)) {
                return null;
            }
            literal.codePoints().forEach(cp -> re.append("\\x{").append(Integer.toHexString(cp)).append('}'));
        }
        return appendGlob(plain, re) ? Pattern.compile(re.toString(), Pattern.DOTALL) : null;
    }

    /** Appends the unquoted part gathered in {@code plain} as read by {@link #glob}; false when it rejects it. */
    private static boolean appendGlob(StringBuilder plain, StringBuilder re) {
        if (plain.length() == 0) {
            return true;
        }
        Pattern p = glob(plain.toString());
        plain.setLength(0);
        if (p == null) {
            return false;
        }
        re.append(p.pattern());
        return true;
    }

    /**
     * A glob pattern of plain text as a regular expression: {@code *}, {@code ?}, {@code […]},
     * {@code [!…]}, {@code [^…]} with ranges; null for what is not certain (character classes,
     * equivalence classes, a nonsensical range).
     */
    static Pattern glob(String pat) {
        if (!PLAIN_GLOB.matcher(pat).matches()) {
            return null;
        }
        StringBuilder re = new StringBuilder();
        int n = pat.length();
        for (int i = 0; i < n; i++) {
            char c = pat.charAt(i);
            if (c == '*') {
                re.append(".*");
            } else if (c == '?') {
                re.append('.');
            } else if (c == '[') {
                int j = i + 1;
                boolean negate = j < n && (pat.charAt(j) == '!' || pat.charAt(j) == '^');
                if (negate) {
                    j++;
                }
                int first = j;
                if (j < n && pat.charAt(j) == ']') {
                    j++;
                }
                while (j < n && pat.charAt(j) != ']') {
                    if (pat.charAt(j) == '[') {
                        return null; // [:class:], [=e=], [.c.] or a nested bracket: not certain
                    }
                    j++;
                }
                if (j >= n) {
                    return null; // an unclosed bracket: bash matches it literally; not worth the doubt
                }
                String set = pat.substring(first, j);
                StringBuilder cls = new StringBuilder(negate ? "[^" : "[");
                for (int k = 0; k < set.length(); k++) {
                    char a = set.charAt(k);
                    if (k + 2 < set.length() && set.charAt(k + 1) == '-') {
                        char b = set.charAt(k + 2);
                        if (b < a || !(Character.isLetterOrDigit(a) && Character.isLetterOrDigit(b))) {
                            return null;
                        }
                        cls.append("\\x{").append(Integer.toHexString(a)).append('}')
                                .append('-').append("\\x{").append(Integer.toHexString(b)).append('}');
                        k += 2;
                    } else {
                        cls.append("\\x{").append(Integer.toHexString(a)).append('}');
                    }
                }
                re.append(cls).append(']');
                i = j;
            } else {
                re.append("\\x{").append(Integer.toHexString(c)).append('}');
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
