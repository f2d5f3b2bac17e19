package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The places where bash evaluates text that looks like data, read without running anything.
 *
 * <p>WHY: bash evaluates a variable's value as an arithmetic expression wherever a name stands in
 * arithmetic ({@code $((x))}, {@code (( x ))}, {@code let x}, the operands of {@code [[ -eq ]]},
 * subscripts of indexed arrays, {@code ${s:off:len}}, values of {@code declare -i} variables), and
 * expands the subscript of every {@code NAME[SUB]} it meets there or in a builtin that takes a
 * variable name ({@code printf -v}, {@code read}, {@code unset}, {@code declare}, {@code [[ -v ]]},
 * {@code ${!ref}}, namerefs). That expansion runs command substitutions: after
 * {@code x='a[$(rm -rf ~)]'}, {@code echo $((x))} deletes the home directory although the
 * substitution sits in single quotes. Prompt expansion ({@code ${x@P}}, {@code PS4} under
 * {@code set -x}) runs them too, and some builtins keep a command line to run later, as
 * {@code eval} would ({@code mapfile -C}, {@code complete -C}, {@code bind -x},
 * {@code history -s}). {@link BashWalker} splits what these texts run as nested segments.
 *
 * <p>INVARIANT: pure functions of the text. Every reading over-approximates (a name that is only
 * looked up, a builtin that would reject the name): more nested segments can only make a verdict
 * stricter, never looser.
 */
final class ShellEvaluation {

    private ShellEvaluation() {
    }

    /**
     * A name in an arithmetic text: not the digits of a number in a base ({@code 16#ff}), a hex
     * literal's letters ({@code 0x1f}) or a length ({@code ${#a}}).
     */
    private static final Pattern ARITHMETIC_NAME = Pattern.compile("(?<![A-Za-z0-9_#@])[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The variable names an arithmetic text refers to, bare ({@code x}, {@code a[i]}) or expanded
     * ({@code $x}, {@code ${x}}), in order without repeats. Over-approximates: a name inside a
     * quoted or substituted part counts too.
     */
    static Set<String> arithmeticNames(String expr) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = ARITHMETIC_NAME.matcher(expr);
        while (m.find()) {
            out.add(m.group());
        }
        // `$(($1))`, `(( ${2} ))`: a positional parameter's text is expanded, then evaluated
        Matcher p = POSITIONAL_REF.matcher(expr);
        while (p.find()) {
            out.add(p.group(1));
        }
        return out;
    }

    /** {@code $1}, {@code ${12}}: an expanded positional parameter (never {@code $0}, the shell's name). */
    private static final Pattern POSITIONAL_REF = Pattern.compile("\\$\\{?([1-9][0-9]{0,5})");

    /** True when a value holds something that expansion runs: a command substitution or backticks. */
    static boolean substitutes(String value) {
        return value.contains("$(") || value.indexOf('`') >= 0 || value.contains("$[");
    }

    /**
     * The subscript of a variable reference {@code NAME[SUB]} (anything may follow the closing
     * bracket, such as {@code =VALUE}); null when the reference has none or it is not closed.
     */
    static String subscript(String ref) {
        int open = nameEnd(ref);
        if (open == 0 || open >= ref.length() || ref.charAt(open) != '[') {
            return null;
        }
        int close = closingBracket(ref, open);
        return close < 0 ? null : ref.substring(open + 1, close);
    }

    /**
     * The variable a reference assigns or names: {@code NAME} of {@code NAME}, {@code NAME[SUB]},
     * {@code NAME=V} or {@code NAME+=V}; empty when the text does not start with a name, or the
     * name is followed by anything else (then bash reads no variable name there).
     */
    static String referencedName(String ref) {
        int end = nameEnd(ref);
        if (end == 0) {
            return "";
        }
        int after = end;
        if (after < ref.length() && ref.charAt(after) == '[') {
            int close = closingBracket(ref, after);
            if (close < 0) {
                return "";
            }
            after = close + 1;
        }
        if (after < ref.length() && ref.charAt(after) == '+') {
            after++;
        }
        return after == ref.length() || ref.charAt(after) == '=' ? ref.substring(0, end) : "";
    }

    /** The value of an assignment word ({@code NAME=V}, {@code NAME[S]+=V}); null when it is none. */
    static String assignedValue(String ref) {
        String name = referencedName(ref);
        if (name.isEmpty()) {
            return null;
        }
        String sub = subscript(ref);
        int from = name.length() + (sub == null ? 0 : sub.length() + 2);
        int eq = ref.indexOf('=', from);
        return eq < 0 ? null : ref.substring(eq + 1);
    }

    private static int nameEnd(String s) {
        int i = 0;
        while (i < s.length() && Names.isIdentifier(s, 0, i + 1)) {
            i++;
        }
        return i;
    }

    private static int closingBracket(String s, int open) {
        int depth = 0;
        for (int k = open; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == '\\') {
                k++;
            } else if (ch == '[') {
                depth++;
            } else if (ch == ']' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ ${…}

    /**
     * What bash evaluates in one parameter expansion.
     *
     * @param name       the parameter's name (empty for a special or positional parameter)
     * @param indirect   {@code ${!name}}: the value of {@code name} is itself a variable reference
     * @param prompt     {@code ${name@P}}: the value is expanded like a prompt string
     * @param arithmetic the texts evaluated as arithmetic: the subscript, the offset and length
     */
    record Parameter(String name, boolean indirect, boolean prompt, List<String> arithmetic) {
    }

    /** Reads the text between {@code ${} and {@code }}. */
    static Parameter parameter(String inner) {
        String s = inner;
        boolean indirect = s.startsWith("!") && s.length() > 1;
        if (indirect || s.startsWith("#") && s.length() > 1) {
            s = s.substring(1);
        }
        String name = s.substring(0, nameEnd(s));
        String rest = s.substring(name.length());
        if (name.isEmpty() && !rest.isEmpty()) {
            // a special or positional parameter: `${@:x}`, `${*:1:x}`, `${10:x}` take offsets too
            int k = 0;
            while (k < rest.length() && Character.isDigit(rest.charAt(k))) {
                k++;
            }
            rest = rest.substring(k > 0 ? k : "@*#?-$!".indexOf(rest.charAt(0)) >= 0 ? 1 : 0);
        }
        List<String> arithmetic = new ArrayList<>();
        if (!name.isEmpty() && rest.startsWith("[")) {
            int close = closingBracket(rest, 0);
            String sub = close < 0 ? "" : rest.substring(1, close);
            if (!sub.equals("@") && !sub.equals("*")) {
                arithmetic.add(sub);
            } else {
                // ${!a[@]} lists keys, it does not dereference
                indirect = false;
            }
            rest = close < 0 ? "" : rest.substring(close + 1);
        }
        if (rest.startsWith("*") || rest.startsWith("@") && !rest.startsWith("@P")) {
            // ${!prefix*}, ${!prefix@}: names, not a reference
            indirect = false;
        }
        if (rest.startsWith(":") && rest.length() > 1 && ":-=?+".indexOf(rest.charAt(1)) < 0) {
            arithmetic.addAll(ExpansionCheck.splitTop(rest.substring(1), ':'));
        }
        return new Parameter(name, indirect && !name.isEmpty(), rest.equals("@P"), arithmetic);
    }


    // ------------------------------------------------------------------ builtins

    /** Builtins whose operands are assignments or names ({@code declare a[1]=x}). */
    static final Set<String> DECLARATIONS = Set.of("export", "declare", "typeset", "readonly", "local");

    /** The operators of {@code [[ ]]} whose operands bash evaluates as arithmetic expressions. */
    static final Set<String> ARITHMETIC_TESTS = Set.of("-eq", "-ne", "-lt", "-le", "-gt", "-ge");

    /** Variables whose value bash expands like a prompt string (PS4 under {@code set -x}, the others when interactive). */
    static final Set<String> PROMPTS = Set.of("PS0", "PS1", "PS2", "PS4");

    /**
     * A builtin's single-letter options, read as bash's {@code getopts}-style parser reads them.
     *
     * @param values   the value of each option that takes one ({@code -C V}, {@code -CV}, {@code -tC V})
     * @param operands the index of the first operand
     * @param dynamic  true when a word that is not literal ended the options: an option (and its
     *                 value) may hide in it
     */
    private record Options(Map<Character, Word> values, int operands, boolean dynamic) {

        /** Reads the options of {@code argv}; the letters in {@code withValue} take a value. */
        static Options read(List<Word> argv, String withValue) {
            Map<Character, Word> values = new HashMap<>();
            int k = 1;
            while (k < argv.size()) {
                Word w = argv.get(k);
                String t = w.text();
                if (!w.literal()) {
                    return new Options(values, k, true);
                }
                if (t.equals("--")) {
                    return new Options(values, k + 1, false);
                }
                if (t.length() < 2 || t.charAt(0) != '-' && t.charAt(0) != '+') {
                    break;
                }
                k++;
                for (int j = 1; j < t.length(); j++) {
                    char o = t.charAt(j);
                    if (withValue.indexOf(o) >= 0) {
                        Word value = j + 1 < t.length() ? new Word(t.substring(j + 1), w.raw(), true, w.features())
                                : k < argv.size() ? argv.get(k++) : null;
                        if (value != null) {
                            values.put(o, value);
                        }
                        break;
                    }
                }
            }
            return new Options(values, k, false);
        }

        List<Word> operands(List<Word> argv) {
            return argv.subList(Math.min(operands, argv.size()), argv.size());
        }

        /** The value of option {@code letter}, a dynamic word when the options could not all be read. */
        Word value(char letter, List<Word> argv) {
            Word v = values.get(letter);
            if (v == null && dynamic) {
                Word hidden = argv.get(operands);
                return new Word(hidden.text(), hidden.raw(), false, hidden.features());
            }
            return v;
        }
    }

    /**
     * The words of a builtin's {@code argv} that bash reads as variable names to assign, unset or
     * test ({@code printf -v NAME}, {@code read NAME…}, {@code read -a NAME}, {@code unset NAME…},
     * {@code getopts OPTS NAME}, {@code mapfile ARRAY}, {@code wait -p NAME}, {@code test -v NAME},
     * the operands of the declaration builtins, which may be {@code NAME=VALUE}).
     */
    static List<Word> nameOperands(List<Word> argv) {
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return List.of();
        }
        String name = argv.get(0).text();
        return switch (name) {
            case "printf" -> present(Options.read(argv, "v").values().get('v'));
            case "wait" -> present(Options.read(argv, "p").values().get('p'));
            case "read" -> {
                Options o = Options.read(argv, "adinNptu");
                List<Word> out = new ArrayList<>(present(o.values().get('a')));
                out.addAll(o.operands(argv));
                yield out;
            }
            case "mapfile", "readarray" -> Options.read(argv, "dnOsuCc").operands(argv);
            case "unset" -> Options.read(argv, "").operands(argv);
            case "getopts" -> argv.size() > 2 ? argv.subList(2, 3) : List.of();
            case "test", "[" -> afterFlag(argv, "-v");
            default -> DECLARATIONS.contains(name) ? Options.read(argv, "").operands(argv) : List.of();
        };
    }

    /**
     * The arrays {@code mapfile}/{@code readarray} (not at NUL bytes: {@code -d ''}) and
     * {@code read -a} fill with a list split at newlines or blanks; empty for any other command.
     */
    static List<String> splitListArrays(List<Word> argv) {
        if (argv.isEmpty() || !argv.get(0).literal()) {
            return List.of();
        }
        switch (argv.get(0).text()) {
            case "mapfile", "readarray" -> {
                Options o = Options.read(argv, "dnOsuCc");
                Word d = o.values().get('d');
                if (d != null && d.literal() && (d.text().isEmpty() || d.text().equals("\0") || d.text().equals("\\0"))) {
                    return List.of();
                }
                List<Word> names = o.operands(argv);
                return names.isEmpty() ? List.of("MAPFILE") : names.stream().map(Word::text).toList();
            }
            case "read" -> {
                Word a = Options.read(argv, "adinNptu").values().get('a');
                return a == null ? List.of() : List.of(a.text());
            }
            default -> {
                return List.of();
            }
        }
    }

    private static List<Word> present(Word w) {
        return w == null ? List.of() : List.of(w);
    }

    /** The word after each occurrence of {@code flag} ({@code test -v NAME}). */
    private static List<Word> afterFlag(List<Word> argv, String flag) {
        List<Word> out = new ArrayList<>();
        for (int k = 1; k + 1 < argv.size(); k++) {
            if (argv.get(k).text().equals(flag)) {
                out.add(argv.get(k + 1));
            }
        }
        return out;
    }

    /** True when a declaration builtin's options give its variables the attribute {@code flag} ({@code -i}, {@code -n}). */
    static boolean declares(List<Word> argv, char flag) {
        for (Word w : argv.subList(1, argv.size())) {
            String t = w.text();
            if (!w.literal() || t.length() < 2 || t.charAt(0) != '-' || t.equals("--")) {
                return false;
            }
            if (t.indexOf(flag) > 0) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ command lines kept for later

    /**
     * The command line a builtin keeps to run later in this shell, like {@code eval}: the
     * callback of {@code mapfile -C} (run every {@code -c} lines with the index and the line as
     * its last words, which the text cannot know: {@code "$_"} stands for the line), the
     * completion command of {@code complete -C} and {@code compgen -C}, the shell command bound
     * by {@code bind -x 'KEYS: CMD'}, a line put in the history by {@code history -s} (run again
     * by {@code fc -s}). Null when the builtin keeps none.
     */
    static Word keptCommand(List<Word> argv) {
        return switch (argv.get(0).text()) {
            case "mapfile", "readarray" -> {
                Word cb = Options.read(argv, "dnOsuCc").value('C', argv);
                yield cb == null ? null : new Word(cb.text() + " 0 \"$_\"", cb.raw(), cb.literal(), cb.features());
            }
            case "complete", "compgen" -> Options.read(argv, "oAGWFCXPS").value('C', argv);
            case "bind" -> boundCommand(Options.read(argv, "mqurfx").value('x', argv));
            case "history" -> argv.size() > 2 && argv.get(1).text().equals("-s") ? joined(argv.subList(2, argv.size())) : null;
            default -> null;
        };
    }

    /** Words joined by blanks, as bash joins {@code history -s} operands into one line. */
    private static Word joined(List<Word> words) {
        StringBuilder text = new StringBuilder();
        boolean literal = true;
        for (Word w : words) {
            text.append(text.length() > 0 ? " " : "").append(w.text());
            literal &= w.literal();
        }
        return new Word(text.toString(), text.toString(), literal, Set.of());
    }

    /** {@code KEYSEQ: COMMAND} of {@code bind -x}: the command, its surrounding double quotes removed. */
    private static Word boundCommand(Word binding) {
        if (binding == null || !binding.literal()) {
            return binding;
        }
        String t = binding.text();
        int colon = t.indexOf(':', t.startsWith("\"") ? Math.max(1, t.indexOf('"', 1)) : 0);
        if (colon < 0) {
            return null;
        }
        String command = t.substring(colon + 1).strip();
        if (command.length() >= 2 && command.startsWith("\"") && command.endsWith("\"")) {
            command = command.substring(1, command.length() - 1);
        }
        return new Word(command, binding.raw(), true, binding.features());
    }
}
