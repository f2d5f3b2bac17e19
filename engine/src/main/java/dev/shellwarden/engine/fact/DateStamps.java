package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Segment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Date stamps in a path: a command substitution that only runs {@code date +FORMAT}
 * ({@code backup-$(date +%F).tar.gz}, {@code log_`date '+%Y%m%d'`.txt}) whose format holds only
 * numeric fields and name-safe literal characters. Such a substitution prints one word of digits,
 * dashes, colons, plus signs and the format's own literals: no blank (so no split), no slash (so it
 * stays in the folder it is written in). It is rendered with a sample of the same shape, so the
 * path rules judge {@code backup-2026-12-06.tar.gz} in that folder as they would a literal name.
 *
 * <p>INVARIANT (fail closed): only {@code date}, optionally {@code -u}/{@code --utc}, and one
 * {@code +FORMAT} word count; {@code -d}/{@code --date} (the value may be any text), {@code -r},
 * {@code -s} and anything else leave the substitution as computed. Fields that pad with blanks
 * ({@code %e %k %l}, the {@code _} flag), print locale words or separators ({@code %a %b %c %x %X
 * %D %r %Z}, which can hold blanks or a slash) or a newline or tab ({@code %n %t}) are not numeric
 * and leave it as computed too. Literal characters are rendered as written, so {@code $(date +..)}
 * still reads as {@code ..}.
 */
final class DateStamps {

    private DateStamps() {
    }

    /** A sample of each numeric field's output, same characters and width as the real one. */
    private static final Map<Character, String> FIELDS = Map.ofEntries(
            Map.entry('Y', "2026"), Map.entry('C', "20"), Map.entry('y', "26"), Map.entry('G', "2026"),
            Map.entry('g', "26"), Map.entry('m', "12"), Map.entry('d', "06"), Map.entry('j', "340"),
            Map.entry('H', "09"), Map.entry('I', "09"), Map.entry('M', "05"), Map.entry('S', "07"),
            Map.entry('s', "1796547907"), Map.entry('N', "000000000"), Map.entry('u', "7"), Map.entry('w', "0"),
            Map.entry('U', "49"), Map.entry('V', "49"), Map.entry('W', "49"), Map.entry('F', "2026-12-06"),
            Map.entry('T', "09:05:07"), Map.entry('R', "09:05"), Map.entry('z', "+0000"), Map.entry('%', "%"));

    /** {@code $(date …)} or a backquoted {@code date …}: group 1 or 2 is the text after {@code date}. */
    private static final Pattern SUBSTITUTION = Pattern.compile(
            "\\$\\(\\s*date((?:\\s+[^\\s()`$]+)+)\\s*\\)|`\\s*date((?:\\s+[^\\s()`$]+)+)\\s*`");

    /** A format word: the characters a date format may hold here, quotes included (checked and removed below). */
    private static final Pattern FORMAT_WORD = Pattern.compile("['\"]?\\+['\"A-Za-z0-9%._:+-]*");

    /** Literal characters that may stand in a file name: no blank, no slash, no glob or quote. */
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9._:+-]");

    /**
     * {@code p} with every date-stamp substitution replaced by a sample of what it prints; any
     * other substitution, and a date substitution that may print more than a name, stays as written.
     */
    static String render(String p) {
        if (p.indexOf("date") < 0) {
            return p;
        }
        Matcher m = SUBSTITUTION.matcher(p);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String rendered = renderArgs(m.group(1) != null ? m.group(1) : m.group(2));
            m.appendReplacement(out, Matcher.quoteReplacement(rendered != null ? rendered : m.group()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The sample output of {@code date ARGS}, or null when the arguments are not a UTC switch and one numeric format. */
    private static String renderArgs(String args) {
        String format = null;
        for (String a : args.trim().split("\\s+")) {
            if (a.equals("-u") || a.equals("--utc") || a.equals("--universal")) {
                continue;
            }
            if (format != null || !FORMAT_WORD.matcher(a).matches()) {
                return null;
            }
            format = a;
        }
        if (format == null || count(format, '\'') % 2 != 0 || count(format, '"') % 2 != 0) {
            return null;
        }
        return renderFormat(format.replace("'", "").replace("\"", "").substring(1));
    }

    /** The sample output of a format (without its {@code +}), or null when a field is not numeric. */
    private static String renderFormat(String f) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < f.length(); i++) {
            char ch = f.charAt(i);
            if (ch != '%') {
                if (!LITERAL.matcher(String.valueOf(ch)).matches()) {
                    return null;
                }
                out.append(ch);
                continue;
            }
            // GNU flags that keep a field free of blanks: `-` (no padding), `0` (zeros)
            while (i + 1 < f.length() && (f.charAt(i + 1) == '-' || f.charAt(i + 1) == '0')) {
                i++;
            }
            String sample = i + 1 < f.length() ? FIELDS.get(f.charAt(i + 1)) : null;
            if (sample == null) {
                return null;
            }
            out.append(sample);
            i++;
        }
        return out.toString();
    }

    /** True when {@code p} holds a date stamp {@link #render} replaces. */
    static boolean holdsStamp(String p) {
        return !render(p).equals(p);
    }

    /**
     * Text that may make {@code date} another program: a function or alias of that name, a name
     * hashed to a file, a change of PATH (bash's {@code PATH=}, zsh's {@code path=(…)},
     * {@code path+=}), or code this text does not show ({@code eval}, {@code enable -f}; a sourced
     * file is read from the segments, {@link #sourcesCode}). Read over the whole command text, so
     * it matches more than it must.
     */
    private static final Pattern REDEFINES = Pattern.compile("(?<![\\w./-])(function\\s+date\\b|date\\s*\\(\\s*\\)|alias\\b[^;&|\\n]*\\bdate="
            + "|hash\\b[^;&|\\n]*\\bdate\\b|\\w*PATH\\+?=|path(\\[[^]]*])?\\+?=|eval\\s|enable\\s)");

    /**
     * A {@code source} or {@code .} word anywhere in a PowerShell text: its splitter keeps no trace
     * of dot-sourcing ({@code . ./x.ps1} is the segment {@code ./x.ps1}), so the text is read.
     */
    private static final Pattern SOURCE_TEXT = Pattern.compile("(?<![\\w./-])(source\\s|\\.\\s)");

    /** The names of the commands that run a file's code in the current shell. */
    private static final Set<String> SOURCING = Set.of(".", "source");

    /**
     * True when the command text {@code raw} may make {@code date} something other than the date
     * program: {@link #REDEFINES}, or a segment that runs code the text does not show
     * ({@code sourcesCode}, {@link #sourcesCode}). WHY: a stamp is rendered because {@code date}
     * prints a number; {@code date() { echo ~; }; rm -rf $(date +%F)} prints the home folder, and
     * {@code PATH=./bin:$PATH} runs a project script called date. Such a text keeps every stamp
     * computed (fail closed).
     */
    static boolean mayBeRedefined(String raw, boolean sourcesCode) {
        return raw.contains("date") && (sourcesCode || REDEFINES.matcher(raw).find());
    }

    /**
     * True when a segment of the letter sources a file ({@code . f}, {@code source f}) or runs a
     * computed command name ({@code $x f}, which may be either), so that any command after it may
     * be a function of that file. WHY segments and not the text: the splitter finds the command in
     * every spelling (after quote removal and wrappers: {@code command . f}, {@code '.' f}, a case
     * arm, a brace group, a leading redirection, a {@code sh -c} text, a trap or alias payload,
     * a substitution), while a {@code .} word in the text is as often a folder ({@code find .},
     * {@code cd .}, {@code tar -czf a.tgz . }). A sourcing segment in a child shell or in text
     * written for later counts too (fail closed). PowerShell: {@link #SOURCE_TEXT} over the text.
     */
    static boolean sourcesCode(List<Segment> segments, String shell, String raw) {
        if (!raw.contains("date")) {
            return false;
        }
        if ("powershell".equals(shell)) {
            return SOURCE_TEXT.matcher(raw).find();
        }
        for (Segment s : segments) {
            if (!s.argv().isEmpty() && (!s.argv().get(0).literal() || SOURCING.contains(Cmd.nameOf(s)))) {
                return true;
            }
        }
        return false;
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }
}
