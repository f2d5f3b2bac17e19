package dev.shellwarden.hook;

import java.util.Objects;

/**
 * A judge's answer for one command.
 *
 * @param decision allow, ask or deny
 * @param ruleId   the rule that decided it (e.g. {@code SW2001}); may be empty
 * @param message  one prescriptive line for the agent; may be empty (the adapter then supplies
 *                 a generic one where the client needs a reason)
 */
public record Judgement(Decision decision, String ruleId, String message) {

    /** Rejects nulls: a judge that cannot decide throws instead. */
    public Judgement {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(message, "message");
    }
}
