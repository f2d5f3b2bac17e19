package dev.shellwarden.engine;

import java.util.Map;
import java.util.Optional;

/**
 * What a policy author's config changes about the rules, without writing Drools: a rule id mapped
 * to a new verdict, or to empty to switch the rule off. Floor rules ignore the overlay.
 *
 * @param ruleVerdicts rule id to its replacement verdict (empty = off)
 */
public record Overlay(Map<String, Optional<Verdict>> ruleVerdicts) {

    /** No changes. */
    public static final Overlay NONE = new Overlay(Map.of());

    /** Freezes the map. */
    public Overlay {
        ruleVerdicts = Map.copyOf(ruleVerdicts);
    }

    /**
     * The verdict a rule has under this overlay in {@code mode}, or empty when it is switched off.
     * INVARIANT: a floor rule's verdict is never changed.
     */
    public Optional<Verdict> apply(RuleInfo rule, Mode mode) {
        Optional<Verdict> base = rule.verdictIn(mode);
        if (rule.isFloor() || !ruleVerdicts.containsKey(rule.id())) {
            return base;
        }
        return ruleVerdicts.get(rule.id());
    }
}
