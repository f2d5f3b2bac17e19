package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;

/**
 * PowerShell expressions that call .NET directly rather than a cmdlet: a static
 * {@code [IO.Directory]}/{@code [IO.File]} call that deletes a root or writes a persistence file,
 * a reflection or memory patch that switches off AMSI, and a call that turns a stored secret back
 * into clear text. The rules read these through {@link Cmd#isDotNetDeletesRoot},
 * {@link Cmd#isDotNetWritesPersistence}, {@link Cmd#isAmsiPatch} and {@link Cmd#isDotNetSecretInClear}.
 *
 * <p>WHY: such an expression has no command name the other rules match, so
 * {@code [IO.Directory]::Delete('C:\', $true)} would otherwise pass where {@code Remove-Item} would not.
 *
 * <p>It reads only the {@link Cmd} it is given: the command word (the expression the splitter
 * keeps as one computed word) and its arguments, with string concatenations joined so that a
 * name split into pieces ({@code 'Amsi'+'Utils'}) is still found.
 */
final class DotNetCalls {

    private DotNetCalls() {
    }

    /**
     * A static .NET file call in PowerShell, {@code [System.IO.Directory]::Delete(PATH, …)}: group 1
     * the class, 2 the method, 3 the first argument as written.
     */
    private static final java.util.regex.Pattern DOTNET_FILE_CALL = java.util.regex.Pattern.compile(
            "(?i)^\\[(?:system\\.)?io\\.(directory|file)\\]::(\\w+)\\s*\\(\\s*(\"[^\"]*\"|'[^']*'|[^,)]+)");

    /** The first argument of a .NET Directory/File call whose class and method match, or null. */
    private static String dotNetFileArgument(Cmd c, String classes, String methods) {
        java.util.regex.Matcher m = DOTNET_FILE_CALL.matcher(c.getPath());
        if (!m.find() || !Regex.matches(m.group(1).toLowerCase(java.util.Locale.ROOT), classes)
                || !Regex.matches(m.group(2).toLowerCase(java.util.Locale.ROOT), methods)) {
            return null;
        }
        return m.group(3).trim();
    }

    /**
     * True for {@code [IO.Directory]::Delete(ROOT, $true)} and {@code [IO.Directory]::Move(ROOT, …)}
     * of a drive root, the Windows or Users folder, the user profile or the root: Remove-Item
     * -Recurse written as a .NET call.
     */
    static boolean isDotNetDeletesRoot(Cmd c) {
        String arg = dotNetFileArgument(c, "directory", "delete|move");
        return arg != null && (PathFacts.isWindowsRootLike(arg) || PathFacts.isRootLike(arg));
    }

    /**
     * True for {@code [IO.File]::WriteAllText|AppendAllText|…|Copy|Move(PATH, …)} whose path names
     * the PowerShell profile or a login, schedule or privilege file ({@link Cmd#PAYLOAD_PERSISTENCE}).
     */
    static boolean isDotNetWritesPersistence(Cmd c) {
        String arg = dotNetFileArgument(c, "file", "(write|append)all(text|lines|bytes)|create|copy|move|replace|open(write)?");
        return arg != null && (Regex.matches(arg, "(?i).*(\\$profile|microsoft\\.powershell_profile\\.ps1|\\\\currentversion\\\\run|start menu\\\\programs\\\\startup).*")
                || Cmd.PAYLOAD_PERSISTENCE.matcher(arg.replace('\\', '/')).find());
    }

    /** AMSI's internals a bypass names: the flag, the context, the scan function. */
    private static final java.util.regex.Pattern AMSI_INTERNALS = java.util.regex.Pattern.compile(
            "(?i)amsi(utils|initfailed|context|session|scanbuffer|scanstring|opensession)");
    /** What a bypass does with them: reflection sets a field, or the process's memory is patched. */
    private static final java.util.regex.Pattern AMSI_PATCH = java.util.regex.Pattern.compile(
            "(?i)\\.setvalue\\(|getfield\\(|\\]::copy\\(|writebyte|virtualprotect|getprocaddress");

    /**
     * True for a PowerShell expression that switches off the Antimalware Scan Interface by
     * reflection or a memory patch ({@code [Ref].Assembly.GetType('…AmsiUtils').GetField('amsiInitFailed'
     * …).SetValue($null,$true)}), its names also split into concatenated strings ({@code 'Amsi'+'Utils'}).
     */
    static boolean isAmsiPatch(Cmd c) {
        String text = expressionText(c);
        return AMSI_INTERNALS.matcher(text).find() && AMSI_PATCH.matcher(text).find();
    }

    /**
     * The words as one text, string concatenations joined ({@code 'Amsi'+'Utils'} is
     * {@code AmsiUtils}): a PowerShell expression the splitter keeps opaque is one computed word,
     * which has no name, so rules reading its calls read this.
     */
    private static String expressionText(Cmd c) {
        return CONCATENATION.matcher(c.getPath() + " " + String.join(" ", c.getArgs())).replaceAll("");
    }

    /** A string concatenation between two quoted parts; compiled once (String.replaceAll compiles per call, per command). */
    private static final java.util.regex.Pattern CONCATENATION = java.util.regex.Pattern.compile("['\"]\\s*\\+\\s*['\"]");

    /** .NET calls that return a stored secret in clear: DPAPI's Unprotect, a SecureString turned back into text. */
    private static final java.util.regex.Pattern DOTNET_SECRET_CLEAR = java.util.regex.Pattern.compile(
            "(?i)protecteddata\\]::unprotect\\(|securestringtobstr|securestringtoglobalalloc|convertfrom-securestring\\s.*-asplaintext");

    /** True for a PowerShell expression that turns a stored secret back into clear text (DPAPI, SecureString). */
    static boolean isDotNetSecretInClear(Cmd c) {
        return DOTNET_SECRET_CLEAR.matcher(expressionText(c)).find();
    }
}
