package dev.shellwarden.grammar;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A thread-safe memo of a pure function over keys taken from program and rule text (regexes, word
 * lists): each key is computed once, as long as the memo holds fewer than its bound; past it,
 * values are computed per call, so keys built from input (none are today) cannot grow it without
 * bound.
 *
 * <p>INVARIANT: {@link #get} answers exactly what the function answers; callers must not modify
 * a value, since it is shared.
 *
 * @param <K> the key
 * @param <V> the value
 */
public final class BoundedMemo<K, V> {

    private final int bound;
    private final Function<K, V> compute;
    private final Map<K, V> values = new ConcurrentHashMap<>();

    /** A memo of {@code compute} keeping at most {@code bound} values. */
    public BoundedMemo(int bound, Function<K, V> compute) {
        this.bound = bound;
        this.compute = compute;
    }

    /** The value for {@code key}, computed on first use. */
    public V get(K key) {
        V v = values.get(key);
        if (v == null) {
            v = compute.apply(key);
            if (values.size() < bound) {
                values.putIfAbsent(key, v);
            }
        }
        return v;
    }
}
