package dev.shellwarden.grammar;

/**
 * The one table of the words that make a variable's name a credential's by convention
 * ({@code GITHUB_TOKEN}, {@code AWS_SECRET_ACCESS_KEY}, {@code DB_PASSWORD}): the engine's secret
 * reads ({@code printenv X}, {@code echo $X}) and the grammar's reading of CI files (a masked
 * variable sent by a pushed step) both use it.
 */
public final class SecretNames {

    private SecretNames() {
    }

    /** The words, as a case-insensitive regular expression group. */
    public static final String WORDS = "(?i:token|secret|passw(or)?d|api_?key|access_key|private_key|credentials?)";

    /** A variable name holding one of {@link #WORDS}, as a regular expression. */
    public static final String VARIABLE = "[A-Za-z0-9_]*" + WORDS + "[A-Za-z0-9_]*";
}
