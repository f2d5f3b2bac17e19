package dev.shellwarden.grammar;

import java.util.regex.Pattern;

/**
 * {@code String.matches} without compiling the regex on every call.
 *
 * <p>WHY: the splitter and the facts' predicates test words against regexes written in the code
 * and in the rules, once per word per rule; {@code String.matches} compiles its regex each time.
 * In a cold 32-command check that compiling was ~25 ms of CPU (async-profiler), on the warm path
 * most of a predicate's cost.
 *
 * <p>INVARIANT: {@link #matches} answers exactly what {@code input.matches(regex)} answers.
 */
public final class Regex {

    /** Most regexes kept (see BoundedMemo). */
    static final int MAX_CACHED = 4096;

    private static final BoundedMemo<String, Pattern> PATTERNS = new BoundedMemo<>(MAX_CACHED, Pattern::compile);

    private Regex() {
    }

    /** {@code input.matches(regex)}, with the compiled regex cached. */
    public static boolean matches(String input, String regex) {
        return pattern(regex).matcher(input).matches();
    }

    /** True when {@code regex} matches somewhere in {@code input}, with the compiled regex cached. */
    public static boolean find(String input, String regex) {
        return pattern(regex).matcher(input).find();
    }

    /** The compiled {@code regex}, cached. */
    public static Pattern pattern(String regex) {
        return PATTERNS.get(regex);
    }
}
