package dev.shellwarden.grammar;

/**
 * Where a segment was found. Everything but {@link #TOP} means the segment was nested in, or
 * unwrapped from, another construct; the parent segment (if any) is recorded separately.
 */
public enum Provenance {
    /** A simple command of the text itself. */
    TOP,
    /** Inside {@code $( … )}. */
    COMMAND_SUBSTITUTION,
    /** Inside backticks. */
    BACKTICK,
    /** Inside {@code ( … )}. */
    SUBSHELL,
    /** Inside {@code { …; }}. */
    BRACE_GROUP,
    /** Inside {@code <( … )} or {@code >( … )}. */
    PROCESS_SUBSTITUTION,
    /** Inside a compound command body ({@code if}, {@code for}, {@code while}, {@code case}…). */
    COMPOUND,
    /** Inside a function body. */
    FUNCTION_BODY,
    /** The payload of {@code bash -c}, {@code sh -c}, {@code zsh -c}, {@code pwsh -c} and kin. */
    SHELL_PAYLOAD,
    /** The payload of {@code eval} (or PowerShell {@code Invoke-Expression}). */
    EVAL_PAYLOAD,
    /** A heredoc or here-string fed to a shell interpreter. */
    HEREDOC_SCRIPT,
    /** The command run by a wrapper such as {@code sudo}, {@code env}, {@code timeout}, {@code nice}. */
    WRAPPED,
    /** The command run by {@code xargs} or {@code parallel}. */
    XARGS,
    /** The command run by {@code find -exec}, {@code -execdir}, {@code -ok}, {@code -okdir}. */
    FIND_EXEC,
    /** A decoded PowerShell {@code -EncodedCommand} payload. */
    ENCODED_PAYLOAD,
    /**
     * A command line stored in a setting that a program runs later or on its own schedule: a hook
     * variable ({@code GIT_SSH_COMMAND}, {@code PAGER}), a git setting ({@code alias.x=!…},
     * {@code core.sshCommand}) or a package script ({@code npm pkg set scripts.x=…}); see
     * {@link CommandSettings}.
     */
    SETTING,
    /**
     * A command line found in text written to a file that a tool the agent runs every day runs or
     * loads later (a Makefile's recipe, the {@code os.system} call of a {@code conftest.py}, a
     * {@code node_modules/.bin} shim); see {@link LaterFiles}. It does not run now: the engine
     * asks about it at most, whatever the rules say about running it.
     */
    LATER_FILE
}
