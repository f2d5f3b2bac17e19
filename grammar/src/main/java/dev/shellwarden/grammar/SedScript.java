package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a (GNU) sed script does besides editing text: the shell commands its {@code e} command and
 * the {@code e} flag of {@code s} run, and the files its {@code w}/{@code W} commands and the
 * {@code w} flag of {@code s} write.
 *
 * <p>WHY: {@code sed -n '1e rm -rf ~' f} runs a shell command and {@code sed -n 'w ~/.bashrc' f}
 * replaces a login file, yet both look like text filters. The reading is deliberately generous
 * (a {@code w} word after an address or a substitution counts): a false reading only adds a
 * payload segment or a write target, never removes one. Two readings are joined for that: the
 * patterns below, and a parse of the script command by command ({@link #parse}), which also finds
 * the commands behind a range or a negated address ({@code /a/,/b/e CMD}, {@code /a/!w FILE}).
 */
public final class SedScript {

    private SedScript() {
    }

    /**
     * A sed command line read for its scripts.
     *
     * @param scripts      the script texts ({@code -e S}, {@code --expression=S}, or the first operand)
     * @param onlyQuietOptions true when every option only changes how the text is read or printed,
     *                     apart from an in-place edit (no {@code -f} script file, nothing unknown)
     * @param inPlace      true for an in-place edit ({@code -i}, {@code -i.bak}, {@code --in-place[=SUF]})
     * @param files        the operands that are no script: the files sed reads (and edits, in place)
     */
    private record Reading(List<String> scripts, boolean onlyQuietOptions, boolean inPlace, List<String> files) {
    }

    /**
     * An in-place edit ({@code sed -i PROGRAM FILE…}) as {@link #inPlace} reads it.
     *
     * @param program the first script ({@code -e S}, {@code --expression=S}, else the first operand);
     *                null when a {@code -f} file holds the program
     * @param files   the files it edits
     */
    public record InPlace(String program, List<String> files) {
    }

    /**
     * The program and files of an in-place edit ({@code -i}, {@code -i.bak}, {@code -Ei},
     * {@code --in-place[=SUF]}), options read as {@link #args} reads them; null when the command
     * line edits nothing in place or names no file.
     */
    public static InPlace inPlace(List<String> args) {
        Reading r = read(args);
        if (!r.inPlace() || r.files().isEmpty()) {
            return null;
        }
        return new InPlace(r.scripts().isEmpty() ? null : r.scripts().get(0), r.files());
    }

    /** Long options that only change how sed reads or prints, never what it touches. */
    private static final Set<String> QUIET_LONG = Set.of("--quiet", "--silent", "--regexp-extended", "--separate",
            "--unbuffered", "--null-data", "--zero-terminated", "--posix", "--debug", "--sandbox");

    /** Short options that only change how sed reads or prints (n, E/r, s, u, z). */
    private static final String QUIET_SHORT = "nErsuz";

    /**
     * One option or operand of a sed command line, as GNU getopt reads it.
     *
     * @param word   the index of the word it starts in
     * @param option {@code -c} for a short option (also one of a cluster), {@code --name} for a long
     *               one (without its {@code =VALUE}), {@code --} for the end of options, null for an operand
     * @param value  the operand; the value of {@code -e}/{@code -f}/{@code -l} (the rest of the word or
     *               the next word) and of their long forms; the backup suffix of {@code -i} (maybe
     *               empty); a long option's {@code =VALUE}; else null
     * @param valueWord the index of the word holding the value: {@code word} when it is glued to the
     *               option, the next word when it is that word, -1 when there is none
     */
    public record Arg(int word, String option, String value, int valueWord) {
    }

    /** Long options that take the next word as their value when no {@code =VALUE} is glued on. */
    private static final Set<String> LONG_WITH_VALUE = Set.of("--expression", "--file", "--line-length");

    /**
     * Reads sed's options the way GNU getopt does: short options cluster ({@code -ne SCRIPT}); in a
     * cluster {@code e}, {@code f} and {@code l} take the rest of the word or the next word, and
     * {@code i} takes the rest of the word as its backup suffix ({@code -i.bak}); {@code --} ends the
     * options and {@code -} alone is an operand. Long options are not read by their abbreviations
     * ({@code --expr}): a caller sees an unknown option and fails closed.
     */
    public static List<Arg> args(List<String> args) {
        List<Arg> out = new ArrayList<>();
        boolean endOfOptions = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (endOfOptions || !a.startsWith("-") || a.equals("-")) {
                out.add(new Arg(i, null, a, i));
            } else if (a.equals("--")) {
                endOfOptions = true;
                out.add(new Arg(i, "--", null, -1));
            } else if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (eq >= 0) {
                    out.add(new Arg(i, name, a.substring(eq + 1), i));
                } else if (LONG_WITH_VALUE.contains(name) && i + 1 < args.size()) {
                    out.add(new Arg(i, name, args.get(i + 1), i + 1));
                    i++;
                } else {
                    out.add(new Arg(i, name, null, -1));
                }
            } else {
                for (int k = 1; k < a.length(); k++) {
                    char c = a.charAt(k);
                    String option = "-" + c;
                    if (c == 'e' || c == 'f' || c == 'l') {
                        if (k + 1 < a.length()) {
                            out.add(new Arg(i, option, a.substring(k + 1), i));
                        } else if (i + 1 < args.size()) {
                            out.add(new Arg(i, option, args.get(i + 1), i + 1));
                            i++;
                        } else {
                            out.add(new Arg(i, option, null, -1));
                        }
                        break;
                    }
                    if (c == 'i') {
                        out.add(new Arg(i, option, a.substring(k + 1), i)); // the rest is the backup suffix
                        break;
                    }
                    out.add(new Arg(i, option, null, -1));
                }
            }
        }
        return out;
    }

    /** The reading of a command line's {@link #args} that this class judges by. */
    private static Reading read(List<String> args) {
        List<String> out = new ArrayList<>();
        boolean fromFile = false;
        boolean quiet = true;
        boolean inPlace = false;
        List<String> operands = new ArrayList<>();
        for (Arg a : args(args)) {
            String o = a.option();
            if (o == null) {
                operands.add(a.value());
            } else if (o.equals("-e") || o.equals("--expression")) {
                if (a.value() != null) {
                    out.add(a.value());
                }
            } else if (o.equals("-f") || o.equals("--file")) {
                fromFile = true;
            } else if (o.equals("-i") || o.equals("--in-place")) {
                inPlace = true;
            } else if (o.startsWith("--")) {
                quiet &= o.equals("--line-length") || a.value() == null && (o.equals("--") || QUIET_LONG.contains(o));
            } else if (!o.equals("-l")) {
                quiet &= QUIET_SHORT.indexOf(o.charAt(1)) >= 0;
            }
        }
        if (out.isEmpty() && !fromFile && !operands.isEmpty()) {
            out.add(operands.remove(0));
        }
        return new Reading(out, quiet && !fromFile, inPlace, List.copyOf(operands));
    }

    /**
     * The script texts of a sed command line ({@code -e S}, {@code --expression=S}, {@code -ne S},
     * or the first operand); empty when the script is a file ({@code -f}).
     */
    public static List<String> scripts(List<String> args) {
        return read(args).scripts();
    }

    /**
     * True when a sed command line only reads its input and prints to standard output: no option
     * but the quiet ones ({@code -n -E -r -s -u -z}, their long forms, {@code --posix},
     * {@code --debug}, {@code --sandbox}, {@code -l N}), so no {@code -i} in-place edit (also
     * clustered: {@code -ni}) and no {@code -f} script file; and every script parses
     * ({@link #parse}) into commands none of which runs a command or writes a file ({@code e},
     * {@code w}, {@code W}, the {@code e} and {@code w} flags of {@code s}).
     *
     * <p>INVARIANT (fail closed): a script this class cannot parse is no filter.
     */
    public static boolean isFilter(List<String> args) {
        Reading r = read(args);
        return !r.inPlace() && onlyEdits(r);
    }

    /**
     * True for an in-place edit ({@code sed -i 's/a/b/' FILE}) that is otherwise a filter in the
     * sense of {@link #isFilter}: quiet options only, no script file, and scripts that neither run
     * commands nor write other files. What it changes are its file operands, which the caller
     * judges as write targets.
     */
    public static boolean isInPlaceEdit(List<String> args) {
        Reading r = read(args);
        return r.inPlace() && onlyEdits(r) && r.scripts().stream().map(SedScript::parse).flatMap(List::stream).noneMatch(Command::reads);
    }

    private static boolean onlyEdits(Reading r) {
        if (!r.onlyQuietOptions() || r.scripts().isEmpty()) {
            return false;
        }
        for (String script : r.scripts()) {
            List<Command> commands = parse(script);
            if (commands == null) {
                return false;
            }
            for (Command c : commands) {
                if (c.runs() || c.writes()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code [address]e COMMAND}: the rest of the line is a shell command. */
    private static final Pattern E_COMMAND = Pattern.compile("(?:^|[;{}])\\s*(?:[0-9$,~+!]*|/[^/]*/[IM]*,?)\\s*e\\s+(\\S.*)$");

    /** {@code s/PATTERN/REPLACEMENT/FLAGS} with any delimiter; the flags include {@code e}. */
    private static final Pattern SUBSTITUTE = Pattern.compile("(?:^|[;{}\\s0-9$,])s(.)(.*?)\\1(.*?)\\1([gpiImMe0-9]*)");

    /** {@code w FILE} / {@code W FILE} after an address, or the {@code w} flag of a substitution. */
    private static final Pattern WRITE = Pattern.compile("(?:^|[;{}]|[0-9$,/!]|s(.).*?\\1.*?\\1[gpiImMe0-9]*)\\s*[wW]\\s+(\\S.*?)\\s*$");

    /** The shell commands the scripts run ({@code e CMD}, and the replacement of an {@code s///e}). */
    public static List<String> commands(List<String> scripts) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : lines(scripts)) {
            Matcher e = E_COMMAND.matcher(line);
            if (e.find()) {
                out.add(e.group(1));
            }
            Matcher s = SUBSTITUTE.matcher(line);
            while (s.find()) {
                if (s.group(4).contains("e")) {
                    // the pattern space after the substitution runs; the replacement is its command
                    out.add(s.group(3).replace("\\" + s.group(1), s.group(1)));
                }
            }
        }
        for (Command c : parsed(scripts)) {
            if (c.name() == 'e' && !c.text().isEmpty()) {
                out.add(c.text());
            } else if (c.name() == 's' && c.flags().contains("e")) {
                out.add(c.replacement());
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * Regexes of {@code s} that match the whole pattern space, whatever it holds: only then is an
     * {@code s///e}'s command its replacement alone ({@code .} matches a line break in sed).
     */
    private static final Pattern WHOLE_LINE = Pattern.compile("\\^?\\.\\*\\$?");

    /**
     * True when a script runs a command line the script does not show: a bare {@code e} (it runs
     * the pattern space, a line of the input), or an {@code s///e} whose regex can leave part of
     * the line ({@code s/x/y/e} runs the edited line) or whose replacement puts the match back
     * ({@code &}, {@code \1}). Such a command comes from the edited file, not from the text.
     */
    public static boolean runsInputText(List<String> scripts) {
        for (String script : scripts) {
            List<Command> commands = parse(script);
            if (commands == null) {
                // a script that does not parse: read by the patterns, the worst of what they find
                for (String line : lines(List.of(script))) {
                    Matcher s = SUBSTITUTE.matcher(line);
                    while (s.find()) {
                        if (s.group(4).contains("e") && !wholeLine(s.group(2), s.group(3))) {
                            return true;
                        }
                    }
                }
                // a bare e, or flags with an e right after a closing delimiter (`s/[/]/x/e`: where a
                // bracket with the delimiter ends, seds disagree, so any such flag counts)
                if (BARE_E.matcher(script).matches()
                        || script.matches("(?s).*[^A-Za-z0-9\\s\\\\][gpiImMw0-9]*e[gpiImM0-9]*\\s*($|[;}\\n]).*")) {
                    return true;
                }
                continue;
            }
            for (Command c : commands) {
                if (c.name() == 'e' && c.text().isBlank()
                        || c.name() == 's' && c.flags().contains("e") && !wholeLine(c.pattern(), c.replacement())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A script with a bare {@code e} (after an optional line address): it runs the pattern space. */
    private static final Pattern BARE_E = Pattern.compile("(?s).*(^|[;{}\\n])\\s*[0-9$,]*e\\s*($|[;}\\n]).*");

    /** True when an {@code s} with this regex and replacement leaves nothing of the line it edits. */
    private static boolean wholeLine(String pattern, String replacement) {
        return WHOLE_LINE.matcher(pattern).matches() && !replacement.contains("&") && !replacement.matches("(?s).*\\\\[0-9].*");
    }

    /** True when a script runs shell commands at all (the {@code e} command or flag). */
    public static boolean runsCommands(List<String> scripts) {
        return !commands(scripts).isEmpty() || scripts.stream().anyMatch(s -> BARE_E.matcher(s).matches())
                || parsed(scripts).stream().anyMatch(Command::runs);
    }

    /** The files the scripts write ({@code w FILE}, {@code W FILE}, {@code s///w FILE}). */
    public static List<String> writeFiles(List<String> scripts) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : lines(scripts)) {
            Matcher w = WRITE.matcher(line);
            if (w.find()) {
                out.add(w.group(2));
            }
        }
        for (Command c : parsed(scripts)) {
            if (c.writes() && !c.text().isEmpty()) {
                out.add(c.text());
            }
        }
        out.remove("/dev/stdout");
        out.remove("/dev/stderr");
        return new ArrayList<>(out);
    }

    /** The lines of all the scripts, in order (sed commands end at a line break). */
    private static List<String> lines(List<String> scripts) {
        List<String> out = new ArrayList<>();
        for (String script : scripts) {
            out.addAll(List.of(script.split("\n")));
        }
        return out;
    }

    /** The commands of every script that parses (see {@link #parse}); a script that does not adds none. */
    private static List<Command> parsed(List<String> scripts) {
        List<Command> out = new ArrayList<>();
        for (String script : scripts) {
            List<Command> commands = parse(script);
            if (commands != null) {
                out.addAll(commands);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------
    // The parse: GNU sed's script syntax, command by command
    // ---------------------------------------------------------------------------------------------

    /**
     * An {@code s} command, its parts as written.
     *
     * @param delimiter   the character after {@code s}
     * @param pattern     the regex, escapes kept
     * @param replacement the replacement, escapes kept
     * @param flags       the flags ({@code gpiImMe} and digits, with {@code w} when it writes a file)
     */
    public record Substitution(char delimiter, String pattern, String replacement, String flags) {
        /** The command as written: {@code s}, the three delimited parts, the flags (no {@code w} file). */
        public String written() {
            return "s" + delimiter + pattern + delimiter + replacement + delimiter + flags;
        }

        /** The replacement with its escaped delimiters unescaped. */
        String unescaped() {
            return replacement.replace("\\" + delimiter, String.valueOf(delimiter));
        }
    }

    /**
     * The only command of a script when it is an {@code s} command (blanks, {@code ;} and braces
     * around it aside: a caller that wants the script to be the command alone compares
     * {@link Substitution#written}), else null; null too when the script does not parse.
     */
    public static Substitution onlySubstitution(String script) {
        List<Command> commands = parse(script);
        return commands == null || commands.size() != 1 ? null : commands.get(0).substitution();
    }

    /**
     * One command of a script.
     *
     * @param name         the command letter
     * @param text         its text argument, trimmed: the file of r/R/w/W and of the {@code w} flag,
     *                     the command line of {@code e}, the text of a/i/c, a label
     * @param substitution the parts of an {@code s} command, else null
     */
    record Command(char name, String text, Substitution substitution) {
        Command(char name, String text) {
            this(name, text, null);
        }

        /** The flags of {@code s} (with {@code w} when it writes), else empty. */
        String flags() {
            return substitution == null ? "" : substitution.flags();
        }

        /** The replacement of {@code s}, its escaped delimiters unescaped, else empty. */
        String replacement() {
            return substitution == null ? "" : substitution.unescaped();
        }

        /** The regex of {@code s} as written, else empty. */
        String pattern() {
            return substitution == null ? "" : substitution.pattern();
        }

        /** True when the command runs a shell command: {@code e}, or {@code s///e}. */
        boolean runs() {
            return name == 'e' || name == 's' && flags().contains("e");
        }

        /**
         * True when the command reads another file into the text: {@code r} or {@code R}. An
         * in-place edit would copy that file, a secret too, into the edited one.
         */
        boolean reads() {
            return name == 'r' || name == 'R';
        }

        /** True when the command writes a file: {@code w}, {@code W}, or {@code s///w}. */
        boolean writes() {
            return name == 'w' || name == 'W' || name == 's' && flags().contains("w");
        }
    }

    /** Commands that take no argument. */
    private static final String SIMPLE = "=dDgGhHnNpPxzF";

    /**
     * The commands of one script in order, or null when it does not parse: an unknown command, an
     * unterminated regex, text after a command, or a bracket expression that holds the delimiter
     * (GNU and other seds disagree on where such a regex ends, so no reading is trusted).
     */
    static List<Command> parse(String script) {
        List<Command> out = new ArrayList<>();
        int[] at = {0};
        int n = script.length();
        while (true) {
            skip(script, at, " \t\n;}");
            if (at[0] >= n) {
                return out;
            }
            if (script.charAt(at[0]) == '#') {
                toLineEnd(script, at, false);
                continue;
            }
            if (!address(script, at)) {
                return null;
            }
            skip(script, at, " \t");
            if (at[0] < n && script.charAt(at[0]) == ',') {
                at[0]++;
                skip(script, at, " \t");
                if (at[0] < n && (script.charAt(at[0]) == '+' || script.charAt(at[0]) == '~')) {
                    at[0]++;
                    if (!digits(script, at)) {
                        return null;
                    }
                } else if (!address(script, at)) {
                    return null;
                }
            }
            skip(script, at, " \t!");
            if (at[0] >= n) {
                return null;
            }
            char c = script.charAt(at[0]++);
            Command command;
            if (c == '{') {
                continue;
            } else if (SIMPLE.indexOf(c) >= 0) {
                command = new Command(c, "");
            } else if ("lLqQ".indexOf(c) >= 0) {
                skip(script, at, " \t");
                digits(script, at);
                command = new Command(c, "");
            } else if ("aicrRwWe".indexOf(c) >= 0) {
                // the argument runs to the end of the line (the text of a/i/c on while a line ends in a
                // backslash); e keeps its command line's trailing blanks, as the patterns read it
                String text = toLineEnd(script, at, "aic".indexOf(c) >= 0);
                out.add(new Command(c, c == 'e' ? text.stripLeading() : text.strip()));
                continue;
            } else if (":btTv".indexOf(c) >= 0) {
                int start = at[0];
                while (at[0] < n && script.charAt(at[0]) != ';' && script.charAt(at[0]) != '\n') {
                    at[0]++;
                }
                command = new Command(c, script.substring(start, at[0]).strip());
            } else if (c == 's' || c == 'y') {
                if (at[0] >= n || script.charAt(at[0]) == '\n' || script.charAt(at[0]) == '\\') {
                    return null;
                }
                char delimiter = script.charAt(at[0]++);
                String pattern = delimited(script, at, delimiter, c == 's');
                String replacement = pattern == null ? null : delimited(script, at, delimiter, false);
                if (replacement == null) {
                    return null;
                }
                if (c == 'y') {
                    command = new Command(c, "");
                } else {
                    int start = at[0];
                    while (at[0] < n && "gpiImMe0123456789".indexOf(script.charAt(at[0])) >= 0) {
                        at[0]++;
                    }
                    String flags = script.substring(start, at[0]);
                    if (at[0] < n && script.charAt(at[0]) == 'w') {
                        at[0]++;
                        String file = toLineEnd(script, at, false).strip();
                        out.add(new Command(c, file, new Substitution(delimiter, pattern, replacement, flags + "w")));
                        continue;
                    }
                    command = new Command(c, "", new Substitution(delimiter, pattern, replacement, flags));
                }
            } else {
                return null;
            }
            out.add(command);
            skip(script, at, " \t");
            if (at[0] < n && "\n;}#".indexOf(script.charAt(at[0])) < 0) {
                return null;
            }
        }
    }

    /** Moves past the characters of {@code chars}. */
    private static void skip(String s, int[] at, String chars) {
        while (at[0] < s.length() && chars.indexOf(s.charAt(at[0])) >= 0) {
            at[0]++;
        }
    }

    /** Moves past digits; true when there was one. */
    private static boolean digits(String s, int[] at) {
        int start = at[0];
        while (at[0] < s.length() && Character.isDigit(s.charAt(at[0]))) {
            at[0]++;
        }
        return at[0] > start;
    }

    /**
     * The text up to the end of the line, moving past it; when {@code continued}, on past lines
     * that end in a backslash (the text of a/i/c). A comment, a file name and a command line end at
     * the line break whatever precedes it: reading further would hide the next command.
     */
    private static String toLineEnd(String s, int[] at, boolean continued) {
        int start = at[0];
        while (at[0] < s.length()) {
            char c = s.charAt(at[0]);
            if (continued && c == '\\' && at[0] + 1 < s.length()) {
                at[0] += 2;
                continue;
            }
            if (c == '\n') {
                break;
            }
            at[0]++;
        }
        return s.substring(start, at[0]);
    }

    /**
     * An optional address: a line number ({@code 3}, {@code 1~2}), {@code $}, or a regex
     * ({@code /re/}, {@code \%re%}) with its I/M flags; false when one starts but does not end.
     */
    private static boolean address(String s, int[] at) {
        if (at[0] >= s.length()) {
            return true;
        }
        char c = s.charAt(at[0]);
        if (Character.isDigit(c)) {
            digits(s, at);
            if (at[0] < s.length() && s.charAt(at[0]) == '~') {
                at[0]++;
                return digits(s, at);
            }
            return true;
        }
        if (c == '$') {
            at[0]++;
            return true;
        }
        if (c == '/' || c == '\\') {
            at[0]++;
            char delimiter = '/';
            if (c == '\\') {
                if (at[0] >= s.length() || s.charAt(at[0]) == '\n') {
                    return false;
                }
                delimiter = s.charAt(at[0]++);
            }
            if (delimited(s, at, delimiter, true) == null) {
                return false;
            }
            skip(s, at, "IM");
        }
        return true;
    }

    /**
     * The text up to the next unescaped {@code delimiter}, moving past it; null when the line ends
     * first, or (for a regex) when a bracket expression is open at the delimiter.
     */
    private static String delimited(String s, int[] at, char delimiter, boolean regex) {
        StringBuilder text = new StringBuilder();
        boolean inBracket = false;
        while (at[0] < s.length()) {
            char c = s.charAt(at[0]);
            if (c == '\\' && at[0] + 1 < s.length()) {
                text.append(c).append(s.charAt(at[0] + 1));
                at[0] += 2;
                continue;
            }
            if (c == '\n') {
                return null; // a regex, a replacement and y's lists end on their line
            }
            if (c == delimiter) {
                if (inBracket) {
                    return null;
                }
                at[0]++;
                return text.toString();
            }
            if (regex && c == '[' && !inBracket) {
                inBracket = true;
                text.append(c);
                at[0]++;
                // a ] right after [ or [^ belongs to the list
                if (at[0] < s.length() && s.charAt(at[0]) == '^') {
                    text.append('^');
                    at[0]++;
                }
                if (at[0] < s.length() && s.charAt(at[0]) == ']') {
                    text.append(']');
                    at[0]++;
                }
                continue;
            }
            if (regex && inBracket && c == '[' && at[0] + 1 < s.length() && ":=.".indexOf(s.charAt(at[0] + 1)) >= 0) {
                // [:alpha:], [=a=], [.x.]: a unit whose ] does not close the list
                int close = s.indexOf(s.charAt(at[0] + 1) + "]", at[0] + 2);
                if (close < 0) {
                    return null;
                }
                text.append(s, at[0], close + 2);
                at[0] = close + 2;
                continue;
            }
            if (regex && inBracket && c == ']') {
                inBracket = false;
            }
            text.append(c);
            at[0]++;
        }
        return null;
    }
}
