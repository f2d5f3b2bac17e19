package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Syntax checks bash performs on the inside of constructs the grammar keeps whole: arithmetic
 * ({@code $(( ))}, {@code (( ))}, {@code let}, subscripts), parameter expansions
 * ({@code ${…}}) and conditional expressions ({@code [[ … ]]}). A text bash would reject must
 * never come out static, so a failed check makes the segment a syntax error.
 */
final class ExpansionCheck {

    private ExpansionCheck() {
    }

    // ------------------------------------------------------------------ arithmetic

    private static final List<String> OPS = List.of(
            "<<=", ">>=", "**", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
            "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
            "+", "-", "*", "/", "%", "<", ">", "!", "~", "&", "^", "|", "?", ":", "=", ",", "(", ")");
    private static final Set<String> ASSIGN = Set.of("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=");
    private static final List<Set<String>> BINARY = List.of(
            Set.of("||"), Set.of("&&"), Set.of("|"), Set.of("^"), Set.of("&"), Set.of("==", "!="),
            Set.of("<", ">", "<=", ">="), Set.of("<<", ">>"), Set.of("+", "-"), Set.of("*", "/", "%"), Set.of("**"));

    /** True when {@code expr} is a well-formed bash arithmetic expression. */
    static boolean arithmetic(String expr) {
        List<String> toks = tokens(expr);
        if (toks == null || toks.isEmpty()) {
            return false;
        }
        Arith p = new Arith(toks);
        return p.expr() && p.i == toks.size();
    }

    /** Tokens: "n" for a number or expansion, "id" for an identifier (an lvalue), or the operator. */
    private static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
            } else if (c == '\\' && i + 1 < n && s.charAt(i + 1) == '\n') {
                i += 2; // a line continuation: bash removes it before it reads the expression
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '#' || s.charAt(j) == '@'
                        || s.charAt(j) == '_')) {
                    j++;
                }
                if (s.charAt(j - 1) == '#' && j < n && (s.charAt(j) == '$' || s.charAt(j) == '`')) {
                    // BASE#$digits: the digits come from an expansion
                    int e = expansionEnd(s, j);
                    if (e < 0) {
                        return null;
                    }
                    j = e;
                }
                out.add("n");
                i = j;
            } else if (c < 128 && Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (s.charAt(j) < 128 && Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                if (j < n && s.charAt(j) == '[') {
                    int close = matching(s, j, '[', ']');
                    if (close < 0) {
                        return null;
                    }
                    String sub = s.substring(j + 1, close);
                    if (!sub.equals("@") && !sub.equals("*") && !arithmetic(sub)) {
                        return null;
                    }
                    j = close + 1;
                }
                out.add("id");
                i = j;
            } else if (c == '$' || c == '`') {
                int end = expansionEnd(s, i);
                if (end < 0) {
                    return null;
                }
                out.add("n");
                i = end;
            } else if (c == '\'') {
                int end = s.indexOf(c, i + 1);
                if (end < 0) {
                    return null;
                }
                out.add("n");
                i = end + 1;
            } else if (c == '"') {
                int j = i + 1;
                while (j < n && s.charAt(j) != '"') {
                    if (s.charAt(j) == '\\') {
                        j += 2;
                    } else if (s.charAt(j) == '$' || s.charAt(j) == '`') {
                        int e = expansionEnd(s, j);
                        j = e < 0 ? j + 1 : e;
                    } else {
                        j++;
                    }
                }
                if (j >= n) {
                    return null;
                }
                out.add("n");
                i = j + 1;
            } else {
                String op = null;
                for (String o : OPS) {
                    if (s.startsWith(o, i)) {
                        op = o;
                        break;
                    }
                }
                if (op == null) {
                    return null;
                }
                out.add(op);
                i += op.length();
            }
        }
        return out;
    }

    /** End (exclusive) of the expansion starting at {@code i}, or -1. */
    private static int expansionEnd(String s, int i) {
        if (s.charAt(i) == '`') {
            int e = s.indexOf('`', i + 1);
            return e < 0 ? -1 : e + 1;
        }
        if (i + 1 >= s.length()) {
            return -1;
        }
        char d = s.charAt(i + 1);
        if (d == '(') {
            int e = matching(s, i + 1, '(', ')');
            return e < 0 ? -1 : e + 1;
        }
        if (d == '{') {
            int e = matching(s, i + 1, '{', '}');
            return e < 0 ? -1 : e + 1;
        }
        int j = i + 1;
        if (Character.isDigit(d) || "@*#?$!-".indexOf(d) >= 0) {
            return i + 2;
        }
        while (j < s.length() && (s.charAt(j) < 128 && Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
            j++;
        }
        return j == i + 1 ? -1 : j;
    }

    private static int matching(String s, int open, char o, char c) {
        int depth = 0;
        for (int k = open; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == '\\') {
                k++;
            } else if (ch == o) {
                depth++;
            } else if (ch == c && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** Recursive descent over arithmetic tokens; each method returns false on a syntax error. */
    private static final class Arith {
        final List<String> t;
        int i;
        boolean lvalue;

        Arith(List<String> t) {
            this.t = t;
        }

        String peek() {
            return i < t.size() ? t.get(i) : "";
        }

        boolean expr() {
            if (!assign()) {
                return false;
            }
            while (peek().equals(",")) {
                i++;
                if (!assign()) {
                    return false;
                }
            }
            return true;
        }

        boolean assign() {
            if (!cond()) {
                return false;
            }
            if (ASSIGN.contains(peek())) {
                if (!lvalue) {
                    return false;
                }
                i++;
                return assign();
            }
            return true;
        }

        boolean cond() {
            if (!binary(0)) {
                return false;
            }
            if (peek().equals("?")) {
                i++;
                if (!expr() || !peek().equals(":")) {
                    return false;
                }
                i++;
                lvalue = false;
                return cond();
            }
            return true;
        }

        boolean binary(int level) {
            if (level == BINARY.size()) {
                return unary();
            }
            if (!binary(level + 1)) {
                return false;
            }
            while (BINARY.get(level).contains(peek())) {
                i++;
                if (!binary(level + 1)) {
                    return false;
                }
                lvalue = false;
            }
            return true;
        }

        boolean unary() {
            String p = peek();
            if (p.equals("++") || p.equals("--")) {
                i++;
                if (!unary() || !lvalue) {
                    return false;
                }
                lvalue = false;
                return true;
            }
            if (p.equals("+") || p.equals("-") || p.equals("!") || p.equals("~")) {
                i++;
                if (!unary()) {
                    return false;
                }
                lvalue = false;
                return true;
            }
            return postfix();
        }

        boolean postfix() {
            if (!primary()) {
                return false;
            }
            if (peek().equals("++") || peek().equals("--")) {
                if (!lvalue) {
                    return false;
                }
                i++;
                lvalue = false;
            }
            return true;
        }

        boolean primary() {
            String p = peek();
            if (p.equals("n")) {
                i++;
                lvalue = false;
                return true;
            }
            if (p.equals("id")) {
                i++;
                lvalue = true;
                return true;
            }
            if (p.equals("(")) {
                i++;
                if (!expr() || !peek().equals(")")) {
                    return false;
                }
                i++;
                lvalue = false;
                return true;
            }
            return false;
        }
    }

    /** Splits {@code s} on {@code sep} outside parentheses, braces and quotes. */
    static List<String> splitTop(String s, char sep) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        char quote = 0;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (quote != 0) {
                if (ch == '\\' && quote == '"') {
                    k++;
                } else if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '\\') {
                k++;
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
            } else if (ch == '(' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == '}') {
                depth--;
            } else if (ch == sep && depth == 0) {
                out.add(s.substring(from, k));
                from = k + 1;
            }
        }
        out.add(s.substring(from));
        return out;
    }

    // ------------------------------------------------------------------ ${…}

    /** True when {@code inner} (the text between {@code ${} and {@code }}) is a valid expansion. */
    static boolean parameter(String inner) {
        String s = inner;
        if (s.isEmpty() || s.equals("#") || s.equals("!") || s.startsWith("=") || s.startsWith("~")) {
            // ${} fails only when run; ${=x} and ${~x} are zsh forms bash fails on when run
            return true;
        }
        boolean length = false;
        if (s.startsWith("#")) {
            length = true;
            s = s.substring(1);
        } else if (s.startsWith("!")) {
            return nameEnd(s.substring(1)) > 0;
        }
        int k = nameEnd(s);
        if (k <= 0) {
            return false;
        }
        boolean identifier = Character.isLetter(s.charAt(0)) || s.charAt(0) == '_';
        String rest = s.substring(k);
        if (rest.startsWith("[")) {
            if (!identifier) {
                return false;
            }
            int close = matching(rest, 0, '[', ']');
            if (close < 0) {
                return false;
            }
            String sub = rest.substring(1, close);
            if (sub.isEmpty() || !sub.equals("@") && !sub.equals("*") && !arithmetic(sub) && !Regex.matches(sub, "[^\\s]+")) {
                return false;
            }
            rest = rest.substring(close + 1);
        }
        if (length) {
            return rest.isEmpty();
        }
        return op(rest, identifier);
    }

    private static int nameEnd(String s) {
        if (s.isEmpty()) {
            return 0;
        }
        char c = s.charAt(0);
        if (c < 128 && Character.isLetter(c) || c == '_') {
            int j = 1;
            while (j < s.length() && (s.charAt(j) < 128 && Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                j++;
            }
            return j;
        }
        if (Character.isDigit(c)) {
            int j = 1;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
            }
            return j;
        }
        return "@*#?$!-".indexOf(c) >= 0 ? 1 : 0;
    }

    private static boolean op(String rest, boolean identifier) {
        if (rest.isEmpty()) {
            return true;
        }
        for (String o : new String[] {":-", ":=", ":?", ":+", "-", "=", "?", "+", "#", "%", "/", "^", ","}) {
            if (rest.startsWith(o)) {
                return true;
            }
        }
        if (rest.startsWith(":")) {
            List<String> parts = offsetAndLength(rest.substring(1));
            if (parts.size() > 2) {
                return false;
            }
            for (String p : parts) {
                if (!p.isBlank() && !arithmetic(p)) {
                    return false;
                }
            }
            return true;
        }
        if (rest.startsWith("@")) {
            return rest.length() == 2 && "QEPAaUuLKk".indexOf(rest.charAt(1)) >= 0;
        }
        return false;
    }

    /**
     * Splits {@code ${NAME:OFFSET:LENGTH}}'s text after the first colon at the colons that end an
     * arithmetic expression: a colon that closes a {@code ?} of a conditional ({@code ${s:i>1?1:2:3}})
     * and one inside parentheses or brackets belong to the expression, as bash reads them.
     */
    private static List<String> offsetAndLength(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int pending = 0;
        int from = 0;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == '(' || ch == '[') {
                depth++;
            } else if (ch == ')' || ch == ']') {
                depth--;
            } else if (ch == '?' && depth == 0) {
                pending++;
            } else if (ch == ':' && depth == 0) {
                if (pending > 0) {
                    pending--;
                } else {
                    out.add(s.substring(from, k));
                    from = k + 1;
                }
            }
        }
        out.add(s.substring(from));
        return out;
    }

    // ------------------------------------------------------------------ [[ … ]]

    private static final Set<String> UNARY = Set.of("-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r",
            "-s", "-t", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R");
    private static final Set<String> BINARY_TEST = Set.of("==", "=", "!=", "<", ">", "\\<", "\\>", "-eq", "-ne", "-lt", "-le",
            "-gt", "-ge", "-ef", "-nt", "-ot");

    /**
     * True when the items between {@code [[} and {@code ]]} form a conditional expression. Each
     * item is a word's source text or an operator token's text; a newline is {@code "\n"}.
     */
    static boolean conditional(List<String> items) {
        Cond c = new Cond(items);
        return c.or() && c.i == items.size();
    }

    private static final class Cond {
        final List<String> t;
        int i;

        Cond(List<String> t) {
            this.t = t;
        }

        String peek() {
            return i < t.size() ? t.get(i) : null;
        }

        void skipNewlines() {
            while ("\n".equals(peek())) {
                i++;
            }
        }

        boolean or() {
            if (!and()) {
                return false;
            }
            while ("||".equals(peek())) {
                i++;
                skipNewlines();
                if (!and()) {
                    return false;
                }
            }
            return true;
        }

        boolean and() {
            if (!not()) {
                return false;
            }
            while ("&&".equals(peek())) {
                i++;
                skipNewlines();
                if (!not()) {
                    return false;
                }
            }
            return true;
        }

        // Newlines: bash's cond_term skips them before a term (so after `[[`, `!`, `(`, `&&`, `||`)
        // and after a complete one (after `)`, a unary test's operand, a binary test's right side),
        // never inside one: `[[ a\n]]` and `[[ a\n= b ]]` stay errors.
        boolean not() {
            skipNewlines();
            if ("!".equals(peek())) {
                i++;
                return not();
            }
            return primary();
        }

        boolean primary() {
            String p = peek();
            if (p == null || isOperator(p)) {
                if ("(".equals(p)) {
                    i++;
                    if (!or() || !")".equals(peek())) {
                        return false;
                    }
                    i++;
                    skipNewlines();
                    return true;
                }
                return false;
            }
            i++;
            if (UNARY.contains(p)) {
                if (peek() == null || isOperator(peek()) || "]]".equals(peek())) {
                    return false;
                }
                i++;
                skipNewlines();
                return true;
            }
            String q = peek();
            if (q != null && BINARY_TEST.contains(q) && !q.equals("==") && !q.equals("!=") && !q.equals("=")) {
                i++;
                String r = peek();
                if (r == null || isOperator(r)) {
                    return false;
                }
                i++;
                skipNewlines();
                return true;
            }
            if ("=~".equals(q) || "==".equals(q) || "!=".equals(q) || "=".equals(q)) {
                String first = i + 1 < t.size() ? t.get(i + 1) : null;
                if ("!".equals(first) || ";".equals(first)) {
                    return false;
                }
                // A regex or an (ext)glob pattern: it runs to the next && or || outside
                // parentheses and may hold ( | ).
                i++;
                int depth = 0;
                int start = i;
                while (peek() != null && !"\n".equals(peek())
                        && !(depth == 0 && ("&&".equals(peek()) || "||".equals(peek()) || ")".equals(peek())))) {
                    if ("(".equals(peek())) {
                        depth++;
                    } else if (")".equals(peek())) {
                        depth--;
                    }
                    i++;
                }
                boolean ok = i > start && depth == 0;
                skipNewlines();
                return ok;
            }
            return true;
        }

        static boolean isOperator(String s) {
            return s.equals("&&") || s.equals("||") || s.equals("(") || s.equals(")") || s.equals("\n")
                    || s.equals("|");
        }
    }
}
