package dev.shellwarden.engine;

import java.util.Locale;

/**
 * How strict the policy is. LOOSE allows static commands no rule speaks for; HARD asks about
 * everything no rule allows. Both deny what floor rules deny.
 */
public enum Mode {
    /** Quiet on everyday work: static and unflagged means allow. */
    LOOSE,
    /** Strict: only what a rule allows runs without the human. */
    HARD;

    /** The config spelling: {@code loose} or {@code hard}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
