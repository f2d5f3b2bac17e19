package dev.shellwarden.engine;

import dev.shellwarden.engine.fact.Category;
import dev.shellwarden.engine.fact.Cmd;
import dev.shellwarden.engine.fact.ContainerPaths;
import dev.shellwarden.engine.fact.Ctx;
import dev.shellwarden.engine.fact.Placement;
import dev.shellwarden.engine.fact.Redir;
import dev.shellwarden.engine.fact.WorkingDirs;
import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import org.kie.api.event.rule.AfterMatchFiredEvent;
import org.kie.api.event.rule.DefaultAgendaEventListener;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.rule.Match;

/**
 * Runs the rules over one command's segments and merges the findings: worst finding per segment,
 * worst segment per command (allow &lt; ask &lt; deny).
 *
 * <p>INVARIANTS: an opaque segment never ends in allow; a floor rule's deny survives any overlay;
 * the same input gives the same decision (rules are read in name order, findings are merged by a
 * total order).
 */
public final class Engine {

    /** Upper bound on rule firings for one command; beyond it the command is asked about. */
    static final int MAX_FIRINGS = 10_000;

    private static final Set<OpaqueReason> GAVE_UP =
            EnumSet.of(OpaqueReason.SYNTAX_ERROR, OpaqueReason.LIMIT_EXCEEDED, OpaqueReason.INTERNAL_ERROR);

    private final RuleBook book;

    /** An engine over a rule book. */
    public Engine(RuleBook book) {
        this.book = book;
    }

    /** The rule book in use. */
    public RuleBook book() {
        return book;
    }

    /** Decides one command. */
    public CommandDecision decide(SplitResult split, Ctx ctx, Mode mode, Overlay overlay) {
        return decide(split, ctx, mode, overlay, name -> { });
    }

    /**
     * Decides one command, telling {@code firedRules} the DRL name of every rule that fires,
     * classification rules included, in firing order ({@code shell-warden explain} shows them).
     */
    /**
     * Rule families whose finding on a command in a run-later file's text is no reason to ask now:
     * the modes' defaults and opacity (the text is data until the tool runs it) and the slow family
     * (a command that would run long hangs nothing while it sits in a file).
     */
    private static final Set<String> LATER_FILE_PASSING = Set.of("default", "opaque", "slow");

    public CommandDecision decide(SplitResult split, Ctx ctx, Mode mode, Overlay overlay, Consumer<String> firedRules) {
        List<Segment> segments = split.segments();
        if (segments.isEmpty()) {
            return new CommandDecision(Verdict.ALLOW, BuiltinRules.EMPTY, false, false, segments,
                    List.of(), List.of(), List.of());
        }
        List<Finding> findings = new ArrayList<>();
        List<Category> categories = new ArrayList<>();
        boolean overflow = fire(segments, split.wholeWrites(), split.loopLists(), ctx, mode, overlay, findings, categories, firedRules);
        findings.addAll(overlay.patternFindings(segments));
        List<Finding> perSegment = new ArrayList<>();
        Set<Integer> later = new HashSet<>();
        for (Segment s : segments) {
            Finding f = decideSegment(s, findings, mode);
            // a command line in text written for a tool to run later (Provenance.LATER_FILE) does not
            // run now: a rule's ask or deny of it becomes SW4054's ask, anything else runs nothing (a
            // command that would only run long, the slow family's, does not hang anything now)
            if (s.provenance() == Provenance.LATER_FILE || later.contains(s.parent())) {
                later.add(s.id());
                boolean flagged = f.verdict() != Verdict.ALLOW
                        && !LATER_FILE_PASSING.contains(f.rule().family());
                f = flagged ? new Finding(s.id(), BuiltinRules.LATER_FILE, Verdict.ASK) : new Finding(s.id(), BuiltinRules.EMPTY, Verdict.ALLOW);
                if (flagged) {
                    findings.add(f);
                }
            }
            perSegment.add(f);
        }
        Finding worst = perSegment.stream().max(ORDER).orElseThrow();
        for (Finding f : findings) {
            if (f.segment() < 0 && ORDER.compare(f, worst) > 0) {
                worst = f;
            }
        }
        if (overflow && worst.verdict() == Verdict.ALLOW) {
            worst = new Finding(-1, BuiltinRules.ENGINE_LIMIT, Verdict.ASK);
        }
        // firing order follows the agenda, which depends on how the rule base was built, not on the
        // letter: listed by segment, then from the least to the most weighty (the decider last), the
        // findings read the same from every build of the same rules
        findings.sort(Comparator.comparingInt(Finding::segment).thenComparing(ORDER));
        boolean opaque = !split.isStatic();
        boolean raw = worst.segment() >= 0
                && segments.get(worst.segment()).opaqueReasons().stream().anyMatch(GAVE_UP::contains);
        return new CommandDecision(worst.verdict(), worst.rule(), opaque, raw, segments, categories,
                findings, perSegment);
    }

    /** Runs a fresh session; returns true when the firing bound was hit. */
    private boolean fire(List<Segment> segments, Map<Integer, Integer> wholeWrites, List<SplitResult.LoopList> loopLists, Ctx ctx, Mode mode, Overlay overlay,
            List<Finding> findings, List<Category> categories, Consumer<String> firedRules) {
        KieSession session = book.kieBase().newKieSession();
        try {
            session.addEventListener(new DefaultAgendaEventListener() {
                @Override
                public void afterMatchFired(AfterMatchFiredEvent event) {
                    firedRules.accept(event.getMatch().getRule().getName());
                    record(event.getMatch(), mode, overlay, findings);
                }
            });
            session.insert(ctx);
            // some segment sources a file or runs a computed name: any `date` after it may be a function
            boolean sourcesCode = Cmd.sourcesCode(segments, ctx);
            // a container's command is judged with its paths as the host's (ContainerPaths); same ids
            // ... after the literal-format date substitutions are put in as the words they print
            ContainerPaths.Judged judged = ContainerPaths.of(Cmd.withLiteralDates(segments, ctx, sourcesCode), ctx);
            // the previous directory (`~-`, `$OLDPWD`) is followed only outside a container's command
            WorkingDirs.Walk walk = judged.starts().isEmpty() && judged.inside().isEmpty() ? WorkingDirs.walk(segments, ctx)
                    : new WorkingDirs.Walk(WorkingDirs.of(judged.segments(), ctx, judged.starts(), judged.inside()), Map.of());
            List<List<String>> dirs = walk.dirs();
            Map<Integer, Segment> previous = walk.previous();
            Set<Integer> detachedIds = Cmd.detachedSegments(segments);
            List<dev.shellwarden.engine.fact.ValueFlow> flows = dev.shellwarden.engine.fact.ValueFlow.of(segments, loopLists);
            flows.forEach(session::insert);
            Set<Integer> toAgent = dev.shellwarden.engine.fact.AgentOutput.of(segments, flows);
            Map<Integer, Integer> pipeParents = new HashMap<>();
            Map<Integer, Integer> launchers = new HashMap<>();
            Set<Integer> stdinRedirected = new java.util.HashSet<>();
            // segments whose standard input a pipe or a redirection feeds
            Set<Integer> stdinFed = new java.util.HashSet<>();
            for (Segment s : segments) {
                boolean detached = ctx.isClientBackground() || detachedIds.contains(s.id());
                // a command a wrapper starts stands in the wrapper's place in its pipeline (segments come parent first)
                Segment up = s.parent() >= 0 && s.parent() < segments.size() ? segments.get(s.parent()) : null;
                boolean inWrapperPlace = up != null && up.id() == s.parent() && s.provenance() == dev.shellwarden.grammar.Provenance.WRAPPED
                        && up.position().equals(s.position());
                int pipeParent = inWrapperPlace ? pipeParents.getOrDefault(up.id(), up.parent()) : s.parent();
                pipeParents.put(s.id(), pipeParent);
                // the outermost wrapper it was unwrapped from, whose segment owns the words' substitutions
                int launcher = up != null && up.id() == s.parent() && s.provenance() == dev.shellwarden.grammar.Provenance.WRAPPED
                        ? launchers.getOrDefault(up.id(), up.id()) : s.id();
                launchers.put(s.id(), launcher);
                // ... and reads the wrapper's standard input (sudo bash -s < setup.sh); so does the first
                // stage of a command line a wrapper re-reads from its words (`echo 'df -h' | ssh host bash`)
                boolean reparsedFirst = up != null && up.id() == s.parent() && s.provenance() == dev.shellwarden.grammar.Provenance.WRAPPED
                        && !inWrapperPlace && s.position().stage() == 0;
                boolean stdinFromWrapper = inWrapperPlace && stdinRedirected.contains(up.id()) || reparsedFirst && stdinFed.contains(up.id());
                if (s.position().stage() > 0 || stdinFromWrapper || Cmd.readsRedirectedStdin(s)
                        || inWrapperPlace && stdinFed.contains(up.id())) {
                    stdinFed.add(s.id());
                }
                if (stdinFromWrapper || Cmd.readsRedirectedStdin(s)) {
                    stdinRedirected.add(s.id());
                }
                // `~-` / `$OLDPWD` judged as the previous directory when the text tells it (PreviousDirs)
                Segment j = previous.getOrDefault(s.id(), judged.segments().get(s.id()));
                session.insert(new Cmd(j, new Placement(detached, dirs.get(s.id()), OptionalInt.of(pipeParent), OptionalInt.of(launcher), s,
                        stdinFromWrapper, toAgent.contains(s.id()), wholeWrites.getOrDefault(s.id(), -1), sourcesCode)));
                for (var r : j.redirects()) {
                    session.insert(new Redir(s.id(), r));
                }
            }
            int fired = session.fireAllRules(MAX_FIRINGS);
            for (Object o : session.getObjects(o -> o instanceof Category)) {
                categories.add((Category) o);
            }
            categories.sort(Comparator.comparingInt(Category::getSeg).thenComparing(Category::getName));
            return fired >= MAX_FIRINGS;
        } finally {
            session.dispose();
        }
    }

    private void record(Match match, Mode mode, Overlay overlay, List<Finding> findings) {
        RuleInfo info = book.rule(match.getRule().getName());
        if (info == null || !info.decides()) {
            return;
        }
        Optional<Verdict> v = overlay.apply(info, mode);
        if (v.isEmpty()) {
            return;
        }
        int seg = -1;
        for (Object o : match.getObjects()) {
            if (o instanceof Cmd c) {
                seg = c.getId();
                break;
            }
            if (o instanceof Category c) {
                seg = c.getSeg();
                break;
            }
            if (o instanceof Redir r) {
                seg = r.getSeg();
                break;
            }
        }
        findings.add(new Finding(seg, info, v.get()));
    }

    private static Finding decideSegment(Segment s, List<Finding> findings, Mode mode) {
        Finding best = null;
        for (Finding f : findings) {
            if (f.segment() == s.id() && (best == null || ORDER.compare(f, best) > 0)) {
                best = f;
            }
        }
        if (!s.isStatic() && (best == null || best.verdict() == Verdict.ALLOW)) {
            OpaqueReason first = EnumSet.copyOf(s.opaqueReasons()).iterator().next();
            return new Finding(s.id(), BuiltinRules.forOpaque(first), Verdict.ASK);
        }
        if (best != null) {
            return best;
        }
        return mode == Mode.HARD
                ? new Finding(s.id(), BuiltinRules.DEFAULT_HARD, Verdict.ASK)
                : new Finding(s.id(), BuiltinRules.DEFAULT_LOOSE, Verdict.ALLOW);
    }

    /**
     * Total order on findings: verdict, then floor before others, then rules before engine
     * defaults, then the earlier segment, then rule id. The maximum decides.
     */
    static final Comparator<Finding> ORDER = Comparator
            .comparing(Finding::verdict)
            .thenComparing((Finding f) -> f.rule().isFloor())
            .thenComparing((Finding f) -> !f.rule().family().equals("default"))
            .thenComparing((Finding f) -> -f.segment())
            .thenComparing((Finding f) -> f.rule().id(), Comparator.reverseOrder());
}
