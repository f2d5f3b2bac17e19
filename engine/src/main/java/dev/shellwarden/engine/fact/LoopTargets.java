package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ProjectLoops;
import dev.shellwarden.grammar.SedScript;
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

    /** The option words an edit may have, each alone in its word: in place (maybe a backup suffix), -E, -r, -e. */
    private static final Pattern EDIT_OPTION = Pattern.compile("-i(\\.[A-Za-z0-9_~]+)?|--in-place|-E|-r|-e");

    /**
     * True for {@code sed -i 's/a/b/' FILES}: an in-place edit whose only script is one plain
     * substitution, so the files keep project content (as {@code sed -i s/a/b/ Makefile} does).
     * The options are read by {@link SedScript#args}; the script is the {@code -e} value, or the
     * first operand when there is none. LIMITS on top of sed's reading: only the options of
     * {@link #EDIT_OPTION}, one a word (no cluster such as {@code -ni}, no {@code --}); the script a
     * literal word; every other operand a computed word (a literal file is no loop's target).
     */
    static boolean substitutionOnly(List<Word> argv) {
        List<Word> words = argv.subList(1, argv.size());
        List<SedScript.Arg> args = SedScript.args(words.stream().map(Word::text).toList());
        boolean expressions = args.stream().anyMatch(a -> "-e".equals(a.option()));
        boolean inPlace = false;
        boolean firstOperand = true;
        int scripts = 0;
        for (SedScript.Arg a : args) {
            if (a.option() == null) {
                boolean script = firstOperand && !expressions;
                firstOperand = false;
                if (script ? !plainSubstitution(words.get(a.word())) : words.get(a.word()).literal()) {
                    return false;
                }
                scripts += script ? 1 : 0;
            } else if (!EDIT_OPTION.matcher(words.get(a.word()).text()).matches()) {
                return false; // another option, or options clustered in one word
            } else if (a.option().equals("-e")) {
                if (a.value() == null || !plainSubstitution(words.get(a.valueWord()))) {
                    return false;
                }
                scripts++;
            } else {
                inPlace |= !a.option().equals("-E") && !a.option().equals("-r");
            }
        }
        return inPlace && scripts == 1;
    }

    /**
     * True for a literal script that is one {@code s} command alone ({@link SedScript#onlySubstitution})
     * with a {@code /}, {@code |} or {@code #} delimiter and flags only from {@code g}, {@code I} and
     * digits (no {@code e} that runs, no {@code w} that writes elsewhere, no {@code p} that prints).
     * LIMIT: no line break and no unescaped {@code ;} in the pattern or the replacement, stricter
     * than sed: a misread of where the {@code s} ends would turn the rest into a second command
     * ({@code s/a;e rm -rf ~;/}), so text that could end a command is not trusted inside it.
     */
    private static boolean plainSubstitution(Word w) {
        SedScript.Substitution s = w.literal() ? SedScript.onlySubstitution(w.text()) : null;
        return s != null && s.written().equals(w.text()) && "/|#".indexOf(s.delimiter()) >= 0
                && s.flags().matches("[gI0-9]*") && plainText(s.pattern()) && plainText(s.replacement());
    }

    /** Text with no line break, and no {@code ;} but an escaped one. */
    private static boolean plainText(String t) {
        return !t.contains("\n") && !t.replaceAll("\\\\.", "").contains(";");
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
