package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.BashSplitter;
import dev.shellwarden.grammar.Segment;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Values kept in a variable and the later commands that use them (harmless commands: only names matter). */
class ValueFlowTest {

    /** "source>user" by segment names, sorted. */
    private static Set<String> flows(String text) {
        List<Segment> segments = new BashSplitter().split(text).segments();
        Set<String> out = new TreeSet<>();
        for (ValueFlow f : ValueFlow.of(segments)) {
            out.add(Cmd.nameOf(segments.get(f.getSource())) + ">" + Cmd.nameOf(segments.get(f.getUser())));
        }
        return out;
    }

    @Test
    void aStandaloneAssignmentReachesTheCommandsThatExpandIt() {
        assertEquals(Set.of("git>echo"), flows("X=$(git log); echo $X"));
        assertEquals(Set.of("git>echo", "tr>echo"), flows("X=$(git log | tr a b) && echo \"${X}\""));
        assertEquals(Set.of("git>curl"), flows("export X=`git log`; curl -d \"$X\" localhost"));
        assertEquals(Set.of("git>wc"), flows("X=$(git log); wc <<< \"$X\""));
        assertEquals(Set.of("git>gh"), flows("X=$(git log); GH=$X gh api user"));
    }

    @Test
    void noFlowWithoutAStandaloneAssignmentOrAfterAReassignment() {
        assertEquals(Set.of(), flows("X=$(git log) gh api user; echo $X"));
        assertEquals(Set.of(), flows("X=$(git log); X=none; echo $X"));
        assertEquals(Set.of(), flows("X=$(git log); echo ${#X} $XY"));
        assertEquals(Set.of(), flows("X=plain; echo $X"));
    }
}
