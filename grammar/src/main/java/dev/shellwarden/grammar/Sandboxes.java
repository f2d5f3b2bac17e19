package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Launchers.Spec;
import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.List;
import java.util.Set;

/**
 * Containers, virtual machines, remote shells and terminal emulators that run a command given on
 * their command line: {@code apptainer exec IMAGE CMD}, {@code systemd-nspawn -D DIR CMD},
 * {@code vagrant ssh -c CMD}, {@code multipass exec VM -- CMD}, {@code limactl shell VM CMD},
 * {@code wsl -e CMD}, {@code zellij run -- CMD}, {@code xterm -e CMD}.
 *
 * <p>WHY: the command meets the rules wherever it runs, as {@code docker exec}'s does: many of
 * these share the host's files (Apptainer binds {@code $HOME}, Lima and OrbStack mount the home
 * directory, WSL reaches the Windows drives, a terminal emulator runs on this machine), and a
 * rule cannot tell which do. Same invariant as {@link Launchers}: uncertain starts give every
 * reading.
 */
final class Sandboxes {

    private Sandboxes() {
    }

    /**
     * The commands {@code name} runs, or null when it is none of these tools.
     *
     * @param name the command's basename
     * @param argv the whole command, its first word literal
     */
    static List<Unwrap> unwrap(String name, List<Word> argv) {
        String sub = argv.size() > 1 ? argv.get(1).text() : "";
        return switch (name) {
            // IMAGE then the command
            case "apptainer", "singularity" -> sub.equals("exec") ? ToolRunners.afterOneOperand(argv, 2, new Spec("BeHW", Set.of("--bind",
                    "--env", "--env-file", "--home", "--workdir", "--pwd", "--overlay", "--mount", "--security", "--network",
                    "--network-args", "--hostname", "--app", "--scratch", "--fusemount", "--apply-cgroups"), Set.of("--help"),
                    Set.of("-c", "--contain", "-C", "--containall", "-e", "--cleanenv", "--fakeroot", "--nv", "--rocm",
                    "--writable", "--writable-tmpfs", "-u", "--userns", "--no-home"))) : null;
            case "devcontainer" -> sub.equals("exec") ? Launchers.lenient(argv, 2, new Spec("", Set.of("--workspace-folder",
                    "--container-id", "--id-label", "--config", "--remote-env", "--docker-path", "--log-level",
                    "--log-format", "--terminal-columns", "--terminal-rows", "--default-user-env-probe"), Set.of("--help"))) : null;
            case "systemd-nspawn" -> Launchers.lenient(argv, 1, new Spec("DiMuEb", Set.of("--directory", "--image",
                    "--machine", "--user", "--setenv", "--bind", "--bind-ro", "--tmpfs", "--overlay", "--chdir",
                    "--network-interface", "--network-veth-extra", "--port", "--private-users", "--capability",
                    "--drop-capability", "--template", "--hostname", "--uuid", "--slice", "--property", "--register",
                    "--link-journal", "--resolv-conf", "--timezone", "--console"), Set.of("--help", "--version"),
                    Set.of("-x", "--ephemeral", "-q", "--quiet", "-a", "--as-pid2", "-n", "--network-veth", "-U",
                            "--read-only", "--private-network", "-P", "--pipe")));
            case "runc", "crun" -> sub.equals("exec") ? ToolRunners.afterOneOperand(argv, 2, new Spec("ecupUg", Set.of("--env", "--cwd",
                    "--user", "--process", "--cap", "--apparmor", "--process-label", "--additional-gids", "--cgroup",
                    "--preserve-fds", "--pid-file", "--console-socket"), Set.of("--help"), Set.of("-t", "--tty", "-d",
                    "--detach", "--no-new-privs", "--ignore-paused"))) : null;
            // vagrant ssh [NAME] -c CMD; multipass exec VM -- CMD
            case "vagrant" -> sub.equals("ssh") ? lineAfter(argv, Set.of("-c", "--command")) : null;
            case "multipass" -> sub.equals("exec") ? Launchers.afterSeparator(argv) : null;
            // limactl shell [opts] VM [CMD…]; `lima CMD…` is limactl shell default
            case "limactl" -> sub.equals("shell") ? ToolRunners.afterOneOperand(argv, 2, new Spec("", Set.of("--workdir", "--shell"), Set.of("--help"),
                    Set.of("--reconnect"))) : null;
            case "lima" -> Launchers.lenient(argv, 1, new Spec("", Set.of(), Set.of("--help")));
            case "colima" -> sub.equals("ssh") ? Launchers.afterSeparator(argv) : null;
            case "orb", "orbctl" -> orb(argv);
            case "wsl", "wsl.exe" -> wsl(argv);
            case "gh" -> sub.equals("codespace") && argv.size() > 2 && argv.get(2).text().equals("ssh") ? Launchers.afterSeparator(argv) : null;
            // machinectl shell [USER@][MACHINE] [PATH [ARGS…]]: an empty machine is the host
            case "machinectl" -> sub.equals("shell") ? ToolRunners.afterOneOperand(argv, 2, new Spec("EMp", Set.of("--setenv", "--machine",
                    "--property", "--uid"), Set.of("--help"), Set.of("-q", "--quiet"))) : null;
            case "zellij" -> zellij(argv);
            // byobu is tmux (or screen) under a profile: the same words
            case "byobu", "byobu-tmux" -> Launchers.unwrap("tmux", argv);
            case "abduco" -> argv.size() > 3 && Set.of("-c", "-n", "-A").contains(sub) ? Launchers.lenient(argv, 3, new Spec("e", Set.of(), Set.of())) : null;
            case "wezterm" -> (sub.equals("start") || sub.equals("cli") && argv.size() > 2 && argv.get(2).text().equals("spawn"))
                    ? Launchers.afterSeparator(argv) : null;
            case "kitty" -> sub.equals("@") && argv.size() > 2 && argv.get(2).text().equals("launch")
                    ? Launchers.lenient(argv, 3, new Spec("", Set.of("--type", "--title", "--cwd", "--env", "--match", "--location",
                            "--window-type", "--os-window-title", "--tab-title", "--var"), Set.of("--help")))
                    : Launchers.lenient(argv, 1, new Spec("cTod", Set.of("--config", "--title", "--override", "--directory",
                            "--class", "--name", "--session", "--listen-on", "--start-as", "--instance-group", "--watcher"),
                            Set.of("--help", "--version", "+kitten", "+list-fonts")));
            // terminal emulators: -e runs the rest of the line
            case "xterm", "uxterm", "konsole", "alacritty", "x-terminal-emulator", "urxvt", "rxvt", "st", "terminator",
                    "xfce4-terminal", "lxterminal", "mate-terminal", "tilix", "qterminal", "sakura" -> lineAfter(argv, Set.of("-e", "-x", "--command", "--execute"));
            case "gnome-terminal", "ptyxis", "kgx" -> Launchers.afterSeparator(argv);
            case "foot", "footclient" -> Launchers.lenient(argv, 1, new Spec("cDoTaLtwWsf", Set.of("--config", "--working-directory",
                    "--override", "--title", "--app-id", "--log-level", "--term", "--window-size-pixels", "--window-size-chars",
                    "--server", "--font"), Set.of("--help", "--version")));
            default -> null;
        };
    }

    /**
     * The words after the first of {@code options}: a single word is a command line for a shell
     * ({@code vagrant ssh -c 'CMD'}, {@code xterm -e 'CMD'}), several are the command's words.
     */
    private static List<Unwrap> lineAfter(List<Word> argv, Set<String> options) {
        for (int k = 1; k < argv.size() - 1; k++) {
            if (options.contains(argv.get(k).text())) {
                List<Word> rest = argv.subList(k + 1, argv.size());
                return List.of(rest.size() == 1 ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, rest)
                        : Wrappers.after(argv, k + 1, false));
            }
        }
        return List.of();
    }

    /** {@code orb [-m MACHINE] [-u USER] [-w DIR] CMD…} and {@code orb run …}; other subcommands manage machines. */
    private static List<Unwrap> orb(List<Word> argv) {
        int from = argv.size() > 1 && argv.get(1).text().equals("run") ? 2 : 1;
        if (from == 1 && argv.size() > 1 && Set.of("create", "delete", "start", "stop", "restart", "list", "ls", "info", "config",
                "push", "pull", "logs", "shell", "status", "update", "version", "help", "default", "rename", "clone", "export",
                "import", "reset", "docker", "k8s").contains(argv.get(1).text())) {
            return List.of();
        }
        return Launchers.lenient(argv, from, new Spec("muw", Set.of("--machine", "--user", "--workdir", "--shell"), Set.of("--help")));
    }

    /** {@code wsl [options] -e|--exec CMD…}, {@code wsl [options] -- CMD…}, or {@code wsl CMD…} (run by the default shell). */
    private static List<Unwrap> wsl(List<Word> argv) {
        for (int k = 1; k < argv.size() - 1; k++) {
            String t = argv.get(k).text();
            if (t.equals("-e") || t.equals("--exec") || t.equals("--")) {
                return List.of(Wrappers.after(argv, k + 1, false));
            }
        }
        List<Unwrap> rest = Launchers.lenient(argv, 1, new Spec("dub", Set.of("--distribution", "--user", "--cd", "--shell-type",
                "--system"), Set.of("--help", "-l", "--list", "--install", "--shutdown", "--terminate", "-t", "--unregister",
                "--set-default", "-s", "--set-version", "--set-default-version", "--update", "--status", "--version", "-v",
                "--export", "--import", "--mount", "--unmount")));
        return rest.stream().map(u -> u.kind() == Kind.COMMAND ? Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, u.argv()) : u).toList();
    }

    /** {@code zellij run [options] -- CMD…} and {@code zellij action new-pane [options] -- CMD…}. */
    private static List<Unwrap> zellij(List<Word> argv) {
        boolean run = argv.size() > 1 && (argv.get(1).text().equals("run") || argv.get(1).text().equals("r"));
        boolean pane = argv.size() > 2 && argv.get(1).text().equals("action") && argv.get(2).text().equals("new-pane");
        if (!run && !pane) {
            return List.of();
        }
        List<Unwrap> separated = Launchers.afterSeparator(argv);
        return !separated.isEmpty() ? separated
                : Launchers.lenient(argv, run ? 2 : 3, new Spec("ndxy", Set.of("--cwd", "--name", "--direction", "--width",
                        "--height", "--x", "--y", "--pinned"), Set.of("--help"), Set.of("-f", "--floating", "-c", "--close-on-exit",
                        "-s", "--start-suspended", "-i", "--in-place")));
    }
}
