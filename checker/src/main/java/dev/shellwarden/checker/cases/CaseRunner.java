package dev.shellwarden.checker.cases;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Finding;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs cases through the real engine and reports each mismatch in one line. */
public final class CaseRunner {

    private final Engine engine;
    private final Overlay overlay;

    /** A runner over an engine, with the given config overlay. */
    public CaseRunner(Engine engine, Overlay overlay) {
        this.engine = engine;
        this.overlay = overlay;
    }

    /** The problems with one case; empty when it passes. */
    public List<String> run(Case c) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Mode, Verdict> want : c.verdicts().entrySet()) {
            Mode mode = want.getKey();
            CheckerConfig config = new CheckerConfig(mode, c.shell(), overlay, List.of());
            CommandDecision d = new Checker(engine, config).decide(c.command(), c.projectDir(),
                    c.cwd().isEmpty() ? c.projectDir() : c.cwd(), c.background());
            String got = d.verdict().wire() + " " + d.rule().id();
            if (d.verdict() != want.getValue()) {
                problems.add(mode.wire() + ": want " + want.getValue().wire()
                        + c.decidingRule().map(r -> " " + r).orElse("") + ", got " + got);
                continue;
            }
            Optional<String> rule = c.decidingRule();
            if (rule.isPresent() && !rule.get().equals(d.rule().id())) {
                problems.add(mode.wire() + ": want rule " + rule.get() + ", got " + got);
            }
            for (String forbidden : c.notFired()) {
                for (Finding f : d.findings()) {
                    if (f.rule().id().equals(forbidden)) {
                        problems.add(mode.wire() + ": rule " + forbidden + " must not fire, but it did ("
                                + f.verdict().wire() + ")");
                        break;
                    }
                }
            }
        }
        return problems;
    }
}
