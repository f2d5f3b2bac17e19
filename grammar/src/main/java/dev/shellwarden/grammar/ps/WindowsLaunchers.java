package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Windows system programs that start a command handed to them (the LOLBAS "execute" technique):
 * {@code forfiles /c CMD}, {@code pcalua -a PROG -c ARGS}, {@code conhost PROG…}, {@code wt PROG…},
 * {@code wmic process call create CMD}, {@code rundll32 shell32.dll,ShellExec_RunDLL PROG…},
 * {@code SyncAppvPublishingServer "n; SCRIPT"}, {@code wsb exec -c CMD} and kin. {@link #find} reads the carried command
 * out of the launcher's words; {@link PsCarriers} attaches it as a child segment, so that the
 * floor and the conjunction rules judge it as if it had been typed. Only the reading lives here:
 * no segments are built. A carried word PowerShell computes at run time makes the carrier
 * opaque ({@link Carried#dynamic}), never an allowed blank.
 */
final class WindowsLaunchers {

    private WindowsLaunchers() {
    }

    /**
     * What a launcher carries: a Windows command line split into words ({@code program}), or a
     * PowerShell script ({@code script}); {@code dynamic} when a carried word is computed.
     */
    record Carried(List<String> program, String script, boolean dynamic) {
        static final Carried DYNAMIC = new Carried(List.of(), null, true);

        static Carried commandLine(String line) {
            return new Carried(PsCarriers.windowsSplit(line), null, false);
        }

        static Carried programAndArguments(String program, String arguments) {
            List<String> argv = new ArrayList<>();
            argv.add(program);
            argv.addAll(PsCarriers.windowsSplit(arguments));
            return new Carried(argv, null, false);
        }

        static Carried powerShell(String script) {
            return new Carried(List.of(), script, false);
        }
    }

    /** Options of the program-first launchers that take a value (the word after them is no program). */
    private static final Set<String> VALUE_OPTIONS = Set.of(
            // conhost / OpenConsole
            "--width", "--height", "--signal", "--server", "--feature", "--vtmode",
            // Windows Terminal (wt [options] [new-tab|split-pane …] COMMAND)
            "-w", "--window", "-p", "--profile", "-d", "--startingdirectory", "--title", "--tabcolor", "-s", "--size",
            "--pos", "--colorscheme", "-t", "--target",
            // mpiexec
            "-n", "-np", "-c", "-cores", "-host", "-hosts", "-wdir", "-dir", "-env", "-genv", "-machinefile",
            "-configfile", "-affinity", "-priority", "-port",
            // ntsd / cdb, tttracer, vsjitdebugger, mftrace
            "-pn", "-y", "-i", "-srcpath", "-z", "-loga", "-logo", "-out", "-attach", "-timer", "-maxfile",
            "-onlaunch", "-module", "-cmdlinefilter", "-e", "-o", "-a", "-es", "-dc");

    /** Launchers whose first non-option word is the program they start, the rest its arguments. */
    private static final Set<String> PROGRAM_FIRST = Set.of("conhost", "openconsole", "wt", "mpiexec", "ntsd", "cdb",
            "tttracer", "vsjitdebugger", "mftrace");

    /** Windows Terminal's subcommands (they precede the command line). */
    private static final Set<String> WT_SUBCOMMANDS = Set.of("new-tab", "nt", "split-pane", "sp");

    /**
     * rundll32 entry points that start the program or open the file or URL named after them; the
     * DLL and the entry are one word with a comma or, as PowerShell passes {@code a.dll,Entry}
     * (an array), two words.
     */
    private static final Pattern RUNDLL_LAUNCH = Pattern.compile("(?is)\\s*\"?(?:[a-z]:\\\\[^,]*\\\\)?"
            + "(?:(?:ie)?advpack(?:\\.dll)?(?:,\\s*|\\s+)RegisterOCX|shell32(?:\\.dll)?(?:,\\s*|\\s+)ShellExec_RunDLL[AW]?"
            + "|url(?:\\.dll)?(?:,\\s*|\\s+)(?:FileProtocolHandler|OpenURLA?)|zipfldr(?:\\.dll)?(?:,\\s*|\\s+)RouteTheCall"
            + "|pcwutl(?:\\.dll)?(?:,\\s*|\\s+)LaunchApplication|(?:ieframe|shdocvw)(?:\\.dll)?(?:,\\s*|\\s+)OpenURL)\"?\\s+(.+)");

    /** A {@code CommandLine=}/{@code PathName=} value in a WMI argument table ({@code @{CommandLine='…'}}). */
    private static final Pattern WMI_COMMAND_LINE = Pattern.compile(
            "(?i)\\b(?:CommandLine|PathName)\\s*=\\s*(?:'((?:[^']|'')*)'|\"([^\"`$]*)\")");

    /** Chromium and Electron options whose value is a command line run before a child process. */
    private static final Pattern CHROMIUM_LAUNCHER = Pattern.compile(
            "(?i)--(?:gpu-launcher|renderer-cmd-prefix|utility-cmd-prefix|plugin-launcher|browser-subprocess-path)=(.*)");

    /** A file explorer.exe would run rather than show: a program, a script or an alternate stream. */
    private static final Pattern RUNNABLE_FILE = Pattern.compile(
            "(?i).*\\.(exe|com|bat|cmd|ps1|vbs|vbe|js|jse|wsf|hta|msi|scr|cpl|lnk|url|inf)|(?:[a-z]:)?[^:]+:[^\\\\/:]+");

    /**
     * The command {@code base} (a native program's name, lower case, without .exe) carries in
     * {@code args}, or null when it carries none. {@code exe} tells that the program was named with
     * a Windows suffix (so {@code logger.exe} is the Windows logger, not syslog's).
     */
    static Carried find(String base, boolean exe, List<Word> args) {
        if (args.isEmpty()) {
            return null;
        }
        Carried chromium = chromiumLauncher(args);
        if (chromium != null) {
            return chromium;
        }
        if (PROGRAM_FIRST.contains(base)) {
            return programFirst(base, args);
        }
        return switch (base) {
            case "forfiles" -> valueOf(args, "/c", "-c");
            case "schtasks" -> valueOf(args, "/tr", "-tr");
            case "xbootmgr" -> valueOf(args, "-callback", "-pretracecmd", "-posttracecmd");
            case "pcalua" -> pcalua(args);
            case "logger" -> exe || is(args.get(0), "run", "runw") ? rest(args, is(args.get(0), "run", "runw") ? 1 : 0) : null;
            case "devtoolslauncher" -> args.size() > 1 && is(args.get(0), "launchfordeploy", "launchfordebug")
                    ? programWithArguments(args.get(1), args.size() > 2 ? args.get(2) : null) : null;
            case "update" -> squirrel(args);
            case "vsdiagnostics" -> vsDiagnostics(args);
            case "msdeploy" -> msdeploy(args);
            case "scriptrunner" -> afterOption(args, "-appvscript");
            case "vshadow" -> prefixed(args, "-exec=");
            case "at" -> at(args);
            case "wmic" -> wmic(args);
            case "winrm" -> wmiCommandLine(args);
            case "bitsadmin" -> bitsNotify(args);
            case "rundll32" -> rundll32(args);
            case "explorer" -> explorer(args);
            case "syncappvpublishingserver", "syncappvpublishingserver.vbs" -> joined(args, 0, "Sync-AppvPublishingServer ");
            case "pester" -> pester(args);
            // Windows Sandbox's `wsb exec --id ID -r System -c CMD`: judged as if typed (a mapped
            // folder is the host's), since the command does not tell what the sandbox shares
            case "wsb" -> is(args.get(0), "exec") ? valueOf(args, "-c", "--command") : null;
            default -> null;
        };
    }

    /**
     * {@code Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList CMD} and
     * {@code Invoke-CimMethod … -Arguments @{CommandLine=CMD}}: the process WMI creates.
     */
    static Carried wmiCmdlet(List<Word> args) {
        boolean process = args.stream().anyMatch(w -> Regex.find(w.raw(), "(?i)Win32_Process\\b"));
        boolean create = args.stream().anyMatch(w -> w.text().equalsIgnoreCase("Create"));
        if (!process || !create) {
            return null;
        }
        for (int i = 0; i + 1 < args.size(); i++) {
            String t = args.get(i).text().toLowerCase(Locale.ROOT);
            if (args.get(i).literal() && t.length() > 3 && "-argumentlist".startsWith(t)) {
                Word v = args.get(i + 1);
                return v.literal() ? Carried.commandLine(v.text()) : Carried.DYNAMIC;
            }
        }
        return wmiCommandLine(args);
    }

    private static boolean is(Word w, String... names) {
        for (String n : names) {
            if (w.text().equalsIgnoreCase(n)) {
                return true;
            }
        }
        return false;
    }

    private static boolean option(String t) {
        return t.length() > 1 && (t.startsWith("-") || t.startsWith("/"));
    }

    /** The words from {@code from} on, joined as one Windows command line. */
    private static Carried rest(List<Word> args, int from) {
        return joined(args, from, null);
    }

    /** The words from {@code from} on joined; a PowerShell script after {@code scriptPrefix} when given. */
    private static Carried joined(List<Word> args, int from, String scriptPrefix) {
        if (from >= args.size()) {
            return null;
        }
        StringBuilder line = new StringBuilder();
        for (Word w : args.subList(from, args.size())) {
            if (!w.literal()) {
                return Carried.DYNAMIC;
            }
            String t = w.text();
            boolean quote = scriptPrefix == null && (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0) && line.length() > 0;
            line.append(line.length() == 0 ? "" : " ").append(quote ? "\"" + t + "\"" : t);
        }
        return scriptPrefix != null ? Carried.powerShell(scriptPrefix + line) : Carried.commandLine(line.toString());
    }

    /** {@code PROG} and its argument string, both literal. */
    private static Carried programWithArguments(Word program, Word arguments) {
        if (!program.literal() || arguments != null && !arguments.literal()) {
            return Carried.DYNAMIC;
        }
        String a = arguments == null || arguments.text().equalsIgnoreCase("NULL") ? "" : arguments.text();
        return Carried.programAndArguments(program.text(), a);
    }

    /** The command line that follows one of {@code names} ({@code forfiles /c CMD}, {@code schtasks /tr CMD}). */
    private static Carried valueOf(List<Word> args, String... names) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (is(args.get(i), names)) {
                Word v = args.get(i + 1);
                return v.literal() ? Carried.commandLine(v.text()) : Carried.DYNAMIC;
            }
        }
        return null;
    }

    /** {@code scriptrunner -appvscript PROG ARGS…}: the words after the option. */
    private static Carried afterOption(List<Word> args, String name) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (is(args.get(i), name)) {
                List<Word> tail = new ArrayList<>();
                for (Word w : args.subList(i + 1, args.size())) {
                    if (w.text().equalsIgnoreCase("-appvscriptrunnerparameters")) {
                        break;
                    }
                    tail.add(w);
                }
                return rest(tail, 0);
            }
        }
        return null;
    }

    /** {@code vshadow -exec=PROG}: the value of a glued option. */
    private static Carried prefixed(List<Word> args, String prefix) {
        for (Word w : args) {
            if (w.text().toLowerCase(Locale.ROOT).startsWith(prefix)) {
                return w.literal() ? Carried.commandLine(w.text().substring(prefix.length())) : Carried.DYNAMIC;
            }
        }
        return null;
    }

    /** {@code conhost [--headless] PROG…}, {@code wt [new-tab] [-p X] PROG…}, {@code ntsd -g PROG…}. */
    private static Carried programFirst(String base, List<Word> args) {
        int i = 0;
        while (i < args.size()) {
            Word w = args.get(i);
            String t = w.text().toLowerCase(Locale.ROOT);
            if (!w.literal()) {
                return Carried.DYNAMIC;
            }
            if (base.equals("wt") && (WT_SUBCOMMANDS.contains(t) || t.equals(";"))) {
                i++;
            } else if (t.equals("--")) {
                i++;
                break;
            } else if (option(t) && !t.contains("\\")) {
                i += VALUE_OPTIONS.contains(t) ? 2 : 1;
            } else {
                break;
            }
        }
        return rest(args, i);
    }

    /** {@code pcalua -a PROG [-c ARGS] [-d DIR]}. */
    private static Carried pcalua(List<Word> args) {
        Word program = null;
        Word arguments = null;
        for (int i = 0; i + 1 < args.size(); i++) {
            if (is(args.get(i), "-a")) {
                program = args.get(++i);
            } else if (is(args.get(i), "-c")) {
                arguments = args.get(++i);
            }
        }
        return program == null ? null : programWithArguments(program, arguments);
    }

    /** Squirrel's {@code Update.exe --processStart PROG --process-start-args ARGS}. */
    private static Carried squirrel(List<Word> args) {
        Word program = null;
        Word arguments = null;
        for (int i = 0; i < args.size(); i++) {
            String t = args.get(i).text();
            String lower = t.toLowerCase(Locale.ROOT);
            Word next = i + 1 < args.size() ? args.get(i + 1) : null;
            if (lower.equals("--processstart") || lower.equals("--processstartandwait")) {
                program = next;
            } else if (lower.startsWith("--processstart=") || lower.startsWith("--processstartandwait=")) {
                program = new Word(t.substring(t.indexOf('=') + 1), t, args.get(i).literal(), Set.of());
            } else if (lower.equals("--process-start-args") || lower.equals("-a")) {
                arguments = next;
            }
        }
        return program == null ? null : programWithArguments(program, arguments);
    }

    /** {@code VSDiagnostics start N /launch:PROG /launchArgs:ARGS}. */
    private static Carried vsDiagnostics(List<Word> args) {
        String program = null;
        String arguments = "";
        for (Word w : args) {
            String lower = w.text().toLowerCase(Locale.ROOT);
            if (lower.startsWith("/launch:")) {
                if (!w.literal()) {
                    return Carried.DYNAMIC;
                }
                program = w.text().substring("/launch:".length());
            } else if (lower.startsWith("/launchargs:")) {
                if (!w.literal()) {
                    return Carried.DYNAMIC;
                }
                arguments = w.text().substring("/launchargs:".length());
            }
        }
        return program == null ? null : Carried.programAndArguments(program, arguments);
    }

    /** {@code msdeploy -source:RunCommand -dest:runCommand="CMD",waitInterval=…}. */
    private static Carried msdeploy(List<Word> args) {
        for (Word w : args) {
            Matcher m = Pattern.compile("(?i).*runCommand=(?:\"([^\"]*)\"|([^,]*))").matcher(w.text());
            if (m.lookingAt() && (m.group(1) != null || !m.group(2).isEmpty())) {
                return w.literal() ? Carried.commandLine(m.group(1) != null ? m.group(1) : m.group(2)) : Carried.DYNAMIC;
            }
        }
        return null;
    }

    /** {@code at [\\host] TIME [/interactive] [/every:…|/next:…] CMD}. */
    private static Carried at(List<Word> args) {
        int i = 0;
        while (i < args.size() && args.get(i).text().startsWith("\\\\")) {
            i++;
        }
        if (i >= args.size() || !Regex.matches(args.get(i).text(), "[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?([aApP][mM]?)?")) {
            return null;
        }
        i++;
        while (i < args.size() && args.get(i).text().startsWith("/")) {
            i++;
        }
        return rest(args, i);
    }

    /** {@code wmic [/node:…] process call create CMD}. */
    private static Carried wmic(List<Word> args) {
        boolean process = false;
        for (int i = 0; i < args.size(); i++) {
            String t = args.get(i).text();
            process |= t.equalsIgnoreCase("process");
            if (process && t.equalsIgnoreCase("create") && i > 0 && args.get(i - 1).text().equalsIgnoreCase("call")
                    && i + 1 < args.size()) {
                Word v = args.get(i + 1);
                return v.literal() ? Carried.commandLine(v.text()) : Carried.DYNAMIC;
            }
        }
        return null;
    }

    /** The {@code CommandLine=…} of a WMI argument table ({@code winrm invoke Create … @{CommandLine="…"}}). */
    private static Carried wmiCommandLine(List<Word> args) {
        for (Word w : args) {
            Matcher m = WMI_COMMAND_LINE.matcher(w.raw());
            if (m.find()) {
                return Carried.commandLine(m.group(1) != null ? m.group(1).replace("''", "'") : m.group(2));
            }
        }
        return null;
    }

    /** {@code bitsadmin /SetNotifyCmdLine JOB PROG ARGS}: the program BITS starts when the job ends. */
    private static Carried bitsNotify(List<Word> args) {
        for (int i = 0; i + 2 < args.size(); i++) {
            if (is(args.get(i), "/setnotifycmdline")) {
                return programWithArguments(args.get(i + 2), i + 3 < args.size() ? args.get(i + 3) : null);
            }
        }
        return null;
    }

    /** {@code rundll32 shell32.dll,ShellExec_RunDLL PROG ARGS} and the other entry points that start a program. */
    private static Carried rundll32(List<Word> args) {
        StringBuilder line = new StringBuilder();
        for (Word w : args) {
            String t = listText(w);
            if (t == null) {
                return null; // a computed DLL or entry: rundll32's own rules judge it
            }
            line.append(line.length() == 0 ? "" : " ").append(t.indexOf(' ') >= 0 && line.length() > 0 ? "\"" + t + "\"" : t);
        }
        Matcher m = RUNDLL_LAUNCH.matcher(line);
        if (!m.matches()) {
            return null;
        }
        // RegisterOCX and ShellExec_RunDLL start one quoted command line as a command line
        String carried = m.group(1).strip();
        boolean oneQuoted = carried.length() > 1 && carried.startsWith("\"") && carried.indexOf('"', 1) == carried.length() - 1;
        return Carried.commandLine(oneQuoted ? carried.substring(1, carried.length() - 1) : carried);
    }

    /** True for a file Windows runs when it is opened (a program, a script, a shortcut, an alternate stream), not a URL. */
    static boolean runnableFile(String path) {
        return RUNNABLE_FILE.matcher(path).matches() && !path.contains("://");
    }

    /** {@code explorer.exe PROG} or {@code explorer /root,PROG}: a runnable file is started, a folder only shown. */
    private static Carried explorer(List<Word> args) {
        String list = listText(args.get(args.size() - 1));
        if (list == null) {
            return Carried.DYNAMIC;
        }
        String t = list.replaceFirst("(?i)^/(root|select),\\s*", "").replace("\"", "");
        return RUNNABLE_FILE.matcher(t).matches() && !t.contains("://") ? new Carried(List.of(t), null, false) : null;
    }

    /** A bare comma list PowerShell would pass element by element. */
    private static final Pattern BARE_LIST = Pattern.compile("[^$@()`{};'\"]+(,\\s*(\"[^\"$`]*\"|[^$@()`{};'\",]+))+");

    /**
     * The text of a word as a Windows program's argument: a literal's text, or the written text of
     * a bare comma list ({@code advpack.dll,RegisterOCX}, {@code /root,"C:\x.exe"}), which the
     * LOLBAS forms use as one argument; null for anything PowerShell computes.
     */
    private static String listText(Word w) {
        return w.literal() ? w.text() : BARE_LIST.matcher(w.raw()).matches() ? w.raw() : null;
    }

    /**
     * Pester's {@code Pester.bat} hands its arguments to {@code powershell -Command} ({@code Pester.bat
     * /help "$null; CMD"}): they are PowerShell.
     */
    private static Carried pester(List<Word> args) {
        int from = is(args.get(0), "/help", "/?", "-?", "help") ? 1 : 0;
        return joined(args, from, "Invoke-Pester ");
    }

    /** {@code msedge --gpu-launcher="CMD &&"}: Chromium runs the value as the GPU process's command prefix. */
    private static Carried chromiumLauncher(List<Word> args) {
        for (Word w : args) {
            Matcher m = CHROMIUM_LAUNCHER.matcher(w.text());
            if (m.matches()) {
                return w.literal() ? Carried.commandLine(m.group(1)) : Carried.DYNAMIC;
            }
        }
        return null;
    }
}
