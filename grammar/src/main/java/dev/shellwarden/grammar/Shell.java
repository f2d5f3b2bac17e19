package dev.shellwarden.grammar;

/** The command language a text is written in. */
public enum Shell {
    /** bash and POSIX sh. */
    BASH,
    /** PowerShell (Windows PowerShell 5.1 and PowerShell 7). */
    POWERSHELL
}
