package dev.shellwarden.grammar;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * {@code String.matches} without compiling the regex on every call.
 *
 * <p>WHY: the splitter and the facts' predicates test words against regexes written in the code
 * and in the rules, once per word per rule; {@code String.matches} compiles its regex each time.
 * In a cold 32-command check that compiling was ~25 ms of CPU (async-profiler), on the warm path
 * most of a predicate's cost.
 *
 * <p>INVARIANT: {@link #matches} answers exactly what {@code input.matches(regex)} answers. The
 * cache holds regexes from program and rule text; it stops growing at {@link #MAX_CACHED} so a
 * regex built from input (none is today) cannot grow it without bound.
 */
public final class Regex {

    /** Most regexes kept; beyond it a regex is compiled per call, as String.matches does. */
    static final int MAX_CACHED = 4096;

    private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

    private Regex() {
    }

    /** {@code input.matches(regex)}, with the compiled regex cached. */
    public static boolean matches(String input, String regex) {
        return pattern(regex).matcher(input).matches();
    }

    /** The compiled {@code regex}, cached. */
    public static Pattern pattern(String regex) {
        Pattern p = CACHE.get(regex);
        if (p == null) {
            p = Pattern.compile(regex);
            if (CACHE.size() < MAX_CACHED) {
                CACHE.putIfAbsent(regex, p);
            }
        }
        return p;
    }
}
