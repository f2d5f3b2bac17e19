package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which engine a container or cluster client talks to, and whether it changes it: docker, podman
 * and docker-compose pointed at another machine's engine (a {@code -H}/{@code --host} that is not
 * a local socket or loopback address, a context or connection that is not a local engine's,
 * {@code DOCKER_HOST=} as a prefix or an export, {@code docker context use}), a context re-pointed
 * where later commands would not see it, kubectl's and helm's API server named on the command
 * line, and the engine subcommands that do more than read. The rules read these through
 * {@link Cmd#namesRemoteEngine}, {@link Cmd#changesContainerEngine}, {@link Cmd#namesRemoteApiServer}
 * and their siblings.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: a computed address or context counts as
 * remote; an unknown subcommand counts as a change.
 */
final class ContainerEngines {

    private ContainerEngines() {
    }

    /**
     * True when a kubectl, oc or helm command names the Kubernetes API server itself and the server
     * is not on this machine: kubectl's {@code --server URL}, {@code -s URL} ({@code -sURL},
     * {@code -s=URL}, {@code --server=URL}, before or after the subcommand), helm's
     * {@code --kube-apiserver URL} and {@code HELM_KUBEAPISERVER=URL}; or when kubectl re-points a
     * configured cluster at such a server ({@code kubectl config set-cluster NAME --server URL},
     * {@code kubectl config set clusters.NAME.server URL}), which every later command then uses.
     *
     * <p>WHY: the client sends the current context's credentials (its bearer token or client
     * certificate) to whatever server is named; a server the command chooses receives them. A
     * computed value ({@code -s "$S"}) counts, as it may be any server.
     */
    static boolean namesRemoteApiServer(Cmd c) {
        if (!c.named("kubectl oc k helm")) {
            return false;
        }
        List<String> servers = new ArrayList<>();
        String apiserver = c.assigned("HELM_KUBEAPISERVER");
        if (!apiserver.isEmpty()) {
            servers.add(apiserver);
        }
        boolean kube = !c.getName().equals("helm");
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (a.equals("--")) {
                break;
            }
            String next = i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : "";
            if (a.equals("--kube-apiserver") || kube && (a.equals("--server") || a.equals("-s"))) {
                servers.add(next);
            } else if (a.startsWith("--kube-apiserver=") || kube && a.startsWith("--server=")) {
                servers.add(a.substring(a.indexOf('=') + 1));
            } else if (kube && a.startsWith("-s") && !a.startsWith("--") && a.length() > 2) {
                servers.add(a.startsWith("-s=") ? a.substring(3) : a.substring(2));
            } else if (kube && Regex.matches(a, "clusters\\..+\\.server") && c.sub("config") && c.anyArg("set")) {
                servers.add(next);
            }
        }
        for (String s : servers) {
            String v = PathFacts.unquote(s);
            if (!v.isEmpty() && !Regex.matches(v, Cmd.LOOPBACK_ADDRESS)) {
                return true;
            }
        }
        return false;
    }

    /** Docker context names that are this machine's engine (the default socket, Docker Desktop, Colima, OrbStack, Rancher Desktop, rootless, a podman machine). */
    private static final String LOCAL_ENGINE_CONTEXT =
            "default|desktop-linux|desktop-windows|colima(-[\\w.-]+)?|orbstack|rancher-desktop|rootless|podman-machine-default(-root)?";

    /** True when an engine address ({@code DOCKER_HOST}, {@code -H}, podman's {@code --url}) is this machine's: a socket, a named pipe or a loopback address. */
    private static boolean localEngineAddress(String value) {
        String v = PathFacts.unquote(value);
        return v.isEmpty() || Regex.matches(v, "(?i)(unix|npipe)://.*") || Regex.matches(v, Cmd.LOOPBACK_ADDRESS);
    }

    /** True when a docker context or podman connection name is a local engine's. */
    private static boolean localEngineContext(String value) {
        String v = PathFacts.unquote(value);
        return v.isEmpty() || Regex.matches(v, LOCAL_ENGINE_CONTEXT);
    }

    /** podman's options before the subcommand that take a value. */
    private static final Set<String> PODMAN_GLOBAL_VALUES = Words.setOf("-c --connection --url --identity --root --runroot --log-level"
            + " --storage-driver --storage-opt --cgroup-manager --events-backend --module --network-cmd-path --runtime --tmpdir --volumepath --imagestore");

    /**
     * The options a docker, docker-compose or podman command gives before its subcommand, as
     * name/value pairs ({@code -H ssh://x}, {@code --host=ssh://x}, {@code -Hssh://x}, {@code -c prod});
     * switches get an empty value. Options after the subcommand belong to it ({@code docker run -c 512}
     * is a CPU share, {@code docker exec db psql -c …} the program's own).
     */
    private static List<String[]> engineGlobalOptions(Cmd c) {
        Set<String> withValue = c.getName().equals("podman") ? PODMAN_GLOBAL_VALUES : Cmd.DOCKER_GLOBAL_VALUES;
        if (c.getName().equals("docker-compose")) {
            // docker-compose v1 takes docker's engine options among its own (`-f prod.yml -H ssh://x down`)
            withValue = new java.util.HashSet<>(Cmd.DOCKER_GLOBAL_VALUES);
            withValue.addAll(Cmd.COMPOSE_VALUES);
        }
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (!a.startsWith("-") || a.equals("-") || a.equals("--")) {
                break;
            }
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                out.add(new String[] {a.substring(0, eq), a.substring(eq + 1)});
            } else if (withValue.contains(a)) {
                out.add(new String[] {a, i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : ""});
                i++;
            } else if (!a.startsWith("--") && a.length() > 2 && withValue.contains(a.substring(0, 2))) {
                out.add(new String[] {a.substring(0, 2), a.charAt(2) == '=' ? a.substring(3) : a.substring(2)});
            } else {
                out.add(new String[] {a, ""});
            }
        }
        return out;
    }

    /**
     * True when a docker, docker-compose or podman command talks to another machine's engine: a
     * {@code -H}/{@code --host} that is not a local socket or loopback address, a {@code --context}
     * (or {@code -c}) that is not a local engine's, {@code DOCKER_HOST=}/{@code DOCKER_CONTEXT=} as
     * a prefix, podman's {@code --remote}, {@code --url}, {@code --connection},
     * {@code CONTAINER_HOST=} and {@code CONTAINER_CONNECTION=}. A computed value counts.
     */
    static boolean namesRemoteEngine(Cmd c) {
        if (!c.named("docker podman docker-compose")) {
            return false;
        }
        for (String[] o : engineGlobalOptions(c)) {
            switch (o[0]) {
                case "-H", "--host", "--url" -> {
                    if (!localEngineAddress(o[1])) {
                        return true;
                    }
                }
                case "-c", "--context", "--connection" -> {
                    if (!localEngineContext(o[1])) {
                        return true;
                    }
                }
                case "-r", "--remote" -> {
                    if (c.getName().equals("podman") && !o[1].equalsIgnoreCase("false")) {
                        return true;
                    }
                }
                default -> { }
            }
        }
        return assignsRemoteEngine(c.getAssignments());
    }

    /** True when one of the assignments points docker or podman at another machine's engine. */
    private static boolean assignsRemoteEngine(List<String> words) {
        for (String a : words) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String var = a.substring(0, eq);
            String value = a.substring(eq + 1);
            if ((var.equals("DOCKER_HOST") || var.equals("CONTAINER_HOST")) && !localEngineAddress(value)
                    || (var.equals("DOCKER_CONTEXT") || var.equals("CONTAINER_CONNECTION")) && !localEngineContext(value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when an export, a declaration or a bare assignment ({@code export DOCKER_HOST=ssh://prod},
     * {@code DOCKER_CONTEXT=prod;}) points the docker or podman commands after it at another
     * machine's engine (a bare assignment changes a variable the shell already exports).
     */
    static boolean exportsRemoteEngine(Cmd c) {
        if (!c.named(Cmd.DECLARERS) && (!c.getName().isEmpty() || !c.getArgs().isEmpty())) {
            return false;
        }
        return assignsRemoteEngine(c.assignmentWords());
    }

    /** {@code docker context use NAME} of a context that is not a local engine's: every later docker command goes there. */
    static boolean switchesToRemoteEngine(Cmd c) {
        if (!c.named("docker podman")) {
            return false;
        }
        List<String> ops = c.getOperands();
        boolean docker = c.getName().equals("docker") && ops.size() >= 3 && ops.get(0).equals("context") && ops.get(1).equals("use");
        // podman system connection default NAME
        boolean podman = c.getName().equals("podman") && ops.size() >= 4 && ops.get(0).equals("system") && ops.get(1).equals("connection")
                && ops.get(2).equals("default");
        return docker && !localEngineContext(ops.get(2)) || podman && !localEngineContext(ops.get(3));
    }

    /**
     * True when {@code docker context create|update} points a context at another machine's engine
     * where later commands would not see it: {@code update} of any context (it may be the current
     * one, which every later docker command then uses), {@code create} under a local engine's name
     * ({@code colima}, {@code desktop-linux}), which {@code docker context use} and
     * {@code --context} treat as this machine; or podman's {@code system connection add} of a
     * remote engine made the default ({@code --default}, {@code -d}) or named as a local one.
     */
    static boolean repointsEngineContext(Cmd c) {
        List<String> ops = c.getOperands();
        if (c.getName().equals("docker") && ops.size() >= 3 && ops.get(0).equals("context") && ops.get(1).matches("create|update")) {
            String host = "";
            for (String v : c.valuesOf("--docker")) {
                for (String kv : PathFacts.unquote(v).split(",")) {
                    if (kv.startsWith("host=")) {
                        host = kv.substring(5);
                    }
                }
            }
            String ctx = contextNameAfter(c, 2, "--docker --description --from --kubernetes --default-stack-orchestrator");
            return !host.isEmpty() && !localEngineAddress(host) && (ops.get(1).equals("update") || !ctx.isEmpty() && localEngineContext(ctx));
        }
        if (c.getName().equals("podman") && ops.size() >= 5 && ops.get(0).equals("system") && ops.get(1).equals("connection") && ops.get(2).equals("add")) {
            List<String> p = c.positionals("-i --identity --port -p --socket-path -s");
            int at = p.indexOf("add");
            if (at < 0 || at + 2 >= p.size()) {
                return false;
            }
            String conn = p.get(at + 1);
            String url = p.get(at + 2);
            return !localEngineAddress(url) && (c.anyFlag("--default -d") || localEngineContext(conn));
        }
        return false;
    }

    /** The context name a docker context subcommand names: the first positional from {@code skip} on, with the options that take a value skipped. */
    private static String contextNameAfter(Cmd c, int skip, String optionsWithValue) {
        List<String> p = c.positionals(optionsWithValue);
        return p.size() > skip ? PathFacts.unquote(p.get(skip)) : "";
    }

    /** Subcommands of docker and podman that only read. */
    private static final Set<String> ENGINE_READS = Words.setOf("ps images version info history port top stats logs inspect diff events search");

    /** The subcommands of docker's and podman's groups that only read. */
    private static final java.util.Map<String, Set<String>> ENGINE_GROUP_READS = java.util.Map.ofEntries(
            java.util.Map.entry("container", Words.setOf("ls list ps inspect logs top port stats diff")),
            java.util.Map.entry("image", Words.setOf("ls list inspect history")),
            java.util.Map.entry("volume", Words.setOf("ls list inspect")),
            java.util.Map.entry("network", Words.setOf("ls list inspect")),
            java.util.Map.entry("context", Words.setOf("ls list inspect show")),
            java.util.Map.entry("system", Words.setOf("df info events")),
            java.util.Map.entry("buildx", Words.setOf("ls inspect version du")),
            java.util.Map.entry("node", Words.setOf("ls inspect ps")),
            java.util.Map.entry("service", Words.setOf("ls inspect logs ps")),
            java.util.Map.entry("stack", Words.setOf("ls ps services")),
            java.util.Map.entry("pod", Words.setOf("ps ls list inspect top stats logs")),
            java.util.Map.entry("compose", Words.setOf("ps ls logs images config top version port events")));

    /**
     * True when a docker, docker-compose or podman command does more than read: anything but
     * listing, inspecting, logs, stats, version and the like ({@link #ENGINE_READS}). Unknown
     * subcommands and option words the reading does not know count as changes.
     */
    static boolean changesContainerEngine(Cmd c) {
        if (!c.named("docker podman docker-compose")) {
            return false;
        }
        List<String> ops = c.getOperands();
        if (ops.isEmpty()) {
            return false;
        }
        String sub = ops.get(0);
        if (c.getName().equals("docker-compose")) {
            return !ENGINE_GROUP_READS.get("compose").contains(c.composeSubcommand(0));
        }
        if (ENGINE_READS.contains(sub)) {
            return false;
        }
        Set<String> reads = ENGINE_GROUP_READS.get(sub);
        if (reads == null) {
            return true;
        }
        String second = ops.size() > 1 ? ops.get(1) : "";
        if (sub.equals("compose")) {
            int at = c.getArgs().indexOf("compose");
            second = at >= 0 ? c.composeSubcommand(at + 1) : "";
        }
        return !reads.contains(second);
    }
}
