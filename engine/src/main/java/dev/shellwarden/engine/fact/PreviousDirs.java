package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The previous working directory of bash ({@code $OLDPWD}, {@code ~-}) and the directories
 * {@code cd -} and {@code popd} go back to, followed through the top-level list of one command:
 * {@code cd ~; cd /tmp; rm -rf ~-} deletes the home directory, {@code cd ~ && cd src && cd - &&
 * rm -rf *} deletes inside it, {@code pushd / && pushd /tmp && popd && rm -rf *} inside the root.
 *
 * <p>Each top-level command runs in one of a set of states (working directory, previous directory,
 * the directories {@code pushd} pushed), followed through {@code &&}, {@code ||} and {@code ;} as
 * {@link WorkingDirs} follows the working directory: a {@code cd} that may fail leaves both the
 * moved and the unmoved state. WHY a pass of its own: {@code cd -} swaps the two directories, so
 * the previous directory has to travel paired with the current one, which the working-directory
 * sets of {@link WorkingDirs} do not keep.
 *
 * <p>FAIL CLOSED: the text starts with the agent shell's OLDPWD and directory stack, which the
 * checker never knows ({@link WorkingDirs#UNKNOWN}). Whatever the pass cannot follow makes every
 * later state unknown: a {@code cd} in a compound command, a brace group, a function or an
 * {@code eval} (a subshell's, a command substitution's or a nested shell's moves no outer state),
 * {@code source}, an assignment to OLDPWD or a computed name, {@code set -o physical}, zsh's
 * auto_pushd. A value is used only when every state's is known; {@code ~-} and {@code $OLDPWD}
 * are read in top-level commands and the commands they launch, whose words the outer shell
 * expands, and in the lists of compound bodies and unexpanded payloads ({@link #bodies}).
 */
public final class PreviousDirs {

    private PreviousDirs() {
    }

    /** One state of the shell: where it is, where it was, and what pushd pushed (last is the top). */
    record State(String cwd, String old, List<String> stack) {

        // Written out: a record's generated equals and hashCode link through an invokedynamic
        // bootstrap at first call, which the AOT cache does not keep (~3 ms of CPU per cold
        // check). Same meaning and same hash values as the generated ones.

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof State s && java.util.Objects.equals(cwd, s.cwd)
                    && java.util.Objects.equals(old, s.old) && java.util.Objects.equals(stack, s.stack);
        }

        @Override
        public int hashCode() {
            int h = java.util.Objects.hashCode(cwd);
            h = h * 31 + java.util.Objects.hashCode(old);
            return h * 31 + java.util.Objects.hashCode(stack);
        }
    }

    private static final String UNKNOWN = WorkingDirs.UNKNOWN;

    private static final State LOST = new State(UNKNOWN, UNKNOWN, List.of());

    /** What the pass found: OLDPWD's values by segment id, and where a going-back cd leads, by segment id. */
    private record Pass(Map<Integer, Set<String>> olds, Map<Integer, Set<String>> moves) {
    }

    /** Provenances of commands that run in a child process or subshell: their cds move no outer state. */
    private static final Set<Provenance> OWN_SHELL = java.util.EnumSet.of(Provenance.SUBSHELL, Provenance.COMMAND_SUBSTITUTION,
            Provenance.BACKTICK, Provenance.PROCESS_SUBSTITUTION, Provenance.SHELL_PAYLOAD);

    /** Builtins that assign a variable whose name may be computed from their words. */
    private static final Set<String> ASSIGNING = Set.of("read", "printf", "declare", "typeset", "local", "export", "readonly",
            "mapfile", "readarray", "unset", "getopts", "let", "source", ".", "eval", "builtin", "enable");

    /** A plain reference to OLDPWD: {@code $OLDPWD} or {@code ${OLDPWD}}. */
    private static final Pattern REFERENCE = Pattern.compile("\\$OLDPWD(?![A-Za-z0-9_])|\\$\\{OLDPWD\\}");

    /** Characters a previous directory's value may hold that field splitting or globbing act on. */
    private static final Pattern SPLIT_OR_GLOB = Pattern.compile("[\\s*?\\[\\]{}]");

    /** zsh's and bash's directory stack operands: {@code +N}, {@code -N}. */
    private static final Pattern STACK_OPERAND = Pattern.compile("[-+][0-9]+");

    /**
     * Where each top-level {@code cd -}, {@code cd ~-}, {@code cd "$OLDPWD"}, {@code cd +N} and
     * {@code popd} leads, by segment id ({@link WorkingDirs#UNKNOWN} among them when not known);
     * for {@link WorkingDirs}, which reads every other cd itself.
     */
    static Map<Integer, Set<String>> moves(List<Segment> segments, String start, List<String> homes, boolean searched,
            boolean autocd, Once once) {
        return once.pass(segments, start, homes, searched, autocd).moves();
    }

    /**
     * The pass over one text, run at most once for both its readers ({@link WorkingDirs}'s
     * {@link #moves} and {@link #resolved}): each asks with the same text, start and homes.
     */
    static final class Once {
        private Pass pass;

        private Pass pass(List<Segment> segments, String start, List<String> homes, boolean searched, boolean autocd) {
            if (pass == null) {
                pass = PreviousDirs.pass(segments, start, homes, searched, autocd);
            }
            return pass;
        }
    }

    /**
     * The segments of a bash text whose words name the previous directory, each with a copy of
     * those words naming its known value (by segment id; a segment not in the map is judged as
     * written): {@code rm -rf ~-} after {@code cd ~ && cd /tmp} is judged as {@code rm -rf /home/dev}.
     */
    static Map<Integer, Segment> resolved(List<Segment> segments, Ctx ctx, Once once) {
        if ("powershell".equals(ctx.getShell()) || ctx.cwdOrProject().isEmpty()
                || segments.stream().noneMatch(s -> mentions(s))) {
            return Map.of();
        }
        Pass p = once.pass(segments, ctx.cwdOrProject(), WorkingDirs.homes(segments, ctx.home()),
                segments.stream().anyMatch(WorkingDirs::setsCdSearch), segments.stream().anyMatch(WorkingDirs::setsAutoCd));
        Map<Integer, Segment> out = new HashMap<>();
        for (Segment s : segments) {
            Set<String> olds = p.olds().get(s.id());
            if (olds == null || olds.isEmpty() || olds.equals(Set.of(UNKNOWN))) {
                continue;
            }
            Segment r = substitute(s, List.copyOf(olds));
            if (r != s) {
                out.put(s.id(), r);
            }
        }
        return out;
    }

    /** True when some word of {@code s} may name the previous directory. */
    private static boolean mentions(Segment s) {
        return s.argv().stream().anyMatch(w -> w.text().startsWith("~-") || w.text().contains("OLDPWD"))
                || s.redirects().stream().anyMatch(r -> r.target().text().startsWith("~-") || r.target().text().contains("OLDPWD"));
    }

    /** Commands whose operands all play one part, so one word may stand for several paths. */
    private static final Set<String> SAME_PART = Set.of("rm", "rmdir", "shred", "ls", "du", "cat", "touch", "mkdir", "stat",
            "file", "wc", "head", "tail", "chmod", "chown", "chgrp");

    /**
     * {@code s} with its previous-directory words naming {@code olds}; {@code s} itself when nothing
     * changed. Where OLDPWD may have several values (a {@code cd} before it may fail), a command
     * whose operands all play one part ({@code rm}) gets one word per value, and the word as
     * written beside them when one value is not known ({@link WorkingDirs#UNKNOWN}): every reading
     * is judged, the opaque one too. Any other command keeps the word as written unless the value
     * is one and known.
     */
    private static Segment substitute(Segment s, List<String> olds) {
        boolean unknown = olds.contains(UNKNOWN);
        List<String> known = olds.stream().filter(o -> !o.equals(UNKNOWN)).toList();
        boolean several = olds.size() > 1;
        boolean samePart = !s.argv().isEmpty() && s.argv().get(0).literal() && SAME_PART.contains(s.argv().get(0).text());
        List<Word> argv = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < s.argv().size(); i++) {
            Word w = s.argv().get(i);
            List<Word> values = i == 0 ? null : values(w, known);
            if (values == null || several && !samePart) {
                argv.add(w); // one word, several paths: as written (opaque)
            } else {
                argv.addAll(values);
                if (unknown) {
                    argv.add(w);
                }
                changed = true;
            }
        }
        List<Redirect> redirects = new ArrayList<>();
        for (Redirect r : s.redirects()) {
            List<Word> values = values(r.target(), olds);
            if (values != null && !several) {
                redirects.add(new Redirect(r.op(), r.fd(), values.get(0)));
                changed = true;
            } else {
                redirects.add(r);
            }
        }
        if (!changed) {
            return s;
        }
        return new Segment(s.id(), s.parent(), s.depth(), s.provenance(), s.wrappers(), argv, s.assignments(), redirects,
                s.heredocs(), s.position(), s.opaqueReasons());
    }

    /** The words {@code w} stands for, one per previous directory; null when it does not name it. */
    private static List<Word> values(Word w, List<String> olds) {
        String t = w.text();
        boolean tilde = w.has(WordFeature.TILDE) && !w.has(WordFeature.LITERAL_TILDE) && w.raw().startsWith("~-")
                && (t.equals("~-") || t.startsWith("~-/"));
        boolean reference = !tilde && !w.literal() && REFERENCE.matcher(t).find();
        if (!tilde && !reference) {
            return null;
        }
        if (olds.stream().anyMatch(o -> SPLIT_OR_GLOB.matcher(o).find())) {
            // `cd 'x /home/dev' && cd .. && rm -rf $OLDPWD`: an unquoted value splits into fields and
            // globs; such a value is never put in as one word (the word stays as written: opaque)
            return null;
        }
        List<Word> out = new ArrayList<>();
        for (String old : olds) {
            Set<WordFeature> features = new java.util.HashSet<>(w.features());
            String text;
            boolean literal;
            if (tilde) {
                text = old + t.substring(2);
                features.remove(WordFeature.TILDE);
                literal = w.literal();
            } else {
                text = REFERENCE.matcher(t).replaceAll(java.util.regex.Matcher.quoteReplacement(old));
                literal = text.indexOf('$') < 0 && text.indexOf('`') < 0 && !w.has(WordFeature.COMMAND_SUBSTITUTION)
                        && !w.has(WordFeature.ARITHMETIC) && !w.has(WordFeature.PROCESS_SUBSTITUTION);
                if (literal) {
                    features.remove(WordFeature.PARAMETER);
                }
            }
            out.add(new Word(text, text, literal, features));
        }
        return out;
    }

    /** True when {@code s} may change OLDPWD or the directory stack in a way the pass does not follow. */
    private static boolean loses(Segment s) {
        if (WorkingDirs.assignsPwd(s) || WorkingDirs.namesReference(s)) {
            // PWD="$X": the next cd may take OLDPWD from it; `declare -n r; r=$N; r[1]=/`: a
            // nameref may reach OLDPWD or DIRSTACK under a name the text computes
            return true;
        }
        List<Word> words = new ArrayList<>(s.assignments());
        words.addAll(s.argv());
        for (Word w : words) {
            // a plain $OLDPWD reads it; any other mention (OLDPWD=, ${OLDPWD:=…}, export OLDPWD) may set it
            if (REFERENCE.matcher(w.text()).replaceAll("").contains("OLDPWD") || w.text().contains("DIRSTACK") || w.text().contains("dirstack")) {
                return true;
            }
        }
        if (s.argv().isEmpty()) {
            return false;
        }
        String name = s.argv().get(0).text();
        if (!s.argv().get(0).literal() || name.equals("source") || name.equals(".") || name.equals("eval")
                || ASSIGNING.contains(name) && s.argv().stream().anyMatch(w -> !w.literal())) {
            return true;
        }
        boolean physical = name.equals("set") && s.argv().stream().skip(1)
                .anyMatch(w -> w.text().equals("physical") || w.text().matches("[-+][A-Za-z]*P[A-Za-z]*"));
        boolean pushes = name.equals("setopt") && s.argv().stream().skip(1)
                .anyMatch(w -> w.text().replace("_", "").toLowerCase(java.util.Locale.ROOT).contains("pushd"));
        // `dirs -c` clears the stack, `dirs +N`… only prints; any operand is not followed
        return physical || pushes || name.equals("dirs") && s.argv().size() > 1;
    }

    private static boolean isCd(Segment s, boolean autocd) {
        return WorkingDirs.isCd(s, autocd) && !WorkingDirs.assignsPwd(s);
    }

    private static Pass pass(List<Segment> segments, String start, List<String> homes, boolean searched, boolean autocd) {
        Pass top = pass(segments, segments, new State(start, UNKNOWN, List.of()), s -> s.parent() < 0 && s.provenance() == Provenance.TOP,
                s -> s.parent() < 0, List.of(), homes, searched, autocd);
        bodies(segments, top.olds(), top.moves(), homes, searched, autocd);
        return top;
    }

    /**
     * Provenances of a compound command's body at the text's own level ({@code { …; }},
     * {@code ( … )}, {@code if}, {@code for}, {@code case}, a function's body): the shell that
     * runs the body expands its words once, as it runs each command.
     */
    private static final Set<Provenance> BODY = java.util.EnumSet.of(Provenance.BRACE_GROUP, Provenance.COMPOUND,
            Provenance.SUBSHELL, Provenance.FUNCTION_BODY);

    /**
     * True when {@code s} goes back on the directory stack or to the previous directory
     * ({@code popd}, {@code cd -}, {@code pushd +1}, {@code cd ~-}): a body's list is then followed
     * for where it goes ({@code sh -c 'pushd ~ && pushd -n /etc && popd && rm -rf ssh'}), as the
     * top-level list is.
     */
    private static boolean goesBack(Segment s, boolean autocd) {
        if (!isCd(s, autocd) || s.argv().isEmpty()) {
            return false;
        }
        return s.argv().get(0).text().equals("popd") || s.argv().stream().skip(1)
                .anyMatch(w -> w.text().equals("-") || w.text().startsWith("~-") || STACK_OPERAND.matcher(w.text()).matches());
    }

    /**
     * True when {@code s} and every segment it is nested in stand at the text's own level (no
     * payload a launcher hands on), a local shell's unexpanded payload and a command a
     * transparent wrapper starts ({@link #transparentStep}: {@code env bash -c '…'}) included.
     */
    private static boolean ownLevel(Segment s, List<Segment> segments) {
        for (Segment a = s; ; a = segments.get(a.parent())) {
            if (a.provenance() != Provenance.TOP && !BODY.contains(a.provenance())
                    && !(PAYLOAD.contains(a.provenance()) && unexpanded(a, segments)) && !transparentStep(a, segments)) {
                return false;
            }
            if (a.parent() < 0 || a.parent() >= segments.size()) {
                return true;
            }
        }
    }

    /**
     * Wrappers that start their command on this machine, as a command of its own whose words
     * they pass on as written ({@code env}, {@code nice}, {@code timeout 5}, {@code /usr/bin/env}).
     */
    private static final Set<String> TRANSPARENT = Set.of("env", "nice", "nohup", "timeout", "stdbuf", "ionice", "setsid",
            "time", "command", "builtin", "exec", "chrt", "taskset", "sudo", "doas");

    /**
     * True when {@code a} is a command a transparent wrapper started ({@link Provenance#WRAPPED}):
     * the wrapper's words are all literal, its name is one of {@link #TRANSPARENT} and {@code a}'s
     * words are the wrapper's last words as written (`env bash -c '…'`, `timeout 5 bash -c '…'`).
     * WHY: a local shell's payload under such a wrapper is the same text run by the same kind of
     * shell; its payload's values are judged beside the word as written ({@link #bodies}), so
     * following it only adds readings.
     */
    private static boolean transparentStep(Segment a, List<Segment> segments) {
        if (a.provenance() != Provenance.WRAPPED || a.parent() < 0 || a.parent() >= segments.size()) {
            return false;
        }
        Segment w = segments.get(a.parent());
        if (w.argv().isEmpty() || !w.argv().stream().allMatch(Word::literal)) {
            return false;
        }
        String name = w.argv().get(0).text();
        return TRANSPARENT.contains(name.substring(name.lastIndexOf('/') + 1)) && isTail(w.argv(), a.argv());
    }

    /**
     * Provenances of a payload a local shell runs as its own text ({@code bash -c '…'},
     * {@code sh -c "…"}, {@code eval '…'}, {@code bash <<< '…'}, {@code echo '…' | bash}).
     */
    private static final Set<Provenance> PAYLOAD = java.util.EnumSet.of(Provenance.SHELL_PAYLOAD, Provenance.EVAL_PAYLOAD,
            Provenance.HEREDOC_SCRIPT);

    /** The shells (and eval) whose payload is followed: they run it on this machine, as this user. */
    private static final Set<String> LOCAL_SHELLS = Set.of("bash", "sh", "dash", "ksh", "mksh", "zsh", "eval");

    /**
     * True when payload segment {@code p} is a local shell's text that the outer shell expanded
     * nowhere: the launcher (its parent) is a shell or eval, and every word of it, every
     * here-string and heredoc it reads and every word of the stages piped into it is literal
     * ({@code bash -c '… ~-'}, {@code sh -c "cd ~ && … ~-"}, {@code echo '…' | bash}). WHY: where
     * the outer shell expanded {@code $OLDPWD} ({@code sh -c "… $OLDPWD"}) the value is the
     * outer shell's, which is not known; the payload's own {@code ~-} and {@code $OLDPWD} are
     * the inner shell's, followed from a state not known as a compound body's are.
     */
    private static boolean unexpanded(Segment p, List<Segment> segments) {
        if (p.parent() < 0 || p.parent() >= segments.size()) {
            return false;
        }
        Segment l = segments.get(p.parent());
        if (l.argv().isEmpty() || !l.argv().stream().allMatch(Word::literal)) {
            return false;
        }
        String name = l.argv().get(0).text();
        if (!LOCAL_SHELLS.contains(name.substring(name.lastIndexOf('/') + 1))
                || !l.redirects().stream().allMatch(r -> r.target().literal())
                || !l.heredocs().stream().allMatch(dev.shellwarden.grammar.Heredoc::quoted)) {
            return false;
        }
        // `echo '…' | bash`: the stages before the launcher in its pipeline
        for (Segment o : segments) {
            if (o.parent() == l.parent() && o.position().list() == l.position().list() && o.position().item() == l.position().item()
                    && o.position().stage() < l.position().stage() && !o.argv().stream().allMatch(Word::literal)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when {@code s} is a command of the payload whose list the pass follows ({@code base}
     * not empty): the splitter gives a payload's nested bodies and subshells the payload's own
     * provenance, so a cd there may move the shell followed (fail closed).
     */
    private static boolean sameShell(Segment s, List<String> base, List<Segment> range) {
        return !base.isEmpty() && PAYLOAD.contains(s.provenance()) && s.parent() == range.get(0).parent();
    }

    /** The wrappers every command of {@code first}'s list carries from its launchers: a payload's launcher's, else none. */
    private static List<String> base(Segment first, List<Segment> segments) {
        if (!PAYLOAD.contains(first.provenance()) || first.parent() < 0 || first.parent() >= segments.size()) {
            return List.of();
        }
        // the launcher's own wrappers and the entry the launcher added (`bash`, `eval`); else none
        // (fail closed: a cd with wrappers left is not followed)
        List<String> outer = segments.get(first.parent()).wrappers();
        List<String> w = first.wrappers();
        return w.size() > outer.size() && w.subList(0, outer.size()).equals(outer) ? List.copyOf(w.subList(0, outer.size() + 1))
                : List.of();
    }

    /**
     * OLDPWD inside each list of a compound command's body ({@code { cd ~ && cd /tmp && rm -rf ~-; }},
     * {@code if true; then …; fi}, {@code for _ in 1; do …; done}, {@code ( … )}, a function's body),
     * followed as the top-level list is, from a state not known (where the body starts, what it
     * was, what pushd pushed: a loop's second run or a function's call starts wherever the last
     * left it); put in {@code olds} for the segments the top-level pass left out. The lists of a
     * local shell's payload too ({@code bash -c '…'}, {@code sh -c "…"}, {@code eval '…'},
     * {@code bash <<< '…'}, {@code echo '…' | bash}), when the outer shell expanded nothing of its
     * text ({@link #unexpanded}: where it expanded {@code $OLDPWD} the value is the outer
     * shell's), each value judged beside the word as written, so that a payload only adds
     * readings. FAIL CLOSED: a list is told by its number ({@link Position#list}); a nested
     * compound command in it makes its status either and its cds lose the state, as at top level
     * (in a payload, a cd anywhere else in the payload's text does: see {@link #sameShell}).
     */
    private static void bodies(List<Segment> segments, Map<Integer, Set<String>> olds, Map<Integer, Set<String>> moves,
            List<String> homes, boolean searched,
            boolean autocd) {
        Map<List<Integer>, List<Segment>> lists = new java.util.LinkedHashMap<>();
        for (Segment s : segments) {
            if ((BODY.contains(s.provenance()) || PAYLOAD.contains(s.provenance())) && s.position().list() > 0
                    && !olds.containsKey(s.id()) && ownLevel(s, segments)) {
                lists.computeIfAbsent(List.of(s.parent(), s.depth(), s.position().list(), s.provenance().ordinal()),
                        k -> new ArrayList<>()).add(s);
            }
        }
        for (List<Segment> body : lists.values()) {
            int from = body.get(0).id();
            int to = body.get(body.size() - 1).id();
            if (segments.subList(from, segments.size()).stream().noneMatch(PreviousDirs::mentions)
                    && body.stream().noneMatch(b -> goesBack(b, autocd))) {
                continue;
            }
            Set<Integer> members = new java.util.HashSet<>();
            body.forEach(b -> members.add(b.id()));
            // the segments after the body's last command that it launched (`sudo rm -rf ~-`)
            int end = to + 1;
            while (end < segments.size() && within(segments.get(end), members, segments)) {
                end++;
            }
            Pass p = pass(segments.subList(from, end), segments, new State(UNKNOWN, UNKNOWN, List.of()),
                    s -> members.contains(s.id()), s -> !within(s, members, segments), base(body.get(0), segments), homes,
                    searched, autocd);
            if (PAYLOAD.contains(body.get(0).provenance())) {
                // a payload's value is judged beside the word as written (a value not known among
                // them): following a payload only adds readings, it never spares one
                p.olds().forEach((id, v) -> {
                    Set<String> both = new LinkedHashSet<>(v);
                    both.add(UNKNOWN);
                    olds.putIfAbsent(id, both);
                });
                p.moves().forEach((id, v) -> {
                    Set<String> both = new LinkedHashSet<>(v);
                    both.add(UNKNOWN);
                    moves.putIfAbsent(id, both);
                });
            } else {
                p.olds().forEach(olds::putIfAbsent);
                p.moves().forEach(moves::putIfAbsent);
            }
        }
    }

    /** True when {@code s} is nested in (or launched by) one of {@code members}. */
    private static boolean within(Segment s, Set<Integer> members, List<Segment> segments) {
        for (int a = s.parent(); a >= 0 && a < segments.size(); a = segments.get(a).parent()) {
            if (members.contains(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pass over {@code range} (a slice of {@code all}, whose ids index {@code all}): {@code top}
     * tells the commands of the list followed, {@code compound} the other commands that stand for
     * a compound command in it (its status may be either).
     */
    private static Pass pass(List<Segment> range, List<Segment> segments, State start, java.util.function.Predicate<Segment> member,
            java.util.function.Predicate<Segment> compound, List<String> base, List<String> homes, boolean searched,
            boolean autocd) {
        Map<Integer, Set<String>> olds = new HashMap<>();
        Map<Integer, Set<String>> moves = new HashMap<>();
        ListStates<State> list = new ListStates<>(Set.of());
        Set<State> run = new LinkedHashSet<>(List.of(start));
        boolean lost = false;
        int lastItem = -1;
        for (Segment s : range) {
            boolean top = member.test(s);
            Position p = s.position();
            if (!top) {
                if (s.parent() >= 0 && olds.containsKey(s.parent()) && s.parent() < segments.size()
                        && (s.provenance() == Provenance.WRAPPED || s.provenance() == Provenance.XARGS)
                        && isTail(segments.get(s.parent()).argv(), s.argv())) {
                    olds.put(s.id(), olds.get(s.parent())); // the outer shell expanded the launched command's words
                }
                if (isCd(s, autocd) && (!OWN_SHELL.contains(s.provenance()) || sameShell(s, base, range)) || loses(s)) {
                    lost = true;
                }
                if (compound.test(s)) {
                    // a compound command of the list: its status may be either
                    list.either();
                }
                continue;
            }
            if (p.item() == lastItem) {
                // a later stage of a pipeline: a subshell of its own, in the pipeline's state
                olds.put(s.id(), oldsOf(run, lost));
                // bash's lastpipe and zsh run the last stage in the shell itself: `true | cd ~` may move it
                if (loses(s) || isCd(s, autocd) && (!OWN_SHELL.contains(s.provenance()) || sameShell(s, base, range))) {
                    lost = true;
                }
                continue;
            }
            if (lastItem >= 0) {
                run = list.next(p.opBefore()); // the first pipeline runs as set
            }
            if (lost || run.isEmpty()) {
                run = new LinkedHashSet<>(List.of(LOST));
            }
            lastItem = p.item();
            olds.put(s.id(), oldsOf(run, lost));
            if (loses(s)) {
                lost = true;
            }
            if (isCd(s, autocd) && p.stages() == 1) {
                Set<String> back = new LinkedHashSet<>();
                Set<State> succeeded = new LinkedHashSet<>();
                boolean going = false;
                for (State st : run) {
                    Move m = move(s, st, base, homes, searched);
                    going |= m.back();
                    for (State next : m.states()) {
                        succeeded.add(next);
                        back.add(next.cwd());
                    }
                    if (p.background()) {
                        succeeded.add(st); // the list runs in a subshell: the shell itself stays
                    }
                }
                list.ran(run, succeeded, p.negated());
                if (going) {
                    moves.put(s.id(), back);
                }
            } else if (!ListStates.exits(s, segments)) {
                list.ran(run, run);
            }
        }
        return new Pass(olds, moves);
    }

    /**
     * True when {@code child}'s words are the last words of {@code parent}'s, as the outer shell
     * expanded them ({@code sudo rm -rf ~-}); not a line a launcher hands to another shell
     * ({@code ssh host 'rm -rf ~-'}), where {@code ~-} is that shell's.
     */
    private static boolean isTail(List<Word> parent, List<Word> child) {
        if (child.isEmpty() || child.size() >= parent.size()) {
            return false;
        }
        List<Word> tail = parent.subList(parent.size() - child.size(), parent.size());
        for (int i = 0; i < child.size(); i++) {
            if (!tail.get(i).raw().equals(child.get(i).raw())) {
                return false;
            }
        }
        return true;
    }

    /** The values of OLDPWD in {@code run}: UNKNOWN among them when one is not known. */
    private static Set<String> oldsOf(Set<State> run, boolean lost) {
        Set<String> out = new LinkedHashSet<>();
        if (lost) {
            out.add(UNKNOWN);
            return out;
        }
        for (State st : run) {
            out.add(st.old());
        }
        return out;
    }

    /** Where a cd takes one state when it succeeds, and whether it is a going-back cd {@link WorkingDirs} leaves to this pass. */
    private record Move(List<State> states, boolean back) {
    }

    private static final Set<String> BASH_CD = Set.of("cd", "chdir", "pushd", "popd");

    /**
     * The wrappers of a command under the {@code time} keyword at the text's own level: the
     * grammar records the keyword as a wrapper of the same segment (an external {@code time}
     * program launches a child segment of its own, whose cd moves no shell).
     */
    private static final List<String> TIMED = List.of("time");

    private static Move move(Segment s, State st, List<String> base, List<String> homes, boolean searched) {
        List<Word> argv = s.argv();
        String verb = argv.get(0).text();
        // a payload's commands carry their launcher's wrappers (`bash -c '…'`: bash): the shell's own
        List<String> wrappers = s.wrappers().size() >= base.size() && s.wrappers().subList(0, base.size()).equals(base)
                ? s.wrappers().subList(base.size(), s.wrappers().size()) : s.wrappers();
        if (!BASH_CD.contains(verb) || !wrappers.isEmpty() && !wrappers.equals(TIMED)) {
            // zsh's AUTO_CD, PowerShell's and cmd's location commands: not followed here; the
            // `time` keyword (`time cd ~`) times a command the shell itself runs
            return new Move(List.of(LOST), false);
        }
        WorkingDirs.CdWords cd = WorkingDirs.CdWords.of(argv);
        List<Word> operands = cd.operands();
        boolean physical = cd.physical();
        boolean stackOp = verb.equals("popd") || verb.equals("pushd");
        if (stackOp && operands.stream().anyMatch(o -> o.text().startsWith("-") || o.text().startsWith("+"))) {
            // `popd -n`, `pushd -n DIR`, `popd +1`, `pushd +1`: the stack edited, maybe without a cd
            State next = physical ? null : DirStack.edit(verb, operands, st, homes);
            State lost = new State(UNKNOWN, UNKNOWN, List.of());
            if (next != null && operands.stream().anyMatch(o -> STACK_OPERAND.matcher(o.text()).matches())) {
                // zsh's PUSHD_MINUS (oh-my-zsh sets it; the checker never knows the shell's options)
                // swaps +N and -N, and -N counts from a bottom the text does not tell: bash's reading
                // or a place not known
                return new Move(List.of(next, lost), true);
            }
            return new Move(List.of(next == null ? lost : next), true);
        }
        if (!operands.isEmpty() && operands.get(0).text().isEmpty()) {
            // `cd ''`: the shells differ (an error, a no-op, a cd to `.`): OLDPWD is not followed
            return new Move(List.of(new State(st.cwd(), UNKNOWN, st.stack())), true);
        }
        if (verb.equals("popd")) {
            if (!operands.isEmpty() || st.stack().isEmpty()) {
                return new Move(List.of(new State(UNKNOWN, st.cwd(), List.of())), true);
            }
            List<String> rest = st.stack().subList(0, st.stack().size() - 1);
            String to = DirStack.entry(st.stack().get(st.stack().size() - 1), st.cwd(), homes);
            return new Move(List.of(new State(to, st.cwd(), List.copyOf(rest))), true);
        }
        boolean pushd = verb.equals("pushd");
        if (operands.size() > 1 || pushd && operands.isEmpty()) {
            return new Move(List.of(new State(UNKNOWN, st.cwd(), List.of())), true);
        }
        List<String> stack = st.stack();
        if (pushd) {
            List<String> more = new ArrayList<>(stack);
            more.add(st.cwd());
            stack = List.copyOf(more);
        } else {
            // zsh's AUTO_PUSHD (oh-my-zsh sets it; the checker never knows the shell's options)
            // makes a cd push where it was: the entries above the known ones are not known
            stack = List.of();
        }
        Word w = operands.isEmpty() ? null : operands.get(0);
        String arg = w == null ? null : w.text();
        boolean back = arg != null && (arg.equals("-") || STACK_OPERAND.matcher(arg).matches() || arg.startsWith("~-")
                || values(w, List.of("/")) != null || DirStack.named(w) != null);
        Set<String> dests = new LinkedHashSet<>();
        if (!back) {
            dests.addAll(WorkingDirs.targetsFrom(s, st.cwd(), homes, searched));
        } else if (DirStack.named(w) != null) {
            // `cd ~1`, `pushd ~+2/src`: the stack entry the tilde names (cwd is ~0); under zsh's
            // PUSHD_MINUS `~N` counts from the bottom the text does not tell, so a place not known too
            dests.add(physical ? UNKNOWN : DirStack.named(w, st, homes));
            dests.add(UNKNOWN);
        } else if (arg.equals("-")) {
            dests.add(st.old());
        } else {
            List<Word> v = STACK_OPERAND.matcher(arg).matches() || st.old().equals(UNKNOWN) ? null : values(w, List.of(st.old()));
            dests.add(v == null || !v.get(0).literal() ? UNKNOWN : PathFacts.resolve(v.get(0).text(), "/", homes.get(0)));
        }
        List<State> out = new ArrayList<>();
        for (String d : dests) {
            // `cd -P DIR` is read by WorkingDirs (a symlink's target is not known); `cd -P -` here
            out.add(new State(physical && back ? UNKNOWN : d, st.cwd(), stack));
        }
        return new Move(out, back);
    }

}
