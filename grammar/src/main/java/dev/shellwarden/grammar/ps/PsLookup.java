package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.LexicalPaths;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command a computed name after {@code &} or {@code .} stands for, when its text tells:
 * a {@code Get-Command} lookup ({@code (gcm *ke-Ex*)}, {@code (Get-Command -Name Stop-C*)}), also
 * through {@code $ExecutionContext.InvokeCommand.GetCmdlet('…')}, {@code GetCommand('…', …)} and
 * {@code GetCommandName('…', …)}; an alias's definition ({@code (Get-Alias iex).Definition},
 * {@code (Get-Item Alias:iex).Definition}, {@code (gal iex).ReferencedCommand}); a format string
 * ({@code ('{1}{0}' -f 'ression','Invoke-Exp')}); characters joined from their codes
 * ({@code -join [char[]](83,116,…)}, {@code [string]::Join('', [char[]](…))}); a reversed string
 * ({@code -join ('retupmoC-potS'[-1..-14])}).
 *
 * <p>WHY: these names only asked (the command name is not a literal word), so the floor never
 * saw {@code Stop-Computer} behind {@code & (gcm Stop-Comp*)}; read as the command they name, the
 * floor and the payload readers ({@code Invoke-Expression}'s) judge it as typed.
 *
 * <p>INVARIANT: a wildcard resolves only when exactly one known cmdlet matches (a module may add
 * more, so the caller keeps the segment opaque as well); anything not read here gives null and the
 * name stays dynamic.
 */
final class PsLookup {

    private PsLookup() {
    }

    /** A bare or quoted word without expansions. */
    private static final String TOKEN = "(?:'[^']*'|\"[^\"`$]*\"|[^\\s'\"()`$;|]+)";

    private static final Pattern GET_COMMAND = Pattern.compile("(?i)^\\(\\s*(?:gcm|get-command)((?:\\s+" + TOKEN + ")+)\\s*\\)$");
    private static final Pattern CONTEXT_LOOKUP = Pattern.compile(
            "(?i)^\\(?\\s*\\$executioncontext\\.invokecommand\\.get(cmdlet|command|commandname)\\(\\s*" + PsText.PLAIN_STRING + "[^()]*\\)\\s*\\)?$");
    private static final Pattern ALIAS_DEFINITION = Pattern.compile(
            "(?i)^\\(?\\s*\\(\\s*(?:(?:get-alias|gal)(?:\\s+-name)?\\s+|(?:get-item|gi|get-childitem|gci|ls|dir)\\s+alias:\\\\?)"
            + "(" + TOKEN + ")\\s*\\)\\s*\\.(?:definition|referencedcommand|resolvedcommand|resolvedcommandname)\\s*\\)?$");
    private static final Pattern FORMAT = Pattern.compile("(?i)^\\(\\s*" + PsText.PLAIN_STRING + "\\s*-f\\s*(.+?)\\s*\\)$");
    private static final Pattern CHAR_CODES = Pattern.compile(
            "(?i)^\\(\\s*(?:-join\\s*\\[char\\[\\]\\]\\s*|\\[string\\]::join\\(\\s*(?:''|\"\")\\s*,\\s*\\[char\\[\\]\\]\\s*)"
            + "\\(\\s*([0-9\\s,]+)\\)\\s*\\)?\\s*\\)$");
    private static final Pattern REVERSED = Pattern.compile(
            "(?i)^\\(\\s*-join\\s*\\(\\s*" + PsText.PLAIN_STRING + "\\s*\\[\\s*-1\\s*\\.\\.\\s*-\\s*([0-9]+)\\s*\\]\\s*\\)\\s*\\)$");

    /** The command name the text of a computed name ({@code (…)} with what follows it) stands for, or null. */
    static String resolve(String text) {
        String t = text.strip();
        Matcher m = GET_COMMAND.matcher(t);
        if (m.matches()) {
            return lookup(m.group(1));
        }
        m = CONTEXT_LOOKUP.matcher(t);
        if (m.matches()) {
            String name = PsText.plainText(m, 2);
            return m.group(1).equalsIgnoreCase("commandname") || name.matches(".*[*?\\[].*") ? single(name) : PsNames.canonical(name);
        }
        m = ALIAS_DEFINITION.matcher(t);
        if (m.matches()) {
            String alias = LexicalPaths.unquoted(m.group(1));
            return PsNames.isAlias(alias) ? PsNames.canonical(alias) : null;
        }
        m = FORMAT.matcher(t);
        if (m.matches()) {
            return format(PsText.plainText(m, 1), m.group(3));
        }
        m = CHAR_CODES.matcher(t);
        if (m.matches()) {
            StringBuilder s = new StringBuilder();
            for (String code : m.group(1).split("[\\s,]+")) {
                if (!code.isEmpty()) {
                    int c = Integer.parseInt(code.length() > 6 ? "0" : code);
                    if (c < 32 || c > 126) {
                        return null;
                    }
                    s.append((char) c);
                }
            }
            return s.length() == 0 ? null : s.toString();
        }
        m = REVERSED.matcher(t);
        if (m.matches()) {
            String s = PsText.plainText(m, 1);
            int n = m.group(3).length() > 4 ? Integer.MAX_VALUE : Integer.parseInt(m.group(3));
            if (n < s.length()) {
                return null; // only the whole string reversed is read (indices past its start add nothing)
            }
            return new StringBuilder(s).reverse().toString();
        }
        return null;
    }

    /**
     * {@code gcm}'s words: the name or wildcard (first positional or -Name), or the
     * {@code -Verb}/{@code -Noun} pair ({@code gcm -Verb Stop -Noun Computer} is {@code Stop-Computer},
     * a missing half any), other parameters skipped.
     */
    private static String lookup(String words) {
        String name = lookedUpName(words);
        return name == null ? null : name.matches(".*[*?\\[].*") ? single(name) : PsNames.canonical(name);
    }

    /** The most cmdlets a wildcard lookup is read as ({@link #candidates}); more stay dynamic. */
    private static final int MAX_CANDIDATES = 8;

    /**
     * The known cmdlets a {@code Get-Command} wildcard matches when there are several, at most
     * {@link #MAX_CANDIDATES} ({@code (gcm Remove-I*)}: Remove-Item and Remove-ItemProperty); null
     * for anything else. WHY: which one runs depends on what is installed, so the call is read as
     * each of them, and the worst decides.
     */
    static List<String> candidates(String text) {
        Matcher m = GET_COMMAND.matcher(text.strip());
        String name = m.matches() ? lookedUpName(m.group(1)) : null;
        if (name == null || !name.matches(".*[*?\\[].*")) {
            return null;
        }
        SortedSet<String> hits = PsNames.cmdletsMatching(name);
        return hits.size() > 1 && hits.size() <= MAX_CANDIDATES ? List.copyOf(hits) : null;
    }

    /** The name or wildcard {@link #lookup} reads from gcm's words, or null. */
    private static String lookedUpName(String words) {
        List<String> w = new ArrayList<>();
        Matcher m = Pattern.compile(TOKEN).matcher(words);
        while (m.find()) {
            w.add(m.group());
        }
        String name = null;
        String verb = null;
        String noun = null;
        for (int i = 0; i < w.size(); i++) {
            String a = w.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                String p = a.substring(1).toLowerCase(java.util.Locale.ROOT);
                if ("verb".startsWith(p) || p.length() >= 2 && "noun".startsWith(p)) {
                    if (i + 1 >= w.size() || name != null) {
                        return null;
                    }
                    String v = LexicalPaths.unquoted(w.get(++i));
                    if (v.isEmpty() || v.contains(",") || v.contains("-")) {
                        return null;
                    }
                    if (p.startsWith("v")) {
                        verb = v;
                    } else {
                        noun = v;
                    }
                } else if (p.length() >= 2 && "name".startsWith(p) || p.equals("n")) {
                    if (verb != null || noun != null) {
                        return null;
                    }
                    name = i + 1 < w.size() ? LexicalPaths.unquoted(w.get(++i)) : null;
                } else if (p.length() >= 2 && ("commandtype".startsWith(p) || "type".startsWith(p) || "module".startsWith(p))) {
                    i++;
                } else {
                    return null; // -All, -Syntax, -ListImported… change what comes back
                }
            } else if (name == null && verb == null && noun == null) {
                name = LexicalPaths.unquoted(a);
            } else {
                return null;
            }
        }
        if (verb != null || noun != null) {
            name = (verb == null ? "*" : verb) + "-" + (noun == null ? "*" : noun);
        }
        return name;
    }

    /**
     * Whether the text is {@code (Get-Command NAME)} (or {@code gcm -Name NAME}) of one literal name
     * without wildcards and no other parameter: the lookup finds what typing the name runs, so the
     * call is that command as typed (not dynamic).
     */
    static boolean exact(String text) {
        Matcher m = GET_COMMAND.matcher(text.strip());
        if (!m.matches()) {
            return false;
        }
        List<String> w = new ArrayList<>();
        Matcher t = Pattern.compile(TOKEN).matcher(m.group(1));
        while (t.find()) {
            w.add(t.group());
        }
        String name = w.size() == 1 ? w.get(0)
                : w.size() == 2 && w.get(0).length() > 1 && "-name".startsWith(w.get(0).toLowerCase(java.util.Locale.ROOT)) ? w.get(1) : null;
        return name != null && !name.startsWith("-") && !LexicalPaths.unquoted(name).isEmpty() && !LexicalPaths.unquoted(name).matches(".*[*?\\[].*");
    }

    /** The one known cmdlet a wildcard matches, or null. */
    private static String single(String wildcard) {
        SortedSet<String> hits = PsNames.cmdletsMatching(wildcard);
        return hits.size() == 1 ? hits.first() : null;
    }

    /** {@code '{1}{0}' -f 'a','b'}: the format filled with literal arguments, or null. */
    private static String format(String pattern, String arguments) {
        List<String> values = PsText.plainStringList(arguments);
        if (values == null) {
            return null;
        }
        Matcher slot = Pattern.compile("\\{(\\d+)\\}").matcher(pattern);
        StringBuilder out = new StringBuilder();
        while (slot.find()) {
            int n = Integer.parseInt(slot.group(1).length() > 3 ? "999" : slot.group(1));
            if (n >= values.size()) {
                return null;
            }
            slot.appendReplacement(out, Matcher.quoteReplacement(values.get(n)));
        }
        slot.appendTail(out);
        return out.toString().matches(".*[{}].*") ? null : out.toString();
    }
}
