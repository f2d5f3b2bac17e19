package dev.shellwarden.checker.protocol;

import dev.shellwarden.engine.Verdict;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The checker's answer to one letter (protocol version 1).
 *
 * @param invocationId echo of {@code letter.invocation.id}
 * @param verdict      the aggregate: the worst command verdict
 * @param message      required on deny, at most {@link #MAX_MESSAGE_CHARS} characters
 * @param commands     one entry per letter command, same order, same index
 */
public record VerdictDoc(String invocationId, Verdict verdict, Optional<String> message,
        List<CommandVerdict> commands) {

    /** Longest message, in characters. */
    public static final int MAX_MESSAGE_CHARS = 512;
    /** Largest {@code facts} object per command, in UTF-8 bytes of its JSON. */
    public static final int MAX_FACTS_BYTES = 16 * 1024;
    /** Largest verdict, in UTF-8 bytes. */
    public static final int MAX_VERDICT_BYTES = 64 * 1024;

    /** Validates the invariants the protocol promises. */
    public VerdictDoc {
        Objects.requireNonNull(invocationId, "invocationId");
        commands = List.copyOf(commands);
        Verdict worst = Verdict.ALLOW;
        for (CommandVerdict c : commands) {
            worst = worst.worst(c.verdict());
        }
        if (worst != verdict) {
            throw new IllegalStateException("aggregate " + verdict + " is not the worst command verdict " + worst);
        }
        if (verdict == Verdict.DENY && message.map(String::isBlank).orElse(true)) {
            throw new IllegalStateException("a deny needs a message");
        }
        if (message.map(m -> m.length() > MAX_MESSAGE_CHARS).orElse(false)) {
            throw new IllegalStateException("message over " + MAX_MESSAGE_CHARS + " characters");
        }
    }

    /**
     * The verdict on one command.
     *
     * @param index          echo of the command's index
     * @param verdict        its verdict
     * @param ruleId         the rule that decided it
     * @param opaque         classification: true for {@code opaque}, false for {@code static}
     * @param rawMatch       match: true for {@code raw}, false for {@code argv}
     * @param facts          what the checker derived, as a JSON-ready tree
     */
    public record CommandVerdict(int index, Verdict verdict, String ruleId, boolean opaque,
            boolean rawMatch, Map<String, Object> facts) {
    }
}
