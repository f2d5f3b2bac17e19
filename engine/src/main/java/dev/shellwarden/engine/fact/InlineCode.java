package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The inline program an interpreter is given ({@code python -c}, {@code node -e}, {@code perl -e},
 * {@code php -r}, awk's program, a here-document fed to an interpreter) and what it does, read as
 * text: runs a command, deletes, kills every process, writes a device or a persistence file, waits,
 * reaches the network, prints, names a secret or an absolute path, builds code at run time, writes
 * or includes files. The rules read these through {@link Cmd#getPayload} and the
 * {@code isPayload…} methods of {@link Cmd}; {@link WriteTargets} and {@link LoadedCode} take the
 * files the code writes and includes from here.
 *
 * <p>It reads only the {@link Cmd} it is given; {@link Cmd#getPayload} keeps the program once
 * read. INVARIANT: the patterns look for calls in any of the languages at once, so code that only
 * might do a thing counts (a reading asks more, never less).
 */
final class InlineCode {

    private InlineCode() {
    }

    private static final java.util.regex.Pattern PAYLOAD_RUNS = java.util.regex.Pattern.compile(
            "os\\.system|os\\.popen|os\\.exec|os\\.spawn|subprocess|pty\\.spawn|commands\\.getoutput"
            + "|System\\.cmd|\\bos[:.]cmd|std\\.system|\\(\\s*(?:system|shell-command|async-shell-command|uiop:run-program|run-program"
            + "|sb-ext:run-program|babashka\\.process/\\w+|process/shell|shell/sh|sh)\\s|%sh\\{|\\brun\\s*\\(\\s*`"
            + "|child_process|execSync|spawnSync|execFileSync|\\bexec\\s*\\(|\\bsystem\\s*\\(|\\bsystem\\s+[\"'`]"
            // Perl's quote-like operators as the command: system q{…}, exec qw(…)
            + "|\\b(?:system|exec)\\s+q[qw]?\\s*[^\\w\\s]"
            // Perl's and Ruby's system/exec of a variable, with or without a blank (`system$_ while<>`)
            + "|\\b(?:system|exec)\\s*[$@]"
            + "|passthru|shell_exec|proc_open|popen|pcntl_exec|Process\\.Start|ProcessBuilder"
            + "|Runtime\\.getRuntime|callCommand|\\brun\\(`|\\brun\\(\\s*pipeline\\(|\\bspawn\\s*\\(|IO\\.popen|Kernel\\.exec|Open3"
            + "|\\bexec\\s+[\"'/]|__import__|\\beval\\s*\\(|ctypes|cdll|LoadLibrary|\\|\\s*getline|\\|&"
            + "|\\|\\s*\"[^\"]*\"|qx[{(/]|/bin/(ba)?sh"
            // Lua, Tcl, Ruby %x, R, Deno and Bun spellings of the same
            + "|os\\.execute|\\bexec\\s+[A-Za-z]|%x[({\\[]|\\bsystem2\\s*\\(|Deno\\.(run|Command)|Bun\\.(spawn|\\$)|\\$`|posix_spawn"
            // Emacs Lisp, AppleScript, Groovy and Scala spellings
            + "|shell-command|call-process|start-process|make-process|process-file|do shell script|\\.execute\\(\\)|\"\\s*\\.!|#\\|"
            // code loaded from a URL runs as it loads: R source(URL), Julia include(download(…)),
            // JavaScript import(URL) (node's network imports, Deno, Bun)
            + "|\\bsource\\s*\\(\\s*[\"']https?://|\\binclude\\s*\\(\\s*download\\s*\\(|\\bimport\\s*\\(\\s*[\"']https?://");

    private static final java.util.regex.Pattern PAYLOAD_DELETES = java.util.regex.Pattern.compile(
            "shutil\\.rmtree|os\\.remove|os\\.unlink|os\\.rmdir|os\\.removedirs|\\.unlink\\(|\\.rmdir\\("
            + "|rmSync|rmdirSync|unlinkSync|fs\\.rm\\b|fs\\.promises\\.rm|fs\\.unlink|rimraf|\\bunlink\\b"
            + "|rmtree|remove_tree|FileUtils\\.rm|FileUtils\\.remove|File\\.delete|Dir\\.delete|File\\.unlink"
            + "|Deno\\.remove|file\\.remove\\("
            // Haskell's System.Directory (ghc -e), OCaml's Sys, Tcl's file delete (expect -c, tclsh)
            + "|removeDirectoryRecursive|removePathForcibly|\\bremoveFile\\b|\\bremoveDirectory\\b|\\bSys\\.remove\\b|\\bSys\\.rmdir\\b"
            + "|\\bfile\\s+delete\\b"
            // Julia's rm(path; recursive=true, force=true): keyword arguments after a semicolon are
            // Julia's own syntax (R's rm(x) only drops a variable, so a bare rm( is no delete)
            // (after a comma too: `rm(homedir(), recursive=true)`; R's rm has no such keyword, rt34b)
            + "|\\brm\\s*\\(.*?[;,]\\s*(recursive|force)\\s*="
            // a move takes the source away from where it was (shutil.move("/home/dev/.ssh", …))
            + "|shutil\\.move|os\\.rename|os\\.replace|renameSync|fs\\.rename|File\\.rename|FileUtils\\.mv|FileUtils\\.move|Deno\\.rename"
            + "|\\.truncate\\(|os\\.truncate|delete-directory|delete-file|deleteRecursively|deleteDir\\s*\\(|Files\\.delete|FileUtils\\.delete"
            + "|from\\s+(os|shutil)\\s+import[^\\n;]*\\b(remove|rmdir|unlink|rmtree|removedirs)|fs/promises|\\bfs\\.rm\\s*\\(|\\.rm\\s*\\(\\s*[^)]*recursive");

    /**
     * A shell delete written as text inside the code ({@code os.system("rm -rf /")}): a delete only
     * when the code also runs commands, or when it shows no sign of merely printing the text
     * ({@code print('rm -rf /')} is data).
     */
    private static final java.util.regex.Pattern PAYLOAD_SHELL_DELETES = java.util.regex.Pattern.compile(
            "Remove-Item|\\bdel\\s|\\brm\\s+-\\w*[rRf]"
            // the argument-list form: subprocess.run(["rm", "-rf", …]), spawnSync("rm", ["-rf", …]), exec "rm", "-rf", …
            + "|[\"']rm[\"']\\s*,\\s*\\[?\\s*[\"']-\\w*[rRf]");

    /** Calls that only print their arguments. */
    private static final String PRINT_CALLS = "\\b(print|println|printf|puts|say|echo)\\b|console\\.(log|error)|\\bcat\\s*\\(";

    private static final java.util.regex.Pattern PAYLOAD_PRINTS = java.util.regex.Pattern.compile(PRINT_CALLS);

    /**
     * Any way inline code writes to standard output or error: the print calls, and the other
     * printers and streams of the common interpreters (pprint, p, pp, write, syswrite, var_dump,
     * console, process.stdout, sys.stdout, STDOUT, $stdout, Perl's {@code $>}, Node's pipe). A word
     * found anywhere counts (fail closed).
     */
    private static final java.util.regex.Pattern PAYLOAD_OUTPUT = java.util.regex.Pattern.compile(PRINT_CALLS
            + "|\\b(pprint|p|pp|write|writeln|syswrite|display|var_dump|print_r|console|stdout|stderr|STDOUT|STDERR|pipe)\\b|\\$>");

    private static final java.util.regex.Pattern PAYLOAD_NETWORK = java.util.regex.Pattern.compile(
            "socket|urllib|requests\\.|http\\.client|fetch\\(|https?\\.(request|get)|net\\.connect"
            + "|IO::Socket|fsockopen|TCPSocket|/inet/tcp|/inet/udp|Net::HTTP|open-uri|LWP|curl_exec"
            + "|ftplib|paramiko|/dev/tcp|Sockets|connect\\("
            + "|\\brequests\\b|\\bfetch\\s*\\(|require\\(\\s*[\"']https?[\"']\\s*\\)|HTTP::Tiny|Mojo::UserAgent|net/http|smtplib|xmlrpc|httpx|aiohttp"
            // URLs opened by loaders and copy functions: source("https://…"), import("https://…"),
            // Julia's download(…), PHP's copy/file_get_contents of a URL
            + "|\\b(source|import|copy|file_get_contents|fopen|readfile)\\s*\\(\\s*[\"']https?://|\\bdownload\\s*\\(");

    private static final java.util.regex.Pattern PAYLOAD_ABSOLUTE_PATH = java.util.regex.Pattern.compile(
            "[\"'](/(?!tmp[/\"'])|~|[A-Za-z]:\\\\)[^\"']*[\"']|\\s(/|~)(\\s|$|[*'\"/])|expanduser|Path\\.home|homedir|\\$HOME|ENV\\[.HOME.\\]"
            + "|os\\.environ\\[.HOME.\\]|getenv\\(.HOME.\\)|ENV\\{.?HOME.?\\}|Dir\\.home|env\\.HOME|env\\.get\\(.HOME.\\)"
            + "|user\\.home|getenv \"HOME\"|env\\(HOME\\)"
            + "|os\\.sep|chr\\(\\s*47\\s*\\)|pw_dir|getpwuid|ENVIRON\\[\"HOME\"\\]|(?i:environ|env)\\s*(\\.get\\(|\\.fetch\\(|\\[)\\s*['\"]HOME"
            + "|['\"]\\.\\.(/\\.\\.)*/?['\"]");

    /** A string literal of inline code (single or double quoted), its text in group 1 or 2. */
    private static final String CODE_STRING = "(?:'([^'\\\\]{1,500})'|\"([^\"\\\\]{1,500})\")";

    /** Optional home expansion around a path literal: Python's os.path.expanduser, Node's os.homedir()+… are not read. */
    private static final String EXPAND = "(?:os\\.path\\.expanduser\\(\\s*|Path\\(\\s*)?";

    /**
     * Inline code that writes, truncates, appends to or replaces a file named by a literal, with
     * the path as the first string: Python {@code open(P, 'w'|'a'|'x'|'+')}, {@code Path(P).write_text},
     * {@code os.truncate}; Node and Deno {@code writeFileSync}, {@code appendFileSync},
     * {@code truncateSync}, {@code createWriteStream}; Ruby {@code File.write}, {@code File.open(P, 'w')};
     * PHP {@code file_put_contents}, {@code fopen(P, 'w')}; Perl {@code open(F, '>', P)},
     * {@code open(F, ">P")}, {@code truncate}; awk {@code print > "P"}; the destination of a copy
     * (PHP {@code copy(SRC, P)}, Python {@code shutil.copy(SRC, P)}, Node {@code copyFileSync(SRC, P)}).
     */
    private static final java.util.regex.Pattern CODE_WRITE = java.util.regex.Pattern.compile(
            "\\bopen\\(\\s*" + EXPAND + CODE_STRING + "\\s*\\)?\\s*,\\s*(?:mode\\s*=\\s*)?['\"][^'\"]*[wax+][^'\"]*['\"]"
            + "|Path\\(\\s*" + CODE_STRING + "\\s*\\)\\s*\\.\\s*(?:write_text|write_bytes|touch|unlink|rmdir)\\b"
            + "|\\b(?:os\\.truncate|writeFileSync|appendFileSync|truncateSync|writeFile|appendFile|createWriteStream|writeTextFileSync"
            + "|writeTextFile|file_put_contents|File\\.write|IO\\.write|File\\.truncate)\\s*\\(\\s*" + EXPAND + CODE_STRING
            + "|\\b(?:File\\.open|fopen)\\(\\s*" + CODE_STRING + "\\s*,\\s*['\"][^'\"]*[wax+]"
            + "|\\bopen\\s*\\(?\\s*[\\w$]+\\s*,\\s*['\"]\\+?>>?['\"]\\s*,\\s*" + CODE_STRING
            + "|\\bopen\\s*\\(?\\s*[\\w$]+\\s*,\\s*['\"]\\+?>>?\\s*([^'\"&|]{1,500})['\"]"
            + "|\\btruncate\\s*\\(?\\s*" + CODE_STRING
            + "|\\bprintf?\\b[^>;}]{0,200}>>?\\s*\"([^\"]{1,500})\""
            // a copy's or a download's destination, the second argument: PHP copy(), Python
            // shutil.copy/copyfile/copy2 and urllib's urlretrieve, Node copyFileSync, Julia download(),
            // R download.file(), jrunscript's cp(), Ruby IO.copy_stream
            + "|\\b(?:copy|copyfile|copy2|copyFileSync|copyFile|urlretrieve|download|download\\.file|cp|copy_stream)\\s*\\(\\s*[^,()]{1,500},\\s*" + CODE_STRING);

    /** The files inline code writes, by literal path (see {@link #CODE_WRITE}); empty for other commands. */
    static List<String> payloadWriteTargets(Cmd c) {
        List<String> out = new ArrayList<>(payloadPaths(c, CODE_WRITE));
        for (String rest : payloadPaths(c, CODE_HOME_WRITE)) {
            // the literal pieces joined below the home: `.joinpath(".ssh", "config")`, `/ ".ssh" / "config"`
            StringBuilder path = new StringBuilder("~");
            java.util.regex.Matcher m = Regex.pattern("['\"]([^'\"]*)['\"]").matcher(rest);
            while (m.find()) {
                path.append('/').append(m.group(1));
            }
            out.add(path.toString());
        }
        return out;
    }

    /**
     * Python's pathlib below the home written, truncated or removed: {@code Path.home().joinpath(".gitconfig").write_text("")},
     * {@code (Path.home() / ".bashrc").write_text(…)}; group 1 holds the joined literal pieces.
     */
    private static final java.util.regex.Pattern CODE_HOME_WRITE = java.util.regex.Pattern.compile(
            "Path\\.home\\(\\s*\\)((?:\\s*\\.joinpath\\(\\s*" + CODE_STRING + "(?:\\s*,\\s*" + CODE_STRING + ")*\\s*\\)|\\s*/\\s*" + CODE_STRING + ")+)"
            + "\\s*\\)?\\s*\\.\\s*(?:write_text|write_bytes|touch|unlink|rmdir|open\\(\\s*['\"][^'\"]*[wax+])");

    /** The path each match of {@code pattern} in the inline code names: its first non-blank group. */
    private static List<String> payloadPaths(Cmd c, java.util.regex.Pattern pattern) {
        String code = c.getPayload();
        if (code.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = pattern.matcher(code);
        while (m.find()) {
            for (int g = 1; g <= m.groupCount(); g++) {
                if (m.group(g) != null && !m.group(g).isBlank()) {
                    out.add(m.group(g).trim());
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The guard's and the agents' settings and hook files as inline code names them, whole or in
     * pieces ({@code "~/.claude/settings.json"}, {@code homedir()+"/.claude/settings.json"},
     * {@code os.path.join(home, ".claude", "settings.json")}): the paths of
     * {@link PathFacts#isSelfProtected}, which reads only literal targets.
     */
    private static final java.util.regex.Pattern PAYLOAD_SELF_PROTECTED = java.util.regex.Pattern.compile(
            "(?i)shell-?warden|\\.claude['\"]?\\s*[,/+]\\s*['\"]?/?(settings|hooks)|\\.claude\\.json|\\.codex['\"]?\\s*[,/+]"
            + "|\\.gemini['\"]?\\s*[,/+]\\s*['\"]?/?settings|opencode\\.jsonc?|\\.config['\"]?\\s*[,/+]\\s*['\"]?opencode|\\.mcp\\.json"
            + "|\\.cursor['\"]?\\s*[,/+]\\s*['\"]?/?(hooks|mcp|cli)|\\.copilot['\"]?\\s*[,/+]|\\.github['\"]?\\s*[,/+]\\s*['\"]?/?(hooks|copilot)"
            + "|\\.(vscode|roo|kilocode|amazonq)['\"]?\\s*[,/+]\\s*['\"]?/?mcp\\.json|\\.continue['\"]?\\s*[,/+]");

    /**
     * True when the inline program names the guard's or an agent's settings or hook files and
     * changes a file ({@code json.dump(d, open(p, "w"))} with {@code p} the
     * settings): the interpreter switches the guard off as {@code sed -i} on the file would.
     */
    static boolean isPayloadSelfProtected(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_SELF_PROTECTED.matcher(p).find()
                && (PAYLOAD_WRITES.matcher(p).find() || PAYLOAD_DELETES.matcher(p).find());
    }

    static String payloadOf(Cmd c) {
        String inline = inlinePayload(c);
        if (inline.isEmpty() && c.isHasStdinText() && (c.isInterpreter() || Regex.matches(c.getName(), "awk|gawk|mawk|nawk|busybox-awk"))
                && c.getProgramSource().fromStdin()) {
            // python3 <<'EOF' … EOF, awk -f /dev/stdin <<< 'PROGRAM': the here-document is the program
            return c.getStdin();
        }
        return inline;
    }

    private static String inlinePayload(Cmd c) {
        int pdb = dev.shellwarden.grammar.PdbCommands.optionsFrom(c.getName(), c.getArgs());
        if (pdb >= 0) {
            // pdb3 -c '!import os; …' app.py, python -m pdb -c CMD: the debugger's commands run Python (PdbCommands)
            return dev.shellwarden.grammar.PdbCommands.commandsPython(c.getArgs(), pdb);
        }
        if (dev.shellwarden.grammar.InterpreterFamily.of(c.getName()) == dev.shellwarden.grammar.InterpreterFamily.PYTHON) {
            String[] program = pythonProgram(c);
            return program[0].equals("c") ? program[1] : "";
        }
        if (Regex.matches(c.getName(), "node|nodejs|bun|deno|tsx|ts-node|ts-node-esm|esno|esr")) {
            String v = "";
            for (int i = 0; v.isEmpty() && i + 1 < c.getArgs().size(); i++) {
                if (Regex.matches(c.getArgs().get(i), "-[pe]{2}")) {
                    v = c.getArgs().get(i + 1); // `node -pe CODE`
                }
            }
            if (v.isEmpty()) {
                v = c.valueOf("-e --eval -p --print");
            }
            return v.isEmpty() && c.getName().equals("deno") && c.sub("eval") && c.getOperands().size() > 1 ? c.getOperands().get(1) : v;
        }
        if (Regex.matches(c.getName(), "perl[0-9.]*|ruby[0-9.]*")) {
            // every -e line is part of the program, attached (`-e'…'`) or not
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < c.getArgs().size(); i++) {
                String a = c.getArgs().get(i);
                if (Regex.matches(a, "-[a-zA-Z0-9]*[eE]") && i + 1 < c.getArgs().size()) {
                    lines.add(c.getArgs().get(++i));
                } else if (Regex.matches(a, "-[a-dfg-zA-DF-Z0-9]*[eE].+") && !a.startsWith("--")) {
                    int k = 1;
                    while (a.charAt(k) != 'e' && a.charAt(k) != 'E') {
                        k++; // the flag letters before -e (the regex guarantees one)
                    }
                    lines.add(a.substring(k + 1));
                }
            }
            return String.join("\n", lines);
        }
        if (Regex.matches(c.getName(), "php[0-9.]*")) {
            return c.valueOf("-r");
        }
        if (Regex.matches(c.getName(), "awk|gawk|mawk|nawk|busybox-awk")) {
            List<String> p = c.positionals("-F -v -f --field-separator --assign --file");
            return c.anyFlag("-f --file") || p.isEmpty() ? "" : p.get(0);
        }
        if (Regex.matches(c.getName(), "R|Rscript|lua[0-9.]*|luajit|texlua|jrunscript|osascript|groovy|kotlin|scala")) {
            // every -e chunk runs, in order, as one program (lua -e 'a=1' -e 'os.execute(…)', osascript's -e lines)
            List<String> chunks = new ArrayList<>();
            for (int i = 0; i + 1 < c.getArgs().size(); i++) {
                if (c.getArgs().get(i).equals("-e")) {
                    chunks.add(c.getArgs().get(++i));
                }
            }
            return String.join("\n", chunks);
        }
        if (Regex.matches(c.getName(), "julia|gnuplot|ghc|slsh|dc|tclsh")) {
            return c.valueOf("-e --eval");
        }
        if (Regex.matches(c.getName(), "octave|octave-cli")) {
            return c.valueOf("--eval");
        }
        // Elixir, QuickJS, Racket, Babashka, Kakoune, rake's Ruby; Erlang's -eval; Guile's -c; SBCL, the MongoDB shell, emacsclient
        if (Regex.matches(c.getName(), "elixir|qjs|racket|bb|kak")) {
            return c.valueOf("-e --eval");
        }
        if (Regex.matches(c.getName(), "rake|erl|guile|sbcl|mongosh|mongo|emacsclient")) {
            return c.valueOf(switch (c.getName()) {
                case "rake" -> "-e --execute --execute-continue";
                case "erl" -> "-eval";
                case "guile" -> "-c";
                default -> "--eval -e";
            });
        }
        if (c.getName().equals("crystal") && c.sub("eval") && c.getOperands().size() > 1) {
            return c.getOperands().get(1);
        }
        if (Regex.matches(c.getName(), "emacs|emacs-nox|xemacs")) {
            String v = c.valueOf("--eval");
            return v.isEmpty() ? c.valueOf("-eval") : v;
        }
        return "";
    }

    /**
     * How python's command line names its program: {@code {"c", CODE}} for {@code -c CODE},
     * {@code {"m", MODULE}} for {@code -m MODULE}, else {@code {"", ""}} (a script, standard input,
     * or nothing). Python's own option syntax: {@code -W}/{@code -X} take a value, flags cluster
     * ({@code -Ic CODE}, {@code -cCODE}, {@code -mpytest}), and the first of -c, -m or a script wins.
     */
    private static String[] pythonProgram(Cmd c) {
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("-W") || a.equals("-X") || a.equals("--check-hash-based-pycs")) {
                i++;
            } else if (Regex.matches(a, "-[bBdEhiIOPqsSuvVx]*[cm]")) {
                return new String[] {a.substring(a.length() - 1), i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : ""};
            } else if (Regex.matches(a, "-[bBdEhiIOPqsSuvVx]*[cm].+")) {
                int k = 1;
                while (a.charAt(k) != 'c' && a.charAt(k) != 'm') {
                    k++; // the flag letters before -c/-m (the regex guarantees one)
                }
                return new String[] {String.valueOf(a.charAt(k)), a.substring(k + 1)};
            } else if (!a.startsWith("-") || a.equals("-")) {
                break; // a script or standard input
            }
        }
        return new String[] {"", ""};
    }

    /**
     * True for {@code python}/{@code python3} running one of the space-separated modules with
     * {@code -m} ({@code python3 -m pytest -x}); false when {@code -c} code or a script comes first.
     */
    static boolean pythonModule(Cmd c, String spaceSeparated) {
        if (!c.named("python python3")) {
            return false;
        }
        String[] program = pythonProgram(c);
        return program[0].equals("m") && !program[1].isEmpty() && Words.setOf(spaceSeparated).contains(program[1]);
    }

    /**
     * Code that reaches a function or module by a computed name, or runs text as code without the
     * usual call spellings: reflection ({@code getattr(os, 'sys'+'tem')}, {@code __dict__[…]},
     * {@code globalThis[…]}, {@code send(:system)}), code from strings ({@code new Function},
     * {@code (0,eval)}, eval or Function taken as a value ({@code const e = eval}), {@code compile},
     * {@code runpy}, Perl/Ruby {@code eval} without brackets,
     * {@code instance_eval}), and pipes into a shell by name. Such code says nothing the other
     * patterns can read, so it is asked about.
     */
    private static final java.util.regex.Pattern PAYLOAD_DYNAMIC = java.util.regex.Pattern.compile(
            "\\bgetattr\\s*\\(|\\bvars\\s*\\(\\s*(__)?builtins|__dict__\\s*\\[|sys\\.modules\\s*\\[|import_module\\s*\\(|methodcaller"
            + "|FunctionType|runpy|run_path|\\bcompile\\s*\\(|globalThis\\s*\\[|new\\s+Function\\b|\\(\\s*0\\s*,\\s*eval\\s*\\)"
            + "|runIn\\w*Context|vm\\.Script|require\\s*\\([^)]*\\+|\\b(instance|class|module)_eval\\b|\\b(public_)?send\\s*\\(?\\s*:"
            + "|\\bmethod\\s*\\(\\s*:|->can\\s*\\(|\\breadpipe\\b|call_user_func|\\bdo\\.call\\b|\\b(os|io)\\s*\\[\\s*['\"]"
            + "|['\"]\\s*\\|\\s*(ba|z|da)?sh\\b|\\bsystem\\s+\\$|\\)\\s*\\.!|doShellScript|\\.execute\\s*\\(|\\bexec\\s*\\n"
            + "|\\b(Deno|Bun|fs|cp|child_process)\\s*\\[|\\[\\s*['\"][a-zA-Z]+['\"]\\s*\\+\\s*['\"]"
            // eval or Function taken as a value to call later (const e = eval; e(s)), or Function called on a string
            // (not a name in a regex or string: /eval\(/, "eval")
            + "|(?<![./\\w'\"])\\b(?:eval|Function)\\b(?!\\s*[({.'\"\\w\\\\/])|(?<![.\\w])\\bFunction\\s*\\(");

    /** Perl and Ruby {@code eval EXPR} without brackets (an eval of a decoded string). */
    private static final java.util.regex.Pattern BARE_EVAL = java.util.regex.Pattern.compile("\\beval\\s+[^({\\s]");

    /** True when the inline program reaches code by computed names or runs strings as code (see PAYLOAD_DYNAMIC). */
    static boolean isPayloadDynamic(Cmd c) {
        String p = c.getPayload();
        if (p.isEmpty()) {
            return false;
        }
        return PAYLOAD_DYNAMIC.matcher(p).find() || Regex.matches(c.getName(), "perl[0-9.]*|ruby[0-9.]*|php[0-9.]*") && BARE_EVAL.matcher(p).find();
    }

    /** Macro text that only references macros: {@code %{name}}, {@code %{?name}}, {@code %{!?name}}, {@code %name}, {@code %%}, plain text. */
    private static final java.util.regex.Pattern RPM_PLAIN = java.util.regex.Pattern.compile(
            "(?:[^%]|%%|%\\{[?!]{0,2}[A-Za-z_][A-Za-z0-9_]*\\}|%[?!]{0,2}[A-Za-z_][A-Za-z0-9_]*)*");

    /** Built-in macros whose plain spelling defines or loads macros ({@code %global x %%(cmd)} then {@code %x} runs cmd). */
    private static final java.util.regex.Pattern RPM_DEFINING = java.util.regex.Pattern.compile(
            "%\\{?[?!]{0,2}(?:define|global|undefine|load|include)\\b");

    /**
     * True for an rpm tool whose only evaluating options are {@code -E}/{@code --eval} with plain
     * macro references ({@code rpm -E '%{?dist}'}, {@code rpm --eval '%{_libdir}'}): a value with
     * {@code %(…)}, {@code %{lua:…}}, {@code %{expand:…}}, {@code %[…]} or any other form may run
     * code; a dynamic value is not plain.
     */
    static boolean isRpmEvalPlain(Cmd c) {
        if (!Set.of("rpm", "rpmdb", "rpmverify", "rpmspec", "rpmbuild").contains(c.getName())) {
            return false;
        }
        List<String> a = c.getArgs();
        boolean any = false;
        for (int i = 0; i < a.size(); i++) {
            String s = a.get(i);
            String v;
            if (s.equals("-E") || s.startsWith("--ev") && !s.contains("=")) {
                v = i + 1 < a.size() ? a.get(++i) : "";
            } else if (s.startsWith("--ev") || s.startsWith("-E")) {
                v = s.substring(s.startsWith("-E") ? 2 : s.indexOf('=') + 1);
            } else if (Set.of("-e", "-p", "--execute").contains(s) || s.startsWith("--conf-script") || s.startsWith("--batch-interpreter")) {
                return false;
            } else if (Regex.matches(s, "-D.*|--def.*|--macros.*|--load.*|--rcfile.*|--predefine.*")) {
                // a macro defined by an option (or read from a macros or rc file) makes a plain
                // reference run whatever its body holds: rpm -D 'x %(cmd)' -E %x
                return false;
            } else {
                continue;
            }
            any = true;
            if (!RPM_PLAIN.matcher(v).matches() || RPM_DEFINING.matcher(v).find()) {
                return false;
            }
        }
        return any && !c.isDynamicArgs();
    }

    /** True when the inline program starts processes or runs shell commands. */
    static boolean isPayloadRuns(Cmd c) {
        if (Regex.matches(c.getName(), "g?sed")) {
            // GNU sed's `e CMD` and an `s///e` whose replacement is the whole line run shell
            // commands the text shows, as awk's system() does (they are also split as segments of
            // their own); an `e` running the input's text is opaque (SW1003)
            List<String> scripts = dev.shellwarden.grammar.SedScript.scripts(c.getArgs());
            if (!dev.shellwarden.grammar.SedScript.commands(scripts).isEmpty() && !dev.shellwarden.grammar.SedScript.runsInputText(scripts)) {
                return true;
            }
        }
        String p = c.getPayload();
        if (p.isEmpty()) {
            return false;
        }
        if (PAYLOAD_RUNS.matcher(p).find()) {
            return true;
        }
        if (Regex.matches(c.getName(), "perl[0-9.]*|ruby[0-9.]*|php[0-9.]*") && p.indexOf('`') >= 0) {
            return true;
        }
        return c.getName().equals("dc") && p.contains("!");
    }

    /** True when the inline program deletes files. */
    static boolean isPayloadDeletes(Cmd c) {
        String p = c.getPayload();
        if (p.isEmpty()) {
            return false;
        }
        if (PAYLOAD_DELETES.matcher(p).find()) {
            return true;
        }
        return PAYLOAD_SHELL_DELETES.matcher(p).find() && (isPayloadRuns(c) || !PAYLOAD_PRINTS.matcher(p).find());
    }

    /**
     * A signal sent to pid -1 (every process the user may signal) or to init, pid 1 (a kernel panic
     * as root): {@code os.kill(-1, 9)}, {@code os.kill(1, 9)}, {@code process.kill(-1)},
     * {@code posix_kill(-1, 9)}, Ruby's {@code Process.kill("KILL", -1)} and Perl's {@code kill 9, -1}.
     * Pid 1 where the pid comes first (Python, node, PHP), and in signal-first forms only where the
     * language is sure (Perl's and Ruby's {@code kill 9, 1}, {@code Process.kill("KILL", 1)}):
     * read loosely, {@code os.kill(pid, 1)} (SIGHUP) would read the same.
     */
    private static final java.util.regex.Pattern PAYLOAD_KILLS_ALL = java.util.regex.Pattern.compile(
            "kill\\s*\\(\\s*(-?\\s*1|~0)\\s*[,)]|kill\\s*\\(?\\s*['\":]?-?\\w+['\"]?\\s*(,|=>)\\s*(-\\s*1|~0)\\b|killpg\\s*\\(\\s*[01]\\s*,"
            + "|kill\\s*\\(\\s*~0|posix_kill\\s*\\(\\s*(-?\\s*1|~0)\\s*[,)]"
            // signal-first forms to pid 1 where the order is sure (rt34b): Perl's and Ruby's kill
            // without parentheses (`kill 9, 1`, `kill KILL => 1`), Ruby's Process.kill(SIG, 1), and a
            // signal given by its quoted name (`kill('KILL', 1)`): Python's os.kill(pid, 1) has none
            + "|\\bkill\\s+['\":]?-?\\w+['\"]?\\s*(,|=>)\\s*1\\b(?!\\s*\\.)|Process\\.kill\\s*\\(\\s*['\":]?-?\\w+['\"]?\\s*,\\s*1\\s*[,)]"
            + "|kill\\s*\\(\\s*['\"]-?[A-Z]\\w*['\"]\\s*(,|=>)\\s*1\\s*[,)]");

    /** True when the inline program signals every process ({@code os.kill(-1, 9)}). */
    static boolean isPayloadKillsAll(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_KILLS_ALL.matcher(p).find();
    }

    /** Writing in code: an open mode that writes, a write or append call, a copy, link or move. */
    private static final java.util.regex.Pattern PAYLOAD_WRITES = java.util.regex.Pattern.compile(
            "(?i)write|append|\\bopen\\s*\\([^)]*,\\s*['\"][^'\"]*[wa+]|symlink|copy|rename|\\bmove\\b|puts|>>|O_WRONLY|O_RDWR"
            // awk's print/printf into a file (print > FILE); a pipe (print | CMD) is a run, not a write
            + "|\\bprintf?\\b[^|;>}]*>\\s*[(\"$A-Za-z]"
            + "|sysopen|\\bprint\\s*\\{?\\s*\\$?[A-Za-z_]+\\s*\\}?\\s+[\"'$]");

    /** A string literal in code that looks like a device path. */
    private static final java.util.regex.Pattern PAYLOAD_DEVICE = java.util.regex.Pattern.compile("/dev/[A-Za-z0-9/_-]+");

    /**
     * True when the inline program writes and names a disk device ({@code open("/dev/sda","wb")}):
     * the interpreter reaches the disk below the file system just as {@code dd of=/dev/sda} would.
     */
    static boolean isPayloadWritesDevice(Cmd c) {
        String p = c.getPayload();
        if (p.isEmpty() || p.indexOf("/dev/") < 0 || !PAYLOAD_WRITES.matcher(p).find()) {
            return false;
        }
        java.util.regex.Matcher m = PAYLOAD_DEVICE.matcher(p);
        while (m.find()) {
            if (PathFacts.isBlockDevice(m.group())) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the inline program writes and names a login, schedule or privilege file
     * ({@code open(os.path.expanduser("~/.bashrc"), "a")}, {@code fs.appendFileSync(…/.bashrc)}).
     */
    static boolean isPayloadPersistence(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && Cmd.PAYLOAD_PERSISTENCE.matcher(p).find() && PAYLOAD_WRITES.matcher(p).find();
    }

    /**
     * Calls that make inline code wait for the world instead of finishing: a server's own loop
     * (Python's serve_forever/run_forever and a socket's accept, Node's listen, Ruby's
     * TCPServer/WEBrick, PHP's and Perl's listening sockets) and a loop written to never end.
     */
    private static final java.util.regex.Pattern PAYLOAD_WAITS = java.util.regex.Pattern.compile(
            "\\b(serve_forever|run_forever|run_until_disconnected|socket_listen|stream_socket_server)\\s*\\("
            + "|\\.(accept|listen)\\s*\\(|\\bTCPServer\\.new\\b|\\bWEBrick::HTTPServer\\b|\\bListen\\s*=>"
            + "|\\bwhile\\s*\\(?\\s*(True|true|1)\\s*\\)?\\s*(:|\\{|do\\b|;|$)|\\bfor\\s*\\(\\s*;\\s*;\\s*\\)|\\bloop\\s*(do\\b|\\{)"
            + "|\\bsetInterval\\s*\\(");

    /**
     * Words by which such code can still end on its own: leaving a loop or the process, closing
     * the server, or a bounded wait. WHY: a one-liner that polls until a file appears and breaks
     * ({@code while True: … break}) or a test server that closes itself finishes; only code
     * without any way out hangs the agent.
     */
    private static final java.util.regex.Pattern PAYLOAD_ENDS = java.util.regex.Pattern.compile(
            "\\b(break|return|exit|_exit|die|raise|throw|last|clearInterval|shutdown|quit|abort|kill)\\b|\\.close\\s*\\(|\\bsettimeout\\s*\\(");

    /**
     * True when the inline program serves or loops and nothing in it ends the wait:
     * {@code python3 -c '…serve_forever()'}, {@code node -e '…createServer(…).listen(3000)'},
     * {@code php -r 'while(true){sleep(1);}'}. Like a dev server, it runs until its timeout.
     */
    static boolean isPayloadWaits(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_WAITS.matcher(p).find() && !PAYLOAD_ENDS.matcher(p).find();
    }

    /** True when the inline program opens network connections. */
    static boolean isPayloadNetwork(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_NETWORK.matcher(p).find();
    }

    /** A credential file named in code: keys, cloud credentials, .env, .netrc, shadow. */
    private static final java.util.regex.Pattern PAYLOAD_SECRET = java.util.regex.Pattern.compile(
            "\\.ssh/id_|\\.aws/credentials|\\.netrc|\\.kube/config|\\.gnupg|/etc/shadow|\\.git-credentials|\\.docker/config\\.json"
            + "|['\"/]\\.env['\"]|\\.config/gcloud|\\.pgpass|\\.vault-token"
            // the same joined by the code: Path.home() / ".ssh" / "id_rsa"
            + "|\\bid_(rsa|ed25519|ecdsa|dsa)\\b|['\"]\\.(ssh|aws|gnupg|kube)['\"]");

    /**
     * True for an interpreter given inline code that may print: a print call or stream in the code
     * ({@code python3 -c 'import sys;print(sys.stdin.read())'}, {@code node -e 'process.stdin.pipe(process.stdout)'}),
     * or a flag that prints ({@code perl -pe}, {@code ruby -p}, {@code node -p}). WHY: such a stage
     * passes what it reads on to the agent ({@link AgentOutput}), as a filter does; inline code with
     * no such word only uses its input ({@code os.environ['T'] = sys.stdin.read()}), and a script file
     * is not read here (a consumer).
     */
    static boolean isInlineCodePrints(Cmd c) {
        if (!c.isInterpreter()) {
            return false;
        }
        if (Regex.matches(c.getName(), "perl[0-9.]*|ruby[0-9.]*") && c.argMatches("-[a-zA-Z0-9]*p[a-zA-Z0-9]*")
                || Regex.matches(c.getName(), "node|nodejs|bun") && c.argMatches("-p|--print|-pe|-ep")) {
            return true;
        }
        String code = c.getPayload();
        return !code.isEmpty() && PAYLOAD_OUTPUT.matcher(code).find();
    }

    /** True when the inline program names a credential file. */
    static boolean isPayloadSecret(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_SECRET.matcher(p).find();
    }

    /**
     * The whole environment taken as one value, not one variable read by name: Python's
     * {@code os.environ} (or a bare {@code environ}) not followed by {@code [}, {@code .get},
     * {@code .setdefault} or {@code .pop} ({@code dict(os.environ)}, {@code {**os.environ}},
     * {@code os.environ.copy()}); Node's and Bun's {@code process.env}/{@code Bun.env} not followed
     * by a member ({@code JSON.stringify(process.env)}, {@code {...process.env}}), Deno's
     * {@code Deno.env.toObject()}; Ruby's {@code ENV} not indexed or fetched ({@code ENV.to_h});
     * Perl's {@code %ENV}; PHP's {@code $_ENV}/{@code $_SERVER} not indexed and {@code getenv()}.
     * WHY: {@code requests.post(URL, json=dict(os.environ))} is {@code curl -d "$(env)" URL}; a
     * variable read by name ({@code os.environ['GITHUB_TOKEN']} sent to its own API) is everyday.
     */
    private static final java.util.regex.Pattern PAYLOAD_WHOLE_ENV = java.util.regex.Pattern.compile(
            "\\benvironb?\\b(?!\\s*(\\[|\\.\\s*(get|setdefault|pop)\\b))"
            + "|\\b(process|Bun)\\.env\\b(?!\\s*(\\.|\\[|\\?\\.))|\\bDeno\\.env\\.toObject\\b"
            + "|(?<![$%@\\w'\"])ENV\\b(?!['\"]|\\s*(\\[|\\{|\\.\\s*(fetch|key\\?|has_key\\?|include\\?)))"
            + "|%ENV\\b|\\$_(ENV|SERVER)\\b(?!\\s*\\[)|\\bgetenv\\s*\\(\\s*\\)");

    /**
     * A Python import statement, dropped before {@link #PAYLOAD_WHOLE_ENV} is read: importing
     * {@code environ} takes no value ({@code from os import environ as e; …e["LFILE"]} reads one
     * variable), while a later use by that name ({@code dict(environ)}) is still read.
     */
    private static final java.util.regex.Pattern PY_IMPORT = java.util.regex.Pattern.compile("\\b(from\\s+[\\w.]+\\s+)?import\\s+[^\\n;]*");

    /** True when the inline program takes the whole environment as one value ({@link #PAYLOAD_WHOLE_ENV}). */
    static boolean isPayloadWholeEnvironment(Cmd c) {
        String p = c.getPayload();
        return !p.isEmpty() && PAYLOAD_WHOLE_ENV.matcher(PY_IMPORT.matcher(p).replaceAll("")).find();
    }

    /** True when the inline program names an absolute or home path. */
    static boolean isPayloadAbsolutePath(Cmd c) {
        String p = c.getPayload();
        if (p.isEmpty()) {
            return false;
        }
        if (PAYLOAD_ABSOLUTE_PATH.matcher(p).find()) {
            return true;
        }
        // `python3 -c '…rmtree(sys.argv[1])' ~`: the path comes in as an argument of the program
        if (Regex.pattern("\\bargv\\b|\\bARGV\\b|\\$ARGV|process\\.argv|Deno\\.args|commandArgs").matcher(p).find()) {
            for (String a : c.getArgs()) {
                if (!a.equals(p) && !a.startsWith("-") && (a.startsWith("/") || a.startsWith("~") || a.startsWith("$HOME") || a.startsWith("${HOME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Files inline code loads and runs as code, named by a literal: PHP {@code include}/{@code require}
     * (and their {@code _once} forms), Ruby {@code load}/{@code require_relative}, Node
     * {@code require(…)}/{@code import(…)}, Python {@code exec(open(…).read())} and
     * {@code runpy.run_path}, Perl {@code do FILE}, Lua {@code dofile}, R {@code source}.
     */
    private static final java.util.regex.Pattern PAYLOAD_LOAD = java.util.regex.Pattern.compile(
            "\\b(?:include|require|include_once|require_once|load|require_relative|import|dofile|loadfile|source|do)\\s*\\(?\\s*" + CODE_STRING
            + "|\\bexec\\s*\\(\\s*open\\s*\\(\\s*" + CODE_STRING + "|\\brun_path\\s*\\(\\s*" + CODE_STRING);

    /**
     * The files this command's inline code loads as code ({@link #PAYLOAD_LOAD}): one written or
     * fetched earlier in the same command is run as surely as {@code php ./x.php} (SW4004, SW4005).
     */
    static List<String> payloadLoadedFiles(Cmd c) {
        return payloadPaths(c, PAYLOAD_LOAD);
    }

    /**
     * True when inline code loads as code a file it also writes ({@code copy(URL, 'x.php'); include
     * 'x.php';}): with {@link #isPayloadNetwork} that is a download run inside the code (SW5102).
     */
    static boolean isPayloadLoadsWrittenFile(Cmd c) {
        List<String> loaded = payloadLoadedFiles(c);
        if (loaded.isEmpty()) {
            return false;
        }
        for (String w : payloadWriteTargets(c)) {
            String plain = w.startsWith("./") ? w.substring(2) : w;
            if (loaded.stream().anyMatch(l -> (l.startsWith("./") ? l.substring(2) : l).equals(plain))) {
                return true;
            }
        }
        return false;
    }
}
