package dev.shellwarden.grammar;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The payload words of one shell text, read with bash's quote removal, so that the IFS check of
 * {@code BashWalker} decides each payload on its own words: the word after {@code eval} (its
 * only argument), after a {@code -c} option, fed to a shell by {@code <<<}, or echoed or printed
 * into a pipe.
 *
 * <p>WHY (left37b): the check read the whole text, where a payload nested twice keeps its quotes
 * escaped ({@code echo 'bash -c "eval '\''IFS= read -r p <<< \$PPID; kill -9 \$p'\''"' | bash});
 * its read prefix of IFS was not recognised there, so IFS counted as touched and {@code $p}
 * stayed unread. Each payload word's decoded text is checked as that level's text, and a payload
 * whose IFS mentions are all read prefixes is left out of its parent's view.
 *
 * <p>INVARIANT (fail closed): only a payload the predicate finds clean is blanked; a text this
 * does not decode fully (a command or parameter substitution, {@code $'…'}, a heredoc, an open
 * quote) is returned as it is, so the check falls back to the whole text.
 */
final class IfsPayloads {
    private IfsPayloads() {
    }

    /** Shells whose standard input a {@code <<<} word feeds as a script. */
    private static final Pattern SHELL = Pattern.compile("(?:.*/)?(?:ba|da|z|k|mk|)sh");
    /** An option word holding {@code c}, the script option of the shells ({@code -c}, {@code -lc}, {@code -ec}). */
    private static final Pattern SCRIPT_OPTION = Pattern.compile("-[A-Za-z]*c[A-Za-z]*");
    /** Printers whose arguments, piped on, are the next stage's input. */
    private static final Pattern PRINTER = Pattern.compile("echo|printf");
    /** Reserved words a command may follow ({@code { eval 'X'; }}). */
    private static final Pattern RESERVED = Pattern.compile("[{!]|then|do|else|if|elif|while|until|time");
    /** Words that run the builtin named after them. */
    private static final Pattern BUILTIN = Pattern.compile("builtin|command");
    /** What this reader does not decode: substitutions, ANSI-C quoting, a heredoc (not {@code <<<}). */
    private static final Pattern UNREAD = Pattern.compile("\\$[({']|`|(?<!<)<<(?!<)");

    /**
     * {@code t} with each payload word whose decoded text {@code clean} accepts replaced by a
     * blank, or {@code t} itself when it holds anything this does not decode.
     */
    static String withoutCleanPayloads(String t, Predicate<String> clean) {
        if (UNREAD.matcher(t).find()) {
            return t;
        }
        StringBuilder view = new StringBuilder(t);
        Command cmd = new Command();
        int i = 0;
        int n = t.length();
        while (i < n) {
            char ch = t.charAt(i);
            if (ch == ' ' || ch == '\t') {
                i++;
                continue;
            }
            if (isOperator(ch)) {
                if (ch == '<' && t.startsWith("<<<", i)) {
                    cmd.hereString = true;
                    i += 3;
                    continue;
                }
                cmd = new Command();
                i++;
                continue;
            }
            // one word: decode it
            int start = i;
            StringBuilder value = new StringBuilder();
            boolean quoted = false;
            while (i < n) {
                char c = t.charAt(i);
                if (c == ' ' || c == '\t' || isOperator(c)) {
                    break;
                }
                if (c == '\\') {
                    quoted = true;
                    if (i + 1 >= n) {
                        return t;
                    }
                    if (t.charAt(i + 1) != '\n') {
                        value.append(t.charAt(i + 1));
                    }
                    i += 2;
                } else if (c == '\'') {
                    quoted = true;
                    int close = t.indexOf('\'', i + 1);
                    if (close < 0) {
                        return t;
                    }
                    value.append(t, i + 1, close);
                    i = close + 1;
                } else if (c == '"') {
                    quoted = true;
                    i++;
                    while (i < n && t.charAt(i) != '"') {
                        char d = t.charAt(i);
                        if (d == '\\' && i + 1 < n && "$`\"\\\n".indexOf(t.charAt(i + 1)) >= 0) {
                            if (t.charAt(i + 1) != '\n') {
                                value.append(t.charAt(i + 1));
                            }
                            i += 2;
                        } else {
                            value.append(d);
                            i++;
                        }
                    }
                    if (i >= n) {
                        return t;
                    }
                    i++;
                } else {
                    value.append(c);
                    i++;
                }
            }
            int end = i;
            String v = value.toString();
            if (quoted && v.contains("IFS") && cmd.takesPayload(t, end) && clean.test(v)) {
                for (int k = start; k < end; k++) {
                    if (view.charAt(k) != '\n') {
                        view.setCharAt(k, ' ');
                    }
                }
            }
            cmd.add(v);
        }
        return view.toString();
    }

    private static boolean isOperator(char c) {
        return ";&|()<>\n".indexOf(c) >= 0;
    }

    /** The words of the simple command read so far. */
    private static final class Command {
        String first;
        String previous;
        boolean shell;
        boolean hereString;
        int words;

        void add(String v) {
            if (words == 0 && RESERVED.matcher(v).matches()) {
                // `{ eval 'X'; }`, `then eval 'X'`: the command starts after the reserved word
                return;
            }
            if (words++ == 0) {
                first = v;
            }
            shell |= SHELL.matcher(v).matches();
            previous = v;
            hereString = false;
        }

        /** Whether the word ending at {@code end} is a payload of this command (see the class comment). */
        boolean takesPayload(String t, int end) {
            if (hereString) {
                return shell;
            }
            if (previous == null) {
                return false;
            }
            if (SCRIPT_OPTION.matcher(previous).matches()) {
                return true;
            }
            int next = end;
            while (next < t.length() && (t.charAt(next) == ' ' || t.charAt(next) == '\t')) {
                next++;
            }
            boolean last = next >= t.length() || isOperator(t.charAt(next));
            if (previous.equals("eval") && (words == 1 || words == 2 && BUILTIN.matcher(first).matches())) {
                // eval's only argument: several are joined before they run
                return last;
            }
            // echo/printf's last word piped on (`echo 'X' | bash`), not `||`
            return PRINTER.matcher(first).matches() && last && next < t.length() && t.charAt(next) == '|'
                    && !t.startsWith("||", next);
        }
    }
}
