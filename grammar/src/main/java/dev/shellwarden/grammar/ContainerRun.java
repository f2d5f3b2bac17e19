package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.List;

/**
 * The option words of {@code docker|podman|nerdctl [container] run|create}: one walk over them,
 * with the option table the splitter uses to find the image and the container's command
 * ({@link Launchers}), for every rule that reads those options (detached with {@code -d}, host
 * mounts, {@code --privileged}, host namespaces).
 *
 * <p>WHY two lists: where an option the table does not know stands before the first operand,
 * that operand may be its value or the image. {@code certain} stops at the first word that may be
 * the image, {@code possible} at the last one. A rule that relaxes a verdict (detached, so the
 * slow rules spare it) reads only the certain options; a rule that tightens one (host access)
 * reads every possible option. A dynamic option word makes {@code certain} stop before it and
 * {@code possible} run to the end: fail closed both ways.
 *
 * @param certain  option words (with their values) certainly before the image
 * @param possible option words (with their values) that may be before the image
 */
public record ContainerRun(List<String> certain, List<String> possible) {

    /** Copies the lists. */
    public ContainerRun {
        certain = List.copyOf(certain);
        possible = List.copyOf(possible);
    }

    /** The options of a container run or create, or null when {@code argv} is none. */
    public static ContainerRun of(List<Word> argv) {
        if (argv.size() < 2 || !argv.get(0).literal()) {
            return null;
        }
        String path = argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (!name.equals("docker") && !name.equals("podman") && !name.equals("nerdctl")) {
            return null;
        }
        int k = subcommand(argv);
        if (k >= argv.size() || !argv.get(k).text().equals("run") && !argv.get(k).text().equals("create")) {
            return null;
        }
        List<Word> rest = argv.subList(k + 1, argv.size());
        List<Unwrap> readings = Launchers.containerImage(argv, k + 1);
        int first = rest.size();
        int last = readings.isEmpty() ? rest.size() : 0;
        for (Unwrap u : readings) {
            if (u.kind() == Kind.UNDETERMINED || mayHoldOptions(u.argv().get(0))) {
                int dynamic = 0;
                while (dynamic < rest.size() && rest.get(dynamic).literal()) {
                    dynamic++;
                }
                first = Math.min(first, dynamic);
                last = rest.size();
                continue;
            }
            int image = argv.size() - u.argv().size() - (k + 1);
            first = Math.min(first, image);
            last = Math.max(last, image);
        }
        return new ContainerRun(texts(rest.subList(0, first)), texts(rest.subList(0, last)));
    }

    /**
     * The options of {@code docker|podman compose run} (and {@code docker-compose run}), or null for
     * every other command. Both lists are the same: the compose option table is small and fixed,
     * and a dynamic option word gives null (nothing is read from it).
     */
    public static ContainerRun ofCompose(List<Word> argv) {
        List<Word> options = Wrappers.composeRunOptions(argv);
        return options == null || !options.stream().allMatch(Word::literal) ? null
                : new ContainerRun(texts(options), texts(options));
    }

    /**
     * One mount of a container run, as written.
     *
     * @param type   {@code bind} (a host path: absolute, {@code .}/{@code ..}-relative, {@code ~} or
     *               a HOME/PWD expansion), {@code volume} (a named volume), {@code anonymous}
     *               ({@code -v /data}: a fresh volume), {@code tmpfs}, or {@code other}
     * @param source the host side as written (empty for anonymous and tmpfs mounts)
     * @param target the path inside the container as written
     */
    public record Mount(String type, String source, String target) {
    }

    /**
     * Every mount among the options that may stand before the image ({@link #possible}):
     * {@code -v SRC:DST[:opts]}, {@code --volume[=]…}, {@code -vSRC:DST}, {@code --mount
     * type=…,source=…,target=…} and {@code --tmpfs DST[:opts]}.
     */
    public List<Mount> mounts() {
        List<Mount> out = new java.util.ArrayList<>();
        List<String> options = possible;
        for (int i = 0; i < options.size(); i++) {
            String a = options.get(i);
            String next = i + 1 < options.size() ? options.get(i + 1) : "";
            String spec = a.equals("-v") || a.equals("--volume") ? next
                    : a.startsWith("--volume=") ? a.substring(9)
                    : a.startsWith("-v") && a.length() > 2 && !a.startsWith("--") ? a.substring(2) : null;
            if (spec != null) {
                String[] parts = volumeParts(spec);
                if (parts.length == 1) {
                    out.add(new Mount("anonymous", "", parts[0]));
                } else {
                    out.add(new Mount(isHostPath(parts[0]) ? "bind" : "volume", parts[0], parts[1]));
                }
                continue;
            }
            String tmpfs = a.equals("--tmpfs") ? next : a.startsWith("--tmpfs=") ? a.substring(8) : null;
            if (tmpfs != null) {
                out.add(new Mount("tmpfs", "", tmpfs.split(":")[0]));
                continue;
            }
            String mount = a.equals("--mount") ? next : a.startsWith("--mount=") ? a.substring(8) : null;
            if (mount != null) {
                String type = "";
                String src = "";
                String dst = "";
                for (String field : mount.split(",")) {
                    int eq = field.indexOf('=');
                    String key = eq < 0 ? field : field.substring(0, eq);
                    String value = eq < 0 ? "" : field.substring(eq + 1);
                    switch (key) {
                        case "type" -> type = value;
                        case "source", "src" -> src = value;
                        case "target", "dst", "destination" -> dst = value;
                        default -> {
                            // readonly, bind-propagation, volume-opt…: no path
                        }
                    }
                }
                String t = type.equals("bind") || type.isEmpty() && isHostPath(src) ? "bind"
                        : type.equals("tmpfs") ? "tmpfs"
                        : type.isEmpty() || type.equals("volume") ? src.isEmpty() ? "anonymous" : "volume" : "other";
                out.add(new Mount(t, src, dst));
            }
        }
        return out;
    }

    /** True when a mount source names a host path, not a named volume: {@code /x}, {@code .}, {@code ../x}, {@code ~}, {@code $PWD}. */
    private static boolean isHostPath(String source) {
        return source.startsWith("/") || source.startsWith(".") || source.startsWith("~") || source.startsWith("$")
                || source.startsWith("`") || source.contains("/") || source.contains("\\");
    }

    /**
     * A {@code -v} spec split at its colons, a Windows drive's colon kept with its source
     * ({@code C:\:/host} and {@code c:/Users/dev:/data:ro}, as Docker on Windows reads them).
     */
    private static String[] volumeParts(String spec) {
        if (spec.length() > 2 && Character.isLetter(spec.charAt(0)) && spec.charAt(1) == ':'
                && (spec.charAt(2) == '\\' || spec.charAt(2) == '/')) {
            int colon = spec.indexOf(':', 2);
            if (colon > 0) {
                String[] rest = spec.substring(colon + 1).split(":");
                String[] out = new String[rest.length + 1];
                out[0] = spec.substring(0, colon);
                System.arraycopy(rest, 0, out, 1, rest.length);
                return out;
            }
        }
        return spec.split(":");
    }

    /** The value of the last {@code -w}/{@code --workdir} among the possible options, or null. */
    public String workdir() {
        String out = null;
        for (int i = 0; i < possible.size(); i++) {
            String a = possible.get(i);
            if ((a.equals("-w") || a.equals("--workdir")) && i + 1 < possible.size()) {
                out = possible.get(i + 1);
            } else if (a.startsWith("--workdir=")) {
                out = a.substring(10);
            } else if (a.startsWith("-w") && a.length() > 2 && !a.startsWith("--")) {
                out = a.substring(2);
            }
        }
        return out;
    }

    /**
     * True when the container certainly publishes a port ({@code -p 8080:80}, {@code -p8080:80},
     * {@code --publish=…}, {@code -P}): a service, which in the foreground runs until stopped. Read
     * from the certain options only: it makes the slow rules deny, and a word that may be the
     * container's own argument must not.
     */
    public boolean publishesPort() {
        for (String a : certain) {
            if (a.equals("-p") || a.equals("--publish") || a.equals("-P") || a.equals("--publish-all")
                    || a.startsWith("--publish=") || a.startsWith("-p") && a.length() > 2 && Character.isDigit(a.charAt(2))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code argv} (a container run) certainly names no command after the image, so the
     * image's own default command runs ({@code docker run -p 80:80 nginx}); false when a command
     * follows or where the image cannot be found. A command given is judged as its own segment.
     */
    public static boolean runsImageDefault(List<Word> argv) {
        return !defaultCommandImages(argv).isEmpty();
    }

    /**
     * The images a container run may start with their own default command, by repository name
     * without registry, tag or digest ({@code docker.io/library/nginx:1.27} is {@code nginx});
     * empty when a command follows or the image cannot be read.
     */
    public static List<String> defaultCommandImages(List<Word> argv) {
        List<Unwrap> readings = Launchers.containerImage(argv, subcommand(argv) + 1);
        if (readings.isEmpty() || !readings.stream().allMatch(u -> u.kind() != Kind.UNDETERMINED && u.argv().size() == 1)) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (Unwrap u : readings) {
            String image = u.argv().get(0).text();
            int at = image.indexOf('@');
            image = at >= 0 ? image.substring(0, at) : image;
            int slash = image.lastIndexOf('/');
            int colon = image.lastIndexOf(':');
            image = colon > slash ? image.substring(0, colon) : image;
            out.add(image.substring(slash + 1));
        }
        return out;
    }

    /** True when the container is certainly removed when its command ends ({@code --rm}). */
    public boolean removed() {
        return certain.contains("--rm") || certain.contains("--rm=true");
    }

    /** Global options of docker, podman and nerdctl (before the subcommand) that take a value. */
    private static final java.util.Set<String> GLOBAL_WITH_ARG = java.util.Set.of("-H", "--host", "-c", "--context", "--config",
            "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey", "--connection", "--url", "--identity", "--root",
            "--runroot", "--storage-driver", "--storage-opt", "--cgroup-manager", "--events-backend", "--runtime", "--tmpdir",
            "--module", "--network-cmd-path", "--ssh", "--conmon", "--hooks-dir", "--imagestore", "--volumepath", "-n",
            "--namespace", "-a", "--address", "--snapshotter", "--cni-path", "--cni-netconfpath", "--data-root", "--hosts-dir",
            "--insecure-registry", "--runtime-flag", "--network-config-dir");

    /**
     * The index of the subcommand ({@code run}, {@code create}, {@code unshare}…) of a docker,
     * podman or nerdctl command line, after the client's global options ({@code docker -H unix://…
     * run}, {@code podman --remote run}) and a {@code container} group word. An option the table
     * does not know is read as a flag, unless the word after it is no subcommand while the one
     * after that is {@code run} or {@code create}: then it took a value (fail closed).
     */
    public static int subcommand(List<Word> argv) {
        int k = 1;
        while (k < argv.size() && argv.get(k).text().startsWith("-") && !argv.get(k).text().equals("--")) {
            String t = argv.get(k).text();
            if (GLOBAL_WITH_ARG.contains(t)) {
                k += 2;
            } else if (!t.contains("=") && k + 2 < argv.size() && !argv.get(k + 1).text().startsWith("-")
                    && !java.util.Set.of("run", "create", "container", "unshare").contains(argv.get(k + 1).text())
                    && java.util.Set.of("run", "create", "container").contains(argv.get(k + 2).text())) {
                k += 2;
            } else {
                k++;
            }
        }
        if (k < argv.size() && argv.get(k).text().equals("container")) {
            k++;
        }
        return k;
    }

    /**
     * True for an unquoted expansion standing where the image should: {@code docker run $OPTS
     * alpine ls} may split into options ({@code --privileged}, {@code -v /:/host}) as well as the
     * image, so nothing after it is known.
     */
    static boolean mayHoldOptions(Word imageWord) {
        return !imageWord.literal() && !imageWord.raw().startsWith("\"");
    }

    private static List<String> texts(List<Word> words) {
        return words.stream().map(Word::text).toList();
    }
}
