package dev.shellwarden.engine;

import java.util.Locale;

/** A decision on a command, ordered from loosest to strictest: allow &lt; ask &lt; deny. */
public enum Verdict {
    /** The command runs. */
    ALLOW,
    /** The human decides. */
    ASK,
    /** The command is refused with a prescriptive message. */
    DENY;

    /** The stricter of two verdicts. */
    public Verdict worst(Verdict other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** The protocol spelling: {@code allow}, {@code ask}, {@code deny}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the protocol spelling; throws {@link IllegalArgumentException} on anything else. */
    public static Verdict parse(String s) {
        return switch (s) {
            case "allow" -> ALLOW;
            case "ask" -> ASK;
            case "deny" -> DENY;
            default -> throw new IllegalArgumentException("not a verdict: `" + s + "`");
        };
    }
}
