package dev.shellwarden.hook;

/**
 * The reason line every adapter shows for a judgement: {@code shell-warden <rule>: <message>}, one
 * line of at most {@link #MAX_REASON_CHARS} characters and never empty.
 */
public final class AnswerText {

    /** Longest reason, in characters (the protocol's bound on a verdict message). */
    public static final int MAX_REASON_CHARS = 512;
    /** Longest rule id shown, in characters. */
    private static final int MAX_RULE_CHARS = 32;
    /** Longest text before the message: {@code shell-warden <rule>: }. */
    public static final int MAX_PREFIX_CHARS = "shell-warden ".length() + MAX_RULE_CHARS + ": ".length();

    private AnswerText() {
    }

    /** The reason text for a judgement; a generic one where the judge gave no message. */
    public static String reason(Judgement j) {
        String message = OneLine.of(j.message(), MAX_REASON_CHARS);
        if (message.isEmpty()) {
            message = switch (j.decision()) {
                case ALLOW -> "allowed";
                case ASK -> "the user decides whether this command runs";
                case DENY -> "this command is refused: ask the user to run it or choose another approach";
            };
        }
        String rule = OneLine.of(j.ruleId(), MAX_RULE_CHARS);
        return OneLine.of(rule.isEmpty() ? "shell-warden: " + message : "shell-warden " + rule + ": " + message,
                MAX_REASON_CHARS);
    }
}
