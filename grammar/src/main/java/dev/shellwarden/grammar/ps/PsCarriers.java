package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
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
        List<Word> args = argv.subList(1, argv.size());
        String base = PsNames.nativeBase(name);
        switch (name) {
            case "Invoke-Expression" -> invokeExpression(args, id, ctx, reasons);
            case "Start-Process" -> startProcess(args, id, ctx, reasons);
            case "Set-Alias", "New-Alias" -> {
                for (Word w : args) {
                    if (!w.text().startsWith("-")) {
                        builder.addUserCommand(w.text());
                        break;
                    }
                }
            }
            default -> {
                switch (base) {
                    case "powershell", "pwsh" -> pwsh(base, args, id, ctx, pos, reasons);
                    case "cmd" -> cmd(args, id, ctx, pos, reasons);
                    case "bash", "sh", "zsh", "dash", "ksh" -> bash(base, args, id, ctx, pos, reasons);
                    case "wsl" -> wsl(args, id, ctx, reasons);
                    default -> {
                    }
                }
            }
        }
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
        int sid = builder.reserve();
        List<String> wrappers = PsBuilder.append(ctx.wrappers(), "Start-Process");
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
        if (payload == null || !payload.literal()) {
            reasons.add(OpaqueReason.DYNAMIC_EVAL);
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
                    reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
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
                    reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
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
        int c = -1;
        String attached = "";
        for (int i = 0; i < args.size(); i++) {
            String t = args.get(i).text().toLowerCase(Locale.ROOT);
            if (t.startsWith("/c") || t.startsWith("/k") || t.startsWith("/r")) {
                c = i;
                // cmd also takes the command glued to the switch: `cmd /cdel x`.
                attached = args.get(i).text().substring(2);
                break;
            }
        }
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
        StringBuilder payload = new StringBuilder(attached);
        for (Word w : args.subList(c + 1, args.size())) {
            if (!w.literal()) {
                reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                return;
            }
            payload.append(payload.length() == 0 ? "" : " ").append(w.text());
        }
        if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        List<CmdPayload.Command> commands = CmdPayload.split(payload.toString());
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
            if (!argv.isEmpty() && argv.get(0).literal()) {
                if (inner.depth() > PsBuilder.MAX_DEPTH) {
                    r.add(OpaqueReason.LIMIT_EXCEEDED);
                } else {
                    // A shell started from cmd (`cmd /c powershell -enc …`): its payload too.
                    apply(argv.get(0).text(), argv, sid,
                            new PsBuilder.Ctx(id, inner.depth(), Provenance.SHELL_PAYLOAD, wrappers), p, r);
                }
            }
            builder.set(sid, new Segment(sid, id, inner.depth(), Provenance.SHELL_PAYLOAD, wrappers, argv,
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
            line.append(!exec ? t : tilde ? "~" + (t.length() > 1 ? Word.singleQuoted(t.substring(1)) : "") : Word.singleQuoted(t));
        }
        if (builder.level() + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        builder.embed(Splitter.forShell(Shell.BASH).split(line.toString()),
                new PsBuilder.Ctx(id, ctx.depth() + 1, Provenance.SHELL_PAYLOAD, ctx.wrappers()), List.of("wsl"));
    }
}
