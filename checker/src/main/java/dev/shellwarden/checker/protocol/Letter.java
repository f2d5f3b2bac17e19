package dev.shellwarden.checker.protocol;

import java.util.List;
import java.util.Optional;

/**
 * One request from a hook: the commands of one tool call to judge (protocol version 1).
 *
 * @param invocation who asks
 * @param action     what kind of action ({@code shell} for commands)
 * @param commands   the commands, in the order the verdict must echo
 */
public record Letter(Invocation invocation, String action, List<Command> commands) {

    /** The only protocol version. */
    public static final int VERSION = 1;
    /** Largest letter, in UTF-8 bytes. */
    public static final int MAX_LETTER_BYTES = 64 * 1024;
    /** Largest {@code raw}, in UTF-8 bytes. */
    public static final int MAX_RAW_BYTES = 8 * 1024;
    /** Most commands in one letter. */
    public static final int MAX_COMMANDS = 128;

    /** Freezes the list. */
    public Letter {
        commands = List.copyOf(commands);
    }

    /** True when the action is a shell command. */
    public boolean isShell() {
        return action.equals("shell") || action.equals("bash");
    }

    /**
     * Who asks.
     *
     * @param id         the invocation id to echo
     * @param sessionID  the agent session
     * @param agent      the agent's name, when given
     * @param projectDir the absolute project directory, when given
     */
    public record Invocation(String id, String sessionID, Optional<String> agent, Optional<String> projectDir) {
    }

    /**
     * One command.
     *
     * @param index its index, echoed in the verdict
     * @param raw   the text exactly as the agent produced it
     * @param cwd   its working directory; empty means the project directory
     */
    public record Command(int index, String raw, String cwd) {
    }
}
