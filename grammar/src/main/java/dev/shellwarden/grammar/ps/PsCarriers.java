package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.RunLaterFiles;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import dev.shellwarden.grammar.WrittenFiles;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Payload carriers: commands whose arguments are themselves commands. {@code Invoke-Expression},
 * {@code powershell}/{@code pwsh} ({@code -Command}, {@code -EncodedCommand}, {@code -File}),
 * {@code cmd /c}, {@code bash -c} and {@code Start-Process} get their payload split and attached
 * under the carrier's segment; a payload that cannot be read statically marks the carrier opaque.
 * {@code Set-Alias}/{@code New-Alias} record the names they define.
 */
final class PsCarriers {

    private final PsBuilder builder;

    PsCarriers(PsBuilder builder) {
        this.builder = builder;
    }


    /**
     * Payloads of {@code Invoke-Expression}, {@code powershell}/{@code pwsh}, {@code cmd /c} and
     * {@code bash -c}; user aliases from {@code Set-Alias}/{@code New-Alias}.
     */
    void apply(String name, List<Word> argv, int id, PsBuilder.Ctx ctx, Position pos,
            Set<OpaqueReason> reasons) {
        apply(name, argv, List.of(), id, ctx, pos, reasons);
    }

    /**
     * As {@link #apply(String, List, int, PsBuilder.Ctx, Position, Set)}, for a command with its
     * redirections; any other native program gets bash's reading of its words
     * ({@link #bashReading}).
     */
    void apply(String name, List<Word> argv, List<Redirect> redirects, int id, PsBuilder.Ctx ctx, Position pos,
            Set<OpaqueReason> reasons) {
        List<Word> args = argv.subList(1, argv.size());
        String base = PsNames.nativeBase(name);
        switch (name) {
            case "Invoke-Expression" -> invokeExpression(args, id, ctx, reasons);
            case "Start-Process" -> startProcess(args, id, ctx, reasons);
            case "Invoke-Item" -> invokeItem(args, id, ctx, reasons);
            case "Invoke-WmiMethod", "Invoke-CimMethod" -> carried(WindowsLaunchers.wmiCmdlet(args), name, id, ctx, reasons);
            case "Set-Alias", "New-Alias" -> alias(args, PsBuilder.topStatement(ctx, pos));
            // `Import-Alias a.csv -Force` defines (or redefines: ls, ll of a chain) aliases read from a
            // file the text never shows: every later name may run anything
            case "Import-Alias" -> reasons.add(OpaqueReason.USER_FUNCTION);
            case "Add-Type" -> addType(args, id, ctx, reasons);
            case "Set-Item", "New-Item", "Set-Content", "Add-Content" -> {
                functionItem(args, id, ctx, reasons);
                runLaterWrite(name, args, id, ctx);
            }
            case "Out-File" -> runLaterWrite(name, args, id, ctx);
            case "Write-Output" -> echoedWrite(args, redirects, id);
            case "Import-Module" -> importModule(args, id, ctx, reasons);
            case "New-Object" -> {
                // `New-Object Diagnostics.ProcessStartInfo('shutdown', '/s')`: the start it prepares
                String text = String.join(" ", args.stream().map(Word::raw).toList());
                if (text.toLowerCase(Locale.ROOT).contains("processstartinfo")) {
                    dotNet(text, id, ctx, reasons);
                }
            }
            default -> {
                switch (base) {
                    // SQLToolsPS is a PowerShell host that reads its arguments as powershell.exe does
                    case "powershell", "pwsh", "sqltoolsps" -> pwsh(base, args, id, ctx, pos, reasons);
                    case "cmd" -> cmd(args, id, ctx, pos, reasons);
                    case "bash", "sh", "zsh", "dash", "ksh", "git-bash" -> bash(base, args, id, ctx, pos, reasons);
                    case "wsl" -> wsl(args, id, ctx, reasons);
                    default -> {
                        String lower = name.toLowerCase(Locale.ROOT);
                        if ((lower.endsWith(".bat") || lower.endsWith(".cmd")) && !reasons.contains(OpaqueReason.USER_FUNCTION)) {
                            // `.\x.cmd`, `cmd /c x.bat` after `Set-Content x.bat '…'`: the batch file's commands
                            String batch = writtenText(argv.get(0));
                            if (batch != null && !batch.isBlank()) {
                                cmdText(batch, id, ctx, reasons);
                            }
                        }
                        if (lower.endsWith(".ps1") && (name.contains("/") || name.contains("\\"))
                                && !reasons.contains(OpaqueReason.USER_FUNCTION)) {
                            // `./x.ps1` after `Set-Content x.ps1 '…'`: the script's statements
                            writtenPowerShell(argv.get(0), "script", id, ctx, reasons);
                            if (argv.size() == 1 && redirects.isEmpty() && PsBuilder.topLevel(ctx) && writtenText(argv.get(0)) != null) {
                                builder.wholeRuns.run(PsWholeRuns.plainKey(argv.get(0)), id);
                            }
                            return;
                        }
                        String alias = argv.get(0).raw().toLowerCase(Locale.ROOT);
                        WindowsLaunchers.Carried launched = PsNames.isKnownCmdlet(name) ? null
                                : WindowsLaunchers.find(base, !base.equals(name.toLowerCase(Locale.ROOT)), args);
                        if (launched != null && !reasons.contains(OpaqueReason.USER_FUNCTION)) {
                            carried(launched, base, id, ctx, reasons);
                        } else if (!PsNames.isKnownCmdlet(name) && !reasons.contains(OpaqueReason.USER_FUNCTION)) {
                            bashReading(base, argv, redirects, id, ctx, pos, reasons, false);
                        } else if (LINUX_PROGRAMS.contains(alias) && !reasons.contains(OpaqueReason.USER_FUNCTION)) {
                            // PowerShell 7 on Linux and macOS runs the program of that name, not the cmdlet
                            bashReading(alias, argv, redirects, id, ctx, pos, reasons, true);
                        }
                    }
                }
            }
        }
    }

    /**
     * {@code Set-Alias [-Name] x [-Value] Remove-Item}, parameters in any order and abbreviated
     * ({@code nal -Value Remove-Item -Name y}): the name becomes a user command, read as its target
     * when the target is literal.
     */
    private void alias(List<Word> args, boolean top) {
        Word name = null;
        Word value = null;
        List<Word> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            String p = parameter(w);
            if (p == null) {
                positional.add(w);
                continue;
            }
            Word next = i + 1 < args.size() ? args.get(i + 1) : null;
            if (!p.isEmpty() && "name".startsWith(p)) {
                name = next;
                i++;
            } else if (p.length() >= 2 && "value".startsWith(p)) {
                value = next;
                i++;
            } else if (!p.isEmpty() && ("description".startsWith(p) && p.length() >= 2 || "option".startsWith(p)
                    || "scope".startsWith(p))) {
                i++;
            }
        }
        if (name == null && !positional.isEmpty()) {
            name = positional.remove(0);
        }
        if (value == null && !positional.isEmpty()) {
            value = positional.get(0);
        }
        if (name == null) {
            return;
        }
        builder.addUserCommand(name.text());
        if (name.literal() && value != null) {
            builder.addAlias(name.text(), value.literal() ? value.text() : "");
            if (top && value.literal()) {
                // set surely, in the script's scope: a call after it runs the target (PsBuilder#knownAlias)
                builder.sureAlias(name.text());
            }
        }
    }

    /** A parameter word ({@code -Name}, {@code -Value:}) as its lower-case name without the dash, or null for any other word. */
    /**
     * {@code Invoke-Item F} (also {@code -Path}/{@code -LiteralPath}, {@code ii}): Windows opens F with
     * its default action, which for a program, a script or a shortcut runs it, as
     * {@code Start-Process F} does: {@code ii "$env:SystemRoot\System32\shutdown.exe"}. The file's
     * name decides (a folder in a variable keeps its literal last component); other items (a
     * folder, a document) are only shown. Only adds a reading.
     */
    private void invokeItem(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        if (reasons.contains(OpaqueReason.USER_FUNCTION)) {
            return;
        }
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            String p = parameter(w);
            if (p != null) {
                if (!p.isEmpty() && ("filter".startsWith(p) || "include".startsWith(p) || "exclude".startsWith(p)
                        || "credential".startsWith(p))) {
                    i++;
                }
                continue;
            }
            String t = w.literal() ? w.text() : w.raw().replace("\"", "").replace("'", "").replace("`", "");
            if (t != null && !t.contains(",") && WindowsLaunchers.runnableFile(t)) {
                launch(List.of(new Word(t, t, true, Set.of())), "Invoke-Item", id, ctx);
            }
        }
    }

    private static String parameter(Word w) {
        String t = w.text().toLowerCase(Locale.ROOT);
        boolean param = w.literal() && t.length() > 1 && t.startsWith("-")
                && !w.has(WordFeature.SINGLE_QUOTED) && !w.has(WordFeature.DOUBLE_QUOTED);
        return param ? t.substring(1).replaceFirst(":$", "") : null;
    }

    /**
     * {@code Add-Type -TypeDefinition CODE} (also positional) and {@code -MemberDefinition CODE}:
     * C# compiled into the session runs with the user's rights, so it is opaque (asks) whatever
     * it holds, and what its literal calls start or delete is read besides ({@link PsDotNet#readCSharp});
     * source read from one file by Get-Content is {@code Add-Type -Path} of that file and no more
     * opaque than it (the project's own C# compiles as {@code .\build.ps1} runs).
     * {@code -AssemblyName}, {@code -Path} and {@code -LiteralPath} load a compiled assembly instead
     * and are left to the rules.
     */
    private void addType(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        boolean source = false;
        boolean assembly = false;
        boolean positional = false;
        List<Word> sources = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String p = parameter(args.get(i));
            if (p == null) {
                boolean first = i == 0 || parameter(args.get(i - 1)) == null;
                if (first && !positional) {
                    sources.add(args.get(i));
                }
                positional |= first;
                continue;
            }
            if (!p.isEmpty() && ("typedefinition".startsWith(p) || "memberdefinition".startsWith(p))) {
                source = true;
                if (i + 1 < args.size()) {
                    sources.add(args.get(i + 1));
                }
            } else if (p.length() >= 2 && ("assemblyname".startsWith(p) || "path".startsWith(p)
                    || "literalpath".startsWith(p) || p.equals("an") || p.equals("pspath") || p.equals("lp"))) {
                assembly = true;
            }
        }
        if (!source && (assembly || !positional)) {
            return;
        }
        // the source read from one file (`-TypeDefinition (Get-Content .\src\Native.cs -Raw)`) is
        // Add-Type -Path of that file, judged below as typed; anything else is opaque
        if (sources.isEmpty() || !sources.stream().allMatch(w -> PsDotNet.readsSourceFile(w.raw()))) {
            reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
        for (Word w : args) {
            for (PsDotNet.Reading r : PsDotNet.readCSharp(w.text())) {
                carried(r.carried(), r.label(), id, ctx, reasons);
            }
            // the source read from a file or downloaded: Add-Type -Path of that place
            for (PsDotNet.Reading r : PsDotNet.readTypeSource(w.raw())) {
                carried(r.carried(), r.label(), id, ctx, reasons);
            }
        }
    }

    /**
     * {@code Set-Item function:f -Value 'CODE'} and {@code New-Item -Path function:f -Value 'CODE'}
     * (or {@code -Path function: -Name f}): a string given to the function drive is the body of
     * command {@code f}, read as PowerShell under it; {@code f} becomes a user command. Set-Content
     * and Add-Content write the same body. On the alias drive ({@code Set-Item Alias:gci
     * Remove-Item}, {@code New-Item Alias:x -Value Remove-Item}) the item is an alias, as
     * {@code Set-Alias} makes it.
     */
    private void functionItem(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        ItemWrite item = ItemWrite.of("Set-Content", args);
        Word path = item.path();
        Word name = item.name();
        Word value = item.value();
        java.util.regex.Matcher a = path == null ? null
                : java.util.regex.Pattern.compile("(?i)^alias:[\\\\/]?(.*)$").matcher(path.text());
        if (a != null && a.matches()) {
            // `Set-Item Alias:gci Remove-Item`, `New-Item Alias:x -Value Remove-Item`: Set-Alias by the alias drive
            String n = !a.group(1).isEmpty() ? a.group(1) : name != null && name.literal() ? name.text() : "";
            if (!n.isEmpty()) {
                builder.addUserCommand(n);
                if (value != null) {
                    builder.addAlias(n, value.literal() ? value.text() : "");
                }
            }
            return;
        }
        java.util.regex.Matcher m = path == null ? null
                : java.util.regex.Pattern.compile("(?i)^function:[\\\\/]?(.*)$").matcher(path.text());
        if (m == null || !m.matches()) {
            return;
        }
        String f = !m.group(1).isEmpty() ? m.group(1) : name != null ? name.text() : "";
        if (!f.isEmpty()) {
            builder.addUserCommand(f);
        }
        if (value == null || value.raw().startsWith("{")) {
            return; // a script block's commands are segments of their own already
        }
        if (!value.literal()) {
            reasons.add(OpaqueReason.DYNAMIC_EVAL);
            return;
        }
        builder.embedPowerShell(value.text(), id, ctx, Provenance.EVAL_PAYLOAD, "function:", reasons);
    }

    /**
     * {@code Set-Content .git\\hooks\\pre-commit 'CMD'}, {@code Add-Content .envrc 'CMD'},
     * {@code Out-File -FilePath .vscode\\tasks.json -InputObject '{…}'}, {@code New-Item P -Value T}:
     * literal text written into a file a tool runs on its own later ({@link RunLaterFiles}, and the
     * files everyday tools load, {@link dev.shellwarden.grammar.LaterFiles}) is
     * handed to bash as the same write ({@code echo 'T' > 'P'}), whose splitter reads what the file
     * will run as payloads of this segment, as it does for bash's own writes. Only adds segments;
     * a computed path or text gives nothing here (the write rules still judge the write).
     */
    private void runLaterWrite(String cmdlet, List<Word> args, int id, PsBuilder.Ctx ctx) {
        ItemWrite item = ItemWrite.of(cmdlet, args);
        Word path = item.path();
        Word value = item.value() != null ? item.value() : builder.pipedInput();
        if (path != null && keyOf(path) != null && item.name() == null && !cmdlet.equals("Set-Item")) {
            // what later statements find in the file (Set-Content and Out-File end it with a newline)
            recordWrite(keyOf(path), value == null || !value.literal() || value.raw().startsWith("{") ? null : value.text() + "\n",
                    item.append());
        }
        if (path != null && keyOf(path) != null) {
            // `Set-Content t.ps1 '…'` at the top level: the whole text of the file, when it is exactly known
            builder.wholeRuns.write(keyOf(path), id, !item.append() && item.name() == null && PsBuilder.topLevel(ctx)
                    && PsWholeRuns.plainKey(path) != null && PsWholeRuns.exactCmdletWrite(cmdlet, args, value, builder.pipedInput()));
        }
        if (path == null || value == null || !path.literal() || !value.literal() || value.raw().startsWith("{")) {
            return;
        }
        // read as Windows opens it: `.VSCODE\TASKS.JSON` and `.git.\hooks\x` are the files the editor and git read
        String target = dev.shellwarden.grammar.WindowsPaths.canonical(path.text()).replace('\\', '/');
        String key = target.startsWith("./") ? target.substring(2) : target;
        if (!RunLaterFiles.isRunLater(key) && !dev.shellwarden.grammar.LaterFiles.isLaterFile(key)
                || builder.level() + 1 > PsSplit.MAX_LEVEL) {
            return;
        }
        String line = "echo " + Word.singleQuoted(value.text()) + (item.append() ? " >> " : " > ") + Word.singleQuoted(target);
        builder.embed(Splitter.forShell(Shell.BASH).split(line),
                new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.SETTING, ctx.wrappers()), List.of(cmdlet));
    }

    /** A written file's key in {@link PsBuilder#writtenFiles}: {@code /} separators, no leading {@code ./}. */
    static String writtenKey(String path) {
        return WrittenFiles.key(path.replace('\\', '/'));
    }

    /**
     * {@code Set-Content x.ps1 '…'; ./x.ps1} (or {@code pwsh -File x.ps1}): the literal text an
     * earlier statement wrote to the script is split as PowerShell under this segment, so its
     * commands meet the rules now. Only adds segments; nothing for a file not written here.
     */
    private void writtenPowerShell(Word script, String wrapper, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        String text = script == null ? null : writtenText(script);
        if (text != null && !text.isBlank()) {
            builder.embedPowerShell(text, id, ctx, Provenance.HEREDOC_SCRIPT, wrapper, reasons);
        }
    }

    /**
     * A command named by a computed word that is a path in the current location
     * ({@code & "$PWD\x.ps1"}, {@code . "$PWD/x.ps1"}): a written script's statements, as by a literal path.
     */
    void computedScript(Word name, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        String k = name.literal() ? null : keyOf(name);
        if (k != null && k.toLowerCase(Locale.ROOT).endsWith(".ps1")) {
            writtenPowerShell(name, "script", id, ctx, reasons);
        }
    }

    /** A path in the current location written {@code "$PWD\x.ps1"} (also {@code ${PWD}}, {@code /}): the relative part in group 1. */
    private static final java.util.regex.Pattern PWD_PATH = java.util.regex.Pattern.compile(
            "(?i)^\"\\$(?:pwd|\\{pwd\\})[\\\\/]([^\"$`\\\\/][^\"$`]*)\"$");

    /**
     * The {@link PsBuilder#writtenFiles} key of a path word: a literal's, or the relative part of
     * {@code "$PWD\x.ps1"} (the current location, where a relative path points); null for any other
     * computed path.
     */
    static String keyOf(Word path) {
        if (path.literal()) {
            return writtenKey(path.text());
        }
        java.util.regex.Matcher m = PWD_PATH.matcher(path.raw());
        if (m.matches()) {
            return writtenKey(m.group(1));
        }
        // (Join-Path $PWD x.ps1), ([IO.Path]::Combine('.', 'x.ps1')): the joined path read the same way
        String joined = dev.shellwarden.grammar.LexicalPaths.psJoinedPath(path.raw());
        if (joined == null) {
            return null;
        }
        if (joined.indexOf('$') < 0 && joined.indexOf('`') < 0) {
            return joined.startsWith("\\") || joined.startsWith("/") || joined.startsWith("~") || joined.matches("(?s)[A-Za-z]:.*")
                    ? null : writtenKey(joined);
        }
        m = PWD_PATH.matcher("\"" + joined + "\"");
        return m.matches() ? writtenKey(m.group(1)) : null;
    }

    /** The text an earlier statement wrote to the file {@code path} names, or null when none is known. */
    String writtenText(Word path) {
        String k = keyOf(path);
        return k == null ? null : builder.writtenFiles.get(foldedKey(k));
    }

    /**
     * The key under which {@link PsBuilder#writtenFiles} holds the file {@code k} names: Windows
     * names ignore case ({@code T.PS1} is {@code t.ps1}), so a key differing only in case is the
     * same file (on Linux the run of another file then asks through SW4005, which compares the same way).
     */
    private String foldedKey(String k) {
        if (builder.writtenFiles.containsKey(k)) {
            return k;
        }
        for (String other : builder.writtenFiles.keySet()) {
            if (other.equalsIgnoreCase(k)) {
                return other;
            }
        }
        return k;
    }

    /**
     * {@code Write-Output '…' > x.ps1} (also {@code echo}, {@code >>}): the redirected output is the
     * one string and a newline, as {@code '…' > x.ps1} writes; other output (several or computed
     * arguments) leaves text not known here, so the file is forgotten.
     */
    private void echoedWrite(List<Word> args, List<Redirect> redirects, int id) {
        for (Redirect r : redirects) {
            String key = keyOf(r.target());
            if ((r.op().equals(">") || r.op().equals(">>") || r.op().equals("&>") || r.op().equals("&>>"))
                    && (r.fd() < 0 || r.fd() == 1) && key != null) {
                boolean plain = args.size() == 1 && args.get(0).literal() && !args.get(0).raw().startsWith("-");
                recordWrite(key, plain ? args.get(0).text() + "\n" : null, r.op().endsWith(">>"));
                builder.wholeRuns.write(key, id, false);
            }
        }
    }

    /**
     * What a later statement finds in file {@code key} after a write of {@code text} (null: text
     * not known here, so nothing is kept), appended or not. Package-private for the writes PsBuilder
     * reads ({@code '…' > x.ps1}, {@code [IO.File]::WriteAllText('x.ps1', '…')}).
     */
    void recordWrite(String key, String text, boolean append) {
        // the same file by another case: appended to what it holds, or replaced
        String held = foldedKey(key);
        if (!held.equals(key)) {
            String before = builder.writtenFiles.remove(held);
            if (text != null && append && before != null) {
                builder.writtenFiles.put(key, before);
            } else if (append && before == null) {
                text = null;
            }
        }
        if (text == null) {
            builder.writtenFiles.remove(key);
            return;
        }
        String before = append ? builder.writtenFiles.getOrDefault(key, "") : "";
        builder.writtenFiles.remove(key);
        builder.writtenFiles.put(key, before + text);
    }

    /**
     * {@code Import-Module .\x.psm1} (or {@code -Name}) of a module an earlier statement wrote: the
     * module's text runs in the session at import (and defines the functions later statements call),
     * so it is split as PowerShell under this segment, as a written script run by path is.
     */
    private void importModule(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        for (int i = 0; i < args.size(); i++) {
            String p = parameter(args.get(i));
            if (p == null || p.equals("name") || p.equals("n")) {
                Word w = p == null ? args.get(i) : i + 1 < args.size() ? args.get(++i) : null;
                if (w != null && writtenText(w) != null) {
                    writtenPowerShell(w, "Import-Module", id, ctx, reasons);
                }
            }
        }
    }

    /**
     * The files earlier statements wrote, as bash's own writes of the same text
     * ({@code echo 'T' > 'P'}, one a line), before a native program's bash reading: bash's
     * readers of written files ({@code make}, {@code python x.py}, {@code ./x.sh}) then see what
     * the program will run, as they do after {@code > Makefile &&} in bash. Empty when none.
     */
    private String writtenPrefix() {
        StringBuilder out = new StringBuilder();
        builder.writtenFiles.forEach((path, text) -> {
            String t = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
            if (!t.startsWith("-")) {
                out.append("echo ").append(Word.singleQuoted(t)).append(" > ").append(Word.singleQuoted(path)).append('\n');
            }
        });
        return out.toString();
    }

    /**
     * The item and text a writer cmdlet names: Set-Item, New-Item, Set-Content and Add-Content
     * ({@code -Path}/{@code -LiteralPath}, {@code -Name}, {@code -Value}, else the first two
     * positionals), Out-File ({@code -FilePath}, {@code -InputObject}, {@code -Append}). A
     * switch that takes a value ({@code -Encoding utf8}) does not shift the positionals.
     */
    private record ItemWrite(Word path, Word name, Word value, boolean append) {

        static ItemWrite of(String cmdlet, List<Word> args) {
            boolean outFile = cmdlet.equals("Out-File");
            Word path = null;
            Word name = null;
            Word value = null;
            boolean append = cmdlet.equals("Add-Content");
            List<Word> positional = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String p = parameter(args.get(i));
                Word next = i + 1 < args.size() ? args.get(i + 1) : null;
                if (p == null) {
                    positional.add(args.get(i));
                } else if (p.isEmpty()) {
                    continue;
                } else if (outFile ? "filepath".startsWith(p) || "literalpath".startsWith(p) && p.length() >= 2 || p.equals("path")
                        : "path".startsWith(p) || "literalpath".startsWith(p) && p.length() >= 2 || p.equals("pspath")) {
                    path = next;
                    i++;
                } else if (!outFile && "name".startsWith(p)) {
                    name = next;
                    i++;
                } else if (outFile ? "inputobject".startsWith(p) : "value".startsWith(p)) {
                    value = next;
                    i++;
                } else if (outFile && "append".startsWith(p) && p.length() >= 2) {
                    append = true;
                } else if ("encoding".startsWith(p) || outFile && "width".startsWith(p)
                        || !outFile && ("itemtype".startsWith(p) || "stream".startsWith(p))) {
                    i++; // a switch that takes a value: the value is no positional
                }
            }
            if (path == null && !positional.isEmpty()) {
                path = positional.remove(0);
            }
            if (value == null && !positional.isEmpty()) {
                value = positional.get(0);
            }
            return new ItemWrite(path, name, value, append);
        }
    }

    /**
     * A native program gets the reading bash gives the same words: what its launchers, wrappers,
     * program-valued options and inline code run ({@code npx.cmd -c …}, {@code uv run …},
     * {@code sudo …}, {@code git -c core.sshCommand=…}, {@code rsync -e …}, {@code python.exe -c …})
     * become its children, as in bash. The words are literal (PowerShell removed its own quoting),
     * so each is handed to bash single-quoted, except an unquoted leading {@code ~} (PowerShell 7.4
     * expands it for native programs) and unquoted wildcards (PowerShell on Linux expands them);
     * the redirections, the place in a pipeline and {@code &} are kept, so that a launched server
     * sent to a file in the background is as detached as in bash. A computed word is a variable
     * bash does not know either (the profile stays {@code ~}); a drive path is read in the POSIX
     * form of the path rules ({@code C:\} is {@code /}). A text bash cannot read back as the same
     * command leaves the segment as it was (judged on its own). With {@code alias} the segment is a
     * cmdlet whose alias names a program elsewhere ({@code sort}, {@code kill}): bash's reading of
     * the program is a child of its own.
     */
    private void bashReading(String base, List<Word> argv, List<Redirect> redirects, int id, PsBuilder.Ctx ctx,
            Position pos, Set<OpaqueReason> reasons, boolean alias) {
        if (!dev.shellwarden.grammar.Regex.matches(base, "[a-z0-9_][a-z0-9_.+-]*")
                // Windows' timeout.exe waits (`timeout /t 30`): no wrapper of a command
                || base.equals("timeout") && argv.size() > 1 && argv.get(1).text().startsWith("/")
                // `rmdir dir /s /q`, `del x /q`: cmd.exe switches say the Windows reading is meant
                || alias && argv.stream().anyMatch(w -> w.literal() && Regex.matches(w.text(), "/[A-Za-z?]"))) {
            return;
        }
        // The Python launcher for Windows (`py -3.12 -c …`, after its version choice) and the
        // windowless python are python; their words are read as python's, in a child of their own
        String program = base.equals("py") || base.equals("pythonw") ? "python" : base;
        String typed = argv.get(0).text();
        if (!alias && argv.get(0).literal() && (typed.contains("/") || typed.contains("\\"))
                && builder.writtenFiles.containsKey(writtenKey(typed))) {
            // `./x.sh` after `Set-Content x.sh '…'`: run by its path, as bash reads a written script
            program = "./" + writtenKey(typed);
        }
        int from = 1;
        while (base.equals("py") && from < argv.size()
                && dev.shellwarden.grammar.Regex.matches(argv.get(from).text(), "-[23](\\.[0-9]+)?(-(32|64))?|-V:\\S+")) {
            from++;
        }
        List<Word> words = argv.subList(from - 1, argv.size());
        StringBuilder line = new StringBuilder(writtenPrefix()).append(pos.stage() > 0 ? ": | " : "").append(program);
        for (Word w : words.subList(1, words.size())) {
            line.append(' ').append(bashWord(w));
        }
        for (Redirect r : redirects) {
            line.append(' ').append(r.fd() >= 0 ? String.valueOf(r.fd()) : "").append(r.op());
            line.append(r.op().equals(">&") ? Word.singleQuoted(r.target().text()) : " " + bashWord(r.target()));
        }
        line.append(pos.stage() + 1 < pos.stages() ? " | :" : "").append(pos.background() ? " &" : "");
        if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        dev.shellwarden.grammar.SplitResult r = Splitter.forShell(Shell.BASH).split(line.toString());
        Segment top = null;
        for (Segment s : r.segments()) {
            if (s.parent() < 0 && s.argv().size() == words.size() && !s.argv().isEmpty()
                    && s.argv().get(0).text().equals(program)) {
                top = s;
            }
        }
        if (top == null || top.opaqueReasons().contains(OpaqueReason.SYNTAX_ERROR)
                || top.opaqueReasons().contains(OpaqueReason.INTERNAL_ERROR)) {
            return;
        }
        int deepest = 0;
        for (Segment s : r.segments()) {
            deepest = Math.max(deepest, s.depth());
        }
        if (ctx.depth() + deepest > PsBuilder.MAX_DEPTH) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        if (alias || !program.equals(base)) {
            builder.embedDescendants(r, top.id(), id, ctx, true);
            return;
        }
        reasons.addAll(top.opaqueReasons());
        builder.embedDescendants(r, top.id(), id, ctx);
    }

    /**
     * Built-in aliases PowerShell 7 leaves out on Linux and macOS, where the name runs the system's
     * program (PsNames resolves them to the cmdlet, the Windows reading), and where that program does
     * what the cmdlet's rules do not see ({@code sort --compress-program}, {@code kill -9 -1}); the
     * others ({@code rm}, {@code cp}, {@code ls}…) are judged by their cmdlet's rules.
     */
    private static final Set<String> LINUX_PROGRAMS = Set.of("kill", "mount", "sort", "tee");

    /** The profile in PowerShell's spellings, at the start of a word. */
    private static final java.util.regex.Pattern PS_HOME = java.util.regex.Pattern.compile(
            "(?i)^(\\$home|\\$\\{home\\}|\\$env:userprofile|\\$\\{env:userprofile\\}|\\$env:home)(?=$|[\\\\/])");
    /** A value bash cannot know either: an unset variable of no meaning to any tool. */
    private static final String UNKNOWN_VALUE = "\"${PS_VALUE}\"";

    /**
     * A PowerShell argument as a bash word with the same value (see {@link #bashReading}): a drive
     * path in POSIX form, a computed value as a variable bash does not know.
     */
    private static String bashWord(Word w) {
        String t = w.text();
        boolean bare = !w.has(WordFeature.SINGLE_QUOTED) && !w.has(WordFeature.DOUBLE_QUOTED);
        if (!w.literal()) {
            // the profile stays the home directory (`$HOME\x`, `$env:USERPROFILE`); any other value
            // is unknown to bash too: a variable nothing in the text sets
            java.util.regex.Matcher home = PS_HOME.matcher(t);
            if (home.find()) {
                String rest = t.substring(home.end());
                return "~" + (rest.length() <= 1 ? "" : "/" + (Regex.find(rest, "[$`(]") ? UNKNOWN_VALUE
                        : Word.singleQuoted(rest.substring(1).replace('\\', '/'))));
            }
            return UNKNOWN_VALUE;
        }
        if (Regex.matches(t, "(?s)[A-Za-z]:([\\\\/].*)?")) {
            // a drive is the root, in the POSIX form the path rules read (PathFacts.fromWindows)
            t = t.length() == 2 ? "/" : t.substring(2).replace('\\', '/');
            w = new Word(t, w.raw(), true, w.features());
        } else if (Regex.matches(t, "(?s)\\.{1,2}\\\\.*")) {
            t = t.replace('\\', '/');
            w = new Word(t, w.raw(), true, w.features());
        }
        if (bare && (t.equals("~") || t.startsWith("~/") || t.startsWith("~\\"))) {
            return t.length() == 1 ? "~" : "~/" + bashWord(new Word(t.substring(2).replace('\\', '/'), w.raw(), true, w.features()));
        }
        if (bare && w.has(WordFeature.GLOB) && !w.has(WordFeature.ESCAPED)) {
            StringBuilder out = new StringBuilder();
            StringBuilder run = new StringBuilder();
            for (int i = 0; i < t.length(); i++) {
                char c = t.charAt(i);
                if (c == '*' || c == '?' || c == '[' || c == ']') {
                    if (run.length() > 0) {
                        out.append(Word.singleQuoted(run.toString()));
                        run.setLength(0);
                    }
                    out.append(c);
                } else {
                    run.append(c);
                }
            }
            if (run.length() > 0 || out.length() == 0) {
                out.append(Word.singleQuoted(run.toString()));
            }
            return out.toString();
        }
        return Word.singleQuoted(t);
    }

    /**
     * {@code Start-Process file -ArgumentList a, b}: the started program becomes a WRAPPED segment
     * (its argument list re-split as Windows splits a command line), so that
     * {@code saps powershell -ArgumentList '-enc …'} is seen like {@code powershell -enc …}.
     */
    private void startProcess(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        Word file = null;
        List<Word> list = new ArrayList<>();
        int positional = 0;
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            boolean param = w.literal() && w.text().startsWith("-") && w.text().length() > 1
                    && !w.has(WordFeature.SINGLE_QUOTED) && !w.has(WordFeature.DOUBLE_QUOTED);
            if (param) {
                String p = PsParameters.canonical("Start-Process", w.text()).orElse("?");
                switch (p) {
                    case "FilePath" -> file = i + 1 < args.size() ? args.get(++i) : null;
                    case "ArgumentList" -> i = collect(args, i + 1, list) - 1;
                    case "Verb", "WorkingDirectory", "Credential", "WindowStyle",
                         "RedirectStandardInput", "RedirectStandardOutput", "RedirectStandardError",
                         "Environment", "ErrorAction", "WarningAction", "InformationAction",
                         "ErrorVariable", "WarningVariable", "InformationVariable", "OutVariable",
                         "OutBuffer", "PipelineVariable", "ProgressAction" -> i++;
                    case "?" -> {
                        // Unknown or ambiguous: PowerShell would refuse it; the splitter cannot
                        // tell which words follow, so the started command is not modelled.
                        reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                        return;
                    }
                    default -> {
                    }
                }
            } else if (positional++ == 0) {
                file = w;
            } else {
                i = collect(args, i, list) - 1;
            }
        }
        if (file == null) {
            return;
        }
        // `-ArgumentList @('/c','rd')` and `('/c','rd')`: an array of plain strings is those strings
        List<Word> expanded = new ArrayList<>();
        for (Word w : list) {
            List<Word> items = w.literal() ? null : arrayOfStrings(w.raw());
            expanded.addAll(items == null ? List.of(w) : items);
        }
        list = expanded;
        boolean literal = file.literal();
        for (Word w : list) {
            literal &= w.literal();
        }
        if (!literal) {
            reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
            return;
        }
        List<Word> argv = new ArrayList<>();
        argv.add(file);
        for (Word w : list) {
            for (String piece : windowsSplit(w.text())) {
                // The program sees the re-split text: no PowerShell quoting survives.
                argv.add(new Word(piece, w.raw(), true, Set.of()));
            }
        }
        launch(argv, "Start-Process", id, ctx);
    }

    /**
     * What a Windows launcher carries ({@link WindowsLaunchers}): a command line becomes a WRAPPED
     * child as {@code Start-Process}'s program does, a PowerShell script is split under the
     * launcher; a computed carried word leaves the launcher opaque.
     */
    private void carried(WindowsLaunchers.Carried c, String launcher, int id, PsBuilder.Ctx ctx,
            Set<OpaqueReason> reasons) {
        if (c == null) {
            return;
        }
        if (c.dynamic()) {
            reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
        } else if (c.script() != null) {
            builder.embedPowerShell(c.script(), id, ctx, Provenance.SHELL_PAYLOAD, launcher, reasons);
        } else if (!c.program().isEmpty()) {
            List<Word> argv = new ArrayList<>();
            for (String piece : c.program()) {
                argv.add(new Word(piece, piece, true, Set.of()));
            }
            launch(argv, launcher, id, ctx);
        }
    }

    /**
     * The programs and cmdlets the .NET and COM calls of an expression amount to
     * ({@link PsDotNet}), attached under the expression's segment {@code id} as a launcher's are.
     */
    void dotNet(String source, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        for (PsDotNet.Reading r : PsDotNet.read(source)) {
            carried(r.carried(), r.label(), id, ctx, reasons);
        }
        // `[IO.File]::WriteAllText('x.ps1', '…')`: what later statements find in the file
        for (PsDotNet.FileWrite w : PsDotNet.fileWrites(source)) {
            String p = w.path();
            boolean literal = p.startsWith("'") || p.indexOf('$') < 0;
            String text = p.startsWith("'") ? PsText.verbatim(p) : p.substring(1, p.length() - 1);
            Word path = new Word(text, p, literal, Set.of());
            String key = keyOf(path);
            if (key != null) {
                recordWrite(key, w.text(), w.append());
                // `[IO.File]::WriteAllText('t.ps1', '…')` at the top level: the whole text of the file, when exactly known
                boolean exact = w.wholeRaw() != null && !w.append() && PsBuilder.topLevel(ctx) && PsWholeRuns.plainKey(path) != null
                        && PsWholeRuns.exactText(new Word(w.text(), w.wholeRaw(), true, Set.of()));
                builder.wholeRuns.write(key, id, exact);
            }
        }
    }

    /** The program {@code argv} a launcher starts, attached under {@code id} as a WRAPPED segment. */
    private void launch(List<Word> argv, String launcher, int id, PsBuilder.Ctx ctx) {
        Word file = argv.get(0);
        int sid = builder.reserve();
        List<String> wrappers = PsBuilder.append(ctx.wrappers(), launcher);
        Set<OpaqueReason> r = EnumSet.noneOf(OpaqueReason.class);
        PsBuilder.Ctx inner = new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.WRAPPED, wrappers);
        if (inner.depth() > PsBuilder.MAX_DEPTH) {
            r.add(OpaqueReason.LIMIT_EXCEEDED);
        } else {
            apply(file.text(), argv, sid, inner, Position.SOLE, r);
        }
        builder.set(sid, new Segment(sid, id, inner.depth(), Provenance.WRAPPED, wrappers, argv,
                List.of(), List.of(), List.of(), Position.SOLE, r));
    }

    /** One quoted string without expansions. */
    private static final java.util.regex.Pattern PLAIN_STRING = java.util.regex.Pattern.compile(
            "\\s*" + PsText.PLAIN_STRING + "\\s*");

    /** The text between the parentheses of {@code @(…)} or {@code (…)}, or null for anything else. */
    private static String arrayBody(String raw) {
        if (raw.startsWith("@(") && raw.endsWith(")")) {
            return raw.substring(2, raw.length() - 1);
        }
        if (raw.startsWith("(") && raw.endsWith(")")) {
            return raw.substring(1, raw.length() - 1);
        }
        return null;
    }

    /**
     * The strings of {@code @('a','b')} or {@code ('a','b')} when every element is a quoted string
     * without expansions, or null.
     */
    static List<Word> arrayOfStrings(String raw) {
        String body = arrayBody(raw);
        if (body == null) {
            return null;
        }
        List<Word> out = new ArrayList<>();
        int at = 0;
        java.util.regex.Matcher m = PLAIN_STRING.matcher(body);
        while (true) {
            if (!m.find(at) || m.start() != at) {
                return null;
            }
            String text = m.group(1) != null ? m.group(1).replace("''", "'") : m.group(2);
            out.add(new Word(text, m.group().strip(), true,
                    Set.of(m.group(1) != null ? WordFeature.SINGLE_QUOTED : WordFeature.DOUBLE_QUOTED)));
            at = m.end();
            if (at == body.length()) {
                return out;
            }
            if (body.charAt(at) != ',') {
                return null;
            }
            at++;
        }
    }

    /** A decimal number item of a literal list ({@code 7200}, {@code 1.5}). */
    private static final java.util.regex.Pattern NUMBER_ITEM = java.util.regex.Pattern.compile("[0-9]{1,12}(?:\\.[0-9]{1,6})?");

    /**
     * {@link #arrayOfStrings}, or when that is null the items of {@code @(1, 7200)} or
     * {@code (1, 7200)} when every element is a decimal number literal (or a plain string): the
     * list a {@code foreach} header or a pipe hands on, each number as its own word
     * ({@link #isNumberItem}); null otherwise.
     */
    static List<Word> arrayOfLiterals(String raw) {
        List<Word> strings = arrayOfStrings(raw);
        if (strings != null) {
            return strings;
        }
        String body = arrayBody(raw);
        if (body == null) {
            return null;
        }
        List<Word> out = new ArrayList<>();
        for (String item : body.split(",", -1)) {
            String t = item.strip();
            if (NUMBER_ITEM.matcher(t).matches()) {
                out.add(new Word(t, t, true, Set.of()));
            } else {
                List<Word> one = arrayOfStrings("(" + t + ")");
                if (one == null || one.size() != 1) {
                    return null;
                }
                out.add(one.get(0));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** True for a number item {@link #arrayOfLiterals} read (an unquoted decimal literal). */
    static boolean isNumberItem(Word w) {
        return w.literal() && w.features().isEmpty() && NUMBER_ITEM.matcher(w.text()).matches();
    }

    /** Collects argument-list words from {@code i} up to the next parameter; returns the stop. */
    private static int collect(List<Word> args, int i, List<Word> into) {
        while (i < args.size()) {
            Word w = args.get(i);
            if (w.literal() && w.text().startsWith("-") && !w.has(WordFeature.SINGLE_QUOTED)
                    && !w.has(WordFeature.DOUBLE_QUOTED) && into.size() > 0) {
                break;
            }
            into.add(w);
            i++;
        }
        return i;
    }

    /** Splits a Windows command line on blanks outside double quotes, quotes removed. */
    static List<String> windowsSplit(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if ((c == ' ' || c == '\t') && !quoted) {
                if (any) {
                    words.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(cur.toString());
        }
        return words;
    }

    private void invokeExpression(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        Word payload = null;
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            String t = w.text().toLowerCase(Locale.ROOT);
            if (w.literal() && t.startsWith("-") && t.length() > 1 && !w.has(WordFeature.SINGLE_QUOTED)
                    && !w.has(WordFeature.DOUBLE_QUOTED)) {
                if ("-command".startsWith(t)) {
                    payload = i + 1 < args.size() ? args.get(i + 1) : null;
                    break;
                }
                continue; // a common switch such as -Verbose
            }
            payload = w;
            break;
        }
        String joined = payload == null || payload.literal() ? null : PsBuilder.concatenation(payload.raw().strip());
        if (joined != null) {
            // `iex ('Remove-' + 'Item …')`, `iex (-join ('…','…'))`: literal pieces joined, known exactly
            builder.embedPowerShell(joined, id, ctx, Provenance.EVAL_PAYLOAD, "Invoke-Expression", reasons);
            return;
        }
        if (payload == null || !payload.literal()) {
            reasons.add(OpaqueReason.DYNAMIC_EVAL);
            if (payload != null && payload.has(WordFeature.RESOLVED_VARIABLE)) {
                // the string a variable may still hold (PsValues): read besides, the call still asks
                builder.embedPowerShell(payload.text(), id, ctx, Provenance.EVAL_PAYLOAD, "Invoke-Expression", reasons);
            }
            return;
        }
        builder.embedPowerShell(payload.text(), id, ctx, Provenance.EVAL_PAYLOAD, "Invoke-Expression", reasons);
    }

    /** Parameters of powershell.exe / pwsh and what follows each. */
    private enum PwshParam { COMMAND, ENCODED, FILE, VALUE, SWITCH }

    /**
     * powershell.exe / pwsh parameters in the order the host matches them: a written key matches
     * when it is a prefix of the name at least as long as the shortest accepted form, or an alias.
     * Order matters: {@code -e} is {@code -EncodedCommand}, not {@code -ExecutionPolicy}.
     */
    private static final String[][] PWSH_TABLE = {
        {"command", "c", "COMMAND"}, {"commandwithargs", "commandw", "COMMAND", "cwa"},
        {"configurationname", "config", "VALUE"}, {"configurationfile", "configurationf", "VALUE"},
        {"custompipename", "cus", "VALUE"}, {"encodedcommand", "e", "ENCODED", "ec"},
        {"encodedarguments", "encodeda", "VALUE", "ea"}, {"executionpolicy", "ex", "VALUE", "ep"},
        {"file", "f", "FILE"}, {"help", "h", "SWITCH", "?"}, {"inputformat", "inp", "VALUE", "if"},
        {"interactive", "i", "SWITCH"}, {"login", "l", "SWITCH"}, {"mta", "mta", "SWITCH"},
        {"noexit", "noe", "SWITCH"}, {"nologo", "nol", "SWITCH"},
        {"noninteractive", "noni", "SWITCH"}, {"noprofile", "nop", "SWITCH"},
        {"noprofileloadtime", "noprofilel", "SWITCH"}, {"outputformat", "o", "VALUE", "of"},
        {"psconsolefile", "psc", "VALUE"}, {"settingsfile", "settings", "VALUE"},
        {"sta", "s", "SWITCH"}, {"version", "v", "VALUE"}, {"windowstyle", "w", "VALUE"},
        {"workingdirectory", "wo", "VALUE", "wd"},
    };

    /** Resolves a powershell.exe parameter ({@code -enc}, {@code /c}, {@code --Command}). */
    static PwshParam pwshParam(String written) {
        String n = written.toLowerCase(Locale.ROOT).replaceFirst("^(--|-|/)", "");
        if (n.endsWith(":")) {
            n = n.substring(0, n.length() - 1);
        }
        for (String[] row : PWSH_TABLE) {
            boolean alias = row.length > 3 && row[3].equals(n);
            if (alias || row[0].startsWith(n) && n.length() >= row[1].length()) {
                return PwshParam.valueOf(row[2]);
            }
        }
        return PwshParam.SWITCH;
    }

    private void pwsh(String base, List<Word> args, int id, PsBuilder.Ctx ctx, Position pos,
            Set<OpaqueReason> reasons) {
        for (int i = 0; i < args.size(); i++) {
            Word w = args.get(i);
            String t = w.text();
            // A native program sees text, not quotes: `powershell '-enc' …` is -EncodedCommand.
            boolean param = w.literal() && t.length() > 1 && (t.startsWith("-") || t.startsWith("/"));
            if (!param) {
                // The first positional argument is the command (powershell.exe) or a file (pwsh).
                if (base.equals("pwsh")) {
                    if (!projectScript(w, pos)) {
                        reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
                    }
                    writtenPowerShell(w, base, id, ctx, reasons);
                } else {
                    pwshCommand(base, args.subList(i, args.size()), id, ctx, reasons);
                }
                return;
            }
            int colon = t.indexOf(':');
            PwshParam kind = pwshParam(colon > 0 ? t.substring(0, colon) : t);
            if (colon > 0 && colon < t.length() - 1 && kind != PwshParam.SWITCH && kind != PwshParam.VALUE) {
                // `-EncodedCommand:…`: whether the host accepts it is not modelled.
                reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                return;
            }
            switch (kind) {
                case COMMAND -> {
                    pwshCommand(base, args.subList(i + 1, args.size()), id, ctx, reasons);
                    return;
                }
                case ENCODED -> {
                    if (i + 1 >= args.size()) {
                        reasons.add(OpaqueReason.UNDECODABLE_PAYLOAD);
                    } else if (!args.get(i + 1).literal()) {
                        reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    } else {
                        java.util.Optional<String> script = EncodedCommand.decode(args.get(i + 1).text());
                        if (script.isEmpty()) {
                            reasons.add(OpaqueReason.UNDECODABLE_PAYLOAD);
                        } else {
                            builder.embedPowerShell(script.get(), id, ctx, Provenance.ENCODED_PAYLOAD, base, reasons);
                        }
                    }
                    return;
                }
                case FILE -> {
                    if (i + 1 >= args.size() || !projectScript(args.get(i + 1), pos)) {
                        reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
                    }
                    // `Set-Content x.ps1 '…'; pwsh -File x.ps1`: the script an earlier statement wrote
                    writtenPowerShell(i + 1 < args.size() ? args.get(i + 1) : null, base, id, ctx, reasons);
                    if (i + 2 == args.size() && plainHostOptions(args.subList(0, i)) && PsBuilder.topLevel(ctx)
                            && pos.stages() == 1 && writtenText(args.get(i + 1)) != null) {
                        builder.wholeRuns.run(PsWholeRuns.plainKey(args.get(i + 1)), id);
                    }
                    return;
                }
                case VALUE -> i += colon > 0 ? 0 : 1; // `-ep:Bypass` carries its value
                case SWITCH -> {
                }
            }
        }
        if (pos.stage() > 0) {
            reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
        }
    }

    /** powershell.exe options before {@code -File} that change nothing the script's text does: no profile, no prompt, no logo, an execution policy. */
    private static boolean plainHostOptions(List<Word> options) {
        for (int i = 0; i < options.size(); i++) {
            String t = options.get(i).literal() ? options.get(i).text().toLowerCase(Locale.ROOT) : "";
            if (Set.of("-executionpolicy", "-ep", "-ex", "-exec").contains(t) && i + 1 < options.size()
                    && Set.of("bypass", "remotesigned", "unrestricted").contains(options.get(i + 1).text().toLowerCase(Locale.ROOT))) {
                i++;
            } else if (!Set.of("-noprofile", "-nop", "-noninteractive", "-noni", "-nologo", "-nol").contains(t)) {
                return false;
            }
        }
        return true;
    }

    /** A project-relative {@code .ps1} path: {@code .\build.ps1}, {@code scripts/test.ps1}; no drive, root, home, share or {@code ..}. */
    private static final java.util.regex.Pattern PROJECT_PS1 = java.util.regex.Pattern.compile(
            "(?i)^(?![\\\\/~]|[a-z]:|.*(?:^|[\\\\/])\\.\\.(?:[\\\\/]|$))[^:*?\"<>|`$]+\\.ps1$");

    /**
     * {@code pwsh -File .\build.ps1}: the project's own script run by the host is what
     * {@code .\build.ps1} run by name is, a file in the project judged as such, not code
     * shell-warden cannot see; a script elsewhere, a computed name or one fed by a pipe stays opaque.
     */
    private static boolean projectScript(Word script, Position pos) {
        return pos.stage() == 0 && script.literal() && PROJECT_PS1.matcher(script.text()).matches();
    }

    private void pwshCommand(String base, List<Word> rest, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        if (rest.isEmpty()) {
            reasons.add(OpaqueReason.SYNTAX_ERROR);
            return;
        }
        if (rest.get(0).text().equals("-")) {
            reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
            return;
        }
        if (rest.size() == 1 && rest.get(0).raw().startsWith("{")) {
            return; // a script block: already walked as SHELL_PAYLOAD
        }
        StringBuilder payload = new StringBuilder();
        for (Word w : rest) {
            if (!w.literal()) {
                // The payload is not known (`-Command "… $env:X …"` expands in this shell first),
                // so the carrier stays opaque; its visible text is still split, with the dynamic
                // parts left as written, so that what it plainly runs is judged too (tighten-only,
                // as the bash splitter does for `sh -c "$X …"`).
                reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
            }
            payload.append(payload.length() == 0 ? "" : " ").append(w.text());
        }
        builder.embedPowerShell(payload.toString(), id, ctx, Provenance.SHELL_PAYLOAD, base, reasons);
    }

    private void cmd(List<Word> args, int id, PsBuilder.Ctx ctx, Position pos, Set<OpaqueReason> reasons) {
        int c = CmdPayload.commandSwitch(args.stream().map(Word::text).toList());
        if (c < 0) {
            if (pos.stage() > 0) {
                reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
            }
            return;
        }
        if (!args.get(c).literal()) {
            reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
            return;
        }
        List<String> words = new ArrayList<>();
        String attached = CmdPayload.attached(args.get(c).text());
        if (!attached.isEmpty()) {
            words.add(attached);
        }
        for (Word w : args.subList(c + 1, args.size())) {
            if (!w.literal()) {
                reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                return;
            }
            words.add(w.text());
        }
        // PowerShell quotes an argument with blanks on the command line it builds (cmd strips
        // the quotes of the first one): `cmd /c npx -c "rm x"` hands npx one argument
        cmdText(CmdPayload.join(words), id, ctx, reasons);
    }

    /** cmd.exe's reading of {@code payload} (a {@code /c} line, or a batch file's lines), attached under {@code id}. */
    private void cmdText(String payload, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        List<CmdPayload.Command> commands = CmdPayload.split(payload);
        Map<Integer, Integer> stages = new HashMap<>();
        for (CmdPayload.Command command : commands) {
            stages.merge(command.item(), 1, Integer::sum);
        }
        List<String> wrappers = PsBuilder.append(ctx.wrappers(), "cmd");
        PsBuilder.Ctx inner = new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.SHELL_PAYLOAD, wrappers);
        for (CmdPayload.Command command : commands) {
            int sid = builder.reserve();
            Position p = new Position(command.item(), command.stage(), stages.get(command.item()),
                    command.opBefore(), false);
            Set<OpaqueReason> r = EnumSet.noneOf(OpaqueReason.class);
            r.addAll(command.reasons());
            List<Word> argv = command.argv();
            List<String> through = wrappers;
            for (String w : command.wrappers()) {
                through = PsBuilder.append(through, w);
            }
            if (!argv.isEmpty() && argv.get(0).literal()) {
                if (inner.depth() > PsBuilder.MAX_DEPTH) {
                    r.add(OpaqueReason.LIMIT_EXCEEDED);
                } else {
                    // A shell started from cmd (`cmd /c powershell -enc …`): its payload too.
                    apply(argv.get(0).text(), argv, command.redirects(), sid,
                            new PsBuilder.Ctx(id, inner.depth(), Provenance.SHELL_PAYLOAD, through), p, r);
                }
            }
            builder.set(sid, new Segment(sid, id, inner.depth(), Provenance.SHELL_PAYLOAD, through, argv,
                    List.of(), command.redirects(), List.of(), p, r));
        }
    }

    private void bash(String base, List<Word> args, int id, PsBuilder.Ctx ctx, Position pos,
            Set<OpaqueReason> reasons) {
        int i = 0;
        while (i < args.size()) {
            Word w = args.get(i);
            String t = w.text();
            if (t.equals("--") || !t.startsWith("-") || t.startsWith("--")) {
                if (t.startsWith("--") && !t.equals("--")) {
                    i++;
                    continue;
                }
                break;
            }
            if (t.indexOf('c') > 0) {
                if (i + 1 >= args.size()) {
                    reasons.add(OpaqueReason.SYNTAX_ERROR);
                    return;
                }
                Word payload = args.get(i + 1);
                if (!payload.literal()) {
                    reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    return;
                }
                if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
                    reasons.add(OpaqueReason.LIMIT_EXCEEDED);
                    return;
                }
                builder.embed(Splitter.forShell(Shell.BASH).split(payload.text()),
                        new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.SHELL_PAYLOAD, ctx.wrappers()),
                        List.of(base));
                return;
            }
            i++;
        }
        if (i < args.size() || pos.stage() > 0) {
            reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
        }
        // `Set-Content x.sh '…'; bash x.sh`: the script an earlier statement wrote, read as bash's own
        String text = i < args.size() && args.get(i).literal() ? builder.writtenFiles.get(writtenKey(args.get(i).text())) : null;
        if (text != null && !text.isBlank() && builder.level() + 1 <= PsSplit.MAX_LEVEL) {
            builder.embed(Splitter.forShell(Shell.BASH).split(text),
                    new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.HEREDOC_SCRIPT, ctx.wrappers()), List.of(base));
        }
    }

    /** wsl options that take a value. */
    private static final Set<String> WSL_WITH_ARG = Set.of("-d", "--distribution", "-u", "--user", "--cd", "--shell-type",
            "--distribution-id");

    /**
     * {@code wsl [options] [--exec|-e] COMMAND…} or {@code wsl [options] [--] COMMAND…}: the command
     * runs in the Linux distribution (whose {@code /mnt/c} is the Windows drive), through its shell
     * unless {@code --exec}; it is split as bash. Management options ({@code --list},
     * {@code --shutdown}…) run no command.
     */
    private void wsl(List<Word> args, int id, PsBuilder.Ctx ctx, Set<OpaqueReason> reasons) {
        int i = 0;
        boolean exec = false;
        while (i < args.size()) {
            Word w = args.get(i);
            String t = w.text().toLowerCase(java.util.Locale.ROOT);
            if (!w.literal() && t.startsWith("-")) {
                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                return;
            }
            if (t.equals("--")) {
                i++;
                break;
            }
            if (t.equals("-e") || t.equals("--exec")) {
                exec = true;
                i++;
                break;
            }
            if (!t.startsWith("-")) {
                break;
            }
            if (!WSL_WITH_ARG.contains(t) && !t.equals("--system")) {
                return; // --list, --shutdown, --install…: no command
            }
            i += WSL_WITH_ARG.contains(t) ? 2 : 1;
        }
        if (i >= args.size()) {
            return;
        }
        StringBuilder line = new StringBuilder();
        for (Word w : args.subList(i, args.size())) {
            if (!w.literal()) {
                reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                return;
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            // with --exec each word is one argument; through the shell the words are one command line
            // (an unquoted leading ~ stays unquoted: PowerShell 7.4 expands it for native programs, so
            // the home directory is the reading that must be judged)
            String t = w.text();
            boolean tilde = (t.equals("~") || t.startsWith("~/")) && !w.has(WordFeature.SINGLE_QUOTED) && !w.has(WordFeature.DOUBLE_QUOTED);
            // PowerShell quotes an argument with blanks on the command line wsl hands the shell
            // (`wsl bash -c 'rm x'` reaches it as `bash -c "rm x"`)
            String shellWord = t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0 ? "\"" + t.replace("\"", "\\\"") + "\"" : t;
            line.append(!exec ? shellWord : tilde ? "~" + (t.length() > 1 ? Word.singleQuoted(t.substring(1)) : "") : Word.singleQuoted(t));
        }
        if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        builder.embed(Splitter.forShell(Shell.BASH).split(line.toString()),
                new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.SHELL_PAYLOAD, ctx.wrappers()), List.of("wsl"));
    }
}
