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

    /** The steps of {@code body} in order, a nested loop's body once per pass it makes (see {@link #variants}). */
    static List<String> of(ParseTree body) {
        return variants(body).get(0);
    }

    /**
     * The step lists a pass of {@code body} may run: every step, and (when they differ) only the
     * steps that surely run, without those under an {@code if}, a {@code case}, the right of
     * {@code &&}/{@code ||} or after a {@code continue}, {@code break}, {@code return} or
     * {@code exit}. A nested loop's steps are repeated once per word of its literal list, else
     * {@code maxPasses} times (they are never sure: the loop may not run).
     *
     * <p>WHY (rt33b): the replay keeps the largest value it sees; replaying a reset that may not
     * run ({@code ((d *= 20)); continue; ((d = 1))}, {@code [ -n "$Z" ] && ((d = 1))}) or a nested
     * loop once per outer pass would read a 8000-second sleep as 20 seconds.
     */
    static List<List<String>> variants(ParseTree body) {
        Collector all = new Collector();
        all.collect(body, false);
        List<String> every = all.steps.stream().map(Step::text).toList();
        List<String> sure = all.steps.stream().filter(Step::sure).map(Step::text).toList();
        return sure.size() == every.size() ? List.of(every) : List.of(every, sure);
    }

    /** One step and whether every pass runs it. */
    private record Step(String text, boolean sure) {
    }

    /** Names that end a pass (or the loop): the steps after them in the body may not run. */
    private static final java.util.Set<String> PASS_ENDERS = java.util.Set.of("continue", "break", "return", "exit");

    /** Walks a body collecting its steps, with what may skip them. */
    private static final class Collector {
        final List<Step> steps = new ArrayList<>();
        /** A {@link #PASS_ENDERS} command was seen: later steps may not run. */
        boolean ended;

        void collect(ParseTree t, boolean maybe) {
            if (t instanceof BashParser.ArithCommandContext a) {
                add(inner(a.ARITH_CMD().getText()), maybe);
                return;
            }
            if (t instanceof BashParser.SimpleCommandContext sc) {
                List<String> texts = new ArrayList<>();
                simple(sc, texts);
                texts.forEach(x -> add(x, maybe));
                String first = sc.getChildCount() > 0 ? sc.getChild(0).getText() : "";
                ended |= PASS_ENDERS.contains(first);
                return;
            }
            if (t instanceof BashParser.ForClauseContext || t instanceof BashParser.WhileClauseContext
                    || t instanceof BashParser.UntilClauseContext || t instanceof BashParser.SelectClauseContext) {
                nested(t);
                return;
            }
            for (int i = 0; i < t.getChildCount(); i++) {
                ParseTree child = t.getChild(i);
                collect(child, maybe || conditionalPart(t, child, i));
            }
        }

        private void add(String text, boolean maybe) {
            steps.add(new Step(text, !maybe && !ended));
        }

        /** A nested loop: its steps (never sure) once per pass it makes. */
        private void nested(ParseTree loop) {
            Collector inner = new Collector();
            inner.collect(loop instanceof BashParser.ForClauseContext f ? f.doGroup() : bodyOf(loop), true);
            // a while/until condition is replayed as part of each pass
            if (!(loop instanceof BashParser.ForClauseContext) && !(loop instanceof BashParser.SelectClauseContext)) {
                inner.collect(loop.getChild(1), true);
            }
            int passes = passesOf(loop);
            for (int k = 0; k < passes && !inner.steps.isEmpty(); k++) {
                inner.steps.forEach(s -> steps.add(new Step(s.text(), false)));
            }
            // a `return` or `exit` in it ends the outer pass too (a `break` is read the same: fail closed, one more variant)
            ended |= inner.ended;
        }

        private static ParseTree bodyOf(ParseTree loop) {
            return loop instanceof BashParser.WhileClauseContext w ? w.doGroup()
                    : loop instanceof BashParser.UntilClauseContext u ? u.doGroup()
                    : ((BashParser.SelectClauseContext) loop).doGroup();
        }

        /** The passes of a nested loop: the words of a literal list, else as many as a loop of unknown length. */
        private static int passesOf(ParseTree loop) {
            if (loop instanceof BashParser.ForClauseContext f && f.ARITH_CMD() == null && f.IN() != null) {
                List<String> values = BashWalker.listValues(f.WORD().subList(1, f.WORD().size()).stream().map(TerminalNode::getText).toList());
                if (values != null) {
                    return values.size();
                }
            }
            return BashWalker.MAX_PASSES;
        }

        /**
         * True when {@code child} (the {@code i}th child of {@code parent}) may not run on a pass:
         * the branches of an {@code if} (not its first condition), a {@code case}'s items, the
         * pipelines after the first of an {@code &&}/{@code ||} list.
         */
        private static boolean conditionalPart(ParseTree parent, ParseTree child, int i) {
            if (parent instanceof BashParser.IfClauseContext) {
                return child != ((BashParser.IfClauseContext) parent).compoundList(0);
            }
            if (parent instanceof BashParser.CaseClauseContext) {
                return child instanceof BashParser.CaseItemContext;
            }
            return parent instanceof BashParser.AndOrContext && i > 0;
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
                out.add(assignment(a.group(1), LexicalPaths.unquoted(a.group(2))));
                continue;
            }
            if (command && i > first && words.get(first).equals("let")) {
                out.add(LexicalPaths.unquoted(w)); // `let d=d*20`: each operand is an arithmetic text
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
        value = LexicalPaths.unquoted(value);
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
}
