package dev.shellwarden.hook.gemini;

import dev.shellwarden.hook.RunForms;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Gemini CLI actually runs for a {@code run_shell_command} call. Its shell tool (0.61.0,
 * {@code stripShellWrapper}) does not run {@code tool_input.command} as written: it trims it, and
 * when it starts with a shell wrapper ({@code bash -c}, {@code sh -c}, {@code zsh -c} with any
 * path, {@code cmd.exe /c}, {@code powershell -Command}, {@code pwsh -Command}) it drops the wrapper
 * and, when the rest starts and ends with the same quote, the first and last character.
 *
 * <p>WHY it matters: dropping the outer quotes re-splits the text. {@code bash -c 'echo a' ' ; X ; '}
 * runs only {@code echo a} under bash, but Gemini CLI runs {@code echo a' ' ; X ; } — X included.
 * The hook sees the text as written, so both forms are judged and the stricter verdict wins.
 *
 * <p>A double-quoted rest after a POSIX {@code -c} is unquoted by the {@code shell-quote} package
 * instead; with no {@code \}, {@code $} or inner {@code "} in it that is exactly the text between
 * the quotes. Otherwise its result is not reproduced here: the forms are marked in doubt and the
 * verdict is at least ask (models rarely write such a wrapper; the message says to drop it).
 *
 * <p>The regular expression and the white space set are JavaScript's: {@code \s} there includes
 * U+FEFF and excludes U+0085, and {@code /i} folds ASCII letters only.
 */
final class ShellWrapper {

    /** JavaScript's white space and line terminators ({@code \s}, {@code String.prototype.trim}). */
    private static final String JS_SPACE_CHARS = "\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF";
    private static final String S = "[" + JS_SPACE_CHARS + "]";
    private static final String NOT_S = "[^" + JS_SPACE_CHARS + "]";
    private static final Pattern JS_SPACE = Pattern.compile(S);

    /** Gemini CLI 0.61.0's wrapper pattern, anchored at the start. */
    private static final Pattern WRAPPER = Pattern.compile(
            S + "*(?:(?:(?:" + NOT_S + "+/)?(?:sh|bash|zsh))" + S + "+-c"
                    + "|cmd\\.exe" + S + "+/c"
                    + "|powershell(?:\\.exe)?" + S + "+(?:-NoProfile" + S + "+)?-Command"
                    + "|pwsh(?:\\.exe)?" + S + "+(?:-NoProfile" + S + "+)?-Command)" + S + "+",
            Pattern.CASE_INSENSITIVE);

    /** Why a double-quoted wrapper is in doubt; one prescriptive line. */
    static final String DOUBT = "Gemini CLI rewrites a `bash -c \"…\"` command holding `\\`, `$` or an inner `\"` before"
            + " running it, and shell-warden cannot check the rewritten form: run the inner command directly, without the"
            + " `bash -c` wrapper";

    private ShellWrapper() {
    }

    /** The forms Gemini CLI may run for {@code command}: the command as written first. */
    static RunForms forms(String command) {
        Matcher m = WRAPPER.matcher(command);
        if (!m.lookingAt()) {
            return of(command, jsTrim(command), "");
        }
        String rest = jsTrim(command.substring(m.end()));
        boolean quoted = rest.length() >= 2
                && (rest.startsWith("\"") && rest.endsWith("\"") || rest.startsWith("'") && rest.endsWith("'"));
        if (!quoted) {
            return of(command, rest, "");
        }
        String inner = rest.substring(1, rest.length() - 1);
        // Case-sensitive on purpose: Gemini CLI tests `match.trim().endsWith("-c")`, so `BASH -C "…"`
        // takes the plain unquoting path.
        boolean posixDoubleQuoted = jsTrim(m.group()).endsWith("-c") && rest.startsWith("\"");
        if (posixDoubleQuoted && inner.chars().anyMatch(c -> c == '\\' || c == '$' || c == '"')) {
            return of(command, inner, DOUBT);
        }
        return of(command, inner, "");
    }

    private static RunForms of(String command, String runs, String doubt) {
        List<String> forms = new ArrayList<>(2);
        forms.add(command);
        // A blank rest runs nothing; the engine is not asked about an empty command.
        if (!runs.equals(command) && !runs.isBlank()) {
            forms.add(runs);
        }
        return new RunForms(forms, doubt);
    }

    /** {@code s} without JavaScript white space at either end. */
    static String jsTrim(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isJsSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isJsSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isJsSpace(char c) {
        return JS_SPACE.matcher(String.valueOf(c)).matches();
    }
}
