package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;

/**
 * Which machine a command acts on when that is told by a name rather than a path: the Kubernetes
 * context a kubectl or helm command names ({@link Cmd#namesLocalCluster}), a git remote or branch
 * that deploys on push ({@link Cmd#pushesToDeployRemote}) and an rsync that deletes on another
 * host ({@link Cmd#deletesOnRemote}). The container engines' and API servers' addresses are
 * {@link ContainerEngines}'.
 *
 * <p>WHY: the same words are harmless against a local development cluster or a scratch remote
 * and change production elsewhere; the checker cannot read the kubeconfig or .git/config, so the
 * names on the command line are what it has.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: only a name the text tells counts as
 * local; a second context, a kubeconfig or a server given beside it makes the target unknown.
 */
final class RemoteTargets {

    private RemoteTargets() {
    }

    /** Context names the local-cluster tools give themselves (kind, minikube, k3d, Docker/Rancher Desktop…). */
    private static final String LOCAL_KUBE_CONTEXT =
            "kind-[\\w.-]+|minikube|docker-desktop|docker-for-desktop|k3d-[\\w.-]+|rancher-desktop|orbstack|colima(-[\\w.-]+)?|microk8s";

    /**
     * True when a kubectl or helm command names, once, a local development cluster as its context
     * ({@code kubectl --context kind-dev apply …}, {@code helm --kube-context minikube upgrade …}) and
     * names no other kubeconfig or server. The context is otherwise the kubeconfig's current one,
     * which the checker cannot read; a second {@code --context} would win over the first, and a
     * kubeconfig or server given on the command line may map the local-looking name anywhere.
     */
    static boolean namesLocalCluster(Cmd c) {
        if (!c.named("kubectl oc k helm") || c.anyFlagOrAbbreviation("--kubeconfig --server -s --cluster --kube-apiserver")) {
            return false;
        }
        int contexts = 0;
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            if (Regex.matches(a, "--(kube-)?context(=.*)?")) {
                contexts++;
            }
        }
        return contexts == 1 && Regex.matches(c.valueOf("--context --kube-context"), LOCAL_KUBE_CONTEXT);
    }

    /**
     * Remote names that deploy on push: the hosting services that build and release whatever
     * reaches them (Heroku, Dokku, piku, Scalingo, Clever Cloud, Azure App Service's local git) and
     * the names people give a production remote with a post-receive hook ({@code production},
     * {@code prod}, {@code live}, {@code deploy}), with a suffix ({@code heroku-staging}).
     */
    private static final String DEPLOY_REMOTE = "(?i)(heroku|dokku|piku|scalingo|clever|azure|production|prod|live|deploy)([-_.][\\w.-]*)?";

    /** Branch names that deploy when pushed to (a CI pipeline's production branch). */
    private static final String DEPLOY_BRANCH = "(?i)(\\+?[^:]*:)?(refs/heads/)?(production|prod|live)";

    /**
     * True when {@code git push} goes to a remote that deploys on push ({@link #DEPLOY_REMOTE}:
     * {@code git push heroku main}, {@code git push --repo=dokku}) or updates a production branch
     * ({@code git push origin main:production}). The remote's URL is in .git/config, which the
     * checker does not read, so the name is what it has; URLs are SW4034's.
     */
    static boolean pushesToDeployRemote(Cmd c) {
        if (!c.getName().equals("git") || !c.getGitSub().equals("push")) {
            return false;
        }
        List<String> p = c.positionals(Cmd.GIT_GLOBAL_VALUE_OPTIONS + " -o --push-option --receive-pack --exec --repo");
        int at = p.indexOf("push");
        String repo = PathFacts.unquote(c.valueOf("--repo"));
        if (Regex.matches(repo, DEPLOY_REMOTE)) {
            return true;
        }
        for (int i = at + 1; i < p.size(); i++) {
            String w = PathFacts.unquote(p.get(i));
            if (i == at + 1 && repo.isEmpty() && Regex.matches(w, DEPLOY_REMOTE) || i > at + 1 && Regex.matches(w, DEPLOY_BRANCH)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when rsync deletes on another machine: a {@code --delete} option (any of its timings,
     * {@code --delete-excluded}, {@code --del}) with a remote destination ({@code host:path},
     * {@code user@host:path}, {@code host::module}, {@code rsync://}). Files there that the source
     * lacks are removed, a whole web root when the source is the wrong folder.
     */
    static boolean deletesOnRemote(Cmd c) {
        if (!c.getName().equals("rsync") || !c.anyFlag("--delete --del --delete-before --delete-during --delete-delay --delete-after --delete-excluded")) {
            return false;
        }
        List<String> p = c.positionals(Cmd.RSYNC_VALUES);
        if (p.size() < 2) {
            return false;
        }
        String dest = PathFacts.unquote(p.get(p.size() - 1));
        return Regex.matches(dest, "(?i)rsync://.*|([^/:\\s]+@)?[^/:\\s]+::?.*");
    }
}
