package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.BashSplitter;
import dev.shellwarden.grammar.Segment;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Which segments' output reaches the agent, on split commands (harmless ones: only names matter). */
class AgentOutputTest {

    /** The names of the segments whose output reaches the agent, in segment order. */
    private static List<String> reaching(String text) {
        List<Segment> segments = new BashSplitter().split(text).segments();
        Set<Integer> ids = new TreeSet<>(AgentOutput.of(segments));
        return ids.stream().map(i -> Cmd.nameOf(segments.get(i))).filter(n -> !n.isEmpty()).toList(); // bare assignments have no name
    }

    @Test
    void aLoneCommandAndFiltersAfterItReach() {
        assertEquals(List.of("git"), reaching("git status"));
        assertEquals(List.of("git", "grep"), reaching("git log | grep fix"));
        assertEquals(List.of("git", "jq", "tee"), reaching("git log | jq . | tee out.txt"));
    }

    @Test
    void aConsumerAFileOrAQuietGrepStopsIt() {
        assertEquals(List.of("docker"), reaching("git log | docker login -u x --password-stdin"));
        assertEquals(List.of(), reaching("git log > out.txt"));
        assertEquals(List.of("wc"), reaching("git log | wc -l"));
        assertEquals(List.of("grep"), reaching("git log | grep -q fix"));
        assertEquals(List.of(), reaching("git log | cat > out.txt"));
        assertEquals(List.of("git"), reaching("git log >&2"));
    }

    @Test
    void aSubstitutionReachesOnlyThroughAPrinter() {
        assertEquals(List.of("echo", "git"), reaching("echo \"$(git log)\""));
        assertEquals(List.of("git"), reaching("X=$(git log) git status"));
        assertEquals(List.of("cat", "git"), reaching("cat <(git log)"));
        assertEquals(Set.of("env", "echo", "git"), Set.copyOf(reaching("env echo \"$(git log)\"")));
        assertEquals(Set.of("env", "cat", "git"), Set.copyOf(reaching("env -i cat <(git log)")));
        assertEquals(List.of("docker"), reaching("docker build -f <(git log) ."));
    }

    @Test
    void wrappersPayloadsAndLoopsPassItOn() {
        assertEquals(List.of("timeout", "git"), reaching("timeout 5 git log"));
        assertEquals(List.of("bash", "git"), reaching("bash -c 'git log'"));
        assertEquals(List.of("git"), reaching("for x in a b; do git log; done"));
        assertEquals(List.of("git", "xargs", "echo"), reaching("git log | xargs echo"));
    }

    @Test
    void aValueKeptInAVariableReachesWhenALaterCommandPrintsIt() {
        assertEquals(List.of("git", "echo"), reaching("X=$(git log); echo $X"));
        assertEquals(List.of("export", "git", "printf", "base64"), reaching("export X=$(git log); printf %s \"$X\" | base64"));
        assertEquals(List.of("git", "cat"), reaching("X=$(git log); cat <<< \"$X\""));
        assertEquals(List.of("docker"), reaching("X=$(git log); docker login --password \"$X\""));
        assertEquals(List.of("echo"), reaching("X=$(git log); echo ${#X}"));
        assertEquals(List.of("echo"), reaching("X=$(git log); X=none; echo $X"));
        assertEquals(List.of("docker"), reaching("X=$(git log); printf %s \"$X\" | docker login --password-stdin"));
    }

    @Test
    void inlineCodeThatPrintsAndALaunchersPrinterPassItOn() {
        assertEquals(List.of("git", "python3"), reaching("git log | python3 -c 'import sys;print(sys.stdin.read())'"));
        assertEquals(List.of("git", "perl"), reaching("git log | perl -pe 's/a/b/'"));
        assertEquals(List.of("python3"), reaching("git log | python3 -c 'import sys;x=sys.stdin.read()'"));
        assertEquals(List.of("python3"), reaching("git log | python3 tool.py"));
        assertEquals(List.of("git", "env", "cat"), reaching("git log | env cat"));
        assertEquals(List.of("git", "sh", "cat"), reaching("git log | sh -c cat"));
        assertEquals(List.of("bash", "docker"), reaching("git log | bash -c 'docker login --password-stdin'"));
        assertEquals(List.of("bash", "docker"), reaching("git log | bash -c 'cat | docker login --password-stdin'"));
    }
}
