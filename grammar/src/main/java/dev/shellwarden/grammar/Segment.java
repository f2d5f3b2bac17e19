package dev.shellwarden.grammar;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One simple command found in a text: the only thing the engine sees of the shell.
 *
 * <p>A segment is <em>static</em> when {@link #opaqueReasons()} is empty: its command name and
 * every word that decides its effect are literal. Otherwise it is <em>opaque</em> and must never
 * be allowed on its words alone.
 *
 * @param id            position of the segment in the split result, from 0
 * @param parent        id of the segment this one was nested in or unwrapped from, or -1
 * @param depth         nesting depth: 0 at top level, +1 per substitution, payload or wrapper
 * @param provenance    where it was found
 * @param wrappers      the wrapper commands unwrapped to reach this one, outermost first
 *                      ({@code sudo}, {@code env}, {@code bash -c}…), as their command names
 * @param argv          the command name and its arguments; empty for a bare assignment or
 *                      redirection
 * @param assignments   {@code NAME=value} prefixes, as words whose text is {@code NAME=value}
 * @param redirects     redirections in source order
 * @param heredocs      heredocs and here-strings feeding the command's standard input
 * @param position      where the segment stands in its list and pipeline
 * @param opaqueReasons why the segment is opaque; empty when static
 */
public record Segment(
        int id,
        int parent,
        int depth,
        Provenance provenance,
        List<String> wrappers,
        List<Word> argv,
        List<Word> assignments,
        List<Redirect> redirects,
        List<Heredoc> heredocs,
        Position position,
        Set<OpaqueReason> opaqueReasons) {

    /**
     * The pseudo-wrapper on every command of a loop that never ends by itself (bash
     * {@code while true}, {@code until false}, {@code for ((;;))}; PowerShell {@code while ($true)},
     * {@code for (;;)}, {@code do … while ($true)}) with nothing in it that leaves the loop; like
     * {@code time} for the keyword. The slow rules deny it in the foreground.
     */
    public static final String ENDLESS_LOOP = "while";

    /**
     * The pseudo-wrapper prefix on every command of a loop whose variable surely holds in-project
     * relative paths ({@link ProjectLoops}): {@code in-project-loop:NAME=KIND:SAMPLE}, one per value source.
     */
    public static final String PROJECT_LOOP = "in-project-loop:";

    /**
     * The pseudo-wrapper prefix on every command of a {@code for} loop whose list holds an unquoted
     * command substitution ({@code for f in $(find .)}): {@code split-list-loop:NAME}. The values are
     * names split at blanks and newlines, so a planted name can make any path.
     */
    public static final String SPLIT_LOOP = "split-list-loop:";

    /** Freezes the collections. */
    public Segment {
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(position, "position");
        wrappers = List.copyOf(wrappers);
        argv = List.copyOf(argv);
        assignments = List.copyOf(assignments);
        redirects = List.copyOf(redirects);
        heredocs = List.copyOf(heredocs);
        opaqueReasons = Set.copyOf(opaqueReasons);
    }

    /** True when every deciding word is literal. */
    public boolean isStatic() {
        return opaqueReasons.isEmpty();
    }
}
