package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a service's own command-line client deletes state the service holds: secrets and vaults
 * (1Password, Doppler), CI servers (Jenkins, CircleCI, GitLab runners), API gateways (Kong's deck,
 * Apigee), CDNs (Fastly), feature-flag services (LaunchDarkly, Unleash, Flipt, Split), search,
 * monitoring and on-call services (Algolia, Splunk, PagerDuty, New Relic, Datadog) and payment
 * platforms (Stripe, Square). Read by {@link Cmd#deletesServiceState()} for SW3115.
 *
 * <p>WHY: these clients speak to a server that keeps no trash: a deleted flag, CI context, gateway
 * route or secret is gone for every user of the service, and nothing on this machine restores it.
 * Each client has its own syntax, so the table names per program the words that destroy as its
 * subcommand or verb ({@code op item delete}, {@code deck gateway reset}, {@code jenkins-cli
 * delete-job}); their list, get and describe forms are not in it. A verb is looked for among all
 * words before {@code --}, not at a fixed place, since global options with values may stand before
 * it (reading too much only asks).
 */
final class ServiceDeletes {

    private ServiceDeletes() {
    }

    /**
     * One client: the words that delete, the first words (nouns) the verb must follow when the
     * program's name is shared with another tool (coreutils {@code split}), and the options that
     * make the verb keep what it names ({@code op item delete --archive} moves the item to the
     * vault's archive, where it can be restored).
     */
    private record Client(Set<String> verbs, Set<String> nouns, Set<String> keeps) {

        static Client of(String verbs) {
            return new Client(Words.setOf(verbs), Set.of(), Set.of());
        }

        Client nouns(String words) {
            return new Client(verbs, Words.setOf(words), keeps);
        }

        Client keeps(String options) {
            return new Client(verbs, nouns, Words.setOf(options));
        }
    }

    private static final Map<String, Client> CLIENTS = Map.ofEntries(
            // secret stores
            Map.entry("op", Client.of("delete").keeps("--archive")),
            Map.entry("doppler", Client.of("delete")),
            // CI servers: jobs, builds, nodes, credentials, contexts, orbs, runners, pipelines
            Map.entry("jenkins-cli", Client.of("delete-job delete-jobs delete-builds delete-node delete-view delete-credentials"
                    + " delete-credentials-domain")),
            Map.entry("circleci", Client.of("delete remove-secret")),
            Map.entry("gitlab-runner", Client.of("unregister")),
            // GitLab's restore overwrites the instance's database and repositories with the backup's
            Map.entry("gitlab-rake", Client.of("gitlab:backup:restore")),
            Map.entry("gitlab-backup", Client.of("restore")),
            // API gateways: deck's reset deletes every entity, its sync every entity the file lacks
            Map.entry("deck", Client.of("reset sync")),
            Map.entry("apigeecli", Client.of("delete undeploy")),
            // CDNs
            Map.entry("fastly", Client.of("delete")),
            // feature-flag services; Split's CLI shares its name with coreutils split (FILE PREFIX)
            Map.entry("ldcli", Client.of("delete")),
            Map.entry("unleash", Client.of("delete")),
            Map.entry("flipt", Client.of("delete")),
            Map.entry("split", Client.of("delete").nouns("splits environments segments traffic-types workspaces api-keys attributes flag-sets")),
            // search, monitoring and on-call services
            Map.entry("algolia", Client.of("delete clear")),
            Map.entry("splunk", Client.of("remove clean delete")),
            Map.entry("pd", Client.of("delete")),
            Map.entry("newrelic", Client.of("delete")),
            Map.entry("datadog-ci", Client.of("delete")),
            // payment platforms: deleted customers, products and endpoints; a rolled key stops working
            Map.entry("stripe", Client.of("delete roll")),
            Map.entry("square", Client.of("delete")));

    /** True when {@code c} runs one of the clients' deleting verbs. */
    static boolean deletes(Cmd c) {
        Client client = CLIENTS.get(program(c));
        if (client == null) {
            return false;
        }
        if (!client.nouns().isEmpty() && !client.nouns().contains(c.getFirstOperand())) {
            return false;
        }
        boolean verb = false;
        for (String a : c.getArgs()) {
            if (a.equals("--")) {
                break;
            }
            verb |= client.verbs().contains(a);
            if (client.keeps().contains(a)) {
                return false;
            }
        }
        return verb;
    }

    /** The jar Jenkins' CLI ships as, also with a version ({@code jenkins-cli-2.440.jar}). */
    private static final String JENKINS_JAR = "(?:.*/)?jenkins-cli(?:-[\\d.]+)?\\.jar";

    /** The client's name: {@code java -jar jenkins-cli.jar …} runs Jenkins' CLI. */
    private static String program(Cmd c) {
        if (c.getName().equals("java")) {
            List<String> args = c.getArgs();
            int jar = args.indexOf("-jar");
            return jar >= 0 && jar + 1 < args.size() && Regex.matches(args.get(jar + 1), JENKINS_JAR) ? "jenkins-cli" : "";
        }
        return c.getName();
    }
}
