package dev.shellwarden.engine.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Windows registry key named by a command's word, in any of its spellings: PowerShell's drive
 * ({@code HKCU:\Software\Google}, {@code hkcu:/software}), its provider path
 * ({@code Registry::HKEY_CURRENT_USER\Software}), or reg.exe's ({@code HKCU\Software},
 * {@code HKEY_LOCAL_MACHINE\SOFTWARE}); and how much a delete of it takes away ({@link #reach}).
 *
 * <p>WHY: a recursive delete of a hive's top key was denied (SW6016) but a vendor's whole key
 * ({@code HKCU:\Software\Google}, every product's settings), a key of Windows' own settings, a
 * wildcard over every vendor ({@code HKCU:\Software\*}) or the listing of a top key piped into
 * Remove-Item were allowed, typed literally, while a project's own key
 * ({@code HKCU:\Software\MyApp\Test}) must stay everyday.
 *
 * <p>INVARIANT (fail closed): a path component holding a wildcard stands for every key at its
 * level, so it counts as its parent: {@code HKCU:\Software\*} reaches as far as
 * {@code HKCU:\Software}.
 */
public record RegistryKey(String hive, List<String> components) {

    /** How much deleting a key (or every value in it) takes away. */
    public enum Reach {
        /** A key of one product, below its vendor's key: the project's own settings. */
        OWN,
        /** A vendor's whole key, a product under Microsoft's, a settings key of Windows, or any machine-wide key. */
        SHARED,
        /** A hive, one of its top keys, or Software\Microsoft, \Classes, \Policies, SYSTEM\CurrentControlSet. */
        TOP
    }

    private static final Pattern PATH = Pattern.compile(
            "(?i)^[\"']?(?:(?:microsoft\\.powershell\\.core\\\\)?registry::)?"
            + "(HKLM|HKCU|HKCR|HKU|HKCC|HKEY_LOCAL_MACHINE|HKEY_CURRENT_USER|HKEY_CLASSES_ROOT|HKEY_USERS|HKEY_CURRENT_CONFIG)"
            // the drive's colon needs no separator after it: HKLM:Software is HKLM:\Software
            + "(?:(:)[\\\\/]*|[\\\\/]+|(?=[\"']?$))(.*?)[\\\\/]*[\"']?$");

    /** Keys under Software that hold many vendors' or Windows' own keys, one level down. */
    private static final Set<String> SHARED_NAMESPACES = Set.of("microsoft", "policies", "classes", "wow6432node");

    /** The keys under HKLM\SYSTEM that are the machine's whole configuration. */
    private static final Pattern CONTROL_SETS = Pattern.compile("(?i)currentcontrolset|controlset[0-9]+|setup|mounteddevices");

    /** The keys that start programs at logon (their values are the programs). */
    private static final Pattern LOGON_KEY = Pattern.compile(
            "(?i).*\\\\currentversion\\\\(run|runonce|runonceex|runservices|runservicesonce|policies\\\\explorer\\\\run|winlogon)");

    /**
     * The key a word names, or null when it names none. {@code regExe}: the word is reg.exe's,
     * whose keys are written without a drive ({@code HKCU\Software}); a cmdlet's word names a key
     * only with the drive's colon or the provider prefix ({@code HKCU\x} is a relative file path
     * there).
     */
    public static RegistryKey parse(String word, boolean regExe) {
        if (word == null || word.length() < 3 || word.length() > 2000) {
            return null;
        }
        Matcher m = PATH.matcher(word);
        if (!m.matches() || !regExe && m.group(2) == null && !word.toLowerCase(Locale.ROOT).contains("registry::")) {
            return null;
        }
        String hive = switch (m.group(1).toUpperCase(Locale.ROOT)) {
            case "HKEY_LOCAL_MACHINE" -> "HKLM";
            case "HKEY_CURRENT_USER" -> "HKCU";
            case "HKEY_CLASSES_ROOT" -> "HKCR";
            case "HKEY_USERS" -> "HKU";
            case "HKEY_CURRENT_CONFIG" -> "HKCC";
            default -> m.group(1).toUpperCase(Locale.ROOT);
        };
        List<String> parts = new ArrayList<>();
        if (m.group(3) != null) {
            for (String p : m.group(3).split("[\\\\/]+")) {
                if (p.isEmpty() || p.equals(".")) {
                    continue;
                }
                if (p.equals("..")) {
                    if (!parts.isEmpty()) {
                        parts.remove(parts.size() - 1);
                    }
                    continue;
                }
                parts.add(p);
            }
        }
        return new RegistryKey(hive, List.copyOf(parts));
    }

    /** How much a delete of this key, its subkeys and values takes away. */
    public Reach reach() {
        List<String> c = new ArrayList<>();
        for (String p : components) {
            if (p.matches(".*[*?\\[].*")) {
                break; // a wildcard stands for every key at its level: the parent's reach
            }
            c.add(p.toLowerCase(Locale.ROOT));
        }
        // HKU holds one hive per user (a SID or .DEFAULT): read below it as HKCU
        if (hive.equals("HKU")) {
            if (c.size() <= 1) {
                return Reach.TOP;
            }
            c = c.subList(1, c.size());
        }
        int depth = c.size();
        // HKCR's keys are file types and classes, one per program: a key of its own is shared, not top
        if (depth == 0 || depth == 1 && !hive.equals("HKCR")) {
            return Reach.TOP;
        }
        String first = c.get(0);
        if (depth == 2 && first.equals("software") && SHARED_NAMESPACES.contains(c.get(1))
                || depth == 2 && hive.equals("HKLM") && first.equals("system") && CONTROL_SETS.matcher(c.get(1)).matches()) {
            return Reach.TOP;
        }
        if (!hive.equals("HKCU") && !hive.equals("HKU")) {
            return Reach.SHARED; // machine-wide: every user's settings
        }
        if (first.equals("software")) {
            // Software\Vendor, or Software\Microsoft\Product (and the other shared namespaces);
            // a Run key holds the logon programs of every product
            return depth == 2 || depth == 3 && SHARED_NAMESPACES.contains(c.get(1)) || startsProgramsAtLogon() ? Reach.SHARED : Reach.OWN;
        }
        // HKCU\Control Panel\Desktop, HKCU\Console\…: Windows' own settings
        return depth == 2 ? Reach.SHARED : Reach.OWN;
    }

    /** True for a key whose values are programs started at logon (Run, RunOnce, Winlogon). */
    public boolean startsProgramsAtLogon() {
        return LOGON_KEY.matcher("\\" + String.join("\\", components)).matches();
    }

    /**
     * True for a key below a Policies key (Software\Policies, …\CurrentVersion\Policies): group
     * policy settings that switch Windows features and protections on or off for the user.
     */
    public boolean policy() {
        for (String p : components) {
            if (p.equalsIgnoreCase("policies")) {
                return true;
            }
        }
        return false;
    }

    /** True for a key of every user of the machine (HKLM, HKU, HKCR, HKCC). */
    public boolean machineWide() {
        return !hive.equals("HKCU");
    }
}
