package dev.shellwarden.engine.fact;

/**
 * The context of one command: where it runs and how strict the policy is. Exactly one per session.
 */
public final class Ctx {
    private final String projectDir;
    private final String cwd;
    private final String mode;
    private final String shell;
    private final String raw;

    /**
     * @param projectDir absolute project directory, or empty when unknown
     * @param cwd        absolute working directory, or empty when unknown
     * @param mode       {@code loose} or {@code hard}
     * @param shell      {@code bash} or {@code powershell}
     * @param raw        the command text as the agent wrote it
     */
    public Ctx(String projectDir, String cwd, String mode, String shell, String raw) {
        this.projectDir = projectDir;
        this.cwd = cwd;
        this.mode = mode;
        this.shell = shell;
        this.raw = raw;
    }

    /** Absolute project directory, or empty. */
    public String getProjectDir() {
        return projectDir;
    }

    /** Absolute working directory, or empty. */
    public String getCwd() {
        return cwd;
    }

    /** {@code loose} or {@code hard}. */
    public String getMode() {
        return mode;
    }

    /** {@code bash} or {@code powershell}. */
    public String getShell() {
        return shell;
    }

    /** The raw command text. */
    public String getRaw() {
        return raw;
    }
}
