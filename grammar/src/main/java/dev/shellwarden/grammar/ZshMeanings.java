package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Text that zsh (the login shell on macOS, which several agents run commands through) reads with
 * a meaning bash does not give it. The splitter reads bash; these are the zsh meanings it adds so
 * that a command zsh would run is never read as harmless. Each construct is either modelled (its
 * meaning is certain: {@code =rm} is the program {@code rm}) or makes the segment opaque
 * ({@link OpaqueReason#UNSUPPORTED_CONSTRUCT}). Command names ({@code =rm}, {@code zf_rm}) are read by
 * {@link dev.shellwarden.grammar.bash.Names#canonicalCommand}. None is valid bash with the same meaning, so bash
 * readers' everyday text keeps its verdict.
 */
final class ZshMeanings {

    private ZshMeanings() {
    }

    /**
     * Builtins of zsh modules that open files, sockets or terminals by descriptor
     * ({@code sysopen}/{@code syswrite} of zsh/system, {@code ztcp}, {@code zsocket},
     * {@code zpty}, {@code zftp}): what they touch is not modelled, so they are opaque. bash has
     * no command of these names.
     */
    static final Set<String> MODULE_BUILTINS = Set.of("sysopen", "syswrite", "sysread", "sysseek", "zsystem", "ztcp",
            "zsocket", "zpty", "zftp");

    /**
     * zsh modules whose features read the clock, do arithmetic, time, complete, edit the line or
     * stat files, or are modelled here (zsh/files, zsh/sched): loading them changes nothing a
     * rule must see. Loading any other module (zsh/system, zsh/net/tcp, zsh/mapfile, whose
     * {@code mapfile[PATH]=TEXT} writes files, zsh/zpty…) is opaque.
     */
    private static final Set<String> QUIET_MODULES = Set.of("zsh/datetime", "zsh/mathfunc", "zsh/zprof", "zsh/complist",
            "zsh/complete", "zsh/computil", "zsh/compctl", "zsh/zutil", "zsh/terminfo", "zsh/termcap", "zsh/parameter",
            "zsh/regex", "zsh/pcre", "zsh/langinfo", "zsh/nearcolor", "zsh/zle", "zsh/zleparameter", "zsh/deltochar",
            "zsh/stat", "zsh/files", "zsh/sched", "zsh/param/private", "zsh/watch", "zsh/zselect", "zsh/random",
            "zsh/rlimits", "zsh/hlgroup");

    /** True when {@code zmodload ARGS} loads a module outside {@link #QUIET_MODULES}. */
    static boolean loadsUnquietModule(List<Word> argv) {
        for (Word w : argv.subList(1, argv.size())) {
            String t = w.text();
            if (!w.literal()) {
                return true;
            }
            // options, and the features of -F (b:zf_rm, p:mapfile, +b:x, -f:y)
            if (t.startsWith("-") || t.matches("[+-]?[bcfp]:.*")) {
                continue;
            }
            if (!QUIET_MODULES.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * zsh's tables a plain assignment defines commands with ({@code functions[x]='…'},
     * {@code aliases[x]='…'}; the zsh/parameter module is loaded on first use) or writes files
     * through ({@code mapfile[PATH]=TEXT}), with the tables that disable them.
     */
    static final Set<String> TABLES = Set.of("functions", "aliases", "galiases", "saliases", "commands", "mapfile",
            "dis_functions", "dis_aliases", "dis_galiases", "dis_saliases", "functions_source", "builtins", "reswords");

    /**
     * The code a glob qualifier of a word runs: {@code *(e:'CODE':)}, {@code *(e[CODE])},
     * {@code *(+NAME)} (calls the function NAME), also after {@code #q} or other qualifiers.
     * {@code word} is the word with its quotes removed and {@code raw} as written: the qualifier
     * list is a parenthesised group at the end of the word, unquoted in {@code raw}, without a
     * {@code |} (that is a pattern group). An entry is null where a code qualifier's text could
     * not be cut out (the caller keeps the segment opaque anyway). Empty when there is none.
     */
    static List<String> qualifierCode(String raw, String word) {
        if (!endsWithQualifierGroup(raw) || !word.endsWith(")")) {
            return List.of();
        }
        int open = groupStart(word);
        if (open <= 0 || "$<>=@!?".indexOf(word.charAt(open - 1)) >= 0) {
            // $( ), <( ), >( ), =( ) and the extglob groups @( ) !( ) ?( ) are no qualifiers
            return List.of();
        }
        String q = word.substring(open + 1, word.length() - 1);
        List<String> out = new ArrayList<>();
        int i = q.startsWith("#q") ? 2 : 0;
        while (i < q.length()) {
            char ch = q.charAt(i);
            if (ch == ':') {
                break; // modifiers (:h, :t, :s/x/y/) to the end: text, not code
            } else if (ch == '[') {
                int close = q.indexOf(']', i);
                i = close < 0 ? q.length() : close + 1;
            } else if (ch == 'o' || ch == 'O') {
                i += 2;
            } else if ((ch == 'u' || ch == 'g' || ch == 'f') && i + 1 < q.length() && !Character.isDigit(q.charAt(i + 1))
                    || ch == 'P') {
                i = delimitedEnd(q, i + 1);
            } else if (ch == 'e') {
                int end = delimitedEnd(q, i + 1);
                out.add(end <= q.length() && end > i + 2 ? q.substring(i + 2, end - 1) : null);
                i = end;
            } else if (ch == '+' && i + 1 < q.length() && !Character.isDigit(q.charAt(i + 1))) {
                int k = i + 1;
                while (k < q.length() && (Character.isLetterOrDigit(q.charAt(k)) || q.charAt(k) == '_' || q.charAt(k) == '-')) {
                    k++;
                }
                out.add(k > i + 1 ? q.substring(i + 1, k) : null);
                i = k;
            } else {
                i++;
            }
        }
        return out;
    }

    /** The index after a delimited argument starting at {@code at} ({@code :x:}, {@code [x]}, {@code {x}}, {@code <x>}). */
    private static int delimitedEnd(String q, int at) {
        if (at >= q.length()) {
            return q.length() + 1;
        }
        char open = q.charAt(at);
        char close = switch (open) {
            case '[' -> ']';
            case '{' -> '}';
            case '(' -> ')';
            case '<' -> '>';
            default -> open;
        };
        int end = q.indexOf(close, at + 1);
        return end < 0 ? q.length() + 1 : end + 1;
    }

    /** The index of the {@code (} that the final {@code )} of {@code word} closes, or -1. */
    private static int groupStart(String word) {
        int depth = 0;
        for (int k = word.length() - 1; k >= 0; k--) {
            char ch = word.charAt(k);
            if (ch == ')') {
                depth++;
            } else if (ch == '(' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /**
     * True when {@code raw} ends with a {@code )} outside quotes (not escaped) that closes a
     * group without a {@code |} outside quotes: a bar makes it a pattern group ({@code *.(ts|js)}),
     * not a qualifier list.
     */
    private static boolean endsWithQualifierGroup(String raw) {
        char quote = 0;
        int depth = 0;
        int bar = -1;
        int groupStart = -1;
        int lastUnquotedClose = -1;
        for (int k = 0; k < raw.length(); k++) {
            char ch = raw.charAt(k);
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                } else if (ch == '\\' && quote == '"') {
                    k++;
                }
            } else if (ch == '\\') {
                k++;
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
            } else if (ch == '(') {
                if (depth++ == 0) {
                    groupStart = k;
                }
            } else if (ch == ')') {
                depth--;
                lastUnquotedClose = k;
            } else if (ch == '|') {
                bar = k;
            }
        }
        return lastUnquotedClose == raw.length() - 1 && groupStart >= 0 && bar < groupStart;
    }
}
