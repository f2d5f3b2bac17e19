package dev.shellwarden.grammar.ps;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The numbers each PowerShell variable may hold at this point of the walk, for {@link PsValues}:
 * a set of candidates per variable, since an assignment in a loop body or a branch may run or not
 * ({@code $d = 1; if ($x) { $d = 7200 }} holds 1 or 7200).
 *
 * <p>WHY: {@code $d = 1; $d *= 3600; Start-Sleep $d}, an assignment in a {@code foreach} body or
 * an {@code if} branch, {@code Set-Variable d 7200} and {@code $d, $e = 7200, 1} left the sleep
 * unknown, and an unknown sleep is allowed (as {@code Start-Sleep $delay} from outside is).
 *
 * <p>INVARIANT (fail closed): a read gives a number only when every assignment of the variable in
 * the whole text ({@link PsValues#scan}) was walked before it and each was computed; a compound
 * assignment ({@code *=}) of an unknown value or in a block (a loop may run it any number of
 * times) makes the variable unreadable until a plain top-level assignment. A read gives the
 * largest candidate (the longest wait) when none is negative, the most negative when all are
 * (a timeout of -1 waits for ever), and nothing for a mix: no one number stands for both a long
 * wait and a negative one, so the variable stays as dynamic as it was before.
 */
final class PsHeldNumbers {

    private final Map<String, TreeSet<Double>> candidates = new HashMap<>();
    private final Set<String> unreadable = new HashSet<>();
    private final Map<String, Integer> walked = new HashMap<>();

    /**
     * Variable {@code key} was assigned: {@code op} is {@code =} or a compound operator
     * ({@code +=}, {@code -=}, {@code *=}, {@code /=}, {@code %=}), {@code n} the computed
     * right-hand side (NaN when not computed), {@code top} whether at the top level.
     */
    void assign(String key, String op, double n, boolean top) {
        walked.merge(key, 1, Integer::sum);
        TreeSet<Double> now = candidates.get(key);
        if (Double.isNaN(n)) {
            unreadable.add(key);
        } else if (op.equals("=") && top) {
            unreadable.remove(key);
            candidates.put(key, new TreeSet<>(Set.of(n)));
        } else if (op.equals("=")) {
            if (now == null) {
                now = new TreeSet<>();
                candidates.put(key, now);
            }
            now.add(n);
        } else if (!top || now == null || now.isEmpty() || unreadable.contains(key)) {
            unreadable.add(key);
        } else {
            TreeSet<Double> next = new TreeSet<>();
            for (double v : now) {
                double r = compound(op, v, n);
                if (Double.isNaN(r) || Double.isInfinite(r)) {
                    unreadable.add(key);
                    return;
                }
                next.add(r);
            }
            candidates.put(key, next);
        }
    }

    /** {@code v OP= n}, or NaN for an operator not read here or a division by zero. */
    private static double compound(String op, double v, double n) {
        return switch (op) {
            case "+=" -> v + n;
            case "-=" -> v - n;
            case "*=" -> v * n;
            case "/=" -> n == 0 ? Double.NaN : v / n;
            case "%=" -> n == 0 ? Double.NaN : v % n;
            default -> Double.NaN;
        };
    }

    /**
     * The one number that stands for variable {@code key} where read, given how many assignments
     * of it the whole text holds; NaN when not known.
     */
    double at(String key, int inText) {
        TreeSet<Double> set = candidates.get(key);
        if (set == null || set.isEmpty() || unreadable.contains(key) || walked.getOrDefault(key, 0) != inText) {
            return Double.NaN;
        }
        if (set.first() >= 0) {
            return set.last();
        }
        return set.last() < 0 ? set.first() : Double.NaN;
    }
}
