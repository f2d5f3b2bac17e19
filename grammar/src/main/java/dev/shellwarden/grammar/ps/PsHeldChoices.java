package dev.shellwarden.grammar.ps;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every value a PowerShell right-hand side may give when it chooses between expressions or
 * computes one in a form {@link PsHeldValue#evaluate} does not read: an {@code if}/{@code elseif}/
 * {@code else} or a {@code switch} gives each branch's value, the ternary {@code c ? a : b} both,
 * {@code a ?? b} both (only {@code b} for a literal {@code $null}), {@code 'fmt' -f literals} its
 * text, {@code LIST | Select-Object -First/-Last 1} the item it picks, and {@code { e }.Invoke()},
 * {@code & { e }} the block's one expression.
 *
 * <p>WHY: {@code $d = if ($x) { 7200 } else { 1 }; Start-Sleep $d} sleeps two hours on one branch;
 * read as one unknown value, a sleep of it had to fail closed, which also denied every benign
 * short sleep so computed. The candidates go to {@link PsHeldNumbers}, which judges the worst one
 * (the longest wait) and nothing when the candidates differ in kind.
 *
 * <p>INVARIANT (fail closed): every branch must be read, or the whole is null (not read); a
 * branch body of more than one expression ({@code { 5; break }}) is not read. A branch that may
 * give no value at all (an {@code if} without {@code else}, a {@code switch} with no match)
 * leaves {@code $null}, which is no wait and no path, so it adds no candidate.
 */
final class PsHeldChoices {

    /** The most candidates followed; more are not read. */
    private static final int MOST = 64;
    /** How deep choices nest before they are not read. */
    private static final int DEEPEST = 8;

    private static final Pattern IF = Pattern.compile("(?i)^if(?![A-Za-z0-9_-])");
    private static final Pattern ELSEIF = Pattern.compile("(?i)^elseif(?![A-Za-z0-9_-])");
    private static final Pattern ELSE = Pattern.compile("(?i)^else(?![A-Za-z0-9_-])");
    private static final Pattern SWITCH = Pattern.compile("(?i)^switch((?:\\s+-[A-Za-z]+)*)\\s*(?=\\()");
    /** The switch options read here: they change only which branches match, not what they give. */
    private static final Pattern SWITCH_OPTIONS = Pattern.compile("(?i)(?:\\s+-(?:regex|wildcard|exact|casesensitive))*");
    /** {@code Select-Object -First N}/{@code -Last N} as the last stage of a pipeline. */
    private static final Pattern SELECT = Pattern.compile("(?i)^(?:select-object|select)\\s+-(first|last)\\s+(\\d{1,4})$");
    /** A script block run where it stands: {@code { … }.Invoke()}, {@code & { … }}, {@code . { … }}. */
    private static final Pattern INVOKE = Pattern.compile("(?i)^\\.invoke\\(\\s*\\)$");
    private static final Pattern CALL = Pattern.compile("^[&.]\\s*(?=\\{)");
    /** A format operand read here: a string without expansions, a number or a plain variable. */
    private static final Pattern FORMAT_OPERAND = Pattern.compile("(?i)^(?:'(?:[^']|'')*'|\"[^\"$`]*\"|[-+]?[0-9.]+|\\$[A-Za-z_][A-Za-z0-9_]*)$");
    private static final Pattern FORMAT_OPERATOR = Pattern.compile("(?i)(?<=[\\s'\")])-f(?=\\s)");

    private PsHeldChoices() {
    }

    /**
     * The values {@code src} may give, each read by {@link PsHeldValue#evaluate} with {@code
     * variable}; null when not read.
     */
    static Set<PsHeldValue> of(String src, Function<String, PsHeldValue> variable) {
        return of(src, variable, 0);
    }

    private static Set<PsHeldValue> of(String src, Function<String, PsHeldValue> variable, int depth) {
        String s = src.strip();
        if (depth > DEEPEST || s.isEmpty()) {
            return null;
        }
        PsHeldValue one = PsHeldValue.evaluate(s, variable);
        if (one != null) {
            return Set.of(one);
        }
        Set<PsHeldValue> r;
        if (IF.matcher(s).lookingAt()) {
            r = ifBranches(s, variable, depth);
        } else if (SWITCH.matcher(s).lookingAt()) {
            r = switchBranches(s, variable, depth);
        } else if (s.startsWith("{") || CALL.matcher(s).lookingAt()) {
            r = block(s, variable, depth);
        } else if (topLevel(s, "|") >= 0) {
            r = selected(s, variable);
        } else {
            r = operators(s, variable, depth);
        }
        return r == null || r.isEmpty() || r.size() > MOST ? null : r;
    }

    /** {@code if (c) { a } elseif (c) { b } else { c }}: each branch's values. */
    private static Set<PsHeldValue> ifBranches(String s, Function<String, PsHeldValue> variable, int depth) {
        Set<PsHeldValue> all = new LinkedHashSet<>();
        int at = 2;
        while (true) {
            at = blanks(s, at);
            if (at >= s.length() || s.charAt(at) != '(') {
                return null;
            }
            at = blanks(s, close(s, at) + 1);
            int end = at < s.length() && s.charAt(at) == '{' ? close(s, at) : -1;
            if (!addBranch(all, s, at, end, variable, depth)) {
                return null;
            }
            at = blanks(s, end + 1);
            String rest = s.substring(at);
            if (rest.isEmpty()) {
                return all;
            }
            Matcher elseif = ELSEIF.matcher(rest);
            if (elseif.lookingAt()) {
                at += elseif.end();
                continue;
            }
            Matcher otherwise = ELSE.matcher(rest);
            if (!otherwise.lookingAt()) {
                return null;
            }
            at = blanks(s, at + otherwise.end());
            end = at < s.length() && s.charAt(at) == '{' ? close(s, at) : -1;
            if (!addBranch(all, s, at, end, variable, depth) || blanks(s, end + 1) != s.length()) {
                return null;
            }
            return all;
        }
    }

    /** {@code switch (x) { 1 { a } 'b' { b } default { c } }}: each branch's values. */
    private static Set<PsHeldValue> switchBranches(String s, Function<String, PsHeldValue> variable, int depth) {
        Matcher m = SWITCH.matcher(s);
        if (!m.lookingAt() || !SWITCH_OPTIONS.matcher(m.group(1)).matches()) {
            return null;
        }
        int at = blanks(s, close(s, m.end()) + 1);
        if (at >= s.length() || s.charAt(at) != '{' || close(s, at) != s.length() - 1) {
            return null;
        }
        Set<PsHeldValue> all = new LinkedHashSet<>();
        int end = s.length() - 1;
        at++;
        while (true) {
            while (at < end && (Character.isWhitespace(s.charAt(at)) || s.charAt(at) == ';')) {
                at++;
            }
            if (at >= end) {
                return all;
            }
            // the label: a condition block, a quoted string or a word
            char c = s.charAt(at);
            if (c == '{') {
                at = close(s, at) + 1;
            } else if (c == '\'' || c == '"') {
                int q = s.indexOf(c, at + 1);
                at = q < 0 ? -1 : q + 1;
            } else {
                while (at < end && !Character.isWhitespace(s.charAt(at)) && s.charAt(at) != '{') {
                    at++;
                }
            }
            if (at <= 0 || at >= end) {
                return null;
            }
            at = blanks(s, at);
            int body = at < end && s.charAt(at) == '{' ? close(s, at) : -1;
            if (body < 0 || body >= end || !addBranch(all, s, at, body, variable, depth)) {
                return null;
            }
            at = body + 1;
        }
    }

    /** {@code { e }.Invoke()}, {@code & { e }}: the block's one expression. */
    private static Set<PsHeldValue> block(String s, Function<String, PsHeldValue> variable, int depth) {
        Matcher call = CALL.matcher(s);
        int open = call.lookingAt() ? call.end() : 0;
        int end = close(s, open);
        if (end < 0) {
            return null;
        }
        String after = s.substring(end + 1).strip();
        if (open == 0 ? !INVOKE.matcher(after).matches() : !after.isEmpty()) {
            return null;
        }
        return of(s.substring(open + 1, end), variable, depth + 1);
    }

    /** {@code LIST | Select-Object -First 1} (or {@code -Last 1}): the one item it picks. */
    private static Set<PsHeldValue> selected(String s, Function<String, PsHeldValue> variable) {
        int bar = topLevel(s, "|");
        Matcher select = SELECT.matcher(s.substring(bar + 1).strip());
        if (!select.matches() || Integer.parseInt(select.group(2)) != 1) {
            // more than one item is an array, none is $null: neither is one value read here
            return null;
        }
        List<PsHeldValue> items = PsHeldValue.items("(" + s.substring(0, bar) + ")", variable);
        if (items == null || items.isEmpty()) {
            return null;
        }
        PsHeldValue v = select.group(1).equalsIgnoreCase("first") ? items.get(0) : items.get(items.size() - 1);
        return v == null ? null : Set.of(v);
    }

    /** The ternary, {@code ??} and {@code -f} at the top level of {@code s}. */
    private static Set<PsHeldValue> operators(String s, Function<String, PsHeldValue> variable, int depth) {
        int coalesce = topLevel(s, "??");
        if (coalesce > 0) {
            Set<PsHeldValue> right = of(s.substring(coalesce + 2), variable, depth + 1);
            String left = s.substring(0, coalesce).strip();
            if (left.equalsIgnoreCase("$null") || right == null) {
                return right;
            }
            Set<PsHeldValue> l = of(left, variable, depth + 1);
            return l == null ? null : union(l, right);
        }
        int question = topLevel(s, " ? ");
        if (question > 0) {
            String branches = s.substring(question + 3);
            int colon = topLevel(branches, " : ");
            if (colon < 0 || topLevel(branches.substring(0, colon), " ? ") >= 0) {
                return null;
            }
            Set<PsHeldValue> a = of(branches.substring(0, colon), variable, depth + 1);
            Set<PsHeldValue> b = of(branches.substring(colon + 3), variable, depth + 1);
            return a == null || b == null ? null : union(a, b);
        }
        return format(s, variable);
    }

    /** {@code 'fmt' -f a, b}: the text formatted, each operand a literal or a plain variable. */
    private static Set<PsHeldValue> format(String s, Function<String, PsHeldValue> variable) {
        Matcher f = FORMAT_OPERATOR.matcher(s);
        if (!f.find()) {
            return null;
        }
        PsHeldValue pattern = PsHeldValue.evaluate(s.substring(0, f.start()), variable);
        if (pattern == null || pattern.text() == null) {
            return null;
        }
        List<String> texts = new ArrayList<>();
        for (String item : s.substring(f.end()).split(",", -1)) {
            PsHeldValue v = FORMAT_OPERAND.matcher(item.strip()).matches() ? PsHeldValue.evaluate(item, variable) : null;
            if (v == null) {
                return null;
            }
            texts.add(v.asText());
        }
        String fmt = pattern.text();
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < fmt.length(); k++) {
            char c = fmt.charAt(k);
            if ((c == '{' || c == '}') && k + 1 < fmt.length() && fmt.charAt(k + 1) == c) {
                b.append(c);
                k++;
            } else if (c == '{') {
                int e = fmt.indexOf('}', k);
                String n = e < 0 ? "" : fmt.substring(k + 1, e).strip();
                // an alignment or a format string ({0,5}, {0:N2}) is not read
                if (!n.matches("\\d{1,3}") || Integer.parseInt(n) >= texts.size()) {
                    return null;
                }
                b.append(texts.get(Integer.parseInt(n)));
                k = e;
            } else if (c == '}') {
                return null;
            } else {
                b.append(c);
            }
        }
        PsHeldValue v = PsHeldValue.ofText(b.toString());
        return v == null ? null : Set.of(v);
    }

    private static boolean addBranch(Set<PsHeldValue> all, String s, int open, int end, Function<String, PsHeldValue> variable, int depth) {
        if (open < 0 || end < 0) {
            return false;
        }
        Set<PsHeldValue> v = of(s.substring(open + 1, end), variable, depth + 1);
        if (v == null) {
            return false;
        }
        all.addAll(v);
        return true;
    }

    private static Set<PsHeldValue> union(Set<PsHeldValue> a, Set<PsHeldValue> b) {
        Set<PsHeldValue> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static int blanks(String s, int at) {
        while (at >= 0 && at < s.length() && Character.isWhitespace(s.charAt(at))) {
            at++;
        }
        return at;
    }

    /**
     * The index of the bracket that closes the one at {@code open} ({@code ( [ {}), skipping quoted
     * strings; -1 when there is none.
     */
    static int close(String s, int open) {
        if (open < 0 || open >= s.length() || "([{".indexOf(s.charAt(open)) < 0) {
            return -1;
        }
        int depth = 0;
        for (int k = open; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '\'' || c == '"') {
                k = endOfQuote(s, k);
                if (k < 0) {
                    return -1;
                }
            } else if ("([{".indexOf(c) >= 0) {
                depth++;
            } else if (")]}".indexOf(c) >= 0 && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** The first index of {@code token} outside brackets and quotes, or -1. */
    private static int topLevel(String s, String token) {
        int depth = 0;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '\'' || c == '"') {
                k = endOfQuote(s, k);
                if (k < 0) {
                    return -1;
                }
            } else if ("([{".indexOf(c) >= 0) {
                depth++;
            } else if (")]}".indexOf(c) >= 0) {
                depth--;
            } else if (depth == 0 && s.startsWith(token, k)) {
                return k;
            }
        }
        return -1;
    }

    /** The index of the quote that closes the one at {@code at} ({@code ''} and a backtick escape kept inside); -1 when none. */
    private static int endOfQuote(String s, int at) {
        char q = s.charAt(at);
        for (int k = at + 1; k < s.length(); k++) {
            char c = s.charAt(k);
            if (q == '"' && c == '`') {
                k++;
            } else if (c == q && k + 1 < s.length() && s.charAt(k + 1) == q) {
                k++;
            } else if (c == q) {
                return k;
            }
        }
        return -1;
    }
}
