package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ListStatesTest {

    private static final String P = "/home/dev/project";

    /**
     * The states {@code x} runs in when the list is stepped as the walkers step it, with a state
     * that is the directory and a top-level single-stage {@code cd DIR} that succeeds into DIR:
     * every other command (a compound command, a subshell, a pipeline stage) is the caller's work,
     * which this driver leaves out (a compound command's status is either).
     */
    private static List<String> stepped(String text) {
        ListStates<String> list = new ListStates<>(Set.of("P"));
        Set<String> run = Set.of();
        Set<String> found = null;
        int lastItem = -1;
        List<Segment> letter = Splitter.forShell(Shell.BASH).split(text).segments();
        for (Segment s : letter) {
            boolean top = s.parent() < 0 && s.provenance() == Provenance.TOP;
            if (!top) {
                if (s.parent() < 0) {
                    list.either();
                }
                continue;
            }
            if (s.position().item() != lastItem) {
                lastItem = s.position().item();
                run = list.next(s.position().opBefore());
                boolean cd = s.argv().get(0).text().equals("cd") && s.position().stages() == 1;
                if (!ListStates.exits(s, letter)) {
                    list.ran(run, cd ? new LinkedHashSet<>(List.of(s.argv().get(1).text())) : run, s.position().negated());
                }
            }
            if (s.argv().get(0).text().equals("x")) {
                found = run;
            }
        }
        return found.stream().sorted().toList();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "cd a && x => a",
        "cd a || x => P",
        "cd a; x => P a",
        "false && cd a; x => P a",
        "false && cd a && x => a",
        "false || cd a || x => P",
        "cd a && cd b || x => P a",
        "cd a || cd b && x => a b",
        "cd a | x => P",
        "(cd a); x => P",
        "{ cd a; }; x => P",
        "cd a && { true; } && x => P a",
        "! cd a || x => a",
        "! cd a && x => P",
        "! cd a && true || x => P a",
        "! cd a; x => P a",
        "! cd a | true || x => P",
        "cd a || exit 1; x => a",
        "cd a || exit 1 & x => P a",
        "cd a || exit | true; x => P a",
        "exit() { :; }; cd a || exit; x => P a",
    })
    void theListSaysWhichStatesEachPipelineRunsIn(String text, String states) {
        assertEquals(List.of(states.split(" ")), stepped(text.strip()));
    }

    @Test
    void skippedStatesKeepTheirStatus() {
        ListStates<String> list = new ListStates<>(Set.of("p"));
        assertEquals(Set.of("p"), list.next(""));
        list.ran(Set.of("p"), Set.of("a")); // cd a
        assertEquals(Set.of("p"), list.next("||")); // runs where cd failed; `a` skips it, still succeeded
        list.ran(Set.of("p"), Set.of("b")); // cd b
        assertEquals(Set.of("a", "b"), list.next("&&"));
        list.ran(Set.of("a", "b"), Set.of("a", "b"));
        assertEquals(Set.of("a", "b", "p"), list.ended()); // p: cd b failed, skipped by &&
    }

    /** The walkers over the same shapes: their own work (a brace group's cd, a pipeline's) on top of the list's. */
    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "cd a && x => P/a",
        "cd a || x => P",
        "cd a; x => P P/a",
        "false && cd a; x => P P/a",
        "cd a | x => P",
        "(cd a); x => P P/a", // a subshell's cd is added for what follows (superset)
        "{ cd a; }; x => P P/a",
        "! cd a || x => P/a",
        "! cd a && x => P",
        "! pushd a || x => P/a",
        "cd a || exit 1; x => P/a",
        "exit() { :; }; cd a || exit; x => P P/a", // exit may be a function: it may end nothing
        "alias exit=:; cd a || exit; x => P P/a",
    })
    void workingDirsFollowTheSameList(String text, String dirs) {
        assertEquals(List.of(dirs.replace("P", P).split(" ")), WhereXRuns.of(text, P, "/home/dev"));
    }
}
