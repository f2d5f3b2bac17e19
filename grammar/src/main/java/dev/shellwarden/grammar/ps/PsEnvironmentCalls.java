package dev.shellwarden.grammar.ps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code [Environment]::SetEnvironmentVariable(NAME, VALUE[, SCOPE])} read as what it amounts to:
 * in the process scope (no scope, {@code 'Process'}, {@code [EnvironmentVariableTarget]::Process})
 * it is {@code $env:NAME = VALUE}; in the {@code 'User'} scope {@code setx NAME VALUE}, in the
 * {@code 'Machine'} scope {@code setx NAME VALUE /m}. The rules of those forms judge it: SW2021 the
 * machine's variables and the persistent PATH and code-loading variables, SW4014 the session's.
 *
 * <p>WHY: the call asked as an unknown construct (SW1006) whatever it set: a harmless process
 * variable ({@code 'FOO'}) as much as a persistent PATH with an attacker's folder in front, which
 * asked without naming why.
 *
 * <p>Fail closed: the call is read whole ({@link #known}) only when NAME is a quoted name, the
 * scope, when given, is written out, and VALUE is {@code $null} or quoted strings without
 * expansion and {@code $env:NAME} variables joined by {@code +}; anything else leaves the call
 * unknown (it asks), though its reading is still added when the name and scope are read.
 */
final class PsEnvironmentCalls {

    private PsEnvironmentCalls() {
    }

    private static final Pattern CALL = Pattern.compile("(?i)^\\[(?:system\\.)?environment\\]::setenvironmentvariable$");
    /** The call inside other text, group 1 its parenthesised arguments (no nested group). */
    private static final Pattern IN_TEXT = Pattern.compile("(?i)\\[(?:system\\.)?environment\\]::setenvironmentvariable\\s*(\\([^()]*\\))");
    private static final String NAME = "(?:'([A-Za-z_][A-Za-z0-9_]*)'|\"([A-Za-z_][A-Za-z0-9_]*)\")";
    /** A quoted string without expansion, or a session variable. */
    private static final String PIECE = "(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`$\u201C\u201D\u201E]*\"|\\$env:[A-Za-z_][A-Za-z0-9_]*)";
    private static final String VALUE = "(\\$null|" + PIECE + "(?:\\s*\\+\\s*" + PIECE + ")*)";
    private static final String SCOPE = "(?:'(process|user|machine)'|\"(process|user|machine)\"|\\[(?:system\\.)?environmentvariabletarget\\]::(process|user|machine))";
    private static final Pattern ARGUMENTS = Pattern.compile("(?i)^\\(\\s*" + NAME + "\\s*,\\s*" + VALUE + "\\s*(?:,\\s*" + SCOPE + "\\s*)?\\)$");
    /** Only the name and a written-out scope read, the value anything: enough for the rules' reading, not for the call to be known. */
    private static final Pattern NAME_AND_SCOPE = Pattern.compile("(?is)^\\(\\s*" + NAME + "\\s*,(.*?)(?:,\\s*" + SCOPE + "\\s*)?\\)$");
    /** One quoted literal value, group 1 single-quoted, 2 double-quoted ({@link PsText#PLAIN_STRING} whole). */
    private static final Pattern LITERAL = Pattern.compile("^" + PsText.PLAIN_STRING + "$");

    /** True when {@code method} (the decoded call word) called with {@code arguments} is read whole. */
    static boolean known(String method, String arguments) {
        return CALL.matcher(method).matches() && ARGUMENTS.matcher(arguments.trim()).matches();
    }

    /** What each {@code SetEnvironmentVariable} call in {@code source} amounts to, in text order. */
    static List<PsDotNet.Reading> readings(String source) {
        List<PsDotNet.Reading> out = new ArrayList<>();
        Matcher m = IN_TEXT.matcher(source);
        while (m.find()) {
            Matcher a = ARGUMENTS.matcher(m.group(1));
            boolean whole = a.matches();
            if (!whole) {
                a = NAME_AND_SCOPE.matcher(m.group(1));
                if (!a.matches()) {
                    continue;
                }
            }
            String name = a.group(1) != null ? a.group(1) : a.group(2);
            String value = a.group(3).trim();
            String scope = a.group(4) != null ? a.group(4) : a.group(5) != null ? a.group(5) : a.group(6);
            scope = scope == null ? "process" : scope.toLowerCase(Locale.ROOT);
            if (scope.equals("process")) {
                if (whole) {
                    // this session's copy only, as `$env:NAME = VALUE` sets it
                    out.add(new PsDotNet.Reading("[Environment]::SetEnvironmentVariable",
                            WindowsLaunchers.Carried.powerShell("$env:" + name + " = " + value)));
                }
                continue;
            }
            // kept for good in the user's or the machine's environment, as setx keeps it (the value
            // written out when it is one literal; the rules judge the name and the scope)
            Matcher literal = LITERAL.matcher(value);
            String text = literal.matches() ? PsText.plainText(literal, 1) : "value";
            out.add(new PsDotNet.Reading("[Environment]::SetEnvironmentVariable",
                    WindowsLaunchers.Carried.programAndArguments("setx", name + " \"" + text.replace("\"", "") + "\"" + (scope.equals("machine") ? " /m" : ""))));
        }
        return out;
    }
}
