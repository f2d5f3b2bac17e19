package dev.shellwarden.grammar;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * Paths read as text, never through the file system: the one lexical normaliser the grammar
 * ({@link ProcPrograms}) and the engine's path facts share, so the two cannot read a spelling
 * differently.
 */
public final class LexicalPaths {

    private LexicalPaths() {
    }

    /** {@code (Join-Path A B …)} or {@code $(Join-Path …)}: the cmdlet and its words. */
    private static final Pattern JOIN_PATH = Pattern.compile(
            "(?is)^\\$?\\(\\s*(?:Microsoft\\.PowerShell\\.Management\\\\)?Join-Path\\s+(.+?)\\s*\\)$");

    /** {@code ([IO.Path]::Combine(A, B, …))} (also System.IO.Path, and Path.Join): the argument list. */
    private static final Pattern PATH_COMBINE = Pattern.compile(
            "(?is)^\\$?\\(\\s*\\[(?:System\\.)?IO\\.Path\\]::(Combine|Join)\\s*\\((.*)\\)\\s*\\)$");

    /**
     * {@code (Split-Path $PROFILE)} (also {@code -Parent}, {@code -Path}, {@code $(…)} and the
     * current user's {@code $PROFILE.CurrentUserAllHosts}/{@code …CurrentHost}): the folder
     * PowerShell loads the user's profile scripts from.
     */
    private static final Pattern PROFILE_FOLDER = Pattern.compile(
            "(?i)\\$?\\(\\s*(?:Microsoft\\.PowerShell\\.Management\\\\)?Split-Path\\s+(?:-Parent\\s+)?(?:-Path\\s+)?"
            + "\\$PROFILE(?:\\.CurrentUser(?:All|Current)Hosts?)?(?:\\s+-Parent)?\\s*\\)");

    /**
     * What {@link #PROFILE_FOLDER} is read as: PowerShell 7's folder on Windows. Windows PowerShell's
     * ({@code Documents\WindowsPowerShell}), a redirected Documents folder and Linux's
     * ({@code ~/.config/powershell}) are other folders below the home directory, read the same way
     * (outside the project); the profile scripts' own names in it are what the persistence rule sees.
     */
    static final String PROFILE_FOLDER_PATH = "$HOME\\Documents\\PowerShell";

    /** {@code $env:HOMEDRIVE} in the spellings a joined part takes. */
    private static final Pattern HOME_DRIVE = Pattern.compile("(?i)\\$(?:env:homedrive|\\{env:homedrive\\})");
    /** {@code $env:HOMEPATH} in the spellings a joined part takes. */
    private static final Pattern HOME_PATH = Pattern.compile("(?i)\\$(?:env:homepath|\\{env:homepath\\})");

    /** A part of a joined path read as written: a plain or quoted word with no expression in it. */
    private static final Pattern JOIN_PART = Pattern.compile(
            "(?s)'[^'$`]*'|\"[^\"`()]*\"|[^\\s'\"`(){};|,@]+");

    /**
     * The path a PowerShell word computes by joining parts it spells out, as PowerShell would
     * give it: {@code (Join-Path $HOME .ssh)} is {@code $HOME\.ssh},
     * {@code ([IO.Path]::Combine($PWD, 'dist'))} is {@code $PWD\dist}, so the path readings judge
     * the folder itself rather than an unknown value. Null when the word is no such join or a
     * part is an expression, a variable after the first part, or (Join-Path) rooted after the
     * first: then the word stays computed (fail closed). Combine restarts at a rooted part, as .NET does.
     */
    public static String psJoinedPath(String word) {
        String w = word.trim();
        if (!w.endsWith(")") || w.length() < 12) {
            return null;
        }
        java.util.regex.Matcher m = JOIN_PATH.matcher(w);
        boolean combine = !m.matches();
        if (combine && !(m = PATH_COMBINE.matcher(w)).matches()) {
            return null;
        }
        // (Split-Path $PROFILE) is the folder of the user's profile scripts: a part written out
        String body = PROFILE_FOLDER.matcher(m.group(combine ? 2 : 1)).replaceAll(java.util.regex.Matcher.quoteReplacement(PROFILE_FOLDER_PATH));
        java.util.List<String> tokens = joinTokens(body);
        java.util.List<String> parts = tokens == null ? null : combine ? combineParts(tokens) : joinPathParts(tokens);
        if (parts == null || parts.size() < 2) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            String p = unquoted(parts.get(i));
            if (i == 1 && HOME_PATH.matcher(p).matches() && HOME_DRIVE.matcher(out).matches()) {
                // HOMEPATH is rooted on HOMEDRIVE (`\Users\me`): Join-Path and Combine both give the
                // profile (Combine drops the drive, leaving the profile on the current drive)
                out.setLength(0);
                out.append("$env:HOMEDRIVE$env:HOMEPATH");
                continue;
            }
            if (i > 0 && p.contains("$")) {
                return null;
            }
            boolean rooted = p.startsWith("\\") || p.startsWith("/") || p.startsWith("~") || p.matches("(?s)[A-Za-z]:.*");
            if (i > 0 && rooted) {
                if (!combine) {
                    return null;
                }
                out.setLength(0);
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '\\' && out.charAt(out.length() - 1) != '/') {
                out.append('\\');
            }
            out.append(p);
        }
        return out.toString();
    }

    /**
     * The words of a Join-Path command line or a Combine argument list: each {@link #JOIN_PART}
     * and each comma, blanks between them skipped; null when some text is neither.
     */
    private static java.util.List<String> joinTokens(String rest) {
        java.util.List<String> tokens = new java.util.ArrayList<>();
        java.util.regex.Matcher t = JOIN_PART.matcher(rest);
        int at = 0;
        while (at < rest.length()) {
            char ch = rest.charAt(at);
            if (Character.isWhitespace(ch) || ch == ',') {
                if (ch == ',') {
                    tokens.add(",");
                }
                at++;
                continue;
            }
            if (!t.find(at) || t.start() != at) {
                return null;
            }
            tokens.add(t.group());
            at = t.end();
        }
        return tokens;
    }

    /**
     * Join-Path's parts in joining order: positional words, and the values of {@code -Path},
     * {@code -ChildPath}, {@code -AdditionalChildPath} (any unique prefix; {@code -Path} names the
     * base wherever it is written); null for a comma or any other parameter.
     */
    private static java.util.List<String> joinPathParts(java.util.List<String> tokens) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        String pendingName = null;
        for (String tok : tokens) {
            if (tok.equals(",")) {
                return null;
            }
            String l = tok.toLowerCase(java.util.Locale.ROOT);
            if (tok.startsWith("-") && tok.length() > 1 && !tok.contains("\\") && !tok.contains("/")) {
                boolean pathParam = l.length() >= 2 && ("-path".startsWith(l) || "-childpath".startsWith(l)
                        || "-additionalchildpath".startsWith(l)) && !"-".equals(l);
                if (!pathParam || pendingName != null) {
                    return null; // -Resolve, -Credential, -Relative…: read as computed
                }
                pendingName = l;
                continue;
            }
            if (pendingName != null && "-path".startsWith(pendingName)) {
                parts.add(0, tok); // -Path names the base wherever it is written
            } else {
                parts.add(tok);
            }
            pendingName = null;
        }
        return pendingName != null ? null : parts;
    }

    /** Combine's arguments: parts separated by single commas; null for an empty or doubled one. */
    private static java.util.List<String> combineParts(java.util.List<String> tokens) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).equals(",") != (i % 2 == 1)) {
                return null;
            }
            if (i % 2 == 0) {
                parts.add(tokens.get(i));
            }
        }
        return tokens.size() % 2 == 1 ? parts : null;
    }

    /** A word without its one pair of outer quotes (single or double). */
    public static String unquoted(String w) {
        if (w.length() >= 2 && (w.startsWith("'") && w.endsWith("'") || w.startsWith("\"") && w.endsWith("\""))) {
            return w.substring(1, w.length() - 1);
        }
        return w;
    }

    private static final Pattern SLASHES = Pattern.compile("/+");

    /**
     * Normalises a path lexically: collapses {@code //}, resolves {@code .} and {@code ..} (never
     * above the root) and drops a trailing slash. Relative paths stay relative ({@code .} when
     * nothing is left).
     */
    public static String normalize(String path) {
        if (path.isEmpty()) {
            return path;
        }
        boolean absolute = path.startsWith("/");
        Deque<String> parts = new ArrayDeque<>();
        for (String p : SLASHES.split(path)) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (!parts.isEmpty() && !parts.peekLast().equals("..")) {
                    parts.removeLast();
                } else if (!absolute) {
                    parts.addLast("..");
                }
            } else {
                parts.addLast(p);
            }
        }
        String joined = String.join("/", parts);
        return absolute ? "/" + joined : (joined.isEmpty() ? "." : joined);
    }
}
