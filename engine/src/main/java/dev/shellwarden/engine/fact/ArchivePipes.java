package dev.shellwarden.engine.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An archive made by {@code git archive} and piped straight into {@code tar -x}
 * ({@code git archive origin/x .claude/settings.json | tar -x}): the paths named on git archive's
 * command line are the members tar writes, below tar's landing folder.
 *
 * <p>WHY: tar alone sees no member name (the archive comes on standard input), so its writes are
 * only "the folder"; the names are on the stage before it. Read together, the pipeline is a write
 * of each named path, judged by the self-protection rule like {@code tar -x .claude/settings.json}.
 *
 * <p>Only named paths are read for that: a whole tree ({@code git archive HEAD | tar -x -C out}) is a
 * checkout of tracked files, which the scope rules judge by its landing folder. Where that folder
 * is the one the command runs in ({@code git archive HEAD~5 | tar -x}, {@code tar -x -C .}), the
 * tree is written over the working tree, as {@code git checkout HEAD~5 -- .} does
 * ({@link #landsOverWorkingTree}, SW3006).
 */
final class ArchivePipes {

    /** git archive's options that take the next word as their value (when not written with {@code =}). */
    private static final Set<String> GIT_ARCHIVE_VALUES = Set.of("--format", "--prefix", "-o", "--output", "--remote",
            "--exec", "--add-file", "--add-virtual-file", "--mtime");

    private ArchivePipes() {
    }

    /**
     * True when {@code tar} extracts standard input and {@code archiver} is a git archive writing to
     * standard output whose named paths (with its {@code --prefix}) land, below tar's last
     * {@code -C} folder, on a self-protected file read from any folder the command runs in.
     */
    static boolean landsSelfProtected(Cmd tar, Cmd archiver, Ctx ctx) {
        if (!tar.named("tar bsdtar gtar") || !tar.tar().unpacked().contains("-")) {
            return false;
        }
        List<String> dirs = tar.tar().dirs();
        // with no member named, tar unpacks into the last -C folder (where it starts without one)
        String landing = dirs.isEmpty() ? "" : dirs.get(dirs.size() - 1);
        for (String member : namedPaths(archiver)) {
            String path = (landing.isEmpty() ? "" : PathFacts.asFolder(landing)) + member;
            List<String> candidates = new ArrayList<>(List.of(path));
            for (String d : tar.dirs(ctx)) {
                candidates.add(PathFacts.resolve(path, d, ctx.home()));
            }
            if (candidates.stream().anyMatch(PathFacts::isSelfProtected)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code tar} extracts standard input and {@code archiver} is a git archive writing to
     * standard output without a {@code --prefix} folder or named paths, and tar's landing folder
     * (its last {@code -C}, or where it starts) is the folder the command runs in: every file of
     * the tree-ish is written over the working tree's copy, uncommitted changes lost. A landing
     * elsewhere ({@code -C /tmp/export}) or a prefix folder is an export; named paths
     * ({@code git archive HEAD src | tar -x}) are left as left33 decided (a chosen part, judged by
     * {@link #landsSelfProtected} when they are settings).
     */
    static boolean landsOverWorkingTree(Cmd tar, Cmd archiver, Ctx ctx) {
        if (!tar.named("tar bsdtar gtar") || !tar.tar().unpacked().contains("-")) {
            return false;
        }
        Archive archive = read(archiver);
        return archive != null && wholeTree(archive) && landsWhereItRuns(tar, ctx);
    }

    /**
     * True when {@code tar} extracts the file a whole-tree {@code git archive} wrote earlier in the
     * command ({@code git archive -o /tmp/a.tar HEAD~5 && tar -xf /tmp/a.tar}, {@code git archive
     * HEAD~5 > a.tar; tar xf a.tar}) where the command runs: the pipe of {@link #landsOverWorkingTree}
     * with a file between. WHY (left36): only the piped spelling was read.
     */
    static boolean landsSavedOverWorkingTree(Cmd tar, Cmd archiver, Ctx ctx) {
        Archive archive = readAny(archiver);
        if (!tar.named("tar bsdtar gtar") || archive == null || archive.output() == null || !wholeTree(archive)) {
            return false;
        }
        String saved = PathFacts.unquote(archive.output());
        Set<String> written = new java.util.HashSet<>();
        archiver.dirs(ctx).forEach(d -> written.add(PathFacts.normalize(PathFacts.resolve(saved, d, ctx.home()))));
        boolean same = false;
        for (String f : tar.tar().unpacked()) {
            for (String d : tar.dirs(ctx)) {
                // a folder the text does not tell (`cd "$x"`) may be the one the archive went to
                same |= d.equals(WorkingDirs.UNKNOWN) || written.contains(PathFacts.normalize(PathFacts.resolve(PathFacts.unquote(f), d, ctx.home())));
            }
        }
        return same && landsWhereItRuns(tar, ctx);
    }

    /** A named path that is the whole tree ({@code git archive HEAD~5 . | tar -x}, {@code -- .}, {@code :/}) names nothing less; no prefix folder. */
    private static boolean wholeTree(Archive archive) {
        return archive.paths().stream().allMatch(p -> p.equals(":/") || PathFacts.normalize(p).equals("."))
                && (archive.prefix().isEmpty() || PathFacts.normalize(archive.prefix()).equals("."));
    }

    /** True when tar's landing folder (its last {@code -C}, or where it starts) is the folder the command runs in. */
    private static boolean landsWhereItRuns(Cmd tar, Ctx ctx) {
        List<String> dirs = tar.tar().dirs();
        String landing = dirs.isEmpty() ? "." : dirs.get(dirs.size() - 1);
        for (String d : tar.dirs(ctx)) {
            if (d.equals(WorkingDirs.UNKNOWN)) {
                if (!landing.startsWith("/") && !landing.startsWith("~")) {
                    return true; // relative: where tar runs, whatever that is
                }
                continue;
            }
            if (PathFacts.normalize(PathFacts.resolve(landing, d, ctx.home())).equals(PathFacts.normalize(d))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The paths a {@code git archive} to standard output names after its tree-ish, each with the
     * {@code --prefix}; empty for another command, an archive written to a file ({@code -o}) or
     * a listing of formats ({@code -l}).
     */
    static List<String> namedPaths(Cmd git) {
        Archive archive = read(git);
        if (archive == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String p : archive.paths()) {
            out.add(archive.prefix() + p);
        }
        return out;
    }

    /**
     * A git archive: its {@code --prefix}, the paths named after the tree-ish, and the file it is
     * written to ({@code -o}, {@code --output}, a redirection; null for standard output).
     */
    private record Archive(String prefix, List<String> paths, String output) {
    }

    /** The git archive {@code git} writes to standard output; null for one written to a file (see {@link #readAny}). */
    private static Archive read(Cmd git) {
        Archive a = readAny(git);
        return a == null || a.output() != null ? null : a;
    }

    /** The git archive {@code git} makes; null for another command or a listing of formats ({@code -l}). */
    private static Archive readAny(Cmd git) {
        List<String> args = git.getArgs();
        int at = args.indexOf("archive");
        if (!git.getName().equals("git") || !"archive".equals(git.getGitSub()) || at < 0) {
            return null;
        }
        String output = null;
        String prefix = "";
        List<String> positionals = new ArrayList<>();
        boolean options = true;
        for (int i = at + 1; i < args.size(); i++) {
            String a = PathFacts.unquote(args.get(i));
            if (options && a.equals("--")) {
                options = false;
            } else if (options && a.startsWith("-")) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                String value = a.contains("=") ? a.substring(a.indexOf('=') + 1)
                        : GIT_ARCHIVE_VALUES.contains(a) && i + 1 < args.size() ? PathFacts.unquote(args.get(++i)) : "";
                if (name.equals("-l") || name.equals("--list")) {
                    return null;
                }
                if (name.equals("-o") || name.equals("--output") || a.startsWith("-o") && !a.startsWith("--")) {
                    // `-o FILE`, `--output=FILE`, `-oFILE`: the archive goes to the file (see #landsSavedOverWorkingTree)
                    output = name.equals("-o") || name.equals("--output") ? value : a.substring(2);
                }
                if (name.equals("--prefix")) {
                    prefix = value;
                }
            } else {
                positionals.add(a);
            }
        }
        // an archive written to a file by its shell redirection (`git archive HEAD~5 > a.tar`) is one with -o
        List<String> stdout = git.getRedirectWrites().stream().filter(w -> !git.getOtherFdWrites().contains(w)).toList();
        if (output == null && !stdout.isEmpty()) {
            output = stdout.get(stdout.size() - 1);
        }
        return new Archive(prefix, List.copyOf(positionals.subList(Math.min(1, positionals.size()), positionals.size())), output);
    }
}
