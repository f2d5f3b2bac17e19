package dev.shellwarden.engine.fact;

import java.util.Locale;
import java.util.Set;

/**
 * The values a flag library reads as false for a boolean option ({@code --watch=false}): each
 * reading names the library its tool is built on, so that a spelling the tool takes is read and
 * one it refuses is not.
 *
 * <p>WHY per library: the spellings differ. Go's {@code strconv.ParseBool} (the flag package,
 * pflag, cobra: kubectl, docker, podman, gh, vault) takes exactly 0, f, F, false, FALSE and False
 * and refuses {@code fAlSe} or {@code no} (the tool exits with an error); Python's click
 * ({@code BOOL}) takes 0, false, f, no, n and off in any case. A reading that spares a command when
 * a flag is false ({@code kubectl rollout status --watch=false} prints once) must not take a
 * spelling its tool refuses as false; one that flags it when false ({@code podman
 * --tls-verify=false}) errs towards asking with {@link #ANY}.
 */
enum FlagValues {

    /** Go's {@code strconv.ParseBool}: Go's flag package, spf13/pflag and cobra; case as written. */
    GO(false, "0 f F false FALSE False"),

    /** Python click's {@code BOOL} (and typer on it): lower-cased before the lookup. */
    CLICK(true, "0 false f no n off"),

    /** Every library's false spelling, any case: for a reading where taking too many as false only asks more. */
    ANY(true, "0 false f no n off");

    private final boolean anyCase;
    private final Set<String> falseValues;

    FlagValues(boolean anyCase, String falseValues) {
        this.anyCase = anyCase;
        this.falseValues = Words.setOf(falseValues);
    }

    /** True when the library reads {@code value} (shell quotes removed) as false. */
    boolean isFalse(String value) {
        String v = PathFacts.unquote(value);
        return falseValues.contains(anyCase ? v.toLowerCase(Locale.ROOT) : v);
    }

    /**
     * True when a word of {@code c} sets one of the space-separated options to false in this
     * library's spellings ({@code --watch=false}, {@code -w=F}); the option names are matched in
     * any case, as the readings always did. A boolean flag takes no next word, so only the
     * {@code name=value} form counts.
     */
    boolean setFalse(Cmd c, String spaceSeparated) {
        Set<String> names = Words.setOf(spaceSeparated.toLowerCase(Locale.ROOT));
        for (String a : c.getArgs()) {
            int eq = a.indexOf('=');
            if (eq > 0 && names.contains(a.substring(0, eq).toLowerCase(Locale.ROOT)) && isFalse(a.substring(eq + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the option ends false: the last word of {@code c} before {@code --} that gives one
     * of the space-separated options (matched in any case) sets it to false in this library's
     * spellings. A bare {@code --watch} sets it true. For a reading that spares a command when the
     * flag is false. WHY the last: pflag, Go's flag package and click keep the last value, so
     * {@code --insecure-skip-tls-verify=false --insecure-skip-tls-verify} skips the check;
     * {@link #setFalse} (any word) is for the readings that flag a false value.
     */
    boolean endsFalse(Cmd c, String spaceSeparated) {
        Set<String> names = Words.setOf(spaceSeparated.toLowerCase(Locale.ROOT));
        boolean off = false;
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            int eq = a.indexOf('=');
            String name = (eq > 0 ? a.substring(0, eq) : a).toLowerCase(Locale.ROOT);
            if (names.contains(name)) {
                off = eq > 0 && isFalse(a.substring(eq + 1));
            }
        }
        return off;
    }
}
