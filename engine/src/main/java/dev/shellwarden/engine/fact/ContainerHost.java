package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ContainerRun;
import dev.shellwarden.grammar.Regex;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When a container or a pod gets the host itself: a bind mount of the root, a system or home
 * directory or an engine socket, {@code --privileged}, the host's namespaces, a dangerous
 * capability or a raw device ({@code docker|podman|nerdctl run|create}, compose, LXD/Incus,
 * {@code kubectl debug node/N} and privileged overrides), and what a command run inside such a
 * container does to the mounted host (a recursive delete of a mounted protected folder, a write to
 * a login file, a critical system file or a private key). The rules read these through
 * {@link Cmd#isContainerHostAccess}, {@link Cmd#getContainerProtectedMounts},
 * {@link Cmd#deletesMountedHost} and {@link Cmd#writesMountedHostFile}.
 *
 * <p>It reads only the {@link Cmd} (and {@link Ctx}) it is given. INVARIANT: every option that may
 * stand before the image is read ({@link ContainerRun#possible}), so an option the reading is
 * unsure of tightens, never loosens.
 */
final class ContainerHost {

    private ContainerHost() {
    }

    /** Host paths whose mount into a container hands it the machine: the root, system directories, homes, the Docker socket. */
    private static final Set<String> CONTAINER_SOCKETS = Set.of("/var/run/docker.sock", "/run/docker.sock",
            "/run/podman/podman.sock", "/run/containerd/containerd.sock", "/var/run/containerd/containerd.sock");

    /**
     * For {@code docker|podman|nerdctl run|create}: true when the container gets the host itself —
     * a bind mount of the root, a system directory, a home directory or a container-engine socket,
     * {@code --privileged}, the host's PID namespace, a dangerous capability, or a raw disk or
     * memory device. Any of these makes root in the container root on the host.
     */
    static boolean isContainerHostAccess(Cmd c) {
        if (c.named("kubectl oc")) {
            return kubectlHostAccess(c);
        }
        if (c.named("lxc incus")) {
            // a privileged or nesting container, raw LXC/AppArmor/idmap settings, or a disk device
            // that passes the host's root, a system or home directory in
            return Regex.matches(String.join(" ", c.getArgs()), "(?s).*security\\.(privileged|nesting)[= ]+(true|1|yes).*|(?s).*raw\\.(lxc|idmap|apparmor|seccomp).*")
                    || c.getArgs().contains("disk") && c.getArgs().stream().anyMatch(a -> a.startsWith("source=") && isHostSensitive(a.substring(7)));
        }
        ContainerRun run = ContainerRun.of(c.argvWords) != null ? ContainerRun.of(c.argvWords) : ContainerRun.ofCompose(c.argvWords);
        if (run == null) {
            return false;
        }
        // every option that may stand before the image (see ContainerRun: this rule tightens)
        List<String> options = run.possible();
        for (int i = 0; i < options.size(); i++) {
            String a = options.get(i);
            String next = i + 1 < options.size() ? options.get(i + 1) : "";
            String key = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : next;
            if (a.equals("--privileged") || a.equals("--privileged=true")) {
                return true;
            }
            switch (key) {
                case "--pid", "--userns", "--cgroupns", "--uts" -> {
                    if (value.equals("host")) {
                        return true;
                    }
                }
                case "--cap-add" -> {
                    if (Regex.matches(value.toUpperCase(java.util.Locale.ROOT),
                            "(CAP_)?(ALL|SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH|DAC_OVERRIDE|SYS_BOOT)")) {
                        return true;
                    }
                }
                case "--device" -> {
                    String dev = value.contains(":") ? value.substring(0, value.indexOf(':')) : value;
                    if (PathFacts.isBlockDevice(dev) || dev.equals("/dev/mem") || dev.equals("/dev/kmem") || dev.equals("/dev/port")) {
                        return true;
                    }
                }
                default -> {
                    // mounts: see containerMounts
                }
            }
        }
        return containerMounts(options).stream().anyMatch(m -> isHostSensitive(m[0]));
    }

    /**
     * kubectl's pods with the node itself: {@code kubectl debug node/N} (the node's root file
     * system at /host, its namespaces shared), {@code --profile=sysadmin}, or {@code kubectl run
     * --overrides} asking for a privileged container, the host's PID, IPC or network namespace or
     * a hostPath volume.
     */
    private static boolean kubectlHostAccess(Cmd c) {
        if (c.sub("debug")) {
            return isKubectlNodeDebug(c) || Regex.matches(c.valueOf("--profile"), "sysadmin|netadmin");
        }
        if (c.sub("run") || c.sub("create") || c.sub("apply") || c.sub("patch")) {
            String o = c.valueOf("--overrides --patch -p");
            return Regex.matches(o, "(?s).*(\"privileged\"\\s*:\\s*true|\"host(PID|IPC|Network|Users)\"\\s*:\\s*true|\"hostPath\"|\"allowPrivilegeEscalation\"\\s*:\\s*true|\"SYS_ADMIN\"|\"ALL\").*");
        }
        return false;
    }

    /** True for {@code kubectl debug node/NAME} (or {@code nodes/}, {@code no/}): a pod on the node with its root at /host. */
    private static boolean isKubectlNodeDebug(Cmd c) {
        return c.named("kubectl oc") && c.sub("debug") && c.getOperands().stream().anyMatch(o -> Regex.matches(o, "(node|nodes|no)/.+"));
    }

    /**
     * The mounts with a source among a container run's options, as {@code {source, target}}: bind
     * mounts and named volumes, read by {@link ContainerRun#mounts} (tmpfs and anonymous volumes
     * have no source).
     */
    private static List<String[]> containerMounts(List<String> options) {
        return new ContainerRun(options, options).mounts().stream().filter(m -> !m.source().isEmpty())
                .map(m -> new String[] {m.source(), m.target()}).toList();
    }

    /**
     * The protected host directories (the root, a home, a system directory) that a container run
     * mounts, by their path inside the container; empty for every other command.
     */
    static Map<String, String> getContainerProtectedMounts(Cmd c) {
        if (isKubectlNodeDebug(c)) {
            return Map.of("/host", "/");
        }
        ContainerRun run = ContainerRun.of(c.argvWords) != null ? ContainerRun.of(c.argvWords) : ContainerRun.ofCompose(c.argvWords);
        if (run == null) {
            return Map.of();
        }
        Map<String, String> out = new java.util.TreeMap<>();
        for (String[] m : containerMounts(run.possible())) {
            if (!m[1].startsWith("/")) {
                continue;
            }
            if (PathFacts.isRootLike(m[0]) || PathFacts.isSystemDir(m[0]) || isHome(m[0])) {
                out.put(PathFacts.normalize(m[1]), m[0]);
            }
        }
        return out;
    }

    private static boolean isHome(String src) {
        String s = PathFacts.unquote(src);
        return s.equals("~") || s.equals("~/") || s.equals("$HOME") || s.equals("${HOME}") || s.equals("$HOME/") || s.equals("${HOME}/");
    }

    /**
     * True when this command, run inside a container with the given mounts (container path to
     * host path), recursively deletes a mounted protected host directory, a directory above its
     * mount point, or a system or home directory below it ({@code docker run -v /:/host alpine
     * rm -rf /host}).
     */
    static boolean deletesMountedHost(Cmd c, Map<String, String> mounts) {
        if (mounts.isEmpty() || !c.isRecursiveDelete()) {
            return false;
        }
        // the container's paths as written (this fact may judge them as the host's)
        for (String target : c.asWritten().getDeleteTargets()) {
            String t = PathFacts.normalize(PathFacts.unquote(target));
            if (!t.startsWith("/")) {
                continue;
            }
            for (var m : mounts.entrySet()) {
                String dst = m.getKey();
                // the root itself is SW2001's already, in a container or not
                if (t.equals(dst) || !t.equals("/") && dst.startsWith(t + "/") || t.equals(dst + "/*")) {
                    return true;
                }
                if (t.startsWith(dst + "/")) {
                    String host = m.getValue() + t.substring(dst.length());
                    if (PathFacts.isRootLike(host) || PathFacts.isSystemDir(host)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * True when this command, run inside a container, writes or deletes a file that a mount maps
     * to a login file, a critical system file or a private key of the host
     * ({@code docker run -v /:/host alpine sh -c ': > /host/etc/passwd'}).
     */
    static boolean writesMountedHostFile(Cmd c, Map<String, String> mounts, Ctx ctx) {
        if (mounts.isEmpty()) {
            return false;
        }
        String home = PathFacts.normalize(ctx.home());
        for (String target : c.asWritten().writeAndDeleteTargets()) {
            String t = PathFacts.normalize(PathFacts.unquote(target));
            for (var m : mounts.entrySet()) {
                String dst = m.getKey();
                if (!t.startsWith(dst + "/")) {
                    continue;
                }
                String host = PathFacts.resolve(m.getValue() + t.substring(dst.length()), "/", ctx.home());
                String tilde = host.startsWith(home + "/") ? "~" + host.substring(home.length()) : host;
                if (PathFacts.isPersistence(host) || PathFacts.isPersistence(tilde) || PathFacts.isCriticalSystemFile(host)
                        || host.startsWith(home + "/.ssh/") && !host.endsWith(".pub")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isHostSensitive(String src) {
        if (src.isEmpty()) {
            return false;
        }
        String n = PathFacts.normalize(src);
        return CONTAINER_SOCKETS.contains(n) || PathFacts.isRootLike(src) || PathFacts.isSystemDir(src)
                || n.equals("/proc") || n.equals("/sys") || n.equals("/dev") || n.equals("/boot")
                || n.startsWith("/etc") || n.startsWith("/root") || src.equals("~") || src.startsWith("~/.ssh") || n.contains("/.ssh");
    }
}
