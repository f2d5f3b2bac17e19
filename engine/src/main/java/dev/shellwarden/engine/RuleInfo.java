package dev.shellwarden.engine;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A rule's metadata, read from its DRL annotations: the single source for verdicts, messages and
 * generated documentation.
 *
 * <pre>
 * rule "SW2001 rm-recursive-root"
 *     &#64;id("SW2001") &#64;family("floor") &#64;verdict("deny")
 *     &#64;summary("recursive delete of the file system root or the home directory")
 *     &#64;message("… what to do instead")
 * </pre>
 *
 * @param id          stable id, never reused ({@code SW} + 4 digits)
 * @param name        the DRL rule name
 * @param family      the rule family ({@code floor}, {@code bypass}, {@code scope}, {@code vcs},
 *                    {@code slow}, {@code allow}, {@code classify}…)
 * @param loose       the verdict in LOOSE mode; empty for classification rules
 * @param hard        the verdict in HARD mode (defaults to {@code loose})
 * @param summary     one line saying what the rule matches
 * @param message     one prescriptive line: what was found and what to do instead
 */
public record RuleInfo(String id, String name, String family, Optional<Verdict> loose,
        Optional<Verdict> hard, String summary, String message) {

    /**
     * The form of a rule id: two to eight capitals and four digits. {@code SW} ids belong to the
     * built-in rules; policy authors choose their own prefix.
     */
    public static final String ID_PATTERN = "[A-Z]{2,8}[0-9]{4}";

    /** The family whose rules can never be loosened by configuration. */
    public static final String FLOOR = "floor";

    /** Validates the fields. */
    public RuleInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(loose, "loose");
        Objects.requireNonNull(hard, "hard");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(message, "message");
    }

    /** Reads a rule's annotations; missing values become empty strings / empty verdicts. */
    public static RuleInfo fromMetadata(String ruleName, Map<String, Object> meta) {
        Optional<Verdict> loose = verdictOf(meta.get("verdict"));
        Optional<Verdict> hard = verdictOf(meta.get("hard"));
        return new RuleInfo(text(meta.get("id")), ruleName, text(meta.get("family")), loose,
                hard.isPresent() ? hard : loose, text(meta.get("summary")), text(meta.get("message")));
    }

    /** True for floor rules. */
    public boolean isFloor() {
        return FLOOR.equals(family);
    }

    /** True when the rule decides verdicts (as opposed to classifying). */
    public boolean decides() {
        return loose.isPresent();
    }

    /** The verdict in a mode; empty for classification rules. */
    public Optional<Verdict> verdictIn(Mode mode) {
        return mode == Mode.HARD ? hard : loose;
    }

    private static Optional<Verdict> verdictOf(Object v) {
        String s = text(v);
        return s.isEmpty() ? Optional.empty() : Optional.of(Verdict.parse(s));
    }

    /** Metadata values may keep their DRL quotes depending on the Drools version; strip them. */
    static String text(Object v) {
        if (v == null) {
            return "";
        }
        String s = v.toString().trim();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }
}
