package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ContainerRun;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The host paths behind the paths of a command that runs inside a container started by the same
 * text ({@code docker|podman|nerdctl run|create IMAGE CMD}, {@code docker compose run SERVICE CMD}).
 *
 * <p>WHY: the splitter hands the container's command to the rules as a segment of its own, whose
 * words name the container's paths. Judged as host paths they mislead both ways:
 * {@code docker run --rm -v ./data:/data alpine rm -rf /data/cache} cleans a project folder, not
 * {@code /data}; {@code docker run --rm -v ..:/x alpine rm -rf /x} deletes the home. Each such
 * segment is judged through a copy whose path words are the host's: a path under a bind mount
 * becomes the mount's host path ({@code /data/cache} → {@code PROJECT/data/cache}); a path under
 * no mount, in a container that is removed when it ends ({@code --rm}) and gets nothing of the
 * host, is the container's own file and becomes a path under {@link #PRIVATE_ROOT}, a temporary
 * directory the rules do not protect.
 *
 * <p>WHY in the facts, not the grammar: the segment keeps the words as the agent wrote them
 * (explain shows them, SW2035/SW2039 read them); which host path a mount source names depends on
 * the working directory, the project and the home, which only the facts know ({@link Ctx},
 * {@link WorkingDirs}). The grammar reads the mounts ({@link ContainerRun#mounts()}); this class
 * resolves them.
 *
 * <p>INVARIANT (fail closed): a path stays as written — judged as a host path, as before — when
 * its host side is not known: a named volume, a source with an unknown expansion, an ancestor of
 * a mount point or a glob that may reach one ({@code rm -rf /} deletes every mount), the kernel's
 * {@code /proc}, {@code /sys} and {@code /dev}, a container that is kept ({@code create}, no
 * {@code --rm}), a compose service (its file's volumes are unknown), a container with host access
 * (privileged, host PID, a system mount), one that shares another's volumes or names its root
 * ({@code --volumes-from}, {@code --rootfs}), one on another machine's engine, and one with the
 * engine's socket (its commands reach the host's daemon). The redirections of the container's
 * command itself are the host shell's and are never changed; {@code ~} and relative words are
 * left to the working directories ({@link WorkingDirs}), which start at the mapped {@code -w}.
 */
public final class ContainerPaths {

    /** Where the container's own files are judged: a temporary directory, as they vanish with it. */
    public static final String PRIVATE_ROOT = "/tmp/.container-files";

    /** Marks a mount whose contents are the container's own (tmpfs, an anonymous volume of a removed container). */
    private static final String PRIVATE = "\0private";

    /** A word that may be a path: no blanks and no code punctuation ({@code awk '/x/ {print}'} is no path; find's {@code {}} is). */
    private static final Pattern PATH_LIKE = Pattern.compile("/[^\\s'\"();|&<>]*");

    /** Engine sockets: a container with one drives the host's engine, whose mounts are the host's paths. */
    private static final Set<String> SOCKETS = Set.of("/var/run/docker.sock", "/run/docker.sock", "/run/podman/podman.sock",
            "/run/containerd/containerd.sock", "/var/run/containerd/containerd.sock");

    private ContainerPaths() {
    }

    /**
     * The segments to judge and where the container's commands start.
     *
     * @param segments the segments, translated where they run in a container (same ids)
     * @param starts   by segment id, the host directories a container's command starts in
     * @param inside   ids of the segments that run in a container
     */
    public record Judged(List<Segment> segments, Map<Integer, List<String>> starts, Set<Integer> inside) {
    }

    /** The mounts of one container run and whether its own files vanish with it. */
    private record View(Map<String, String> hosts, boolean throwaway, List<String> starts) {
    }

    /** The segments of a command as they are judged (see the class comment). */
    public static Judged of(List<Segment> segments, Ctx ctx) {
        boolean any = false;
        for (Segment s : segments) {
            any |= run(s.argv()) != null;
        }
        if (!any) {
            return new Judged(segments, Map.of(), Set.of());
        }
        List<List<String>> dirs = WorkingDirs.of(segments, ctx);
        List<Segment> out = new ArrayList<>(segments);
        Map<Integer, View> launchers = new HashMap<>();
        Map<Integer, View> views = new HashMap<>();
        /* segments whose words are the host shell's: the container's command and what wrappers unwrap from it */
        Set<Integer> hostWords = new HashSet<>();
        Set<Integer> barriers = new HashSet<>();
        Map<Integer, List<String>> starts = new HashMap<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            int up = s.parent();
            View v = null;
            boolean direct = false;
            if (up >= 0 && !barriers.contains(up)) {
                View launcher = launchers.get(up);
                if (launcher != null && s.provenance() == Provenance.WRAPPED) {
                    v = launcher;
                    direct = true;
                    if (!launcher.starts().isEmpty()) {
                        starts.put(s.id(), launcher.starts());
                    }
                } else if (views.containsKey(up)) {
                    v = views.get(up);
                    direct = hostWords.contains(up) && (s.provenance() == Provenance.WRAPPED
                            || s.provenance() == Provenance.XARGS || s.provenance() == Provenance.FIND_EXEC);
                }
            }
            if (v != null) {
                views.put(s.id(), v);
                if (direct) {
                    hostWords.add(s.id());
                }
                out.set(i, translate(s, v, direct));
                if (run(s.argv()) != null) {
                    barriers.add(s.id()); // a container started from inside one: its paths are not this one's
                }
                continue;
            }
            View own = view(s, dirs.get(s.id()), ctx);
            if (own != null) {
                launchers.put(s.id(), own);
            }
        }
        return new Judged(List.copyOf(out), Map.copyOf(starts), Set.copyOf(views.keySet()));
    }

    /** The options of a container run, or null for every other command. */
    private static ContainerRun run(List<Word> argv) {
        ContainerRun r = ContainerRun.of(argv);
        return r != null ? r : ContainerRun.ofCompose(argv);
    }

    /** The view of a container run's segment, or null when it is none or its paths cannot be mapped. */
    private static View view(Segment s, List<String> dirs, Ctx ctx) {
        ContainerRun run = ContainerRun.of(s.argv());
        boolean compose = false;
        if (run == null) {
            run = ContainerRun.ofCompose(s.argv());
            compose = true;
        }
        if (run == null || !run.certain().equals(run.possible())) {
            return null;
        }
        for (String o : run.possible()) {
            if (o.startsWith("--volumes-from") || o.startsWith("--rootfs") || o.startsWith("--volume-driver")) {
                return null;
            }
        }
        Cmd c = new Cmd(s, Placement.alone());
        if (c.namesRemoteEngine()) {
            return null;
        }
        String cwd = dirs.isEmpty() ? ctx.cwdOrProject() : dirs.size() == 1 && !dirs.get(0).equals(WorkingDirs.UNKNOWN) ? dirs.get(0)
                : widest(dirs, ctx.project());
        boolean created = s.argv().size() > ContainerRun.subcommand(s.argv())
                && s.argv().get(ContainerRun.subcommand(s.argv())).text().equals("create");
        boolean throwaway = !compose && !created && run.removed() && !c.isContainerHostAccess();
        Map<String, String> hosts = new HashMap<>();
        for (ContainerRun.Mount m : run.mounts()) {
            String target = PathFacts.normalize(m.target());
            if (!target.startsWith("/") || target.contains("$") || target.contains("`")) {
                return null;
            }
            String host = switch (m.type()) {
                case "bind" -> hostPath(m.source(), cwd, ctx);
                case "tmpfs", "anonymous" -> throwaway ? PRIVATE : null;
                default -> null;
            };
            if (host != null && !host.equals(PRIVATE) && SOCKETS.contains(host)) {
                return null;
            }
            if (hosts.containsKey(target) && !java.util.Objects.equals(hosts.get(target), host)) {
                host = null; // the same mount point twice: which one wins is the engine's business
            }
            hosts.put(target, host);
        }
        // where the command starts: the -w directory, else the image's (unknown: the container's own, or any mount)
        String workdir = run.workdir();
        Set<String> start = new LinkedHashSet<>();
        View partial = new View(hosts, throwaway, List.of());
        if (workdir != null) {
            String w = workdir.startsWith("/") && !workdir.contains("$") && !workdir.contains("`") ? map(workdir, partial) : null;
            if (w != null) {
                start.add(w);
            } else if (throwaway || hosts.values().stream().anyMatch(h -> h != null && !h.equals(PRIVATE))) {
                start.add(WorkingDirs.UNKNOWN);
            }
        } else if (!hosts.isEmpty() || throwaway) {
            start.add(throwaway ? PRIVATE_ROOT : cwd.isEmpty() ? WorkingDirs.UNKNOWN : cwd);
            for (String h : hosts.values()) {
                start.add(h == null ? WorkingDirs.UNKNOWN : h.equals(PRIVATE) ? PRIVATE_ROOT : h);
            }
        }
        // unknown hosts stay as null values: a path under them is kept as written
        return new View(java.util.Collections.unmodifiableMap(hosts), throwaway, List.copyOf(start));
    }

    /**
     * Of several known directories a container run may start in, the one that holds all the
     * others and is outside the project ({@code false || cd / && docker run -v .:/src …}: the
     * project or {@code /}, so {@code /}), or "" (not known) when one is unknown, none holds the
     * rest, or the widest is the project or inside it. WHY: a relative mount source then names the
     * widest folder it may name, outside the project as the path kept as written is, so a delete
     * under the mount is judged at least as strictly as before; inside the project a narrower
     * reading may reach what the widest misses ({@code .git}), so those stay unknown.
     */
    private static String widest(List<String> dirs, String project) {
        if (dirs.stream().anyMatch(d -> d.equals(WorkingDirs.UNKNOWN) || !d.startsWith("/"))) {
            return "";
        }
        for (String d : dirs) {
            String prefix = d.equals("/") ? "/" : d + "/";
            if (dirs.stream().allMatch(o -> o.equals(d) || o.startsWith(prefix))) {
                return d.equals(project) || d.startsWith(project + "/") ? "" : d;
            }
        }
        return "";
    }

    /** The host path a bind mount's source names, or null when it is not known from the text. */
    private static String hostPath(String source, String cwd, Ctx ctx) {
        String src = source;
        // the working directory by command substitution, as `docker run -v "$(pwd)":/src` is written
        // in every README; $PWD, ~ and the rest are PathFacts' known expansions
        for (String pwd : new String[] {"$(pwd)", "`pwd`", "$(pwd -P)"}) {
            if (src.equals(pwd) || src.startsWith(pwd + "/")) {
                if (cwd.isEmpty()) {
                    return null;
                }
                src = cwd + src.substring(pwd.length());
                break;
            }
        }
        return PathFacts.resolveKnown(src, cwd, ctx.home());
    }

    /** The container path {@code path} (absolute) as the host path to judge, or null to keep it as written. */
    private static String map(String path, View v) {
        String n = PathFacts.normalize(path);
        for (String kernel : new String[] {"/proc", "/sys", "/dev"}) {
            if (n.equals(kernel) || n.startsWith(kernel + "/")) {
                return null;
            }
        }
        int glob = firstGlob(n);
        String reach = glob < 0 ? n : n.substring(0, Math.max(0, n.lastIndexOf('/', glob)));
        if (reach.isEmpty() || reach.equals("/")) {
            return null; // the root and its globs hold every mount, the engine's own included: as written
        }
        String best = null;
        for (String target : v.hosts().keySet()) {
            if (below(target, reach)) {
                return null; // the path or its glob contains a mount point
            }
            if ((n.equals(target) || below(n, target)) && (best == null || target.length() > best.length())) {
                best = target;
            }
        }
        if (best == null) {
            return v.throwaway() ? PRIVATE_ROOT + n : null;
        }
        String host = v.hosts().get(best);
        if (host == null) {
            return null;
        }
        String rest = n.substring(best.equals("/") ? 0 : best.length());
        return host.equals(PRIVATE) ? PRIVATE_ROOT + n : rest.isEmpty() ? host : PathFacts.normalize(host + "/" + rest);
    }

    /** The known host sides of the mounts at or below a path-like word's path (or the reach of its glob). */
    private static List<String> hostsBelow(String text, View v) {
        if (!text.startsWith("/") || !PATH_LIKE.matcher(text).matches()) {
            return List.of();
        }
        String n = PathFacts.normalize(text);
        int glob = firstGlob(n);
        String reach = glob < 0 ? n : n.substring(0, Math.max(0, n.lastIndexOf('/', glob)));
        if (reach.isEmpty()) {
            reach = "/";
        }
        List<String> out = new ArrayList<>();
        for (var e : v.hosts().entrySet()) {
            if (below(e.getKey(), reach) && e.getValue() != null && !e.getValue().equals(PRIVATE) && !out.contains(e.getValue())) {
                out.add(e.getValue());
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** True when {@code path} lies strictly below {@code dir}. */
    private static boolean below(String path, String dir) {
        return dir.equals("/") ? !path.equals("/") && path.startsWith("/") : path.startsWith(dir + "/");
    }

    private static int firstGlob(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[') {
                return i;
            }
        }
        return -1;
    }

    /** The segment with its container paths replaced by the host's; redirections only when the container's shell made them. */
    private static Segment translate(Segment s, View v, boolean hostWords) {
        List<Word> argv = new ArrayList<>();
        argv.add(s.argv().get(0));
        boolean changed = false;
        for (int i = 1; i < s.argv().size(); i++) {
            Word w = s.argv().get(i);
            String t = translate(w.text(), v);
            if (!t.equals(w.text())) {
                argv.add(new Word(t, t, w.literal(), w.features()));
                changed = true;
                continue;
            }
            // a path above mount points (`rm -rf /src` with `-v ~/.ssh:/src/keys`) reaches their host sides too:
            // they are judged as further operands before the word itself
            String name = s.argv().get(0).text();
            for (String host : Set.of("cd", "pushd").contains(name) ? List.<String>of() : hostsBelow(w.text(), v)) {
                argv.add(new Word(host, host, w.literal(), w.features()));
                changed = true;
            }
            argv.add(w);
        }
        List<Redirect> redirects = new ArrayList<>(s.redirects());
        if (!hostWords) {
            for (int i = 0; i < redirects.size(); i++) {
                Redirect r = redirects.get(i);
                String t = translate(r.target().text(), v);
                if (!t.equals(r.target().text())) {
                    redirects.set(i, new Redirect(r.op(), r.fd(), new Word(t, t, r.target().literal(), r.target().features())));
                    changed = true;
                }
            }
        }
        return !changed ? s : new Segment(s.id(), s.parent(), s.depth(), s.provenance(), s.wrappers(), argv, s.assignments(),
                redirects, s.heredocs(), s.position(), s.opaqueReasons());
    }

    /** A word's text with a leading container path, or one after {@code NAME=} / {@code --opt=}, mapped. */
    private static String translate(String text, View v) {
        int eq = text.indexOf('=');
        String head = "";
        String path = text;
        if (!text.startsWith("/") && eq > 0 && text.startsWith("/", eq + 1)) {
            head = text.substring(0, eq + 1);
            path = text.substring(eq + 1);
        }
        if (!path.startsWith("/") || !PATH_LIKE.matcher(path).matches()) {
            return text;
        }
        String mapped = map(path, v);
        if (mapped == null) {
            return text;
        }
        if (path.endsWith("/") && !mapped.endsWith("/")) {
            mapped += "/";
        }
        return head + mapped;
    }

    /**
     * A container's system files and folders: accounts, privileges, logins, loader and schedule
     * settings under {@code /etc} (or {@code /etc} whole), its programs and libraries, root's home
     * and the boot files. An application's folders ({@code /app}, {@code /srv}, {@code /opt},
     * {@code /var/www}, {@code /tmp}) and its own configuration ({@code /etc/app/app.yaml},
     * {@code /etc/nginx/conf.d}) are not here: copying a build or a setting there is everyday deployment.
     */
    private static final List<String> CONTAINER_SYSTEM = List.of("/etc/passwd", "/etc/shadow", "/etc/group",
            "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/ssh", "/etc/pam.d", "/etc/security", "/etc/profile",
            "/etc/profile.d", "/etc/bash.bashrc", "/etc/environment", "/etc/ld.so.preload", "/etc/ld.so.conf",
            "/etc/ld.so.conf.d", "/etc/crontab", "/etc/cron.d", "/etc/cron.hourly", "/etc/cron.daily", "/etc/init.d",
            "/etc/rc.local", "/etc/systemd", "/etc/hosts", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
            "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/local/bin", "/usr/local/sbin",
            "/usr/local/lib", "/root", "/boot", "/var/spool/cron");

    /**
     * Login keys and shell start-up files in a container user's home ({@code /home/app/.ssh},
     * {@code /home/app/.bashrc}): a key copied there opens the container to whoever holds it, a
     * start-up file runs at the next login, as root's home ({@code /root}) does.
     */
    private static final Pattern HOME_LOGIN = Pattern.compile("/home/[^/]+/(\\.ssh|\\.bashrc|\\.bash_profile|\\.profile|\\.zshrc)(/.*)?");

    /** Global and cp options of the copying clients that take the next word (kubectl's, oc's, compose's). */
    private static final String CP_VALUE_OPTIONS = "-n --namespace -c --container --context --kubeconfig --cluster --user -s --server"
            + " --token --retries -f --file -p --project-name --profile --env-file --project-directory -H --host --config --log-level";

    /**
     * True when {@code docker|podman|nerdctl|kubectl|oc cp SRC CONTAINER:DEST} (also
     * {@code docker container cp}, {@code docker compose cp}, {@code docker-compose cp}) copies into a
     * container's system folder ({@link #CONTAINER_SYSTEM}, {@link #HOME_LOGIN}):
     * {@code docker cp /tmp/x c:/etc/passwd} replaces the container's accounts, {@code c:/usr/local/bin/node}
     * one of its programs. WHY ask,
     * not the host's floor: the copy lands in the container's own file system, whose mounts this
     * text does not show (a write by {@code docker exec c sh -c …} is judged as a host path for that
     * reason); a copy changes the container's system as {@code docker exec} would, so the user
     * decides. A relative destination (the container's working folder) and a copy out of the
     * container ({@code docker cp c:/app/log ./log}, a write on this machine) are not read here.
     *
     * <p>WHY the source's name too: into an existing folder cp puts the source under its own name
     * ({@code docker cp ./bin c:/usr/local} writes {@code /usr/local/bin}, {@code ./.ssh c:/home/app}
     * the user's keys), so {@code DEST/NAME} is read beside {@code DEST}. A tar stream ({@code -})
     * or a folder's contents ({@code ./dir/.}) land as they are: a destination above a system
     * folder ({@code c:/usr/local}, {@code c:/var/spool}) asks then, as their names are not shown.
     */
    static boolean copiesIntoContainerSystem(Cmd c) {
        if (!c.named("docker podman nerdctl kubectl oc docker-compose podman-compose")) {
            return false;
        }
        List<String> ops = c.positionals(CP_VALUE_OPTIONS);
        // `docker container cp`, `docker compose cp`: the object word before cp
        if (!ops.isEmpty() && (ops.get(0).equals("container") || ops.get(0).equals("compose"))) {
            ops = ops.subList(1, ops.size());
        }
        if (ops.size() < 3 || !ops.get(0).equals("cp")) {
            return false;
        }
        String dest = PathFacts.unquote(ops.get(ops.size() - 1));
        int colon = dest.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        String path = dest.substring(colon + 1);
        // a relative path, or a Windows drive's (`C:\x`): not the container's system
        if (!path.startsWith("/")) {
            return false;
        }
        String n = PathFacts.normalize(path);
        String src = PathFacts.unquote(ops.get(ops.size() - 2));
        boolean contentsUnnamed = src.equals("-") || src.endsWith("/.") || src.equals(".");
        String srcName = PathFacts.normalize(src).replaceAll(".*/", "");
        return systemPath(n) || n.equals("/") || n.equals("/etc") || n.equals("/usr")
                || !contentsUnnamed && !srcName.isEmpty() && systemPath(PathFacts.normalize(n + "/" + srcName))
                || contentsUnnamed && CONTAINER_SYSTEM.stream().anyMatch(d -> d.startsWith(n.equals("/") ? "/" : n + "/"));
    }

    /** True for a container path in or below {@link #CONTAINER_SYSTEM} or {@link #HOME_LOGIN}. */
    private static boolean systemPath(String n) {
        return CONTAINER_SYSTEM.stream().anyMatch(d -> n.equals(d) || n.startsWith(d + "/")) || HOME_LOGIN.matcher(n).matches();
    }
}
