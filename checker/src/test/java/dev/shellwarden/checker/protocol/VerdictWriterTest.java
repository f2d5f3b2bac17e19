package dev.shellwarden.checker.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellwarden.engine.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VerdictWriterTest {

    private static Map<String, Object> hugeFacts(int segments) {
        List<Object> segs = new ArrayList<>();
        for (int i = 0; i < segments; i++) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("id", i);
            s.put("argv", List.of("echo", "x".repeat(500)));
            segs.add(s);
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("segments", segs);
        return facts;
    }

    @Test
    void factsOverTheirShareAreTrimmedDeterministically() throws Exception {
        String a = VerdictWriter.bounded(hugeFacts(100), 16 * 1024);
        String b = VerdictWriter.bounded(hugeFacts(100), 16 * 1024);
        assertEquals(a, b);
        assertTrue(a.getBytes(StandardCharsets.UTF_8).length <= 16 * 1024);
        assertTrue(new ObjectMapper().readTree(a).get("truncated").asBoolean());
    }

    @Test
    void smallFactsAreUntouched() {
        assertEquals("{\"segments\":[]}", VerdictWriter.bounded(Map.of("segments", List.of()), 16 * 1024));
    }

    @Test
    void manyCommandsShareTheVerdictBound() {
        List<VerdictDoc.CommandVerdict> cs = new ArrayList<>();
        for (int i = 0; i < 128; i++) {
            cs.add(new VerdictDoc.CommandVerdict(i, Verdict.ALLOW, "SW0001", false, false, hugeFacts(10)));
        }
        byte[] out = VerdictWriter.write(new VerdictDoc("id", Verdict.ALLOW, Optional.empty(), cs));
        assertTrue(out.length <= VerdictDoc.MAX_VERDICT_BYTES, "length " + out.length);
    }

    @Test
    void aggregateMustBeTheWorstAndDenyNeedsAMessage() {
        List<VerdictDoc.CommandVerdict> deny = List.of(
                new VerdictDoc.CommandVerdict(0, Verdict.DENY, "SW2001", false, false, Map.of()));
        assertThrows(IllegalStateException.class, () -> new VerdictDoc("id", Verdict.ASK, Optional.of("m"), deny));
        assertThrows(IllegalStateException.class, () -> new VerdictDoc("id", Verdict.DENY, Optional.empty(), deny));
        assertThrows(IllegalStateException.class, () -> new VerdictDoc("id", Verdict.DENY, Optional.of("x".repeat(513)), deny));
    }
}
