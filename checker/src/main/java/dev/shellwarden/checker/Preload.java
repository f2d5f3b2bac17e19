package dev.shellwarden.checker;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A value built on a second thread while the caller does other start-up work: the rule base (its
 * build is the longest step of a cold check) while the letter is read and the grammar warms up,
 * on a JVM whose second core is otherwise idle at start-up.
 *
 * <p>INVARIANT: the value is the same whichever thread builds it (a pure function of the class
 * path and the config); {@link #get} returns it or rethrows the builder's failure as its own.
 *
 * @param <T> what is built
 */
final class Preload<T> {

    private final FutureTask<T> task;

    private Preload(Callable<T> build) {
        this.task = new FutureTask<>(build);
    }

    /** Starts {@code build} on a daemon thread named {@code name} (an early exit need not wait for it). */
    static <T> Preload<T> start(String name, Callable<T> build) {
        Preload<T> p = new Preload<>(build);
        Thread t = new Thread(p.task, name);
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** The value, waiting for it if need be. */
    T get() {
        try {
            return task.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the rules", e);
        }
    }
}
