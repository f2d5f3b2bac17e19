package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.EnumSet;
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
 *
 * <p>A format with no field at all prints exactly its text, so a word of such substitutions is
 * put into the segment as the words the shell passes on before any rule reads it
 * ({@link #withLiteralOutputs}: {@code rm $(date +-rf) /} is {@code rm -rf /}).
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

    /** One argument word of {@code date}: bare characters and quoted spans, nothing expanded or escaped. */
    private static final String ARG = "(?:[^\\s'\"()`$\\\\;&|<>]|'[^']*'|\"[^\"$`\\\\]*\")+";

    /** {@code $(date ARGS)} or a backquoted {@code date ARGS} whose arguments expand nothing: group 1 or 2 is ARGS. */
    private static final Pattern PLAIN_SUBSTITUTION = Pattern.compile(
            "\\$\\(\\s*date((?:\\s+" + ARG + ")*)\\s*\\)|`\\s*date((?:\\s+" + ARG + ")*)\\s*`");

    private static final Pattern ARG_WORD = Pattern.compile(ARG);

    /** Word features that leave a word's text other than what the program receives once its date substitutions are known. */
    private static final Set<WordFeature> UNKNOWN_PARTS = EnumSet.of(WordFeature.PARAMETER, WordFeature.ARITHMETIC,
            WordFeature.PROCESS_SUBSTITUTION, WordFeature.GLOB, WordFeature.BRACE, WordFeature.ANSI_C, WordFeature.ESCAPED,
            WordFeature.RESOLVED_VARIABLE, WordFeature.WRAPPER_SLOT);

    /**
     * The segments of a bash command with every word made only of literal text and date
     * substitutions of a format without conversions replaced by what the shell passes on
     * ({@code rm $(date +-rf) /} is {@code rm -rf /}); the same list when the text may make
     * {@code date} another program ({@link #mayBeRedefined}) or the shell is PowerShell.
     *
     * <p>WHY: a format without {@code %} prints itself ({@code %%} prints {@code %}, {@code %n} a
     * newline, {@code %t} a tab), so such a substitution is as literal as the text it spells, option
     * dashes and slashes included; reading it as a numeric stamp ({@link #render}) hides the option
     * from the flag readers. An unquoted output is split at blanks and an empty one is dropped, as
     * the shell does; an output the shell would glob, or a mix of quoting this reading does not
     * follow, leaves the word as written (computed). {@code sourcesCode} is {@link #sourcesCode}
     * of the same segments, which the engine works out once per letter.
     */
    static List<Segment> withLiteralOutputs(List<Segment> segments, Ctx ctx, boolean sourcesCode) {
        if (!"bash".equals(ctx.getShell()) || ctx.getRaw() == null || !ctx.getRaw().contains("date") || mayBeRedefined(ctx.getRaw(), sourcesCode)) {
            return segments;
        }
        List<Segment> out = new ArrayList<>(segments.size());
        for (Segment s : segments) {
            out.add(withLiteralOutputs(s));
        }
        return out;
    }

    private static Segment withLiteralOutputs(Segment s) {
        boolean changed = false;
        List<Word> argv = new ArrayList<>();
        for (Word w : s.argv()) {
            List<Word> fields = literalOutput(w);
            changed |= fields != null;
            argv.addAll(fields != null ? fields : List.of(w));
        }
        List<Redirect> redirects = new ArrayList<>();
        for (Redirect r : s.redirects()) {
            List<Word> fields = literalOutput(r.target());
            // a redirection takes one word: more or fewer fields is bash's "ambiguous redirect", left as written
            boolean one = fields != null && fields.size() == 1;
            changed |= one;
            redirects.add(one ? new Redirect(r.op(), r.fd(), fields.get(0)) : r);
        }
        return !changed ? s : new Segment(s.id(), s.parent(), s.depth(), s.provenance(), s.wrappers(), argv, s.assignments(),
                redirects, s.heredocs(), s.position(), s.opaqueReasons());
    }

    /**
     * The words the shell makes of {@code w} when each of its substitutions is a date of a literal
     * format ({@link #literalPrint}); null when {@code w} holds no such substitution or anything
     * else that is not literal.
     */
    private static List<Word> literalOutput(Word w) {
        if (w.literal() || !w.has(WordFeature.COMMAND_SUBSTITUTION) || w.features().stream().anyMatch(UNKNOWN_PARTS::contains)) {
            return null;
        }
        Matcher m = PLAIN_SUBSTITUTION.matcher(w.text());
        StringBuilder text = new StringBuilder();
        boolean blanks = false;
        while (m.find()) {
            String printed = literalPrint(m.group(1) != null ? m.group(1) : m.group(2));
            if (printed == null) {
                return null;
            }
            blanks |= Regex.find(printed, "[\\s*?\\[]");
            m.appendReplacement(text, Matcher.quoteReplacement(printed));
        }
        m.appendTail(text);
        String t = text.toString();
        if (t.equals(w.text()) || t.indexOf('$') >= 0 || t.indexOf('`') >= 0) {
            return null;
        }
        Set<WordFeature> features = EnumSet.noneOf(WordFeature.class);
        features.addAll(w.features());
        features.remove(WordFeature.COMMAND_SUBSTITUTION);
        if (w.raw().equals("\"" + w.text() + "\"")) {
            // one double-quoted word: no split, no glob
            return List.of(new Word(t, Word.singleQuoted(t), true, features));
        }
        if (!blanks) {
            return List.of(new Word(t, t, true, features));
        }
        if (!w.raw().equals(w.text()) || Regex.find(t, "[*?\\[]")) {
            // quoting mixed with an output that splits, or an output the shell globs: as written
            return null;
        }
        List<Word> fields = new ArrayList<>();
        for (String f : t.split("[ \\t\\n]+")) {
            if (!f.isEmpty()) {
                fields.add(new Word(f, f, true, features));
            }
        }
        return fields;
    }

    /**
     * What {@code date ARGS} prints, trailing line breaks dropped as a substitution drops them,
     * when ARGS are a UTC switch at most and one format whose only directives are {@code %%},
     * {@code %n} and {@code %t}; null otherwise (a field, any other option, no format).
     */
    private static String literalPrint(String args) {
        String format = null;
        Matcher m = ARG_WORD.matcher(args);
        while (m.find()) {
            String a = m.group().replaceAll("'([^']*)'|\"([^\"]*)\"", "$1$2");
            if (a.equals("-u") || a.equals("--utc") || a.equals("--universal")) {
                continue;
            }
            if (format != null || !a.startsWith("+")) {
                return null;
            }
            format = a.substring(1);
        }
        if (format == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if (ch != '%') {
                out.append(ch);
                continue;
            }
            char next = i + 1 < format.length() ? format.charAt(i + 1) : 0;
            switch (next) {
                case '%' -> out.append('%');
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                default -> {
                    return null;
                }
            }
            i++;
        }
        return out.toString().replaceAll("\\n+$", "");
    }

    /** True when {@code p} holds a date stamp {@link #render} replaces. */
    static boolean holdsStamp(String p) {
        return !render(p).equals(p);
    }

    /**
     * Text that may make {@code date} another program: a function or alias of that name, a name
     * hashed to a file, a change of PATH (bash's {@code PATH=}, zsh's {@code path=(…)},
     * {@code path+=}), or code this text does not show ({@code enable -f}; a sourced file and an
     * eval of computed text are read from the segments, {@link #sourcesCode}). Read over the whole
     * command text, so it matches more than it must.
     */
    private static final Pattern REDEFINES = Pattern.compile("(?<![\\w./-])(function\\s+date\\b|date\\s*\\(\\s*\\)|alias\\b[^;&|\\n]*\\bdate="
            + "|hash\\b[^;&|\\n]*\\bdate\\b|\\w*PATH\\+?=|path(\\[[^]]*])?\\+?=|enable\\s"
            // rt32b: the hash and alias tables as arrays (`BASH_CMDS[date]=./x`), PATH set by any
            // builtin that names it (`read PATH`, `printf -v PATH`, `for PATH in`, `declare -n p=PATH`;
            // `$PATH` and `${PATH}` only read it), a start-up file of a child shell
            + "|BASH_CMDS\\b|BASH_ALIASES\\b|(?<![${])PATH\\b|--rcfile\\b|--init-file\\b)");

    /**
     * Text that may change IFS ({@code IFS=_}, {@code read IFS}; {@code $IFS} only reads it): an
     * unquoted stamp or literal output is then split at characters this reading keeps
     * ({@code IFS=_; rm -rf $(date +build_/)} is {@code rm -rf build /}), so it stays computed.
     */
    private static final Pattern SPLITS = Pattern.compile("(?<![\\w$.{/-])IFS\\b");

    /** Quotes and backslashes, removed before {@link #REDEFINES} reads the text a second time ({@code h\ash}, {@code PA''TH=}). */
    private static final Pattern QUOTING = Pattern.compile("['\"\\\\]");

    /**
     * A {@code source} or {@code .} word anywhere in a PowerShell text: its splitter keeps no trace
     * of dot-sourcing ({@code . ./x.ps1} is the segment {@code ./x.ps1}), so the text is read.
     */
    private static final Pattern SOURCE_TEXT = Pattern.compile("(?<![\\w./-])(source\\s|\\.\\s)");

    /** The names of the commands that run a file's code in the current shell. */
    private static final Set<String> SOURCING = Set.of(".", "source");

    /**
     * True when the command text {@code raw} may make {@code date} something other than the date
     * program: {@link #REDEFINES} (also read with quotes and backslashes removed, as the shell
     * reads {@code h\ash} and {@code PA''TH=}), or a segment that runs code the text does not show
     * ({@code sourcesCode}, {@link #sourcesCode}), or may split its output otherwise
     * ({@link #SPLITS}). WHY: a stamp is rendered because {@code date}
     * prints a number; {@code date() { echo ~; }; rm -rf $(date +%F)} prints the home folder, and
     * {@code PATH=./bin:$PATH} runs a project script called date. Such a text keeps every stamp
     * computed (fail closed).
     */
    static boolean mayBeRedefined(String raw, boolean sourcesCode) {
        return raw.contains("date") && (sourcesCode || REDEFINES.matcher(raw).find() || SPLITS.matcher(raw).find()
                || REDEFINES.matcher(QUOTING.matcher(raw).replaceAll("")).find());
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
        for (Segment s0 : segments) {
            // a name printed by a literal date format is that name (`$(date +rm) -rf /` is rm),
            // and `$(date +.) f` sources f: the name is judged after withLiteralOutputs
            Segment s = withLiteralOutputs(s0);
            if (!s.argv().isEmpty() && (!s.argv().get(0).literal() || SOURCING.contains(Cmd.nameOf(s)) || evalsUnseenCode(s))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for an {@code eval} whose text is not wholly shown: a word still computed after the
     * literal date outputs are put in ({@code eval "$x"}, {@code eval $(curl …)}), or a text that
     * those outputs make a redefinition the command text does not spell
     * ({@code eval "$(date +date)() { …; }"}). WHY: an eval of literal text (or of literal date
     * outputs, {@code eval "rm $(date +-rf) /"}) runs exactly its payload, whose segments and text
     * are read like the rest, so its stamps may be rendered and the floor sees {@code rm -rf /}.
     */
    private static boolean evalsUnseenCode(Segment s) {
        if (!Cmd.nameOf(s).equals("eval")) {
            return false;
        }
        List<Word> words = s.argv().subList(1, s.argv().size());
        if (words.stream().anyMatch(w -> !w.literal())) {
            return true;
        }
        String text = String.join(" ", words.stream().map(Word::text).toList());
        return REDEFINES.matcher(text).find() || SPLITS.matcher(text).find() || REDEFINES.matcher(QUOTING.matcher(text).replaceAll("")).find();
    }

    private static int count(String s, char c) {
        return (int) s.chars().filter(x -> x == c).count();
    }
}
