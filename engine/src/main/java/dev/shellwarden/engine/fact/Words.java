package dev.shellwarden.engine.fact;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The word lists rules pass to the facts' predicates ({@code anyFlag("-r -R --recursive")},
 * {@code git("push")}…), split once per distinct list instead of once per call.
 *
 * <p>WHY: each predicate ran {@code String.split} on its argument for every segment and rule;
 * on the warm path that was an eighth of a decision (async-profiler).
 *
 * <p>INVARIANT: {@link #of} gives exactly {@code spaceSeparated.split(" ")}; callers only read the
 * array. Lists come from rule and program text; the caches stop growing at {@link #MAX_CACHED}.
 */
final class Words {

    /** Most lists kept per cache; beyond it a list is split per call. */
    static final int MAX_CACHED = 4096;

    private static final Map<String, String[]> ARRAYS = new ConcurrentHashMap<>();
    private static final Map<String, Set<String>> SETS = new ConcurrentHashMap<>();

    private Words() {
    }

    /** {@code spaceSeparated.split(" ")}, cached; the array must not be modified. */
    static String[] of(String spaceSeparated) {
        String[] words = ARRAYS.get(spaceSeparated);
        if (words == null) {
            words = spaceSeparated.split(" ");
            if (ARRAYS.size() < MAX_CACHED) {
                ARRAYS.putIfAbsent(spaceSeparated, words);
            }
        }
        return words;
    }

    /** The distinct words of {@code spaceSeparated.split(" ")} as an unmodifiable set, cached. */
    static Set<String> setOf(String spaceSeparated) {
        Set<String> set = SETS.get(spaceSeparated);
        if (set == null) {
            set = Set.copyOf(new HashSet<>(Arrays.asList(spaceSeparated.split(" "))));
            if (SETS.size() < MAX_CACHED) {
                SETS.putIfAbsent(spaceSeparated, set);
            }
        }
        return set;
    }
}
