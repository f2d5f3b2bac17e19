package dev.shellwarden.grammar.ps;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Variables holding a StreamWriter the text opened itself ({@code $w = New-Object IO.StreamWriter
 * 'out.txt'}, {@code $w = [IO.StreamWriter]::new('out.txt')}), and the calls on them that write
 * nothing but literal text to the file it was opened on ({@code $w.WriteLine('x')},
 * {@code $w.Write('x')}, {@code $w.Flush()}, {@code $w.Close()}, {@code $w.Dispose()}).
 *
 * <p>WHY: the file a writer writes is the one its constructor names, and the constructor is read
 * as a write of that path (PsItemPaths for New-Object, {@link PsFileCalls} for {@code ::new}), so
 * the write rules judge the target there; the calls on the variable add no other target, and
 * asked as unknown method calls (SW1006) even inside the project.
 *
 * <p>FAIL CLOSED: the variable is assigned exactly once in the text and never through
 * {@code [ref]}, Set-Variable, New-Variable, Clear-Variable or the variable drive; the calls take
 * only single-quoted strings or double-quoted ones without expansion (what is written is then
 * known); any other method, argument or variable stays an unknown call.
 */
final class PsWriters {

    private PsWriters() {
    }

    /** {@code $NAME = New-Object [-TypeName] [System.]IO.StreamWriter} or {@code $NAME = [[System.]IO.StreamWriter]::new(}. */
    private static final Pattern OPENED = Pattern.compile(
            "(?i)\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?\\s*=\\s*(?:new-object\\s+(?:-typename\\s+)?(?:system\\.)?io\\.streamwriter\\b"
            + "|\\[(?:system\\.)?io\\.streamwriter\\]::new\\()");
    /** Any way of changing a variable other than a plain assignment. */
    private static final Pattern OTHER_CHANGE = Pattern.compile(
            "(?i)\\[ref\\]|-variable|\\bsv\\b|\\bnv\\b|\\bclv\\b|\\bvariable:");
    /** A writer's call: group 1 the variable, group 2 the method. */
    private static final Pattern CALL = Pattern.compile(
            "(?i)^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?\\.(writeline|write|flush|close|dispose)$");
    /** A literal string without expansion. */
    private static final String TEXT = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`$\u201C\u201D\u201E]*\")";
    private static final Pattern NO_ARGUMENT = Pattern.compile("^\\(\\s*\\)$");
    private static final Pattern ONE_TEXT = Pattern.compile("^\\(\\s*" + TEXT + "\\s*\\)$");

    /** The lower-case names of the variables {@code source} opens a StreamWriter into, each assigned once only. */
    static Set<String> of(String source) {
        Set<String> out = new HashSet<>();
        if (source == null || OTHER_CHANGE.matcher(source).find()) {
            return out;
        }
        Matcher m = OPENED.matcher(source);
        while (m.find()) {
            String name = m.group(1);
            Pattern assigned = Pattern.compile("(?i)\\$\\{?" + Pattern.quote(name)
                    + "\\}?(?![A-Za-z0-9_])\\s*([-+*/%?]?=(?!=)|\\+\\+|--)");
            Matcher a = assigned.matcher(source);
            int count = 0;
            while (a.find()) {
                count++;
            }
            if (count == 1) {
                out.add(name.toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    /**
     * True when {@code decoded} ({@code $w.WriteLine}) called with {@code arguments} (its
     * parenthesised source) is a writer call of a variable in {@code writers} with literal text
     * or no argument.
     */
    static boolean call(String decoded, String arguments, Set<String> writers) {
        if (writers.isEmpty()) {
            return false;
        }
        Matcher m = CALL.matcher(decoded);
        if (!m.matches() || !writers.contains(m.group(1).toLowerCase(Locale.ROOT))) {
            return false;
        }
        String method = m.group(2).toLowerCase(Locale.ROOT);
        boolean writes = method.equals("writeline") || method.equals("write");
        return NO_ARGUMENT.matcher(arguments).matches() && !method.equals("write")
                || writes && ONE_TEXT.matcher(arguments).matches();
    }
}
