package dev.shellwarden.hook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The one refusal seam, {@link HookProtocol#refuse}: the runner refuses through it, and a protocol
 * refusal that throws or does not block is replaced by the plain exit-2 refusal.
 */
class HookRunnerRefusalTest {

    /** A protocol that cannot read any input (every call is a runner refusal) and refuses by {@code refuse}. */
    private static HookProtocol refusingWith(Function<String, HookOutcome> refuse) {
        return new HookProtocol() {
            @Override
            public String shellToolName() {
                return "Shell";
            }

            @Override
            public ToolCall read(byte[] input) throws UnreadableInputException {
                throw new UnreadableInputException("the hook input is not valid JSON");
            }

            @Override
            public HookOutcome answer(Judgement judgement) {
                return HookOutcome.answer(new byte[] {'{', '}'});
            }

            @Override
            public HookOutcome refuse(String reason) {
                return refuse.apply(reason);
            }
        };
    }

    private static HookOutcome outcome(HookProtocol protocol) {
        CommandJudge never = call -> {
            throw new AssertionError("not judged");
        };
        return new HookRunner(protocol, never, Duration.ofSeconds(10), false, false)
                .outcome(new ByteArrayInputStream("x".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theDefaultRefusalIsExit2WithTheReasonOnStderrOnly() {
        HookOutcome r = outcome(refusingWith(HookOutcome::refuse));
        assertEquals(HookOutcome.EXIT_REFUSE, r.exitStatus());
        assertEquals(0, r.stdout().length);
        assertTrue(r.stderrLine().startsWith("shell-warden: the hook input is not valid JSON"), r.toString());
    }

    @Test
    void aProtocolRefusalCarriesItsStdoutMadeFromTheSameLine() {
        HookOutcome r = outcome(refusingWith(reason -> HookOutcome.refuse(reason, line -> ("deny:" + line).getBytes(StandardCharsets.UTF_8))));
        assertEquals(HookOutcome.EXIT_REFUSE, r.exitStatus());
        assertArrayEquals(("deny:" + r.stderrLine()).getBytes(StandardCharsets.UTF_8), r.stdout());
    }

    @Test
    void aRefusalWhoseAnswerFailsStillRefusesWithoutStdout() {
        HookOutcome r = outcome(refusingWith(reason -> HookOutcome.refuse(reason, line -> {
            throw new IllegalStateException("writer broke");
        })));
        assertEquals(HookOutcome.EXIT_REFUSE, r.exitStatus());
        assertEquals(0, r.stdout().length);
    }

    @Test
    void aProtocolRefusalThatThrowsOrDoesNotBlockIsReplacedByThePlainOne() {
        HookOutcome plain = outcome(refusingWith(HookOutcome::refuse));
        assertEquals(plain, outcome(refusingWith(reason -> {
            throw new IllegalStateException("broken protocol");
        })));
        assertEquals(plain, outcome(refusingWith(reason -> HookOutcome.noDecision())));
        assertEquals(plain, outcome(refusingWith(reason -> null)));
        assertEquals(plain, outcome(refusingWith(reason -> new HookOutcome(HookOutcome.EXIT_REFUSE, new byte[0], ""))));
    }
}
