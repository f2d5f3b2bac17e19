package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContainerRunTest {

    private static ContainerRun of(String... words) {
        List<Word> argv = new ArrayList<>();
        for (String w : words) {
            boolean dynamic = w.startsWith("$");
            argv.add(new Word(w, w, !dynamic, dynamic ? Set.of(WordFeature.PARAMETER) : Set.of()));
        }
        return ContainerRun.of(argv);
    }

    @Test
    void optionsEndAtTheImage() {
        ContainerRun r = of("docker", "run", "--rm", "-v", "/:/host", "-d", "alpine", "ls", "-v", "x");
        assertEquals(List.of("--rm", "-v", "/:/host", "-d"), r.certain());
        assertEquals(r.certain(), r.possible());
    }

    @Test
    void anUnknownOptionMakesTheNextWordEitherItsValueOrTheImage() {
        ContainerRun r = of("podman", "container", "create", "--unknown", "img", "sh");
        assertEquals(List.of("--unknown"), r.certain());
        assertEquals(List.of("--unknown", "img"), r.possible());
    }

    @Test
    void aDynamicOptionWordStopsTheCertainListAndOpensThePossibleOne() {
        ContainerRun r = of("docker", "run", "--rm", "$OPT", "-v", "/:/h", "alpine");
        assertEquals(List.of("--rm"), r.certain());
        assertEquals(List.of("--rm", "$OPT", "-v", "/:/h", "alpine"), r.possible());
    }

    @Test
    void otherCommandsHaveNone() {
        assertNull(of("docker", "exec", "-it", "web", "sh"));
        assertNull(of("kubectl", "run", "x", "--image", "alpine"));
        assertNull(of("docker"));
    }
}
