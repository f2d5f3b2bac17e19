package dev.shellwarden.grammar.ps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Canonical parameter names of the handful of cmdlets the rules care most about.
 *
 * <p>The splitter keeps parameters as written ({@code -r}, {@code -fo}, {@code -Recurse:}); rules
 * call {@link #canonical} to match them as PowerShell binds them: a parameter may be abbreviated
 * to any unambiguous prefix of its name or of one of its aliases, in any case. An ambiguous or
 * unknown prefix (PowerShell itself would refuse it) gives no answer, and rules must then treat
 * the word as "could be any parameter".
 */
public final class PsParameters {

    /** Common parameters every advanced cmdlet accepts, with their aliases. */
    private static final String[] COMMON = {
        "Verbose:vb", "Debug:db", "ErrorAction:ea", "WarningAction:wa", "InformationAction:infa",
        "ErrorVariable:ev", "WarningVariable:wv", "InformationVariable:iv", "OutVariable:ov",
        "OutBuffer:ob", "PipelineVariable:pv", "ProgressAction:proga",
    };
    private static final String[] SHOULD_PROCESS = {"WhatIf:wi", "Confirm:cf"};

    /** Parameters (name:alias:alias) per cmdlet; ShouldProcess cmdlets get WhatIf/Confirm. */
    private static final Map<String, String[]> PARAMETERS = Map.ofEntries(
            Map.entry("Remove-Item", new String[] {"Path", "LiteralPath:PSPath:LP", "Filter",
                "Include", "Exclude", "Recurse", "Force", "Credential", "Stream", "!"}),
            Map.entry("Invoke-WebRequest", new String[] {"Uri:Url", "OutFile", "Method", "Body",
                "Headers", "InFile", "UseBasicParsing", "WebSession", "SessionVariable:SV",
                "Credential", "UseDefaultCredentials", "Proxy", "ContentType", "UserAgent",
                "TimeoutSec", "MaximumRedirection", "PassThru", "SkipCertificateCheck", "Form",
                "Resume", "Authentication", "Token"}),
            Map.entry("Start-Process", new String[] {"FilePath:PSPath:Path", "ArgumentList:Args",
                "Verb", "WorkingDirectory", "Credential", "WindowStyle", "Wait", "PassThru",
                "NoNewWindow", "RedirectStandardInput:RSI", "RedirectStandardOutput:RSO",
                "RedirectStandardError:RSE", "LoadUserProfile:Lup", "UseNewEnvironment",
                "Environment", "!"}),
            Map.entry("Set-Content", new String[] {"Path", "LiteralPath:PSPath:LP", "Value",
                "Filter", "Include", "Exclude", "Force", "Credential", "PassThru", "Encoding",
                "NoNewline", "AsByteStream", "Stream", "!"}),
            Map.entry("Format-Volume", new String[] {"DriveLetter", "Path", "ObjectId",
                "FileSystemLabel:NewFileSystemLabel", "Partition", "InputObject", "FileSystem",
                "AllocationUnitSize", "Full", "Force", "Compress", "ShortFileNameSupport",
                "SetIntegrityStreams", "UseLargeFRS", "DisableHeatGathering", "AsJob",
                "CimSession:Session", "ThrottleLimit", "!"}),
            Map.entry("Clear-Disk", new String[] {"Number:DiskNumber", "UniqueId:Id", "FriendlyName",
                "Path", "InputObject", "RemoveData", "RemoveOEM", "ZeroOutEntireDisk", "PassThru",
                "AsJob", "CimSession:Session", "ThrottleLimit", "!"}),
            Map.entry("Stop-Computer", new String[] {"ComputerName:CN:__SERVER:Server:IPAddress",
                "Credential", "Force", "AsJob", "WsmanAuthentication", "Protocol", "Impersonation",
                "DcomAuthentication", "ThrottleLimit", "!"}),
            Map.entry("Restart-Computer", new String[] {"ComputerName:CN:__SERVER:Server:IPAddress",
                "Credential", "Force", "Wait", "Timeout:TimeoutSec", "For", "Delay", "AsJob",
                "WsmanAuthentication", "Protocol", "Impersonation", "DcomAuthentication",
                "ThrottleLimit", "!"}),
            Map.entry("Get-Content", new String[] {"Path", "LiteralPath:PSPath:LP", "ReadCount",
                "TotalCount:First:Head", "Tail:Last", "Filter", "Include", "Exclude", "Force",
                "Credential", "Delimiter", "Wait", "Raw", "Encoding", "AsByteStream", "Stream"}),
            Map.entry("Start-Sleep", new String[] {"Seconds", "Milliseconds:ms", "Duration"}));

    private PsParameters() {
    }

    /**
     * The canonical name (without dash) of parameter {@code written} ({@code -fo}, {@code -r:},
     * {@code -RECURSE}) of {@code cmdlet}, or empty when the cmdlet is not in the table or the
     * prefix is unknown or ambiguous.
     */
    public static Optional<String> canonical(String cmdlet, String written) {
        String[] own = PARAMETERS.get(cmdlet);
        if (own == null || !written.startsWith("-") || written.length() < 2) {
            return Optional.empty();
        }
        String w = written.substring(1).toLowerCase(Locale.ROOT);
        if (w.endsWith(":")) {
            w = w.substring(0, w.length() - 1);
        }
        List<String> specs = new ArrayList<>(List.of(COMMON));
        for (String spec : own) {
            if (spec.equals("!")) {
                specs.addAll(List.of(SHOULD_PROCESS));
            } else {
                specs.add(spec);
            }
        }
        // Exact names and aliases first: `-Path` is not ambiguous with `-PathType`.
        for (String spec : specs) {
            for (String n : spec.split(":")) {
                if (n.toLowerCase(Locale.ROOT).equals(w)) {
                    return Optional.of(spec.split(":")[0]);
                }
            }
        }
        String match = null;
        for (String spec : specs) {
            String[] names = spec.split(":");
            for (String n : names) {
                if (n.toLowerCase(Locale.ROOT).startsWith(w)) {
                    if (match != null && !match.equals(names[0])) {
                        return Optional.empty();
                    }
                    match = names[0];
                }
            }
        }
        return Optional.ofNullable(match);
    }

    /** The cmdlets this table knows. */
    public static java.util.Set<String> cmdlets() {
        return PARAMETERS.keySet();
    }
}
