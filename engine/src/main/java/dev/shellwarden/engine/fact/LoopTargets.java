package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ProjectLoops;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A write or delete target made only of an in-project loop variable ({@link ProjectLoops}) and
 * safe derivations, judged as the literal target its sample gives.
 *
 * <p>WHY: {@code for f in *.txt; do mv "$f" "${f%.txt}.md"; done} and {@code find . -name '*.txt'
 * -print0 | while IFS= read -r -d '' f; do mv "$f" "$f.bak"; done} rename project files; SW2038 (and SW2032 for
 * {@code rm -rf "$d/node_modules"}) asked because the target is computed. Such a target is one of
 * the names the sample glob stands for, so it is judged as {@code mv '*.txt' '*.md'} would be:
 * inside the project from every folder the command may run in, and no project automation.
 *
 * <p>INVARIANT (fail closed): the word, as written, is one double-quoted string of exactly: an
 * optional literal prefix (letters, digits, {@code _+,=@}, not starting with {@code -}), then
 * {@code $f}, {@code ${f}}, {@code ${f%LIT}}, {@code ${f%.*}}, {@code ${f#*}{@code /}},
 * {@code ${f##*}{@code /}}, {@code ${f#./}}, {@code ${f/LIT/LETTERS}} (also {@code //}), or
 * {@code $(dirname "$f")/} followed by {@code $(basename "$f")} (maybe piped to {@code tr 'c' 'c'})
 * or a literal component; then an optional literal suffix whose components are no {@code .} or
 * {@code ..}. A derivation that may be empty or end in {@code .} ({@code %}, {@code #}) needs a
 * suffix that starts with a name character. Unquoted words (split and globbed again at run time),
 * other operators and substitutions are not read: the target stays computed.
 */
final class LoopTargets {

    private LoopTargets() {
    }

    /** A literal name piece: letters, digits and {@code _+,=@-}, maybe a dot after its first character. */
    private static final String NAME = "[A-Za-z0-9_+,=@-][A-Za-z0-9_.+,=@-]*";
    /** A suffix: a piece glued to the value's last component, then components that are no . or .. */
    private static final Pattern SUFFIX = Pattern.compile("(\\.?" + NAME + ")?((?:/\\.?" + NAME + ")*)(/?)");
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9_+,=@][A-Za-z0-9_+,=@-]*");

    /**
     * The literal samples {@code raw} stands for when it is such a target of a loop variable
     * named in {@code wrappers}, or null. {@code delete} asks for a suffix naming a folder's entry
     * ({@code "$d/node_modules"}): the value whole is everything the glob matches.
     */
    static List<String> samples(Word w, List<String> wrappers, boolean delete) {
        String raw = w.raw();
        if (raw.length() < 3 || raw.charAt(0) != '"' || raw.charAt(raw.length() - 1) != '"') {
            return null;
        }
        String in = raw.substring(1, raw.length() - 1);
        for (String wr : wrappers) {
            if (!wr.startsWith(Segment.PROJECT_LOOP)) {
                continue;
            }
            String name = wr.substring(Segment.PROJECT_LOOP.length(), wr.indexOf('='));
            if (!in.contains("$" + name) && !in.contains("${" + name)) {
                continue;
            }
            List<String> out = new ArrayList<>();
            for (String other : wrappers) {
                if (other.startsWith(Segment.PROJECT_LOOP + name + "=")) {
                    String spec = other.substring(other.indexOf('=') + 1);
                    String kind = spec.substring(0, spec.indexOf(':'));
                    String sample = spec.substring(spec.indexOf(':') + 1);
                    for (String value : values(kind, sample)) {
                        String t = derive(in, name, value, delete);
                        if (t == null) {
                            return null;
                        }
                        out.add(t);
                    }
                }
            }
            return out.isEmpty() ? null : out;
        }
        return null;
    }

    /** The sample values: a glob stands for itself, a tree pattern for it at the first few depths. */
    private static List<String> values(String kind, String sample) {
        if (!kind.equals(ProjectLoops.TREE)) {
            return List.of(sample);
        }
        int slash = sample.lastIndexOf('/');
        String start = sample.substring(0, slash);
        String pattern = sample.substring(slash + 1);
        List<String> out = new ArrayList<>();
        String mid = "/";
        for (int depth = 0; depth < 5; depth++) {
            out.add(start + mid + pattern);
            mid += "*/";
        }
        return out;
    }

    /** The literal target {@code in} gives for the value, or null when it is no safe form. */
    static String derive(String in, String name, String value, boolean delete) {
        String n = Pattern.quote(name);
        // $(dirname "$f")/$(basename "$f" | tr ' ' _)
        Matcher d = Pattern.compile("\\$\\(dirname \"\\$(?:" + n + "|\\{" + n + "\\})\"\\)/(" + PREFIX.pattern() + ")?"
                + "(?:\\$\\(basename \"\\$(?:" + n + "|\\{" + n + "\\})\"\\s*(?:\\|\\s*tr ('[^'/.]'|[A-Za-z0-9_]) ('[^'/.]'|[A-Za-z0-9_])\\s*)?\\)|(" + NAME + "))(.*)")
                .matcher(in);
        if (d.matches()) {
            int slash = value.replaceAll("/+$", "").lastIndexOf('/');
            String dir = slash < 0 ? "." : value.substring(0, slash);
            String base = value.replaceAll("/+$", "").substring(slash + 1);
            if (d.group(2) != null) {
                base = base.replace(unq(d.group(2)), unq(d.group(3)));
            }
            String piece = d.group(4) != null ? d.group(4) : base;
            return suffixOk(d.group(5), false, delete) ? dir + "/" + (d.group(1) == null ? "" : d.group(1)) + piece + d.group(5) : null;
        }
        Matcher m = Pattern.compile("(" + PREFIX.pattern() + ")?\\$(?:(" + n + ")(?![A-Za-z0-9_])|\\{" + n + "(?:([%#/])([^}]*))?\\})(.*)").matcher(in);
        if (!m.matches()) {
            return null;
        }
        String pre = m.group(1) == null ? "" : m.group(1);
        String op = m.group(3);
        String arg = m.group(4);
        String suffix = m.group(5);
        String core;
        boolean mayBeShort = false;
        if (op == null) {
            core = value;
        } else if (op.equals("%")) {
            mayBeShort = true;
            String pat = arg.startsWith("%") ? arg.substring(1) : arg;
            if (pat.matches("\\.?[A-Za-z0-9_+,=@-]+") && value.endsWith(pat)) {
                core = value.substring(0, value.length() - pat.length());
            } else if (pat.equals(".*") && value.matches(".*\\*\\.[A-Za-z0-9_]+")) {
                core = value.substring(0, value.lastIndexOf('.'));
            } else {
                return null;
            }
        } else if (op.equals("#")) {
            mayBeShort = true;
            if (arg.equals("*/")) {
                core = value.indexOf('/') < 0 ? value : value.substring(value.indexOf('/') + 1);
            } else if (arg.equals("#*/")) {
                core = value.substring(value.lastIndexOf('/') + 1);
            } else if (arg.equals("./")) {
                core = value.startsWith("./") ? value.substring(2) : value;
            } else {
                return null;
            }
        } else {
            Matcher r = Pattern.compile("(/)?([A-Za-z0-9_.+,=@-]+)/([A-Za-z0-9_]+)").matcher(arg);
            if (!r.matches() || !value.contains(r.group(2))) {
                return null;
            }
            core = r.group(1) != null ? value.replace(r.group(2), r.group(3)) : value.replaceFirst(Pattern.quote(r.group(2)), r.group(3));
        }
        return suffixOk(suffix, mayBeShort, delete) ? pre + core + suffix : null;
    }

    /** One {@code s} command with plain flags (no {@code e} that runs, no {@code w} that writes elsewhere). */
    private static final Pattern SUBSTITUTION = Pattern.compile(
            "s/(?:[^/\\\\;\\n]|\\\\[^\\n])*/(?:[^/\\\\;\\n]|\\\\[^\\n])*/[gI0-9]*"
            + "|s\\|(?:[^|\\\\;\\n]|\\\\[^\\n])*\\|(?:[^|\\\\;\\n]|\\\\[^\\n])*\\|[gI0-9]*"
            + "|s#(?:[^#\\\\;\\n]|\\\\[^\\n])*#(?:[^#\\\\;\\n]|\\\\[^\\n])*#[gI0-9]*");

    /**
     * True for {@code sed -i 's/a/b/' FILES}: an in-place edit whose only script is one plain
     * substitution, so the files keep project content (as {@code sed -i s/a/b/ Makefile} does).
     */
    static boolean substitutionOnly(List<Word> argv) {
        int scripts = 0;
        boolean inPlace = false;
        for (Word w : argv.subList(1, argv.size())) {
            String t = w.text();
            if (t.equals("-i") || t.matches("-i\\.[A-Za-z0-9_~]+|--in-place")) {
                inPlace = true;
            } else if (t.equals("-E") || t.equals("-r") || t.equals("-e")) {
                continue;
            } else if (w.literal() && SUBSTITUTION.matcher(t).matches()) {
                scripts++;
            } else if (t.startsWith("-") || w.literal()) {
                return false; // another option, or a literal file or script
            }
        }
        return inPlace && scripts == 1;
    }

    private static String unq(String s) {
        return s.startsWith("'") ? s.substring(1, s.length() - 1) : s;
    }

    /**
     * True for a suffix that adds no . or .. component; after a derivation that may be short it
     * must start with a name piece; a delete needs a component of its own that is not .git.
     */
    private static boolean suffixOk(String s, boolean mayBeShort, boolean delete) {
        Matcher m = SUFFIX.matcher(s);
        if (!m.matches() || mayBeShort && m.group(1) == null) {
            return false;
        }
        if (delete) {
            String comps = m.group(2);
            return !comps.isEmpty() && !java.util.Arrays.asList(comps.split("/")).contains(".git");
        }
        return true;
    }
}
