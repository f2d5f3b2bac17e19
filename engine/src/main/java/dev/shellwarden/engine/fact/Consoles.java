package dev.shellwarden.engine.fact;

import java.util.List;
import java.util.Map;

/**
 * Interactive consoles the general REPL reading ({@link Cmd#isReplOnly}) does not know: language
 * REPLs outside the scripting interpreters ({@code ghci}, {@code ocaml}, {@code utop},
 * {@code swift repl}, {@code sbcl}, {@code racket}…), framework and cloud shells
 * ({@code python manage.py shell}, {@code flask shell}, {@code rails dbconsole},
 * {@code gcloud alpha interactive}, {@code az interactive}), SQL clients beyond the common ones
 * ({@code pgcli}, {@code usql}, {@code sqlplus}…) and debugger prompts ({@code node inspect},
 * {@code perl -d}, {@code dlv}, {@code jdb}). Each waits for typed input an agent has no terminal
 * for, and whatever is typed later runs unseen: for {@link Cmd#isPromptOnly} (SW7012).
 * INVARIANT: only forms that surely open a prompt are listed; a program or an option that is
 * missing here leaves the command to the other rules (the table can only add a prompt, never
 * remove one).
 */
final class Consoles {

    private Consoles() {
    }

    /**
     * One console. {@code opening}: first operands that open it whatever follows (space-separated;
     * empty: none does); {@code bare}: the program itself opens it; {@code operandRuns}: an operand
     * is a script it runs and exits after (false: a file it loads or a database it connects to,
     * and the prompt still opens); {@code batch}: options that make it run something and exit (or
     * serve headless) instead; {@code values}: its options that take a separate value, so their
     * values are no operands.
     */
    private record Console(String opening, boolean bare, boolean operandRuns, String batch, String values) {
    }

    /** Options of F# interactive that take a separate value. */
    private static final String FSI_VALUES = "-r --reference -I --lib --define --load --use";

    /** By program name (as {@link Cmd#getName} gives it). */
    private static final Map<String, Console> TABLE = Map.ofEntries(
            // Haskell: ghci loads its file operands and still prompts; -e evaluates and exits
            Map.entry("ghci", new Console("", true, false, "-e --make --info --numeric-version --show-options", "-i -package -o")),
            Map.entry("stack", new Console("ghci repl", false, true, "--ghci-options", "--stack-yaml --resolver")),
            Map.entry("cabal", new Console("repl v2-repl new-repl v1-repl", false, true, "", "--project-file --builddir")),
            // OCaml: `ocaml FILE.ml` runs the file and exits; utop always prompts
            Map.entry("ocaml", new Console("", true, true, "-e -vnum", "-I -open -init -ppx -w")),
            Map.entry("utop", new Console("", true, true, "-vnum", "-I -init -require -ppx -w")),
            Map.entry("swift", new Console("repl", true, true, "-e", "-I -L -l -F -sdk -target -module-name")),
            // Lisps and Schemes: a file operand runs and exits; these options evaluate and exit
            Map.entry("racket", new Console("", true, true, "-e --eval -f --load -t --require -r --script -u -k", "-S -A -W -L -I -N")),
            Map.entry("guile", new Console("", true, true, "-c -s -e", "-L -l -x -C")),
            Map.entry("sbcl", new Console("", true, true, "--script --non-interactive", "--load --eval --core --dynamic-space-size --control-stack-size --userinit --sysinit")),
            Map.entry("clisp", new Console("", true, true, "-x -c", "-i -M -m -L -E -B")),
            Map.entry("bb", new Console("repl", true, true, "-e --eval -x -f --file -m --main", "-cp --classpath --config --deps-root")),
            Map.entry("hy", new Console("", true, true, "-c -m", "")),
            // JVM and .NET
            Map.entry("groovysh", new Console("", true, false, "", "-cp --classpath -D")),
            Map.entry("kotlinc", new Console("", true, true, "-e -expression -script -d", "-cp -classpath -jdk-home -jvm-target -language-version -api-version -module-name -Xplugin -P")),
            Map.entry("kotlinc-jvm", new Console("", true, true, "-e -expression -script -d", "-cp -classpath -jdk-home -jvm-target -language-version -api-version -module-name")),
            Map.entry("fsi", new Console("", true, true, "--exec", FSI_VALUES)),
            Map.entry("fsharpi", new Console("", true, true, "--exec", FSI_VALUES)),
            Map.entry("jdb", new Console("", true, false, "", "-sourcepath -classpath -attach -listen -connect")),
            // numeric and other language prompts
            Map.entry("octave", new Console("", true, true, "--eval", "-p --path --image-path --info-file --doc-cache-file")),
            Map.entry("maxima", new Console("", true, true, "-b --batch --batch-string --batch-lisp", "-l --lisp -u --use-version -r --run-string -p --preload")),
            Map.entry("sage", new Console("", true, true, "-c", "")),
            Map.entry("evcxr", new Console("", true, true, "", "--edition --opt")),
            Map.entry("coffee", new Console("", true, true, "-e --eval -c --compile -p --print -t --tokens -n --nodes", "-r --require -o --output")),
            Map.entry("bpython", new Console("", true, true, "-c", "--config")),
            Map.entry("ptpython", new Console("", true, true, "", "--config-dir")),
            Map.entry("ptipython", new Console("", true, true, "", "--config-dir")),
            Map.entry("xonsh", new Console("", true, true, "-c", "-D --rc --shell-type")),
            Map.entry("nu", new Console("", true, true, "-c --commands --lsp", "--config --env-config --plugin-config --log-level --table-mode")),
            Map.entry("elvish", new Console("", true, true, "-c -compileonly", "-rc -sock")),
            Map.entry("psysh", new Console("", true, true, "", "-c --config --cwd")),
            Map.entry("crystal", new Console("i interactive", false, true, "", "")),
            Map.entry("jupyter", new Console("console qtconsole", false, true, "", "--existing --kernel")),
            Map.entry("deno", new Console("repl", false, true, "--eval", "")),
            Map.entry("bun", new Console("repl", false, true, "", "")),
            Map.entry("nix", new Console("repl", false, true, "--expr", "-I --file -f --option --extra-experimental-features --experimental-features")),
            Map.entry("dune", new Console("utop", false, true, "", "--root --profile --display")),
            Map.entry("sqlcmd", new Console("", true, false, "-Q -i --input-file -?", "-S -U -P -d -q -H -l -t -h -s -w -A -a -c -L -W")),
            // SQL clients: a prompt unless a query or a file is given
            Map.entry("usql", new Console("", true, false, "-c --command -f --file -J --json -C --csv", "-U -W --set -v --variable -P --pset")),
            Map.entry("pgcli", new Console("", true, false, "-l --list", "-h --host -p --port -U --username -u --user -d --dbname -D --dsn --prompt --less-chatty")),
            Map.entry("mycli", new Console("", true, false, "-e --execute", "-h --host -P --port -u --user -p --password -D --database -S --socket")),
            Map.entry("litecli", new Console("", true, false, "-e --execute", "-D --database --prompt --logfile")),
            Map.entry("iredis", new Console("", true, false, "", "-h -p -n -a --url")),
            // cloud shells: prompts of their own
            Map.entry("bq", new Console("shell", false, true, "", "--project_id --location --format")),
            Map.entry("az", new Console("interactive", false, true, "", "--style")),
            Map.entry("firebase", new Console("functions:shell", false, true, "", "--project -P --port")),
            // debuggers: a prompt unless headless
            Map.entry("dlv", new Console("debug exec attach test core replay", false, true, "--headless", "--listen --api-version --log-output --init --build-flags --wd --output -o")));

    /**
     * True when the command opens one of the consoles above. Called for every segment (through
     * {@link Cmd#isPromptOnly}): a program that is neither in the table nor one of the named
     * readings' is settled by its name before any option is read.
     */
    static boolean opensPrompt(Cmd c) {
        Console console = TABLE.get(c.getName());
        boolean named = frameworkShell(c) || cloudInteractive(c) || debuggerPrompt(c);
        if (console == null && !named || c.anyFlag("--help -help --version -version")) {
            return false;
        }
        // -h and -v (as words of their own: -classpath is no cluster) print help or the version, except
        // where the console takes them with a value (pgcli -h HOST)
        String values = console == null ? "" : " " + console.values() + " ";
        for (String shortInfo : List.of("-h", "-v", "-V")) {
            if (!values.contains(" " + shortInfo + " ") && c.anyArg(shortInfo)) {
                return false;
            }
        }
        if (named) {
            return true;
        }
        if (given(c, console.batch())) {
            return false;
        }
        List<String> operands = c.positionals(console.values());
        if (!operands.isEmpty() && !console.opening().isEmpty() && c.sub(console.opening())) {
            return true;
        }
        return console.bare() && (operands.isEmpty() || !console.operandRuns());
    }

    /**
     * True when one of the space-separated options is a word of its own or a long one carries its
     * value ({@code --eval=X}). Not {@link Cmd#anyFlag}: these programs' single-dash long options
     * ({@code -package}, {@code -classpath}) are no clusters of short ones.
     */
    private static boolean given(Cmd c, String options) {
        if (c.anyArg(options)) {
            return true;
        }
        for (String o : Words.of(options)) {
            if (o.startsWith("--") && c.argStartsWith(o + "=")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Django's {@code manage.py shell|dbshell|shell_plus} without {@code -c}/{@code --command},
     * {@code flask shell}, {@code rails dbconsole|db}: the project's own console; {@code sqlplus}
     * with a connect string and no script.
     */
    private static boolean frameworkShell(Cmd c) {
        // the operands are read only for manage.py itself or an interpreter that may run it
        if (c.getName().equals("manage.py") || c.isInterpreter()) {
            List<String> ops = c.positionals("--settings --pythonpath -i --interface --database");
            int at = c.getName().equals("manage.py") ? 0 : !ops.isEmpty() && ops.get(0).endsWith("manage.py") ? 1 : -1;
            if (at >= 0 && ops.size() > at && List.of("shell", "dbshell", "shell_plus").contains(ops.get(at))) {
                return !c.anyFlag("-c --command") && !c.argStartsWith("--command=") && !c.anyArg("--");
            }
        }
        return c.getName().equals("flask") && c.sub("shell")
                || c.getName().equals("rails") && c.sub("dbconsole db")
                // SQL*Plus connects and prompts; a script (@FILE) may end with exit, so that form is left alone
                || c.getName().equals("sqlplus") && c.getArgs().stream().noneMatch(a -> a.startsWith("@") || a.equals("-V"));
    }

    /** {@code gcloud alpha|beta interactive}, {@code aws --cli-auto-prompt}: a shell of the CLI's own commands. */
    private static boolean cloudInteractive(Cmd c) {
        return c.getName().equals("gcloud") && c.anyArg("interactive") && c.subAt(0, "alpha beta")
                || c.getName().equals("aws") && c.anyFlag("--cli-auto-prompt");
    }

    /**
     * {@code node inspect FILE}, {@code perl -d FILE} and {@code perl -de0}: the debugger's own
     * prompt ({@code -d:MODULE} runs a profiler or tracer instead); {@code dotnet fsi} with no
     * script: F#'s interactive.
     */
    private static boolean debuggerPrompt(Cmd c) {
        return c.named("node nodejs") && c.sub("inspect")
                || c.getName().startsWith("perl") && c.isInterpreter() && c.getArgs().stream().anyMatch(a -> a.equals("-d") || a.startsWith("-de"))
                || c.getName().equals("dotnet") && c.sub("fsi") && !c.anyFlag("--exec") && c.positionals(FSI_VALUES).size() == 1;
    }

}
