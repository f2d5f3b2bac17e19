package dev.shellwarden.engine.fact;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The path a command substitution prints when its command only echoes or resolves a path written
 * in it: {@code $(echo ~)}, {@code $(realpath ~)}, {@code $(readlink -f $HOME)}, {@code $(dirname ~/x)},
 * {@code $(printf %s /)}, {@code $(pwd)}, read by the floor's recursive-delete check
 * ({@link Cmd#deletesSystemResolved}) as the path they print: {@code rm -rf "$(realpath ~)"} is
 * {@code rm -rf ~}.
 *
 * <p>WHY: the substitution adds nothing but a spelling; read as opaque, {@code rm -rf -- "$(echo ~)"}
 * only asks where {@code rm -rf ~} is refused.
 *
 * <p>INVARIANT (stricter only): as {@link PathFacts#withPwdSubstituted}, the reading is used only
 * where a match makes the verdict stricter; the general reading keeps the substitution opaque (a
 * function of the same name defined earlier in the text could print anything, and
 * {@code rm -rf "$(realpath ./build)"} still asks). A substitution it cannot read (a pipe, a list,
 * a nested substitution, an option it does not know, several words) gives null.
 */
final class PrintedPaths {

    private PrintedPaths() {
    }

    /** A word that is one command substitution, {@code $(…)} or {@code `…`}, then optionally {@code /REST}. */
    private static final Pattern SUBSTITUTION = Pattern.compile("^(?:\\$\\(([^()`]*)\\)|`([^`$()]*)`)(/.*)?$");

    /** Text that makes the substitution more than one simple command: a list, pipe, redirection, nesting or glob. */
    private static final Pattern NOT_SIMPLE = Pattern.compile("[;&|<>`(){}*?\\[\\]\\n]|\\$\\(");

    /** A word of the substitution's text: a quoted string or a run of other characters (a mixed word splits, and then reads as several words: unread). */
    private static final Pattern WORD = Pattern.compile("\"[^\"]*\"|'[^']*'|[^\\s'\"]+");

    /** realpath's options that do not change which path it prints (symlinks aside); --relative-to and the like do. */
    private static final String REALPATH_PLAIN = "-e -m -s -L -P -q -z --canonicalize-existing --canonicalize-missing --no-symlinks"
            + " --strip --logical --physical --quiet --zero";

    /** readlink's options that make it print the resolved path (without one it prints a link's target). */
    private static final String READLINK_RESOLVE = "-f -e -m --canonicalize --canonicalize-existing --canonicalize-missing";

    /** readlink's options that only shape its output. */
    private static final String READLINK_PLAIN = "-n -q -s -v -z --no-newline --quiet --silent --verbose --zero";

    /** printf formats that print their one argument as it is. */
    private static final List<String> PRINTF_VERBATIM = List.of("%s", "%s\\n", "%s/");

    /**
     * The path {@code word} (quotes removed or not) prints when it is a substitution of a command
     * that only prints a path written in it, with what follows the substitution; null otherwise.
     * {@code pwd} prints {@code .} (the directory the command runs in).
     */
    static String printedPath(String word) {
        Matcher m = SUBSTITUTION.matcher(PathFacts.unquote(word));
        if (!m.matches()) {
            return null;
        }
        String inner = m.group(1) != null ? m.group(1) : m.group(2);
        String rest = m.group(3) == null ? "" : m.group(3);
        if (NOT_SIMPLE.matcher(inner).find()) {
            return null;
        }
        List<String> words = new java.util.ArrayList<>();
        Matcher w = WORD.matcher(inner);
        while (w.find()) {
            words.add(w.group());
        }
        if (words.isEmpty()) {
            return null;
        }
        String path = printed(words.get(0), words.subList(1, words.size()));
        if (path == null || path.isEmpty() || path.contains(" ")) {
            return null;
        }
        return path + rest;
    }

    /** What the command {@code name ARGS} prints, when it only prints a path written in ARGS; null otherwise. */
    private static String printed(String name, List<String> args) {
        switch (name) {
            case "pwd" -> {
                return args.stream().allMatch(a -> a.equals("-L") || a.equals("-P")) ? "." : null;
            }
            case "echo" -> {
                List<String> rest = args.stream().filter(a -> !a.equals("-n") && !a.equals("-E")).toList();
                return rest.size() == 1 && !rest.get(0).startsWith("-") ? plainWord(rest.get(0)) : null;
            }
            case "printf" -> {
                return args.size() == 2 && PRINTF_VERBATIM.contains(PathFacts.unquote(args.get(0))) ? plainWord(args.get(1)) : null;
            }
            case "realpath", "readlink" -> {
                boolean realpath = name.equals("realpath");
                String operand = null;
                boolean resolves = realpath;
                for (String a : args) {
                    if (a.startsWith("-") && a.length() > 1) {
                        if (!realpath && List.of(READLINK_RESOLVE.split(" ")).contains(a)) {
                            resolves = true;
                        } else if (!List.of((realpath ? REALPATH_PLAIN : READLINK_PLAIN).split(" ")).contains(a)) {
                            return null; // --relative-to=DIR, --relative-base and the rest change what it prints
                        }
                    } else if (operand != null) {
                        return null; // several paths, several lines
                    } else {
                        operand = a;
                    }
                }
                return resolves && operand != null ? plainWord(operand) : null;
            }
            case "dirname" -> {
                return args.size() == 1 ? parentOf(plainWord(args.get(0))) : null;
            }
            default -> {
                return null;
            }
        }
    }

    /** The word with its quotes removed, or null when it holds an expansion other than a known anchor ({@code ~}, {@code $HOME}). */
    private static String plainWord(String word) {
        String w = PathFacts.unquote(word);
        if (w.isEmpty() || w.startsWith("-")) {
            return null;
        }
        // a variable other than a leading one (which the path reading resolves or leaves unknown) is not read
        return w.indexOf('$', 1) >= 0 || w.contains("'") || w.contains("\"") ? null : w;
    }

    /**
     * dirname's output, as the path's parent: {@code ~/x} is {@code ~/x/..}, which the path reading
     * resolves to the home; null when the last step is {@code .} or {@code ..} (dirname would keep
     * it as written) or the word is unreadable.
     */
    private static String parentOf(String path) {
        if (path == null) {
            return null;
        }
        String p = path.replaceAll("/+$", "");
        if (p.isEmpty()) {
            return "/";
        }
        String last = p.substring(p.lastIndexOf('/') + 1);
        if (last.equals(".") || last.equals("..")) {
            return null;
        }
        return p + "/..";
    }
}
