package dev.shellwarden.grammar;

import java.util.BitSet;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Quote removal for one bash word: turns its source text into a {@link Word}.
 *
 * <p>INVARIANT: a word is literal only when every expansion in it was resolved from a literal
 * assignment earlier in the same text; anything else is reported dynamic, its source text kept in
 * place of the value.
 */
final class BashWords {

    /**
     * A decoded word plus, for each character of its text, whether it came from unquoted source
     * (only those take part in brace expansion).
     */
    record Decoded(Word word, BitSet unquoted, boolean malformed, Set<String> assigned, Map<String, String> values,
            Map<String, String> candidates) {
        Decoded(Word word, BitSet unquoted, boolean malformed) {
            this(word, unquoted, malformed, Set.of(), Map.of(), Map.of());
        }
    }

    private BashWords() {
    }

    /** Decodes a word with no nested constructs known and no variables (tests, delimiters). */
    static Word decode(String raw) {
        return decode(raw, 0, Map.of(), name -> null).word();
    }

    /**
     * Decodes the source text of a word.
     *
     * @param raw   the word's source text
     * @param base  the offset of {@code raw} in the text the lexer saw
     * @param skips end offset (exclusive) of each nested construct, by the offset of its opener
     * @param vars  literal values of variables assigned earlier in the text, or null when unknown
     */
    static Decoded decode(String raw, int base, Map<Integer, Integer> skips, Function<String, String> vars) {
        return decode(raw, base, skips, vars, true);
    }

    /**
     * Decodes the source text of a word; with {@code defaultIfs} false (the text assigns
     * {@code IFS}) an unquoted variable is never resolved, since its word splitting is unknown
     * ({@code IFS=,; c=rm,-rf,/; $c} is three words).
     */
    static Decoded decode(String raw, int base, Map<Integer, Integer> skips, Function<String, String> vars, boolean defaultIfs) {
        return decode(raw, base, skips, vars, name -> null, defaultIfs);
    }

    /**
     * Decodes the source text of a word; {@code targets} gives the variable a nameref stands for
     * ({@code declare -n r=HOME}), so that {@code $r} without a known value reads {@code ${HOME}},
     * never the literal name.
     */
    static Decoded decode(String raw, int base, Map<Integer, Integer> skips, Function<String, String> vars,
            Function<String, String> targets, boolean defaultIfs) {
        return decode(raw, base, skips, vars, targets, name -> false, defaultIfs, false);
    }

    /**
     * Decodes the source text of a word; {@code unset} tells the names known to be unset, and
     * with {@code operators} the operator forms of known parameters ({@code ${x%.ts}},
     * {@code ${x:-w}}) are resolved (see {@link ParameterOperators}). {@link Decoded#assigned}
     * names the variables a {@code ${x:=w}} or {@code ${x=w}} in the word may assign.
     */
    static Decoded decode(String raw, int base, Map<Integer, Integer> skips, Function<String, String> vars,
            Function<String, String> targets, java.util.function.Predicate<String> unset, boolean defaultIfs,
            boolean operators) {
        State s = new State(raw, base, skips, vars, targets, defaultIfs);
        s.unset = unset;
        s.operators = operators;
        int n = raw.length();
        int i = 0;
        while (i < n) {
            char c = raw.charAt(i);
            if (c == '$' && i + 1 < n && raw.charAt(i + 1) == '\'') {
                int end = ansiEnd(raw, i + 2);
                s.quoted(AnsiC.decode(raw.substring(i + 2, end)));
                s.features.add(WordFeature.ANSI_C);
                i = Math.min(end + 1, n);
            } else if (c == '$' && i + 1 < n && raw.charAt(i + 1) == '"') {
                i = s.doubleQuoted(i + 1);
            } else if (c == '\'') {
                int end = raw.indexOf('\'', i + 1);
                end = end < 0 ? n : end;
                s.quoted(raw.substring(i + 1, end));
                s.features.add(WordFeature.SINGLE_QUOTED);
                i = Math.min(end + 1, n);
            } else if (c == '"') {
                i = s.doubleQuoted(i);
            } else if (c == '\\') {
                if (i + 1 < n) {
                    if (raw.charAt(i + 1) != '\n') {
                        s.quoted(String.valueOf(raw.charAt(i + 1)));
                    }
                    s.features.add(WordFeature.ESCAPED);
                } else {
                    s.quoted("\\");
                }
                i += 2;
            } else if (c == '$' || c == '`' || (c == '<' || c == '>') && i + 1 < n && raw.charAt(i + 1) == '(') {
                i = s.expansion(i, false);
            } else {
                if (c == '*' || c == '?' || c == '[') {
                    s.features.add(WordFeature.GLOB);
                } else if (c == '~' && i == 0) {
                    s.features.add(WordFeature.TILDE);
                }
                s.unquoted(c);
                i++;
            }
        }
        String text = s.out.toString();
        if (text.startsWith("~") && literalTilde(raw)) {
            s.features.add(WordFeature.LITERAL_TILDE);
        }
        return new Decoded(new Word(text, raw, s.literal, s.features), s.mask, s.malformed, Set.copyOf(s.assigned),
                Map.copyOf(s.values), Map.copyOf(s.candidates));
    }

    /**
     * True when bash leaves the word's leading {@code ~} alone: the tilde itself is quoted or
     * escaped, or quoting appears in the tilde-prefix (before the first unquoted slash).
     */
    private static boolean literalTilde(String raw) {
        if (!raw.startsWith("~")) {
            // quoted or escaped itself; a tilde that came out of a variable keeps the home reading
            // (fail closed: `h=~; rm -rf $h` is the home directory)
            return raw.startsWith("\"~") || raw.startsWith("'~") || raw.startsWith("\\~");
        }
        for (int i = 1; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '/') {
                return false;
            }
            if (c == '"' || c == '\'' || c == '\\' || c == '$') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code ${NAME:=w}}, {@code ${NAME=w}}, also nested in another expansion: the expansion may
     * assign NAME; with {@code !} ({@code ${!ref:=w}}) the variable ref names, any of them.
     */
    private static final java.util.regex.Pattern ASSIGNING =
            java.util.regex.Pattern.compile("\\{(!?)([A-Za-z_][A-Za-z0-9_]*)(?:\\[[^]]*])?:?=");

    /**
     * {@code ${NAME:=w}}, {@code ${NAME=w}} of a plain variable and a plain word (see {@link ParameterOperators}),
     * or a word that is the home directory or a path below it ({@code ~}, {@code ~/x}: kept as
     * {@code ~}, which a word reads as the home directory; other tilde-prefixes are not read).
     */
    private static final java.util.regex.Pattern CANDIDATE =
            java.util.regex.Pattern.compile("([A-Za-z_][A-Za-z0-9_]*):?=((?:~(?![^/]))?[A-Za-z0-9._/,:+=@%^#-]*)");

    /** {@code ${0}}, {@code ${1}}, {@code ${12}}, {@code ${a[0]}}: a positional parameter or one element of an array by number. */
    private static final java.util.regex.Pattern POSITIONAL =
            java.util.regex.Pattern.compile("0|[1-9][0-9]{0,5}|[A-Za-z_][A-Za-z0-9_]*\\[(?:0|[1-9][0-9]{0,5})]"); // a[010] is a[8] to bash

    /** Mutable decoding state. */
    private static final class State {
        final String raw;
        final int base;
        final Map<Integer, Integer> skips;
        final Function<String, String> vars;
        final Function<String, String> targets;
        final StringBuilder out = new StringBuilder();
        final BitSet mask = new BitSet();
        final Set<WordFeature> features = EnumSet.noneOf(WordFeature.class);
        boolean literal = true;
        /** Set when an expansion's inside is one bash would reject ({@code ${foo;}}, {@code $((1 +))}). */
        boolean malformed;

        /** False when the text changes IFS: then unquoted expansions split in unknown ways. */
        final boolean defaultIfs;
        /** Names known to be unset. */
        java.util.function.Predicate<String> unset = name -> false;
        /** True when operator forms of known parameters are resolved. */
        boolean operators;
        /** Variables a {@code ${x:=w}} or {@code ${x=w}} may assign. */
        final Set<String> assigned = new java.util.HashSet<>();
        /** True after an arithmetic expansion that assigns or increments ({@code $((d=7200))}). */
        boolean arithmeticAssigned;
        /** Of those, the ones certainly assigned, with their values (the variable was known unset or empty). */
        final Map<String, String> values = new java.util.HashMap<>();
        /**
         * Of those, the ones whose value was not known (it may come from the environment): after
         * the word the variable holds its old value or the operator's word, its candidate.
         */
        final Map<String, String> candidates = new java.util.HashMap<>();

        State(String raw, int base, Map<Integer, Integer> skips, Function<String, String> vars,
                Function<String, String> targets, boolean defaultIfs) {
            this.defaultIfs = defaultIfs;
            this.targets = targets;
            this.raw = raw;
            this.base = base;
            this.skips = skips;
            this.vars = vars;
        }

        void quoted(String text) {
            out.append(text);
        }

        void unquoted(char c) {
            mask.set(out.length());
            out.append(c);
        }

        /** Decodes {@code "…"} starting at the quote; returns the index after the closing quote. */
        int doubleQuoted(int open) {
            features.add(WordFeature.DOUBLE_QUOTED);
            int n = raw.length();
            int i = open + 1;
            while (i < n && raw.charAt(i) != '"') {
                char d = raw.charAt(i);
                if (d == '\\' && i + 1 < n && "$`\"\\\n".indexOf(raw.charAt(i + 1)) >= 0) {
                    if (raw.charAt(i + 1) != '\n') {
                        out.append(raw.charAt(i + 1));
                    }
                    features.add(WordFeature.ESCAPED);
                    i += 2;
                } else if (d == '$' || d == '`') {
                    i = expansion(i, true);
                } else {
                    out.append(d);
                    i++;
                }
            }
            return i + 1;
        }

        /** An expansion at {@code i}; resolves simple parameters, keeps anything else as source. */
        int expansion(int i, boolean inQuotes) {
            int n = raw.length();
            char c = raw.charAt(i);
            Integer end = skips.get(base + i);
            if (c == '`') {
                return dynamic(i, end != null ? end - base : closingBacktick(i), WordFeature.COMMAND_SUBSTITUTION);
            }
            if (c == '<' || c == '>') {
                return dynamic(i, end != null ? end - base : n, WordFeature.PROCESS_SUBSTITUTION);
            }
            if (i + 1 >= n) {
                out.append('$');
                return i + 1;
            }
            char d = raw.charAt(i + 1);
            if (d == '(') {
                boolean arith = raw.startsWith("$((", i) && end != null && raw.startsWith("))", end - base - 2);
                if (arith && !ExpansionCheck.arithmetic(raw.substring(i + 3, Math.max(i + 3, end - base - 2)))) {
                    malformed = true;
                }
                if (arith && !malformed && computed(raw.substring(i + 3, end - base - 2), inQuotes)) {
                    return end - base; // `sleep $((2*3600))`: the number it computes, as typed
                }
                return dynamic(i, end != null ? end - base : n,
                        arith ? WordFeature.ARITHMETIC : WordFeature.COMMAND_SUBSTITUTION);
            }
            if (d == '{' && i + 2 < n && " \t\n|".indexOf(raw.charAt(i + 2)) >= 0) {
                // bash 5.3's `${ list; }` and `${| list; }` (the lexer's FUNSUB_OPEN): command output
                return dynamic(i, end != null ? end - base : n, WordFeature.COMMAND_SUBSTITUTION);
            }
            if (d == '{') {
                int e = end != null ? end - base : closingBrace(i);
                String inner = raw.substring(Math.min(i + 2, e), Math.max(i + 2, e - 1));
                if (!ExpansionCheck.parameter(inner)) {
                    malformed = true;
                }
                String name = referencedName(inner);
                if (name != null) {
                    return reference(name, i, e, inQuotes);
                }
                ParameterOperators.Result r = operators && !malformed
                        ? ParameterOperators.apply(inner, this::known, this::isUnset) : null;
                if (r == null || r.assigned() != null) {
                    // a resolved form on a value that is not missing assigns nothing
                    java.util.regex.Matcher am = ASSIGNING.matcher("{" + inner);
                    while (am.find()) {
                        assigned.add(am.group(1).isEmpty() ? am.group(2) : "*");
                    }
                }
                if (r != null && r.assigned() != null) {
                    // ${x:=w} of x known unset (or empty): x is w from here on
                    values.put(r.assigned(), r.value());
                } else if (r == null && operators && !malformed) {
                    java.util.regex.Matcher cm = CANDIDATE.matcher(inner);
                    // in double quotes bash expands no tilde: "${D:=~}" assigns a literal ~, no candidate
                    if (cm.matches() && !(inQuotes && cm.group(2).startsWith("~")) && known(cm.group(1)) == null
                            && !isUnset(cm.group(1)) && targets.apply(cm.group(1)) == null
                            && !candidates.containsKey(cm.group(1))) {
                        candidates.put(cm.group(1), cm.group(2));
                    }
                }
                if (r != null && value(r.value(), inQuotes)) {
                    // for ${x:=w} the value is w; x itself is forgotten after the word (see assigned)
                    return e;
                }
                return dynamic(i, e, WordFeature.PARAMETER);
            }
            int j = i + 1;
            if (Character.isLetter(d) && d < 128 || d == '_') {
                while (j < n && (raw.charAt(j) < 128 && Character.isLetterOrDigit(raw.charAt(j)) || raw.charAt(j) == '_')) {
                    j++;
                }
                return reference(raw.substring(i + 1, j), i, j, inQuotes);
            }
            if (d >= '0' && d <= '9') {
                // a positional parameter, known after `set -- W…`; $0 and the parameters of `sh -c SCRIPT NAME ARG…`
                return reference(String.valueOf(d), i, i + 2, inQuotes);
            }
            if (Character.isDigit(d) || "@*#?$!-".indexOf(d) >= 0) {
                return dynamic(i, i + 2, WordFeature.PARAMETER);
            }
            if (d == '[') {
                int e = raw.indexOf(']', i);
                if (e < 0 || !ExpansionCheck.arithmetic(raw.substring(i + 2, e))) {
                    malformed = true;
                } else if (computed(raw.substring(i + 2, e), inQuotes)) {
                    return e + 1; // the old form `$[2*3600]`
                }
                return dynamic(i, e < 0 ? n : e + 1, WordFeature.ARITHMETIC);
            }
            out.append('$');
            return i + 1;
        }

        /**
         * The variable {@code ${inner}} reads as a whole: {@code NAME}, or for {@code ${!NAME}} the
         * variable named by NAME's known value; null for any other form.
         */
        private String referencedName(String inner) {
            if (dev.shellwarden.grammar.bash.Names.isIdentifier(inner) || POSITIONAL.matcher(inner).matches()) {
                return inner;
            }
            if (inner.startsWith("!") && dev.shellwarden.grammar.bash.Names.isIdentifier(inner, 1, inner.length())) {
                String named = vars.apply(inner.substring(1));
                return named != null && dev.shellwarden.grammar.bash.Names.isIdentifier(named) ? named : null;
            }
            return null;
        }

        /**
         * A reference to variable {@code name} spanning {@code raw[from, to)}: its known value, or
         * a dynamic part; for a nameref the part names its target ({@code ${HOME}}), which the rules
         * read like the target itself.
         */
        private int reference(String name, int from, int to, boolean inQuotes) {
            if (resolve(name, inQuotes)) {
                return to;
            }
            String target = targets.apply(name);
            if (target == null && raw.startsWith("${!", from)) {
                target = name;
            }
            if (target == null) {
                return dynamic(from, to, WordFeature.PARAMETER);
            }
            out.append("${").append(target).append('}');
            literal = false;
            features.add(WordFeature.PARAMETER);
            return to;
        }

        /** A known value as the word reads it at this point. */
        private String current(String name) {
            return assigned.isEmpty() && !arithmeticAssigned ? vars.apply(name) : known(name);
        }

        /** A known value, unless an earlier {@code ${x:=w}} or arithmetic assignment in this word may have assigned it. */
        private String known(String name) {
            if (arithmeticAssigned) {
                return null;
            }
            if (values.containsKey(name)) {
                return values.get(name);
            }
            String base = name.indexOf('[') > 0 ? name.substring(0, name.indexOf('[')) : name;
            return assigned.contains(name) || assigned.contains(base) || assigned.contains("*") ? null : vars.apply(name);
        }

        private boolean isUnset(String name) {
            String base = name.indexOf('[') > 0 ? name.substring(0, name.indexOf('[')) : name;
            return !arithmeticAssigned && !assigned.contains(name) && !assigned.contains(base) && !assigned.contains("*") && unset.test(name);
        }

        /**
         * Appends the value of arithmetic {@code expr} when {@link Arithmetic} computes it over
         * bash's integer grammar and variables whose value is known; false (nothing appended) otherwise,
         * and the expansion stays dynamic as before.
         */
        private boolean computed(String expr, boolean inQuotes) {
            String v = Arithmetic.bash(expr, this::current);
            // `$((d=7200))$((d))`: the walker forgets after the word (wordArithmeticAssignments);
            // within it, every later reading is unknown
            arithmeticAssigned |= BashArithmetic.assigns(expr);
            return value(v, inQuotes);
        }

        private boolean resolve(String name, boolean inQuotes) {
            return value(current(name), inQuotes);
        }

        /** Appends a known value that is one word as it stands (quoted, or unquoted and not split or globbed). */
        private boolean value(String v, boolean inQuotes) {
            if (v == null) {
                return false;
            }
            if (!inQuotes && (!defaultIfs || v.isEmpty() || v.chars().anyMatch(ch -> " \t\n*?[".indexOf(ch) >= 0))) {
                // Unquoted, the value would be split or globbed: not a single known word.
                return false;
            }
            out.append(v);
            features.add(WordFeature.RESOLVED_VARIABLE);
            return true;
        }

        private int dynamic(int from, int to, WordFeature feature) {
            int t = Math.max(from + 1, Math.min(to, raw.length()));
            out.append(raw, from, t);
            literal = false;
            features.add(feature);
            return t;
        }

        /**
         * The end (exclusive) of the {@code ${…}} opening at {@code i} when the lexer gave none: a
         * value's text read again on its own ({@code U="https://x.example/?t=${GITHUB_TOKEN}"}) has
         * no lexer offsets, and taking the rest of the text as the parameter (the old reading) made
         * every braced parameter before a word's end unknown. Nested braces count; a backslash
         * escapes; quoted text inside is skipped. Without a closing brace, the rest of the text.
         */
        private int closingBrace(int i) {
            int depth = 0;
            int j = i + 1;
            while (j < raw.length()) {
                char ch = raw.charAt(j);
                if (ch == '\\') {
                    j += 2;
                    continue;
                }
                if (ch == '\'') {
                    int q = raw.indexOf('\'', j + 1);
                    j = q < 0 ? raw.length() : q + 1;
                    continue;
                }
                if (ch == '{') {
                    depth++;
                } else if (ch == '}' && --depth == 0) {
                    return j + 1;
                }
                j++;
            }
            return raw.length();
        }

        private int closingBacktick(int i) {
            int j = i + 1;
            while (j < raw.length() && raw.charAt(j) != '`') {
                j += raw.charAt(j) == '\\' ? 2 : 1;
            }
            return Math.min(j + 1, raw.length());
        }
    }

    private static int ansiEnd(String raw, int from) {
        int i = from;
        while (i < raw.length() && raw.charAt(i) != '\'') {
            i += raw.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i, raw.length());
    }
}
