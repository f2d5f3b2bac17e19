package dev.shellwarden.engine.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a database console or debugger takes the commands it runs: from its standard input, from
 * an argument, or from a command file. Read by {@link ProgramSource#of} (so {@code curl … | sqlite3}
 * is {@code curl … | sh}: SW4001, SW4003) and by {@link LoadedCode} (so {@code curl -o s.sql URL &&
 * psql -f s.sql} is {@code curl -o x.sh URL && sh x.sh}: SW4004, SW4005).
 *
 * <p>WHY these are program readers: every one has a shell escape in its command language (sqlite3's
 * and DuckDB's {@code .shell}/{@code .system}, psql's {@code \!}, mysql's and MariaDB's
 * {@code system}/{@code \!}, gdb's {@code shell}, lldb's {@code platform shell}, mongosh's
 * {@code require('child_process')}); redis-cli has none, but a command list of a server's choosing
 * rewrites the server's files ({@code CONFIG SET dir}, {@code SAVE}), so it is read the same way.
 *
 * <p>DECIDED: a console given its commands as an argument ({@code psql -c}, {@code mysql -e},
 * {@code sqlite3 DB 'SQL'}, {@code redis-cli GET k}) or a script file ({@code psql -f F}) reads no
 * commands from standard input; gdb and lldb run their {@code -ex}/{@code -x} commands and then
 * read standard input unless {@code -batch}, and {@code gdb -batch} with nothing given is read as
 * reading standard input (fail closed: unsure is a reader).
 */
final class ConsoleCommands {

    private ConsoleCommands() {
    }

    /**
     * One console's command-line. {@code inline}: options whose value is a command it runs;
     * {@code files}: options naming a command file; {@code batch}: options that make it exit after
     * those instead of reading standard input next (empty: it always exits after them);
     * {@code values}: its other options that take a separate value, so their values are no operands;
     * {@code operandCommands}: the number of operands after which the rest is a command it runs
     * (sqlite3 DB SQL: 1; redis-cli CMD: 0; -1: operands are never commands); {@code info}: options
     * that only print and exit.
     */
    private record Console(String inline, String files, String batch, String values, int operandCommands, String info) {
    }

    /** sqlite3's and DuckDB's options that take a value. */
    private static final String EMBEDDED_VALUES = "-cmd -separator -newline -nullvalue -init -escape";

    /** redis-cli's and valkey-cli's options that take a value. */
    private static final String REDIS_VALUES = "-h -p -a -n -u -s -r -i -d -t --user --pass --askpass --cacert --cacertdir --cert --key --sni --tls-ciphers";

    /** By program name (as {@link Cmd#getName} gives it). */
    private static final Map<String, Console> TABLE = Map.ofEntries(
            Map.entry("sqlite3", new Console("", "", "", EMBEDDED_VALUES, 1, "-version --version -help --help")),
            Map.entry("duckdb", new Console("-c", "-f", "", EMBEDDED_VALUES, 1, "-version --version -help --help")),
            Map.entry("psql", new Console("-c --command", "-f --file", "", "", -1, "-l --list -V --version -? --help")),
            Map.entry("mysql", new Console("-e --execute", "", "", "", -1, "-V --version -? --help")),
            Map.entry("mariadb", new Console("-e --execute", "", "", "", -1, "-V --version -? --help")),
            Map.entry("gdb", new Console("-ex --ex -eval-command --eval-command -iex --init-eval-command",
                    "-x --x -command --command -ix --init-command", "-batch --batch", "", -1, "-version --version -help --help")),
            Map.entry("lldb", new Console("-o --one-line -O --one-line-before-file -k --one-line-on-crash",
                    "-s --source -S --source-before-file -K --source-on-crash", "-b --batch", "", -1, "-v --version -h --help")),
            Map.entry("redis-cli", new Console("", "", "", REDIS_VALUES, 0, "-v --version --help")),
            Map.entry("valkey-cli", new Console("", "", "", REDIS_VALUES, 0, "-v --version --help")),
            Map.entry("mongosh", new Console("--eval", "-f --file", "", "", -1, "--version --help -h")),
            Map.entry("mongo", new Console("--eval", "-f --file", "", "", -1, "--version --help -h")),
            // rt34c: more consoles whose command language runs programs: sqlcmd's `!!`, usql's `\!`,
            // mycli's and litecli's `system`, octave's `system()`, GNU dc's `!`, ed's and ex's `!cmd`,
            // gnuplot's `system`/`!`, ftp's `!`, expect's `exec`/`spawn`
            Map.entry("sqlcmd", new Console("-Q", "-i", "", "", -1, "-? --help --version")),
            Map.entry("usql", new Console("-c --command", "-f --file", "", "", -1, "-V --version -? --help")),
            Map.entry("mycli", new Console("-e --execute", "", "", "", -1, "-V --version --help")),
            Map.entry("litecli", new Console("-e --execute", "", "", "", -1, "-V --version --help")),
            Map.entry("octave", new Console("--eval", "", "", "", 0, "-v --version -h --help")),
            Map.entry("dc", new Console("-e --expression", "-f --file", "", "", -1, "-V --version -h --help")),
            Map.entry("ed", new Console("", "", "", "", -1, "-V --version -h --help")),
            Map.entry("red", new Console("", "", "", "", -1, "-V --version -h --help")),
            Map.entry("ex", new Console("", "", "", "", -1, "--version -h --help")),
            Map.entry("gnuplot", new Console("-e", "", "", "", -1, "-V --version -h --help")),
            Map.entry("ftp", new Console("", "", "", "", -1, "--help")),
            // sftp's batch file (`-b -` is standard input) and its own standard input run `!` lines here
            Map.entry("sftp", new Console("", "-b", "", "", -1, "")),
            Map.entry("expect", new Console("-c", "-f", "", "", -1, "-v --version")));

    /** The space-separated lists as one, without empty words. */
    private static String words(String... lists) {
        return String.join(" ", lists).strip().replaceAll(" +", " ");
    }

    /** True when {@code c} is one of the consoles above. */
    static boolean knows(Cmd c) {
        return TABLE.containsKey(c.getName());
    }

    /** Where the console's commands come from; {@link ProgramSource#NONE} for another program. */
    static ProgramSource source(Cmd c) {
        Console console = TABLE.get(c.getName());
        if (console == null || given(c, console.info())) {
            return ProgramSource.NONE;
        }
        List<String> files = optionValues(c, console.files());
        if (files.stream().anyMatch(ProgramSource.STDIN_FILES::contains)) {
            return ProgramSource.STDIN_NAMED;
        }
        boolean batch = console.batch().isEmpty() || given(c, console.batch());
        if (!batch) {
            // gdb and lldb run what the options give, then read standard input
            return ProgramSource.STDIN;
        }
        if (!files.isEmpty()) {
            return ProgramSource.FILE;
        }
        List<String> operands = c.positionals(words(console.values(), console.inline(), console.files()));
        if (mongoScript(c, operands)) {
            return ProgramSource.FILE;
        }
        if (givesCommand(c, console) || console.operandCommands() >= 0 && operands.size() > console.operandCommands()) {
            return commandsFromXargsInput(c, console, operands) ? ProgramSource.STDIN : ProgramSource.INLINE;
        }
        return ProgramSource.STDIN;
    }

    /**
     * True when the console's command words are filled by the xargs or parallel that runs it
     * ({@code curl URL | xargs -0 sqlite3 db}, {@code … | xargs -I{} psql -c {}}): the commands are
     * the text xargs reads, so they come from standard input as in {@code curl URL | sqlite3 db}.
     * WHY (left36): the appended list read as an inline command the text shows.
     */
    private static boolean commandsFromXargsInput(Cmd c, Console console, List<String> operands) {
        if (!"XARGS".equals(c.getProvenance())) {
            return false;
        }
        java.util.Set<String> slots = new java.util.HashSet<>();
        for (dev.shellwarden.grammar.Word w : c.argvWords.subList(Math.min(1, c.argvWords.size()), c.argvWords.size())) {
            if (w.has(dev.shellwarden.grammar.WordFeature.WRAPPER_SLOT)) {
                slots.add(w.text());
            }
        }
        List<String> commands = new ArrayList<>(optionValues(c, console.inline()));
        if (console.operandCommands() >= 0 && operands.size() > console.operandCommands()) {
            commands.addAll(operands.subList(console.operandCommands(), operands.size()));
        }
        return commands.stream().anyMatch(slots::contains);
    }

    /**
     * The files the console runs as its commands: its command-file options' values (not standard
     * input) and a file redirected into its standard input when it reads commands there
     * ({@code mysql app < s.sql}; sqlite3's redirect is read as such whatever its operands, fail closed).
     */
    static List<String> commandFiles(Cmd c) {
        Console console = TABLE.get(c.getName());
        if (console == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String f : optionValues(c, console.files())) {
            if (!ProgramSource.STDIN_FILES.contains(f)) {
                out.add(PathFacts.unquote(f));
            }
        }
        if (source(c).fromStdin() || c.named("sqlite3 duckdb")) {
            for (String r : c.getRedirectReads()) {
                out.add(PathFacts.unquote(r));
            }
        }
        if (c.named("mongosh mongo")) {
            List<String> operands = c.positionals(words(console.inline(), console.files()));
            operands.stream().filter(o -> o.endsWith(".js")).map(PathFacts::unquote).forEach(out::add);
        }
        out.removeIf(String::isEmpty);
        return out;
    }

    /** mongosh's and mongo's {@code FILE.js} operand: a script it runs and exits after. */
    private static boolean mongoScript(Cmd c, List<String> operands) {
        return c.named("mongosh mongo") && operands.stream().anyMatch(o -> o.endsWith(".js"));
    }

    /** Every value of the space-separated options, separate or glued ({@code -fF}, {@code --file=F}). */
    private static List<String> optionValues(Cmd c, String options) {
        return options.isEmpty() ? List.of() : c.valuesOf(options);
    }

    /**
     * True when one of the space-separated options is given as a word of its own. Not
     * {@link Cmd#anyFlag}: gdb's and sqlite3's single-dash long options are no clusters.
     */
    private static boolean given(Cmd c, String options) {
        return !options.isBlank() && c.anyArg(options);
    }

    /**
     * True when an option gives a command to run, as a word of its own or carrying it
     * ({@code -eSQL}, {@code --execute=SQL}); another option of the console's own that merely
     * starts with the same letter ({@code duckdb -cmd}, which still reads standard input after) is none.
     */
    private static boolean givesCommand(Cmd c, Console console) {
        if (given(c, console.inline())) {
            return true;
        }
        if (console.inline().isBlank()) {
            return false;
        }
        OptionSpec spec = OptionSpec.named(console.inline());
        java.util.Set<String> own = Words.setOf(words(console.values(), console.files(), console.batch(), console.info()));
        return c.getArgs().stream().anyMatch(a -> !own.contains(a) && spec.inlineValue(a) != null);
    }
}
