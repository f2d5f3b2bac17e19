package dev.shellwarden.hook;

import java.util.Locale;

/**
 * What a hook tells its agent client about one command, loosest first. It mirrors the engine's
 * verdict without depending on it: the hook module depends on no other shell-warden module.
 */
public enum Decision {
    /** The command runs. */
    ALLOW,
    /** The human decides. */
    ASK,
    /** The command is refused with a prescriptive message. */
    DENY;

    /** The spelling agent clients use: {@code allow}, {@code ask}, {@code deny}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
