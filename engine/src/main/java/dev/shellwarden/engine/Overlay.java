package dev.shellwarden.engine;

import dev.shellwarden.grammar.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a policy author's config changes about the rules, without writing Drools: a rule id mapped
 * to a new verdict (or to empty, to switch the rule off), and extra argv-prefix patterns that add
 * an allow, ask or deny finding to the segments they match.
 *
 * <p>INVARIANTS: a floor rule's verdict is never changed; a pattern only adds a finding, and the
 * worst finding per segment wins, so an {@code allow} pattern cannot loosen what a rule asks or
 * denies (loosening a rule is done by id, floor rules excepted), while {@code ask} and {@code deny}
 * patterns tighten anything.
 *
 * @param ruleVerdicts rule id to its replacement verdict (empty = off)
 * @param patterns     extra argv-prefix patterns, in config order
 */
public record Overlay(Map<String, Optional<Verdict>> ruleVerdicts, List<PrefixPattern> patterns) {

    /** No changes. */
    public static final Overlay NONE = new Overlay(Map.of(), List.of());

    /** Freezes the collections. */
    public Overlay {
        ruleVerdicts = Map.copyOf(ruleVerdicts);
        patterns = List.copyOf(patterns);
    }

    /** An overlay of rule verdicts only. */
    public Overlay(Map<String, Optional<Verdict>> ruleVerdicts) {
        this(ruleVerdicts, List.of());
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

    /** The findings the patterns add: one per matching pattern and segment. */
    public List<Finding> patternFindings(List<Segment> segments) {
        if (patterns.isEmpty()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        for (Segment s : segments) {
            for (PrefixPattern p : patterns) {
                if (p.matches(s)) {
                    out.add(new Finding(s.id(), BuiltinRules.forPattern(p.verdict()), p.verdict()));
                }
            }
        }
        return out;
    }
}
