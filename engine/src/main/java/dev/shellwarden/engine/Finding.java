package dev.shellwarden.engine;

import java.util.Objects;

/**
 * What one rule said about one segment (or, with segment -1, about the whole command).
 *
 * @param segment the segment id the rule matched first, or -1
 * @param rule    the rule that fired
 * @param verdict the rule's verdict in the mode of the check, after the config overlay
 */
public record Finding(int segment, RuleInfo rule, Verdict verdict) {

    /** Validates the fields. */
    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(verdict, "verdict");
    }
}
