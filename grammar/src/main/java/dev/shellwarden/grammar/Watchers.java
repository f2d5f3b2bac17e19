package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Launchers.Spec;
import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * File watchers, process managers and task runners that run a command given to them: on every
 * change ({@code nodemon -x CMD}, {@code watchexec -- CMD}, {@code entr CMD}, {@code cargo watch
 * -s CMD}, {@code chokidar GLOB -c CMD}), as a managed process ({@code pm2 start 'CMD'},
 * {@code honcho run CMD}) or as a one-off recipe ({@code just --command CMD}).
 *
 * <p>WHY: in the foreground these tools never exit, so the slow rules deny them and nothing else
 * mattered; run in the background (Claude Code's {@code run_in_background}, {@code &} with output
 * to a file) they are allowed, and their command ran unseen: {@code nodemon -x 'rm -rf ~' &} was a
 * background watcher. The command is handed to the splitter like every launcher's
 * ({@link Launchers}), with the same rule: uncertain starts give every reading.
 */
final class Watchers {

    private Watchers() {
    }

    /** watchexec options that take a value. */
    private static final Set<String> WATCHEXEC_WITH_ARG = Set.of("-w", "--watch", "-W", "--watch-non-recursive", "-e",
            "--exts", "-f", "--filter", "-i", "--ignore", "-d", "--debounce", "--delay-run", "--shell", "--signal",
            "--stop-signal", "--stop-timeout", "--on-busy-update", "--project-origin", "--workdir", "-E", "--env",
            "--filter-file", "--ignore-file", "--fs-events", "--poll", "--emit-events-to", "--log-file", "--color",
            "--timeout", "--wrap-process", "-j", "--filter-prog", "--socket");
    /** reflex options that take a value. */
    private static final Set<String> REFLEX_WITH_ARG = Set.of("-r", "--regex", "-R", "--inverse-regex", "-g", "--glob",
            "-G", "--inverse-glob", "-c", "--config", "-d", "--decoration", "-t", "--shutdown-timeout");

    /**
     * The commands {@code name} runs, or null when it is none of these tools.
     *
     * @param name the command's basename
     * @param argv the whole command, its first word literal
     */
    static List<Unwrap> unwrap(String name, List<Word> argv) {
        return switch (name) {
            // nodemon -x|--exec 'CMD' runs a command line; `nodemon app.js` runs node on the script
            case "nodemon" -> ToolRunners.optionLines(argv, Set.of("-x", "--exec"));
            case "watchexec" -> argv.stream().anyMatch(w -> w.text().equals("-s") || w.text().startsWith("--shell"))
                    ? lines(Launchers.lenient(argv, 1, new Spec("wWefidE", WATCHEXEC_WITH_ARG, Set.of("--help", "-h", "-V", "--version"))))
                    : Launchers.lenient(argv, 1, new Spec("wWefidE", WATCHEXEC_WITH_ARG, Set.of("--help", "-h", "-V", "--version")));
            // entr [-acdnprsz] CMD…; with -s the first operand is a command line for $SHELL
            case "entr" -> argv.stream().anyMatch(w -> w.literal() && w.text().matches("-[acdnprz]*s[acdnprz]*"))
                    ? lines(Launchers.lenient(argv, 1, new Spec("", Set.of(), Set.of())))
                    : Launchers.lenient(argv, 1, new Spec("", Set.of(), Set.of()));
            case "reflex" -> Launchers.lenient(argv, 1, new Spec("rRgGcdt", REFLEX_WITH_ARG, Set.of("--help", "-h"),
                    Set.of("-s", "--start-service", "-a", "--all", "--only-files", "--only-dirs", "-e", "--sequential", "-v")));
            // cargo watch -x SUBCOMMAND runs `cargo SUBCOMMAND`; -s|--shell CMD a command line
            case "cargo-watch" -> cargoWatch(argv, 1);
            case "cargo" -> argv.size() > 2 && argv.get(1).text().equals("watch") ? cargoWatch(argv, 2) : null;
            case "watchman-make" -> ToolRunners.optionLines(argv, Set.of("--run", "-r"));
            // watchmedo shell-command --command='CMD' (also auto-restart … -- CMD)
            case "watchmedo" -> argv.size() > 1 && argv.get(1).text().equals("auto-restart")
                    ? Launchers.afterSeparator(argv) : ToolRunners.optionLines(argv, Set.of("--command", "-c"));
            case "onchange" -> Launchers.afterSeparator(argv);
            case "chokidar" -> ToolRunners.optionLines(argv, Set.of("-c", "--command"));
            // viddy and hwatch run their words through `sh -c`, like watch
            case "viddy", "hwatch" -> {
                int i = Wrappers.opts(argv, 1, "nd", Set.of("--interval", "--shell", "--shell-options", "--exec"), Set.of("-h", "--help", "-v", "--version"));
                yield i < 0 ? List.of(Unwrap.UNDETERMINED) : i >= argv.size() ? List.of()
                        : List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i, argv.size())));
            }
            case "when-changed" -> whenChanged(argv);
            case "pm2" -> pm2(argv);
            case "honcho", "foreman", "forego" -> argv.size() > 2 && argv.get(1).text().equals("run")
                    ? Launchers.lenient(argv, 2, new Spec("efd", Set.of("--env", "--procfile", "--app-root", "--root"), Set.of("--help")))
                    : null;
            case "just" -> justCommand(argv);
            default -> null;
        };
    }

    /** Commands read as one command line each (a tool told to run its words through a shell). */
    private static List<Unwrap> lines(List<Unwrap> commands) {
        List<Unwrap> out = new ArrayList<>();
        for (Unwrap u : commands) {
            out.add(u.kind() == Kind.COMMAND ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, u.argv()) : u);
        }
        return out;
    }

    /** {@code cargo watch [-x SUB]… [-s CMD]… [-- CMD…]}. */
    private static List<Unwrap> cargoWatch(List<Word> argv, int from) {
        List<Unwrap> out = new ArrayList<>(ToolRunners.optionLines(argv, Set.of("-s", "--shell")));
        for (int k = from; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            if (t.equals("-x") || t.equals("--exec")) {
                Word sub = argv.get(++k);
                out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED,
                        List.of(new Word("cargo " + sub.text(), sub.raw(), sub.literal(), sub.features()))));
            } else if (t.equals("--")) {
                out.add(Wrappers.after(argv, k + 1, false));
                break;
            }
        }
        return out;
    }

    /** {@code when-changed [-r] [-v] [-1] [-s] FILE… -c CMD…} or {@code when-changed FILE CMD…}. */
    private static List<Unwrap> whenChanged(List<Word> argv) {
        for (int k = 1; k < argv.size() - 1; k++) {
            if (argv.get(k).text().equals("-c")) {
                return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, argv.size())));
            }
        }
        int i = Wrappers.opts(argv, 1, "", Set.of(), Set.of("-h", "--help"));
        if (i < 0) {
            return List.of(Unwrap.UNDETERMINED);
        }
        // one file, then the command
        return i + 1 < argv.size() ? List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(i + 1, argv.size())))
                : List.of();
    }

    /**
     * {@code pm2 start|restart SCRIPT|'CMD' [options] [-- ARGS…]}: a script name with words after
     * {@code --} runs with them; a quoted command line runs as one; {@code --interpreter} names
     * the program that runs the script.
     */
    private static List<Unwrap> pm2(List<Word> argv) {
        if (argv.size() < 3 || !Set.of("start", "restart", "reload").contains(argv.get(1).text())) {
            return List.of();
        }
        int i = Wrappers.opts(argv, 2, "nfie", Set.of("--name", "--interpreter", "--interpreter-args", "--node-args",
                "--cwd", "--log", "--output", "--error", "--max-memory-restart", "--instances", "--env", "--watch",
                "--cron", "--namespace"), Set.of());
        if (i < 0) {
            return List.of(Unwrap.UNDETERMINED);
        }
        if (i >= argv.size()) {
            return List.of();
        }
        Word script = argv.get(i);
        if (script.text().trim().contains(" ")) {
            return List.of(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(script)));
        }
        List<Word> command = new ArrayList<>();
        command.add(script);
        for (int k = i + 1; k < argv.size(); k++) {
            if (argv.get(k).text().equals("--")) {
                command.addAll(argv.subList(k + 1, argv.size()));
                break;
            }
        }
        return List.of(Unwrap.command(Provenance.WRAPPED, command, List.of()));
    }

    /** {@code just [options] --command|-c CMD…}: runs CMD (through the justfile's shell with {@code --shell-command}). */
    private static List<Unwrap> justCommand(List<Word> argv) {
        boolean shell = argv.stream().anyMatch(w -> w.text().equals("--shell-command"));
        for (int k = 1; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            if (t.equals("-c") || t.equals("--command")) {
                return List.of(shell ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, argv.subList(k + 1, argv.size()))
                        : Wrappers.after(argv, k + 1, false));
            }
        }
        return null;
    }
}
