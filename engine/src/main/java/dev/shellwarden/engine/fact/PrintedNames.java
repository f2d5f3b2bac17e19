package dev.shellwarden.engine.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of a word whose command substitutions print known text, for {@link OptionNames}: a
 * created name spelled {@code "$(printf -- '--checkpoint-action=exec=sh x.sh')"} is that option.
 *
 * <p>WHY: a name written as a substitution hides its leading dash from a reading of the literal
 * text, yet {@code printf} of a literal format, {@code echo} of literal words and {@code cat} of a
 * quoted heredoc print exactly what the text shows (after printf's and {@code echo -e}'s escapes,
 * which are decoded here: {@code \x2d}, {@code \055}).
 *
 * <p>INVARIANT: never guesses. Any part that is not provably literal (a variable, a nested
 * substitution, a glob, a directive other than {@code %s}, {@code %b} and {@code %%}, an escape not
 * listed) makes the whole word unknown (null). echo without {@code -e} or {@code -E} gives two
 * readings (bash prints escapes as written, zsh and dash decode them); callers judge every reading.
 */
final class PrintedNames {

    private PrintedNames() {
    }

    /** {@code cat <<'EOF' … EOF} (any quoted delimiter, or {@code <<-}) as a substitution's whole command. */
    private static final Pattern QUOTED_HEREDOC = Pattern.compile("(?s)\\s*cat\\s+<<-?\\s*(['\"])(\\w+)\\1\\s*\\n(.*?)\\n\\t*\\2\\s*");

    /** At most this many readings of one word (echo's escapes double them). */
    private static final int MAX_READINGS = 8;

    /**
     * The readings of {@code text} (a word's text with its quotes removed, substitutions kept as
     * written) when every substitution in it prints known text; null otherwise or when it has none.
     */
    static List<String> readings(String text) {
        if (text.indexOf("$(") < 0 && text.indexOf('`') < 0) {
            return null;
        }
        List<String> out = new ArrayList<>(List.of(""));
        int i = 0;
        while (i < text.length()) {
            char ch = text.charAt(i);
            String inner;
            if (ch == '$' && text.startsWith("$(", i) && !text.startsWith("$((", i)) {
                int end = closing(text, i + 2);
                if (end < 0) {
                    return null;
                }
                inner = text.substring(i + 2, end);
                i = end + 1;
            } else if (ch == '`') {
                int end = text.indexOf('`', i + 1);
                if (end < 0 || text.substring(i + 1, end).indexOf('\\') >= 0) {
                    return null;
                }
                inner = text.substring(i + 1, end);
                i = end + 1;
            } else if (ch == '$' || ch == '\\') {
                return null;
            } else {
                String c = String.valueOf(ch);
                out.replaceAll(s -> s + c);
                i++;
                continue;
            }
            List<String> printed = printed(inner);
            if (printed == null) {
                return null;
            }
            List<String> next = new ArrayList<>();
            for (String head : out) {
                for (String p : printed) {
                    // a substitution drops the trailing line breaks of what it prints
                    next.add(head + p.replaceAll("\\n+$", ""));
                }
            }
            if (next.size() > MAX_READINGS) {
                return null;
            }
            out = next;
        }
        return out;
    }

    /**
     * A stage of a substitution's command that decodes or reverses text: base64/base32/basenc -d
     * (also in a cluster, {@code -di}), xxd -r, openssl base64/enc -d, uudecode, b64decode, rev.
     */
    private static final Pattern DECODER_STAGE = Pattern.compile(
            "(?:\\w+=\\S*\\s+)*(?:command\\s+|\\\\)?(?:\\S*/)?(?:(?:g?base64|base32|basenc)\\s(?:.*\\s)?(?:-[A-Za-z]*[dD][A-Za-z]*|--decode)"
            + "|xxd\\s(?:.*\\s)?(?:-[A-Za-z]*r[A-Za-z]*|-revert)|openssl\\s+(?:base64|enc)\\s(?:.*\\s)?-d|uudecode|b64decode|rev)(?:\\s.*)?");

    /**
     * A stage that maps characters: tr ({@code tr a-z n-za-m}, {@code tr -d x}) or a sed
     * transliteration ({@code sed y/abc/xyz/}, {@code sed -e 'y|…|…|'}). Fed literal text
     * ({@link #LITERAL_SOURCE}) it is a decoder: the text as written says nothing of the name.
     */
    private static final Pattern MAPPING_STAGE = Pattern.compile(
            "(?:\\w+=\\S*\\s+)*(?:command\\s+|\\\\)?(?:\\S*/)?(?:g?tr\\s.*|g?sed\\s(?:.*\\s)?(?:-e\\s*)?['\"]?y[^\\w\\s\\\\].*)");

    /** Literal text handed to a substitution's pipeline: an echo or printf stage, a here-string or heredoc. */
    private static final Pattern LITERAL_SOURCE = Pattern.compile("(?s)(?:^|.*[|;&]\\s*)(?:command\\s+|\\\\)?(?:\\S*/)?(?:echo|printf)(?:\\s.*)?$|.*<<.*");

    /**
     * True when a command substitution in {@code text} runs a decoder ({@code "$(echo LS1… | base64
     * -d)"}, {@code `rev <<< …`}): what it prints cannot be read from the text, so a name made of it
     * may be any option. Everyday computed names ({@code "$(date +%F).log"}, {@code "$(basename
     * "$PWD")"}) run no decoder.
     */
    static boolean decodes(String text) {
        int i = 0;
        while (i < text.length()) {
            String inner = null;
            if (text.startsWith("$(", i) && !text.startsWith("$((", i)) {
                int end = closing(text, i + 2);
                inner = end < 0 ? text.substring(i + 2) : text.substring(i + 2, end);
                i = end < 0 ? text.length() : end + 1;
            } else if (text.charAt(i) == '`') {
                int end = text.indexOf('`', i + 1);
                inner = end < 0 ? text.substring(i + 1) : text.substring(i + 1, end);
                i = end < 0 ? text.length() : end + 1;
            } else {
                i++;
            }
            if (inner == null) {
                continue;
            }
            String[] stages = inner.split("\\|\\|?|&&|;|\\n");
            boolean literal = java.util.Arrays.stream(stages).anyMatch(s -> LITERAL_SOURCE.matcher(s.strip()).matches());
            for (String stage : stages) {
                if (DECODER_STAGE.matcher(stage.strip()).matches() || decodes(stage)
                        || literal && MAPPING_STAGE.matcher(stage.strip()).matches()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The index of the {@code )} closing a substitution whose body starts at {@code from}, skipping quoted text; -1 when none. */
    private static int closing(String text, int from) {
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\'') {
                int end = text.indexOf('\'', i + 1);
                if (end < 0) {
                    return -1;
                }
                i = end;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            }
        }
        return -1;
    }

    /** What a substitution's command prints, one string per reading; null when it is not known. */
    private static List<String> printed(String command) {
        Matcher h = QUOTED_HEREDOC.matcher(command);
        if (h.matches()) {
            return List.of(h.group(3));
        }
        List<String> words = words(command.strip());
        if (words == null || words.isEmpty()) {
            return null;
        }
        List<String> args = words.subList(1, words.size());
        return switch (words.get(0)) {
            case "printf" -> single(printf(args));
            case "echo" -> echo(args);
            default -> null;
        };
    }

    private static List<String> single(String s) {
        return s == null ? null : List.of(s);
    }

    /** bash's printf of a literal format using only %s, %b and %%, the format used again while arguments remain. */
    private static String printf(List<String> args) {
        boolean ended = !args.isEmpty() && args.get(0).equals("--");
        if (ended) {
            // `printf -- '--x'`: after the end of options the format may start with a dash
            args = args.subList(1, args.size());
        }
        if (args.isEmpty() || !ended && args.get(0).startsWith("-")) {
            return null;
        }
        String format = args.get(0);
        List<String> values = args.subList(1, args.size());
        StringBuilder out = new StringBuilder();
        int next = 0;
        do {
            int used = 0;
            for (int i = 0; i < format.length(); i++) {
                char ch = format.charAt(i);
                if (ch == '\\') {
                    int[] end = {i};
                    String e = escape(format, i, true, end);
                    if (e == null || e.equals("\\c")) {
                        return null;
                    }
                    out.append(e);
                    i = end[0];
                } else if (ch == '%') {
                    char d = i + 1 < format.length() ? format.charAt(i + 1) : 0;
                    if (d == '%') {
                        out.append('%');
                    } else if (d == 's' || d == 'b') {
                        String v = next < values.size() ? values.get(next) : "";
                        next++;
                        used++;
                        v = d == 'b' ? decoded(v, true) : v;
                        if (v == null) {
                            return null;
                        }
                        out.append(v);
                    } else {
                        return null;
                    }
                    i++;
                } else {
                    out.append(ch);
                }
            }
            if (used == 0) {
                break;
            }
        } while (next < values.size());
        return out.toString();
    }

    /** echo's words after its -n/-e/-E flags: as written, and decoded unless -E is given or -e decides. */
    private static List<String> echo(List<String> args) {
        int k = 0;
        String flags = "";
        while (k < args.size() && args.get(k).matches("-[neE]+")) {
            flags += args.get(k);
            k++;
        }
        String text = String.join(" ", args.subList(k, args.size()));
        if (text.indexOf('\\') < 0) {
            return List.of(text);
        }
        int e = flags.lastIndexOf('e');
        int bigE = flags.lastIndexOf('E');
        String dec = decoded(text, true);
        if (e > bigE) {
            return single(dec);
        }
        return dec == null ? null : bigE >= 0 ? List.of(text) : List.of(text, dec);
    }

    /** {@code s} with its backslash escapes decoded (echo's octal needs a leading 0); null for an escape not known. */
    private static String decoded(String s, boolean echo) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != '\\') {
                out.append(s.charAt(i));
                continue;
            }
            int[] end = {i};
            String e = escape(s, i, !echo, end);
            if (e == null) {
                return null;
            }
            if (e.equals("\\c")) {
                break;
            }
            out.append(e);
            i = end[0];
        }
        return out.toString();
    }

    /**
     * The character the escape at {@code at} stands for, its last index stored in {@code end[0]}:
     * {@code \xHH}, octal ({@code \NNN} in a printf format, {@code \0NNN} elsewhere), the letter
     * escapes; {@code \c} as itself (stop printing); null for a Unicode escape and others not read.
     */
    private static String escape(String s, int at, boolean format, int[] end) {
        if (at + 1 >= s.length()) {
            end[0] = at;
            return "\\";
        }
        char c = s.charAt(at + 1);
        end[0] = at + 1;
        switch (c) {
            case 'x' -> {
                int j = at + 2;
                while (j < s.length() && j < at + 4 && Character.digit(s.charAt(j), 16) >= 0) {
                    j++;
                }
                if (j == at + 2) {
                    return null;
                }
                end[0] = j - 1;
                return String.valueOf((char) Integer.parseInt(s.substring(at + 2, j), 16));
            }
            case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                if (!format && c != '0') {
                    return null;
                }
                int start = format ? at + 1 : at + 2;
                int j = start;
                while (j < s.length() && j < start + 3 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
                    j++;
                }
                end[0] = j - 1;
                return j == start ? "\u0000" : String.valueOf((char) (Integer.parseInt(s.substring(start, j), 8) & 0xff));
            }
            case 'n' -> {
                return "\n";
            }
            case 't' -> {
                return "\t";
            }
            case 'r' -> {
                return "\r";
            }
            case 'a' -> {
                return "\u0007";
            }
            case 'b' -> {
                return "\b";
            }
            case 'e', 'E' -> {
                return "\u001b";
            }
            case 'f' -> {
                return "\f";
            }
            case 'v' -> {
                return "\u000b";
            }
            case '\\' -> {
                return "\\";
            }
            case '"', '\'', '?' -> {
                return String.valueOf(c);
            }
            case 'c' -> {
                return "\\c";
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The words of a simple command of literal words: single-quoted text, double-quoted text without
     * {@code $}, backquote or backslash, bare characters that expand to nothing else; null otherwise.
     */
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        for (int i = 0; i < command.length(); i++) {
            char ch = command.charAt(i);
            if (ch == ' ' || ch == '\t') {
                if (w != null) {
                    out.add(w.toString());
                    w = null;
                }
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            if (ch == '\'') {
                int end = command.indexOf('\'', i + 1);
                if (end < 0) {
                    return null;
                }
                w.append(command, i + 1, end);
                i = end;
            } else if (ch == '"') {
                int end = command.indexOf('"', i + 1);
                if (end < 0) {
                    return null;
                }
                String q = command.substring(i + 1, end);
                if (q.indexOf('$') >= 0 || q.indexOf('`') >= 0 || q.indexOf('\\') >= 0) {
                    return null;
                }
                w.append(q);
                i = end;
            } else if (ch == '\\' && i + 1 < command.length() && command.charAt(i + 1) != '\n') {
                w.append(command.charAt(i + 1));
                i++;
            } else if ("$`;|&<>(){}*?[]~#!\n\\".indexOf(ch) >= 0) {
                return null;
            } else {
                w.append(ch);
            }
        }
        if (w != null) {
            out.add(w.toString());
        }
        return out;
    }
}
