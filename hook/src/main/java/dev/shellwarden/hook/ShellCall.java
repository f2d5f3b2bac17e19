package dev.shellwarden.hook;

import java.util.Objects;
import java.util.Optional;

/**
 * One shell command an agent client is about to run, as an adapter hands it to a {@link CommandJudge}.
 *
 * @param command    the command text exactly as the agent wrote it
 * @param cwd        the absolute directory it runs in
 * @param background true when the client itself runs the command in the background and keeps its
 *                   output for the agent (Claude Code's {@code run_in_background}), so the agent does
 *                   not wait for it to exit. Only a literal JSON {@code true} from the client sets it:
 *                   anything else is the foreground, the stricter reading.
 * @param project    the project directory the client reported apart from the cwd (Gemini CLI's
 *                   session directory, which a {@code dir_path} call leaves); empty when the
 *                   client reports none and the judge decides
 * @param dialect    the shell language the client runs it in; a judge that reads another one must
 *                   refuse the command rather than judge it by the wrong grammar
 */
public record ShellCall(String command, String cwd, boolean background, Optional<String> project, ShellDialect dialect) {

    /** Rejects nulls. */
    public ShellCall {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(dialect, "dialect");
    }

    /** A bash command. */
    public ShellCall(String command, String cwd, boolean background, Optional<String> project) {
        this(command, cwd, background, project, ShellDialect.BASH);
    }

    /** A bash command without a reported project directory. */
    public ShellCall(String command, String cwd, boolean background) {
        this(command, cwd, background, Optional.empty());
    }
}
