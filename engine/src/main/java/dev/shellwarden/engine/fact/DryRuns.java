package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ShortOptions;
import dev.shellwarden.grammar.Regex;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Whether a command only previews what it would do: a dry-run option given (each reading names its
 * tool's spellings: {@code -n --dry-run} for git clean and push, {@code -n --no --simulate} for
 * stow, {@code --dryrun} for the AWS CLI) and none undone later on the line. The one reading behind
 * {@link Cmd#dryRunBy}, {@link Cmd#previewsDryRun} and {@link Cmd#isInfoOnly}, so that an undo
 * spelling learnt once counts for every rule that spares a dry run.
 *
 * <p>An option is undone by its negation or a false value in the spellings the flag libraries
 * take: {@code --no-dry-run} (git's parse-options, cobra-less Go and Node's meow, yargs,
 * commander), {@code --dry-run=false|0|no|off} (Go's pflag and flag, click), kubectl's
 * {@code --dry-run=none}, pflag's short form {@code -n=false}, and the per-tool undo words of
 * {@link #UNDO}. Which of several words a tool keeps is not read: any undo counts, since reading a
 * preview as a real run only asks or denies (fail closed).
 */
final class DryRuns {

    private DryRuns() {
    }

    /**
     * True for a value that turns a dry-run option off: a false value in any flag library's
     * spelling ({@link FlagValues#ANY}: reading a preview as a real run only asks), or kubectl's
     * and helm's strategy {@code none}.
     */
    private static boolean offValue(String value) {
        return FlagValues.ANY.isFalse(value) || PathFacts.unquote(value).equalsIgnoreCase("none");
    }

    /**
     * Undo words beyond the negation and false values, per tool: options that switch a preview
     * mode back to a real run under another name.
     */
    private static final Map<String, Set<String>> UNDO = Map.of(
            // rsync's --no-OPTION form covers -n (--no-n is rsync's own spelling too)
            "rsync", Words.setOf("--no-n --no-dry-run --no-list-only"),
            // npm's config reads --dry-run=false, and the negation in any case
            "npm", Words.setOf("--no-dry-run --dry-run=false"),
            // helm's and kubectl's old spelling of a real run
            "kubectl", Words.setOf("--dry-run=none --dry-run=false"),
            "oc", Words.setOf("--dry-run=none --dry-run=false"),
            "helm", Words.setOf("--dry-run=none --dry-run=false"));

    /** kubectl's (and oc's) per-command options that take a value (delete, apply, create, patch). */
    private static final Set<String> KUBECTL_VALUE_OPTIONS = Words.setOf("-f --filename -l --selector -o --output --field-selector"
            + " --grace-period --timeout --cascade -k --kustomize --field-manager --raw -c --container -L --label-columns"
            + " --prune-allowlist --template --cache-dir --certificate-authority --client-certificate --client-key --tls-server-name"
            + " -p --patch --type");

    /**
     * Options that take the next word as their value, per tool whose dry run spares a rule: a
     * dry-run spelling right after one of them is that option's value, not a dry run
     * ({@code git push -o --dry-run -f}, {@code git clean -fdx -e -n}, {@code rsync --delete --exclude -n},
     * {@code stow -d -n -D pkg}, {@code kubectl delete --namespace --dry-run=client deploy/web}).
     * Short ones also count at the end of a cluster ({@code git clean -fde -n}). A tool's global
     * options ({@link Cmd#GLOBAL_VALUE_OPTIONS}: kubectl's {@code -n}, docker's {@code --context})
     * count too. Each list is the tool's own option table; every tool here gives a value-taking
     * option the next word whatever it is (getopt_long, Go's pflag, Perl's Getopt::Long for a
     * mandatory string). The AWS CLI is not here: its argparse refuses an option as a value
     * ({@code --exclude --dryrun}: "expected one argument"), so nothing runs.
     */
    private static final Map<String, Set<String>> VALUE_OPTIONS = Map.ofEntries(
            Map.entry("git", Words.setOf("-o --push-option -e --exclude --repo --receive-pack --exec -m --message -F --file -C -c")),
            Map.entry("rsync", Words.setOf("-e --rsh --exclude --include --filter -f --exclude-from --include-from --files-from"
                    + " --rsync-path -T --temp-dir --backup-dir --suffix --log-file --partial-dir --compare-dest --copy-dest"
                    + " --link-dest --chmod --chown -M --remote-option --password-file --out-format --log-file-format"
                    + " --info --debug --iconv --max-size --min-size --max-delete --bwlimit -B --block-size --skip-compress"
                    // rsync(1): the batch files, socket and address options, name maps and choices also take a value
                    + " --write-batch --only-write-batch --read-batch --sockopts --address --port --usermap --groupmap --copy-as"
                    + " --early-input --outbuf --checksum-choice --cc --compress-choice --zc --compress-level --zl --protocol"
                    + " --timeout --contimeout --modify-window -@ --stop-after --stop-at --time-limit --max-alloc")),
            // GNU Stow manual, Invoking Stow (gnu.org/software/stow/manual): -d/--dir, -t/--target,
            // --ignore, --defer, --override take a value; xstow(1) also -F/--config
            Map.entry("stow", Words.setOf("-d --dir -t --target --ignore --defer --override")),
            Map.entry("xstow", Words.setOf("-d --dir -t --target -F --config")),
            // rclone.org/flags (global flags, pflag): the filter, config, log and transfer flags that take a value
            Map.entry("rclone", Words.setOf("--config --include --exclude --filter --include-from --exclude-from --filter-from"
                    + " --files-from --transfers --checkers --bwlimit --log-file --log-level --max-age --min-age --max-size --min-size"
                    + " --backup-dir --suffix --order-by --max-depth --max-transfer --max-delete --compare-dest --copy-dest"
                    + " --password-command --header --user-agent --cache-dir --temp-dir --timeout --contimeout --retries --stats"
                    + " --cutoff-mode --metadata-set --exclude-if-present --stats-one-line-date-format --partial-suffix --log-format"
                    + " --bind --ca-cert --client-cert --client-key --dump --header-upload --header-download --stats-unit"
                    + " --stats-log-level --syslog-facility --track-renames-strategy --max-backlog --tpslimit --multi-thread-streams"
                    + " --multi-thread-cutoff --buffer-size --metadata-exclude --metadata-include --metadata-filter --files-from-raw")),
            // kubectl's per-command options (kubectl delete/apply/create --help; its globals are GLOBAL_VALUE_OPTIONS')
            Map.entry("kubectl", KUBECTL_VALUE_OPTIONS),
            Map.entry("oc", KUBECTL_VALUE_OPTIONS),
            Map.entry("k", KUBECTL_VALUE_OPTIONS),
            // helm install/upgrade/rollback --help (helm.sh/docs/helm): values, chart source and client options
            Map.entry("helm", Words.setOf("-f --values --set --set-string --set-file --set-json --set-literal --version"
                    + " --description --post-renderer --post-renderer-args --timeout --repo --username --password --ca-file"
                    + " --cert-file --key-file --keyring -o --output --history-max --labels --name-template")),
            // kmod's modprobe(8): -C/--config, -d/--dirname, -S/--set-version take a value
            Map.entry("modprobe", Words.setOf("-C --config -d --dirname -S --set-version")),
            // docker compose's global options and up's (docs.docker.com/reference/cli/docker/compose/)
            Map.entry("docker", Words.setOf("-f --file -p --project-name --profile --env-file --project-directory --ansi"
                    + " --parallel --progress -t --timeout --scale --exit-code-from --attach --no-attach --pull --wait-timeout")),
            // Perl rename(1): -e/-E take the expression
            Map.entry("rename", Words.setOf("-e -E")),
            Map.entry("prename", Words.setOf("-e -E")),
            Map.entry("file-rename", Words.setOf("-e -E")),
            Map.entry("perl-rename", Words.setOf("-e -E")));

    /**
     * True when one of the space-separated dry-run options is given ({@code anyFlag}) and none of
     * them, nor the common {@code --dry-run}/{@code --dryrun}, is undone anywhere on the line.
     */
    static boolean previews(Cmd c, String spellings) {
        return c.anyFlag(spellings) && !undone(c, spellings);
    }

    /**
     * True when a word undoes one of the space-separated dry-run options (or the common
     * {@code --dry-run}/{@code --dryrun}): its negation ({@code --no-dry-run}, {@code --no-simulate}),
     * the option given a false value ({@code --dry-run=false}, {@code -n=0}), or a word of
     * {@link #UNDO} for the tool.
     */
    static boolean undone(Cmd c, String spellings) {
        Set<String> toolUndo = UNDO.getOrDefault(c.getName(), Set.of());
        Set<String> options = Words.setOf((spellings + " --dry-run --dryrun").trim());
        Set<String> valueOptions = new HashSet<>(VALUE_OPTIONS.getOrDefault(c.getName(), Set.of()));
        valueOptions.addAll(Cmd.GLOBAL_VALUE_OPTIONS.getOrDefault(c.getName(), Set.of()));
        String prev = "";
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            int eq = a.indexOf('=');
            String name = eq > 0 ? a.substring(0, eq) : a;
            // a dry-run spelling that is the previous option's value previews nothing
            // (--namespace --dry-run=client too): read the line as a real run (fail closed),
            // whatever else it holds
            if (options.contains(name) && takesValue(prev, valueOptions)) {
                return true;
            }
            prev = a;
            if (toolUndo.contains(a) || Regex.matches(a, "(?i)--no-?dry-?run")) {
                return true;
            }
            if (eq > 0 && options.contains(name) && offValue(a.substring(eq + 1))) {
                return true;
            }
            if (a.startsWith("--no-") && options.contains("--" + a.substring(5))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code option} is one of {@code valueOptions}, or a short cluster whose first
     * value-taking letter ends it ({@link ShortOptions#takesNextWord}: {@code -fde}; in
     * {@code -fed} the -e takes "d" and the next word is an option again).
     */
    private static boolean takesValue(String option, Set<String> valueOptions) {
        if (valueOptions.contains(option)) {
            return true;
        }
        StringBuilder letters = new StringBuilder();
        for (String o : valueOptions) {
            if (o.length() == 2 && ShortOptions.isCluster(o)) {
                letters.append(o.charAt(1));
            }
        }
        return ShortOptions.takesNextWord(option, letters.toString());
    }
}
