package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loops whose variable surely holds relative paths inside the working folder: {@code for f in
 * *.txt}, {@code for d in src/*}{@code /}, {@code find . -name '*.txt' -print0 | while IFS= read -r -d '' f},
 * {@code git ls-files '*.py' | while read -r f}.
 *
 * <p>WHY: everyday renames and edits over project files ({@code for f in *.txt; do mv "$f"
 * "${f%.txt}.md"; done}) write a target computed at run time, and SW2038 asked for each. When the
 * values are surely in-project names, the commands of the body carry a pseudo-wrapper
 * {@link Segment#PROJECT_LOOP}{@code NAME=KIND:SAMPLE} per value source, and the engine judges a
 * target made only of that variable (with safe derivations) as the literal target the sample
 * gives ({@code LoopTargets}).
 *
 * <p>INVARIANT (fail closed): a source is read only when every word is plain literal text (no
 * quote games but the pattern's own quotes, no expansion, no {@code ..}, no absolute, tilde or
 * dash start, no glob component that could match {@code .} or {@code ..}); find only with
 * {@code -print0} read raw at NUL bytes (see {@link #listerSamples}), from relative starts without {@code -L}, {@code -H}, {@code -follow}, {@code -printf}, {@code -fprint*},
 * {@code -ls}, {@code -exec*}, {@code -ok*}, {@code -delete}; and the body never names the
 * variable but as {@code $NAME} or {@code ${NAME…}}, never changes folder, IFS or runs eval.
 */
public final class ProjectLoops {

    private ProjectLoops() {
    }

    /** A glob value: the value matches the sample glob, relative to the working folder. */
    public static final String GLOB = "glob";
    /** A tree value: the sample's pattern at any depth below its start. */
    public static final String TREE = "tree";

    /** A plain relative path word, maybe a glob: no quotes, expansions, braces, spaces or tilde. */
    private static final Pattern PLAIN_PATH = Pattern.compile("[A-Za-z0-9_.*?/\\[\\]!+,=@%^-]+");
    /** A word in single quotes or plain. */
    private static final Pattern QUOTED = Pattern.compile("'([^']*)'|\"([^\"$`\\\\]*)\"|([^'\"$`\\\\\\s]+)");
    /** The body may not name the variable as a word of its own ({@code f=x}, {@code read f}, {@code for f}). */
    private static final Pattern CHANGES_DIR_OR_SHELL = Pattern.compile(
            "(^|[^A-Za-z0-9_./-])(cd|pushd|popd|eval|source|IFS|set|shopt|alias|exec|declare|typeset|local|unset|export|readonly|mapfile|readarray)([^A-Za-z0-9_-]|$)");
    /** find options and tests that change what is printed or follow links. */
    private static final Pattern FIND_UNSAFE = Pattern.compile(
            "-(L|H|P|follow|printf|fprintf|fprint|fprint0|ls|fls|exec|execdir|ok|okdir|delete|files0-from|D|O[0-9]*)");
    /** git ls-files options that keep the names cwd-relative paths, one a line. */
    private static final Pattern GIT_LS_OPTION = Pattern.compile("-[cmod]+|--cached|--modified|--others|--deleted|--exclude-standard");

    /** True for a plain relative path (maybe a glob) that stays below the folder and can match neither . nor .. . */
    static boolean projectPath(String p, boolean globOk) {
        if (p.isEmpty() || !PLAIN_PATH.matcher(p).matches() || p.startsWith("/") || p.startsWith("-")) {
            return false;
        }
        for (String comp : p.split("/", -1)) {
            boolean glob = comp.matches(".*[*?\\[].*");
            if (glob && !globOk || comp.equals("..") || glob && comp.startsWith(".") || comp.startsWith("[") || comp.startsWith("-")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The samples of a {@code for NAME in WORDS} list (raw words after the name), or null when some
     * word is not a project glob.
     */
    public static List<String> forSamples(List<String> rawWords) {
        if (rawWords.isEmpty()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String w : rawWords) {
            if (!projectPath(w, true)) {
                return null;
            }
            out.add(GLOB + ":" + w);
        }
        return out;
    }

    /** {@code while [IFS=] read [-r] NAME}: group 2 the name, group 1 set when the read splits at NUL bytes ({@code -r -d ''}). */
    private static final Pattern READ = Pattern.compile(
            "\\s*(?:IFS=(?:''|\"\")?\\s+)?read(?:\\s+-r(\\s+-d\\s*(?:''|\"\"))?)?\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*;?\\s*");

    /** The variable of a {@code while [IFS=] read [-r [-d '']] NAME} condition, or null. */
    public static String readVariable(String condition) {
        Matcher m = READ.matcher(condition);
        return m.matches() ? m.group(2) : null;
    }

    /**
     * The samples of the lines a simple command prints for the {@code while read} {@code condition}
     * ({@code find . -print0} read with {@code read -r -d ''}, {@code git ls-files}), or null.
     *
     * <p>WHY these only: a file name may hold a newline, so a line of {@code find} or {@code ls}
     * output can be anything a planted name spells ({@code ./x⏎/etc/passwd} gives the line
     * {@code /etc/passwd}), and {@code read} without {@code -r} makes {@code ./.\.} the parent
     * {@code ./..}. NUL-separated names read raw are exact paths below the start; git quotes a name
     * with a newline, a backslash or a quote ({@code "a\nb"}), so each of its lines is one relative name.
     */
    public static List<String> listerSamples(String producer, String condition) {
        Matcher read = condition == null ? null : READ.matcher(condition);
        if (read == null || !read.matches()) {
            return null;
        }
        boolean nulRead = read.group(1) != null;
        List<String> words = listerWords(producer);
        if (words == null) {
            return null;
        }
        return switch (words.get(0)) {
            case "find" -> nulRead && words.contains("-print0") ? findSamples(words) : null;
            case "git" -> !nulRead && words.size() >= 2 && words.get(1).equals("ls-files") ? gitSamples(words.subList(2, words.size())) : null;
            default -> null;
        };
    }

    /** The plain words of a lister command (single, double or no quotes; no expansion or operator), or null. */
    private static List<String> listerWords(String producer) {
        if (producer == null || !producer.strip().equals(producer.strip().replaceAll("[;&|<>()`$\\\\\\n]", ""))) {
            return null;
        }
        List<String> words = new ArrayList<>();
        Matcher m = QUOTED.matcher(producer.strip());
        int end = 0;
        while (m.find()) {
            if (!producer.strip().substring(end, m.start()).isBlank()) {
                return null;
            }
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
            end = m.end();
        }
        return words.isEmpty() || end != producer.strip().length() ? null : words;
    }

    private static List<String> findSamples(List<String> words) {
        List<String> starts = new ArrayList<>();
        int i = 1;
        while (i < words.size() && !words.get(i).startsWith("-") && !words.get(i).equals("(") && !words.get(i).equals("!")) {
            String s = words.get(i);
            if (!projectPath(s, false)) {
                return null;
            }
            starts.add(s.replaceAll("/+$", ""));
            i++;
        }
        if (starts.isEmpty()) {
            starts.add(".");
        }
        String pattern = null;
        for (; i < words.size(); i++) {
            String w = words.get(i);
            if (FIND_UNSAFE.matcher(w).matches() || w.equals("-o") || w.equals("-or") || w.equals(",")) {
                return null;
            }
            if ((w.equals("-name") || w.equals("-iname")) && i + 1 < words.size()) {
                String p = words.get(++i);
                if (pattern != null || p.contains("/") || p.isEmpty()) {
                    return null;
                }
                pattern = p;
            }
        }
        List<String> out = new ArrayList<>();
        for (String s : starts) {
            out.add(TREE + ":" + (s.isEmpty() ? "." : s) + "/" + (pattern == null ? "*" : pattern));
        }
        return out;
    }

    private static List<String> gitSamples(List<String> args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("-")) {
                if (!GIT_LS_OPTION.matcher(a).matches()) {
                    return null;
                }
            } else if (!projectPath(a, true) || a.indexOf(':') >= 0) {
                return null;
            } else {
                // a pathspec glob matches across folders
                out.add(TREE + ":./" + a.replaceFirst("^\\./", ""));
            }
        }
        if (out.isEmpty()) {
            out.add(TREE + ":./*");
        }
        return out;
    }

    /**
     * True when the loop body keeps the variable's value and the working folder: the name appears
     * only as {@code $NAME} or {@code ${NAME…}}, and nothing changes folder, IFS, options or runs eval.
     */
    public static boolean bodyKeeps(String body, String name) {
        if (CHANGES_DIR_OR_SHELL.matcher(body).find()) {
            return false;
        }
        Matcher m = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(body);
        while (m.find()) {
            int s = m.start();
            // `$f`, `${f…}`, or an option letter (`[[ -f "$f" ]]`), never an assignment or a read
            boolean ref = s >= 1 && (body.charAt(s - 1) == '$' || body.charAt(s - 1) == '-' && (s < 2 || body.charAt(s - 2) == ' '))
                    || s >= 2 && body.charAt(s - 1) == '{' && body.charAt(s - 2) == '$';
            if (!ref) {
                return false;
            }
        }
        return true;
    }

    /** Shell settings that change what a glob matches: bash's and zsh's option commands, GLOBIGNORE (which turns dotglob on), BASHOPTS. */
    private static final Pattern GLOB_SETTINGS = Pattern.compile(
            "(?i)(?<![A-Za-z0-9_])(shopt|setopt|unsetopt|GLOBIGNORE|BASHOPTS|dotglob|globdots|glob_dots|nocaseglob|nocase_glob|extendedglob|extended_glob)(?![A-Za-z0-9_])");

    /**
     * True when the command's text changes globbing anywhere ({@code shopt -s dotglob}, {@code GLOBIGNORE=x},
     * {@code setopt globdots}, {@code shopt -s nocaseglob}): a loop's glob then matches names it does not
     * match by default ({@code ?git} is {@code .git}, {@code *akefile} is {@code makefile} and {@code MAKEFILE}),
     * so its sample is no longer what it stands for. WHY the whole text: an option set in a function,
     * a later statement of a loop or an earlier line changes the glob alike, and this reading must fail closed.
     */
    public static boolean changesGlobbing(String commandText) {
        Matcher m = GLOB_SETTINGS.matcher(commandText);
        while (m.find()) {
            if (!m.group(1).matches("(?i)shopt|setopt")) {
                return true;
            }
            // `shopt -s globstar nullglob`: options that keep what a name matches (** does not enter dot folders)
            Matcher words = OPTION_WORDS.matcher(commandText.substring(m.end()));
            if (!words.lookingAt() || !words.group().strip().matches("((-[squ]+|globstar|nullglob|failglob|null_glob|nomatch)\\s*)+")) {
                return true;
            }
        }
        return false;
    }

    /** The words after an option command, up to the end of its statement. */
    private static final Pattern OPTION_WORDS = Pattern.compile("[^;&|)\\n]*");

    /** True when {@code raw} holds a {@code $(…)} or backquoted substitution outside double and single quotes. */
    // ExpansionCheck and BashWords record a substitution (WordFeature), not whether quotes held it: no answer to reuse
    public static boolean unquotedSubstitution(String raw) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < raw.length(); i++) {
            char ch = raw.charAt(i);
            if (single) {
                single = ch != '\'';
            } else if (ch == '\\') {
                i++;
            } else if (ch == '\'' && !dbl) {
                single = true;
            } else if (ch == '"') {
                dbl = !dbl;
            } else if (!dbl && (ch == '`' || ch == '$' && i + 1 < raw.length() && raw.charAt(i + 1) == '('
                    && (i + 2 >= raw.length() || raw.charAt(i + 2) != '('))) {
                return true;
            } else if (dbl && ch == '$' && i + 1 < raw.length() && raw.charAt(i + 1) == '(') {
                // a quoted substitution: skip to its closing parenthesis (quotes inside are its own)
                int level = 0;
                for (; i < raw.length(); i++) {
                    char x = raw.charAt(i);
                    if (x == '(') {
                        level++;
                    } else if (x == ')' && --level == 0) {
                        break;
                    }
                }
            }
        }
        return false;
    }
}
