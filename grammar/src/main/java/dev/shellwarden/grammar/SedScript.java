package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
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
 * payload segment or a write target, never removes one.
 */
public final class SedScript {

    private SedScript() {
    }

    /** Options of sed that take a value (besides the script options). */
    private static final java.util.Set<String> WITH_VALUE = java.util.Set.of("-l", "--line-length");

    /**
     * The script texts of a sed command line ({@code -e S}, {@code --expression=S}, or the first
     * operand); empty when the script is a file ({@code -f}).
     */
    public static List<String> scripts(List<String> args) {
        List<String> out = new ArrayList<>();
        boolean fromFile = false;
        String firstOperand = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-e") || a.equals("--expression")) {
                if (i + 1 < args.size()) {
                    out.add(args.get(++i));
                }
            } else if (a.startsWith("--expression=")) {
                out.add(a.substring("--expression=".length()));
            } else if (a.startsWith("-e") && a.length() > 2 && !a.startsWith("--")) {
                out.add(a.substring(2));
            } else if (a.equals("-f") || a.equals("--file") || a.startsWith("--file=")) {
                fromFile = true;
                i += a.contains("=") ? 0 : 1;
            } else if (WITH_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-") && firstOperand == null) {
                firstOperand = a;
            }
        }
        if (out.isEmpty() && !fromFile && firstOperand != null) {
            out.add(firstOperand);
        }
        return out;
    }

    /** {@code [address]e COMMAND}: the rest of the line is a shell command. */
    private static final Pattern E_COMMAND = Pattern.compile("(?:^|[;{}])\\s*(?:[0-9$,~+!]*|/[^/]*/[IM]*,?)\\s*e\\s+(\\S.*)$");

    /** {@code s/PATTERN/REPLACEMENT/FLAGS} with any delimiter; the flags include {@code e}. */
    private static final Pattern SUBSTITUTE = Pattern.compile("(?:^|[;{}\\s0-9$,])s(.)(.*?)\\1(.*?)\\1([gpiImMe0-9]*)");

    /** {@code w FILE} / {@code W FILE} after an address, or the {@code w} flag of a substitution. */
    private static final Pattern WRITE = Pattern.compile("(?:^|[;{}]|[0-9$,/!]|s(.).*?\\1.*?\\1[gpiImMe0-9]*)\\s*[wW]\\s+(\\S.*?)\\s*$");

    /** The shell commands the scripts run ({@code e CMD}, and the replacement of an {@code s///e}). */
    public static List<String> commands(List<String> scripts) {
        List<String> out = new ArrayList<>();
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
        return out;
    }

    /** True when a script runs shell commands at all (the {@code e} command or flag). */
    public static boolean runsCommands(List<String> scripts) {
        return !commands(scripts).isEmpty() || scripts.stream().anyMatch(s -> s.matches("(?s).*(^|[;{}\\n])\\s*[0-9$,]*e\\s*($|[;}\\n]).*"));
    }

    /** The files the scripts write ({@code w FILE}, {@code W FILE}, {@code s///w FILE}). */
    public static List<String> writeFiles(List<String> scripts) {
        List<String> out = new ArrayList<>();
        for (String line : lines(scripts)) {
            Matcher w = WRITE.matcher(line);
            if (w.find()) {
                String file = w.group(2);
                if (!file.equals("/dev/stdout") && !file.equals("/dev/stderr")) {
                    out.add(file);
                }
            }
        }
        return out;
    }

    /** The lines of all the scripts, in order (sed commands end at a line break). */
    private static List<String> lines(List<String> scripts) {
        List<String> out = new ArrayList<>();
        for (String script : scripts) {
            out.addAll(List.of(script.split("\n")));
        }
        return out;
    }
}
