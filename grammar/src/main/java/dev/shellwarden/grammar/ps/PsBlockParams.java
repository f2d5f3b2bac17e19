package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code param()} list of a script block that is called with arguments ({@code & { param($p)
 * … } ~}, {@code . { … } $HOME}, {@code Invoke-Command -ScriptBlock { … } -ArgumentList ~},
 * {@code $sb = { … }; & $sb ~}): the parameter names in order and their defaults, so that the
 * builder can bind the call's arguments to them and judge the block's commands with those values.
 *
 * <p>WHY: the block's {@code Remove-Item $p -Recurse -Force} only asked (a variable is no path),
 * so the floor never saw that {@code $p} is the home directory the call passes.
 *
 * <p>INVARIANT (fail closed): a list is read only when every entry is a plain or typed
 * parameter ({@code $p}, {@code [string]$p}, {@code $p = '~'}); switches, positions set by an
 * attribute, pipeline and remaining-argument parameters, or anything else give null, and the
 * block's variables then stay as they are (dynamic). A default is read only when it is a plain
 * string or a home/working-folder/environment variable.
 */
final class PsBlockParams {

    private PsBlockParams() {
    }

    /** One parameter: lower-case name without {@code $}, and its default as a word (null when none is read). */
    record Param(String name, Word fallback) {
    }

    private static final Pattern HEAD = Pattern.compile("(?is)^\\{\\s*(?:(?:#[^\\n]*\\n|<#.*?#>)\\s*)*((?:\\[[^\\]]*\\]\\s*)*)param\\s*\\(");
    private static final Pattern ENTRY = Pattern.compile("(?s)^\\$([A-Za-z_][A-Za-z0-9_]*)\\s*(?:=\\s*(.+?))?\\s*$");
    private static final Pattern UNREAD_ATTRIBUTE = Pattern.compile(
            "(?i)position|valuefrompipeline|valuefromremainingarguments|^\\[\\s*(?:switch|bool|boolean|system\\.management\\.automation\\.switchparameter)\\s*\\]$");
    private static final Pattern VARIABLE_DEFAULT = Pattern.compile("(?i)^\\$(?:home|pwd|env:[A-Za-z_][A-Za-z0-9_]*)$");

    /** The statements of block {@code raw} after its {@code param()} list (the whole text when it has none or it is not closed). */
    static String statements(String raw) {
        Matcher h = HEAD.matcher(raw);
        int close = h.find() ? PsHeldChoices.close(raw, h.end() - 1) : -1;
        return close < 0 ? raw : raw.substring(close + 1);
    }

    /**
     * The parameters of block {@code raw} (its source with braces) in order; an empty list when
     * the block has no {@code param()} list (its arguments are {@code $args}); null when the list
     * is not read.
     */
    static List<Param> of(String raw) {
        Matcher h = HEAD.matcher(raw);
        if (!h.find()) {
            return List.of();
        }
        int open = h.end() - 1;
        int close = PsHeldChoices.close(raw, open);
        if (close < 0) {
            return null;
        }
        String list = raw.substring(open + 1, close).strip();
        List<Param> params = new ArrayList<>();
        if (list.isEmpty()) {
            return params;
        }
        for (String entry : topLevel(list)) {
            String e = entry.strip();
            while (e.startsWith("[")) {
                int end = PsHeldChoices.close(e, 0);
                if (end < 0 || UNREAD_ATTRIBUTE.matcher(e.substring(0, end + 1)).find()) {
                    return null;
                }
                e = e.substring(end + 1).strip();
            }
            Matcher m = ENTRY.matcher(e);
            if (!m.matches()) {
                return null;
            }
            params.add(new Param(m.group(1).toLowerCase(Locale.ROOT), m.group(2) == null ? null : fallback(m.group(2).strip())));
        }
        return params;
    }

    /** A default written as a plain string or a known variable, as the word it gives; null otherwise. */
    private static Word fallback(String v) {
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'") && v.indexOf('\'', 1) == v.length() - 1) {
            return new Word(PsText.verbatim(v), v, true, Set.of(WordFeature.SINGLE_QUOTED));
        }
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") && v.indexOf('"', 1) == v.length() - 1
                && v.indexOf('$') < 0 && v.indexOf('`') < 0) {
            return new Word(v.substring(1, v.length() - 1), v, true, Set.of(WordFeature.DOUBLE_QUOTED));
        }
        if (VARIABLE_DEFAULT.matcher(v).matches()) {
            return new Word(v, v, false, Set.of(WordFeature.PARAMETER));
        }
        return null;
    }

    /** {@code list} split at commas outside brackets and strings. */
    private static List<String> topLevel(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int from = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(list.substring(from, i));
                from = i + 1;
            }
        }
        out.add(list.substring(from));
        return out;
    }
}
