package dev.shellwarden.grammar;

/** How a word was written; rules use these to tell data from code and literal from dynamic. */
public enum WordFeature {
    /** Some part was in single quotes (or a PowerShell verbatim string). */
    SINGLE_QUOTED,
    /** Some part was in double quotes (or a PowerShell expandable string). */
    DOUBLE_QUOTED,
    /** Some part was an ANSI-C {@code $'…'} string, decoded. */
    ANSI_C,
    /** Some character was backslash- (or backtick-) escaped. */
    ESCAPED,
    /** A parameter expansion ({@code $X}, {@code ${X}}, {@code $env:X}). */
    PARAMETER,
    /** A command substitution ({@code $(…)}, backticks, PowerShell {@code $(…)}). */
    COMMAND_SUBSTITUTION,
    /** An arithmetic expansion {@code $((…))}. */
    ARITHMETIC,
    /** A process substitution {@code <(…)} or {@code >(…)}. */
    PROCESS_SUBSTITUTION,
    /** Unquoted glob characters ({@code * ? [}) that the shell may expand. */
    GLOB,
    /** A leading tilde that was expanded statically. */
    TILDE,
    /** Brace expansion produced this word. */
    BRACE,
    /** A parameter resolved from a literal assignment earlier in the same text. */
    RESOLVED_VARIABLE,
    /**
     * The text starts with a {@code ~} that bash does not expand: quoted ({@code "~"}, {@code '~/x'})
     * or with quoting before the first slash ({@code ~"/"}); the program gets a file named {@code ~}.
     */
    LITERAL_TILDE,
    /**
     * The wrapper that runs this command fills the word at run time: xargs's appended list ({@code
     * {xargs}}) or its {@code -I} slot, parallel's {@code {}}, find's {@code {}}. Always with
     * {@link #PARAMETER}: the word is dynamic; this tells a slot from a variable the author wrote.
     */
    WRAPPER_SLOT,
    /**
     * With {@link #WRAPPER_SLOT}: xargs or parallel fills the slot from a NUL-separated list
     * ({@code xargs -0}, {@code --null}, {@code -d '\0'}; {@code parallel -0}), so each value is one
     * exact name. An xargs or parallel slot without it takes its values split at blanks or newlines,
     * and a file name holding a blank or a newline ({@code ./a /home/dev/.bashrc}) becomes other paths.
     */
    NUL_SEPARATED
}
