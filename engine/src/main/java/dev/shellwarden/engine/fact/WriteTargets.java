package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ShortOptions;
import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The paths a command writes, truncates or replaces, read per tool from its own option table, for
 * {@link Cmd#getWriteTargets}: writing redirections, paths inline code writes, then each tool's
 * destinations ({@code tee}, {@code cp}/{@code mv}/{@code ln}/{@code rsync}, {@code dd of=},
 * {@code sed -i}, {@code curl -o}, {@code wget -O}, archivers, the output, log and trace files of
 * the one per-program table {@link #OUTPUT_OPTIONS} (compilers' {@code -o}, {@code curl -D}), editors,
 * {@code chmod}/{@code chown}, PowerShell's writing cmdlets, {@link Formatters}).
 *
 * <p>Its own pass over one segment's words: it reads the {@link Cmd} it is given and nothing else
 * (WHY a class of its own: the per-tool switch and the option tables only it reads made up a tenth
 * of Cmd). INVARIANT: where a tool's reading is uncertain it names more paths, never fewer (an
 * unknown option's value counts as an operand), since every rule that protects a file reads this
 * list; the globs among the results are matched against protected files by Cmd afterwards.
 */
final class WriteTargets {

    private WriteTargets() {
    }

    /**
     * The editors' options that take a value (vim's -c/--cmd commands, -S session, -u/-U/-i init
     * and viminfo files, -T terminal, -w/-W key scripts, -t tag, -q error file, --listen): what is
     * left are the files the editor opens. -s, -p and -r are flags to ed, ex or vim's tab and
     * recovery modes: left out, a value they take counts as a file opened, which only reads more.
     */
    private static final String EDITOR_VALUES = "-c --cmd -S -u -U -i -T -w -W -t -q --listen --servername";

    /** emacs's options that take a value: what is left are the files it visits. */
    private static final String EMACS_VALUES = "--eval -eval -l --load -f --funcall --insert -L --directory --script -x -d --display -t --terminal";

    /** awk's options that take a value: what is left is the program (unless -f/-E give it) and the input files. */
    private static final String AWK_VALUES = "-F -v -f -i -l -E --field-separator --assign --file --include --load --exec";

    /** The paths {@code c} writes, in the order found, duplicates kept (the caller adds glob matches and freezes the list). */
    static List<String> of(Cmd c) {
        List<String> out = new ArrayList<>(c.getRedirectWrites());
        out.addAll(InlineCode.payloadWriteTargets(c));
        out.addAll(outputOptionValues(c));
        out.addAll(outputFiles(c));
        out.addAll(Formatters.targets(c));
        List<String> p;
        if (Cmd.COMPRESSORS.contains(c.getName())) {
            // a decompressor writes each FILE.gz back as FILE (`gunzip i.sh.gz && sh i.sh`)
            boolean decompresses = c.named("gunzip bunzip2 unxz unlzma unzstd uncompress") || c.anyFlag("-d --decompress --uncompress");
            if (decompresses && !c.anyFlag("-c --stdout --to-stdout -l --list -t --test")) {
                for (String f : c.positionals(Cmd.COMPRESSOR_VALUES + " --output")) {
                    String plain = Regex.pattern("(?i)\\.(gz|z|bz2|xz|lzma|lz|zst|lz4|br)$").matcher(f).replaceFirst("");
                    out.add(plain.equals(f) && f.toLowerCase(java.util.Locale.ROOT).endsWith(".tgz")
                            ? f.substring(0, f.length() - 4) + ".tar" : plain);
                }
            }
        }
        out.addAll(traceFiles(c));
        if (Regex.matches(c.getName(), "python[0-9.]*|py")) {
            out.addAll(pythonArchiveFolder(c));
        }
        if (c.nameIs("csc vbc")) {
            // the .NET Framework compilers write /out:FILE, else the first source's name as .exe or
            // .dll: a downloaded source compiled then run meets SW4004 through SW4108
            out.addAll(dotNetCompilerOutput(c));
        }
        switch (c.getName()) {
            case "tee", "touch", "mkdir", "truncate" -> out.addAll(c.positionals("-s --size -m --mode -r -d -t"));
            // tools whose output file is an operand or an option's value
            case "sponge", "mkfifo", "mknod", "script" -> {
                List<String> ops = c.positionals("-m --mode -Z -c --command -t --timing -T -I -O -B --log-in --log-out --log-io -E");
                out.addAll(c.getName().equals("mknod") && ops.size() > 1 ? ops.subList(0, 1) : ops.isEmpty() ? ops : ops.subList(0, 1));
            }
            case "uniq" -> {
                List<String> ops = c.positionals("-f -s -w --skip-fields --skip-chars --check-chars");
                if (ops.size() > 1) {
                    out.add(ops.get(1));
                }
            }
            // objcopy IN [OUT] writes OUT, else rewrites IN in place
            case "objcopy", "llvm-objcopy", "gobjcopy" -> {
                List<String> ops = c.positionals(OBJCOPY_VALUES);
                if (!ops.isEmpty()) {
                    out.add(ops.get(ops.size() > 1 ? 1 : 0));
                }
            }
            // ImageMagick writes its last word (`convert in.png out.png`), and every -write FILE on the way
            // (mogrify rewrites each input file in place); Debian names ImageMagick 6 convert-im6.q16, and
            // GraphicsMagick takes the verb as its first word (`gm convert in.png out.png`)
            case "magick", "convert", "mogrify", "convert-im6.q16", "convert-im6", "mogrify-im6.q16", "mogrify-im6", "gm" -> {
                List<String> words = c.getArgs();
                if (c.getName().startsWith("mogrify")) {
                    out.addAll(c.positionals(""));
                } else if (!words.isEmpty() && !words.get(words.size() - 1).startsWith("-") && !words.get(0).equals("identify")) {
                    // (`magick identify F` only describes F)
                    out.add(words.get(words.size() - 1));
                }
            }
            case "ffmpeg", "avconv" -> out.addAll(ffmpegOutputs(c.getArgs()));
            // xxd [-r] IN OUT writes OUT (the dump, or with -r the bytes it stands for)
            case "xxd" -> {
                List<String> ops = c.positionals("-c -g -l -o -s -n -cols -groupsize -len -offset -seek -name");
                if (ops.size() > 1 && !ops.get(1).equals("-")) {
                    out.add(ops.get(1));
                }
            }
            case "cmake" -> out.addAll(cmakeToolTargets(c));
            case "fallocate" -> {
                if (c.anyFlag("-p --punch-hole -z --zero-range -c --collapse-range -i --insert-range -d --dig-holes")) {
                    out.addAll(c.positionals("-o --offset -l --length"));
                }
            }
            case "go" -> {
                String o = goOutput(c.getArgs());
                if (!o.isEmpty()) {
                    out.add(o);
                }
            }
            // screenshots: the picture file is the last operand (or -f/-out/-o), its content a secret read (SW4104)
            case "screencapture", "scrot", "grim", "maim", "import" -> {
                List<String> ops = c.positionals(SCREENSHOT_VALUES.get(c.getName()));
                if (!ops.isEmpty() && !ops.get(ops.size() - 1).equals("-") && (!c.getName().equals("import") || c.anyArg("root"))) {
                    out.add(ops.get(ops.size() - 1));
                }
            }
            case "aria2c" -> {
                // aria2c saves below -d DIR (default: here) as -o NAME, or the URL's last path element
                String dir = c.valueOf("-d --dir");
                String o = c.valueOf("-o --out");
                if (!dir.isEmpty()) {
                    out.add(PathFacts.asFolder(dir));
                }
                for (String f : !o.isEmpty() ? List.of(o) : urlFileNames(c.getArgs())) {
                    out.add(PathFacts.below(f, dir));
                }
            }
            case "unix2dos", "dos2unix", "unix2mac", "mac2unix" -> {
                // converted in place, or -n IN OUT (pairs) into a new file
                boolean newFile = false;
                List<String> pair = new ArrayList<>();
                for (String a : c.getArgs()) {
                    if (a.equals("-n") || a.equals("--newfile")) {
                        newFile = true;
                    } else if (a.equals("-o") || a.equals("--oldfile")) {
                        newFile = false;
                    } else if (!a.startsWith("-")) {
                        if (!newFile) {
                            out.add(a);
                        } else if (pair.size() == 1) {
                            out.add(a);
                            pair.clear();
                        } else {
                            pair.add(a);
                        }
                    }
                }
            }
            // dot commands and statements given as arguments write files: .output F, COPY … TO 'F'
            case "sqlite3", "duckdb" -> out.addAll(SqlFiles.writes(c));
            case "rename", "prename", "file-rename", "perl-rename" -> {
                // rename EXPR FILE… (Perl) or rename FROM TO FILE… (util-linux): every FILE is renamed,
                // and an expression can give them all one name; -n/--no-act only shows what it would do
                if (!c.dryRunBy("-n --no-act --dry-run")) {
                    p = c.positionals("-e -E -S --suffix");
                    out.addAll(p.subList(Math.min(1, p.size()), p.size()));
                }
            }
            case "update-alternatives", "alternatives" -> {
                // --install LINK NAME PATH PRIO writes LINK and the NAME link; --set/--remove-all NAME rewrites it
                int i = c.getArgs().indexOf("--install");
                if (i >= 0 && i + 2 < c.getArgs().size()) {
                    out.add(c.getArgs().get(i + 1));
                    out.add("/etc/alternatives/" + c.getArgs().get(i + 2));
                }
                String named = c.valueOf("--set --remove-all --auto --remove");
                if (!named.isEmpty()) {
                    out.add("/etc/alternatives/" + named);
                }
            }
            case "history" -> {
                // history -w FILE / -a FILE write the shell's history into FILE
                if (c.anyFlag("-w -a")) {
                    out.addAll(c.positionals(""));
                }
                // without FILE, -w replaces $HISTFILE with the session's list (`history -c; history -w` empties it)
                if (c.anyFlag("-w") && c.positionals("").isEmpty()) {
                    out.add("~/.bash_history");
                }
            }
            case "lwp-download" -> {
                // lwp-download URL [LOCAL]: LOCAL is a file, or a folder it saves the URL's name into
                p = c.positionals("");
                if (p.size() >= 2) {
                    out.add(p.get(1));
                    out.addAll(Cmd.intoDirectory(p.get(1), urlFileNames(p.subList(0, 1)), false));
                }
            }
            case "ssh-keygen" -> {
                // over an existing key it asks "Overwrite (y/n)?": only an answer fed on standard input
                // (`echo y | ssh-keygen -f KEY`) replaces it; -p re-keys it under a new passphrase
                // (see #sshKeygenReplaces). A key file in an ssh folder (`-f ~/.ssh/id_ed25519`, the
                // user's own identities) counts as written whatever feeds it: a new key there is a
                // write outside the project, and the prompt reads whatever standard input the
                // agent's client gives (a `y` queued there is not in the text)
                String f = c.valueOf("-f");
                if (!f.isEmpty() && !sshKeygenHas(c, "lyFRHeiBLQk") && (sshKeygenReplaces(c) || SSH_FOLDER_FILE.matcher(f).find())) {
                    out.add(f);
                }
                // -R HOST removes the host's keys from known_hosts (-f FILE): the next connection
                // trusts whatever key the host then shows
                if (c.anyFlag("-R")) {
                    out.add(f.isEmpty() ? "~/.ssh/known_hosts" : f);
                }
            }
            case "docker", "podman", "kubectl" -> {
                // `docker cp CONTAINER:SRC DEST` and `kubectl cp POD:SRC DEST` write DEST on this machine
                List<String> ops = c.positionals("-n --namespace -c --container --context --kubeconfig");
                if (ops.size() >= 3 && ops.get(0).equals("cp") && ops.get(1).contains(":") && !ops.get(ops.size() - 1).contains(":")) {
                    out.add(ops.get(ops.size() - 1));
                }
            }
            case "cp", "ln", "install", "rsync", "scp" -> {
                // (an -n that is another option's value, `rsync -T -n`, previews nothing: DryRuns.undone)
                if (c.getName().equals("rsync") && (c.anyFlag("-n") || c.anyFlagOrAbbreviation("--dry-run --list-only"))
                        && !DryRuns.undone(c, "-n --dry-run --list-only")) {
                    break; // rsync -n / --dry-run / --list-only only reports what it would transfer
                }
                String t = c.valueOf("-t --target-directory");
                // each program's own options with a value (`cp -f` is force, rsync's -f a filter)
                p = c.positionals(switch (c.getName()) {
                    case "rsync" -> Cmd.RSYNC_VALUES;
                    case "scp" -> Cmd.SCP_VALUES;
                    case "install" -> "-t --target-directory -S --suffix -m --mode -o --owner -g --group";
                    default -> "-t --target-directory -S --suffix";
                });
                String dest = !t.isEmpty() ? t : p.size() >= 2 ? p.get(p.size() - 1) : "";
                if (!dest.isEmpty()) {
                    out.add(dest);
                    List<String> sources = !t.isEmpty() ? p : p.subList(0, p.size() - 1);
                    out.addAll(Cmd.intoDirectory(dest, sources, !t.isEmpty()));
                }
            }
            case "mv" -> {
                // mv writes (and takes away) every source, and writes its destination
                Cmd.Transfer tr = c.transfer();
                out.addAll(tr.sources());
                if (tr.destination() != null) {
                    out.add(tr.destination());
                    out.addAll(Cmd.intoDirectory(tr.destination(), tr.sources(), tr.byOption()));
                }
            }
            case "tar", "bsdtar", "gtar" -> {
                TarCommandLine tar = c.tar();
                if (tar.extracts()) {
                    // extraction writes below every -C folder, and where the command runs when a
                    // member comes before any -C or there is none (`cd ~ && tar xf x.tar`)
                    for (String dir : tar.dirs()) {
                        out.add(PathFacts.asFolder(dir));
                    }
                    if (tar.dirs().isEmpty() || tar.members().stream().anyMatch(m -> m.dir().isEmpty())) {
                        out.add("./");
                    }
                    if (c.argMatches("-[a-zA-Z]*P[a-zA-Z]*|--absolute-names")) {
                        out.add("/"); // members keep their absolute paths: anywhere on the machine
                    }
                    // members named on the command line land at their own paths below their -C folder
                    out.addAll(tar.memberPaths());
                    // --transform/--xform renames the members as they land: the new names are written
                    out.addAll(tarTransformedPaths(c, tar.dirs(), tar.memberPaths()));
                    // --wildcards member patterns match any member they fit, at any depth
                    if (c.anyFlagOrAbbreviation("--wildcards") || c.getName().equals("bsdtar")) {
                        for (String m : tar.memberPaths()) {
                            out.addAll(PathFacts.archivePatternMatches(m));
                        }
                    }
                }
                // creating, appending to or updating an archive writes the archive file
                out.addAll(tar.written());
            }
            case "zip" -> {
                // zip ARCHIVE FILES…: the first operand is the archive (written), -O names another output
                List<String> z = c.positionals("-b --temp-path -n --suffixes -t --from-date -tt --before-date -x --exclude -i --include"
                        + " -P --password -Z --compression-method -O --output-file -s --split-size -sp -la --logfile-path -TT --unzip-command");
                if (!z.isEmpty() && !z.get(0).equals("-")) {
                    out.add(z.get(0));
                }
                String o = c.valueOf("-O --output-file --out");
                if (!o.isEmpty()) {
                    out.add(o);
                }
            }
            case "cpio" -> {
                // copy-pass (-p DIR) writes below DIR; copy-in (-i) keeps the members' absolute
                // names unless told not to, so it may write anywhere on the machine
                boolean pass = c.argMatches("-[a-zA-Z]*p[a-zA-Z]*|--pass-through");
                boolean in = c.argMatches("-[a-zA-Z]*i[a-zA-Z]*|--extract");
                String dir = c.valueOf("-D --directory");
                if (pass) {
                    List<String> dest = c.positionals("-D --directory -E --pattern-file -F --file -H --format -I -O -R --owner"
                            + " --block-size -C --io-size -M --message --rsh-command");
                    out.addAll(dest.isEmpty() ? List.of() : List.of(dest.get(dest.size() - 1) + "/"));
                } else if (in && !c.argMatches("-[a-zA-Z]*t[a-zA-Z]*|--list")) {
                    if (!c.anyFlag("--no-absolute-filenames")) {
                        out.add("/");
                    } else if (!dir.isEmpty()) {
                        out.add(PathFacts.asFolder(dir));
                    }
                }
            }
            case "7z", "7za", "7zz", "7zr" -> {
                // 7z x|e ARCHIVE [-oDIR] [MEMBERS…]: extraction writes below -o (attached), or where it runs
                List<String> sz = c.positionals("");
                if (!sz.isEmpty() && (sz.get(0).equals("x") || sz.get(0).equals("e"))) {
                    String o = "";
                    for (String a : c.getArgs()) {
                        if (a.startsWith("-o") && a.length() > 2) {
                            o = a.substring(2);
                        }
                    }
                    out.add(o.isEmpty() ? "./" : PathFacts.asFolder(o));
                }
            }
            case "pax" -> {
                // pax -r (read) and -rw (copy) restore members under their own names, absolute ones
                // and those a -s substitution rewrites too: anywhere on the machine; -w only writes the archive
                boolean read = c.argMatches("-[a-zA-Z]*r[a-zA-Z]*");
                boolean write = c.argMatches("-[a-zA-Z]*w[a-zA-Z]*");
                if (read && write) {
                    List<String> dest = c.positionals("-f -s -b -o -p -x -B -G -T -U");
                    out.add(dest.isEmpty() ? "./" : PathFacts.asFolder(dest.get(dest.size() - 1)));
                } else if (read) {
                    out.add("/");
                    // a -s rewrite names where members land (`-s ',x.json,.claude/settings.json,'`)
                    out.addAll(tarTransformedPaths(c, List.of(), List.of()));
                } else if (write && !c.valueOf("-f").isEmpty()) {
                    out.add(c.valueOf("-f"));
                }
            }
            case "dpkg-deb" -> {
                // dpkg-deb -x|--extract|-X|--vextract|-R|--raw-extract DEB DIR: the package's files below DIR
                List<String> d = c.positionals("");
                if (c.anyFlag("-x --extract -X --vextract -R --raw-extract") && d.size() >= 2) {
                    out.add(PathFacts.asFolder(d.get(d.size() - 1)));
                }
            }
            case "unzip" -> {
                // -d also at the end of a cluster (`unzip -od DIR`)
                String dir = c.valueOf("-d").isEmpty() ? c.clusterValue('d') : c.valueOf("-d");
                if (!unzipOnlyReads(c)) {
                    out.add(dir.isEmpty() ? "./" : PathFacts.asFolder(dir));
                    // members named after the archive land at their own paths below it (up to -x, the excluded ones)
                    List<String> named = c.positionals("-d -P -x");
                    for (int i = 1; i < named.size(); i++) {
                        String m = PathFacts.unquote(named.get(i));
                        out.add(dir.isEmpty() || m.startsWith("/") ? m : PathFacts.asFolder(dir) + m);
                        // unzip's member names are wildcards (`'*mcp.json'`, `'.vscode/*'`)
                        for (String hit : PathFacts.archivePatternMatches(m)) {
                            out.add(dir.isEmpty() ? hit : PathFacts.asFolder(dir) + hit);
                        }
                    }
                }
            }
            case "git" -> {
                // git clone URL DIR writes DIR
                List<String> g = c.positionals("-C -c --git-dir --work-tree -b --branch -o --origin --depth --reference "
                        + "--separate-git-dir --template -u --upload-pack --config --filter --shallow-since --shallow-exclude -j --jobs");
                if (g.size() == 3 && g.get(0).equals("clone")) {
                    out.add(PathFacts.below(g.get(2), c.gitChangedDirectory()));
                }
                // git worktree add PATH checks the branch out into PATH; a plain sibling of the
                // project (`../wt-feature`) is the usual place and stays quiet, a dot-folder or
                // anything higher or anchored (`~/.config/nvim`, `../../x`) is a write there
                List<String> w = c.positionals("-C -c --git-dir --work-tree -b -B --reason");
                if (w.size() > 2 && w.get(0).equals("worktree") && w.get(1).equals("add")
                        && !Regex.matches(PathFacts.unquote(w.get(2)), "\\.\\./[A-Za-z0-9_][A-Za-z0-9_.@+-]*/?")) {
                    out.add(PathFacts.below(w.get(2), c.gitChangedDirectory()));
                }
                // git checkout-index --prefix=STRING writes each file it checks out at STRING + its
                // path: a string, not a folder, so the folder written is the prefix up to its last
                // slash (`--prefix=/home/dev/` writes the tracked .bashrc there, `--prefix=../../x-` two levels up)
                if (!g.isEmpty() && g.get(0).equals("checkout-index")) {
                    for (String prefix : c.valuesOf("--prefix")) {
                        String pre = PathFacts.unquote(prefix);
                        String folder = pre.contains("/") ? pre.substring(0, pre.lastIndexOf('/') + 1) : ".";
                        out.add(PathFacts.below(folder, c.gitChangedDirectory()));
                    }
                }
                // git submodule add URL [PATH] checks the repository out into PATH (else the URL's last name)
                List<String> sm = c.positionals(Cmd.GIT_GLOBAL_VALUE_OPTIONS + " -b --branch --name --reference --depth");
                if (sm.size() >= 3 && sm.get(0).equals("submodule") && sm.get(1).equals("add")) {
                    String url = sm.get(2).replaceAll("/+$", "");
                    String path = sm.size() >= 4 ? sm.get(3) : url.substring(url.lastIndexOf('/') + 1).replaceAll("\\.git$", "");
                    out.add(PathFacts.below(path, c.gitChangedDirectory()));
                }
                // git mv SRC… DEST moves as mv does: every source is taken away, the destination written
                if (g.size() >= 3 && g.get(0).equals("mv") && !c.dryRunBy("-n --dry-run")) {
                    List<String> sources = g.subList(1, g.size() - 1);
                    String dest = PathFacts.below(g.get(g.size() - 1), c.gitChangedDirectory());
                    for (String s : sources) {
                        out.add(PathFacts.below(s, c.gitChangedDirectory()));
                    }
                    out.add(dest);
                    out.addAll(Cmd.intoDirectory(dest, sources, false));
                }
                if (!g.isEmpty() && (g.get(0).equals("apply") || g.get(0).equals("am"))) {
                    out.addAll(gitPatchTargets(c, g.get(0).equals("apply")));
                }
                // git config -f FILE writes any file in git's config syntax (`git config -f ~/.bashrc x.y z`)
                String configFile = c.valueOf("-f --file");
                if (!g.isEmpty() && g.get(0).equals("config") && !configFile.isEmpty() && !configFile.equals("-")
                        && !c.anyFlagOrAbbreviation("--get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool --list")
                        && !c.anyFlag("-l") && !(g.size() > 1 && Regex.matches(g.get(1), "get|list"))) {
                    out.add(configFile);
                }
                out.addAll(gitOutputFiles(c));
                // git archive -o FILE (--output is read by gitOutputFiles) and git bundle create FILE
                if (!g.isEmpty() && g.get(0).equals("archive")) {
                    c.valuesOf("-o").forEach(f -> out.add(PathFacts.below(f, c.gitChangedDirectory())));
                }
                if (g.size() >= 3 && g.get(0).equals("bundle") && g.get(1).equals("create") && !g.get(2).equals("-")) {
                    out.add(PathFacts.below(g.get(2), c.gitChangedDirectory()));
                }
                if (!g.isEmpty() && (g.get(0).equals("checkout") || g.get(0).equals("restore"))) {
                    out.addAll(gitCheckedOutPaths(c, g.get(0).equals("restore")));
                }
            }
            case "patch" -> out.addAll(patchTargets(c));
            case "yq", "sd", "crudini", "dasel", "json", "xmlstarlet", "xml" -> out.addAll(inPlaceEditorFiles(c));
            case "rclone", "aws", "gsutil", "gcloud", "azcopy", "s3cmd" -> out.addAll(RemoteCopies.localDestination(c));
            case "stow", "xstow", "chezmoi", "yadm" -> out.addAll(DotfileManagers.targetFolders(c));
            case "find" -> {
                // -fprint FILE, -fprint0 FILE, -fls FILE, -fprintf FILE FORMAT write the file list
                out.addAll(c.valuesAfter(FIND_OUTPUT_ACTIONS));
            }
            case "dd" -> {
                for (String a : c.getArgs()) {
                    if (a.startsWith("of=")) {
                        out.add(a.substring(3));
                    }
                }
            }
            case "split", "csplit" -> {
                // the output files are PREFIXaa, PREFIXab…: below the prefix's directory
                List<String> ops = c.positionals("-a -b -C -l -n -t --additional-suffix --suffix-length --bytes --line-bytes"
                        + " --lines --number --separator -f --prefix --suffix-format");
                String prefix = c.getName().equals("csplit") ? c.valueOf("-f --prefix") : ops.size() >= 2 ? ops.get(1) : "";
                if (!prefix.isEmpty()) {
                    out.add(prefix);
                }
            }
            // macOS property lists: PlistBuddy -c 'Set …' FILE edits FILE (only Print and Help
            // commands read); plutil -replace/-insert/-remove/-convert/-create KEY… FILE rewrites
            // its last operand (or -o OUT); defaults write|delete|import /abs/path/DOMAIN writes DOMAIN.plist
            case "PlistBuddy" -> {
                p = c.positionals("-c");
                List<String> cmds = c.valuesAfter(Set.of("-c"));
                if (!p.isEmpty() && (cmds.isEmpty() || cmds.stream().anyMatch(line -> !Regex.find(line, "^\\s*(?i:print|help)\\b")))) {
                    out.add(p.get(p.size() - 1));
                }
            }
            case "plutil" -> {
                if (c.argMatches("-(replace|insert|remove|convert|create|extract)")) {
                    p = c.positionals("-o -s -r -e -replace -insert -remove -convert -extract -json -xml -integer -float -bool -date -data -string -dictionary -array -append");
                    if (!c.valueOf("-o").isEmpty()) {
                        out.add(c.valueOf("-o"));
                    } else if (!p.isEmpty()) {
                        out.add(p.get(p.size() - 1));
                    }
                }
            }
            case "defaults" -> {
                p = c.positionals("-host");
                if (p.size() > 1 && Set.of("write", "delete", "import", "rename").contains(p.get(0)) && p.get(1).contains("/")) {
                    out.add(p.get(1).endsWith(".plist") ? p.get(1) : p.get(1) + ".plist");
                }
            }
            // editors write the files they open: in batch mode (`ex -sc '%s/a/b/|x' F`, `vim -es -c wq F`,
            // `ed -s F <<< …`) the commands given decide, and they are not read here
            // (emacs --batch F --eval …, nvi and red too); `+CMD` words are commands, and vim's -w/-W
            // record the keystrokes into a file
            case "ed", "red", "ex", "vi", "nvi", "vim", "nvim", "gvim", "view", "vimdiff", "nano", "pico", "micro", "kak", "hx", "helix",
                    "emacs", "emacs-nox" -> {
                // `view FILE` is vim's read-only mode: it writes only when commands are given (-c, +CMD,
                // a script, Ex mode, recorded keys), so without them it is the editor SW7007 reads, not a writer
                boolean readOnly = c.nameIs("view") && !c.anyFlag("-c --cmd -s -S -e -E -es -Es -w -W") && !c.argMatches("\\+.*[^0-9].*");
                if (!readOnly) {
                    out.addAll(c.positionals(c.getName().startsWith("emacs") ? EMACS_VALUES : EDITOR_VALUES).stream().filter(f -> !f.startsWith("+")).toList());
                    String keys = c.valueOf("-w -W");
                    if (!keys.isEmpty() && !c.getName().startsWith("emacs")) {
                        out.add(keys);
                    }
                }
            }
            // gawk's in-place extension rewrites every input file (`awk -i inplace '!/x/' F`)
            case "awk", "gawk" -> {
                if (c.argMatches("-i\\s*inplace(\\.awk)?|--include=inplace(\\.awk)?") || c.valuesAfter(Set.of("-i", "--include")).stream()
                        .anyMatch(v -> Regex.matches(v, "inplace(\\.awk)?"))) {
                    List<String> files = c.positionals(AWK_VALUES);
                    boolean programByFile = c.anyFlag("-f --file -E --exec");
                    // `var=value` operands are assignments, not files
                    out.addAll((programByFile ? files : files.subList(Math.min(1, files.size()), files.size())).stream()
                            .filter(f -> !Regex.matches(f, "[A-Za-z_][A-Za-z0-9_]*=.*")).toList());
                }
            }
            case "sed", "perl" -> {
                if (c.getName().equals("sed")) {
                    out.addAll(dev.shellwarden.grammar.SedScript.writeFiles(dev.shellwarden.grammar.SedScript.scripts(c.getArgs())));
                }
                // perl's -0 takes its octal digits in the cluster (`-0pi`, `-0777pi`: slurp mode, then edit in place)
                if (c.argMatches("-i.*|--in-place.*|-[a-hj-zA-Z]*i[a-zA-Z]*")
                        || c.getName().equals("perl") && c.argMatches("-[a-hj-zA-Z]*0[0-7]*[a-hj-zA-Z]*i.*")) {
                    // sed's -E is a flag (extended regexps); perl's -E takes code like -e
                    p = c.positionals(c.getName().equals("sed") ? "-e -f --expression --file -l --line-length" : "-e -E -f -l");
                    boolean scriptGiven = c.anyFlag("-e -f --expression --file") || c.getName().equals("perl") && c.anyFlag("-e -E");
                    out.addAll(scriptGiven ? p : p.subList(Math.min(1, p.size()), p.size()));
                }
            }
            case "ruby" -> {
                // ruby -i[EXT] (alone or in a cluster: -pi, -ni.bak) edits its input files in place;
                // only lower-case letters before it, so -Ilib (a load path) is not read as -i
                if (c.argMatches("-[a-hj-z]*i.*")) {
                    p = c.positionals("-e -r -I -C -E --encoding -x");
                    out.addAll(c.anyFlag("-e") ? p : p.subList(Math.min(1, p.size()), p.size()));
                }
            }
            case "curl" -> {
                String o = c.valueOf("-o --output");
                if (o.isEmpty()) {
                    o = curlClusterOutput(c);
                }
                // --output-dir DIR holds the files of -o and -O (an anchored -o stays where it names)
                String dir = c.valueOf("--output-dir");
                if (!o.isEmpty()) {
                    out.add(o.equals("-") ? o : PathFacts.below(o, dir));
                }
                // -w '%output{FILE}…' (curl 8.3) sends the rest of the write-out text to FILE ({>>FILE} appends)
                for (String w : c.valuesOf("-w --write-out")) {
                    java.util.regex.Matcher m = WRITE_OUT_FILE.matcher(w);
                    while (m.find()) {
                        out.add(m.group(1));
                    }
                }
                if (c.savesUnderRemoteName()) {
                    // -O saves under the URL's last path element
                    for (String f : urlFileNames(c.positionals(CURL_WITH_VALUE_FLAGS))) {
                        out.add(PathFacts.below(f, dir));
                    }
                }
            }
            case "Invoke-WebRequest", "Invoke-RestMethod", "Start-BitsTransfer" -> {
                // PowerShell: -OutFile (any unambiguous prefix), Start-BitsTransfer -Destination
                boolean named = false;
                for (int i = 0; i + 1 < c.getArgs().size(); i++) {
                    String a = c.getArgs().get(i).toLowerCase(java.util.Locale.ROOT);
                    if (a.startsWith("-outf") || a.startsWith("-dest")) {
                        out.add(PathFacts.fromWindows(c.getArgs().get(i + 1)));
                        named = true;
                    }
                }
                if (!named && c.getName().equals("Start-BitsTransfer")) {
                    // Start-BitsTransfer SOURCE DESTINATION (positions 0 and 1; -Source takes position 0)
                    p = bitsPositionals(c);
                    int at = c.argFind("(?i)^-so") ? 0 : 1;
                    if (p.size() > at) {
                        out.add(PathFacts.fromWindows(p.get(at)));
                    }
                }
            }
            case "New-Object" -> out.addAll(PsItemPaths.newObjectWriteTargets(c));
            case "Set-Content", "Add-Content", "Clear-Content", "Out-File", "New-Item", "Copy-Item", "Move-Item", "Tee-Object",
                 "Expand-Archive", "Compress-Archive", "Export-Csv", "Export-Clixml", "Export-Alias", "Export-Certificate",
                 "Export-PfxCertificate", "Export-FormatData", "Rename-Item" -> {
                // a move or rename also writes (takes away) its source, as mv does
                out.addAll(c.getName().equals("Rename-Item") ? List.of() : c.psWriteTargets());
                out.addAll(PsItemPaths.psMovedSources(c));
            }
            case "certutil" -> {
                // certutil -decode IN OUT (and -encode, -decodehex): the last word is the file written
                p = c.positionals("");
                if (c.argFind("(?i)^[/-](decode|decodehex|encode|encodehex)$") && p.size() >= 2) {
                    out.add(p.get(p.size() - 1).replace('\\', '/'));
                }
            }
            case "wget" -> {
                String o = c.valueOf("-O --output-document");
                if (o.isEmpty()) {
                    o = wgetClusterValue(c, 'O');
                }
                if (!o.isEmpty() && !o.equals("-")) {
                    out.add(o);
                } else if (o.isEmpty()) {
                    // Without -O wget saves under the URL's last path element, below -P DIR when given.
                    String dir = c.valueOf("-P --directory-prefix");
                    if (dir.isEmpty()) {
                        dir = wgetClusterValue(c, 'P');
                    }
                    if (!dir.isEmpty()) {
                        out.add(PathFacts.asFolder(dir));
                    }
                    List<String> urls = c.positionals("-P --directory-prefix -o -a -t -T -U --user-agent --header");
                    List<String> names = new ArrayList<>(urlFileNames(urls));
                    if (urls.stream().anyMatch(u -> Regex.matches(PathFacts.unquote(u), "[a-z]+://[^/?#]+(/([^?#]*/)?)?([?#].*)?"))) {
                        names.add("index.html"); // a folder's URL (`wget https://x.io/`) is saved as index.html
                    }
                    for (String f : names) {
                        out.add(dir.isEmpty() ? f : PathFacts.asFolder(dir) + f);
                    }
                }
            }
            case "dotnet" -> {
                // -o/--output of every dotnet command names what it writes: the script of
                // `ef migrations script -o FILE` and `ef dbcontext optimize`, else a folder (build,
                // publish, pack, new, test's output)
                String o = c.valueOf("-o --output");
                if (!o.isEmpty() && !o.equals("-")) {
                    out.add(c.sub("ef") && c.anyArg("script") ? o : PathFacts.asFolder(o));
                }
            }
            case "terraform", "tofu" -> {
                // terraform's single-dash options: plan -out=FILE, apply -state-out=FILE, -backup=FILE
                for (String a : c.getArgs()) {
                    java.util.regex.Matcher m = Regex.pattern("--?(?:out|state-out|backup)=(.+)").matcher(a);
                    if (m.matches() && !m.group(1).equals("-")) {
                        out.add(m.group(1));
                    }
                }
            }
            case "gh" -> {
                // gh release download -O FILE (`-` is standard output)
                String o = c.sub("release") && c.anyArg("download") ? c.valueOf("-O --output") : "";
                if (!o.isEmpty() && !o.equals("-")) {
                    out.add(o);
                }
            }
            case "chmod", "chown", "chgrp", "chattr", "setfacl" -> {
                p = c.positionals("--reference");
                if (c.getName().equals("setfacl") && c.argMatches("--restore(=.*)?")) {
                    out.add("/"); // the paths come from the backup file: anywhere on the machine, as cpio -i
                } else if (!c.valueOf("--reference").isEmpty() || !c.chmodDashModes().isEmpty()) {
                    // --reference=RFILE, or a dash-spelled mode (`chmod -w f`), stands for the mode or owner: every operand is a file
                    out.addAll(p);
                } else if (p.size() >= 2) {
                    out.addAll(p.subList(1, p.size()));
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** yq's options that take a value (mikefarah's and the Python jq wrapper's). */
    private static final String YQ_VALUES = "-o --output-format -p --input-format -I --indent --expression --from-file --front-matter"
            + " -s --split-exp --arg --argjson --rawfile --slurpfile --xml-attribute-prefix --xml-content-name --lua-prefix";

    /** xmlstarlet ed's options that take a value (the edits, their values, namespaces). */
    private static final String XMLSTARLET_EDIT_VALUES = "-u --update -v --value -x --expr -s --subnode -i --insert -a --append"
            + " -t --type -n --name -d --delete -r --rename -m --move -c --copy -N --var";

    /**
     * The files an editor of structured text rewrites in place: {@code yq -i EXPR FILE…} (also
     * {@code --inplace}, and {@code -yi} of the Python yq), {@code sd FIND REPLACE FILE…}, which
     * rewrites its files unless {@code -p}/{@code --preview} only shows the change, {@code crudini
     * --set FILE …}, {@code dasel put -f FILE}, {@code json -I -f FILE} and {@code xmlstarlet ed -L
     * … FILE}. The expressions (and sd's two patterns) are no files.
     */
    private static List<String> inPlaceEditorFiles(Cmd c) {
        switch (c.getName()) {
            case "sd" -> {
                List<String> ops = c.positionals("-f --flags -n --max-replacements");
                return c.anyFlag("-p --preview") || ops.size() < 3 ? List.of() : ops.subList(2, ops.size());
            }
            // crudini --set|--del|--merge FILE SECTION [KEY [VALUE]] (--output=FILE is read by outputOptionValues)
            case "crudini" -> {
                List<String> ops = c.positionals("--existing --format");
                return !c.anyFlag("--set --del --merge") || ops.isEmpty() ? List.of() : List.of(ops.get(0));
            }
            // dasel put|delete -f FILE rewrites FILE unless -o names another output (dasel v1 and v2)
            case "dasel" -> {
                String f = c.valueOf("-f --file");
                return f.isEmpty() || !c.sub("put delete") || !c.valueOf("-o --out").isEmpty() ? List.of() : List.of(f);
            }
            // trentm's json -I -f FILE edits FILE in place
            // (short options join: `-If FILE` is -I with -f taking the next word)
            case "json" -> {
                String f = c.valueOf("-f");
                List<String> args = c.getArgs();
                for (int i = 0; f.isEmpty() && i + 1 < args.size(); i++) {
                    if (Regex.matches(args.get(i), "-[A-Za-z]+f")) {
                        f = args.get(i + 1);
                    }
                }
                boolean inPlace = c.anyFlag("-I --in-place") || c.argMatches("-[A-Za-z]*I[A-Za-z]*");
                return f.isEmpty() || !inPlace ? List.of() : List.of(f);
            }
            // xmlstarlet ed -L|--inplace EDITS FILE…: every file left after the edit options
            case "xmlstarlet", "xml" -> {
                List<String> ops = c.positionals(XMLSTARLET_EDIT_VALUES);
                return ops.isEmpty() || !Regex.matches(ops.get(0), "ed|edit") || !c.anyFlag("-L --inplace") ? List.of() : ops.subList(1, ops.size());
            }
            default -> {
            }
        }
        boolean inPlace = c.anyFlag("-i --inplace") || c.getArgs().stream().anyMatch(a -> Regex.matches(a, "-[a-zA-Z]*i[a-zA-Z]*") && !a.startsWith("-I"));
        if (!inPlace) {
            return List.of();
        }
        List<String> ops = c.positionals(YQ_VALUES);
        // mikefarah's `yq -i eval EXPR FILE`: the subcommand is no file either
        if (!ops.isEmpty() && Regex.matches(ops.get(0), "e|eval|ea|eval-all")) {
            ops = ops.subList(1, ops.size());
        }
        boolean expressionGiven = !c.valueOf("--expression --from-file").isEmpty();
        return expressionGiven || ops.isEmpty() ? ops : ops.subList(1, ops.size());
    }

    /** Start-BitsTransfer's switches (every other parameter takes a value). */
    /**
     * The files git's trace variables append to: {@code GIT_TRACE=/abs/file} (and GIT_TRACE2*,
     * GIT_TRACE_PACKET…) writes there, any command that starts git included; {@code 1}, {@code 2},
     * {@code true} and the other non-paths go to standard error or a descriptor.
     */
    private static List<String> traceFiles(Cmd c) {
        List<String> out = new ArrayList<>();
        // `export GIT_TRACE=~/.bashrc` sets it for every git after it (also local, readonly, env)
        for (String a : c.assignmentWords()) {
            java.util.regex.Matcher m = TRACE_FILE.matcher(a);
            if (m.matches()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /**
     * The value of go's {@code -o}: Go's flag package takes {@code -o F}, {@code -o=F}, {@code --o F}
     * and {@code --o=F}, never a joined {@code -oF}, so {@code -overlay FILE} names no output.
     */
    private static String goOutput(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.equals("-o") || a.equals("--o")) {
                return i + 1 < args.size() ? args.get(i + 1) : "";
            }
            if (a.startsWith("-o=") || a.startsWith("--o=")) {
                return a.substring(a.indexOf('=') + 1);
            }
        }
        return "";
    }

    /** ssh-keygen's short options that take a value (getopt: the rest of the cluster or the next word). */
    private static final String SSH_KEYGEN_VALUE_LETTERS = "abCDEFfIJjKmMNnOPRrstVwYZz";

    /**
     * True when one of {@code letters} is one of ssh-keygen's own options, read getopt-style: in
     * {@code -f/home/me/.ssh/id_ed25519} the letters after f are the file name, no -e or -i.
     */
    private static boolean sshKeygenHas(Cmd c, String letters) {
        return ShortOptions.hasLetter(c.getArgs(), SSH_KEYGEN_VALUE_LETTERS, letters);
    }

    /**
     * True when this ssh-keygen surely replaces the key its {@code -f} names, if one is there: an
     * answer to its "Overwrite (y/n)?" prompt is fed in the text (a pipe, a here-string, a
     * redirect), or {@code -p} re-keys the file in place. Without it, the prompt reads the agent's
     * own standard input, which usually ends at once ("n"): the file is written when it is new,
     * and a key there is only maybe replaced, which asks rather than denies (see
     * {@link Cmd#touchesPrivateKey}).
     */
    static boolean sshKeygenReplaces(Cmd c) {
        return c.isPipedInto() || c.isHasStdinText() || c.isStdinRedirected() || c.anyFlag("-p");
    }

    /** A file in an ssh folder ({@code ~/.ssh/id_rsa}, {@code $HOME/.ssh/x}), where ssh-keygen -f may replace a key. */
    private static final java.util.regex.Pattern SSH_FOLDER_FILE = java.util.regex.Pattern.compile("(^|/)\\.ssh/");
    private static final java.util.regex.Pattern TRACE_FILE = java.util.regex.Pattern.compile(
            "GIT_TRACE[A-Z0-9_]*=((?:/|~|\\$\\{?HOME\\b).*)", java.util.regex.Pattern.DOTALL);

    /**
     * The folder {@code python -m zipfile -e ARCHIVE FOLDER} and {@code python -m tarfile -e ARCHIVE
     * [FOLDER]} unpack into (left out: the working folder, which the project check sees anyway).
     */
    private static List<String> pythonArchiveFolder(Cmd c) {
        List<String> a = c.getArgs();
        int m = a.indexOf("-m");
        if (m < 0 || m + 1 >= a.size() || !Regex.matches(a.get(m + 1), "zipfile|tarfile")) {
            return List.of();
        }
        List<String> rest = a.subList(m + 2, a.size());
        for (int i = 0; i < rest.size(); i++) {
            if (rest.get(i).equals("-e") || rest.get(i).equals("--extract")) {
                List<String> ops = rest.subList(i + 1, rest.size()).stream().filter(x -> !x.startsWith("-")).toList();
                return ops.size() > 1 ? List.of(ops.get(1)) : List.of();
            }
        }
        return List.of();
    }

    /** The files {@code cmake -E} copies, links, renames, touches or makes: the last operand, or every one. */
    private static List<String> cmakeToolTargets(Cmd c) {
        List<String> a = c.getArgs();
        int e = a.indexOf("-E");
        if (e < 0 || e + 1 >= a.size()) {
            return List.of();
        }
        String tool = a.get(e + 1);
        List<String> ops = a.subList(e + 2, a.size()).stream().filter(x -> !x.startsWith("-")).toList();
        if (Regex.matches(tool, "copy|copy_if_different|copy_directory|copy_directory_if_different|create_symlink|create_hardlink|rename")) {
            return ops.size() > 1 ? List.of(ops.get(ops.size() - 1)) : List.of();
        }
        if (Regex.matches(tool, "touch|touch_nocreate|make_directory")) {
            return ops;
        }
        return List.of();
    }

    private static final Set<String> BITS_SWITCHES = Set.of("-asynchronous", "-suspended", "-dynamic", "-whatif", "-confirm",
            "-verbose", "-debug");

    /** The positional words of Start-BitsTransfer: words that are no parameter nor a parameter's value. */
    private static List<String> bitsPositionals(Cmd c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.startsWith("-") && a.length() > 1) {
                String l = a.toLowerCase(java.util.Locale.ROOT);
                if (!l.endsWith(":") && BITS_SWITCHES.stream().noneMatch(sw -> l.length() >= 3 && sw.startsWith(l))) {
                    i++;
                }
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /** find actions that write the file list to a file named next. */
    private static final Set<String> FIND_OUTPUT_ACTIONS = Set.of("-fprint", "-fprint0", "-fls", "-fprintf");

    /** curl's options that take a value, for finding its URLs. */
    private static final String CURL_WITH_VALUE_FLAGS = "-d -H -u -X -A -e -b -c -F -T -w -x -r -m -K -E -y -Y -z -C -D -P -Q -t -U -o "
            + "--data --header --user --request --user-agent --referer --cookie --cookie-jar --form --upload-file --write-out "
            + "--proxy --range --max-time --config --cert --output --connect-timeout --retry --output-dir";

    /**
     * wget's short options that take a value (-O file, -o log, -a log, -e command, -i list, -B base,
     * -t tries, -T timeout, -w wait, -Q quota, -P folder, -U agent, -D/-I/-X/-A/-R lists, -l depth,
     * and -n, whose letter follows it: -nv, -nc, -nd, -nH).
     */
    private static final String WGET_VALUE_LETTERS = "OoaeiBtTwQPUDIXARln";

    /**
     * The value of wget's short option {@code letter} given inside a cluster ({@code -qO FILE},
     * {@code -qOfile}, {@code -nvP DIR}), read as getopt reads it ({@link ShortOptions}); empty when
     * no cluster holds it. WHY: {@code wget -qO ~/.bashrc URL} is the everyday spelling.
     */
    private static String wgetClusterValue(Cmd cmd, char letter) {
        List<String> args = cmd.getArgs();
        String[] found = {""};
        for (int i = 0; i < args.size() && found[0].isEmpty(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("-") && !a.startsWith("--") && a.length() > 2) {
                i = ShortOptions.readCluster(args, i, WGET_VALUE_LETTERS, (c, v) -> {
                    if (c == letter && v != null && found[0].isEmpty()) {
                        found[0] = v;
                    }
                });
            }
        }
        return found[0];
    }

    /** curl's output file given at the end of a short-option cluster ({@code -fsSLo FILE}, {@code -sofile}). */
    private static String curlClusterOutput(Cmd cmd) {
        return Cmd.curlClusterValue(cmd.getArgs(), 'o');
    }

    /** The file names URLs are saved under by default: the last path element. */
    private static List<String> urlFileNames(List<String> words) {
        List<String> out = new ArrayList<>();
        for (String u : words) {
            String b = Regex.pattern("[?#].*$").matcher(u).replaceFirst("");
            int slash = b.lastIndexOf('/');
            if (slash >= 0 && slash < b.length() - 1 && b.contains("://")) {
                out.add(b.substring(slash + 1));
            }
        }
        return out;
    }

    /**
     * The paths tar's {@code --transform}/{@code --xform} (also abbreviated) give: the replacement
     * text of each {@code s/REGEX/REPL/} expression below every -C folder, and each named member
     * renamed by it (read as a Java regex: near enough to tell where it lands); bsdtar's and pax's
     * {@code -s} the same way. {@code folders} are the extraction folders, {@code members} the named members.
     */
    private static List<String> tarTransformedPaths(Cmd c, List<String> folders, List<String> members) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            String v = null;
            int eq = a.indexOf('=');
            String opt = eq > 0 ? a.substring(0, eq) : a;
            if (opt.length() >= 4 && ("--transform".startsWith(opt) || "--xform".startsWith(opt))) {
                v = eq > 0 ? a.substring(eq + 1) : i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : null;
            } else if ((c.getName().equals("bsdtar") || c.getName().equals("pax")) && a.equals("-s") && i + 1 < c.getArgs().size()) {
                // bsdtar's and pax's -s /OLD/NEW/[gps]: the same substitution without the leading s
                v = "s" + c.getArgs().get(i + 1);
            }
            if (v == null) {
                continue;
            }
            for (String expr : PathFacts.unquote(v).split(";")) {
                if (expr.length() < 4 || expr.charAt(0) != 's') {
                    continue;
                }
                // the delimiter may be escaped inside the parts (`s/x/.claude\/settings.json/`)
                String d = java.util.regex.Pattern.quote(String.valueOf(expr.charAt(1)));
                String[] part = expr.substring(2).split("(?<!\\\\)" + d, -1);
                for (int k = 0; k < part.length; k++) {
                    part[k] = part[k].replace("\\" + expr.charAt(1), String.valueOf(expr.charAt(1)));
                }
                if (part.length < 2) {
                    continue;
                }
                List<String> dirs = folders.isEmpty() ? List.of("") : folders;
                for (String dir : dirs) {
                    String base = dir.isEmpty() ? "" : PathFacts.asFolder(dir);
                    out.add(base + part[1]);
                    for (String m : members) {
                        try {
                            out.add(m.replaceFirst(part[0].replace("\\(", "(").replace("\\)", ")"), part[1].replaceAll("\\\\([0-9])", "\\$$1")));
                        } catch (RuntimeException e) {
                            out.add(base + part[1] + m);
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * True for unzip's listing, testing and printing modes (-l -t -v -Z -p -c -z), read from the
     * option words themselves: the letters of a -d value ({@code -d.vscode}) are no options.
     */
    private static boolean unzipOnlyReads(Cmd cmd) {
        boolean[] reads = {false};
        for (int i = 0; i < cmd.getArgs().size() && !reads[0]; i++) {
            String a = cmd.getArgs().get(i);
            if (a.equals("--") || !a.startsWith("-") || a.startsWith("--") || a.length() < 2) {
                continue;
            }
            // -d, -x and -P take the rest of the word or the next word
            i = ShortOptions.readCluster(cmd.getArgs(), i, "dxP", (c, v) -> reads[0] |= v == null && "ltvZpcz".indexOf(c) >= 0);
        }
        return reads[0];
    }

    /** csc's and vbc's output file: {@code /out:F} ({@code -out:F}), else the first source with .exe (.dll for /target:library), with {@code /}. */
    private static List<String> dotNetCompilerOutput(Cmd c) {
        boolean library = false;
        String source = null;
        for (String a : c.getArgs()) {
            String l = a.toLowerCase(java.util.Locale.ROOT);
            if (l.startsWith("/out:") || l.startsWith("-out:")) {
                return List.of(a.substring(5).replace('\\', '/'));
            }
            library |= Regex.matches(l, "[/-]t(arget)?:(library|module)");
            if (source == null && Regex.matches(l, "[^/-].*\\.(cs|vb)")) {
                source = a.replace('\\', '/');
            }
        }
        return source == null ? List.of() : List.of(source.substring(0, source.length() - 3) + (library ? ".dll" : ".exe"));
    }

    /**
     * ffmpeg's options whose value is an input or a setting, never a file written: {@code -i} and
     * the options of everyday encoding (codec, bit rate, filters, maps, times, sizes, metadata),
     * from ffmpeg(1). Options that write their value ({@code -progress}, {@code -vstats_file},
     * {@code -sdp_file}, {@code -passlogfile}, {@code -hls_segment_filename}, {@code -dump_attachment})
     * are not here, nor the flags ({@code -y}, {@code -vn}, {@code -hide_banner}): the word after
     * them is read as an output.
     */
    private static final Set<String> FFMPEG_SETTINGS = Words.setOf("-i -f -c -codec -vcodec -acodec -scodec -b -ab -vb -r -s"
            + " -aspect -ss -sseof -t -to -fs -vf -af -filter -filter_complex -lavfi -map -map_metadata -map_chapters -metadata"
            + " -pix_fmt -crf -preset -tune -profile -level -g -bf -q -qscale -aq -qmin -qmax -ar -ac -vframes -aframes -frames"
            + " -threads -loglevel -v -movflags -strict -stream_loop -itsoffset -framerate -video_size -pattern_type -start_number"
            + " -hls_time -hls_list_size -segment_time -x264-params -x265-params -vsync -fps_mode -async -sample_fmt"
            + " -channel_layout -disposition -tag -bsf -max_muxing_queue_size -analyzeduration -probesize -hwaccel -hwaccel_device"
            + " -hwaccel_output_format -init_hw_device -filter_hw_device -thread_queue_size -rtsp_transport -user_agent -headers"
            + " -timeout -maxrate -minrate -bufsize -dframes -vtag -atag -pass -cpu-used -deadline -row-mt -tile-columns");

    /**
     * The files ffmpeg (or its fork avconv) writes: every word that is no option and no option's
     * value is an output ({@code ffmpeg -i in.txt -f data .git/hooks/pre-commit}), with a
     * {@code file:} protocol prefix also read off. ffmpeg options are single-dash words, with a
     * stream specifier after a colon ({@code -c:v}, {@code -b:a:0}). WHY an option known to neither
     * table counts as taking no value (its next word read as an output too): almost every ffmpeg
     * option takes a value, but reading an unknown flag as taking one would hide the output after
     * it ({@code -newflag ~/.bashrc}); reading a setting's value as an output only adds a write
     * target, which a project-relative value (a number, {@code libx264}) leaves harmless.
     */
    private static List<String> ffmpegOutputs(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                String option = a.indexOf(':') > 0 ? a.substring(0, a.indexOf(':')) : a;
                if (FFMPEG_SETTINGS.contains(option)) {
                    i++;
                }
                continue;
            }
            // `-` and `pipe:1` are standard output
            if (a.equals("-") || a.startsWith("pipe:")) {
                continue;
            }
            out.add(a);
            if (a.startsWith("file:")) {
                out.add(a.substring(5));
            }
        }
        return out;
    }

    /**
     * One row of {@link #OUTPUT_OPTIONS}: programs that share a spelling of their output options.
     *
     * @param programs     the programs' names, space-separated
     * @param names        their options whose value is a file they write, space-separated
     *                     ({@code -o} also reads {@code -oFILE}, {@code --output} also {@code --output=FILE})
     * @param valueLetters for a getopt program, every short letter that takes a value, so that an
     *                     output letter inside a cluster ({@code -qo FILE}, {@code -sSD FILE}) is read
     *                     ({@link ShortOptions}); null for a program that reads no clusters
     */
    private record OutputOptions(String programs, String names, String valueLetters) {
    }

    /** objcopy's options that take the next word: what is left are IN and OUT. */
    private static final String OBJCOPY_VALUES = "-I --input-target -O --output-target -F --target -B --binary-architecture"
            + " -j --only-section -R --remove-section -K --keep-symbol -N --strip-symbol -G --keep-global-symbol"
            + " -L --localize-symbol -W --weaken-symbol -b --byte -i --interleave --add-section --update-section"
            + " --set-section-flags --rename-section --pad-to --gap-fill --set-start --adjust-start --change-addresses --adjust-vma";

    /**
     * Per program, its options whose value is a file it writes: compilers', linkers', converters'
     * and dumpers' output ({@code -o}, {@code -out}, {@code -f}, {@code --result-file}), and the
     * files a tool writes beside its main output: a log, a trace, a header dump, a cookie jar, a
     * dependency file, a private key ({@code curl -D}, {@code wget -a}, {@code ssh -E},
     * {@code gcc -MF}, {@code openssl -keyout}). WHY a log counts: its text is whatever the server,
     * the URL or the traced program says, so pointed at a start-up file or a hook it plants code.
     * The one table of output options; {@code -} (standard output) names no file.
     */
    private static final Map<String, OutputOptions> OUTPUT_OPTIONS = outputTable(
            // compilers, assemblers, linkers and generators of code
            new OutputOptions("gcc cc c++ g++ clang clang++ c89 c99 cpp gfortran gdc nvcc mpicc mpicxx tcc", "-o -MF --output", null),
            new OutputOptions("rustc ocamlc ocamlopt ocamlfind gnatmake luac luajit llvm-as llvm-dis llvm-link llvm-mc llc opt iverilog"
                    + " dtc ld ld.lld ld.gold ld.bfd lld ld64.lld as nasm yasm strip llvm-strip", "-o", null),
            new OutputOptions("bison yacc flex cython swig shc indent autoconf autoheader help2man", "-o --output", null),
            new OutputOptions("wasm2wat wat2wasm wasm2c wasm-opt wasm-dis wasm-as", "-o --output", null),
            new OutputOptions("xgettext msgfmt msgcat msgmerge msguniq msgconv msginit", "-o --output --output-file", null),
            // document, picture and data converters
            new OutputOptions("enscript", "-o --output -p", "aAbCdDeEfFHiIJLMnNopPsStTuWX"),
            new OutputOptions("a2ps pandoc lilypond plantuml xmlto tidy pdfjam mutool qrencode gifsicle pngquant cwebp dwebp gif2webp"
                    + " img2webp webpmux dot neato circo fdp sfdp twopi osage patchwork pygmentize highlight inkscape", "-o --output --outfile", null),
            new OutputOptions("magick convert mogrify convert-im6.q16 convert-im6 mogrify-im6.q16 mogrify-im6 gm", "-write", null),
            new OutputOptions("optipng", "-out", null),
            new OutputOptions("iconv", "-o --output", "fto"),
            new OutputOptions("sort", "-o --output", "kotST"),
            new OutputOptions("shuf", "-o --output", "ino"),
            new OutputOptions("sdiff", "-o --output", "oIw"),
            new OutputOptions("base64", "-o --output", "iobw"),
            new OutputOptions("uudecode", "-o --output-file", null),
            new OutputOptions("uuencode", "-o", null),
            // archives and compressors
            new OutputOptions("brotli", "-o --output", "oqwS"),
            new OutputOptions("cpio", "-O", "CDEFHIMOR"),
            new OutputOptions("mkisofs genisoimage xorrisofs hdiutil mktorrent transmission-create", "-o", null),
            // keys and secrets
            new OutputOptions("openssl", "-out -keyout", null),
            new OutputOptions("gpg gpg2 age age-keygen", "-o --output", null),
            // database dumps
            new OutputOptions("pg_dump pg_dumpall", "-f --file", "dEefFhjnNpStTUZ"),
            new OutputOptions("mysqldump mariadb-dump", "-r --result-file", "uphPrSwT"),
            new OutputOptions("mongodump", "-o --out --archive", null),
            // downloaders and HTTP clients: the file, and the header dump, cookie jar, trace and log beside it
            // (curl's -o is read with --output-dir by its own case)
            new OutputOptions("curl", "-D --dump-header -c --cookie-jar --trace --trace-ascii --libcurl --stderr --etag-save --hsts --alt-svc",
                    Cmd.CURL_VALUE_LETTERS),
            new OutputOptions("wget wget2", "-o --output-file -a --append-output", WGET_VALUE_LETTERS),
            new OutputOptions("http https xh xhs", "-o --output", "aAopPs"),
            new OutputOptions("axel wcurl zsync rtmpdump streamlink monolith", "-o --output", null),
            // logs and traces
            new OutputOptions("ssh", "-E", "BbcDEeFIiJLlmOoPpQRSWw"),
            new OutputOptions("autossh", "-E", "BbcDEeFIiJLlmMOoPpQRSWw"),
            new OutputOptions("strace", "-o --output", "abeEIoOpPsSuUX"),
            new OutputOptions("ltrace", "-o --output", "aAeDFlnopsuwx"),
            new OutputOptions("tcpdump", "-w", "BcCDEFGiMmrsTVwWyzZjQ"),
            new OutputOptions("memray py-spy", "-o --output", null),
            // perf record/stat/trace/script -o (parse-options: abbreviations too); captures of tshark and dumpcap
            new OutputOptions("perf", "-o --output", null),
            new OutputOptions("tshark dumpcap", "-w", "abBcCdeEfFHiJjKMNoOrRsTtuwWXyYz"),
            // script(1) writes its logs by option (its typescript, the first operand, by its own case)
            new OutputOptions("script", "-O --log-out -I --log-in -B --log-io -T --log-timing", "cEIOBTm"),
            // screenshots (their picture is a secret read too: SW4104)
            new OutputOptions("gnome-screenshot xwd spectacle", "-f --file -out -o --output", null));

    /** curl's write-out text naming its file: {@code %output{FILE}} or {@code %output{>>FILE}}. */
    private static final java.util.regex.Pattern WRITE_OUT_FILE = java.util.regex.Pattern.compile("%output\\{(?:>>)?([^}]+)}");

    /**
     * The files a compiler driver's {@code -Wp,…} (preprocessor) and {@code -Wl,…} (linker) lists
     * write: {@code -Wp,-MD,FILE} and {@code -MMD}/{@code -MF} the dependency file, {@code -Wl,-o,FILE}
     * and {@code -Wl,-Map,FILE} (or {@code -Map=FILE}) the output and the map. WHY: the driver hands
     * the comma-separated words on as they stand, so they write as the options written alone do.
     */
    private static List<String> handedOnOutputs(List<String> args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (!a.startsWith("-Wp,") && !a.startsWith("-Wl,")) {
                continue;
            }
            String[] parts = a.substring(4).split(",");
            for (int i = 0; i < parts.length; i++) {
                String p = parts[i];
                if (Words.setOf("-MD -MMD -MF -o -Map --Map --output").contains(p) && i + 1 < parts.length) {
                    out.add(parts[++i]);
                } else if (p.startsWith("-Map=") || p.startsWith("--Map=") || p.startsWith("--output=")) {
                    out.add(p.substring(p.indexOf('=') + 1));
                }
            }
        }
        return out;
    }

    /** A version after a program's name: {@code gcc-12}, {@code clang++-17}, {@code ld.lld-18.1}. */
    private static final java.util.regex.Pattern VERSION_SUFFIX = java.util.regex.Pattern.compile("-?[0-9]+(\\.[0-9]+)*$");

    /**
     * The row of {@link #OUTPUT_OPTIONS} for a program name, also under its versioned and
     * cross-toolchain names: {@code gcc-12}, {@code g++-13}, {@code clang-17},
     * {@code x86_64-linux-gnu-gcc}, {@code aarch64-none-elf-objcopy-12} (Debian's and the GNU
     * toolchains' installed names; each is the same driver with the same options). Reading a
     * {@code -}-joined tail of another program as a tool of the table only reads more outputs.
     */
    private static OutputOptions outputRow(String name) {
        OutputOptions row = OUTPUT_OPTIONS.get(name);
        if (row != null) {
            return row;
        }
        String bare = VERSION_SUFFIX.matcher(name).replaceFirst("");
        if (OUTPUT_OPTIONS.containsKey(bare)) {
            return OUTPUT_OPTIONS.get(bare);
        }
        for (int dash = bare.indexOf('-'); dash >= 0; dash = bare.indexOf('-', dash + 1)) {
            OutputOptions tail = OUTPUT_OPTIONS.get(bare.substring(dash + 1));
            if (tail != null) {
                return tail;
            }
        }
        return null;
    }

    /** {@link #OUTPUT_OPTIONS} keyed by each program of its rows. */
    private static Map<String, OutputOptions> outputTable(OutputOptions... rows) {
        Map<String, OutputOptions> table = new java.util.HashMap<>();
        for (OutputOptions row : rows) {
            for (String program : Words.setOf(row.programs())) {
                if (table.put(program, row) != null) {
                    throw new IllegalStateException("two rows for " + program);
                }
            }
        }
        return Map.copyOf(table);
    }

    /**
     * The files {@code c} writes through the options {@link #OUTPUT_OPTIONS} names for its program:
     * each option's values ({@link Cmd#valuesOf}), and for a getopt program a one-letter output
     * option inside a cluster, read as getopt reads it ({@code enscript -qo F}, {@code curl -sSD F});
     * a long option also abbreviated ({@link OptionSpec#namedOrAbbreviated}: {@code sort --outp=F}).
     */
    private static List<String> outputFiles(Cmd c) {
        OutputOptions row = outputRow(c.getName());
        if (row == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(Cmd.valuesOf(c.getArgs(), OptionSpec.namedOrAbbreviated(row.names())));
        if (row.names().contains("-MF")) {
            out.addAll(handedOnOutputs(c.getArgs()));
        }
        if (row.programs().equals("script")) {
            // script [options] [file]: the typescript (default ./typescript), read past clusters (`-qc CMD FILE`)
            OptionWord.read(c.getArgs(), row.valueLetters(), Words.setOf("--command --echo --log-out --log-in --log-io --log-timing"
                    + " --logging-format")).stream().filter(OptionWord::isOperand).findFirst().ifPresent(w -> out.add(w.value()));
        }
        if (row.valueLetters() != null) {
            StringBuilder letters = new StringBuilder();
            Words.setOf(row.names()).stream().filter(n -> n.length() == 2 && n.charAt(0) == '-').forEach(n -> letters.append(n.charAt(1)));
            List<String> args = c.getArgs();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--")) {
                    break;
                }
                // a lone -o (or -oFILE) is read by valuesOf above: only longer clusters here
                if (ShortOptions.isCluster(a) && a.length() > 2 && letters.indexOf(String.valueOf(a.charAt(1))) < 0) {
                    i = ShortOptions.readCluster(args, i, row.valueLetters(), (letter, v) -> {
                        if (v != null && !v.isEmpty() && letters.indexOf(String.valueOf(letter)) >= 0) {
                            out.add(v);
                        }
                    });
                }
            }
        }
        out.removeIf(f -> PathFacts.unquote(f).equals("-"));
        return out;
    }

    /**
     * A long option (or a {@code -D} property) whose name says it names a file written: output,
     * log, report, dump, save, export, destination.
     */
    private static final java.util.regex.Pattern OUTPUT_OPTION = java.util.regex.Pattern.compile(
            "(?i)(?:--|-D)[\\w.-]*(?:output|out-?file|log-?file|logfile|report|dump|save|export|dest(?:ination)?)[\\w.-]*(?:=(.*))?");

    /**
     * The files named by output-like long options of any program ({@code pylint --output=F},
     * {@code pytest --log-file=F}, {@code mvn … -Doutput=F}): most tools write such a file, and a
     * program's own reading of its options is not known for every program. Only adds write
     * targets, which inside the project change nothing; outside it the write rules judge them.
     */
    private static List<String> outputOptionValues(Cmd c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("--")) {
                break;
            }
            String v;
            if (WINDOWS_OUTPUT_SWITCH.matcher(a).matches() && i + 1 < c.getArgs().size()
                    && WINDOWS_OUTPUT_FILE.matcher(PathFacts.unquote(c.getArgs().get(i + 1))).matches()) {
                // Windows' slash switch (`psr /start /output s.zip`): the next word, a file name, is written
                out.add(c.getArgs().get(i + 1));
                continue;
            }
            if (OUTPUT_FILE_OPTIONS.contains(a) && i + 1 < c.getArgs().size()) {
                // the separate-word form only for names that are a file in the tools that have
                // them (`--output FILE`, `--log-file FILE`); other output-like names are often
                // switches before an operand (`pyright --outputjson FILE`, `blockdev --report DEV`)
                v = c.getArgs().get(i + 1);
                if (Regex.matches(PathFacts.unquote(v), "\\$[^{A-Za-z_].*")) {
                    continue; // an expression, not a variable (`ack --output '$&'`)
                }
            } else {
                java.util.regex.Matcher m = OUTPUT_OPTION.matcher(a);
                if (!m.matches() || m.group(1) == null) {
                    continue;
                }
                v = m.group(1);
            }
            String plain = PathFacts.unquote(v);
            // a path outside or hidden in the project, never a format name (`--output=json`, `--report=term`)
            if (Regex.matches(plain, "[/~$].*|\\.\\.?(/.*)?|\\.[\\w-]+/.*")) {
                out.add(v);
            }
        }
        return out;
    }

    /** Windows programs' output switch ({@code psr /output F}, {@code /outfile F}). */
    private static final java.util.regex.Pattern WINDOWS_OUTPUT_SWITCH = java.util.regex.Pattern.compile("(?i)/(?:output|outfile)");

    /** The value of {@link #WINDOWS_OUTPUT_SWITCH} as a file: a drive path, a variable's folder, or a name with an extension. */
    private static final java.util.regex.Pattern WINDOWS_OUTPUT_FILE = java.util.regex.Pattern.compile(
            "(?i)[a-z]:[\\\\/].*|[%$].*|[^/]*\\.[a-z0-9]{1,5}");

    /** Long options whose separate next word is the file written, in the tools that have them. */
    private static final Set<String> OUTPUT_FILE_OPTIONS = Set.of(
            "--output", "--output-file", "--outfile", "--out-file", "--log-file", "--logfile");

    /** git's --output and the abbreviations a long-option parser may take for it ({@code --outp=F}). */
    private static final java.util.regex.Pattern GIT_OUTPUT = java.util.regex.Pattern.compile("--out(?:p|pu|put)?(?:=(.*))?");

    /**
     * The files git writes its output to: {@code --output FILE} of the diff family ({@code git diff},
     * {@code log}, {@code show}, {@code format-patch --stdout}…, also abbreviated) and format-patch's
     * {@code -o DIR}/{@code --output-directory DIR}, each relative to the folders {@code -C} changed
     * to. {@code git log --format='TEXT' --output=~/.bashrc} writes any text the agent chooses.
     */
    /**
     * The files {@code git checkout [REV] [--] PATH…} and {@code git restore [--source=REV] PATH…}
     * write in the working tree, below the folder git runs in: every word after {@code --}, else
     * restore's operands and checkout's operands after the first (a branch or revision; a lone
     * operand may be a branch switch, which names no file). {@code restore --staged} alone writes
     * the index, not the files.
     */
    private static List<String> gitCheckedOutPaths(Cmd c, boolean restore) {
        if (restore && c.anyFlag("--staged -S") && !c.anyFlag("--worktree -W")) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String dir = c.gitChangedDirectory();
        int dashes = c.getArgs().indexOf("--");
        if (dashes >= 0) {
            c.getArgs().subList(dashes + 1, c.getArgs().size()).forEach(p -> out.add(PathFacts.below(p, dir)));
            return out;
        }
        List<String> ops = c.positionals("-C -c --git-dir --work-tree -s --source -b -B --orphan --conflict --pathspec-from-file");
        // ops.get(0) is the subcommand; checkout's next operand is the revision or branch
        int first = restore ? 1 : 2;
        for (int i = first; i < ops.size(); i++) {
            out.add(PathFacts.below(ops.get(i), dir));
        }
        return out;
    }

    private static List<String> gitOutputFiles(Cmd c) {
        List<String> out = new ArrayList<>();
        String dir = c.gitChangedDirectory();
        boolean formatPatch = false;
        boolean subcommand = false;
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("--")) {
                break;
            }
            String next = i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : "";
            if (!subcommand) {
                // git's own options before the subcommand (after it, `-C` is diff's copy detection)
                if (Set.of("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix").contains(a)) {
                    i++;
                } else if (!a.startsWith("-")) {
                    subcommand = true;
                    formatPatch = a.equals("format-patch");
                }
                continue;
            }
            java.util.regex.Matcher m = GIT_OUTPUT.matcher(a);
            String file = null;
            if (m.matches()) {
                file = m.group(1) != null ? m.group(1) : next;
            } else if (formatPatch && (a.equals("-o") || a.startsWith("--output-d"))) {
                int eq = a.indexOf('=');
                file = eq > 0 ? a.substring(eq + 1) : next;
            } else if (formatPatch && a.startsWith("-o") && a.length() > 2) {
                file = a.substring(2);
            }
            if (file != null && !file.isEmpty()) {
                out.add(PathFacts.below(file, dir));
            }
        }
        return out;
    }

    /**
     * Where {@code git apply} and {@code git am} write. The file names are in the patch, which the
     * checker does not read, so the work tree stands for them ({@code DIR/}): {@code --work-tree=DIR},
     * else the folder {@code -C} changes to, else nothing is added (git refuses patch paths that
     * leave the work tree, and a project's own files are everyday work). {@code git apply
     * --unsafe-paths} lifts that refusal where there is no repository (or with {@code --no-index}):
     * its paths may be absolute, so "/" (anywhere), or below {@code --directory=ROOT} when an
     * absolute root is given. A check or a statistic without {@code --apply}, and {@code --cached}
     * (the index only), write no file.
     */
    private static List<String> gitPatchTargets(Cmd c, boolean apply) {
        if (apply && (c.anyFlagOrAbbreviation("--cached")
                || (c.anyFlagOrAbbreviation("--check --stat --numstat --summary") && !c.anyFlagOrAbbreviation("--apply")))) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        String tree = c.valueOf("--work-tree");
        String top = !tree.isEmpty() ? tree : c.gitChangedDirectory();
        if (!top.isEmpty()) {
            out.add(PathFacts.asFolder(top));
        }
        if (apply && c.anyFlagOrAbbreviation("--unsafe-paths")) {
            String root = PathFacts.unquote(c.valueOf("--directory"));
            out.add(PathFacts.isAnchored(root) ? PathFacts.asFolder(root) : "/");
        }
        // --include=PATH keeps only the patch's files that match: a literal path is written, a
        // pattern (git's wildmatch, `*` crossing `/`) stands for the agents' settings it can match
        // (`git apply --include='.claude/*' p.diff`)
        if (apply) {
            for (String inc : c.valuesOf("--include")) {
                List<String> matched = PathFacts.archivePatternMatches(inc);
                out.addAll(matched.isEmpty() && !Regex.matches(PathFacts.unquote(inc), ".*[*?\\[].*") ? List.of(inc) : matched);
            }
        }
        return out;
    }

    /** GNU and BSD patch's options that take a value. */
    private static final String PATCH_VALUES = "-B --prefix -D --ifdef -d --directory -F --fuzz -i --input -o --output -p --strip"
            + " -r --reject-file -V --version-control -Y --basename-prefix -z --suffix -g --get --quoting-style --reject-format";

    /**
     * What {@code patch [ORIGINAL [PATCHFILE]]} writes: ORIGINAL (or {@code -o OUT} instead), the
     * reject file {@code -r}, each below {@code -d DIR}. Without ORIGINAL the files are named in the
     * patch, so the folder stands for them ({@code DIR/}, or {@code ./} where it runs): GNU patch
     * refuses names that climb out with {@code ..} or are absolute, so they stay below it.
     * {@code --dry-run} writes nothing.
     */
    private static List<String> patchTargets(Cmd c) {
        if (c.anyFlagOrAbbreviation("--dry-run --check")) {
            return List.of();
        }
        String dir = PathFacts.unquote(c.valueOf("-d --directory"));
        List<String> out = new ArrayList<>();
        List<String> ops = c.positionals(PATCH_VALUES);
        String o = c.valueOf("-o --output");
        String reject = c.valueOf("-r --reject-file");
        for (String f : List.of(!o.isEmpty() ? o : ops.isEmpty() ? "" : ops.get(0), reject)) {
            String plain = PathFacts.unquote(f);
            if (!plain.isEmpty() && !plain.equals("-")) {
                out.add(PathFacts.below(f, dir));
            }
        }
        if (ops.isEmpty() && o.isEmpty()) {
            out.add(dir.isEmpty() ? "./" : PathFacts.asFolder(dir));
        }
        return out;
    }

    /**
     * The options that take a value of the screenshot tools whose picture file is their last
     * operand: screencapture, scrot, grim, maim and ImageMagick's import ({@code import -window root x.png}).
     */
    private static final Map<String, String> SCREENSHOT_VALUES = Map.of(
            "screencapture", "-t -T -R -l -D -B -J -V",
            "scrot", "-d --delay -q --quality -t --thumb -e --exec -F --file -D --display -l --line -n --note",
            "grim", "-g -t -q -l -s -o -T",
            "maim", "-g --geometry -d --delay -f --format -i --window -m --quality -x --xdisplay -b --bordersize -p --padding"
                    + " -c --color -r --shader -w --parent -t --tolerance",
            "import", "-window -crop -geometry -resize -quality -density -depth -delay -display -screen -type -format -frame");
}
