package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;
import java.util.Map;

/**
 * The local file a cloud storage client copies to, for {@link WriteTargets}: {@code rclone copyto
 * remote:x ~/.bashrc}, {@code aws s3 cp s3://b/x DEST}, {@code gsutil cp gs://b/x DEST},
 * {@code gcloud storage cp …}, {@code azcopy copy URL DEST}. The destination is the last operand;
 * it is a local path when it names no remote (no {@code scheme://}, and for rclone no
 * {@code remote:} prefix).
 *
 * <p>WHY: these clients are scp for object stores: a file fetched over a start-up file or an
 * agent's settings is the same write as {@code scp host:x ~/.bashrc}, which WriteTargets reads.
 */
final class RemoteCopies {

    private RemoteCopies() {
    }

    /**
     * Per client: the words before the copy subcommand ({@code s3} for aws, {@code storage} for
     * gcloud), the subcommands that copy, and the options that take a value.
     */
    private record Client(List<String> prefix, String copies, String valueOptions) {
    }

    private static final Map<String, Client> CLIENTS = Map.of(
            "rclone", new Client(List.of(), "copy copyto move moveto sync copyurl bisync",
                    "--config --include --exclude --filter --include-from --exclude-from --filter-from --files-from --transfers"
                    + " --checkers --bwlimit --log-file --log-level --max-age --min-age --max-size --min-size --backup-dir --suffix"
                    + " --order-by --max-depth --max-transfer -c"),
            "aws", new Client(List.of("s3"), "cp mv sync",
                    "--profile --region --endpoint-url --exclude --include --acl --storage-class --sse --sse-kms-key-id --content-type"
                    + " --cache-control --expires --metadata --grants --output --query --ca-bundle --cli-read-timeout --cli-connect-timeout"),
            "gsutil", new Client(List.of(), "cp mv rsync", "-o -h -p -u -z -j -x -D -A"),
            "gcloud", new Client(List.of("storage"), "cp mv rsync", "--project --account --configuration --billing-project --format"),
            "azcopy", new Client(List.of(), "copy cp sync", "--include-pattern --exclude-pattern --log-level --from-to --cap-mbps"),
            // s3cmd get|sync s3://b/x DEST (cp and mv copy between buckets: their s3:// destination is remote)
            "s3cmd", new Client(List.of(), "get sync cp mv", "-c --config --exclude --include --rexclude --rinclude --exclude-from"
                    + " --include-from --storage-class --encoding --add-header --mime-type --access_key --secret_key --region"));

    /** The local destination {@code c} copies to, or empty (an upload, a listing, another subcommand). */
    static List<String> localDestination(Cmd c) {
        Client k = CLIENTS.get(c.getName());
        // (gsutil -n is no-clobber, which still writes a file that is not there yet)
        if (k == null || c.dryRunBy(c.getName().equals("gsutil") ? "--dry-run" : "--dryrun --dry-run -n")) {
            return List.of();
        }
        List<String> ops = c.positionals(k.valueOptions());
        int at = k.prefix().size();
        if (ops.size() < at + 3 || !ops.subList(0, at).equals(k.prefix()) || !List.of(Words.of(k.copies())).contains(ops.get(at))) {
            return List.of();
        }
        String dest = ops.get(ops.size() - 1);
        String plain = PathFacts.unquote(dest);
        boolean remote = Regex.matches(plain, "[A-Za-z][A-Za-z0-9+.-]*://.*")
                || c.getName().equals("rclone") && Regex.matches(plain, "[A-Za-z0-9_. -]{2,}:.*");
        return remote ? List.of() : List.of(dest);
    }
}
