package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The paths a command deletes, read per tool, for {@link Cmd#getDeleteTargets}: {@code rm},
 * {@code rmdir}, {@code unlink}, {@code shred} and their kin, cmd.exe's {@code rd}/{@code del},
 * PowerShell's {@code Remove-Item}, {@code find -delete} or {@code find -exec rm} (its start
 * paths), compressors that replace their input, archivers and rsync told to remove what they
 * copied, {@code pytest --basetemp}.
 *
 * <p>It reads the {@link Cmd} it is given and nothing else; the tables it shares with the write
 * targets ({@link Cmd#COMPRESSORS}, {@link Cmd#RSYNC_VALUES}) stay on Cmd so that each has one
 * home. INVARIANT: where a tool's reading is uncertain it names more paths, never fewer; the globs
 * among the results are matched against protected files by Cmd afterwards.
 */
final class DeleteTargets {

    private DeleteTargets() {
    }

    /** The paths {@code c} deletes, in the order found (the caller adds glob matches and freezes the list). */
    static List<String> of(Cmd c) {
        if (Cmd.COMPRESSORS.contains(c.getName())) {
            // a compressor replaces each FILE with FILE.gz (and back): the original is gone;
            // zstd, lz4 and brotli keep it unless told --rm (brotli: -j)
            boolean keeps = c.anyFlag("-c --stdout --to-stdout -k --keep -l --list -t --test -h --help -V --version")
                    || c.named("zstd unzstd lz4 brotli") && !c.anyFlag("--rm -j");
            return keeps ? List.of() : c.positionals(Cmd.COMPRESSOR_VALUES);
        }
        if (c.isCmdExeDelete()) {
            // cmd.exe's `rd /s /q .ssh`, `del /a:h /q x`: cmd reads every word that starts with / as a switch
            List<String> out = new ArrayList<>();
            for (String a : c.getArgs()) {
                if (!a.startsWith("/")) {
                    out.add(PathFacts.fromWindows(a));
                }
            }
            return out;
        }
        switch (c.getName()) {
            case "rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "wipe" -> {
                // shred's -u/--remove is a flag (it deletes after overwriting); -n, -s take values;
                // Git Bash hands a drive path (`rm -rf C:/`) to them as the drive
                return c.positionals("-n --iterations --random-source -s --size").stream().map(PathFacts::posixOperand).toList();
            }
            case "gio" -> {
                // gio trash|remove FILE…: the files go (trash takes folders whole); --empty/--list/--restore name none
                List<String> ops = c.positionals("");
                return !ops.isEmpty() && Set.of("trash", "remove", "rm").contains(ops.get(0)) && !c.anyFlag("--empty --list --restore")
                        ? ops.subList(1, ops.size()) : List.of();
            }
            case "ccrypt", "ccencrypt", "ccdecrypt" -> {
                // each FILE is replaced by its encrypted (or decrypted) copy, unless written to standard output
                return c.anyFlag("-c --cat") ? List.of() : c.positionals("-K --key -k --keyfile -H --key2 -S --suffix");
            }
            case "pytest", "py.test" -> {
                // pytest empties its --basetemp directory before the run
                String base = c.valueOf("--basetemp");
                return base.isEmpty() ? List.of() : List.of(base);
            }
            case "rimraf" -> {
                // the npm package's CLI (npx rimraf DIR): a recursive delete without a prompt
                return c.positionals("--impl --filter");
            }
            case "del-cli" -> {
                // sindresorhus' del CLI (npx del-cli GLOB…): folders and files by glob, no prompt; --force
                // lets it reach outside the working folder, --dry-run only lists
                return c.dryRunBy("-d --dry-run") ? List.of() : c.positionals("");
            }
            case "tar", "gtar", "bsdtar", "zip", "7z", "7za", "7zz", "rsync" -> {
                return deletedAfterArchiving(c);
            }
            case "find" -> {
                boolean deletes = c.getArgs().contains("-delete") || c.findRuns(p -> Regex.matches(p, Cmd.FIND_DELETERS + "|truncate"));
                return deletes ? c.findStarts() : List.of();
            }
            case "Remove-Item" -> {
                return c.psPathOperands();
            }
            default -> {
                return List.of();
            }
        }
    }

    /**
     * The files an archiver or rsync deletes once it has copied them: {@code tar --remove-files},
     * {@code zip -m}, {@code 7z a -sdel}, {@code rsync --remove-source-files} (the sources).
     */
    private static List<String> deletedAfterArchiving(Cmd c) {
        switch (c.getName()) {
            case "tar", "gtar", "bsdtar" -> {
                // -C DIR applies to the members after it: `tar -C ~ --remove-files -cf x.tar .ssh` deletes ~/.ssh
                return c.anyFlagOrAbbreviation("--remove-files") ? c.tar().memberPaths() : List.of();
            }
            case "zip" -> {
                if (!c.anyFlag("-m --move") && !c.argMatches("-[A-Za-z]*m[A-Za-z]*")) {
                    return List.of();
                }
                List<String> p = c.positionals("-b -n -t -tt -x -i -P --password");
                return p.size() > 1 ? p.subList(1, p.size()) : List.of();
            }
            case "7z", "7za", "7zz" -> {
                if (!c.anyFlag("-sdel")) {
                    return List.of();
                }
                List<String> p = c.positionals("");
                return p.size() > 2 ? p.subList(2, p.size()) : List.of();
            }
            default -> {
                if (!c.anyFlag("--remove-source-files")) {
                    return List.of();
                }
                List<String> p = c.positionals(Cmd.RSYNC_VALUES);
                return p.size() > 1 ? p.subList(0, p.size() - 1) : List.of();
            }
        }
    }
}
