package dev.shellwarden.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.engine.fact.Ctx;
import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.drools.model.codegen.ExecutableModelProject;
import org.junit.jupiter.api.Test;
import org.kie.api.io.ResourceType;
import org.kie.internal.utils.KieHelper;

/** The merge and its invariants, over a small rule set compiled in memory. */
class EngineTest {

    private static final String DRL = """
            package t;
            import dev.shellwarden.engine.fact.Cmd;
            import dev.shellwarden.engine.fact.Category;

            rule "SW9001 floor-rm" @id("SW9001") @family("floor") @verdict("deny")
                @summary("s") @message("m: x")
            when Cmd( name == "rm" ) then end

            rule "SW9002 ask-git" @id("SW9002") @family("vcs") @verdict("ask") @hard("deny")
                @summary("s") @message("m: x")
            when Cmd( name == "git" ) then end

            rule "SW9003 allow-echo" @id("SW9003") @family("allow") @verdict("allow")
                @summary("s") @message("")
            when Cmd( name == "echo" ) then end

            rule "SW9004 classify-loop" @id("SW9004") @family("classify") @summary("s")
            when $c : Category( name == "loop" ) then insert(new Category($c.getSeg() + 1, "loop")); end

            rule "SW9005 seed-loop" @id("SW9005") @family("classify") @summary("s")
            when Cmd( name == "loop" ) then insert(new Category(0, "loop")); end
            """;

    private static final Engine ENGINE = new Engine(RuleBook.of(
            new KieHelper().addContent(DRL, ResourceType.DRL).build(ExecutableModelProject.class)));

    private static Segment seg(int id, String... argv) {
        List<Word> words = new ArrayList<>();
        for (String a : argv) {
            words.add(Word.literal(a));
        }
        return new Segment(id, -1, 0, Provenance.TOP, List.of(), words, List.of(), List.of(), List.of(),
                Position.SOLE, Set.of());
    }

    private static Segment opaque(int id, String... argv) {
        Segment s = seg(id, argv);
        return new Segment(id, -1, 0, Provenance.TOP, List.of(), s.argv(), List.of(), List.of(), List.of(),
                Position.SOLE, Set.of(OpaqueReason.DYNAMIC_ARGUMENT));
    }

    private static CommandDecision decide(Mode mode, Overlay overlay, Segment... segments) {
        return ENGINE.decide(new SplitResult(List.of(segments)), new Ctx("/p", "/p", mode.wire(), "bash", "x"),
                mode, overlay);
    }

    @Test
    void worstSegmentWins() {
        CommandDecision d = decide(Mode.LOOSE, Overlay.NONE, seg(0, "echo", "hi"), seg(1, "git", "push"), seg(2, "make"));
        assertEquals(Verdict.ASK, d.verdict());
        assertEquals("SW9002", d.rule().id());
        assertEquals(Verdict.ALLOW, d.segmentVerdicts().get(0).verdict());
        assertEquals("SW0001", d.segmentVerdicts().get(2).rule().id());
    }

    @Test
    void hardVerdictAndHardDefault() {
        assertEquals(Verdict.DENY, decide(Mode.HARD, Overlay.NONE, seg(0, "git", "push")).verdict());
        CommandDecision d = decide(Mode.HARD, Overlay.NONE, seg(0, "make"));
        assertEquals(Verdict.ASK, d.verdict());
        assertEquals("SW0002", d.rule().id());
        assertEquals(Verdict.ALLOW, decide(Mode.HARD, Overlay.NONE, seg(0, "echo", "hi")).verdict());
    }

    @Test
    void opaqueNeverAllowsEvenWhenAnAllowRuleFires() {
        CommandDecision d = decide(Mode.LOOSE, Overlay.NONE, opaque(0, "echo", "$X"));
        assertEquals(Verdict.ASK, d.verdict());
        assertEquals("SW1003", d.rule().id());
    }

    @Test
    void opaqueStillDeniesWhenADenyRuleFires() {
        assertEquals(Verdict.DENY, decide(Mode.LOOSE, Overlay.NONE, opaque(0, "rm", "$X")).verdict());
    }

    @Test
    void overlayChangesAndSwitchesOffRulesButNeverAFloor() {
        Overlay overlay = new Overlay(Map.of("SW9002", Optional.of(Verdict.DENY), "SW9001", Optional.empty()));
        assertEquals(Verdict.DENY, decide(Mode.LOOSE, overlay, seg(0, "git", "push")).verdict());
        CommandDecision rm = decide(Mode.LOOSE, overlay, seg(0, "rm", "x"));
        assertEquals(Verdict.DENY, rm.verdict());
        assertEquals("SW9001", rm.rule().id());
        Overlay off = new Overlay(Map.of("SW9002", Optional.empty()));
        assertEquals(Verdict.ALLOW, decide(Mode.LOOSE, off, seg(0, "git", "push")).verdict());
    }

    @Test
    void runawayRulesEndInAskNotAllow() {
        CommandDecision d = decide(Mode.LOOSE, Overlay.NONE, seg(0, "loop"));
        assertEquals(Verdict.ASK, d.verdict());
        assertEquals("SW0005", d.rule().id());
    }

    @Test
    void emptyTextRunsNothing() {
        CommandDecision d = decide(Mode.HARD, Overlay.NONE);
        assertEquals(Verdict.ALLOW, d.verdict());
        assertEquals("SW0003", d.rule().id());
    }

    @Test
    void sameInputSameDecision() {
        Segment[] s = {seg(0, "git", "push"), seg(1, "rm", "-rf", "x"), seg(2, "echo")};
        CommandDecision a = decide(Mode.LOOSE, Overlay.NONE, s);
        for (int i = 0; i < 20; i++) {
            CommandDecision b = decide(Mode.LOOSE, Overlay.NONE, s);
            assertEquals(a.rule().id(), b.rule().id());
            assertEquals(a.verdict(), b.verdict());
        }
    }

    /** The same rules declared in another order fire in another order; the findings read the same. */
    @Test
    void findingsAreListedTheSameWhateverTheRuleOrder() {
        List<String> rules = List.of(
                "rule \"SW9011 ask-x\" @id(\"SW9011\") @family(\"vcs\") @verdict(\"ask\") @summary(\"s\") @message(\"m: x\")\n"
                        + "when Cmd( name == \"x\" ) then end\n",
                "rule \"SW9012 deny-x\" @id(\"SW9012\") @family(\"vcs\") @verdict(\"deny\") @summary(\"s\") @message(\"m: x\")\n"
                        + "when Cmd( name == \"x\" ) then end\n",
                "rule \"SW9013 allow-x\" @id(\"SW9013\") @family(\"allow\") @verdict(\"allow\") @summary(\"s\") @message(\"\")\n"
                        + "when Cmd( name == \"x\" ) then end\n");
        List<String> expected = List.of("SW9013@1", "SW9011@1", "SW9012@1", "SW9013@2", "SW9011@2", "SW9012@2");
        for (List<Integer> order : List.of(List.of(0, 1, 2), List.of(2, 1, 0), List.of(1, 2, 0))) {
            StringBuilder drl = new StringBuilder("package t;\nimport dev.shellwarden.engine.fact.Cmd;\n");
            order.forEach(i -> drl.append(rules.get(i)));
            Engine engine = new Engine(RuleBook.of(
                    new KieHelper().addContent(drl.toString(), ResourceType.DRL).build(ExecutableModelProject.class)));
            CommandDecision d = engine.decide(new SplitResult(List.of(seg(0, "y"), seg(1, "x"), seg(2, "x", "a"))),
                    new Ctx("/p", "/p", "loose", "bash", "x"), Mode.LOOSE, Overlay.NONE);
            assertEquals(expected, d.findings().stream().map(f -> f.rule().id() + "@" + f.segment()).toList(), "order " + order);
        }
    }
}
