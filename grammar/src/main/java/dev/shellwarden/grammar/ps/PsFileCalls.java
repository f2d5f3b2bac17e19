package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.WindowsPaths;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [IO.File]}/{@code [IO.Directory]} static calls that are no unknown call because
 * {@link PsDotNet} reads them whole as the cmdlet they amount to: {@code ReadAll…(P)} is
 * {@code Get-Content P}; {@code WriteAllText/WriteAllLines/AppendAllText/AppendAllLines(P, T[, ENC])}
 * and {@code Create/CreateText/OpenWrite/AppendText(P)} are {@code Set-Content P};
 * {@code Copy/Move(A, B[, $true])} are {@code Copy-Item}/{@code Move-Item}; {@code File.Delete(P)}
 * is {@code Remove-Item P}; {@code Directory.Delete(P[, $true])} is {@code Remove-Item [-Recurse] P};
 * {@code Directory.CreateDirectory(P)} is {@code New-Item -ItemType Directory P}.
 *
 * <p>WHY: such a call asked as an unknown construct (SW1006) even inside the project, where the
 * cmdlet it amounts to is allowed; read as that cmdlet, it meets the same write, delete,
 * persistence and self-protection rules (SW2030/SW2031, SW6003, SW6008, SW8010…).
 *
 * <p>Fail closed: every path is a quoted string without expansion (or {@code "$PWD\…"}); the text
 * written is quoted strings without expansion, a list of them, or one plain variable (what the file
 * holds is then unknown, so a later run of it still asks); the only encoding is a named
 * {@code [Text.Encoding]} property. A computed method name ({@code [IO.File]::('Write'+'AllText')}),
 * reflection, a stream, bytes, or any other argument leaves the call unknown (it asks).
 */
final class PsFileCalls {

    private PsFileCalls() {
    }

    /** A quoted path without expansion, or {@code "$PWD\…"}. */
    private static final String PATH = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"(?:\\$PWD[\\\\/])?[^\"`$\u201C\u201D\u201E]*\")";
    /** A quoted text without expansion. */
    private static final String TEXT = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`$\u201C\u201D\u201E]*\")";
    /** The text argument: a string, a list of strings, or one plain variable. */
    private static final String CONTENT = "(?:" + TEXT + "|@?\\(\\s*" + TEXT + "(?:\\s*,\\s*" + TEXT + ")*\\s*\\)|\\$[A-Za-z_][A-Za-z0-9_]*)";
    /** A named encoding property. */
    private static final String ENCODING = "(?:\\s*,\\s*\\[(?:system\\.)?text\\.encoding\\]::(?:utf8|ascii|unicode|utf32|bigendianunicode))?";

    private static final Pattern CALL = Pattern.compile("(?i)^\\[(?:system\\.)?io\\.(file|directory)\\]::(\\w+)$");
    private static final Pattern ONE_PATH = Pattern.compile("^\\(\\s*(" + PATH + ")\\s*\\)$");
    private static final Pattern PATH_AND_TEXT = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*,\\s*" + CONTENT + ENCODING + "\\s*\\)$");
    private static final Pattern TWO_PATHS = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*,\\s*(" + PATH + ")\\s*(?:,\\s*\\$(?:true|false)\\s*)?\\)$");
    private static final Pattern PATH_AND_FLAG = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*(?:,\\s*\\$(?:true|false)\\s*)?\\)$");
    /**
     * True when every path group of {@code m} (1 and, when present, 2) names a file whose long name
     * the text gives: case, trailing dots and blanks are read as the cmdlets' paths are
     * ({@link WindowsPaths#canonical}); an 8.3 short name ({@code CLAUDE~1}, {@code PROGRA~1})
     * leaves the call unknown.
     */
    private static boolean plainPaths(Matcher m) {
        if (!m.matches()) {
            return false;
        }
        for (int g = 1; g <= m.groupCount(); g++) {
            String quoted = m.group(g);
            if (quoted != null && WindowsPaths.hasShortName(quoted.substring(1, quoted.length() - 1).replace("''", "'"))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when {@code method} (the call word as decoded, {@code [IO.File]::WriteAllText}) called
     * with {@code arguments} (its parenthesised source) is read whole by {@link PsDotNet}.
     */
    static boolean known(String method, String arguments) {
        java.util.regex.Matcher m = CALL.matcher(method);
        if (!m.matches()) {
            return false;
        }
        String type = m.group(1).toLowerCase(Locale.ROOT);
        String name = m.group(2).toLowerCase(Locale.ROOT);
        if (type.equals("file")) {
            return switch (name) {
                case "readalltext", "readalllines", "readallbytes", "readlines", "create", "createtext", "openwrite",
                        "appendtext", "delete" -> plainPaths(ONE_PATH.matcher(arguments));
                case "writealltext", "writealllines", "appendalltext", "appendalllines" -> plainPaths(PATH_AND_TEXT.matcher(arguments));
                case "copy", "move" -> plainPaths(TWO_PATHS.matcher(arguments));
                default -> false;
            };
        }
        return switch (name) {
            case "createdirectory" -> plainPaths(ONE_PATH.matcher(arguments));
            case "delete" -> plainPaths(PATH_AND_FLAG.matcher(arguments));
            default -> false;
        };
    }
}
