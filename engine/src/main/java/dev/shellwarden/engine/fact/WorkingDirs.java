package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The directories each segment of one command may run in, following its {@code cd}s:
 * {@code cd build && rm -rf *} deletes inside {@code build}, {@code cd / && rm -rf *} deletes the
 * root, and {@code cd build; rm -rf *} may run in either directory (if {@code cd} fails, the
 * command after {@code ;} still runs where it was).
 *
 * <p>For the top level of the text (the lists the agent's shell runs itself) each pipeline is
 * followed through its {@code &&} / {@code ||} operators: a command after {@code cd X &&} runs in
 * X only, one after {@code cd X ||} where it was, one after {@code ;} in both. Everything else (a
 * {@code cd} in an {@code if} body, a brace group, an {@code eval}, a {@code bash -c} payload, a
 * subshell) is not followed exactly: its directories are added to every later segment's set.
 *
 * <p>INVARIANT: the set is a superset of the directories the segment can run in, so rules that
 * take the worst directory never miss one. {@link #UNKNOWN} stands for a directory that cannot be
 * known ({@code cd "$DIR"}, {@code cd -}, {@code popd}); path predicates treat a relative target
 * there as outside the project.
 */
public final class WorkingDirs {

    /** A working directory that cannot be known from the text. */
    public static final String UNKNOWN = "?";

    private WorkingDirs() {
    }

    /** The possible working directories of each segment of a command judged in {@code ctx}, by segment id. */
    public static List<List<String>> of(List<Segment> segments, Ctx ctx) {
        return of(segments, ctx.cwdOrProject(), ctx.home());
    }

    /**
     * The possible working directories of each segment, by segment index.
     *
     * @param segments the command's segments, in split order
     * @param start    the directory the command starts in (empty when unknown to the letter)
     * @param home     the home directory {@code cd} without operands and {@code ~} go to
     */
    public static List<List<String>> of(List<Segment> segments, String start, String home) {
        List<List<String>> out = new ArrayList<>(segments.size());
        if (start.isEmpty() || segments.stream().noneMatch(WorkingDirs::isCd)) {
            for (int i = 0; i < segments.size(); i++) {
                out.add(List.of());
            }
            return out;
        }
        // states of the top-level list being followed: where the previous pipeline succeeded / failed
        Set<String> states = new LinkedHashSet<>(List.of(start));
        Set<String> prevOk = new LinkedHashSet<>(states);
        Set<String> prevFail = new LinkedHashSet<>();
        Set<String> run = new LinkedHashSet<>(states);
        /* directories reached by a cd that is not followed exactly: possible for everything after it */
        Set<String> elsewhere = new LinkedHashSet<>();
        int lastItem = -1;
        for (Segment s : segments) {
            boolean top = s.parent() < 0 && s.provenance() == Provenance.TOP;
            Position p = s.position();
            if (top && p.item() != lastItem) {
                // a new pipeline of the top-level list
                String op = p.opBefore();
                if (op.equals("&&")) {
                    run = new LinkedHashSet<>(prevOk);
                    prevFail = new LinkedHashSet<>(prevFail); // those skip this pipeline, still failed
                    prevOk = new LinkedHashSet<>();
                } else if (op.equals("||")) {
                    run = new LinkedHashSet<>(prevFail);
                    prevFail = new LinkedHashSet<>();
                } else {
                    // ; newline & or the first: runs wherever the list before it ended
                    states = new LinkedHashSet<>(prevOk);
                    states.addAll(prevFail);
                    if (states.isEmpty()) {
                        states.add(start);
                    }
                    run = states;
                    prevOk = new LinkedHashSet<>();
                    prevFail = new LinkedHashSet<>();
                }
                run.addAll(elsewhere);
                lastItem = p.item();
                if (isCd(s) && p.stages() == 1 && !p.background()) {
                    Set<String> moved = target(s, run, home);
                    prevOk.addAll(moved);
                    prevFail.addAll(run);
                } else {
                    prevOk.addAll(run);
                    prevFail.addAll(run);
                }
                out.add(List.copyOf(run));
                continue;
            }
            Set<String> here = new LinkedHashSet<>(top ? run : states);
            here.addAll(run);
            here.addAll(elsewhere);
            if (isCd(s)) {
                elsewhere.addAll(target(s, here, home));
            }
            out.add(List.copyOf(here));
        }
        return out;
    }

    private static boolean isCd(Segment s) {
        List<Word> argv = s.argv();
        return !argv.isEmpty() && argv.get(0).literal()
                && (argv.get(0).text().equals("cd") || argv.get(0).text().equals("pushd") || argv.get(0).text().equals("popd")
                || argv.get(0).text().equals("chdir"));
    }

    /** Where {@code cd} takes each of {@code from}. */
    private static Set<String> target(Segment s, Set<String> from, String home) {
        List<Word> argv = s.argv();
        String verb = argv.get(0).text();
        List<Word> operands = new ArrayList<>();
        for (Word w : argv.subList(1, argv.size())) {
            if (!(w.literal() && w.text().matches("-[LPe@]+"))) {
                operands.add(w);
            }
        }
        Set<String> out = new LinkedHashSet<>();
        if (verb.equals("popd") || operands.size() > 1 || operands.size() == 1 && !operands.get(0).literal()) {
            out.add(UNKNOWN);
            return out;
        }
        String arg = operands.isEmpty() ? "~" : operands.get(0).text();
        if (arg.equals("-") || arg.startsWith("+") || arg.isEmpty() || arg.startsWith("~") && !arg.equals("~") && !arg.startsWith("~/")) {
            out.add(UNKNOWN);
            return out;
        }
        for (String f : from) {
            out.add(f.equals(UNKNOWN) && !arg.startsWith("/") && !arg.startsWith("~") ? UNKNOWN : PathFacts.resolve(arg, f, home));
        }
        return out;
    }
}
