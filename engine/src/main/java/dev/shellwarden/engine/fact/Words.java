package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.BoundedMemo;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * The word lists rules pass to the facts' predicates ({@code anyFlag("-r -R --recursive")},
 * {@code git("push")}…), split once per distinct list instead of once per call.
 *
 * <p>WHY: each predicate ran {@code String.split} on its argument for every segment and rule;
 * on the warm path that was an eighth of a decision (async-profiler).
 *
 * <p>INVARIANT: {@link #of} gives exactly {@code spaceSeparated.split(" ")}; callers only read the
 * array. Lists come from rule and program text (see BoundedMemo for the bound).
 */
final class Words {

    /** Most lists kept per memo. */
    static final int MAX_CACHED = 4096;

    private static final BoundedMemo<String, String[]> ARRAYS = new BoundedMemo<>(MAX_CACHED, s -> s.split(" "));
    private static final BoundedMemo<String, String[]> FOLDED = new BoundedMemo<>(MAX_CACHED,
            s -> s.toLowerCase(Locale.ROOT).split(" "));
    // Set.copyOf drops duplicates itself (through one HashSet); a HashSet handed to it is copied
    // again, and the longest lists (417 names) are built in every cold check
    private static final BoundedMemo<String, Set<String>> SETS = new BoundedMemo<>(MAX_CACHED,
            s -> Set.copyOf(Arrays.asList(s.split(" "))));

    private Words() {
    }

    /** {@code spaceSeparated.split(" ")}, cached; the array must not be modified. */
    static String[] of(String spaceSeparated) {
        return ARRAYS.get(spaceSeparated);
    }

    /** {@code spaceSeparated.toLowerCase(Locale.ROOT).split(" ")}, cached; the array must not be modified. */
    static String[] foldedOf(String spaceSeparated) {
        return FOLDED.get(spaceSeparated);
    }

    /** The distinct words of {@code spaceSeparated.split(" ")} as an unmodifiable set, cached. */
    static Set<String> setOf(String spaceSeparated) {
        return SETS.get(spaceSeparated);
    }
}
