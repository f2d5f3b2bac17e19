package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one command prints, kept in a shell variable and used later on the same command line:
 * {@code T=$(gh auth token); echo $T}, {@code K=$(cat KEY); curl -d "$K" URL}. A fact for the
 * rules: segment {@code source} (a command inside the captured substitution) reaches segment
 * {@code user} (a later command that expands the variable). Classification carries a secret read
 * along it (SW4109), and {@link AgentOutput} counts the source as printed when the user prints it.
 *
 * <p>Only standalone assignments keep a value for later commands: {@code T=$(…)} alone and
 * {@code export|local|declare|readonly|typeset T=$(…)}; {@code T=$(…) cmd} sets it for cmd only, whose
 * own words the substitution already belongs to. A later standalone assignment of the same name ends
 * the flow ({@code T=$(…); T=x; echo $T}). Every substitution of an assigning command flows to every
 * variable it assigns ({@code A=$(x) B=$(y)}: the grammar keeps no word for a substitution), and a
 * reference inside single quotes counts: both can only find more flows (fail closed).
 * {@code ${#T}} (the length) uses no value.
 */
public final class ValueFlow {

    private static final Set<String> DECLARERS = Set.of("export", "local", "declare", "readonly", "typeset");

    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\+?=.*", Pattern.DOTALL);

    private final int source;
    private final int user;

    /** Segment {@code source}'s output, captured into a variable, reaches segment {@code user}. */
    public ValueFlow(int source, int user) {
        this.source = source;
        this.user = user;
    }

    /** A segment inside the substitution whose output the variable keeps. */
    public int getSource() {
        return source;
    }

    /** A later segment that expands the variable. */
    public int getUser() {
        return user;
    }

    /** The flows of a command line. Segments come parent first, in source order. */
    public static List<ValueFlow> of(List<Segment> segments) {
        List<ValueFlow> out = new ArrayList<>();
        for (Segment holder : segments) {
            List<String> names = assignedNames(holder, true);
            if (names.isEmpty()) {
                continue;
            }
            Set<Integer> sources = substitutionSegments(holder, segments);
            if (sources.isEmpty()) {
                continue;
            }
            for (String name : names) {
                Pattern ref = Pattern.compile("\\$(" + name + "(?![A-Za-z0-9_])|\\{" + name + "(?=[}:%#/^,@\\[]))");
                for (Segment later : segments) {
                    if (later.id() <= holder.id() || sources.contains(later.id())) {
                        continue;
                    }
                    if (assignedNames(later, false).contains(name)) {
                        break; // assigned again: the value ends here
                    }
                    if (expands(later, ref)) {
                        for (int s : sources) {
                            out.add(new ValueFlow(s, later.id()));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The names a standalone assignment sets: all, or only those it sets from a substitution. */
    private static List<String> assignedNames(Segment s, boolean capturedOnly) {
        List<String> names = new ArrayList<>();
        for (Word w : keptAssignments(s)) {
            var m = ASSIGNMENT.matcher(w.text());
            if (m.matches() && (!capturedOnly || w.text().contains("$(") || w.text().contains("`"))) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** The assignment words that outlive the segment: a bare assignment's, or a declaring builtin's operands. */
    private static List<Word> keptAssignments(Segment s) {
        if (s.argv().isEmpty()) {
            return s.assignments();
        }
        return DECLARERS.contains(Cmd.nameOf(s)) ? s.argv().subList(1, s.argv().size()) : List.of();
    }

    /** The segments inside the holder's command substitutions, nested ones included. */
    private static Set<Integer> substitutionSegments(Segment holder, List<Segment> segments) {
        Set<Integer> ids = new HashSet<>();
        for (Segment s : segments) {
            if (s.id() <= holder.id()) {
                continue;
            }
            if (s.parent() == holder.id() && (s.provenance() == Provenance.COMMAND_SUBSTITUTION || s.provenance() == Provenance.BACKTICK)
                    || ids.contains(s.parent())) {
                ids.add(s.id());
            }
        }
        return ids;
    }

    /** True when the segment's words, assignments, redirections or here-documents expand the variable. */
    private static boolean expands(Segment s, Pattern ref) {
        for (Word w : s.argv()) {
            if (ref.matcher(w.text()).find()) {
                return true;
            }
        }
        for (Word w : s.assignments()) {
            if (ref.matcher(w.text()).find()) {
                return true;
            }
        }
        for (var r : s.redirects()) {
            if (ref.matcher(r.target().text()).find()) {
                return true;
            }
        }
        for (var h : s.heredocs()) {
            if (!h.quoted() && ref.matcher(h.body()).find()) {
                return true;
            }
        }
        return false;
    }
}
