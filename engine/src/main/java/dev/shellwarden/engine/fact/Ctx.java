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
    private final boolean forkBomb;
    private final boolean forkLoop;
    private final boolean clientBackground;
    /* Derived once here because the facts' path predicates ask for them per target and rule. */
    private final String project;
    private final String home;
    private final String cwdPosix;

    /**
     * A shell function that pipes into itself in the background ({@code :(){ :|:& };:}). The text
     * alone is not enough: a commit message or a heredoc written to a file may quote it. The rule
     * also needs the parsed shape, a backgrounded pipeline of user-function calls (see
     * {@code Cmd.forkingFunctionCall}), which data never has.
     */
    private static final java.util.regex.Pattern FORK_BOMB = java.util.regex.Pattern.compile(
            "([A-Za-z_:.%][\\w:.%-]{0,30})\\s*\\(\\s*\\)\\s*\\{[^}]{0,200}?\\1\\s*\\|\\s*\\1\\s*&"
            + "|function\\s+([A-Za-z_:.][\\w:.-]{0,30})\\s*(\\(\\s*\\))?\\s*\\{[^}]{0,200}?\\2\\s*\\|\\s*\\2\\s*&");

    /** A fork loop in an interpreter's code ({@code fork while fork}, {@code while True: os.fork()}). */
    private static final java.util.regex.Pattern FORK_LOOP = java.util.regex.Pattern.compile(
            "fork\\s+while\\s+fork|while\\s*\\(?\\s*(1|true)\\s*\\)?\\s*[;{]?\\s*(do\\s+)?[^;]{0,40}fork\\s*\\(\\s*\\)"
            + "|os\\.fork\\(\\)[^\\n]{0,40}while|while[^\\n]{0,40}os\\.fork\\(\\)");

    /** Longest text searched for a fork bomb; a bomb is short, and the bound keeps the search linear. */
    private static final int FORK_BOMB_SCAN = 4096;

    /**
     * @param projectDir absolute project directory, or empty when unknown
     * @param cwd        absolute working directory, or empty when unknown
     * @param mode       {@code loose} or {@code hard}
     * @param shell      {@code bash} or {@code powershell}
     * @param raw        the command text as the agent wrote it
     */
    public Ctx(String projectDir, String cwd, String mode, String shell, String raw) {
        this(projectDir, cwd, mode, shell, raw, false);
    }

    /**
     * A context whose command the agent client itself runs in the background, keeping its output
     * (Claude Code's {@code run_in_background}) when {@code clientBackground}: the agent does not
     * wait for it, so every segment counts as detached ({@link Cmd#isDetached()}).
     */
    public Ctx(String projectDir, String cwd, String mode, String shell, String raw, boolean clientBackground) {
        this.clientBackground = clientBackground;
        this.projectDir = projectDir;
        this.cwd = cwd;
        this.mode = mode;
        this.shell = shell;
        this.raw = raw;
        String head = raw.length() > FORK_BOMB_SCAN ? raw.substring(0, FORK_BOMB_SCAN) : raw;
        this.forkBomb = head.indexOf('|') >= 0 && head.indexOf('&') >= 0 && FORK_BOMB.matcher(head).find();
        this.forkLoop = head.contains("fork") && FORK_LOOP.matcher(head).find();
        // A Windows project (C:\\Users\\me\\proj) in the POSIX form PowerShell paths are judged in
        String pd = PathFacts.isWindowsAbsolute(projectDir) ? PathFacts.fromWindows(projectDir) : projectDir;
        String cd = PathFacts.isWindowsAbsolute(cwd) ? PathFacts.fromWindows(cwd) : cwd;
        this.project = pd.isEmpty() ? cd : PathFacts.normalize(pd);
        this.cwdPosix = cd;
        this.home = PathFacts.homeOf(project);
    }

    /*
     * Package-private on purpose: public no-argument methods become Drools properties of the
     * fact, which every rule base pays for at start.
     */

    /** The normalised project directory, or the working directory when the project is unknown. */
    String project() {
        return project;
    }

    /** The working directory, or the project when the working directory is unknown. */
    String cwdOrProject() {
        return cwdPosix.isEmpty() ? project : PathFacts.normalize(cwdPosix);
    }

    /** The home directory the project lives under ({@link PathFacts#homeOf}). */
    String home() {
        return home;
    }

    /** Text that makes a glob match names starting with a dot: bash's dotglob and GLOBIGNORE, zsh's GLOB_DOTS. */
    private static final java.util.regex.Pattern DOT_GLOBBING = java.util.regex.Pattern.compile("(?i)dotglob|glob_?dots|GLOBIGNORE");

    /** Computed on first use (a benign race: same value), since most letters write no file. */
    private Boolean globsMatchDotFiles;

    /**
     * True when a glob may match dot files in this letter: PowerShell's wildcards do, and so do
     * bash's and zsh's once switched on anywhere in the text.
     */
    boolean globsMatchDotFiles() {
        Boolean b = globsMatchDotFiles;
        if (b == null) {
            b = "powershell".equals(shell) || DOT_GLOBBING.matcher(raw).find();
            globsMatchDotFiles = b;
        }
        return b;
    }

    /** True when the raw text holds a self-piping shell function (confirmed by the segments' shape in SW2006). */
    public boolean isForkBomb() {
        return forkBomb;
    }

    /** True when the raw text holds an interpreter's fork loop ({@code while True: os.fork()}). */
    public boolean isForkLoop() {
        return forkLoop;
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

    /** True when the client runs the command in the background (see the constructor). */
    public boolean isClientBackground() {
        return clientBackground;
    }

    /** The raw command text. */
    public String getRaw() {
        return raw;
    }
}
