package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Temporary directories, and the value of an assignment from {@code mktemp}
 * ({@code T=$(mktemp)}, {@code D="$(mktemp -d)"}).
 *
 * <p>WHY: {@code T=$(mktemp); npm test > "$T"} is the everyday way to get scratch space, but the
 * write's target is computed at run time and SW2038 asked for it. mktemp creates a new entry with
 * a random name (exclusively: no existing file can be it) in a temporary directory, so the
 * variable is bound to a representative path there ({@code /tmp/tmp.XXXXXXXXXX}, or the template
 * given) and the path rules judge the write, the delete or a {@code ..} out of it like any other
 * path under {@code /tmp}.
 *
 * <p>INVARIANT: a value is returned only when the whole assignment value is one {@code mktemp}
 * substitution whose directory is a temporary one: {@code $TMPDIR} (unless the text set it to a
 * literal that is not temporary), {@code /tmp}, {@code /var/tmp}, {@code /private/tmp},
 * {@code /dev/shm}, with no {@code ..} and no other expansion in it; {@code mktemp -p ~},
 * {@code mktemp ./x.XXXX} or any option not known here leave the variable unknown (computed).
 */
public final class TempFiles {

    /**
     * The whole value: one {@code $(…)} or backtick substitution, maybe in double quotes, with no
     * operator, nesting or expansion inside but a TMPDIR reference ({@code ${TMPDIR:-/tmp}}).
     */
    private static final Pattern SUBSTITUTION = Pattern.compile(
            "(\"?)(?:\\$\\(((?:[^()`$;&|<>\\n]|" + tmpdirRef() + ")*)\\)|`((?:[^()`$;&|<>\\n]|" + tmpdirRef() + ")*)`)\\1");
    /** A reference to TMPDIR at the start of a directory word: {@code $TMPDIR}, {@code ${TMPDIR}}, {@code ${TMPDIR:-/tmp}}. */
    private static final Pattern TMPDIR = Pattern.compile("^" + tmpdirRef());
    /** A whole word made of a TMPDIR reference and literal text ({@code "${TMPDIR:-/tmp}/x.XXXX"}). */
    private static final Pattern TMPDIR_WORD = Pattern.compile("(\"?)(" + tmpdirRef() + "[^\"$`'\\\\]*)\\1");
    /** Where mktemp puts its file when TMPDIR is not set, and the name it makes up without a template. */
    private static final String DEFAULT_DIR = "/tmp";
    private static final String DEFAULT_NAME = "tmp.XXXXXXXXXX";

    private TempFiles() {
    }

    private static String tmpdirRef() {
        return "\\$(?:TMPDIR(?![A-Za-z0-9_])|\\{TMPDIR(?::?-[^}$`]*)?\\})";
    }

    /** True for a temporary directory or what is below it (an absolute, normalized path). */
    public static boolean isTempDir(String abs) {
        for (String dir : TEMP_ROOTS) {
            if (abs.equals(dir) || abs.startsWith(dir + "/")) {
                return true;
            }
        }
        return false;
    }

    /** True for a temporary directory itself, the folder every user and program shares (an absolute, normalized path). */
    public static boolean isTempRoot(String abs) {
        return TEMP_ROOTS.contains(abs);
    }

    /** The temporary directories: what is below them is scratch space. */
    private static final List<String> TEMP_ROOTS = List.of("/tmp", "/var/tmp", "/private/tmp", "/dev/shm");

    /**
     * The representative path an assignment value made by {@code mktemp} names, or null when the
     * value is anything else or mktemp's directory is not known to be a temporary one.
     *
     * @param rawValue the assignment's value as written ({@code $(mktemp -d)}, {@code "`mktemp`"})
     * @param vars     literal values of variables assigned earlier in the text, or null when unknown
     */
    public static String mktempPath(String rawValue, Function<String, String> vars) {
        Matcher m = SUBSTITUTION.matcher(rawValue);
        if (!m.matches()) {
            return null;
        }
        String inner = (m.group(2) != null ? m.group(2) : m.group(3)).trim();
        List<String> words = new ArrayList<>();
        for (String raw : inner.split("[ \\t]+")) {
            Word w = BashWords.decode(raw, 0, Map.of(), vars).word();
            words.add(w.literal() ? w.text() : tmpdirWord(raw));
        }
        if (words.contains(null) || words.isEmpty() || !words.get(0).equals("mktemp")) {
            return null;
        }
        return Mktemp.parse(words.subList(1, words.size()), vars.apply("TMPDIR"));
    }

    /** A word that starts with a TMPDIR reference and holds no other expansion, without its quotes; else null. */
    private static String tmpdirWord(String raw) {
        Matcher m = TMPDIR_WORD.matcher(raw);
        return m.matches() ? m.group(2) : null;
    }

    /** mktemp's options and operand (GNU and BSD), read only as far as this class needs them. */
    private static final class Mktemp {
        String dir;
        boolean inTmpdir;
        String template;
        String suffix = "";

        /** The representative path, or null (see {@link TempFiles#mktempPath}). */
        static String parse(List<String> args, String knownTmpdir) {
            Mktemp m = new Mktemp();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.startsWith("--tmpdir=")) {
                    m.dir = a.substring("--tmpdir=".length());
                } else if (a.equals("--tmpdir") || a.equals("-t")) {
                    m.inTmpdir = true;
                } else if (a.startsWith("--suffix=")) {
                    m.suffix = a.substring("--suffix=".length());
                } else if (a.equals("--suffix") && i + 1 < args.size()) {
                    m.suffix = args.get(++i);
                } else if (a.matches("-[dqut]*p.*")) {
                    // a cluster of flags ending in -p, its value attached or the next word
                    String attached = a.substring(a.indexOf('p') + 1);
                    if (attached.isEmpty() && i + 1 >= args.size()) {
                        return null;
                    }
                    m.dir = attached.isEmpty() ? args.get(++i) : attached;
                    m.inTmpdir |= a.substring(0, a.indexOf('p')).indexOf('t') >= 0;
                } else if (a.matches("-[dqut]+|--(directory|dry-run|quiet)")) {
                    m.inTmpdir |= a.startsWith("-") && !a.startsWith("--") && a.indexOf('t') >= 0;
                } else if (a.startsWith("-") || m.template != null) {
                    return null; // an option not known here, or a second operand
                } else {
                    m.template = a;
                }
            }
            return m.path(knownTmpdir);
        }

        /** Where the file goes: -p's directory, else TMPDIR for no template or -t, else the template's own directory. */
        String path(String knownTmpdir) {
            String name = template == null ? DEFAULT_NAME : template;
            String in;
            if (template != null && dir == null && !inTmpdir) {
                int slash = name.lastIndexOf('/');
                if (slash < 0) {
                    return null; // created in the working directory: not a temporary one
                }
                in = name.substring(0, Math.max(slash, 1));
                name = name.substring(slash + 1);
            } else {
                in = dir != null && !dir.isEmpty() ? dir : "$TMPDIR";
                if (name.contains("/")) {
                    return null;
                }
            }
            String resolved = resolveTmpdir(in, knownTmpdir);
            if (resolved == null || name.isEmpty() || (resolved + "/" + name + suffix).contains("..")
                    || !isTempDir(resolved) || (name + suffix).contains("$")) {
                return null;
            }
            return (resolved.equals("/") ? "" : resolved) + "/" + name + suffix;
        }

        /** The directory with a leading TMPDIR reference replaced by its value, or null when unknown. */
        private static String resolveTmpdir(String in, String knownTmpdir) {
            Matcher t = TMPDIR.matcher(in);
            if (!t.find()) {
                return in.contains("$") || in.contains("`") ? null : trimSlashes(in);
            }
            String base = knownTmpdir != null ? knownTmpdir : DEFAULT_DIR;
            String rest = in.substring(t.end());
            return rest.isEmpty() || rest.startsWith("/") && !rest.contains("$") ? trimSlashes(base + rest) : null;
        }

        private static String trimSlashes(String p) {
            String s = p.replaceAll("/+", "/");
            return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
        }
    }
}
