package dev.shellwarden.checker;

import dev.shellwarden.engine.RuleBook;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Builds the built-in rule book on a second thread while the main thread reads the config and the
 * letter and initialises the grammar: building the Drools rule base is the longest step of a cold
 * check, and the JVM has a second core that is otherwise idle at start-up.
 *
 * <p>INVARIANT: the rule book is the same whichever thread builds it (a pure function of the
 * class path and the config); {@link #get} returns it or rethrows the builder's failure as its own.
 */
final class RuleBookPreload {

    private final FutureTask<RuleBook> task;

    private RuleBookPreload(Callable<RuleBook> build) {
        this.task = new FutureTask<>(build);
    }

    /** Starts {@code build} on a daemon thread (an early exit on bad input need not wait for it). */
    static RuleBookPreload start(Callable<RuleBook> build) {
        RuleBookPreload p = new RuleBookPreload(build);
        Thread t = new Thread(p.task, "shell-warden-rulebook");
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** The rule book, waiting for it if need be. */
    RuleBook get() {
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
