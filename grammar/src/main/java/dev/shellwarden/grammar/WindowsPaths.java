package dev.shellwarden.grammar;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The file a Windows path names, from its letters alone: the one canonicaliser the grammar's
 * {@code [IO.File]} reading ({@code ps.PsFileCalls}) and the engine's PowerShell path facts
 * ({@code PathFacts.fromWindows}) share, so that a cmdlet and a .NET call cannot read a spelling
 * differently.
 *
 * <p>Windows names a file without regard to case ({@code .GIT\HOOKS} is {@code .git\hooks}), drops
 * the dots and blanks a path part ends with ({@code .claude.\settings.json} and
 * {@code '.claude \settings.json'} are {@code .claude\settings.json}; {@code '. '} and
 * {@code '...'} are the current folder, {@code '.. '} the parent), and answers an 8.3 short name
 * ({@code CLAUDE~1}, {@code VSCODE~1}) with the long name it was given, which the text does not say.
 *
 * <p>Fail closed: a short name whose long form is not known here is no name at all: it is read as a
 * value known only at run time (a {@code $} part), which the write and delete rules ask about.
 * A part holding a variable, a wildcard or a drive is left as it is.
 */
public final class WindowsPaths {

    private WindowsPaths() {
    }

    /** An 8.3 short name: up to six letters, a tilde, a digit, an extension of up to three letters. */
    private static final Pattern SHORT_NAME = Pattern.compile("(?i)[^\\\\/:*?\"<>|~.\\s]{1,6}~[0-9]+(\\.[^\\\\/:*?\"<>|.\\s]{0,3})?");

    /**
     * The Windows places the checks compare, in the one spelling they are written in, by their
     * lower-case place from the drive root ({@code *} any profile's name). Windows ignores case, so
     * {@code C:\USERS\dev\.SSH} is the profile's {@code .ssh}: every spelling of these folders is
     * written as here before a rule compares it.
     */
    private static final java.util.Map<String, String> PLACES = java.util.Map.ofEntries(
            java.util.Map.entry("/users", "Users"), java.util.Map.entry("/users/public", "Public"),
            java.util.Map.entry("/windows", "Windows"), java.util.Map.entry("/windows/system32", "System32"),
            java.util.Map.entry("/windows/syswow64", "SysWOW64"), java.util.Map.entry("/program files", "Program Files"),
            java.util.Map.entry("/program files (x86)", "Program Files (x86)"), java.util.Map.entry("/programdata", "ProgramData"),
            java.util.Map.entry("/users/*/appdata", "AppData"), java.util.Map.entry("/users/*/documents", "Documents"),
            java.util.Map.entry("/users/*/appdata/local", "Local"), java.util.Map.entry("/users/*/appdata/locallow", "LocalLow"),
            java.util.Map.entry("/users/*/appdata/roaming", "Roaming"), java.util.Map.entry("/users/*/appdata/local/temp", "Temp"));

    /** What an unknown short name part becomes: a value only known at run time. */
    static final String UNKNOWN_SHORT = "$SHORTNAME~";

    /** True when {@code part} (one path part) is an 8.3 short name. */
    public static boolean isShortName(String part) {
        return SHORT_NAME.matcher(part).matches();
    }

    /** True when some part of {@code path} is an 8.3 short name. */
    public static boolean hasShortName(String path) {
        for (String part : path.split("[\\\\/]", -1)) {
            if (isShortName(part)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One path part as Windows names it: trailing dots and blanks dropped; a part of dots and
     * blanks alone is {@code .} or {@code ..} ({@code ...} and {@code '. '} the current folder,
     * {@code '.. '} the parent); a part with a variable, an escape or a drive colon comes back as
     * written.
     */
    public static String part(String part) {
        if (part.isEmpty() || part.indexOf('$') >= 0 || part.indexOf('%') >= 0 || part.indexOf('`') >= 0 || part.indexOf(':') >= 0
                || part.equals("~")) {
            return part;
        }
        if (part.chars().allMatch(ch -> ch == '.' || ch == ' ')) {
            return part.strip().equals("..") ? ".." : ".";
        }
        return part.replaceFirst("[. ]+$", "");
    }

    /** True for a dot folder or file ({@code .git}, {@code .SSH}), not {@code .} or {@code ..}. */
    private static boolean dotName(String part) {
        return part.length() > 1 && part.charAt(0) == '.' && !part.equals("..");
    }

    /**
     * {@code path} (separators {@code \} or {@code /}, each kept) with every part read by
     * {@link #part}, every 8.3 short name made a run-time value ({@code CLAUDE~1\x} is
     * {@code $SHORTNAME~claude~1\x}), and the first dot folder and all below it in lower case
     * ({@code .GIT\HOOKS\x} is {@code .git\hooks\x}, {@code $HOME\.SSH} is {@code $HOME\.ssh}):
     * the file Windows opens, in the letters the rules compare. WHY lower case only there: the
     * rules name the tools' and agents' dot folders and what is in them in lower case, while the
     * system folders above them are written in the one spelling of {@link #PLACES}
     * ({@code C:\USERS\dev\APPDATA\ROAMING} is {@code C:\Users\dev\AppData\Roaming}), the case
     * the Windows-place predicates are written in.
     */
    public static String canonical(String path) {
        StringBuilder out = new StringBuilder(path.length());
        boolean below = false;
        int start = 0;
        // where a rooted path stands among the system folders (PLACES' keys), one entry a part; null below them
        java.util.ArrayDeque<String> place = null;
        for (int i = 0; i <= path.length(); i++) {
            if (i == path.length() || path.charAt(i) == '\\' || path.charAt(i) == '/') {
                String raw = path.substring(start, i);
                String p = isShortName(raw) ? UNKNOWN_SHORT + raw.toLowerCase(Locale.ROOT) : part(raw);
                if (start == 0) {
                    // a rooted path (`\x`, `C:\x`, `C:`) or the profile (`~`)
                    place = p.isEmpty() || p.matches("[A-Za-z]:") ? new java.util.ArrayDeque<>(java.util.List.of(""))
                            : p.equals("~") ? new java.util.ArrayDeque<>(java.util.List.of("", "/users", "/users/*")) : null;
                } else if (place != null && !below && !p.isEmpty() && !p.equals(".")) {
                    if (p.equals("..")) {
                        if (place.size() > 1) {
                            place.pop();
                        }
                    } else {
                        String key = place.peek() == null ? null : place.peek() + "/" + p.toLowerCase(Locale.ROOT);
                        if ("/documents and settings".equals(key)) {
                            key = "/users"; // the junction Windows keeps to C:\Users (C:\DOCUME~1 too)
                        }
                        String name = key == null ? null : PLACES.get(key);
                        if (name != null) {
                            p = name;
                        } else if (key != null && "/users".equals(place.peek())) {
                            key = "/users/*"; // a profile, any name
                        } else {
                            key = null; // below the system folders: no place is compared there
                        }
                        place.push(key == null ? "\u0000" : key);
                    }
                }
                below |= dotName(p);
                out.append(below ? p.toLowerCase(Locale.ROOT) : p);
                if (i < path.length()) {
                    out.append(path.charAt(i));
                }
                start = i + 1;
            }
        }
        return out.toString();
    }
}
