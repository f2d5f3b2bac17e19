package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * PowerShell's reading of a script written whole and then run in the same text
 * ({@code Set-Content t.ps1 'Get-ChildItem'; .\t.ps1}, {@code @'…'@ | Set-Content t.ps1; & .\t.ps1},
 * {@code 'Write-Host hi' > t.ps1; pwsh -File t.ps1}): the run's statements were split from the
 * written text ({@link PsCarriers}), and when that text is surely all the file holds the pair goes
 * into {@code SplitResult.wholeWrites}, so the write-then-run rules (SW4005, SW4023) spare it, as
 * bash's {@code BashWalker.noteWholeRun} does.
 *
 * <p>Fail closed: the write is one top-level {@code Set-Content}/{@code Out-File} (full parameter
 * names from a short list, each once, one path, no {@code -Append}, {@code -Stream}, {@code -WhatIf},
 * wildcard path or encoding that reads back other text or that one PowerShell lacks: a binding that
 * fails writes nothing, and the run finds an older file) or {@code '…' > f}, of a single-quoted string
 * or here-string (double-quoted only without {@code $} or backtick) of printable ASCII, without text
 * PowerShell may read otherwise ({@code #requires}, {@code using}, {@code <#} inside a word, a lone
 * CR) and, through Out-File or {@code >}, without a line it would wrap; the path is plain (no
 * {@code :} stream or drive, no {@code ~} short name, no wildcard, no {@code ..}, no trailing dot or
 * blank) and the run names it with the same letters (another case is the same file on Windows and
 * another on Linux: left to ask); no other write of any file before the run; the run is a
 * top-level statement with no arguments or redirections; every top-level statement before it is a
 * quiet cmdlet of literal words (no {@code cd}, alias, function, assignment, preference or second
 * writer). Statements after the run are judged by themselves (they change nothing it ran) when
 * every statement of the script is such a quiet cmdlet too (else the script could change what they
 * mean: a global alias or function, a module, a variable, the location, the environment).
 * {@code [IO.File]::WriteAllText('t.ps1', '…')} without an encoding is such a write too.
 */
final class PsWholeRuns {

    /** One write of a file: its folded and exact path keys, the writing segment's id, and whether it is an exact whole write. */
    private record Write(String folded, String key, int id, boolean exact) {
    }

    /** Every write recorded, in the order recorded. */
    private final List<Write> writes = new ArrayList<>();
    /** Candidate runs: segment id to the exact key they name. */
    private final Map<Integer, String> runs = new HashMap<>();

    /** Cmdlets that may stand between (or before) the write and the run: they write no file and run nothing. */
    private static final Set<String> QUIET = Set.of("Write-Host", "Write-Output", "Get-Date", "Get-Location",
            "Start-Sleep", "Get-ChildItem", "Get-Content", "Test-Path", "Get-Item");

    /** Parameters (full names, lower case) a whole write may carry, per cmdlet; {@code encoding} takes a value. */
    private static final Set<String> SET_CONTENT = Set.of("path", "literalpath", "pspath", "value", "encoding", "force", "nonewline", "passthru");
    private static final Set<String> OUT_FILE = Set.of("filepath", "literalpath", "inputobject", "encoding", "force", "nonewline");
    /**
     * Encodings that read back printable ASCII as written and that Windows PowerShell 5.1 and pwsh 7
     * both know: a name one of them lacks ({@code utf8NoBOM}, {@code utf8BOM}, {@code ansi}, pwsh's
     * {@code default}) fails the binding there, nothing is written, and the run finds an older file.
     */
    private static final Set<String> ENCODINGS = Set.of("utf8", "ascii", "unicode", "oem");
    /** Printable ASCII and line ends only. */
    private static final Pattern ASCII_TEXT = Pattern.compile("[\\x20-\\x7E\\t\\r\\n]*");
    /**
     * Script text PowerShell may read otherwise than the splitter, or that loads code the splitter
     * never sees: {@code #requires -Modules}, {@code using module}/{@code assembly}, a {@code <#}
     * inside a word ({@code a<#b; …#>}: a comment or a word), a lone carriage return (a line end to
     * PowerShell).
     */
    private static final Pattern UNSURE_SCRIPT = Pattern.compile("(?i)#\\s*requires|(?m)^\\s*using\\s|[^\\s;|&(){}]<#|\\r(?!\\n)");
    /**
     * Longest line Out-File (and {@code >}) surely writes as one line: it wraps longer strings at the
     * host's width (80 columns for a console of its default size), so a long comment line's tail
     * would become a statement of its own.
     */
    private static final int OUT_FILE_WIDTH = 79;
    /** A plain relative path: no stream or drive, short name, wildcard, parent step, trailing dot or blank. */
    private static final Pattern PLAIN_PATH = Pattern.compile("(?:[A-Za-z0-9_\\-]+(?:\\.[A-Za-z0-9_\\-]+)*/)*[A-Za-z0-9_\\-]+(?:\\.[A-Za-z0-9_\\-]+)*\\.ps1",
            Pattern.CASE_INSENSITIVE);

    /** A path's key as the run and the write compare it ({@code .\}/{@code ./} dropped, {@code /} separators), or null when not plain. */
    static String plainKey(Word path) {
        if (path == null || !path.literal()) {
            return null;
        }
        String k = PsCarriers.writtenKey(path.text());
        return PLAIN_PATH.matcher(k).matches() ? k : null;
    }

    /** True when the text word {@code v} is exactly known: single-quoted, or double-quoted without {@code $} or backtick, of printable ASCII. */
    static boolean exactText(Word v) {
        if (v == null || !v.literal() || !ASCII_TEXT.matcher(v.text()).matches() || UNSURE_SCRIPT.matcher(v.text()).find()) {
            return false;
        }
        String raw = v.raw();
        boolean single = raw.startsWith("'") || raw.startsWith("@'");
        boolean dbl = raw.startsWith("\"") || raw.startsWith("@\"");
        return single || dbl && raw.indexOf('$') < 0 && raw.indexOf('`') < 0;
    }

    /** {@link #exactText}, and no line so long that Out-File (and {@code >}) would wrap it ({@link #OUT_FILE_WIDTH}). */
    static boolean exactFormattedText(Word v) {
        if (!exactText(v)) {
            return false;
        }
        for (String line : v.text().split("\r?\n", -1)) {
            if (line.length() > OUT_FILE_WIDTH) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when cmdlet {@code cmdlet} with arguments {@code args} (and {@code piped}, the one string piped
     * into it, or null) surely writes the whole of {@code value} to one path: see the class comment.
     */
    static boolean exactCmdletWrite(String cmdlet, List<Word> args, Word value, Word piped) {
        Set<String> allowed = cmdlet.equals("Set-Content") ? SET_CONTENT : cmdlet.equals("Out-File") ? OUT_FILE : null;
        if (allowed == null || !(cmdlet.equals("Out-File") ? exactFormattedText(value) : exactText(value)) || piped != null && value != piped) {
            return false;
        }
        int positional = 0;
        boolean namedPath = false;
        boolean namedValue = piped != null;
        // a parameter given twice, or two paths (`-Path a -LiteralPath a`), fails the binding: nothing is written
        Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            // `-Value 'a', 'b'` writes an array: more lines than the one string read
            if (!w.literal() || w.raw().startsWith(",") || w.raw().endsWith(",")) {
                return false;
            }
            String t = w.text();
            boolean param = t.startsWith("-") && !w.has(WordFeature.SINGLE_QUOTED) && !w.has(WordFeature.DOUBLE_QUOTED);
            if (!param) {
                positional++;
                continue;
            }
            String p = t.substring(1).toLowerCase(Locale.ROOT);
            if (!allowed.contains(p) || !seen.add(p)) {
                return false;
            }
            if (p.equals("encoding")) {
                if (i + 1 >= args.size() || !ENCODINGS.contains(args.get(i + 1).text().toLowerCase(Locale.ROOT))) {
                    return false;
                }
                i++;
            } else if (!Set.of("force", "nonewline", "passthru").contains(p)) {
                i++; // the path or the text
                boolean isValue = Set.of("value", "inputobject").contains(p);
                if (isValue ? namedValue : namedPath) {
                    return false; // the text piped and named, or two path parameters
                }
                if (isValue) {
                    namedValue = true;
                } else {
                    namedPath = true;
                }
            }
        }
        // exactly the positionals the cmdlet binds: the path, then (Set-Content) the text
        int expected = (namedPath ? 0 : 1) + (namedValue || !cmdlet.equals("Set-Content") ? 0 : 1);
        return positional == expected;
    }

    /**
     * Records a write of path {@code key} by segment {@code id}: {@code exact} when it is one
     * top-level truncating write of the whole known text ({@link #exactCmdletWrite}, {@code '…' > f}).
     */
    void write(String key, int id, boolean exact) {
        if (key == null) {
            return;
        }
        writes.add(new Write(key.toLowerCase(Locale.ROOT), key, id, exact));
    }

    /** Records that top-level segment {@code id} runs the script {@code key} names (no arguments, no redirections). */
    void run(String key, int id) {
        if (key != null) {
            runs.put(id, key);
        }
    }

    /**
     * The runs of wholly known written text among {@code out} (run id to writer id), dropping from
     * each such run of pwsh/powershell {@code -File} its {@link OpaqueReason#INTERPRETER_SCRIPT}
     * (the script is no longer unseen).
     */
    Map<Integer, Integer> decide(List<Segment> out) {
        Map<Integer, Integer> whole = new HashMap<>();
        for (Map.Entry<Integer, String> e : runs.entrySet()) {
            int run = e.getKey();
            Integer writer = soleWriter(out, e.getValue(), run);
            Integer seen = writer == null ? null : seenWriter(out, writer);
            if (seen == null || !fits(out, writer, run)) {
                continue;
            }
            whole.put(run, seen);
            Segment r = out.get(run);
            if (r.opaqueReasons().contains(OpaqueReason.INTERPRETER_SCRIPT)) {
                Set<OpaqueReason> rest = EnumSet.noneOf(OpaqueReason.class);
                rest.addAll(r.opaqueReasons());
                rest.remove(OpaqueReason.INTERPRETER_SCRIPT);
                out.set(run, new Segment(r.id(), r.parent(), r.depth(), r.provenance(), r.wrappers(), r.argv(),
                        r.assignments(), r.redirects(), r.heredocs(), r.position(), rest));
            }
        }
        return whole;
    }

    /**
     * The id of the one exact write of {@code key} (same letters) before the run {@code run}, when it
     * is the only write of any file before the run, or null. A write the statement's own reading
     * makes (the {@code Set-Content} a {@code [IO.File]::WriteAllText} is read as, a segment under
     * the writer) is that write, not a second one; writes after the run change nothing it ran.
     */
    private Integer soleWriter(List<Segment> out, String key, int run) {
        String folded = key.toLowerCase(Locale.ROOT);
        Write exact = null;
        for (Write w : writes) {
            if (w.exact() && w.id() >= 0 && w.id() < run && w.folded().equals(folded) && w.key().equals(key)) {
                if (exact != null) {
                    return null;
                }
                exact = w;
            }
        }
        if (exact == null) {
            return null;
        }
        for (Write w : writes) {
            // any other write before the run (a write of unknown place counts as before)
            if (w != exact && w.id() < run && !under(out, w.id(), exact.id())) {
                return null;
            }
        }
        return exact.id();
    }

    /**
     * The segment the rules see writing the file for the top-level writer {@code writer}: for a
     * {@code [IO.File]} call, the one {@code Set-Content} it is read as, which must be all it is read
     * as (another reading, {@code … + [IO.File]::Copy(…)}, may write the file too: null); else the
     * writer itself.
     */
    private static Integer seenWriter(List<Segment> out, int writer) {
        Segment w = out.get(writer);
        if (w.argv().isEmpty() || !w.argv().get(0).raw().startsWith("[")) {
            return writer;
        }
        Integer seen = null;
        for (Segment s : out) {
            if (s.id() != writer && under(out, s.id(), writer)) {
                if (seen != null || s.parent() != writer || s.argv().isEmpty() || !s.argv().get(0).text().equals("Set-Content")) {
                    return null;
                }
                seen = s.id();
            }
        }
        return seen;
    }

    /** True when segment {@code id} is segment {@code ancestor} or lies under it. */
    private static boolean under(List<Segment> out, int id, int ancestor) {
        int at = id;
        for (int guard = 0; at >= 0 && at < out.size() && guard < out.size(); guard++) {
            if (at == ancestor) {
                return true;
            }
            Segment s = out.get(at);
            if (s == null) {
                return false;
            }
            at = s.parent();
        }
        return false;
    }

    /** True when the write and the run stand as the class comment requires among the top-level segments. */
    private static boolean fits(List<Segment> out, int writer, int run) {
        Segment w = out.get(writer);
        Segment r = out.get(run);
        if (!top(w) || !top(r) || !w.opaqueReasons().isEmpty() || w.position().background() || r.position().background()
                || w.position().stage() + 1 != w.position().stages() || r.position().stages() != 1
                || !Set.of("", ";", "\n").contains(w.position().opBefore()) || r.position().opBefore().equals("||")
                || !r.redirects().isEmpty() || !r.assignments().isEmpty() || !w.assignments().isEmpty()
                || r.opaqueReasons().stream().anyMatch(x -> x != OpaqueReason.INTERPRETER_SCRIPT)) {
            return false;
        }
        List<Segment> others = new ArrayList<>();
        for (Segment s : out) {
            if (s.parent() < 0 && s.id() != writer && s.id() != run) {
                others.add(s);
            }
        }
        boolean trailing = false;
        for (Segment s : others) {
            // statements after the run are judged by themselves: they change nothing the run ran
            trailing |= s.id() > run;
            if (s.id() < run && !quiet(s)) {
                return false;
            }
        }
        // but the script may change what they mean (a global alias or function, a module, a
        // variable, the location, the environment): with statements after the run, every statement
        // of the script is a quiet cmdlet
        if (trailing) {
            for (Segment s : out) {
                if (s.id() != run && under(out, s.id(), run) && !quietStatement(s)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean top(Segment s) {
        return s.parent() < 0 && s.depth() == 0 && s.provenance() == Provenance.TOP;
    }

    /** A quiet top-level statement: a {@link #QUIET} cmdlet of literal words, alone, in the foreground, without redirections. */
    private static boolean quiet(Segment s) {
        return top(s) && quietStatement(s);
    }

    /** A {@link #QUIET} cmdlet of literal words, alone, in the foreground, without redirections, at any level. */
    private static boolean quietStatement(Segment s) {
        return !s.argv().isEmpty() && QUIET.contains(s.argv().get(0).text()) && s.assignments().isEmpty()
                && s.redirects().isEmpty() && s.opaqueReasons().isEmpty() && s.position().stages() == 1
                && !s.position().background() && s.argv().stream().allMatch(Word::literal);
    }
}
