package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Segment;
import java.util.List;
import java.util.OptionalInt;

/**
 * Where a segment sits in the command it belongs to: what the {@link Cmd} fact knows beyond the
 * segment's own words, worked out by the engine over all the segments before any fact is built
 * (WHY one record: the facts are immutable once inserted, so everything the engine knows about a
 * segment's place has to arrive through the one constructor, and a record names each part).
 *
 * @param clientBackground the agent client itself runs the whole command in the background and
 *        keeps its output (Claude Code's {@code run_in_background}), or a launcher starts it
 *        detached ({@code docker run -d}), so the agent does not wait for it: the same as the
 *        command ending in {@code > file &}
 * @param cwds the directories the segment may run in after the command's own {@code cd}s
 *        ({@link WorkingDirs}); empty when it runs where the letter says
 * @param pipeParent the segment whose pipeline this command stands in: for a command a wrapper
 *        starts in its own place ({@code sudo curl … | tar xz}) the wrapper's; empty for the
 *        segment's own parent
 * @param launcher the outermost wrapper segment the command was unwrapped from through WRAPPED
 *        links ({@link Cmd#getLauncher}); empty for the segment itself
 * @param written the segment as the agent wrote it, when the fact judges a copy with other words
 *        ({@link ContainerPaths}: a container's paths as the host's); null, or the segment
 *        itself, when it judges the words as written
 * @param stdinFromWrapper a wrapper that starts this command in its own place has its standard
 *        input redirected ({@code sudo bash -s < setup.sh}, {@code ssh host 'bash -s' < cmds.sh}),
 *        so this command reads that input as well
 * @param outputToAgent what the command prints reaches the agent's transcript ({@link AgentOutput})
 * @param wholeWriter the one segment that wrote the whole text of the file this command runs, when
 *        the splitter split that text as this command's own segments ({@code SplitResult.wholeWrites});
 *        -1 otherwise
 * @param sourcesCode some segment of the whole command sources a file or runs a computed command
 *        name ({@code Cmd.sourcesCode}), so any command may be a function that file defines
 *        (a date stamp then prints anything, {@link DateStamps})
 */
public record Placement(boolean clientBackground, List<String> cwds, OptionalInt pipeParent, OptionalInt launcher, Segment written,
        boolean stdinFromWrapper, boolean outputToAgent, int wholeWriter, boolean sourcesCode) {

    /**
     * A placement whose command runs no file of wholly known written text, in a command whose
     * other segments are not known: any of them may source a file (fail closed).
     */
    public Placement(boolean clientBackground, List<String> cwds, OptionalInt pipeParent, OptionalInt launcher, Segment written,
            boolean stdinFromWrapper, boolean outputToAgent) {
        this(clientBackground, cwds, pipeParent, launcher, written, stdinFromWrapper, outputToAgent, -1, true);
    }

    /** Copies {@code cwds}, so that the record stays immutable. */
    public Placement {
        cwds = List.copyOf(cwds);
    }

    /**
     * A segment judged on its own, for callers that know nothing of its command (tests, a copy
     * judged for one fact): in the foreground, where the letter says, in its parent's pipeline,
     * launched by itself, its words as written, its own standard input only, and its output
     * reaching the agent (fail closed: the rules that spare output kept from the agent do not apply).
     */
    public static Placement alone() {
        return ALONE;
    }

    private static final Placement ALONE = new Placement(false, List.of(), OptionalInt.empty(), OptionalInt.empty(), null, false, true);

    /** The pipeline parent for segment {@code s}: the one given, or the segment's own parent. */
    int pipeParentOf(Segment s) {
        return pipeParent.orElse(s.parent());
    }

    /** The launcher for segment {@code s}: the one given, or the segment itself. */
    int launcherOf(Segment s) {
        return launcher.orElse(s.id());
    }
}
