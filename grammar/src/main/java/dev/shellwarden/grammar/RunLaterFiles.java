package dev.shellwarden.grammar;

import java.util.regex.Pattern;

/**
 * Files whose text a tool runs later on its own, with no command of the agent's naming it: git
 * hooks (also a project's shared hook folders under {@code .githooks/}), husky hooks, direnv's
 * {@code .envrc}, and the configuration files whose written text the bash splitter reads for the
 * commands they make run ({@link AutoRunConfig}: editor tasks, dev-container lifecycle commands,
 * terminal settings; {@link WrittenFiles}: git config, hook manager and package manager configs).
 *
 * <p>WHY: the bash splitter reads literal text written into these files as payloads now
 * ({@code BashWalker.autoRunScript}); PowerShell's writers ({@code Set-Content}, {@code Add-Content},
 * {@code Out-File}, {@code New-Item -Value}) of the same files are handed to it in bash's form, so
 * both shells share this one list.
 *
 * <p>INVARIANT: a path listed here only adds readings of a write; it never makes one weaker.
 */
public final class RunLaterFiles {

    private RunLaterFiles() {
    }

    /** Files a tool runs as shell scripts: git hooks, a shared hook folder's, husky's, direnv's {@code .envrc}. */
    private static final Pattern SCRIPT = Pattern.compile(
            "(.*/)?(\\.git/hooks/[^/]+|\\.githooks/[^/]+|\\.husky/[^/_][^/]*|\\.envrc)");

    /** Whether {@code path} (with {@code /} separators) is a file a tool runs as a shell script on its own. */
    public static boolean isAutoRunScript(String path) {
        return SCRIPT.matcher(path).matches();
    }

    /** Whether the text written to {@code path} (with {@code /} separators) is read for commands run later. */
    public static boolean isRunLater(String path) {
        return isAutoRunScript(path) || AutoRunConfig.isAutoRunConfig(path) || WrittenFiles.isGitConfig(path)
                || WrittenFiles.isHookManagerConfig(path) || WrittenFiles.isPackageManagerConfig(path);
    }
}
