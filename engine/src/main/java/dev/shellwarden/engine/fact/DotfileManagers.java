package dev.shellwarden.engine.fact;

import java.util.List;
import java.util.Map;

/**
 * The folder a dotfile manager writes its files into, for {@link WriteTargets}: GNU Stow links a
 * package's files ({@code .bashrc}, {@code .config/autostart/x.desktop}) into its target folder,
 * chezmoi and yadm write the managed files into the home folder. The files themselves are in the
 * package or the downloaded repository, not on the command line, so the target folder is named as
 * a whole, as {@code rsync -a dotfiles/ ~/} names it; a folder outside the project then asks.
 *
 * <p>WHY: {@code stow -t ~ dotfiles}, {@code chezmoi init --apply URL} and {@code yadm clone URL}
 * install start-up files (the shell's rc files, autostart entries) that run at the next login,
 * and none of them names a file the protected-file checks could see.
 */
final class DotfileManagers {

    private DotfileManagers() {
    }

    /**
     * Per tool: the options that only show what would change (nothing is written), and the
     * subcommands that write the managed files (an empty list: every run writes, as stow's).
     */
    private record Manager(String dryRun, List<String> writingSubcommands, String valueOptions) {
    }

    private static final Map<String, Manager> MANAGERS = Map.of(
            // stow PACKAGE… links into -t DIR, else into the parent of the stow folder (-d DIR, else here)
            "stow", new Manager("-n --no --simulate", List.of(), "-d --dir -t --target --ignore --defer --override"),
            "xstow", new Manager("-n --no --simulate", List.of(), "-d --dir -t --target -F --config"),
            // chezmoi apply/update write the destination (-D DIR, else ~); init writes it with --apply or --one-shot
            "chezmoi", new Manager("-n --dry-run", List.of("apply", "update", "init", "merge", "merge-all", "import"),
                    "-D --destination -S --source -c --config -o --output"),
            // yadm's work tree is the home folder: every git command that checks files out writes there
            "yadm", new Manager("-n --dry-run", List.of("clone", "checkout", "pull", "reset", "restore", "merge", "rebase", "stash",
                    "switch", "cherry-pick", "revert", "am", "apply"), "-Y --yadm-dir --yadm-data -w"));

    /** The folder {@code c} writes its managed files into, or empty (a dry run, a reading subcommand). */
    static List<String> targetFolders(Cmd c) {
        Manager m = MANAGERS.get(c.getName());
        if (m == null || c.dryRunBy(m.dryRun())) {
            return List.of();
        }
        List<String> ops = c.positionals(m.valueOptions());
        switch (c.getName()) {
            case "stow", "xstow" -> {
                if (ops.isEmpty()) {
                    return List.of();
                }
                String target = c.valueOf("-t --target");
                if (!target.isEmpty()) {
                    return List.of(target);
                }
                String dir = c.valueOf("-d --dir");
                return List.of(dir.isEmpty() ? ".." : PathFacts.asFolder(dir) + "..");
            }
            case "chezmoi" -> {
                if (ops.isEmpty() || !m.writingSubcommands().contains(ops.get(0))
                        || ops.get(0).equals("init") && !c.anyFlag("-a --apply --one-shot")) {
                    return List.of();
                }
                String dest = c.valueOf("-D --destination");
                return List.of(dest.isEmpty() ? "~" : dest);
            }
            default -> {
                String workTree = c.valueOf("-w");
                return ops.isEmpty() || !m.writingSubcommands().contains(ops.get(0)) ? List.of()
                        : List.of(workTree.isEmpty() ? "~" : workTree);
            }
        }
    }
}
