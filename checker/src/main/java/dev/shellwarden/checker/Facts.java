package dev.shellwarden.checker;

import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Finding;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.fact.Category;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders what the engine derived into the verdict's {@code facts} tree (segments, categories, rules fired). */
final class Facts {

    private Facts() {
    }

    /** Facts for a decided command. */
    static Map<String, Object> of(CommandDecision d) {
        Map<String, Object> facts = new LinkedHashMap<>();
        List<Object> segments = new ArrayList<>();
        for (Segment s : d.segments()) {
            Map<String, Object> seg = new LinkedHashMap<>();
            seg.put("id", s.id());
            if (s.parent() >= 0) {
                seg.put("parent", s.parent());
            }
            seg.put("provenance", s.provenance().name().toLowerCase(java.util.Locale.ROOT));
            if (!s.wrappers().isEmpty()) {
                seg.put("wrappers", s.wrappers());
            }
            seg.put("argv", s.argv().stream().map(Word::text).toList());
            if (!s.assignments().isEmpty()) {
                seg.put("assignments", s.assignments().stream().map(Word::text).toList());
            }
            if (!s.redirects().isEmpty()) {
                List<Object> rs = new ArrayList<>();
                for (Redirect r : s.redirects()) {
                    rs.add((r.fd() >= 0 ? String.valueOf(r.fd()) : "") + r.op() + r.target().text());
                }
                seg.put("redirects", rs);
            }
            seg.put("static", s.isStatic());
            if (!s.isStatic()) {
                seg.put("opaque", s.opaqueReasons().stream().map(Enum::name).sorted().toList());
            }
            Finding sv = d.segmentVerdicts().get(s.id());
            seg.put("verdict", sv.verdict().wire());
            seg.put("ruleId", sv.rule().id());
            segments.add(seg);
        }
        facts.put("segments", segments);
        if (!d.categories().isEmpty()) {
            List<Object> cats = new ArrayList<>();
            for (Category c : d.categories()) {
                cats.add(c.getSeg() + ":" + c.getName());
            }
            facts.put("categories", cats);
        }
        List<Object> fired = new ArrayList<>();
        for (Finding f : d.findings()) {
            fired.add(f.rule().id() + ":" + f.verdict().wire() + (f.segment() >= 0 ? "@" + f.segment() : ""));
        }
        if (!fired.isEmpty()) {
            facts.put("fired", fired);
        }
        if (!d.message().isEmpty()) {
            facts.put("message", d.message());
        }
        return facts;
    }

    /** Facts for a letter whose action is not a shell command. */
    static Map<String, Object> notShell(String action, RuleInfo rule) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("action", action);
        facts.put("message", rule.message());
        return facts;
    }
}
