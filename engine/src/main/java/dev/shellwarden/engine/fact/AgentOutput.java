package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which segments' standard output reaches the agent: what the command prints lands in the
 * transcript, which goes to the model provider (and a prompt injection can have it echoed
 * anywhere). Used for secrets printed by design ({@code gh auth token}, {@code vault kv get}):
 * printed they leak, fed to the program that needs them they do not.
 *
 * <p>A segment's output reaches the agent unless it is written to a file, piped into a stage that
 * consumes it (anything but the filters and printers of {@link #PASS_THROUGH}), captured by a
 * substitution into a word that is not printed ({@code GH_TOKEN=$(gh auth token) gh api},
 * {@code export T=$(…)}, {@code docker login -p "$(…)"}) or run by a setting whose program reads it.
 * A value kept in a variable is printed when a later command prints the variable
 * ({@code T=$(gh auth token); echo $T}: {@link ValueFlow}).
 * Output passes up through wrappers, shell payloads, xargs and find: theirs is the child's.
 *
 * <p>An interpreter stage given inline code that prints ({@code | python3 -c 'print(…)'},
 * {@code | perl -pe …}) passes its input on as a filter does ({@link Cmd#isInlineCodePrints}).
 *
 * <p>Fail closed: a pipeline stage with no simple command (a loop or group piped into:
 * {@code gh auth token | while read t; do …; done}) and a compound command's own pipe (the
 * grammar keeps no position for {@code { …; } | x}) count as reaching the agent.
 */
public final class AgentOutput {

    /**
     * Programs that print what they read (or a part of it): a secret piped through them still
     * reaches the agent. grep and rg asked for a count, a file list or a status only are not.
     */
    private static final Set<String> PASS_THROUGH = Words.setOf("cat tac head tail cut tr sort uniq rev fold fmt nl paste column expand"
            + " jq yq gojq jaq grep egrep fgrep rg ag ack awk gawk mawk nawk sed base64 base32 basenc xxd od hexdump strings tee less"
            + " more bat batcat most pv dos2unix iconv echo printf");

    /** Printers of their arguments: a substitution in their words is printed. */
    private static final Set<String> ARGUMENT_PRINTERS = Words.setOf("echo printf print");

    /** Readers of files that print them: a process substitution they read is printed. */
    private static final Set<String> FILE_PRINTERS = Words.setOf("cat tac head tail diff cmp comm paste jq yq less more bat batcat strings xxd od hexdump");

    /** How a launcher's command is started: its output is the launcher's. */
    private static final Set<Provenance> LAUNCHED = java.util.EnumSet.of(Provenance.XARGS, Provenance.WRAPPED,
            Provenance.SHELL_PAYLOAD, Provenance.EVAL_PAYLOAD);

    /** Standard output targets that still reach the agent. */
    private static final Set<String> TERMINAL = Set.of("/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2");

    private AgentOutput() {
    }

    /** The ids of the segments whose standard output reaches the agent. Segments come parent first. */
    public static Set<Integer> of(List<Segment> segments) {
        return of(segments, ValueFlow.of(segments));
    }

    /** As {@link #of(List)}, with the command line's variable flows computed already. */
    public static Set<Integer> of(List<Segment> segments, List<ValueFlow> flows) {
        Set<Integer> out = new HashSet<>();
        for (Segment s : segments) {
            if (reaches(s, segments, out, flows)) {
                out.add(s.id());
            }
        }
        if (!flows.isEmpty()) {
            // a value printed through a variable by a later command: that command is known now, and
            // what the value's substitution starts (segments come parent first) follows it
            for (Segment s : segments) {
                if (!out.contains(s.id()) && reaches(s, segments, out, flows)) {
                    out.add(s.id());
                }
            }
        }
        return out;
    }

    private static boolean reaches(Segment s, List<Segment> all, Set<Integer> reaching, List<ValueFlow> flows) {
        if (!pipelineReaches(s, all)) {
            // piped into `read T`: kept in the variable, printed when a later command prints that
            Segment next = stageOf(s, s.position().stage() + 1, all);
            return next != null && ValueFlow.readsIntoVariable(next) && printedThroughVariable(s, all, reaching, flows);
        }
        Segment parent = s.parent() >= 0 && s.parent() < s.id() ? all.get(s.parent()) : null;
        Provenance p = s.provenance();
        if (p == Provenance.SETTING) {
            // a hook or helper command (credential.helper, GIT_SSH_COMMAND): the program running it reads it
            return false;
        }
        if (p == Provenance.COMMAND_SUBSTITUTION || p == Provenance.BACKTICK) {
            // captured: printed only when the word is an argument of echo/printf, or a here-string of a filter
            Segment taker = parent == null ? null : wrappedCommand(parent, all);
            return parent != null && reaching.contains(parent.id()) && printsWords(taker, parent) || printedThroughVariable(s, all, reaching, flows);
        }
        if (p == Provenance.PROCESS_SUBSTITUTION) {
            return parent != null && reaching.contains(parent.id()) && FILE_PRINTERS.contains(Cmd.nameOf(wrappedCommand(parent, all)))
                    || printedThroughVariable(s, all, reaching, flows); // read T < <(…); echo $T
        }
        // a wrapper's, payload's, xargs' or find's command prints through its launcher; a command at
        // the top or in a group prints to the terminal (a parent not found: fail closed)
        return parent == null || reaching.contains(parent.id());
    }

    /**
     * True when the command prints its words: an argument printer, or a filter fed a here-string
     * ({@code fed}: the segment that carries the here-strings, the taker's wrapper or itself).
     */
    private static boolean printsWords(Segment taker, Segment fed) {
        return ARGUMENT_PRINTERS.contains(Cmd.nameOf(taker)) || PASS_THROUGH.contains(Cmd.nameOf(taker)) && !fed.heredocs().isEmpty();
    }

    /** True when the substitution's value, kept in a variable, is printed by a later command that reaches the agent. */
    private static boolean printedThroughVariable(Segment s, List<Segment> all, Set<Integer> reaching, List<ValueFlow> flows) {
        for (ValueFlow f : flows) {
            if (f.getSource() == s.id() && reaching.contains(f.getUser())
                    && (f.isPrinted() || printsWords(all.get(f.getUser()), all.get(f.getUser())))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The command that finally takes the segment's words: the segment itself, or the command its
     * wrappers run ({@code env echo "$(…)"}: echo, not env, prints the substitution).
     */
    private static Segment wrappedCommand(Segment s, List<Segment> all) {
        Segment at = s;
        for (int i = at.id() + 1; i < all.size(); i++) {
            Segment c = all.get(i);
            if (c.parent() == at.id() && c.provenance() == Provenance.WRAPPED) {
                at = c;
            }
        }
        return at;
    }

    /**
     * True when what the segment prints leaves its pipeline for the terminal: its own output and
     * every later stage's output go to no file, and every later stage passes its input on.
     */
    private static boolean pipelineReaches(Segment s, List<Segment> all) {
        if (toFile(s)) {
            return false;
        }
        int stages = s.position().stages();
        for (int stage = s.position().stage() + 1; stage < stages; stage++) {
            Segment next = stageOf(s, stage, all);
            if (next == null) {
                return true; // a compound command stands there: fail closed
            }
            if (toFile(next) || !passesOn(next, all)) {
                return false;
            }
        }
        return true;
    }

    /** The simple command at the given stage of the segment's pipeline, or null. */
    private static Segment stageOf(Segment s, int stage, List<Segment> all) {
        for (Segment t : all) {
            if (t.id() > s.id() && t.parent() == s.parent() && t.provenance() == s.provenance()
                    && t.position().item() == s.position().item() && t.position().stage() == stage) {
                return t;
            }
        }
        return null;
    }

    /**
     * True when the stage prints what it reads: a filter, inline code that prints, or a launcher
     * whose command does: xargs/parallel (echo when given none), a wrapper ({@code env cat},
     * {@code timeout 5 cat}), a shell's inline script with a command that prints to the script's
     * output ({@code sh -c cat}, {@code bash -c 'read t; echo $t'}).
     */
    private static boolean passesOn(Segment t, List<Segment> all) {
        String name = Cmd.nameOf(t);
        boolean launches = false;
        for (Segment c : all) {
            if (c.id() > t.id() && c.parent() == t.id() && LAUNCHED.contains(c.provenance())) {
                launches = true;
                // a script's command prints to the script's output unless its own pipeline or file takes it
                if (passesOn(c, all) && (c.provenance() == Provenance.WRAPPED || pipelineReaches(c, all))) {
                    return true;
                }
            }
        }
        if (launches) {
            return false;
        }
        if (name.equals("xargs") || name.equals("parallel")) {
            return true; // no command: xargs echoes its input
        }
        if (!PASS_THROUGH.contains(name)) {
            // an interpreter whose inline code prints passes its input on; one that only uses it is a consumer
            return Cmd.isInterpreterName(name) && new Cmd(t, Placement.alone()).isInlineCodePrints();
        }
        if (name.equals("grep") || name.equals("egrep") || name.equals("fgrep") || name.equals("rg")) {
            for (var w : t.argv()) {
                if (w.text().matches("-[A-Za-z]*[qclL][A-Za-z]*|--(quiet|silent|count|files-with(out)?-match(es)?)")) {
                    return false;
                }
            }
        }
        return true;
    }

    /** True when the segment's own redirections send its standard output to a file (or /dev/null). */
    private static boolean toFile(Segment s) {
        for (Redirect r : s.redirects()) {
            if (r.writes() && (r.fd() < 0 || r.fd() == 1) && !TERMINAL.contains(PathFacts.unquote(r.target().text()))) {
                return true;
            }
        }
        return false;
    }
}
