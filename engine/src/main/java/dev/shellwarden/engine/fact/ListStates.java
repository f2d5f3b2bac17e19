package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Segment;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The states of the shell through the top-level list of one command, as {@code &&}, {@code ||}
 * and {@code ;} carry them: where the pipelines so far ended having succeeded ({@code ok}) or
 * failed ({@code fail}). The one place that says which states a pipeline runs in:
 * <ul>
 * <li>after {@code &&}, the states where the list before it succeeded; the failed ones skip it
 * and stay failed ({@code false && cd a; x}: x runs where it was);
 * <li>after {@code ||}, the failed ones; the succeeded ones skip it and stay succeeded;
 * <li>after {@code ;}, a newline, {@code &} or as the first, every state the list ended in.
 * </ul>
 * A pipeline that may move the shell ({@code cd a}) reports where it succeeds apart from where it
 * ran ({@link #ran}): its failure leaves the state it ran in. The state type is the caller's
 * ({@link WorkingDirs}: a directory; {@link PreviousDirs}: the directory with OLDPWD and the
 * stack), and so is the work each step does.
 */
final class ListStates<T> {

    private Set<T> ok;
    private Set<T> fail;

    /** A list whose first pipeline runs in {@code start}. */
    ListStates(Set<T> start) {
        ok = new LinkedHashSet<>(start);
        fail = new LinkedHashSet<>();
    }

    /**
     * True when the top-level pipeline {@code s} ends the shell: a lone, static {@code exit} in the
     * foreground (not a function of that name, not {@code exit &}, not a stage of a pipeline).
     * The states it runs in end there ({@code cd build || exit 1; rm -rf *}: rm runs in build
     * only), so the caller does not report them as {@link #ran}.
     *
     * <p>INVARIANT (fail closed): when the text defines any function or changes aliases or builtins
     * ({@code exit() { :; }}, {@code alias exit=:}, {@code enable -n exit}) an {@code exit} may not
     * end anything, so none counts: the states stay as if it returned.
     */
    static boolean exits(Segment s, java.util.List<Segment> letter) {
        return s.position().stages() == 1 && !s.position().background() && s.isStatic() && s.wrappers().isEmpty()
                && !s.argv().isEmpty() && s.argv().get(0).literal() && s.argv().get(0).text().equals("exit")
                && letter.stream().noneMatch(ListStates::mayRedefine);
    }

    /** A function body, or a command that may make a name run something else ({@code alias}, {@code enable}). */
    private static boolean mayRedefine(Segment t) {
        return t.provenance() == dev.shellwarden.grammar.Provenance.FUNCTION_BODY
                || !t.argv().isEmpty() && (!t.argv().get(0).literal()
                        || java.util.Set.of("alias", "enable", "shopt", "setopt", "builtin", "source", ".", "eval")
                                .contains(t.argv().get(0).text()));
    }

    /** True when {@code op} runs the next pipeline whatever the status before it ({@code ;}, newline, {@code &}, none). */
    static boolean sequential(String op) {
        return !op.equals("&&") && !op.equals("||");
    }

    /**
     * The states the next pipeline, after {@code op}, runs in (a fresh set the caller may change);
     * the states it does not run in keep their status.
     */
    Set<T> next(String op) {
        Set<T> run;
        if (op.equals("&&")) {
            run = new LinkedHashSet<>(ok);
            ok = new LinkedHashSet<>();
        } else if (op.equals("||")) {
            run = new LinkedHashSet<>(fail);
            fail = new LinkedHashSet<>();
        } else {
            run = new LinkedHashSet<>(ok);
            run.addAll(fail);
            ok = new LinkedHashSet<>();
            fail = new LinkedHashSet<>();
        }
        return run;
    }

    /** The pipeline that ran in {@code run} ended in {@code succeeded} when it succeeded, and where it ran when it failed. */
    void ran(Set<T> run, Set<T> succeeded) {
        ran(run, succeeded, false);
    }

    /**
     * {@link #ran(Set, Set)} of a pipeline that may be {@code negated} ({@code ! cd ~ || x}): its
     * status is inverted, so it ends failed where its command succeeded and succeeded where it ran
     * when its command failed (x runs in the home folder).
     */
    void ran(Set<T> run, Set<T> succeeded, boolean negated) {
        ok.addAll(negated ? run : succeeded);
        fail.addAll(negated ? succeeded : run);
    }

    /** A command whose status may be either (a compound command of the list): every state counts as both. */
    void either() {
        Set<T> any = new LinkedHashSet<>(ok);
        any.addAll(fail);
        ok = new LinkedHashSet<>(any);
        fail = new LinkedHashSet<>(any);
    }

    /** Every state the list may end in. */
    Set<T> ended() {
        Set<T> out = new LinkedHashSet<>(ok);
        out.addAll(fail);
        return out;
    }
}
