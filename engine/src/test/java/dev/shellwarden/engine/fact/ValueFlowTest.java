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

    @Test
    void readersCopiesAndEnvironmentPrintersCarryTheValue() {
        assertEquals(Set.of("git>echo"), flows("read X < <(git log); echo $X"));
        assertEquals(Set.of("git>echo"), flows("read -r X <<< \"$(git log)\"; echo \"$X\""));
        assertEquals(Set.of("git>echo"), flows("git log | read -r X; echo \"$X\""));
        assertEquals(Set.of("git>echo"), flows("mapfile -t A < <(git log); echo \"${A[0]}\""));
        assertEquals(Set.of("git>echo"), flows("printf -v X %s \"$(git log)\"; echo $X"));
        // a copy: the copying assignment uses the value, and so does what prints the copy
        assertEquals(Set.of("git>", "git>echo"), flows("X=$(git log); Y=$X; echo $Y"));
        assertEquals(Set.of("git>env"), flows("export X=$(git log); env"));
        assertEquals(Set.of("git>env"), flows("export X=$(git log); env -u OLDPWD"));
        assertEquals(Set.of("git>printenv"), flows("export X=$(git log); printenv X"));
        assertEquals(Set.of("git>declare"), flows("X=$(git log); declare -p"));
    }

    @Test
    void noFlowToWhatPrintsOtherVariablesOrRunsACommand() {
        assertEquals(Set.of(), flows("export X=$(git log); printenv HOME"));
        assertEquals(Set.of(), flows("export X=$(git log); env FOO=1 make"));
        assertEquals(Set.of("git>"), flows("X=$(git log); Y=$X; Y=none; echo $Y")); // only the copy uses it
        assertEquals(Set.of(), flows("read X < <(git log); X=none; echo $X"));
    }

    @Test
    void aFunctionsArgumentsReachTheBodyCommandsThatReadAPositionalParameter() {
        // the body is walked under the call: its eval reads $1, its echo reads nothing
        assertEquals(Set.of("git>", "git>eval"), flows("f(){ eval \"$1\"; echo hi; }; f \"$(git log)\"")); // and eval's payload, named by $1
        assertEquals(Set.of("git>bash"), flows("f(){ bash -c \"$@\"; }; f \"$(git log)\""));
        assertEquals(Set.of(), flows("f(){ echo hi; }; f \"$(git log)\""));
        assertEquals(Set.of(), flows("f(){ eval \"$1\"; }; f 'git log'"));
    }

    /**
     * As {@link #flows}, for PowerShell text, from the named sources only: a PowerShell assignment
     * segment is a source of its own value too (it computes an expression's), shown here by its command.
     */
    private static Set<String> psFlows(String text) {
        List<Segment> segments = new dev.shellwarden.grammar.PowerShellSplitter().split(text).segments();
        Set<String> out = new TreeSet<>();
        for (ValueFlow f : ValueFlow.of(segments)) {
            String source = Cmd.nameOf(segments.get(f.getSource()));
            if (!source.isEmpty()) {
                out.add(source + ">" + Cmd.nameOf(segments.get(f.getUser())));
            }
        }
        return out;
    }

    @Test
    void aPowerShellVariableGivenACommandsOutputReachesItsUsers() {
        // `$v = COMMAND` is written as bash's `v=$(COMMAND)`: the command is the source
        assertEquals(Set.of("Get-Date>Write-Output"), psFlows("$v = Get-Date; Write-Output $v"));
        assertEquals(Set.of("Get-Date>Write-Output"), psFlows("$v = Get-Date\nWrite-Output $v.Hour"));
        // a copy, then its user; a reassignment ends the flow
        assertEquals(Set.of("Get-Date>", "Get-Date>Write-Output"), psFlows("$v = Get-Date; $w = $v; Write-Output $w"));
        assertEquals(Set.of(), psFlows("$v = Get-Date; $v = 'x'; Write-Output $v"));
        // $null discards, and an environment variable is no shell variable
        assertEquals(Set.of(), psFlows("$null = Get-Date; Write-Output $null"));
    }
}
