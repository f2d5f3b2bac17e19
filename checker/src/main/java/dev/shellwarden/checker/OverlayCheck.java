package dev.shellwarden.checker;

import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Explains, as warnings, the parts of a config overlay that cannot take effect. */
final class OverlayCheck {

    private OverlayCheck() {
    }

    /** One line per overlay entry naming an unknown rule or trying to loosen a floor rule. */
    static List<String> warnings(Overlay overlay, RuleBook book) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Optional<Verdict>> e : overlay.ruleVerdicts().entrySet()) {
            RuleInfo rule = book.rulesByName().values().stream()
                    .filter(r -> r.id().equals(e.getKey())).findFirst().orElse(null);
            if (rule == null) {
                out.add("rules: no rule `" + e.getKey() + "` in the rule set; entry ignored");
            } else if (rule.isFloor() && e.getValue().map(v -> v != Verdict.DENY).orElse(true)) {
                out.add("rules: `" + e.getKey() + "` is a floor rule and cannot be loosened; it stays deny");
            }
        }
        return out;
    }
}
