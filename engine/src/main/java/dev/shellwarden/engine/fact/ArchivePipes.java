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
 * <p>Only named paths are read: a whole tree ({@code git archive HEAD | tar -x -C out}) is a
 * checkout of tracked files, which the scope rules judge by its landing folder.
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
     * The paths a {@code git archive} to standard output names after its tree-ish, each with the
     * {@code --prefix}; empty for another command, an archive written to a file ({@code -o}) or
     * a listing of formats ({@code -l}).
     */
    static List<String> namedPaths(Cmd git) {
        List<String> args = git.getArgs();
        int at = args.indexOf("archive");
        if (!git.getName().equals("git") || !"archive".equals(git.getGitSub()) || at < 0) {
            return List.of();
        }
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
                if (name.equals("-o") || name.equals("--output") || name.equals("-l") || name.equals("--list")) {
                    return List.of();
                }
                if (name.equals("--prefix")) {
                    prefix = value;
                }
            } else {
                positionals.add(a);
            }
        }
        List<String> out = new ArrayList<>();
        for (String p : positionals.subList(Math.min(1, positionals.size()), positionals.size())) {
            out.add(prefix + p);
        }
        return out;
    }
}
