package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell commands that inline interpreter code hands to the system as literal strings:
 * {@code os.system("…")}, {@code subprocess.run([…])}, {@code execSync("…")}, Perl and Ruby
 * backticks and {@code qx(…)}, PHP's {@code shell_exec}, awk's {@code system("…")}.
 *
 * <p>WHY: {@code python3 -c 'import os; os.system("mkfs.ext4 /dev/sda")'} runs the same floor
 * command as typing it; split out as a segment of its own it meets the floor rules, where the
 * code as a whole can only be asked about (rules SW51xx still read the code and ask).
 *
 * <p>INVARIANT: only literal strings are extracted; a command built at run time is not guessed
 * (the code is still judged as code). Extraction only adds segments, so it can never make a
 * verdict looser.
 */
final class InlineCode {

    private InlineCode() {
    }

    /**
     * Perl's quote-like operators: {@code q{…}}, {@code qq(…)}, {@code qw[…]}, {@code q<…>} and
     * with a punctuation delimiter ({@code q/…/}, {@code q|…|}, {@code q!…!}, {@code q#…#}).
     */
    private static final String PERL_QUOTE = "\\bq[qw]?\\s*(?:\\{[^{}]{1,2000}\\}|\\([^()]{1,2000}\\)|\\[[^\\[\\]]{1,2000}\\]|<[^<>]{1,2000}>"
            + "|/[^/]{1,2000}/|\\|[^|]{1,2000}\\||![^!]{1,2000}!|#[^#]{1,2000}#)";
    /** A string literal, double or single quoted, with backslash escapes, or a Perl quote-like operator. */
    private static final String STRING = "(\"(?:[^\"\\\\]|\\\\.){1,2000}\"|'(?:[^'\\\\]|\\\\.){1,2000}'|" + PERL_QUOTE + ")";
    /** Elixir's sigils before a string ({@code ~c"…"}, {@code ~s"…"}) belong to the call, not the command. */
    private static final String SIGIL = "(?:~[cCsS])?";
    /**
     * Lisp-family calls that run a command line: {@code (system "…")} (Guile, Racket),
     * {@code (shell-command "…")} (Emacs), {@code (uiop:run-program "…")} (Common Lisp),
     * {@code (babashka.process/shell "…")} and {@code (sh "…")} (Clojure).
     */
    private static final Pattern LISP_CALL = Pattern.compile("\\(\\s*(?:system|shell-command|shell-command-to-string|async-shell-command"
            + "|uiop:run-program|run-program|sb-ext:run-program|babashka\\.process/shell|babashka\\.process/process|process/shell"
            + "|clojure\\.java\\.shell/sh|shell/sh|sh|call-process-shell-command)\\s+" + STRING);
    /** Kakoune's shell expansion {@code %sh{…}} and Julia's command literal in {@code run(`…`)} (the backtick case below). */
    private static final Pattern KAK_SHELL = Pattern.compile("%sh\\{([^}]{1,2000})\\}");
    /**
     * AppleScript's {@code do shell script "…"} and Terminal's {@code do script "…"} (osascript),
     * and JavaScript for Automation's {@code doShellScript("…")}.
     */
    private static final Pattern APPLESCRIPT_SHELL = Pattern.compile("\\bdo\\s+(?:shell\\s+)?script\\s+" + STRING + "|\\bdoShellScript\\s*\\(\\s*" + STRING);
    /**
     * A call that runs its first string argument (or argument list) as a command: the name, an
     * opening parenthesis, an optional {@code [}, then a string. Perl and Ruby also write
     * {@code system "…"} without parentheses.
     */
    private static final Pattern STRING_CALL = Pattern.compile(
            "(?:\\b(?:system|popen|exec|execSync|execFileSync|spawnSync|execa|execaSync|execaCommand|execaCommandSync|shell_exec|"
            + "passthru|proc_open|spawn|getoutput|getstatusoutput|check_output|check_call|call|run|Popen|capture2|capture2e|"
            + "capture3|cmd)\\s*\\(\\s*(?:\\[\\s*)?|\\b(?:system|exec)\\s+)" + SIGIL + STRING);
    /** The next string of an argument list: {@code , "x"} or {@code , ["x"} ({@code spawnSync("rm", ["-rf", "/"])}). */
    private static final Pattern NEXT_STRING = Pattern.compile("\\s*,\\s*\\[?\\s*" + STRING);
    /** Backticks, Perl's qx and Ruby's %x with their usual delimiters. */
    private static final Pattern BACKTICKS = Pattern.compile("`([^`]{1,2000})`|\\bqx\\s*([({\\[/|])|%x([({\\[|])");

    /**
     * Tcl's {@code exec} at the start of a command ({@code exec rm -rf x}, {@code [exec ls]}): its
     * words up to the end of the command, after exec's own options.
     */
    private static final Pattern TCL_EXEC = Pattern.compile("(?:^|[;\\[\\n])\\s*exec\\s+(?:-(?:ignorestderr|keepnewline)\\s+)*(?:--\\s+)?([^;\\]\\n]+)");
    /** A Tcl word in braces: literal, like a single-quoted shell word. */
    private static final Pattern TCL_BRACED = Pattern.compile("\\{([^{}]*)\\}");

    /**
     * The literal command lines the code of interpreter {@code program} runs: {@link #commands},
     * and for Tcl ({@code tclsh}, {@code wish}) its bare {@code exec} command words, braced words
     * read as single-quoted ones.
     */
    static List<String> commands(String code, String program) {
        List<String> out = commands(code);
        if (isTcl(program)) {
            Matcher m = TCL_EXEC.matcher(code);
            while (m.find()) {
                out.add(TCL_BRACED.matcher(m.group(1).trim()).replaceAll(b -> Matcher.quoteReplacement(Word.singleQuoted(b.group(1)))));
            }
        }
        if (isLua(program)) {
            // os.execute("…"), io.popen "…", os.execute[[…]]: with or without parentheses
            Matcher m = LUA_CALL.matcher(code);
            while (m.find()) {
                String line = m.group(1) != null ? unquote(m.group(1)) : m.group(3);
                if (!out.contains(line)) {
                    out.add(line);
                }
            }
        }
        if (program.equals("R") || program.equals("Rscript")) {
            // system2(CMD, c(ARGS…)) pastes the words unquoted into one shell line; pipe("…") runs a shell
            Matcher m = R_SYSTEM2.matcher(code);
            while (m.find()) {
                StringBuilder line = new StringBuilder(unquote(m.group(1)));
                Matcher s = Pattern.compile(STRING).matcher(m.group(2) == null ? "" : m.group(2));
                while (s.find()) {
                    line.append(' ').append(unquote(s.group(1)));
                }
                out.add(line.toString());
            }
            Matcher p = R_PIPE.matcher(code);
            while (p.find()) {
                out.add(unquote(p.group(1)));
            }
        }
        if (program.equals("julia")) {
            // pipeline(`a`, `b`…) runs the commands joined by a pipe
            Matcher m = JULIA_PIPELINE.matcher(code);
            while (m.find()) {
                List<String> parts = new ArrayList<>();
                Matcher b = Pattern.compile("`([^`]{1,2000})`").matcher(m.group(1));
                while (b.find()) {
                    parts.add(b.group(1));
                }
                out.add(String.join(" | ", parts));
            }
        }
        if (program.equals("m4") || program.equals("gm4")) {
            Matcher m = M4_SYSCMD.matcher(code);
            while (m.find()) {
                out.add(m.group(1).replaceAll("^`(.*)'$", "$1"));
            }
        }
        return out;
    }

    /** m4's {@code syscmd(CMD)} and {@code esyscmd(CMD)}: CMD (maybe in m4's {@code `…'} quotes) runs in {@code /bin/sh}. */
    private static final Pattern M4_SYSCMD = Pattern.compile("\\be?syscmd\\(([^()]{1,2000})\\)");

    /**
     * Lua's calls that hand their string to the shell: {@code os.execute} and {@code io.popen},
     * called with parentheses or with a lone string ({@code os.execute "…"}, {@code os.execute[[…]]},
     * long brackets of any level). Only a whole literal is read: {@code os.execute("rm " .. x)} gives
     * nothing (the code is still asked about), never a guess of x.
     */
    private static final Pattern LUA_CALL = Pattern.compile("(?s)\\b(?:os\\.execute|io\\.popen)\\s*(?:\\(\\s*)?(?:"
            + "(\"(?:[^\"\\\\]|\\\\.){1,2000}\"|'(?:[^'\\\\]|\\\\.){1,2000}')|\\[(=*)\\[(.{0,2000}?)\\]\\2\\])(?!\\s*\\.\\.)");
    /** R's {@code system2(command, args)}: the command string and, when literal, the argument strings. */
    private static final Pattern R_SYSTEM2 = Pattern.compile("\\bsystem2\\s*\\(\\s*(?:command\\s*=\\s*)?" + STRING
            + "(\\s*,\\s*(?:args\\s*=\\s*)?(?:c\\s*\\(\\s*" + STRING + "(?:\\s*,\\s*" + STRING + ")*\\s*\\)|" + STRING + "))?");
    /** R's {@code pipe("…")} connection: the text runs in {@code /bin/sh}. */
    private static final Pattern R_PIPE = Pattern.compile("\\bpipe\\s*\\(\\s*(?:description\\s*=\\s*)?" + STRING);
    /** Julia's {@code pipeline(`a`, `b`…)} of command literals. */
    private static final Pattern JULIA_PIPELINE = Pattern.compile("\\bpipeline\\s*\\(((?:\\s*`[^`]{1,2000}`\\s*,?){2,})");

    /** True for the Lua interpreters: lua, lua5.x, luajit and TeX's texlua. */
    static boolean isLua(String program) {
        return Names.versioned(program, "lua") || program.equals("luajit") || program.equals("texlua");
    }

    /** True for the Tcl shells, whose commands are bare words. */
    static boolean isTcl(String program) {
        return Names.versioned(program, "tclsh") || program.equals("wish") || program.equals("jimsh");
    }

    /** The literal command lines {@code code} runs, in order of appearance. */
    static List<String> commands(String code) {
        List<String> out = new ArrayList<>();
        Matcher m = STRING_CALL.matcher(code);
        while (m.find()) {
            StringBuilder line = new StringBuilder(unquote(m.group(1)));
            // a list of arguments: ["rm", "-rf", "/"] or spawnSync("rm", ["-rf", "/"])
            Matcher next = NEXT_STRING.matcher(code);
            next.region(m.end(), code.length());
            while (next.lookingAt()) {
                line.append(' ').append(Word.singleQuoted(unquote(next.group(1))));
                next.region(next.end(), code.length());
            }
            out.add(line.toString());
        }
        Matcher lisp = LISP_CALL.matcher(code);
        while (lisp.find()) {
            out.add(unquote(lisp.group(1)));
        }
        Matcher kak = KAK_SHELL.matcher(code);
        while (kak.find()) {
            out.add(kak.group(1));
        }
        Matcher as = APPLESCRIPT_SHELL.matcher(code);
        while (as.find()) {
            out.add(unquote(as.group(1) != null ? as.group(1) : as.group(2)));
        }
        Matcher b = BACKTICKS.matcher(code);
        while (b.find()) {
            if (b.group(1) != null) {
                out.add(b.group(1));
                continue;
            }
            String open = b.group(2) != null ? b.group(2) : b.group(3);
            String close = switch (open) {
                case "(" -> ")";
                case "{" -> "}";
                case "[" -> "]";
                default -> open;
            };
            int end = code.indexOf(close, b.end());
            if (end > b.end()) {
                out.add(code.substring(b.end(), end));
            }
        }
        return out;
    }

    /** awk's pipes to and from commands: {@code print | "cmd"}, {@code "cmd" | getline}. */
    private static final Pattern AWK_PIPE = Pattern.compile("\\|\\s*\"((?:[^\"\\\\]|\\\\.){1,2000})\"|\"((?:[^\"\\\\]|\\\\.){1,2000})\"\\s*\\|\\s*getline");

    /** The literal command lines an awk program runs: {@code system("…")} and its command pipes. */
    static List<String> awkCommands(String program) {
        List<String> out = commands(program);
        Matcher m = AWK_PIPE.matcher(program);
        while (m.find()) {
            out.add(unquote("\"" + (m.group(1) != null ? m.group(1) : m.group(2)) + "\""));
        }
        return out;
    }

    /**
     * A literal's text: the inside of its quotes with backslash escapes read; a Perl
     * {@code qw(…)} list gives its words, each quoted as one shell word. Also how
     * {@link WrittenFiles} reads the strings of build files and scripts.
     */
    static String unquote(String literal) {
        if (literal.startsWith("q")) {
            String inside = literal.replaceFirst("^q[qw]?\\s*", ""); // the delimiters and what is between them
            if (literal.startsWith("qw")) {
                List<String> words = new ArrayList<>();
                for (String w : inside.substring(1, inside.length() - 1).trim().split("\\s+")) {
                    words.add(Word.singleQuoted(w));
                }
                return String.join(" ", words);
            }
            return unescape(inside.substring(1, inside.length() - 1));
        }
        return unescape(literal.substring(1, literal.length() - 1));
    }

    private static String unescape(String body) {
        StringBuilder sb = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char n = body.charAt(++i);
                sb.append(switch (n) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> n;
                });
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
