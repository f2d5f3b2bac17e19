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
 * {@code Directory.CreateDirectory(P)} is {@code New-Item -ItemType Directory P};
 * {@code WriteAllBytes(P, B)} with literal bytes or one variable and {@code [IO.StreamWriter]::new(P[, $true])}
 * are {@code Set-Content P}. The streams opened on a file ({@code [IO.File]::OpenRead/OpenText/Open(P)},
 * {@code [IO.FileStream]::new(P, …)}, {@code [IO.StreamReader]::new(P)}, and the last two by
 * {@code New-Object}) are read as {@code Get-Content P} for the rules, staying unknown themselves:
 * a credential file read through a stream meets the credential rules (SW4022, SW4006).
 *
 * <p>The one table of these calls is {@link #CALLS}: which calls {@link PsDotNet} reads as which
 * cmdlet ({@link #methods}) and which of them it reads whole ({@link #known}) come from it, so the
 * two cannot disagree.
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

    /**
     * {@code (Join-Path $PWD 'x.txt')}: the current folder joined with one single-quoted literal,
     * read by {@link PsDotNet} as {@code "$PWD\x.txt"} (a {@code ..} in it is judged there as in that form).
     */
    static final String JOIN_PWD = "\\(\\s*(?i:join-path)\\s+(?i:\\$pwd)\\s+'([^'\"`$\u2018\u2019\u201A\u201B\u201C\u201D\u201E]*)'\\s*\\)";
    /** A quoted path without expansion, {@code "$PWD\…"}, or {@link #JOIN_PWD}. */
    private static final String PATH = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"(?:\\$PWD[\\\\/])?[^\"`$\u201C\u201D\u201E]*\"|"
            + JOIN_PWD.replace("([^", "(?:[^") + ")";
    /** A quoted text without expansion. */
    private static final String TEXT = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`$\u201C\u201D\u201E]*\")";
    /** The text argument: a string, a list of strings, or one plain variable. */
    private static final String CONTENT = "(?:" + TEXT + "|@?\\(\\s*" + TEXT + "(?:\\s*,\\s*" + TEXT + ")*\\s*\\)|\\$[A-Za-z_][A-Za-z0-9_]*)";
    /** The bytes argument: a literal list of numbers ({@code [byte[]](1,2)}, {@code @(1,2)}) or one plain variable. */
    private static final String BYTES = "(?:(?:\\[byte\\[\\]\\]\\s*)?@?\\(\\s*\\d+(?:\\s*,\\s*\\d+)*\\s*\\)|\\$[A-Za-z_][A-Za-z0-9_]*)";
    /** A named encoding property. */
    private static final String ENCODING = "(?:\\s*,\\s*\\[(?:system\\.)?text\\.encoding\\]::(?:utf8|ascii|unicode|utf32|bigendianunicode))?";

    private static final Pattern CALL = Pattern.compile("(?i)^\\[(?:system\\.)?io\\.(file|directory|streamwriter)\\]::(\\w+)$");
    private static final Pattern ONE_PATH = Pattern.compile("^\\(\\s*(" + PATH + ")\\s*\\)$");
    private static final Pattern PATH_AND_TEXT = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*,\\s*" + CONTENT + ENCODING + "\\s*\\)$");
    private static final Pattern PATH_AND_BYTES = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*,\\s*" + BYTES + "\\s*\\)$");
    private static final Pattern TWO_PATHS = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*,\\s*(" + PATH + ")\\s*(?:,\\s*\\$(?:true|false)\\s*)?\\)$");
    private static final Pattern PATH_AND_FLAG = Pattern.compile("(?i)^\\(\\s*(" + PATH + ")\\s*(?:,\\s*\\$(?:true|false)\\s*)?\\)$");

    /** What a call does, as {@link PsDotNet} reads it. */
    enum Kind {
        /** {@code Get-Content P}. */
        READ,
        /** {@code Set-Content P} (or what the text written says: a download, a decode, a copy). */
        WRITE,
        /** {@code Copy-Item}/{@code Move-Item A B}. */
        COPY,
        /** {@code Remove-Item P}. */
        DELETE,
        /** {@code New-Item -ItemType Directory P}. */
        MKDIR
    }

    /**
     * One call: its type ({@code file}, {@code directory}, {@code streamwriter}), its method in
     * lower case, what it does, and the arguments with which it is read whole (null: read for the
     * rules, but the call stays unknown, as a stream it returns is).
     */
    record Call(String type, String method, Kind kind, Pattern whole) {
    }

    /** The table: every {@code [IO.File]}/{@code [IO.Directory]}/{@code [IO.StreamWriter]}/{@code [IO.StreamReader]}/{@code [IO.FileStream]} call read. */
    static final java.util.List<Call> CALLS = java.util.List.of(
            new Call("file", "readalltext", Kind.READ, ONE_PATH),
            new Call("file", "readalllines", Kind.READ, ONE_PATH),
            new Call("file", "readallbytes", Kind.READ, ONE_PATH),
            new Call("file", "readlines", Kind.READ, ONE_PATH),
            new Call("file", "openread", Kind.READ, null),
            new Call("file", "opentext", Kind.READ, null),
            // a stream opened on the file: Open(P, MODE[, ACCESS]) and a FileStream may also write
            // (mode Create, access Write), read here as reads for the rules; the call stays unknown
            new Call("file", "open", Kind.READ, null),
            new Call("filestream", "new", Kind.READ, null),
            new Call("streamreader", "new", Kind.READ, null),
            new Call("file", "writealltext", Kind.WRITE, PATH_AND_TEXT),
            new Call("file", "writealllines", Kind.WRITE, PATH_AND_TEXT),
            new Call("file", "appendalltext", Kind.WRITE, PATH_AND_TEXT),
            new Call("file", "appendalllines", Kind.WRITE, PATH_AND_TEXT),
            new Call("file", "writeallbytes", Kind.WRITE, PATH_AND_BYTES),
            new Call("file", "appendtext", Kind.WRITE, ONE_PATH),
            new Call("file", "create", Kind.WRITE, ONE_PATH),
            new Call("file", "createtext", Kind.WRITE, ONE_PATH),
            new Call("file", "openwrite", Kind.WRITE, ONE_PATH),
            new Call("streamwriter", "new", Kind.WRITE, PATH_AND_FLAG),
            new Call("file", "copy", Kind.COPY, TWO_PATHS),
            new Call("file", "move", Kind.COPY, TWO_PATHS),
            // Replace(A, B, BACKUP): read as Move-Item A B for the rules; its third argument (where B's
            // old content goes) is not read, so the call itself stays unknown.
            new Call("file", "replace", Kind.COPY, null),
            new Call("file", "delete", Kind.DELETE, ONE_PATH),
            new Call("directory", "delete", Kind.DELETE, PATH_AND_FLAG),
            new Call("directory", "createdirectory", Kind.MKDIR, ONE_PATH));

    /**
     * The calls of {@code kind} on {@code type}, as a regex alternation of their method names
     * ({@code writealltext|writealllines|…}) for {@link PsDotNet}'s patterns.
     */
    static String methods(String type, Kind kind) {
        return CALLS.stream().filter(c -> c.type().equals(type) && c.kind() == kind).map(Call::method)
                .collect(java.util.stream.Collectors.joining("|"));
    }

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
        Matcher m = CALL.matcher(method);
        if (!m.matches()) {
            return false;
        }
        String type = m.group(1).toLowerCase(Locale.ROOT);
        String name = m.group(2).toLowerCase(Locale.ROOT);
        for (Call c : CALLS) {
            if (c.type().equals(type) && c.method().equals(name)) {
                return c.whole() != null && plainPaths(c.whole().matcher(arguments));
            }
        }
        return false;
    }
}
