package dev.shellwarden.checker;

import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.protocol.Letter;
import dev.shellwarden.checker.protocol.VerdictDoc;
import dev.shellwarden.engine.BuiltinRules;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.engine.fact.Ctx;
import dev.shellwarden.engine.fact.PathFacts;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The whole check as a pure function: a letter and a config in, a verdict out. No I/O, no clock,
 * no environment; the same inputs give the same verdict.
 */
public final class Checker {

    private final Engine engine;
    private final CheckerConfig config;
    private final Splitter splitter;

    /** A checker over an engine with a config. */
    public Checker(Engine engine, CheckerConfig config) {
        this.engine = engine;
        this.config = config;
        this.splitter = Splitter.forShell(config.shell());
    }

    /** Judges every command of the letter. */
    public VerdictDoc check(Letter letter) {
        List<VerdictDoc.CommandVerdict> out = new ArrayList<>();
        Verdict aggregate = Verdict.ALLOW;
        String message = null;
        String projectDir = letter.invocation().projectDir().orElse("");
        for (Letter.Command c : letter.commands()) {
            VerdictDoc.CommandVerdict v;
            String m;
            if (!letter.isShell()) {
                RuleInfo r = BuiltinRules.NOT_SHELL;
                v = new VerdictDoc.CommandVerdict(c.index(), Verdict.ASK, r.id(), true, true,
                        Facts.notShell(letter.action(), r));
                m = r.message();
            } else {
                CommandDecision d = decide(c.raw(), projectDir, cwdOf(projectDir, c.cwd()));
                v = new VerdictDoc.CommandVerdict(c.index(), d.verdict(), d.rule().id(), d.opaque(),
                        d.rawMatch(), Facts.of(d));
                m = d.message();
            }
            out.add(v);
            if (v.verdict().compareTo(aggregate) > 0 || message == null && !m.isEmpty() && v.verdict() == aggregate) {
                message = m.isEmpty() ? null : m;
            }
            aggregate = aggregate.worst(v.verdict());
        }
        return new VerdictDoc(letter.invocation().id(), aggregate,
                Optional.ofNullable(message).map(Checker::bound), out);
    }

    /** Decides one raw command in this checker's mode and shell. */
    public CommandDecision decide(String raw, String projectDir, String cwd) {
        return decide(raw, projectDir, cwd, name -> { });
    }

    /**
     * Decides one raw command that the agent client itself runs in the background when
     * {@code clientBackground} (Claude Code's {@code run_in_background}; see {@link Ctx}).
     */
    public CommandDecision decide(String raw, String projectDir, String cwd, boolean clientBackground) {
        return decide(raw, projectDir, cwd, clientBackground, name -> { });
    }

    /** Decides one raw command, telling {@code firedRules} the name of every rule that fires. */
    public CommandDecision decide(String raw, String projectDir, String cwd, java.util.function.Consumer<String> firedRules) {
        return decide(raw, projectDir, cwd, false, firedRules);
    }

    /**
     * Decides one raw command run in the background by the client when {@code clientBackground},
     * telling {@code firedRules} the name of every rule that fires.
     */
    public CommandDecision decide(String raw, String projectDir, String cwd, boolean clientBackground,
            java.util.function.Consumer<String> firedRules) {
        Ctx ctx = new Ctx(projectDir, cwd, config.mode().wire(), config.shell().name().toLowerCase(Locale.ROOT), raw,
                clientBackground);
        return engine.decide(splitter.split(raw), ctx, config.mode(), config.overlay(), firedRules);
    }

    /** The working directory of a command: its own, resolved against the project, or the project. */
    static String cwdOf(String projectDir, String cwd) {
        if (cwd.isEmpty()) {
            return projectDir;
        }
        if (cwd.startsWith("/")) {
            return PathFacts.normalize(cwd);
        }
        return projectDir.isEmpty() ? cwd : PathFacts.normalize(projectDir + "/" + cwd);
    }

    private static String bound(String message) {
        return message.length() <= VerdictDoc.MAX_MESSAGE_CHARS
                ? message : message.substring(0, VerdictDoc.MAX_MESSAGE_CHARS - 1) + "…";
    }

    /** The config in use. */
    public CheckerConfig config() {
        return config;
    }

    /** Shell of this checker. */
    public Shell shell() {
        return config.shell();
    }
}
