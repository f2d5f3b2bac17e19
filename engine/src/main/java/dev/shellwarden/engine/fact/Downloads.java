package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * The local files a fetcher other than curl and wget writes, for {@link Cmd#fetchedFiles}: the
 * destination of {@code scp}, {@code rsync} and {@code sftp} from a remote source, the folder of a
 * clone ({@code git}, {@code gh}, {@code hg}, {@code svn}, {@code degit}), {@code aria2c}'s {@code -d DIR -o NAME},
 * the files {@code tftp} and {@code smbclient} get, and the Windows downloaders and copies from a
 * share ({@code certutil -urlcache}, {@code bitsadmin /transfer}, {@code esentutl}, {@code xcopy},
 * {@code Copy-Item \\srv\x}). The download-then-run rules follow these files to what runs them.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: a copy into a folder names both the
 * folder and the file the source's name makes there, since the later command may name either;
 * Windows paths come back with {@code /}.
 */
final class Downloads {

    private Downloads() {
    }

    /** A cmd.exe switch ({@code /y}, {@code /C}, {@code /o}): no operand of the Windows copy programs. */
    private static final java.util.regex.Pattern CMD_SWITCH = java.util.regex.Pattern.compile("/[A-Za-z?]{1,2}");

    /**
     * The file a Windows program that downloads or copies from a share writes, or null for other
     * programs: {@code esentutl /y SRC /d DEST}, {@code MpCmdRun -DownloadFile -url URL -path FILE},
     * {@code GfxDownloadWrapper URL FILE}, and the last operand of {@code expand}, {@code extrac32}
     * and {@code xcopy} reading a share (their cmd switches are no operands). Paths use {@code /}.
     */
    private static List<String> windowsFetchDestination(Cmd c) {
        String dest = null;
        if (c.nameIs("esentutl") && c.isCopiesFromShare()) {
            dest = c.valueOf("/d /D");
        } else if (c.nameIs("MpCmdRun") && c.argFind("^-DownloadFile$")) {
            dest = c.valueOf("-path -Path");
        } else if (c.nameIs("GfxDownloadWrapper") || c.nameIs("expand extrac32 xcopy") && c.isCopiesFromShare()) {
            List<String> ops = new ArrayList<>();
            for (String a : c.positionals("")) {
                if (!CMD_SWITCH.matcher(a).matches()) {
                    ops.add(a);
                }
            }
            dest = ops.size() < 2 ? "" : ops.get(ops.size() - 1);
        }
        if (dest == null) {
            return null;
        }
        String d = PathFacts.unquote(dest).replace('\\', '/');
        if (d.isEmpty()) {
            return List.of();
        }
        // into a folder (`xcopy \\srv\x.exe C:\Users\Public\`), the copy keeps the source's name
        String source = c.getArgs().stream().filter(Cmd::isSharePath).findFirst().orElse("");
        String base = source.substring(source.lastIndexOf('\\') + 1);
        return base.isEmpty() ? List.of(d) : List.of(d, d.replaceAll("/+$", "") + "/" + base);
    }

    /**
     * The local files a fetcher other than curl and wget writes: the destination of {@code scp} and
     * {@code rsync} from a remote source (the source's file name inside a destination folder),
     * the folder of a {@code git clone}, {@code aria2c}'s {@code -d DIR -o NAME}, the file of
     * {@code tftp -c get} and {@code smbclient -c 'get …'}.
     */
    static List<String> fetchedFiles(Cmd c) {
        // Windows downloaders (Git Bash or PowerShell): certutil -urlcache -f URL FILE, bitsadmin /transfer JOB URL FILE
        if (c.nameIs("certutil") && c.argFind("^[/-](urlcache|verifyctl)$") || c.nameIs("bitsadmin") && c.argFind("^/(transfer|addfile)$")) {
            List<String> p = c.positionals("");
            String last = p.isEmpty() ? "" : p.get(p.size() - 1);
            return last.isEmpty() || last.contains("://") || last.startsWith("/") && last.length() < 4 ? List.of() : List.of(last.replace('\\', '/'));
        }
        List<String> windows = windowsFetchDestination(c);
        if (windows != null) {
            return windows;
        }
        if (c.isCopiesFromShare()) {
            // `Copy-Item \\srv\tools\x.exe .`: into a folder, the copy keeps the source's name
            List<String> p = c.positionals("-Destination -Path -LiteralPath -Filter -Include -Exclude");
            String dest = c.valueOf("-Destination");
            if (dest.isEmpty() && p.size() > 1) {
                dest = p.get(p.size() - 1);
                p = p.subList(0, p.size() - 1);
            }
            String d = dest.replace('\\', '/');
            if (d.isEmpty()) {
                return List.of();
            }
            List<String> sources = new ArrayList<>(p);
            sources.add(c.valueOf("-Path"));
            List<String> out = new ArrayList<>();
            for (String src : sources) {
                if (Cmd.isSharePath(src)) {
                    String base = src.substring(src.lastIndexOf('\\') + 1);
                    out.add(d);
                    out.add(d.replaceAll("/+$", "") + "/" + base);
                }
            }
            return out;
        }
        switch (c.getName()) {
            case "scp", "rsync", "sftp" -> {
                List<String> p = c.positionals(c.getName().equals("rsync") ? Cmd.RSYNC_VALUES : Cmd.SCP_VALUES);
                if (p.size() < 2) {
                    return List.of();
                }
                String dest = p.get(p.size() - 1);
                List<String> out = new ArrayList<>();
                for (String src : p.subList(0, p.size() - 1)) {
                    if (!Regex.matches(src, "[^/ ]+:.*") || dest.contains(":")) {
                        continue;
                    }
                    String file = src.substring(src.indexOf(':') + 1).replaceAll("^:+", "");
                    String base = file.substring(file.lastIndexOf('/') + 1);
                    out.add(dest.endsWith("/") || dest.equals(".") || dest.equals("..") ? dest + "/" + base : dest);
                    out.add(dest + "/" + base);
                }
                return out;
            }
            case "git" -> {
                if (!c.git("clone")) {
                    return List.of();
                }
                List<String> p = c.positionals("-b --branch -o --origin --depth --reference --separate-git-dir -c --config --template -u --upload-pack --filter --jobs -j --shallow-since --shallow-exclude");
                int at = p.indexOf("clone");
                List<String> ops = at >= 0 ? p.subList(at + 1, p.size()) : p;
                if (ops.isEmpty()) {
                    return List.of();
                }
                // the clone's folder, below the one git's -C changes to (`git -C /tmp clone URL`)
                return List.of(PathFacts.below(ops.size() > 1 ? ops.get(1) : cloneFolder(ops.get(0)), c.gitChangedDirectory()));
            }
            // the other clients' clones: gh repo clone OWNER/REPO [DIR], hg clone URL [DIR],
            // svn checkout|co URL [DIR] (their options with a value come before the operands)
            case "gh", "hg", "svn" -> {
                List<String> p = c.positionals("-u --upstream-remote-name -r --rev -b --branch -e --ssh --remotecmd --depth"
                        + " --username --password --config-dir --config-option");
                int skip = c.getName().equals("gh") ? 2 : 1;
                boolean clone = c.getName().equals("gh") ? c.subAt(0, "repo") && c.subAt(1, "clone")
                        : c.getName().equals("hg") ? c.subAt(0, "clone") : c.subAt(0, "checkout co");
                if (!clone || p.size() <= skip) {
                    return List.of();
                }
                return List.of(p.size() > skip + 1 ? p.get(skip + 1) : cloneFolder(p.get(skip)));
            }
            // degit and tiged copy a repository's files without its history (`npx degit user/repo app`):
            // a clone into the named folder, with none into the working directory: "." as `git clone URL .`
            case "degit", "tiged" -> {
                List<String> p = c.positionals("");
                return p.isEmpty() ? List.of() : List.of(p.size() > 1 ? p.get(1) : ".");
            }
            case "aria2c" -> {
                String dir = c.valueOf("-d --dir");
                String out = c.valueOf("-o --out");
                if (out.isEmpty()) {
                    return List.of();
                }
                return List.of(dir.isEmpty() ? out : dir + "/" + out);
            }
            case "tftp", "smbclient" -> {
                String script = c.valueOf("-c --command");
                int at = c.getArgs().indexOf("-c");
                if (c.getName().equals("tftp") && at >= 0) {
                    // tftp HOST -c get FILE [LOCAL]: the command is every word after -c
                    script = String.join(" ", c.getArgs().subList(at + 1, c.getArgs().size()));
                }
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bget\\s+(\\S+)(?:\\s+(\\S+))?").matcher(script);
                List<String> out = new ArrayList<>();
                while (m.find()) {
                    out.add(m.group(2) != null ? m.group(2) : m.group(1).substring(m.group(1).lastIndexOf('/') + 1));
                }
                return out;
            }
            default -> {
                return List.of();
            }
        }
    }

    /** The folder a clone of {@code url} lands in when none is named: the last path part, without {@code .git}. */
    private static String cloneFolder(String url) {
        String u = url.replaceAll("/+$", "");
        return u.substring(Math.max(u.lastIndexOf('/'), u.lastIndexOf(':')) + 1).replaceAll("\\.git$", "");
    }
}
