package dev.shellwarden.grammar.ps;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The values each PowerShell variable may hold at this point of the walk, for {@link PsValues}:
 * a set of candidates per variable ({@link PsHeldValue}: a number, or a string kept as text),
 * since an assignment in a loop body or a branch may run or not ({@code $d = 1; if ($x) { $d =
 * 7200 }} holds 1 or 7200).
 *
 * <p>WHY: {@code $d = 1; $d *= 3600; Start-Sleep $d}, an assignment in a {@code foreach} body or
 * an {@code if} branch, {@code Set-Variable d 7200} and {@code $d, $e = 7200, 1} left the sleep
 * unknown, and an unknown sleep is allowed (as {@code Start-Sleep $delay} from outside is);
 * {@code $d = '72'; $d += '00'} is the string {@code '7200'}, not 72.
 *
 * <p>INVARIANT (fail closed): a read gives a number only when every assignment of the variable in
 * the whole text ({@link PsValues#scan}) was walked before it and each was computed; a compound
 * assignment ({@code *=}) of an unknown value, or in a block run an unknown number of times,
 * makes the variable unreadable until a plain top-level assignment (a block run a known number of
 * times, {@code 1..3 | % { $d *= 60 }}, applies it pass by pass and keeps every pass's value). A
 * read gives the largest candidate (the longest wait) when none is negative, the most negative
 * when all are (a timeout of -1 waits for ever), and nothing for a mix or a candidate that is no
 * number: no one number stands for both a long wait and a negative one, so the variable stays as
 * dynamic as it was before.
 */
final class PsHeldNumbers {

    /** The most passes of a counted block followed here; more make the variable unreadable. */
    private static final int MOST_PASSES = 1000;
    /** The most candidates one pass of a compound assignment builds; more make the variable unreadable. */
    private static final int MOST_CANDIDATES = 4096;

    private final Map<String, Set<PsHeldValue>> candidates = new HashMap<>();
    private final Set<String> unreadable = new HashSet<>();
    private final Map<String, Integer> walked = new HashMap<>();

    /**
     * Variable {@code key} was assigned: {@code op} is {@code =} or a compound operator
     * ({@code +=}, {@code -=}, {@code *=}, {@code /=}, {@code %=}), {@code v} the computed
     * right-hand side (null when not computed), {@code top} whether at the top level,
     * {@code passes} how many times the block around it runs when that is known (0 otherwise).
     */
    void assign(String key, String op, PsHeldValue v, boolean top, int passes) {
        assign(key, op, v == null ? null : Set.of(v), top, passes);
    }

    /**
     * {@link #assign(String, String, PsHeldValue, boolean, int)} of a right-hand side that may give
     * any of {@code values} ({@link PsHeldChoices}: {@code $d = if ($x) { 7200 } else { 1 }});
     * null or empty when not computed. A compound operator applies each to each candidate.
     */
    void assign(String key, String op, Set<PsHeldValue> values, boolean top, int passes) {
        walked.merge(key, 1, Integer::sum);
        Set<PsHeldValue> now = candidates.get(key);
        if (values == null || values.isEmpty()) {
            unreadable.add(key);
        } else if (op.equals("=") && top) {
            unreadable.remove(key);
            candidates.put(key, new LinkedHashSet<>(values));
        } else if (op.equals("=")) {
            if (now == null) {
                now = new LinkedHashSet<>();
                candidates.put(key, now);
            }
            now.addAll(values);
        } else if (!top && (passes <= 0 || passes > MOST_PASSES) || now == null || now.isEmpty() || unreadable.contains(key)) {
            unreadable.add(key);
        } else {
            Set<PsHeldValue> next = new LinkedHashSet<>(top ? Set.of() : now);
            Set<PsHeldValue> pass = now;
            for (int k = 0; k < (top ? 1 : passes); k++) {
                Set<PsHeldValue> after = new LinkedHashSet<>();
                for (PsHeldValue c : pass) {
                    for (PsHeldValue v : values) {
                        PsHeldValue r = c.apply(op.charAt(0), v);
                        if (r == null || after.size() >= MOST_CANDIDATES) {
                            unreadable.add(key);
                            return;
                        }
                        after.add(r);
                    }
                }
                next.addAll(after);
                pass = after;
            }
            candidates.put(key, next);
        }
    }

    /**
     * Variable {@code key} was assigned in a child scope ({@code & { $d = 7200 }}): the caller's
     * variable keeps its values, the assignment is only counted as walked.
     */
    void assignElsewhere(String key) {
        walked.merge(key, 1, Integer::sum);
    }

    /** A copy whose changes leave this one as it is, for a child scope's walk ({@link PsValues#inChildFrame}). */
    PsHeldNumbers copy() {
        PsHeldNumbers c = new PsHeldNumbers();
        candidates.forEach((k, v) -> c.candidates.put(k, new LinkedHashSet<>(v)));
        c.unreadable.addAll(unreadable);
        c.walked.putAll(walked);
        return c;
    }

    /**
     * Counts the assignments {@code frame}, a {@link #copy} of this one, walked as walked here too;
     * the values here stay as they were (the child scope assigned its own variables).
     */
    void walkedIn(PsHeldNumbers frame) {
        walked.putAll(frame.walked);
    }

    /** Variable {@code key} got a value not known here (a child scope's {@code $script:d = …}). */
    void forget(String key) {
        unreadable.add(key);
    }

    /**
     * The one value variable {@code key} holds where read, given how many assignments of it the
     * whole text holds: its only candidate, or the number {@link #at} picks; null when not known.
     */
    PsHeldValue value(String key, int inText) {
        Set<PsHeldValue> set = candidates.get(key);
        if (set != null && set.size() == 1 && !unreadable.contains(key) && walked.getOrDefault(key, 0) == inText) {
            return set.iterator().next();
        }
        return PsHeldValue.ofNumber(at(key, inText));
    }

    /**
     * The one number that stands for variable {@code key} where read, given how many assignments
     * of it the whole text holds; NaN when not known.
     */
    double at(String key, int inText) {
        Set<PsHeldValue> set = candidates.get(key);
        if (set == null || set.isEmpty() || unreadable.contains(key) || walked.getOrDefault(key, 0) != inText) {
            return Double.NaN;
        }
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (PsHeldValue c : set) {
            double n = c.asNumber();
            if (Double.isNaN(n)) {
                return Double.NaN;
            }
            low = Math.min(low, n);
            high = Math.max(high, n);
        }
        if (low >= 0) {
            return high;
        }
        return high < 0 ? low : Double.NaN;
    }
}
