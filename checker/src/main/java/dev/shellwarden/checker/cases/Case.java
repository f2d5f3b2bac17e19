package dev.shellwarden.checker.cases;

import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One example: a command and what the checker must say about it.
 *
 * @param file       the file the case came from (for names and messages)
 * @param line       the line of its {@code ===} header
 * @param name       the case name, unique in its file
 * @param command    the command text
 * @param verdicts   the expected verdict per mode; a mode absent here is not checked
 * @param decidingRule the rule id expected to decide, when given
 * @param notFired   rule ids that must not fire at all
 * @param shell      the shell the command is written in
 * @param projectDir the project directory of the check
 * @param cwd        the working directory of the check (empty: the project)
 * @param background true when the client runs the command in the background (Claude Code's
 *                   {@code run_in_background})
 */
public record Case(String file, int line, String name, String command, Map<Mode, Verdict> verdicts,
        Optional<String> decidingRule, List<String> notFired, Shell shell, String projectDir, String cwd,
        boolean background) {

    /** The project directory cases use unless they say otherwise. */
    public static final String DEFAULT_PROJECT = "/home/dev/project";

    /** Freezes the collections. */
    public Case {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(command, "command");
        verdicts = verdicts.isEmpty() ? Map.of() : new EnumMap<>(verdicts);
        notFired = List.copyOf(notFired);
    }

    /** {@code file: name}, the test's display name. */
    public String displayName() {
        return file + ": " + name;
    }
}
