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
 * <p>This class only finds where each word of the text starts and ends (the blanking needs the
 * spans in the text as written); the word itself is decoded by {@link BashWords#decode(String)},
 * the one quote removal the splitter uses (left38 folded a second decoder kept here).
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
            if (ch == '\\' && i + 1 < n && t.charAt(i + 1) == '\n') {
                // a line continuation is removed before words are split
                i += 2;
                continue;
            }
            if (isOperator(ch)) {
                if (ch == '<' && t.startsWith("<<<", i)) {
                    cmd.hereString = true;
                    i += 3;
                    continue;
                }
                if (ch == '<' || ch == '>') {
                    // a redirection (`</dev/null echo …`, `2>/dev/null`): its target is no word of the command
                    while (i < n && "<>&".indexOf(t.charAt(i)) >= 0) {
                        i++;
                    }
                    cmd.redirect = true;
                    continue;
                }
                cmd = new Command();
                i++;
                continue;
            }
            // one word: find its end here (the lexer's spans are not at hand), decode it with BashWords
            int start = i;
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
                    i += 2;
                } else if (c == '\'') {
                    quoted = true;
                    int close = t.indexOf('\'', i + 1);
                    if (close < 0) {
                        return t;
                    }
                    i = close + 1;
                } else if (c == '"') {
                    quoted = true;
                    i++;
                    while (i < n && t.charAt(i) != '"') {
                        i += t.charAt(i) == '\\' && i + 1 < n ? 2 : 1;
                    }
                    if (i >= n) {
                        return t;
                    }
                    i++;
                } else {
                    i++;
                }
            }
            int end = i;
            // bash's quote removal, expansions kept as written (no variable is known here; UNREAD
            // has left out the substitutions, whose source BashWords would keep whole)
            String v = BashWords.decode(t.substring(start, end)).text();
            if (quoted && v.contains("IFS") && cmd.takesPayload(t, end) && clean.test(v)) {
                for (int k = start; k < end; k++) {
                    if (view.charAt(k) != '\n') {
                        view.setCharAt(k, ' ');
                    }
                }
            }
            if (!(v.chars().allMatch(Character::isDigit) && end < n && "<>".indexOf(t.charAt(end)) >= 0)) {
                cmd.add(v); // not the descriptor of a redirection (`2>`)
            }
        }
        return view.toString();
    }

    /** Whether no argument follows {@code next}: the end, an operator or a redirection. */
    private static boolean endsArguments(String t, int next) {
        int k = next;
        while (k < t.length() && Character.isDigit(t.charAt(k))) {
            k++;
        }
        return k >= t.length() || isOperator(t.charAt(k)) && (k == next || "<>".indexOf(t.charAt(k)) >= 0);
    }

    /** Plain redirections and blanks before the operator after a word ({@code 2>/dev/null | bash}). */
    private static final Pattern REDIRECTS = Pattern.compile("(?:[ \\t]*[0-9]*[<>]&?[ \\t]*[A-Za-z0-9_./-]+)*[ \\t]*");

    private static boolean isOperator(char c) {
        return ";&|()<>\n".indexOf(c) >= 0;
    }

    /** The words of the simple command read so far. */
    private static final class Command {
        String first;
        String previous;
        boolean shell;
        boolean hereString;
        boolean printer;
        boolean redirect;
        int words;

        void add(String v) {
            if (redirect) {
                redirect = false;
                return;
            }
            if (words == 0 && RESERVED.matcher(v).matches()) {
                // `{ eval 'X'; }`, `then eval 'X'`: the command starts after the reserved word
                return;
            }
            if (words++ == 0) {
                first = v;
            }
            shell |= SHELL.matcher(v).matches();
            // `echo`, `nice echo`, `/usr/bin/echo`: a printer run directly or by a wrapper
            printer |= PRINTER.matcher(v.substring(v.lastIndexOf('/') + 1)).matches();
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
            boolean last = endsArguments(t, next);
            if (previous.equals("eval") && (words == 1 || words == 2 && BUILTIN.matcher(first).matches())) {
                // eval's only argument: several are joined before they run
                return last;
            }
            // echo/printf's last word piped on (`echo 'X' | bash`, `echo 'X' 2>/dev/null | bash`), not `||`
            java.util.regex.Matcher r = REDIRECTS.matcher(t).region(end, t.length());
            int pipe = r.lookingAt() ? r.end() : end;
            return printer && last && pipe < t.length() && t.charAt(pipe) == '|' && !t.startsWith("||", pipe);
        }
    }
}
