package dev.shellwarden.engine;

import dev.shellwarden.engine.fact.Category;
import dev.shellwarden.grammar.Segment;
import java.util.List;

/**
 * The engine's answer for one command, with everything that led to it.
 *
 * @param verdict    the worst segment verdict
 * @param rule       the rule that decided it
 * @param opaque     true when some segment could not be resolved to literal words
 * @param rawMatch   true when the deciding segment was the raw text (the splitter gave up)
 * @param segments   the segments the splitter produced
 * @param categories the categories classification rules derived
 * @param findings   every finding, in firing order
 * @param segmentVerdicts the decision per segment, by segment id
 */
public record CommandDecision(Verdict verdict, RuleInfo rule, boolean opaque, boolean rawMatch,
        List<Segment> segments, List<Category> categories, List<Finding> findings,
        List<Finding> segmentVerdicts) {

    /** Freezes the lists. */
    public CommandDecision {
        segments = List.copyOf(segments);
        categories = List.copyOf(categories);
        findings = List.copyOf(findings);
        segmentVerdicts = List.copyOf(segmentVerdicts);
    }

    /** The message to give the agent: the deciding rule's, possibly empty for allow. */
    public String message() {
        return rule.message();
    }
}
