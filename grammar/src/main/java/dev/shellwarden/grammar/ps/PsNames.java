package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.Regex;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Command names of PowerShell: the built-in aliases (Windows PowerShell 5.1 defaults, which are a
 * superset of PowerShell 7's) resolved to their cmdlets, and the canonical spelling of common
 * cmdlets, so that {@code rm}, {@code ri}, {@code REMOVE-ITEM} and
 * {@code Microsoft.PowerShell.Management\Remove-Item} all come out as {@code Remove-Item}.
 *
 * <p>Aliases that PowerShell 7 drops on Linux and macOS ({@code rm}, {@code ls}, {@code cat},
 * {@code curl}…) are still resolved: the splitter cannot know the host, and the cmdlet reading is
 * the Windows one; the source spelling stays in {@code Word.raw}.
 */
public final class PsNames {

    private static final Map<String, String> ALIASES = new HashMap<>();
    private static final Map<String, String> CMDLETS = new HashMap<>();

    static {
        String[][] aliases = {
            {"%", "ForEach-Object"}, {"?", "Where-Object"}, {"ac", "Add-Content"},
            {"asnp", "Add-PSSnapin"}, {"cat", "Get-Content"}, {"cd", "Set-Location"},
            {"cfs", "ConvertFrom-String"}, {"chdir", "Set-Location"}, {"clc", "Clear-Content"},
            {"clear", "Clear-Host"}, {"clhy", "Clear-History"}, {"cli", "Clear-Item"},
            {"clp", "Clear-ItemProperty"}, {"cls", "Clear-Host"}, {"clv", "Clear-Variable"},
            {"cnsn", "Connect-PSSession"}, {"compare", "Compare-Object"}, {"copy", "Copy-Item"},
            {"cp", "Copy-Item"}, {"cpi", "Copy-Item"}, {"cpp", "Copy-ItemProperty"},
            {"curl", "Invoke-WebRequest"}, {"cvpa", "Convert-Path"}, {"dbp", "Disable-PSBreakpoint"},
            {"del", "Remove-Item"}, {"diff", "Compare-Object"}, {"dir", "Get-ChildItem"},
            {"dnsn", "Disconnect-PSSession"}, {"ebp", "Enable-PSBreakpoint"}, {"echo", "Write-Output"},
            {"epal", "Export-Alias"}, {"epcsv", "Export-Csv"}, {"epsn", "Export-PSSession"},
            {"erase", "Remove-Item"}, {"etsn", "Enter-PSSession"}, {"exsn", "Exit-PSSession"},
            {"fc", "Format-Custom"}, {"fhx", "Format-Hex"}, {"fl", "Format-List"},
            {"foreach", "ForEach-Object"}, {"ft", "Format-Table"}, {"fw", "Format-Wide"},
            {"gal", "Get-Alias"}, {"gbp", "Get-PSBreakpoint"}, {"gc", "Get-Content"},
            {"gcb", "Get-Clipboard"}, {"gci", "Get-ChildItem"}, {"gcm", "Get-Command"},
            {"gcs", "Get-PSCallStack"}, {"gdr", "Get-PSDrive"}, {"ghy", "Get-History"},
            {"gi", "Get-Item"}, {"gin", "Get-ComputerInfo"}, {"gjb", "Get-Job"},
            {"gl", "Get-Location"}, {"gm", "Get-Member"}, {"gmo", "Get-Module"},
            {"gp", "Get-ItemProperty"}, {"gps", "Get-Process"}, {"gpv", "Get-ItemPropertyValue"},
            {"group", "Group-Object"}, {"gsn", "Get-PSSession"}, {"gsnp", "Get-PSSnapin"},
            {"gsv", "Get-Service"}, {"gtz", "Get-TimeZone"}, {"gu", "Get-Unique"},
            {"gv", "Get-Variable"}, {"gwmi", "Get-WmiObject"}, {"h", "Get-History"},
            {"history", "Get-History"}, {"icm", "Invoke-Command"}, {"iex", "Invoke-Expression"},
            {"ihy", "Invoke-History"}, {"ii", "Invoke-Item"}, {"ipal", "Import-Alias"},
            {"ipcsv", "Import-Csv"}, {"ipmo", "Import-Module"}, {"ipsn", "Import-PSSession"},
            {"irm", "Invoke-RestMethod"}, {"iwmi", "Invoke-WmiMethod"}, {"iwr", "Invoke-WebRequest"},
            {"kill", "Stop-Process"}, {"lp", "Out-Printer"}, {"ls", "Get-ChildItem"},
            {"measure", "Measure-Object"}, {"mi", "Move-Item"}, {"mount", "New-PSDrive"},
            {"move", "Move-Item"}, {"mp", "Move-ItemProperty"}, {"mv", "Move-Item"},
            {"nal", "New-Alias"}, {"ndr", "New-PSDrive"}, {"ni", "New-Item"},
            {"nmo", "New-Module"}, {"nsn", "New-PSSession"}, {"nv", "New-Variable"},
            {"ogv", "Out-GridView"}, {"oh", "Out-Host"}, {"popd", "Pop-Location"},
            {"ps", "Get-Process"}, {"pushd", "Push-Location"}, {"pwd", "Get-Location"},
            {"r", "Invoke-History"}, {"rbp", "Remove-PSBreakpoint"}, {"rcjb", "Receive-Job"},
            {"rcsn", "Receive-PSSession"}, {"rd", "Remove-Item"}, {"rdr", "Remove-PSDrive"},
            {"ren", "Rename-Item"}, {"ri", "Remove-Item"}, {"rjb", "Remove-Job"},
            {"rm", "Remove-Item"}, {"rmdir", "Remove-Item"}, {"rmo", "Remove-Module"},
            {"rni", "Rename-Item"}, {"rnp", "Rename-ItemProperty"}, {"rp", "Remove-ItemProperty"},
            {"rsn", "Remove-PSSession"}, {"rsnp", "Remove-PSSnapin"}, {"rujb", "Resume-Job"},
            {"rv", "Remove-Variable"}, {"rvpa", "Resolve-Path"}, {"rwmi", "Remove-WmiObject"},
            {"sajb", "Start-Job"}, {"sal", "Set-Alias"}, {"saps", "Start-Process"},
            {"sasv", "Start-Service"}, {"sbp", "Set-PSBreakpoint"}, {"sc", "Set-Content"},
            {"scb", "Set-Clipboard"}, {"select", "Select-Object"}, {"set", "Set-Variable"},
            {"shcm", "Show-Command"}, {"si", "Set-Item"}, {"sl", "Set-Location"},
            {"sleep", "Start-Sleep"}, {"sls", "Select-String"}, {"sort", "Sort-Object"},
            {"sp", "Set-ItemProperty"}, {"spjb", "Stop-Job"}, {"spps", "Stop-Process"},
            {"spsv", "Stop-Service"}, {"start", "Start-Process"}, {"stz", "Set-TimeZone"},
            {"sujb", "Suspend-Job"}, {"sv", "Set-Variable"}, {"swmi", "Set-WmiInstance"},
            {"tee", "Tee-Object"}, {"trcm", "Trace-Command"}, {"type", "Get-Content"},
            {"wget", "Invoke-WebRequest"}, {"where", "Where-Object"}, {"wjb", "Wait-Job"},
            {"write", "Write-Output"}, {"gcim", "Get-CimInstance"}, {"gcls", "Get-CimClass"},
            {"icim", "Invoke-CimMethod"}, {"ncim", "New-CimInstance"}, {"rcim", "Remove-CimInstance"},
            {"scim", "Set-CimInstance"}, {"ncms", "New-CimSession"}, {"rcms", "Remove-CimSession"},
            {"gcms", "Get-CimSession"}, {"ncso", "New-CimSessionOption"}, {"md", "mkdir"},
        };
        for (String[] a : aliases) {
            ALIASES.put(a[0], a[1]);
        }
        String[] cmdlets = {
            "Add-Type", "Clear-Disk", "Clear-EventLog", "Clear-RecycleBin", "Compress-Archive",
            "ConvertFrom-Json", "ConvertTo-Json", "ConvertFrom-Csv", "ConvertTo-Csv", "ConvertTo-Html",
            "ConvertTo-Xml", "ConvertFrom-SecureString", "ConvertTo-SecureString", "Disable-PSRemoting",
            "Enable-PSRemoting", "Expand-Archive", "Export-Clixml", "Import-Clixml", "Find-Module",
            "Format-Volume", "Get-Acl", "Get-Counter", "Get-Credential", "Get-Date", "Get-Disk",
            "Get-EventLog", "Get-ExecutionPolicy", "Get-FileHash", "Get-Help", "Get-Host", "Get-HotFix",
            "Get-LocalUser", "Get-NetTCPConnection", "Get-Partition", "Get-PSProvider", "Get-Random",
            "Get-Volume", "Get-WinEvent", "Initialize-Disk", "Install-Module", "Install-Package",
            "Invoke-Item", "Join-Path", "Measure-Command", "New-LocalUser", "New-NetFirewallRule",
            "New-Object", "New-ItemProperty", "New-ScheduledTaskAction", "New-Service",
            "New-TemporaryFile", "Out-File", "Out-Null", "Out-String", "Publish-Module", "Read-Host",
            "Register-ScheduledTask", "Remove-LocalUser", "Remove-NetFirewallRule", "Remove-Partition",
            "Remove-Service", "Rename-Computer", "Resolve-DnsName", "Restart-Computer",
            "Restart-Service", "Save-Module", "Select-Xml", "Send-MailMessage", "Set-Acl",
            "Set-ExecutionPolicy", "Set-MpPreference", "Add-MpPreference", "Set-Service",
            "Split-Path", "Start-BitsTransfer", "Start-Transcript", "Stop-Computer",
            "Stop-Transcript", "Test-Connection", "Test-NetConnection", "Test-Path",
            "Uninstall-Module", "Unregister-ScheduledTask", "Update-Help", "Update-Module",
            "Wait-Process", "Write-Debug", "Write-Error", "Write-Host", "Write-Information",
            "Write-Progress", "Write-Verbose", "Write-Warning", "Add-LocalGroupMember",
            "Set-LocalUser", "Get-Command", "Invoke-Command", "Get-CimInstance", "Get-Service",
            "Get-Process", "Start-Process", "Stop-Process", "Get-ChildItem", "Get-Item", "Get-Content",
            "Set-Content", "Add-Content", "Clear-Content", "Remove-Item", "Copy-Item", "Move-Item",
            "Rename-Item", "New-Item", "Set-Item", "Clear-Item", "Set-ItemProperty",
            "Remove-ItemProperty", "Get-ItemProperty", "Set-Location", "Get-Location", "Push-Location",
            "Pop-Location", "Invoke-WebRequest", "Invoke-RestMethod", "Invoke-Expression",
            "Start-Sleep", "Start-Job", "Receive-Job", "Wait-Job", "Stop-Job", "Remove-Job",
            "Get-Job", "Start-Service", "Stop-Service", "Suspend-Service", "Resume-Service",
            "Select-Object", "Where-Object", "ForEach-Object", "Sort-Object", "Group-Object",
            "Measure-Object", "Compare-Object", "Tee-Object", "Select-String", "Format-Table",
            "Format-List", "Format-Wide", "Format-Custom", "Format-Hex", "Write-Output", "Get-Member",
            "Import-Module", "Remove-Module", "Get-Module", "New-Module", "Export-Csv", "Import-Csv",
            "Set-Variable", "Get-Variable", "New-Variable", "Remove-Variable", "Clear-Variable",
            "Set-Alias", "New-Alias", "Get-Alias", "Export-Alias", "Import-Alias", "New-PSDrive",
            "Get-PSDrive", "Remove-PSDrive", "New-PSSession", "Enter-PSSession", "Exit-PSSession",
            "Remove-PSSession", "Get-PSSession", "Invoke-WmiMethod", "Get-WmiObject",
            "Remove-WmiObject", "Set-WmiInstance", "Invoke-CimMethod", "Remove-CimInstance",
            "New-CimInstance", "Set-CimInstance", "Resolve-Path", "Convert-Path", "Clear-Host",
            "Clear-History", "Get-History", "Invoke-History", "Get-Clipboard", "Set-Clipboard",
            "Get-ComputerInfo", "Get-TimeZone", "Set-TimeZone", "Get-Unique", "Out-GridView",
            "Out-Host", "Out-Printer", "Trace-Command", "Show-Command", "Copy-ItemProperty",
            "Move-ItemProperty", "Rename-ItemProperty", "Clear-ItemProperty", "Get-ItemPropertyValue",
            "Get-PSCallStack", "Set-PSBreakpoint", "Get-PSBreakpoint", "Remove-PSBreakpoint",
            "Enable-PSBreakpoint", "Disable-PSBreakpoint", "Suspend-Job", "Resume-Job",
            "Add-PSSnapin", "Get-PSSnapin", "Remove-PSSnapin", "Connect-PSSession",
            "Disconnect-PSSession", "Receive-PSSession", "Export-PSSession", "Import-PSSession",
            "ConvertFrom-String", "Get-CimClass", "New-CimSession", "Remove-CimSession",
            "Get-CimSession", "New-CimSessionOption", "Get-Error", "Get-Culture", "Get-UICulture",
            "Set-StrictMode", "Wait-Event", "Get-Event", "Register-ObjectEvent", "Unblock-File",
            "Get-AuthenticodeSignature", "Set-AuthenticodeSignature", "Set-Date", "Get-Uptime",
            "Test-Json", "Get-PSReadLineOption", "Set-PSReadLineOption", "Update-TypeData",
            "Update-FormatData", "Invoke-Pester", "Set-PSDebug", "Get-TypeData", "Out-Default",
        };
        for (String c : cmdlets) {
            CMDLETS.put(c.toLowerCase(Locale.ROOT), c);
        }
        for (String c : ALIASES.values()) {
            CMDLETS.putIfAbsent(c.toLowerCase(Locale.ROOT), c);
        }
    }

    /** Commands that run a script block argument in the caller's session. */
    private static final Set<String> BLOCK_RUNNERS = Set.of(
            "ForEach-Object", "Where-Object", "Invoke-Command", "Start-Job", "Measure-Command",
            "Trace-Command");

    private PsNames() {
    }

    /**
     * The canonical name of a command as PowerShell would resolve it without user definitions: an
     * alias becomes its cmdlet, a known cmdlet gets its documented spelling, a module-qualified
     * cmdlet ({@code Module\Verb-Noun}) loses its module; anything else is returned unchanged.
     */
    public static String canonical(String name) {
        String lower = PsText.dashes(name).toLowerCase(Locale.ROOT);
        String alias = ALIASES.get(lower);
        if (alias != null) {
            return alias;
        }
        String cmdlet = CMDLETS.get(lower);
        if (cmdlet != null) {
            return cmdlet;
        }
        int slash = lower.lastIndexOf('\\');
        if (slash > 0 && Regex.matches(lower.substring(0, slash), "[A-Za-z][A-Za-z0-9_.]*")) {
            String qualified = CMDLETS.get(lower.substring(slash + 1));
            if (qualified != null) {
                return qualified;
            }
        }
        return name;
    }

    /**
     * The known cmdlets whose name, or one of whose built-in aliases, a {@code Get-Command}
     * wildcard ({@code *}, {@code ?}, {@code [a-z]}) matches, any case; sorted, no duplicates.
     */
    public static java.util.SortedSet<String> cmdletsMatching(String wildcard) {
        StringBuilder re = new StringBuilder("(?i)");
        for (int i = 0; i < wildcard.length(); i++) {
            char c = wildcard.charAt(i);
            int close = c == '[' ? wildcard.indexOf(']', i + 1) : -1;
            if (c == '*') {
                re.append(".*");
            } else if (c == '?') {
                re.append('.');
            } else if (close > i + 1 && Regex.matches(wildcard.substring(i + 1, close), "[A-Za-z0-9-]+")) {
                re.append(wildcard, i, close + 1);
                i = close;
            } else {
                re.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        java.util.regex.Pattern p = java.util.regex.Pattern.compile(re.toString());
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        for (String c : CMDLETS.values()) {
            if (p.matcher(c).matches()) {
                out.add(c);
            }
        }
        for (Map.Entry<String, String> a : ALIASES.entrySet()) {
            if (p.matcher(a.getKey()).matches()) {
                out.add(a.getValue());
            }
        }
        return out;
    }

    /** True when {@code name} (any case) is a built-in alias. */
    public static boolean isAlias(String name) {
        return ALIASES.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** True when the canonical name is a cmdlet this table knows, or has the Verb-Noun shape. */
    public static boolean isCmdletLike(String canonical) {
        return CMDLETS.containsKey(canonical.toLowerCase(Locale.ROOT))
                || Regex.matches(canonical, "[A-Za-z]+-[A-Za-z][A-Za-z0-9]*");
    }

    /** True when the cmdlet runs script-block arguments (ForEach-Object, Invoke-Command…). */
    public static boolean runsBlocks(String canonical) {
        return BLOCK_RUNNERS.contains(canonical);
    }

    /**
     * The lower-case base name of a native program: directory and a {@code .exe}/{@code .cmd}/
     * {@code .bat}/{@code .com} extension removed ({@code C:\Windows\System32\cmd.exe} → {@code cmd}),
     * and {@code .ps1} from a name looked up on the PATH ({@code npx.ps1}, the shim npm installs
     * beside {@code npx.cmd}). A bare {@code .exe} stays {@code .exe}, as the engine reads it
     * ({@link dev.shellwarden.grammar.bash.Names#withoutWindowsSuffix}).
     */
    public static String nativeBase(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        int cut = Math.max(lower.lastIndexOf('\\'), lower.lastIndexOf('/'));
        String base = lower.substring(cut + 1);
        String program = dev.shellwarden.grammar.bash.Names.withoutWindowsSuffix(base);
        if (program != null) {
            return program;
        }
        if (cut < 0 && base.endsWith(".ps1") && base.length() > 4) {
            return base.substring(0, base.length() - 4);
        }
        return base;
    }

    /** True when {@code canonical} is a cmdlet this table knows (a native program or script is not). */
    public static boolean isKnownCmdlet(String canonical) {
        return CMDLETS.containsKey(canonical.toLowerCase(Locale.ROOT));
    }

    /**
     * The name a native program is judged by when it is looked up on the PATH: lower case, without
     * a {@code .ps1} suffix ({@code NPX}, {@code Npm}, {@code npx.ps1} → {@code npx}; Windows finds
     * files whatever their case). Cmdlets, cmdlet-shaped names and paths are returned unchanged.
     */
    public static String nativeName(String canonical) {
        if (canonical.indexOf('\\') >= 0 || canonical.indexOf('/') >= 0 || isCmdletLike(canonical)
                || !Regex.matches(canonical, "[A-Za-z0-9_][A-Za-z0-9_.+-]*")) {
            return canonical;
        }
        String lower = canonical.toLowerCase(Locale.ROOT);
        return lower.endsWith(".ps1") && lower.length() > 4 ? lower.substring(0, lower.length() - 4) : lower;
    }
}
