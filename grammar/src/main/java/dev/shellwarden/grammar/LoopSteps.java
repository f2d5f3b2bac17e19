package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.BashParser;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The arithmetic steps a loop body takes on each pass, as texts {@link Arithmetic#bashAssignments}
 * computes: a {@code (( … ))} command, each operand of {@code let}, each {@code $(( … ))}
 * expansion, and a plain assignment of a number, a variable or an arithmetic expansion
 * ({@code d=$((d * 20))} is {@code d = (d * 20)}, {@code e=$d} is {@code e = d}).
 *
 * <p>WHY: the walk forgets what a loop body assigns (it may run any number of times); the loop
 * passes ({@code BashWalker#loopPasses}) replay these steps to find how large a value may grow
 * ({@code d=1; for i in 1 2 3; do let d=d*20; done; sleep $d} sleeps 8000 seconds).
 *
 * <p>INVARIANT (fail closed): an assignment this does not read (a command substitution, a
 * string) becomes a step no arithmetic computes, so the replay stops there instead of keeping
 * an old value as if it were unchanged.
 */
final class LoopSteps {
    private LoopSteps() {
    }

    /** A step that never computes: the replay stops at it. */
    static final String UNKNOWN = "\u0000";

    /** {@code NAME=VALUE}: a shell assignment word. */
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)", Pattern.DOTALL);
    /** A whole {@code $(( … ))} expansion. */
    private static final Pattern WHOLE_ARITHMETIC = Pattern.compile("\\$\\(\\((.*)\\)\\)", Pattern.DOTALL);
    /** Each {@code $(( … ))} expansion in a word. */
    private static final Pattern ARITHMETIC = Pattern.compile("\\$\\(\\((.*?)\\)\\)", Pattern.DOTALL);
    /** A value arithmetic reads as it is: a variable ({@code $d}, {@code ${d}}) or a decimal number. */
    private static final Pattern PLAIN_VALUE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?|-?[0-9]{1,18}");

    /** The steps of {@code body} in order, nested loops' bodies counted once. */
    static List<String> of(ParseTree body) {
        List<String> out = new ArrayList<>();
        collect(body, out);
        return out;
    }

    private static void collect(ParseTree t, List<String> out) {
        if (t instanceof BashParser.ArithCommandContext a) {
            out.add(inner(a.ARITH_CMD().getText()));
            return;
        }
        if (t instanceof BashParser.SimpleCommandContext sc) {
            simple(sc, out);
            return;
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            collect(t.getChild(i), out);
        }
    }

    /** The text inside {@code (( … ))}. */
    static String inner(String raw) {
        return raw.startsWith("((") && raw.endsWith("))") && raw.length() >= 4 ? raw.substring(2, raw.length() - 2) : raw;
    }

    private static void simple(BashParser.SimpleCommandContext sc, List<String> out) {
        List<String> words = new ArrayList<>();
        for (ParseTree child : sc.children) {
            if (child instanceof TerminalNode n) {
                words.add(n.getText());
            }
        }
        int first = 0;
        while (first < words.size() && ASSIGNMENT.matcher(words.get(first)).matches()) {
            first++;
        }
        boolean command = first < words.size();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            Matcher a = ASSIGNMENT.matcher(w);
            if (i < first && !command && a.matches()) {
                // a shell assignment (a prefix of a command only sets the command's environment)
                out.add(assignment(a.group(1), unquote(a.group(2))));
                continue;
            }
            if (command && i > first && words.get(first).equals("let")) {
                out.add(unquote(w)); // `let d=d*20`: each operand is an arithmetic text
                continue;
            }
            Matcher x = ARITHMETIC.matcher(w);
            while (x.find()) {
                out.add(x.group(1)); // `: $(( d *= 20 ))`
            }
        }
    }

    /** The arithmetic text of {@code name=value}; {@link #UNKNOWN} when the value is no number read here. */
    private static String assignment(String name, String value) {
        String t = valueText(value);
        return t == null ? UNKNOWN : name + " = (" + t + ")";
    }

    /**
     * The arithmetic text an assigned value holds ({@code $((RANDOM % 2))} holds
     * {@code RANDOM % 2}, {@code $d} holds {@code d}, {@code 60} holds {@code 60}); null for
     * any other value (quotes around the whole value removed first).
     */
    static String valueText(String value) {
        value = unquote(value);
        Matcher x = WHOLE_ARITHMETIC.matcher(value);
        if (x.matches() && !x.group(1).contains("))")) {
            return x.group(1);
        }
        Matcher p = PLAIN_VALUE.matcher(value);
        if (p.matches()) {
            return p.group(1) != null ? p.group(1) : value;
        }
        return null;
    }

    /** {@code 'w'} or {@code "w"} without its quotes; other words as they are. */
    static String unquote(String w) {
        if (w.length() >= 2 && (w.startsWith("'") && w.endsWith("'") || w.startsWith("\"") && w.endsWith("\""))) {
            return w.substring(1, w.length() - 1);
        }
        return w;
    }
}
