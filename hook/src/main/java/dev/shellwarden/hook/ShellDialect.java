package dev.shellwarden.hook;

import java.util.Locale;

/**
 * The shell language a client's shell tool runs a command in. A judge reads a command in one
 * language only (its config's {@code shell}); a call in the other one must not be judged by the
 * wrong grammar, so the judge refuses it (see the checker's hook command).
 */
public enum ShellDialect {
    /** A POSIX shell command ({@code bash -c}), the only dialect of Claude Code and Gemini CLI. */
    BASH,
    /** A PowerShell command (Copilot CLI's {@code powershell} tool on Windows). */
    POWERSHELL;

    /** The config spelling: {@code bash}, {@code powershell}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
