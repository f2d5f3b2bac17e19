package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.AnsiC;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * .NET and COM calls that do what a program or a cmdlet does, read as that program or cmdlet:
 * {@code [Diagnostics.Process]::Start(F, A)}, {@code WScript.Shell}'s {@code .Run(L)} and
 * {@code .Exec(L)}, {@code Shell.Application}'s {@code .ShellExecute(F, A)} and
 * {@code MMC20.Application}'s {@code .ExecuteShellCommand(F, _, A)} start {@code F A} (as
 * {@code Start-Process} does); {@code WebClient.DownloadFile(U, P)} is {@code Invoke-WebRequest
 * U -OutFile P} and its {@code DownloadString(U)}/{@code DownloadData(U)} are {@code Invoke-RestMethod U}
 * (the text kept in a variable is followed to where it runs); {@code [IO.File]::Copy/Move(A, B)} is {@code Copy-Item}/{@code Move-Item};
 * {@code $ExecutionContext.InvokeProvider.Item.Remove(P, $true)} is {@code Remove-Item P -Recurse},
 * and so are {@code [IO.Directory]::Delete(P, $true)}, {@code [IO.DirectoryInfo]::new(P).Delete($true)},
 * {@code (New-Object IO.DirectoryInfo P).Delete($true)}, {@code (Get-Item P).Delete($true)} and
 * VisualBasic's {@code FileSystem]::DeleteDirectory(P, …)} (P also {@code $HOME}, a folder variable
 * or {@code [Environment]::GetFolderPath('UserProfile')});
 * {@code WebClient.UploadFile(U, P)} and a body read from file P sent by {@code UploadData},
 * {@code UploadString} or {@code HttpClient.PostAsync(U, …)} are {@code Invoke-WebRequest U -Method
 * Post -InFile P};
 * {@code [IO.File]::Delete(P)} is {@code Remove-Item P}; {@code [IO.Directory]::CreateDirectory(P)} is
 * {@code New-Item -ItemType Directory P};
 * {@code [IO.File]::ReadAll…(P)} is {@code Get-Content P}; {@code [IO.File]::WriteAll…(P, …)}
 * writes {@code P}: as {@code certutil -decode} when the text written is decoded
 * ({@code FromBase64String}), as {@code Invoke-WebRequest -OutFile P} when it is downloaded, as
 * {@code Get-Content F | Set-Content P} when it is read from file {@code F}, else as
 * {@code Set-Content P}; {@code [Reflection.Assembly]::Load…} of a file, or of bytes downloaded from
 * a URL, is {@code Add-Type -Path} of it; a string cast to {@code [scriptblock]} is its script;
 * a {@code ProcessStartInfo} made with a literal file name (and arguments) starts them, as
 * {@code Process.Start} does: nearly every script that builds one starts it;
 * {@code [Microsoft.Win32.Registry]::SetValue(K, N, …)} is {@code Set-ItemProperty} of value N under
 * key K (a Run key is persistence, as the cmdlet's is). C# given to
 * {@code Add-Type} is read by {@link #readCSharp}.
 *
 * <p>WHY: the splitter keeps such a call opaque (it asks), but the floor and the conjunction rules
 * never saw the program it starts or the file it writes: {@code (New-Object -ComObject
 * WScript.Shell).Run('cmd /c rd /s /q C:\')} only asked, and {@code (New-Object
 * Net.WebClient).DownloadFile(U, 'a.exe'); .\a.exe} was no download-then-run.
 *
 * <p>INVARIANT: only adds readings, from arguments written as quoted strings; the call stays
 * opaque, so a call not read here still asks, except the file calls {@link PsFileCalls} names,
 * which this reads whole. Only the reading lives here: {@link PsCarriers}
 * attaches it as child segments.
 */
final class PsDotNet {

    private PsDotNet() {
    }

    /** Any quoted string without a subexpression or escape, kept with its quotes for a PowerShell reading. */
    private static final String QUOTED = "('(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`\u201C\u201D\u201E]*\")";
    /** {@link #QUOTED} without its capturing group. */
    private static final String QUOTED_NC = "(?:" + QUOTED.substring(1);

    /** {@code [Microsoft.Win32.Registry]::SetValue(KEY, NAME, …)}: groups 1-2 the key, 3-4 the value name. */
    private static final Pattern REGISTRY_SET = Pattern.compile(
            "(?i)\\[(?:microsoft\\.win32\\.)?registry\\]::setvalue\\(\\s*" + PsText.PLAIN_STRING + "\\s*,\\s*" + PsText.PLAIN_STRING + "\\s*,");
    /** The hives {@code Registry.SetValue} names in full, as the drives PowerShell's registry provider gives them. */
    private static final java.util.Map<String, String> HIVE_DRIVES = java.util.Map.of(
            "hkey_current_user", "HKCU:", "hkey_local_machine", "HKLM:");
    private static final Pattern PROCESS_START = Pattern.compile(
            "(?i)\\[(?:system\\.)?diagnostics\\.process\\]::start\\(\\s*" + PsText.PLAIN_STRING + "\\s*(?:,\\s*" + PsText.PLAIN_STRING + "\\s*)?\\)");
    private static final Pattern WSCRIPT_SHELL = Pattern.compile("(?i)wscript\\.shell");
    private static final Pattern WSCRIPT_RUN = Pattern.compile("(?i)\\.(?:run|exec)\\(\\s*" + PsText.PLAIN_STRING);
    private static final Pattern SHELL_EXECUTE = Pattern.compile(
            "(?i)\\.shellexecute\\(\\s*" + PsText.PLAIN_STRING + "\\s*(?:,\\s*" + PsText.PLAIN_STRING + ")?");
    private static final Pattern MMC_EXECUTE = Pattern.compile(
            "(?i)\\.executeshellcommand\\(\\s*" + PsText.PLAIN_STRING + "\\s*,\\s*[^,()]*,\\s*" + PsText.PLAIN_STRING);
    private static final Pattern DOWNLOAD_FILE = Pattern.compile(
            "(?i)\\.downloadfile(?:async|taskasync)?\\(\\s*" + QUOTED + "\\s*,\\s*" + QUOTED);
    private static final Pattern FILE_COPY = Pattern.compile(
            // Replace(A, B, BACKUP) moves A over B (B's old content to BACKUP): a Move-Item of A to B
            "(?i)\\[(?:system\\.)?io\\.file\\]::(" + PsFileCalls.methods("file", PsFileCalls.Kind.COPY) + ")\\(\\s*" + QUOTED + "\\s*,\\s*" + QUOTED);
    /** The session's item provider called directly: {@code $ExecutionContext.InvokeProvider.Item.Remove(P, $true)} is Remove-Item. */
    private static final Pattern PROVIDER_REMOVE = Pattern.compile(
            "(?i)\\.invokeprovider\\.item\\.remove\\(\\s*" + QUOTED + "\\s*(?:,\\s*(\\$true|1)\\b)?");
    /** {@code [IO.File]::Delete(P)}: group 1 the path. */
    private static final Pattern FILE_DELETE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.file\\]::(?:" + PsFileCalls.methods("file", PsFileCalls.Kind.DELETE) + ")\\(\\s*" + QUOTED);
    /** {@code [IO.Directory]::CreateDirectory(P)}: group 1 the path. */
    private static final Pattern DIRECTORY_CREATE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.directory\\]::(?:" + PsFileCalls.methods("directory", PsFileCalls.Kind.MKDIR) + ")\\(\\s*" + QUOTED);
    /**
     * A read of the file a quoted path names: {@code [IO.File]::ReadAllText(P)} and the other
     * {@link PsFileCalls} reads, a stream opened on it ({@code [IO.FileStream]::new(P, 'Open')},
     * {@code [IO.StreamReader]::new(P)}, {@code New-Object IO.FileStream P, 'Open'},
     * {@code New-Object System.IO.StreamReader(P)}, {@code New-Object -TypeName IO.StreamReader -ArgumentList P}).
     */
    private static final Pattern FILE_READ = Pattern.compile(
            "(?i)(?:\\[(?:system\\.)?io\\.(?:file\\]::(?:" + PsFileCalls.methods("file", PsFileCalls.Kind.READ) + ")"
            + "|filestream\\]::(?:" + PsFileCalls.methods("filestream", PsFileCalls.Kind.READ) + ")"
            + "|streamreader\\]::(?:" + PsFileCalls.methods("streamreader", PsFileCalls.Kind.READ) + "))\\("
            + "|\\bnew-object\\s+(?:-typename\\s+)?(?:system\\.)?io\\.(?:filestream|streamreader)\\b\\s*(?:-argumentlist\\s*)?\\(?)\\s*" + QUOTED);
    private static final Pattern FILE_WRITE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.(?:file\\]::(?:" + PsFileCalls.methods("file", PsFileCalls.Kind.WRITE) + ")"
            + "|streamwriter\\]::(?:" + PsFileCalls.methods("streamwriter", PsFileCalls.Kind.WRITE) + "))"
            + "\\(\\s*(?:" + QUOTED + "|" + PsFileCalls.JOIN_PWD + ")([^;]*)");
    /** WebClient's DownloadString/DownloadData (and their async forms) up to the opening parenthesis. */
    private static final String DOWNLOAD_CALL = "\\.download(?:data|string)(?:async|taskasync)?\\(";
    /** Text written that a download produced: WebClient's DownloadData/DownloadString, Invoke-WebRequest, Invoke-RestMethod. */
    private static final Pattern DOWNLOADED = Pattern.compile(
            "(?i)" + DOWNLOAD_CALL + "|\\((?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget)\\s");
    /** WebClient's calls that return what they download (the URL follows the parenthesis). */
    private static final Pattern DOWNLOAD_TEXT = Pattern.compile("(?i)" + DOWNLOAD_CALL);
    private static final Pattern DECODED = Pattern.compile("(?i)frombase64(?:string|chararray)\\(");
    /** A URL written as a literal (the first one of a download's text). */
    private static final Pattern URL = Pattern.compile("(?i)(?:https?|ftp)://[^\\s'\"()`$]+");
    /** An assembly loaded by name of its file or from bytes: Load, LoadFrom, LoadFile, UnsafeLoadFrom. */
    private static final Pattern ASSEMBLY_LOAD = Pattern.compile(
            "(?i)\\[(?:system\\.)?reflection\\.assembly\\]::(?:unsafe)?load(?:from|file)?\\(([^;]*)");
    /** A call argument that starts with a quoted string (the string in group 1). */
    private static final Pattern LEADING_QUOTED = Pattern.compile("^\\s*" + QUOTED);
    /** A string cast to a script block: {@code [scriptblock]'…'} runs as {@code [ScriptBlock]::Create('…')} does. */
    private static final Pattern SCRIPTBLOCK_CAST = Pattern.compile(
            "(?i)\\[(?:system\\.management\\.automation\\.)?scriptblock\\]\\s*" + PsText.PLAIN_STRING);

    /** {@code [Diagnostics.ProcessStartInfo]::new(F, A)} and {@code New-Object Diagnostics.ProcessStartInfo(F, A)} / {@code -ArgumentList F, A}. */
    private static final Pattern START_INFO = Pattern.compile(
            "(?i)(?:system\\.)?diagnostics\\.processstartinfo\\]?(?:::new)?['\"]?\\s*(?:-a(?:rgumentlist|rgs)?\\s+)?\\(?\\s*"
            + PsText.PLAIN_STRING + "\\s*(?:,\\s*" + PsText.PLAIN_STRING + ")?");

    /** A C# string: verbatim {@code @"…"} (group 1, {@code ""} for a quote) or regular {@code "…"} (group 2, backslash escapes). */
    private static final String CS_STRING = "(?:@\"((?:[^\"]|\"\")*)\"|\"((?:[^\"\\\\\\n]|\\\\.)*)\")";
    /** C#'s {@code Process.Start(F[, A])} and {@code new ProcessStartInfo(F[, A])}: groups 1-2 the file, 3-4 the arguments. */
    private static final Pattern CS_START = Pattern.compile(
            "(?:\\bProcess\\s*\\.\\s*Start|\\bnew\\s+(?:System\\.Diagnostics\\.)?ProcessStartInfo)\\s*\\(\\s*" + CS_STRING
            + "\\s*(?:,\\s*" + CS_STRING + "\\s*)?\\)");
    /** C#'s {@code File.Delete(P)} (group 1 the kind) and {@code Directory.Delete(P[, recursive])}: groups 2-3 the path, 4 the flag. */
    private static final Pattern CS_DELETE = Pattern.compile(
            "\\b(File|Directory)\\s*\\.\\s*Delete\\s*\\(\\s*" + CS_STRING + "\\s*(?:,\\s*(\\w+)\\s*)?\\)");

    /**
     * A path argument of a .NET file call: a quoted string, {@code $HOME}, an environment variable
     * naming a system or profile folder, or {@code [Environment]::GetFolderPath(NAME)} (read by
     * {@link #folder}). Non-capturing.
     */
    private static final String PATH_ARG = QUOTED_NC.substring(0, QUOTED_NC.length() - 1)
            + "|\\$home\\b|\\$env:(?:userprofile|systemroot|windir|systemdrive|homedrive|programfiles|appdata|localappdata)\\b"
            + "|\\[(?:system\\.)?environment\\]::getfolderpath\\(\\s*(?:\\[(?:system\\.)?environment\\+specialfolder\\]::)?['\"]?\\w+['\"]?\\s*\\))";
    /** A bare path word as Get-Item takes it ({@code ~}, {@code C:\}, {@code .\build}). */
    private static final String BARE_PATH = "[^\\s()'\"$;|,`{}]+";
    private static final Pattern SPECIAL_FOLDER = Pattern.compile(
            "(?i)\\[(?:system\\.)?environment\\]::getfolderpath\\(\\s*(?:\\[(?:system\\.)?environment\\+specialfolder\\]::)?['\"]?(\\w+)['\"]?\\s*\\)");
    /** {@code [IO.Directory]::Delete(P[, $true])}: group 1 the path, 2 the recursive flag. */
    private static final Pattern DIRECTORY_DELETE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.directory\\]::(?:" + PsFileCalls.methods("directory", PsFileCalls.Kind.DELETE) + ")\\(\\s*(" + PATH_ARG + ")\\s*(?:,\\s*(\\$true|1)\\b)?");
    /**
     * A directory object deleted: {@code [IO.DirectoryInfo]::new(P).Delete($true)},
     * {@code (New-Object IO.DirectoryInfo P).Delete($true)}, {@code (Get-Item P).Delete($true)};
     * groups 1-3 the path, 4 the recursive flag.
     */
    private static final Pattern DIRECTORY_INFO_DELETE = Pattern.compile(
            "(?i)(?:\\[(?:system\\.)?io\\.directoryinfo\\]::new\\(\\s*(" + PATH_ARG + ")\\s*\\)"
            + "|\\(\\s*new-object\\s+(?:-typename\\s+)?(?:system\\.)?io\\.directoryinfo\\s*(?:-argumentlist\\s+)?\\(?\\s*(" + PATH_ARG + ")\\s*\\)?\\s*\\)"
            + "|\\(\\s*(?:get-item|gi)\\s+(?:-(?:path|literalpath|lp|force)\\s+)*(" + PATH_ARG + "|" + BARE_PATH + ")(?:\\s+-force)?\\s*\\))"
            + "\\s*\\.delete\\(\\s*(\\$true|1)?");
    /** {@code [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory|DeleteFile(P, …)}: group 1 the kind, 2 the path, 3 the rest. */
    private static final Pattern VB_DELETE = Pattern.compile(
            "(?i)\\[microsoft\\.visualbasic\\.fileio\\.filesystem\\]::delete(directory|file)\\(\\s*(" + PATH_ARG + ")([^;]*)");
    /** WebClient's UploadFile(U[, METHOD], P): group 1 the URL, 2 the file. */
    private static final Pattern UPLOAD_FILE = Pattern.compile(
            "(?i)\\.uploadfile(?:async|taskasync)?\\(\\s*(" + QUOTED_NC + ")\\s*,\\s*(?:" + QUOTED_NC + "\\s*,\\s*)?(" + PATH_ARG + ")");
    /** A call sending a body to a literal URL (WebClient's UploadData/UploadString, HttpClient's Post/Put/PatchAsync): group 1 the URL, 2 the rest. */
    private static final Pattern UPLOAD_BODY = Pattern.compile(
            "(?i)\\.(?:upload(?:data|string)(?:async|taskasync)?|postasync|putasync|patchasync)\\(\\s*(" + QUOTED_NC + ")([^;]*)");
    /** A file's content read for a body: {@code [IO.File]::ReadAll…(P)} or {@code (Get-Content P …)}; groups 1-2 the path. */
    private static final Pattern BODY_FILE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.file\\]::(?:readall(?:text|bytes|lines)|openread)\\(\\s*(" + PATH_ARG + ")"
            + "|\\(\\s*(?:get-content|gc|cat|type)\\s+(?:-(?:path|literalpath|lp|raw|encoding\\s+\\w+)\\s+)*(" + PATH_ARG + "|" + BARE_PATH + ")");

    /**
     * The Environment.SpecialFolder enum's numbers for the folders {@link #folder} knows:
     * {@code GetFolderPath(7)} is the Startup folder as {@code GetFolderPath('Startup')} is.
     */
    private static final java.util.Map<String, String> SPECIAL_FOLDER_NUMBERS = java.util.Map.ofEntries(
            java.util.Map.entry("0", "desktop"), java.util.Map.entry("5", "personal"), java.util.Map.entry("7", "startup"),
            java.util.Map.entry("16", "desktopdirectory"), java.util.Map.entry("24", "commonstartup"),
            java.util.Map.entry("26", "applicationdata"), java.util.Map.entry("28", "localapplicationdata"),
            java.util.Map.entry("36", "windows"), java.util.Map.entry("37", "system"), java.util.Map.entry("38", "programfiles"),
            java.util.Map.entry("40", "userprofile"), java.util.Map.entry("41", "systemx86"));

    /**
     * A path argument as PowerShell text: {@code GetFolderPath(NAME)} becomes the folder it names
     * ({@code UserProfile} is {@code $HOME}), null for a folder not known here; anything else as written.
     */
    private static String folder(String arg) {
        Matcher f = SPECIAL_FOLDER.matcher(arg);
        if (!f.matches()) {
            return arg;
        }
        String name = f.group(1).toLowerCase(java.util.Locale.ROOT);
        return switch (SPECIAL_FOLDER_NUMBERS.getOrDefault(name, name)) {
            case "userprofile" -> "$HOME";
            case "windows" -> "$env:SystemRoot";
            case "system", "systemx86" -> "\"$env:SystemRoot\\System32\"";
            case "desktop", "desktopdirectory" -> "\"$HOME\\Desktop\"";
            case "mydocuments", "personal" -> "\"$HOME\\Documents\"";
            case "applicationdata" -> "$env:APPDATA";
            case "localapplicationdata" -> "$env:LOCALAPPDATA";
            case "programfiles" -> "$env:ProgramFiles";
            case "startup" -> "\"$env:APPDATA\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\"";
            case "commonstartup" -> "\"$env:ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\"";
            default -> null;
        };
    }

    /**
     * The folder a whole {@code [Environment]::GetFolderPath(NAME)} expression names, as a
     * PowerShell path word without quotes ({@code $env:APPDATA\…\Startup}), or null when
     * {@code expr} is no such call or names a folder not known here. WHY: as a cmdlet argument
     * ({@code Copy-Item a.exe ([Environment]::GetFolderPath('Startup'))}) the group was a word
     * with no variable in it, which no write or delete rule read as a path.
     */
    static String specialFolder(String expr) {
        String trimmed = expr.strip();
        if (!SPECIAL_FOLDER.matcher(trimmed).matches()) {
            return null;
        }
        String path = folder(trimmed);
        return path == null ? null : path.startsWith("\"") ? path.substring(1, path.length() - 1) : path;
    }

    /** A {@code ([Environment]::GetFolderPath(NAME))} group inside other text: group 1 the call. */
    private static final Pattern SPECIAL_FOLDER_GROUP = Pattern.compile("\\(\\s*(" + SPECIAL_FOLDER.pattern() + ")\\s*\\)");
    /** A path joined from parts: {@code (Join-Path A B)} or {@code ([IO.Path]::Combine(A, B))}. */
    private static final Pattern PATH_JOIN = Pattern.compile("(?is)\\(\\s*(join-path\\b|\\[(system\\.)?io\\.path\\]::combine\\().*");

    /**
     * A {@code (Join-Path …)} or {@code ([IO.Path]::Combine(…))} group with each known
     * {@code ([Environment]::GetFolderPath(NAME))} part written as the folder it names, so the
     * joined path reads as written out ({@code (Join-Path ([Environment]::GetFolderPath('Startup'))
     * a.exe)} is the Startup folder's {@code a.exe}); the group unchanged otherwise.
     */
    static String withSpecialFolders(String group) {
        if (!PATH_JOIN.matcher(group).matches()) {
            return group;
        }
        Matcher m = SPECIAL_FOLDER_GROUP.matcher(group);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String path = folder(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(path == null ? m.group() : path.startsWith("\"") || path.startsWith("$") ? path : "\"" + path + "\""));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code Remove-Item} of a path argument, recursive or not; null when the path is not read. */
    private static Reading removal(String label, String arg, boolean recursive) {
        String path = folder(arg);
        if (path == null) {
            return null;
        }
        boolean bare = !path.startsWith("'") && !path.startsWith("\"") && !path.startsWith("$");
        return script(label, "Remove-Item " + (recursive ? "-Recurse -Force " : "") + (bare ? "-Path " : "-LiteralPath ") + path);
    }

    /** One reading: the launcher label and what it carries. */
    record Reading(String label, WindowsLaunchers.Carried carried) {
    }

    /** The programs and cmdlets the .NET and COM calls in {@code source} amount to, in text order per kind. */
    static List<Reading> read(String source) {
        List<Reading> out = new ArrayList<>();
        Matcher m = PROCESS_START.matcher(source);
        while (m.find()) {
            out.add(new Reading("[Diagnostics.Process]::Start",
                    WindowsLaunchers.Carried.programAndArguments(PsText.plainText(m, 1), m.group(3) == null && m.group(4) == null ? "" : PsText.plainText(m, 3))));
        }
        if (WSCRIPT_SHELL.matcher(source).find()) {
            m = WSCRIPT_RUN.matcher(source);
            while (m.find()) {
                out.add(new Reading("WScript.Shell", WindowsLaunchers.Carried.commandLine(PsText.plainText(m, 1))));
            }
        }
        m = SHELL_EXECUTE.matcher(source);
        while (m.find()) {
            out.add(new Reading("ShellExecute",
                    WindowsLaunchers.Carried.programAndArguments(PsText.plainText(m, 1), m.group(3) == null && m.group(4) == null ? "" : PsText.plainText(m, 3))));
        }
        m = MMC_EXECUTE.matcher(source);
        while (m.find()) {
            out.add(new Reading("ExecuteShellCommand", WindowsLaunchers.Carried.programAndArguments(PsText.plainText(m, 1), PsText.plainText(m, 3))));
        }
        m = DOWNLOAD_TEXT.matcher(source);
        while (m.find()) {
            // the text or bytes of a download, kept or used: `$c = (New-Object Net.WebClient).DownloadString(U)`
            out.add(script("WebClient", "Invoke-RestMethod -Uri " + url(source.substring(m.end()))));
        }
        // an environment variable set for the session, the user or the machine ($env:N = V, setx N V [/m])
        out.addAll(PsEnvironmentCalls.readings(source));
        m = REGISTRY_SET.matcher(source);
        while (m.find()) {
            // `[Microsoft.Win32.Registry]::SetValue('HKEY_CURRENT_USER\…\Run', 'u', V)` is Set-ItemProperty of that
            // value (what it holds is not read: the key and name are what the persistence rules judge)
            String key = PsText.plainText(m, 1);
            int slash = key.indexOf('\\');
            String hive = HIVE_DRIVES.get((slash < 0 ? key : key.substring(0, slash)).toLowerCase(java.util.Locale.ROOT));
            String path = hive != null ? hive + (slash < 0 ? "\\" : key.substring(slash)) : "Registry::" + key;
            out.add(script("[Microsoft.Win32.Registry]", "Set-ItemProperty -Path '" + path.replace("'", "''")
                    + "' -Name '" + PsText.plainText(m, 3).replace("'", "''") + "' -Value $value"));
        }
        m = DOWNLOAD_FILE.matcher(source);
        while (m.find()) {
            out.add(script("WebClient", "Invoke-WebRequest -Uri " + m.group(1) + " -OutFile " + m.group(2)));
        }
        m = PROVIDER_REMOVE.matcher(source);
        while (m.find()) {
            out.add(script("InvokeProvider", "Remove-Item -LiteralPath " + m.group(1) + (m.group(2) != null ? " -Recurse -Force" : "")));
        }
        // a directory deleted through .NET is Remove-Item of it (recursive with the flag)
        List<Reading> removals = new ArrayList<>();
        m = DIRECTORY_DELETE.matcher(source);
        while (m.find()) {
            removals.add(removal("[IO.Directory]", m.group(1).trim(), m.group(2) != null));
        }
        m = DIRECTORY_INFO_DELETE.matcher(source);
        while (m.find()) {
            String path = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            removals.add(removal("DirectoryInfo", path.trim(), m.group(4) != null));
        }
        m = VB_DELETE.matcher(source);
        while (m.find()) {
            // DeleteDirectory empties the folder unless OnlyIfEmpty is named
            boolean recursive = m.group(1).equalsIgnoreCase("directory") && !m.group(3).toLowerCase(java.util.Locale.ROOT).contains("onlyifempty");
            removals.add(removal("[Microsoft.VisualBasic.FileIO.FileSystem]", m.group(2).trim(), recursive));
        }
        removals.stream().filter(java.util.Objects::nonNull).forEach(out::add);
        // a file sent to a URL is an upload of it: Invoke-WebRequest -Method Post -InFile
        m = UPLOAD_FILE.matcher(source);
        while (m.find()) {
            String file = folder(m.group(2).trim());
            if (file != null) {
                out.add(script("WebClient", "Invoke-WebRequest -Uri " + m.group(1) + " -Method Post -InFile " + file));
            }
        }
        m = UPLOAD_BODY.matcher(source);
        while (m.find()) {
            Matcher body = BODY_FILE.matcher(m.group(2));
            String file = !body.find() ? null : folder((body.group(1) != null ? body.group(1) : body.group(2)).trim());
            if (file != null) {
                out.add(script("upload", "Invoke-WebRequest -Uri " + m.group(1) + " -Method Post -InFile " + file));
            }
        }
        m = FILE_COPY.matcher(source);
        while (m.find()) {
            String cmdlet = m.group(1).equalsIgnoreCase("copy") ? "Copy-Item" : "Move-Item";
            out.add(script("[IO.File]", cmdlet + " -Path " + m.group(2) + " -Destination " + m.group(3)));
        }
        m = FILE_DELETE.matcher(source);
        while (m.find()) {
            out.add(script("[IO.File]", "Remove-Item -LiteralPath " + m.group(1)));
        }
        m = DIRECTORY_CREATE.matcher(source);
        while (m.find()) {
            out.add(script("[IO.Directory]", "New-Item -ItemType Directory -Force -Path " + m.group(1)));
        }
        m = FILE_READ.matcher(source);
        while (m.find()) {
            out.add(script("[IO.File]", "Get-Content -Path " + m.group(1)));
        }
        m = FILE_WRITE.matcher(source);
        while (m.find()) {
            // `(Join-Path $PWD 'x.txt')` is the path `"$PWD\x.txt"` names
            String target = m.group(1) != null ? m.group(1) : "\"$PWD\\" + m.group(2) + "\"";
            String rest = m.group(3);
            // a call named inside a literal string is text written, not a call: the words of
            // `WriteAllText(P, 'see (iwr URL)')` are the file's new text, no download
            String code = maskLiterals(rest);
            Matcher read = FILE_READ.matcher(code);
            if (DECODED.matcher(code).find()) {
                out.add(script("[IO.File]", "certutil -decode - " + target));
            } else if (DOWNLOADED.matcher(code).find()) {
                out.add(script("[IO.File]", "Invoke-WebRequest -Uri " + url(rest) + " -OutFile " + target));
            } else if (read.find()) {
                // one file's text written to another: a copy of it
                out.add(script("[IO.File]", "Get-Content -Path " + rest.substring(read.start(1), read.end(1)) + " | Set-Content -Path " + target));
            } else {
                out.add(script("[IO.File]", "Set-Content -Path " + target));
            }
        }
        m = ASSEMBLY_LOAD.matcher(source);
        while (m.find()) {
            // code loaded from a URL or a share, downloaded bytes included, is Add-Type of that place
            String rest = m.group(1);
            Matcher q = LEADING_QUOTED.matcher(rest);
            if (DOWNLOADED.matcher(rest).find() && URL.matcher(rest).find()) {
                out.add(script("[Reflection.Assembly]", "Add-Type -Path " + url(rest)));
            } else if (q.find()) {
                out.add(script("[Reflection.Assembly]", "Add-Type -Path " + q.group(1)));
            }
        }
        m = START_INFO.matcher(source);
        while (m.find()) {
            out.add(new Reading("ProcessStartInfo",
                    WindowsLaunchers.Carried.programAndArguments(PsText.plainText(m, 1), m.group(3) == null && m.group(4) == null ? "" : PsText.plainText(m, 3))));
        }
        m = SCRIPTBLOCK_CAST.matcher(source);
        while (m.find()) {
            out.add(new Reading("[ScriptBlock]", WindowsLaunchers.Carried.powerShell(PsText.plainText(m, 1))));
        }
        return out;
    }

    /**
     * What C# source compiled by {@code Add-Type} does with literal arguments: {@code Process.Start}
     * and {@code new ProcessStartInfo} start a program, {@code File.Delete} and
     * {@code Directory.Delete} remove a path (recursively when the flag is {@code true}).
     * INVARIANT: only adds readings; the caller keeps every {@code Add-Type} of source opaque.
     */
    static List<Reading> readCSharp(String code) {
        List<Reading> out = new ArrayList<>();
        Matcher m = CS_START.matcher(code);
        while (m.find()) {
            String args = m.group(3) == null && m.group(4) == null ? "" : csText(m, 3);
            out.add(new Reading("Add-Type", WindowsLaunchers.Carried.programAndArguments(csText(m, 1), args)));
        }
        m = CS_DELETE.matcher(code);
        while (m.find()) {
            String path = "'" + csText(m, 2).replace("'", "''") + "'";
            boolean recursive = m.group(1).equals("Directory") && "true".equals(m.group(4));
            out.add(script("Add-Type", "Remove-Item " + (recursive ? "-Recurse -Force " : "") + "-LiteralPath " + path));
        }
        return out;
    }

    /** The text of a {@link #CS_STRING} match whose verbatim group is {@code group} (the regular one follows it). */
    private static String csText(Matcher m, int group) {
        if (m.group(group) != null) {
            return m.group(group).replace("\"\"", "\"");
        }
        return AnsiC.decode(m.group(group + 1));
    }

    /** C# source read from one file: {@code (Get-Content F -Raw)}, {@code (gc F)}, {@code ([IO.File]::ReadAllText('F'))}; the file in group 1 or 2. */
    private static final Pattern SOURCE_FILE = Pattern.compile(
            "(?i)^\\(\\s*(?:(?:get-content|gc|cat|type)\\s+(?:-(?:path|literalpath|lp|raw|encoding\\s+\\w+)\\s+)*([^\\s()`$;|]+|" + QUOTED + ")(?:\\s+-\\w+)*"
            + "|\\[(?:system\\.)?io\\.file\\]::readall(?:text|lines)\\(\\s*" + QUOTED + "\\s*(?:,[^()]*)?\\))\\s*\\)(?:\\s*-join\\s*[^()]*)?$");

    /**
     * Where the C# source of one {@code Add-Type -TypeDefinition} argument comes from, as an
     * {@code Add-Type -Path} of that place: a download ({@code (iwr URL).Content},
     * {@code (New-Object Net.WebClient).DownloadString(URL)}) or one file's text
     * ({@code (Get-Content x.cs -Raw)}); empty when the argument is none of these.
     *
     * <p>WHY: {@code iwr URL -OutFile p.cs; Add-Type -TypeDefinition (Get-Content p.cs -Raw)} is a
     * download compiled and loaded in one command, and a download straight into Add-Type is code
     * from the network; read as {@code Add-Type -Path} they meet the download rules (SW4004, SW6019).
     */
    static List<Reading> readTypeSource(String argument) {
        String a = argument.strip();
        if (DOWNLOADED.matcher(a).find() && URL.matcher(a).find()) {
            return List.of(script("Add-Type", "Add-Type -Path " + url(a)));
        }
        Matcher m = SOURCE_FILE.matcher(a);
        if (m.matches()) {
            String file = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            return List.of(script("Add-Type", "Add-Type -Path " + (file.startsWith("'") || file.startsWith("\"") ? file : "'" + file + "'")));
        }
        return List.of();
    }

    /**
     * True when one {@code Add-Type -TypeDefinition} argument is one file's text read by
     * Get-Content ({@code (Get-Content .\src\Native.cs -Raw)}): the same as {@code Add-Type -Path}
     * of that file, which {@link #readTypeSource} gives, and nothing else.
     */
    static boolean readsSourceFile(String argument) {
        Matcher m = SOURCE_FILE.matcher(argument.strip());
        return m.matches() && m.group(3) == null && !DOWNLOADED.matcher(argument).find();
    }

    /** Quotes PowerShell reads besides the ASCII ones, and its escape character. */
    private static final Pattern UNSURE_QUOTING = Pattern.compile("[`\u2018\u2019\u201A\u201B\u201C\u201D\u201E]");

    /**
     * {@code text} with the inside of every string that expands nothing (single-quoted, or
     * double-quoted without {@code $}) blanked, same length and quotes kept, so that a call is
     * looked for only where it is code; a string that expands ({@code "$(iwr URL)"}) is kept, since
     * its subexpression runs. Fail closed: text with a backtick or a typographic quote, or a string
     * left open, is returned as it is.
     */
    static String maskLiterals(String text) {
        if (UNSURE_QUOTING.matcher(text).find()) {
            return text;
        }
        StringBuilder b = new StringBuilder(text);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '\'' && c != '"') {
                i++;
                continue;
            }
            int close = i + 1;
            // a doubled quote is the quote itself inside the string
            while (close < text.length() && (text.charAt(close) != c || close + 1 < text.length() && text.charAt(close + 1) == c)) {
                close += text.charAt(close) == c ? 2 : 1;
            }
            if (close >= text.length()) {
                return text;
            }
            if (c == '\'' || text.substring(i + 1, close).indexOf('$') < 0) {
                for (int k = i + 1; k < close; k++) {
                    b.setCharAt(k, ' ');
                }
            }
            i = close + 1;
        }
        return b.toString();
    }

    /** The first literal URL of {@code text} single-quoted, or a variable standing for a computed one. */
    private static String url(String text) {
        Matcher u = URL.matcher(text);
        return u.find() ? "'" + u.group() + "'" : "$downloaded";
    }

    /** {@code [IO.File]}'s text writers, the method in group 1, the quoted path in group 2, what follows in group 3. */
    private static final Pattern TEXT_WRITE = Pattern.compile(
            "(?i)\\[(?:system\\.)?io\\.file\\]::(" + PsFileCalls.methods("file", PsFileCalls.Kind.WRITE) + ")"
            + "\\(\\s*" + QUOTED + "([^;]*)");
    /** The text argument after the path: plain strings, one or a list ({@code @('a','b')}), then an optional encoding and the closing parenthesis. */
    private static final Pattern TEXT_ARGUMENT = Pattern.compile(
            "(?s)^\\s*,\\s*(?:@?\\(([^()]*)\\)|" + QUOTED + ")\\s*(?:,\\s*\\[[\\w.]+\\]::\\w+\\s*)?\\)");

    /**
     * A file one {@code [IO.File]} call writes: the path as written (quoted), the text the file then
     * holds (null when not read here: bytes, a stream, a computed string), whether it is appended,
     * and the one quoted string written as written when the call writes exactly it and nothing else
     * ({@code WriteAllText(P, '…')} without an encoding), else null.
     */
    record FileWrite(String path, String text, boolean append, String wholeRaw) {
    }

    /** The text argument of {@code WriteAllText} as one quoted string and nothing after it (no encoding): group 1 the string. */
    private static final Pattern ONLY_TEXT = Pattern.compile("^\\s*,\\s*" + QUOTED + "\\s*\\)");

    /**
     * The files {@code [IO.File]::WriteAllText/WriteAllLines/AppendAllText/AppendAllLines} calls of
     * {@code source} write, with their text when it is given as plain strings
     * ({@code WriteAllLines} ends every line with a newline); the other writers give an unknown text.
     */
    static List<FileWrite> fileWrites(String source) {
        List<FileWrite> out = new ArrayList<>();
        Matcher m = TEXT_WRITE.matcher(source);
        while (m.find()) {
            String method = m.group(1).toLowerCase(java.util.Locale.ROOT);
            boolean append = method.startsWith("append");
            String text = null;
            Matcher a = TEXT_ARGUMENT.matcher(m.group(3));
            if (method.endsWith("text") && !method.equals("appendtext") || method.endsWith("lines")) {
                List<String> items = !a.find() ? null
                        : a.group(1) != null ? PsText.plainStringList(a.group(1)) : PsText.plainStringList(a.group(2));
                if (items != null && (method.endsWith("lines") || items.size() == 1)) {
                    text = method.endsWith("lines") ? String.join("\n", items) + "\n" : items.get(0);
                }
            }
            // `WriteAllText(P, '…')` with no encoding writes exactly the string (UTF-8, no BOM): a whole write
            Matcher only = ONLY_TEXT.matcher(m.group(3));
            String wholeRaw = method.equals("writealltext") && text != null && only.find() ? only.group(1) : null;
            out.add(new FileWrite(m.group(2), text, append, wholeRaw));
        }
        return out;
    }

    private static Reading script(String label, String text) {
        return new Reading(label, WindowsLaunchers.Carried.powerShell(text));
    }
}
