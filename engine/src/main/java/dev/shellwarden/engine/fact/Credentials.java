package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Commands that print, name or hand on a credential: programs that print a token, password, key
 * or secret value by design ({@code gh auth token}, {@code vault kv get}, {@code kubectl get secret
 * -o yaml}, {@code printenv AWS_SECRET_ACCESS_KEY}) and the wider secret reads of the exfiltration
 * rules (environment dumps, the clipboard, the screen); operands naming a secret file; ssh told to
 * send secret-named variables; and the two readings that let a token go where it was made for (a
 * registry login of the vendor that printed it, a request to the service that issued it). The
 * exfiltration and secret rules (SW4006, SW4048, SW4050…) read these through
 * {@link Cmd#isPrintsCredential}, {@link Cmd#isPrintsSecrets}, {@link Cmd#mentionsSecret} and
 * their siblings.
 *
 * <p>It reads only the {@link Cmd}s it is given. INVARIANT: a reading that lets a token through
 * ({@link Cmd#logsInWithTokenOf}, {@link Cmd#isAuthorizationForServiceOf}) needs every host it
 * finds to be the vendor's or this machine's, and finding none is no match.
 */
final class Credentials {

    private Credentials() {
    }

    /**
     * True when some operand, option value ({@code @file}, {@code file=@x}) or input redirection
     * names a secret file. The identity file of an ssh-family client ({@code -i KEY},
     * {@code -o IdentityFile=KEY}, and inside rsync's {@code -e "ssh -i KEY"}) does not count: the
     * client signs with the key and never sends the file, so naming it is how one logs in, not a read
     * of a secret for the command's data.
     */
    static boolean mentionsSecret(Cmd c) {
        boolean ssh = c.named("ssh scp sftp autossh sshfs");
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            if (ssh && isIdentityOption(a, i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : "")) {
                i += a.equals("-i") || a.equals("-o") ? 1 : 0;
                continue;
            }
            int config = ssh ? configWords(a, i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : "") : 0;
            if (config > 0) {
                i += config - 1;
                continue;
            }
            // -e takes the next word also at the end of a short-option cluster (`rsync -ave "ssh -i KEY"`).
            if (c.getName().equals("rsync") && (a.equals("--rsh") || Regex.matches(a, "-[A-Za-z0-9]*e")) && i + 1 < c.getArgs().size()) {
                a = withoutIdentity(c.getArgs().get(++i));
            } else if (c.getName().equals("rsync") && a.startsWith("--rsh=")) {
                a = withoutIdentity(a.substring(6));
            }
            String v = a;
            int at = v.lastIndexOf('@');
            if (at >= 0) {
                v = v.substring(at + 1);
            }
            int eq = v.indexOf('=');
            if (eq >= 0 && (a.startsWith("-") || c.getName().equals("git") && i > 0 && c.getArgs().get(i - 1).equals("-c"))) {
                v = v.substring(eq + 1);
            }
            if (!v.isEmpty() && !v.startsWith("-") && (PathFacts.isSecret(v) || PathFacts.isSecret(addressPath(v)))) {
                return true;
            }
        }
        for (String r : c.getRedirectReads()) {
            if (PathFacts.isSecret(r)) {
                return true;
            }
        }
        return false;
    }

    /** socat's file address types ({@code FILE:path,rdonly}) and curl's form-part attributes ({@code @path;type=x}). */
    private static final java.util.regex.Pattern ADDRESS_DECORATION = java.util.regex.Pattern.compile(
            "^(?i:file|open|gopen|create|pipe|readline|unix-connect|unix-client|unix-sendto|sctp-connect):|[,;].*$");

    /** The path inside a decorated argument: socat's {@code FILE:.env,rdonly}, curl's {@code key.pem;type=text/plain}. */
    private static String addressPath(String value) {
        return ADDRESS_DECORATION.matcher(value).replaceAll("");
    }

    /** {@code -i KEY}, {@code -iKEY}, {@code -o IdentityFile=KEY} or {@code -oIdentityFile KEY}: an ssh identity option. */
    private static boolean isIdentityOption(String arg, String next) {
        if (arg.equals("-i")) {
            return true;
        }
        String o = arg.equals("-o") ? next : arg.startsWith("-o") ? arg.substring(2) : null;
        if (o != null) {
            return Regex.matches(o, "(?i)\\s*identityfile\\s*[= ]\\s*\\S+\\s*");
        }
        return arg.startsWith("-i") && arg.length() > 2 && !arg.startsWith("--");
    }

    /**
     * rsync's remote shell command without its ssh identity options, when it is a plain ssh call;
     * anything else comes back unchanged and is judged whole.
     */
    private static String withoutIdentity(String rsh) {
        if (!Regex.matches(rsh, "\\s*(\\S*/)?ssh(\\s[^;&|`$()<>]*)?")) {
            return rsh;
        }
        String plain = rsh.replaceAll("(?i)(^|\\s)(-i\\s*\\S+|-o\\s*identityfile\\s*=?\\s*\\S+)", " ");
        return CONFIG_OPTION_IN_TEXT.matcher(plain).replaceAll(m -> PathFacts.isCredentialStore(m.group(2))
                ? java.util.regex.Matcher.quoteReplacement(m.group()) : " ");
    }

    /**
     * The ssh-family letters that take no value (ssh's and scp's), which may stand before
     * {@code -F} in one cluster ({@code ssh -vF CONFIG}).
     */
    private static final String NO_VALUE_LETTERS = "346AaBCfGgKkMNnOpqRrsTtVvXxYy";

    /** {@code -F CONFIG} (or {@code -vF CONFIG}, {@code -FCONFIG}) inside a remote-shell command text. */
    private static final java.util.regex.Pattern CONFIG_OPTION_IN_TEXT = java.util.regex.Pattern.compile(
            "(^|\\s)-[" + NO_VALUE_LETTERS + "]*F\\s*(\\S+)");

    /**
     * How many words an ssh-family client's own configuration option takes ({@code -F CONFIG}: 2,
     * {@code -FCONFIG} or {@code -vFCONFIG}: 1), else 0. The client reads the file to know how to
     * connect and never sends it, as with an identity file; a credential store given as the
     * configuration ({@code -F ~/.aws/credentials}) is no configuration and still counts (0).
     */
    private static int configWords(String arg, String next) {
        java.util.regex.Matcher m = CONFIG_CLUSTER.matcher(arg);
        if (!m.matches()) {
            return 0;
        }
        String path = m.group(1).isEmpty() ? next : m.group(1);
        if (path.isEmpty() || PathFacts.isCredentialStore(path)) {
            return 0;
        }
        return m.group(1).isEmpty() ? 2 : 1;
    }

    /** One ssh-family option word ending in or holding {@code -F}: the value attached (group 1) or empty. */
    private static final java.util.regex.Pattern CONFIG_CLUSTER = java.util.regex.Pattern.compile(
            "-[" + NO_VALUE_LETTERS + "]*F(.*)");

    /**
     * True when the command prints secrets by design: a credential printer ({@link #isPrintsCredential}),
     * a full environment dump ({@code env}, {@code printenv}, {@code export -p}, {@code set}), a
     * decryption in place, the clipboard or the screen. These are secret reads for the exfiltration
     * rules; only the credential printers are asked on their own (SW4048).
     */
    static boolean isPrintsSecrets(Cmd c) {
        return isPrintsCredential(c)
                || (c.named("env printenv") && c.getOperands().isEmpty() && !c.hasWrappedCommand()) || (c.getName().equals("export") && c.anyFlag("-p"))
                || (c.getName().equals("set") && c.getArgs().isEmpty())
                // the shell's history, a store of every token typed or pasted on a command line, as
                // ~/.bash_history is (SW4104): `history`, `fc -l`; clearing or writing it prints nothing
                || c.getName().equals("history") && !c.anyFlag("-c -d -a -n -r -w -s -p") || c.getName().equals("fc") && c.argMatches("-[a-z]*l[a-z]*")
                || c.getName().equals("cat") && c.argMatches("/proc/(self|\\d+)/environ")
                || c.getName().equals("docker") && c.sub("inspect") && c.argFind("Env")
                || c.getName().equals("ansible-vault") && c.anyArg("decrypt") || c.getName().equals("doppler") && c.anyArg("download")
                // BSD-style `ps e` (no dash) prints each process's environment; `ps -e` only means all processes
                || c.getName().equals("ps") && c.argMatches("[a-z]*e[a-z]*")
                || c.getName().equals("declare") && c.anyFlag("-x -p")
                || c.named("curl wget") && c.argFind("169\\.254\\.169\\.254/.*(security-credentials|identity/oauth2/token|service-accounts/.*/token)|metadata\\.google\\.internal/.*/token")
                // PowerShell's environment drive: Get-ChildItem env:, gi env:*, dir env:\\
                || c.named("Get-ChildItem Get-Item Get-Content") && c.argFind("^env:[\\\\/]?\\*?$")
                // the clipboard, where password managers put the password copied (`pass -c`, KeePassXC)
                || c.named("pbpaste wl-paste termux-clipboard-get Get-Clipboard gcb")
                || c.getName().equals("xclip") && c.argMatches("-o|-out") || c.getName().equals("xsel") && c.argMatches("-[a-zA-Z]*o[a-zA-Z]*|--output")
                // the screen, with whatever windows show (mail, chats, a password manager)
                || c.named("screencapture scrot grim gnome-screenshot maim xwd") || c.getName().equals("import") && c.anyArg("root")
                // Windows' Problem Steps Recorder: every screen and click until stopped (`psr /start /output x.zip`)
                || c.isStartsScreenRecorder()
                // the saved Windows credentials' targets and user names: which accounts to take (`cmdkey /list`, `vaultcmd /listcreds:…`)
                || c.nameIs("cmdkey") && c.argFind("(?i)^/l(ist)?(:.*)?$") || c.nameIs("vaultcmd") && c.argFind("(?i)^/listcreds")
                || c.getName().equals("spectacle") && c.anyFlag("-b --background") || c.getName().equals("flameshot") && c.anyArg("full screen");
    }

    /**
     * Registries each vendor's token logs in to: the token CLI's words, then the registry host
     * ({@code gh auth token | docker login ghcr.io --password-stdin}).
     */
    private static final List<String[]> VENDOR_REGISTRIES = List.of(
            new String[] {"gh", "ghcr\\.io|docker\\.pkg\\.github\\.com"},
            new String[] {"aws", "[0-9]+\\.dkr\\.ecr(-fips)?\\.[a-z0-9-]+\\.amazonaws\\.com(\\.cn)?|public\\.ecr\\.aws"},
            new String[] {"gcloud", "([a-z0-9-]+-docker\\.pkg\\.dev|([a-z]+\\.)?gcr\\.io)"},
            new String[] {"az", "[a-z0-9]+\\.azurecr\\.io"});

    /**
     * True when this command is a registry login reading its password on standard input
     * ({@code docker login HOST --password-stdin}, podman, buildah, nerdctl, helm registry, oras)
     * into a registry of the vendor whose CLI printed the token: {@code gh auth token | docker login
     * ghcr.io -u me --password-stdin}, {@code aws ecr get-login-password | docker login … ACCOUNT.dkr.ecr…}.
     * That is how the vendors document the login, and the token goes where it was made for; sent to
     * any other registry it stays an exfiltration (SW4006).
     */
    static boolean logsInWithTokenOf(Cmd c, Cmd printer) {
        if (!printer.isPrintsCredential() || !c.anyFlag("--password-stdin")
                || !(c.named("docker podman buildah nerdctl oras skopeo crane") && c.sub("login") || c.getName().equals("helm") && c.sub("registry"))) {
            return false;
        }
        List<String> p = c.positionals("-u --username -p --password --authfile --registry-config");
        String host = p.isEmpty() ? "" : PathFacts.unquote(p.get(p.size() - 1)).replaceFirst("^https?://", "").replaceFirst("[:/].*$", "");
        for (String[] v : VENDOR_REGISTRIES) {
            if (printer.getName().equals(v[0])) {
                return Regex.matches(host, v[1]);
            }
        }
        return false;
    }

    /**
     * The hosts each vendor's token is issued for, by the CLI that prints it: the APIs, registries
     * and hosted apps a documented request sends it to ({@code curl -H "Authorization: Bearer
     * $(gcloud auth print-identity-token)" https://svc.a.run.app}). A host given to the printer
     * ({@code gh auth token --hostname H}) is added in {@link #isAuthorizationForServiceOf}.
     */
    private static final Map<String, String> TOKEN_SERVICE_HOSTS = Map.of(
            "gh", "([\\w-]+\\.)*(github\\.com|githubusercontent\\.com)|ghcr\\.io",
            "glab", "([\\w-]+\\.)*gitlab\\.com",
            "gcloud", "([\\w-]+\\.)*(googleapis\\.com|google\\.com|run\\.app|cloudfunctions\\.net|gcr\\.io|pkg\\.dev)",
            "az", "([\\w-]+\\.)*(azure\\.com|azure\\.net|windows\\.net|microsoft\\.com|microsoftonline\\.com|azurecr\\.io|visualstudio\\.com)",
            "aws", "([\\w-]+\\.)*(amazonaws\\.com(\\.cn)?|aws)",
            "heroku", "([\\w-]+\\.)*heroku\\.com",
            "fly", "([\\w-]+\\.)*(fly\\.io|machines\\.dev)",
            "flyctl", "([\\w-]+\\.)*(fly\\.io|machines\\.dev)");

    /**
     * True when every host this HTTP client names is on this machine or belongs to the service
     * whose token {@code reader} prints ({@link #TOKEN_SERVICE_HOSTS}, or the host given to the
     * printer as {@code --hostname}). A reader of a file ({@code cat .env}, a key) has no service:
     * only this machine counts. No host found (a computed or scheme-less URL) is no match.
     * WHY: a token sent where it was issued is its use; sent to any other host, that host receives
     * the credential itself.
     */
    static boolean isAuthorizationForServiceOf(Cmd c, Cmd reader) {
        String service = reader.isPrintsCredential() ? TOKEN_SERVICE_HOSTS.get(reader.getName()) : null;
        String given = reader.getName().equals("gh") || reader.getName().equals("glab") ? PathFacts.unquote(reader.valueOf("--hostname -h")) : "";
        List<String> hosts = new ArrayList<>();
        for (String word : c.getArgs()) {
            String a = PathFacts.unquote(word);
            java.util.regex.Matcher m = URL_HOST.matcher(a);
            java.util.regex.Matcher bare = Regex.pattern("(?i)^([\\w-]+(?:\\.[\\w-]+)+|localhost|\\[[0-9a-f:]+\\])(?::\\d+)?(?:/\\S*)?$").matcher(a);
            if (m.find()) {
                hosts.add(m.group(1).toLowerCase(java.util.Locale.ROOT));
            } else if (a.indexOf("://") >= 0) {
                return false; // another scheme, or a URL built at run time
            } else if (bare.matches()) {
                hosts.add(bare.group(1).toLowerCase(java.util.Locale.ROOT)); // a URL without scheme (or a value that looks like one: stricter)
            } else if (c.named("http https xh xhs httpie") && Regex.matches(a, ":(\\d+)?(/\\S*)?")) {
                hosts.add("localhost"); // HTTPie's and xh's shorthand for this machine
            }
        }
        if (hosts.isEmpty()) {
            return false;
        }
        for (String h : hosts) {
            boolean local = Regex.matches(h, Cmd.LOOPBACK_ADDRESS);
            boolean own = service != null && Regex.matches(h, service) || !given.isEmpty() && Regex.matches(h, "([\\w-]+\\.)?" + java.util.regex.Pattern.quote(given.toLowerCase(java.util.Locale.ROOT)));
            if (!local && !own) {
                return false;
            }
        }
        return true;
    }

    /**
     * A well-known secret: how a request's words refer to it (a variable, as bash or PowerShell
     * writes it, or a token printer's substitution) and the hosts its value is issued for.
     */
    private record KnownSecret(java.util.regex.Pattern reference, String hosts) {
        static KnownSecret variables(String names, String hosts) {
            return new KnownSecret(Regex.pattern("(?i)\\$\\{?(?:env:)?(?:" + names + ")(?![A-Za-z0-9_])"), hosts);
        }

        static KnownSecret printer(String command, String hosts) {
            return new KnownSecret(Regex.pattern("\\$\\(\\s*" + command + "(?![\\w-])"), hosts);
        }
    }

    /**
     * Secret variables whose provider documents the name, and the token printers, with the hosts
     * each value is sent to in everyday use: GitHub's and gh's GITHUB_TOKEN/GH_TOKEN (the API,
     * uploads, raw content, ghcr.io), glab's GITLAB_TOKEN, the AWS CLI's key variables (the
     * amazonaws.com endpoints), the OpenAI, Anthropic, Gemini and Hugging Face SDKs' keys, npm's
     * NPM_TOKEN (the registry), Stripe's, Slack's and Cloudflare's API tokens. A name not listed
     * ({@code $API_KEY}, {@code $MY_SERVICE_TOKEN}) says nothing about its host and is not read.
     */
    private static final List<KnownSecret> KNOWN_SECRETS = List.of(
            KnownSecret.variables("GITHUB_TOKEN|GH_TOKEN", TOKEN_SERVICE_HOSTS.get("gh")),
            KnownSecret.printer("gh\\s+auth\\s+token", TOKEN_SERVICE_HOSTS.get("gh")),
            KnownSecret.variables("GITLAB_TOKEN|GITLAB_PRIVATE_TOKEN", TOKEN_SERVICE_HOSTS.get("glab")),
            KnownSecret.variables("AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN", TOKEN_SERVICE_HOSTS.get("aws")),
            KnownSecret.printer("gcloud\\s+auth\\s+(?:application-default\\s+)?print-(?:access|identity)-token", TOKEN_SERVICE_HOSTS.get("gcloud")),
            KnownSecret.variables("OPENAI_API_KEY", "api\\.openai\\.com"),
            KnownSecret.variables("ANTHROPIC_API_KEY", "api\\.anthropic\\.com"),
            KnownSecret.variables("GEMINI_API_KEY|GOOGLE_API_KEY", "([\\w-]+\\.)*googleapis\\.com"),
            KnownSecret.variables("HF_TOKEN|HUGGING_FACE_HUB_TOKEN", "([\\w-]+\\.)*(huggingface\\.co|hf\\.co)"),
            KnownSecret.variables("NPM_TOKEN", "registry\\.npmjs\\.org"),
            KnownSecret.variables("STRIPE_SECRET_KEY|STRIPE_API_KEY", "([\\w-]+\\.)*stripe\\.com"),
            KnownSecret.variables("SLACK_BOT_TOKEN|SLACK_USER_TOKEN|SLACK_TOKEN", "([\\w-]+\\.)*slack\\.com"),
            KnownSecret.variables("CLOUDFLARE_API_TOKEN", "api\\.cloudflare\\.com"));

    /** The clients whose words are a request: URL clients, PowerShell's web cmdlets, and git with a remote URL. */
    private static final String REQUEST_CLIENTS = "curl wget git " + HttpRequests.HEADER_ITEM_CLIENTS;

    /**
     * A URL with a scheme at the start of a word: the host after any user-info (group 1). The
     * user-info may be a substitution with blanks ({@code https://x:$(gh auth token)@github.com/o/r});
     * a {@code ?} or {@code #} ends the authority ({@code https://evil.example?@github.com} goes to
     * evil.example). Read by both host checks, {@link #isAuthorizationForServiceOf} and
     * {@link #isSendsKnownSecretToOtherHost}.
     */
    private static final java.util.regex.Pattern URL_HOST = Regex.pattern("(?i)^(?:https?|wss?)://(?:[^/?#@]*@)?(\\[[^\\]]*\\]|[^/:?#\\s]*)");

    /**
     * True when a request client puts a well-known secret ({@link #KNOWN_SECRETS}) into any of its
     * words and some host written literally in a URL is neither that secret's own nor this machine.
     * Only URLs with a scheme count (a word like {@code release.json} is no host), and a host built at
     * run time ({@code https://$HOST/}) is skipped: with no literal host the reading stays as before.
     * WHY: a token sent to its own API is its everyday use; to any other host the body, header,
     * query or user-info delivers the credential itself. Start-BitsTransfer requests its
     * {@code -Source} URL as the web cmdlets do, so a token in that URL reaches its host too.
     */
    static boolean isSendsKnownSecretToOtherHost(Cmd c) {
        if (!c.named(REQUEST_CLIENTS) && !c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm Start-BitsTransfer")) {
            return false;
        }
        List<String> hosts = new ArrayList<>();
        for (String word : c.getArgs()) {
            java.util.regex.Matcher m = URL_HOST.matcher(PathFacts.unquote(word));
            if (m.find() && !m.group(1).isEmpty() && m.group(1).indexOf('$') < 0 && m.group(1).indexOf('`') < 0) {
                hosts.add(m.group(1).toLowerCase(java.util.Locale.ROOT));
            }
            hosts.addAll(quotedUrlHosts(word));
        }
        for (KnownSecret s : KNOWN_SECRETS) {
            if (c.getArgs().stream().noneMatch(w -> s.reference().matcher(w).find())) {
                continue;
            }
            for (String h : hosts) {
                if (!Regex.matches(h, Cmd.LOOPBACK_ADDRESS) && !Regex.matches(h, s.hosts()) && !Regex.matches(h, givenHost(c))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A string literal opening with a URL inside a word: the URL from its scheme on (group 1). */
    private static final java.util.regex.Pattern QUOTED_URL = Regex.pattern("(?i)['\"]((?:https?|wss?)://\\S*)");
    /** The end of one single-quoted literal, a {@code +} and the start of the next: {@code ' + '}. */
    private static final java.util.regex.Pattern LITERAL_JOIN = Regex.pattern("'\\s*\\+\\s*'");

    /**
     * The literal hosts of the URLs quoted inside a word that computes its value: PowerShell's
     * {@code ('https://x.example/?t=' + $env:GITHUB_TOKEN)}, {@code ('https://x.example/?t={0}' -f
     * $env:GITHUB_TOKEN)}, {@code (('https://x.example/?t=', $env:GITHUB_TOKEN) -join '')}. WHY: the
     * word starts with a parenthesis, so the host check at the word's start found no host and the
     * token went out unread; a URL built from a literal start still goes to that literal host.
     * A host with an expansion in it is skipped, as for whole words.
     */
    private static List<String> quotedUrlHosts(String word) {
        List<String> hosts = new ArrayList<>();
        // string literals joined by `+` are one literal (`'https://' + 'x.example/?t='`): the host
        // may be split over them, and read apart the first held an empty host
        java.util.regex.Matcher q = QUOTED_URL.matcher(LITERAL_JOIN.matcher(word).replaceAll(""));
        while (q.find()) {
            java.util.regex.Matcher m = URL_HOST.matcher(q.group(1));
            // the string's closing quote (and the expression's parenthesis) end the host: `('https://x.example')`
            String host = m.find() ? m.group(1).replaceAll("['\"()].*$", "") : "";
            if (!host.isEmpty() && host.indexOf('$') < 0 && host.indexOf('`') < 0) {
                hosts.add(host.toLowerCase(java.util.Locale.ROOT));
            }
        }
        return hosts;
    }

    /**
     * The host a token printer inside the words was told to print for ({@code $(gh auth token
     * --hostname ghe.example)}), as a pattern matching it and its subdomains; none matches nothing.
     */
    private static String givenHost(Cmd c) {
        for (String w : c.getArgs()) {
            java.util.regex.Matcher m = Regex.pattern("\\$\\(\\s*gh\\s+auth\\s+token\\b[^)]*?(?:--hostname|-h)[=\\s]+['\"]?([\\w.-]+)").matcher(w);
            if (m.find()) {
                return "([\\w-]+\\.)?" + java.util.regex.Pattern.quote(m.group(1).toLowerCase(java.util.Locale.ROOT));
            }
        }
        return "(?!)";
    }

    /**
     * True for a program that prints a token, password, private key or secret value by design: a
     * CLI's token ({@code gh auth token}, {@code gcloud auth print-access-token},
     * {@code az account get-access-token}, {@code aws configure get aws_secret_access_key}), a secret
     * store's value ({@code vault kv get}, {@code kubectl get secret X -o yaml}, {@code op read},
     * {@code pass show}, {@code bw get}), a credential helper's answer ({@code git credential fill},
     * {@code docker-credential-desktop get}) or a secret-named variable ({@code printenv AWS_SECRET_ACCESS_KEY},
     * {@code echo $GITHUB_TOKEN}).
     *
     * <p>Not here, though they are secret reads for the exfiltration rules ({@link #isPrintsSecrets}):
     * {@code env}, bare {@code printenv} and {@code echo $HOME}, which an agent runs every day to see
     * its environment and whose secrets, if any, the user put there for the session; and the project's
     * {@code cat .env}, the agent's own configuration to read. Names only ({@code kubectl get secrets},
     * {@code -o name}, {@code vault kv list}, {@code pass ls}) print no secret.
     */
    static boolean isPrintsCredential(Cmd c) {
        return (c.getName().equals("gpg") || c.getName().equals("gpg2")) && c.argMatches("--export-secret-(sub)?keys")
                || c.getName().equals("security") && c.argMatches("find-(generic|internet)-password") && c.anyFlag("-w -g")
                || c.getName().equals("secret-tool") && (c.sub("lookup") || c.sub("search")) || c.named("pass gopass") && c.sub("show")
                || c.getName().equals("op") && (c.sub("read") || c.sub("item") && c.anyArg("get") && c.anyFlag("--reveal"))
                || c.getName().equals("gh") && c.sub("auth") && (c.anyArg("token") || c.anyArg("status") && c.anyFlag("-t --show-token"))
                || c.getName().equals("aws") && c.anyArg("get-session-token")
                // the authorization header actions/checkout stores (`git config --get-all http.https://github.com/.extraheader`)
                || isPrintsGitExtraHeader(c)
                // a secret-named variable printed (`printenv AWS_SECRET_ACCESS_KEY`, `echo $GITHUB_TOKEN`)
                || c.getName().equals("printenv") && c.argMatches(SECRET_VARIABLE) || c.named("echo printf") && c.argFind("\\$\\{?" + SECRET_VARIABLE)
                // jq given one as a value (`jq -n --arg t "$GITHUB_TOKEN" '{t:$t}'`) or reading it from
                // its environment (`$ENV.GITHUB_TOKEN`, `env.NPM_TOKEN`) prints it (left37b)
                || c.getName().equals("jq") && c.argFind("(\\$\\{?|\\$ENV\\.|\\benv\\.)" + SECRET_VARIABLE)
                // CLIs that print a token or a secret's value
                || c.getName().equals("aws") && c.sub("configure") && c.anyArg("get") && c.argMatches("(?i).*(secret|token).*")
                || c.getName().equals("gcloud") && c.argMatches("print-access-token|print-identity-token")
                || c.getName().equals("az") && (c.anyArg("get-access-token") || c.sub("acr") && c.anyFlag("--expose-token"))
                || c.getName().equals("vault") && (c.sub("read") || c.argMatches("get|print"))
                // `vault login` prints the token it stores (`-token-only` nothing else) unless told not to
                || c.getName().equals("vault") && c.sub("login") && !c.argMatches("--?no-print(=(true|1|t))?")
                // a secret's data as yaml, json, jsonpath or a template (`-o name` and `-o wide` print names only)
                || c.getName().equals("kubectl") && c.sub("get") && c.argMatches("secrets?(/.*)?") && c.argMatches("-o|--output(=.*)?|-o.+")
                        && printsSecretData(c.valueOf("-o --output"))
                || c.getName().equals("kubectl") && c.sub("view-secret") || c.getName().equals("kubectl-view_secret")
                || c.getName().equals("git") && c.sub("credential") && c.anyArg("fill")
                // a credential helper asked directly: git credential-osxkeychain get, git-credential-store get, docker-credential-desktop get
                || (c.getName().equals("git") && c.subMatches(1, "credential-[A-Za-z0-9-]+") || Regex.matches(c.getName(), "(git|docker)-credential-[A-Za-z0-9-]+"))
                        && c.anyArg("get")
                || c.getName().equals("security") && c.sub("dump-keychain")
                // cloud secret stores and registry tokens
                || c.getName().equals("aws") && c.argMatches("get-secret-value|get-login-password|export-credentials")
                || c.getName().equals("aws") && c.anyArg("get-parameter get-parameters get-parameters-by-path") && c.anyFlag("--with-decryption")
                || c.getName().equals("gcloud") && c.anyArg("secrets") && c.anyArg("access") || c.getName().equals("az") && c.anyArg("keyvault") && c.anyArg("secret") && c.anyArg("show download")
                || c.getName().equals("kubectl") && (c.sub("config") && c.anyArg("view") && c.anyFlag("--raw") || c.sub("create") && c.anyArg("token"))
                // decrypters and password managers printing what they keep
                || c.getName().equals("sops") && c.anyFlag("-d --decrypt") || c.getName().equals("ansible-vault") && c.anyArg("view")
                || c.getName().equals("bw") && c.sub("get") || c.getName().equals("lpass") && c.sub("show") || c.getName().equals("keyring") && c.sub("get")
                || c.getName().equals("rails") && c.argMatches("credentials:show") || c.getName().equals("heroku") && c.argMatches("auth:token")
                // `glab auth status -t` shows the token; `glab auth login -t TOKEN` takes one
                || c.getName().equals("glab") && c.sub("auth") && c.anyArg("status") && c.anyFlag("-t --show-token")
                // `doppler secrets` prints every secret with its value; `get`, `download --no-file` too
                || c.getName().equals("doppler") && c.sub("secrets") && !c.anyArg("set upload delete names") && !c.anyFlag("--only-names")
                        && !(c.anyArg("download") && !c.anyFlag("--no-file"))
                // infisical prints every secret with its value (`secrets`, `secrets get`, `export` without a file)
                || c.getName().equals("infisical") && (c.sub("secrets") && !c.anyArg("set delete folders generate-example-env")
                        || c.sub("export") && !c.anyFlag("--output-file") && !c.argMatches("--output-file=.*"))
                || isPrintsInfrastructureSecretOutput(c) || c.getName().equals("pulumi") && c.anyFlag("--show-secrets")
                // the whole state, sensitive values in plain text; .NET's secret store of the project, every value
                || c.named("terraform tofu terragrunt") && c.subAt(0, "state") && c.subAt(1, "pull")
                || c.getName().equals("dotnet") && c.sub("user-secrets") && c.anyArg("list")
                // vault's own token: `token lookup` shows its id, `token create` a new one
                || c.getName().equals("vault") && c.sub("token") && c.anyArg("lookup create")
                // temporary or registry credentials and access keys minted and printed
                || c.getName().equals("aws") && c.argMatches("assume-role(-with-[a-z-]+)?|get-federation-token|get-authorization-token|create-access-key")
                || c.getName().equals("az") && (c.anyArg("keys") && c.anyArg("list") || c.sub("acr") && c.anyArg("credential") && c.anyArg("show")
                        || c.anyArg("show-connection-string"))
                || c.named("fly flyctl") && c.sub("auth") && c.anyArg("token")
                // a registry token from the package manager's configuration
                || c.named("npm pnpm yarn") && c.sub("config") && c.anyArg("get") && c.argMatches("(?i).*(_auth|authtoken|_password).*");
    }

    /**
     * True when kubectl's output format shows a secret's data: yaml, json, a template file, or an
     * inline template that names {@code .data} or the whole object; {@code name}, {@code wide} and a
     * template of other fields ({@code jsonpath='{.metadata.name}'}) do not.
     */
    private static boolean printsSecretData(String format) {
        String f = PathFacts.unquote(format);
        if (Regex.matches(f, "name|wide")) {
            return false;
        }
        return !Regex.matches(f, "(?s)(jsonpath|go-template|template|custom-columns)=.*") || f.contains(".data") || f.contains("stringData") || Regex.matches(f, "(?s).*\\{\\s*\\.?\\s*\\}.*");
    }

    /**
     * A git verb that writes a message: its short options that take a value (git's parse-options
     * reads them in clusters, {@code -am MSG}, {@code -qF FILE}) and its long ones, from each verb's
     * manual (git-commit(1), git-tag(1), git-notes(1), git-merge(1), git-stash(1)).
     */
    private record MessageVerb(String valueLetters, Set<String> longValueOptions) {
    }

    private static final Map<String, MessageVerb> MESSAGE_VERBS = Map.of(
            "commit", new MessageVerb("mFCct", Words.setOf("--message --file --reuse-message --reedit-message --template --author"
                    + " --date --cleanup --fixup --squash --trailer --pathspec-from-file")),
            "tag", new MessageVerb("mFu", Words.setOf("--message --file --local-user --cleanup --sort --contains --no-contains"
                    + " --points-at --merged --no-merged --format --trailer")),
            "notes", new MessageVerb("mFCc", Words.setOf("--message --file --reuse-message --reedit-message --ref")),
            "merge", new MessageVerb("mFsX", Words.setOf("--message --file --strategy --strategy-option --cleanup --into-name")),
            "stash", new MessageVerb("m", Words.setOf("--message --pathspec-from-file")));

    /** The options whose value is the message itself. */
    private static final Set<String> MESSAGE_OPTIONS = Words.setOf("-m --message");

    /** The options that reuse a commit's message: their value names a commit, no file is read. */
    private static final Set<String> REUSED_MESSAGE_OPTIONS = Words.setOf("-C -c --reuse-message --reedit-message");

    /**
     * True for a git command whose only secret-looking words are literal commit, tag or note
     * messages ({@code git commit -m "docs: explain ~/.aws/credentials setup"}, also in a cluster,
     * {@code git commit -am MSG}): the message names a file, it does not read it. A message built by
     * a substitution ({@code -m "$(cat KEY)"}), a message or template file ({@code -F KEY},
     * {@code --template=KEY}, git's own {@code -c commit.template=KEY}), a staged file and a word
     * that only looks like a message ({@code --trailer -m KEY}: the trailer is "-m", KEY a pathspec)
     * do read it. The words are read as git's parse-options does ({@link OptionWord#read}). SW4006
     * leaves such a commit-then-push to SW4007, which asks.
     */
    static boolean isNamesSecretOnlyInMessage(Cmd c) {
        if (!c.getName().equals("git") || c.getRedirectReads().stream().anyMatch(PathFacts::isSecret)) {
            return false;
        }
        List<String> args = c.getArgs();
        int verbAt = gitVerbAt(args);
        // git's own options before the verb (-c commit.template=KEY) read as any other word
        for (int i = 0; i < verbAt; i++) {
            if (namesSecret(args.get(i))) {
                return false;
            }
        }
        MessageVerb verb = verbAt < args.size() ? MESSAGE_VERBS.get(args.get(verbAt)) : null;
        if (verb == null) {
            return false;
        }
        boolean inMessage = false;
        for (OptionWord w : OptionWord.read(args.subList(verbAt + 1, args.size()), verb.valueLetters(), verb.longValueOptions())) {
            if (w.is(REUSED_MESSAGE_OPTIONS)) {
                continue;
            }
            String word = w.value() != null ? w.value() : w.option();
            if (!namesSecret(word)) {
                continue;
            }
            if (!w.is(MESSAGE_OPTIONS) || word.contains("$(") || word.contains("`")) {
                return false;
            }
            inMessage = true;
        }
        return inMessage;
    }

    /** True when a word, or the value after its {@code =}, names a secret file. */
    private static boolean namesSecret(String word) {
        int eq = word.indexOf('=');
        return PathFacts.isSecret(word) || eq > 0 && PathFacts.isSecret(word.substring(eq + 1));
    }

    /** The index of git's verb: the first word that is neither one of git's own options nor its value. */
    private static int gitVerbAt(List<String> args) {
        Set<String> global = Words.setOf(Cmd.GIT_GLOBAL_VALUE_OPTIONS);
        for (int i = 0; i < args.size(); i++) {
            if (global.contains(args.get(i))) {
                i++;
            } else if (!args.get(i).startsWith("-")) {
                return i;
            }
        }
        return args.size();
    }

    /**
     * True when a file-transfer client's inline commands or standard input ({@code -c 'put .env'},
     * {@code -e 'put ~/.aws/credentials'}, a here-string of ftp commands) name a secret file.
     */
    static boolean isTransferScriptMentionsSecret(Cmd c) {
        List<String> texts = new ArrayList<>(c.getArgs());
        texts.add(c.getStdin());
        for (String t : texts) {
            // `put .env; bye`, and curl config lines (`upload-file = "/home/u/.ssh/id_rsa"`)
            for (String w : t.split("[\\s;=\"']+")) {
                if (!w.isEmpty() && !w.startsWith("-") && PathFacts.isSecret(w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True for {@code git config} printing an {@code http.*.extraheader} value: actions/checkout
     * keeps the job's token there as an {@code AUTHORIZATION} header. Setting or unsetting it
     * prints nothing.
     */
    private static boolean isPrintsGitExtraHeader(Cmd c) {
        return c.getName().equals("git") && "config".equals(c.getGitSub()) && c.argFind("(?i)^['\"]?http\\..*extraheader['\"]?$")
                && (c.anyFlag("--get --get-all --get-regexp") || c.anyArg("get") || Regex.matches(c.getLastArg(), "(?i)['\"]?http\\..*extraheader['\"]?")
                    && !c.anyFlag("--unset --unset-all"));
    }

    /**
     * True for ssh, scp or sftp told to send local environment variables by a wildcard or a
     * secret's name ({@code -o SendEnv='*'}, {@code -o SendEnv=GITHUB_TOKEN}): every token in the
     * environment goes to the host, as {@code curl -d "$(env)"} sends it.
     */
    static boolean isSendsEnvironment(Cmd c) {
        return c.named("ssh autossh scp sftp") && c.argFind("(?i)^['\"]?(-o)?['\"]?sendenv[\\s=]+.*(\\*|" + SECRET_NAME_WORDS + ")");
    }

    /**
     * DNS lookup clients, and the tools that resolve the host name they are given before anything
     * else (getent, ping, traceroute, PowerShell's Test-Connection; rt33b): every label of the name
     * reaches the name servers on the way.
     */
    private static final String DNS_CLIENTS = "dig nslookup host drill kdig resolvectl delv Resolve-DnsName getent ping ping6"
            + " traceroute traceroute6 tracepath mtr Test-Connection Test-NetConnection";

    /**
     * True for a DNS lookup of a name built from a secret-named variable ({@code dig "$GITHUB_TOKEN.x.example"},
     * {@code Resolve-DnsName "$env:NPM_TOKEN.x.example"}). WHY: the name's labels reach whoever
     * serves the domain, which is how DNS exfiltration works; unlike a URL query or a body (an API
     * key sent to the API it belongs to) a host name has no use for a token, so the variable counts
     * as a secret read (SW4104) sent by the lookup (SW4006).
     */
    static boolean isLooksUpSecretVariable(Cmd c) {
        return c.nameIs(DNS_CLIENTS) && c.argFind("(?i)\\$(\\{|env:)?" + SECRET_VARIABLE)
                // a URL whose host is built from one (`curl "https://$GITHUB_TOKEN.x.example/"`, rt33b):
                // the client resolves the host before it sends anything; a token as the URL's user
                // (`https://x-access-token:$GITHUB_TOKEN@github.com/…`) is a credential used, not looked up
                || (c.isUrlClient() || c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm"))
                        && c.argFind("(?i)://([^/\\s?#]*@)?[^/\\s?#@:]*\\$(\\{|env:)?" + SECRET_VARIABLE + "(?![^/\\s?#]*@)");
    }

    /** The words that make a name a credential's by convention (the grammar's table, shared with CI files). */
    private static final String SECRET_NAME_WORDS = dev.shellwarden.grammar.SecretNames.WORDS;

    /** A variable name that holds a credential by convention ({@code GITHUB_TOKEN}, {@code AWS_SECRET_ACCESS_KEY}). */
    private static final String SECRET_VARIABLE = dev.shellwarden.grammar.SecretNames.VARIABLE + "\\}?";

    /**
     * An infrastructure output named like a credential ({@code db_password}, {@code admin-token}),
     * or one that carries credentials by its kind ({@code kube_config}, {@code connection_string}).
     */
    private static final String SECRET_OUTPUT = "[A-Za-z0-9_-]*(" + SECRET_NAME_WORDS + "|(?i:kube_?config|connection_?string))[A-Za-z0-9_-]*";

    /**
     * True for {@code terraform|tofu|terragrunt output} that prints a secret: {@code -json} of every
     * output (sensitive ones in plain text, as with {@code -raw}), or an output named like a secret
     * in any format ({@code -raw db_password}). Plain {@code terraform output} shows sensitive values
     * as {@code <sensitive>}, and a named output of another kind ({@code -raw instance_ip}) is an
     * address or an id, read every day.
     */
    private static boolean isPrintsInfrastructureSecretOutput(Cmd c) {
        if (!c.named("terraform tofu terragrunt") || !c.subAt(0, "output") || c.anyArg("-help -h --help")) {
            return false;
        }
        List<String> outputs = c.positionals("-state");
        outputs = outputs.subList(1, outputs.size());
        return outputs.isEmpty() ? c.anyArg("-json --json") : outputs.stream().anyMatch(o -> Regex.matches(PathFacts.unquote(o), SECRET_OUTPUT));
    }

    /**
     * True for a program that prints the names of files it finds among which are credentials, for a
     * later stage to read ({@code find ~/.ssh -type f}, {@code find / -name '*.pem'},
     * {@code fd -H id_ed25519 ~}, {@code rg --files ~/.aws}, {@code locate id_rsa},
     * {@code ls ~/.ssh/id_*}): a start folder that is or holds a credential folder with no name
     * picked ({@code find ~ -type f}), a picked name that is a credential store, or a private key or
     * secret name searched for outside the project. WHY the project line: {@code find . -name '*.pem'}
     * lists the project's own fixtures, which {@code cat} reads every day; the names alone are no
     * secret, so only the reader they are handed to (SW4115) asks.
     */
    static boolean listsCredentialFiles(Cmd c, Ctx ctx) {
        String name = c.getName();
        if (name.equals("find")) {
            String picked = PathFacts.unquote(c.valueOf("-name -iname"));
            String path = PathFacts.unquote(c.valueOf("-path -ipath -wholename -iwholename"));
            String regex = PathFacts.unquote(c.valueOf("-regex -iregex"));
            List<String> starts = folders(c.findStarts());
            if (!path.isEmpty() && (PathFacts.isCredentialStore(path) || PathFacts.namesSecretDir(path))) {
                return true;
            }
            // the root's own files (`find / -maxdepth 1 -type f`): every credential lies deeper
            if (starts.stream().allMatch(s -> s.equals("/")) && Regex.matches(c.valueOf("-maxdepth"), "[01]")) {
                return false;
            }
            if (!regex.isEmpty() && picked.isEmpty()) {
                // find's default dialect is Emacs': \| \( \) are its alternation and groups; the
                // pattern must match the whole path (`.*\.py` is no `.pypirc`)
                String emacs = regex.replace("\\|", "|").replace("\\(", "(").replace("\\)", ")");
                return regexFinds(c, ctx, starts, List.of("^(?:" + regex + ")$", "^(?:" + emacs + ")$"));
            }
            if (foundUnder(c, ctx, starts, picked.isEmpty() ? List.of() : List.of(picked))) {
                return true;
            }
            // a name glob matching a key or store inside the credential folders of a home searched
            // recursively (`find ~ -name 'id_*'` finds ~/.ssh/id_rsa); a credential folder searched
            // for other names (`find ~/.ssh -name '*.pub'`) lists no secret
            return !picked.isEmpty() && starts.stream().anyMatch(s -> PathFacts.holdsCredentialFolders(s) && !c.allInsideProject(List.of(s), ctx, false))
                    && finds(compiled(List.of(globAsRegex(picked))), HOME_SECRET_SAMPLES);
        }
        if (c.named("fd fdfind")) {
            return fdListsCredentialFiles(c, ctx);
        }
        if (name.equals("Get-ChildItem") && c.psParam("Recurse", 1)) {
            return psListsCredentialFiles(c, ctx);
        }
        if (name.equals("rg") && (c.anyFlag("--files") || namesOnly(c))) {
            List<String> pos = c.positionals(RG_VALUE_OPTIONS);
            if (!c.anyFlag("--files") && !pos.isEmpty() && !c.anyFlag("-e --regexp -f --file")) {
                pos = pos.subList(1, pos.size()); // the pattern
            }
            List<String> starts = pos.isEmpty() ? List.of(".") : folders(pos);
            List<String> globs = new ArrayList<>();
            for (int i = 0; i + 1 < c.getArgs().size(); i++) {
                if (Words.setOf("-g --glob --iglob").contains(c.getArgs().get(i)) && !PathFacts.unquote(c.getArgs().get(i + 1)).startsWith("!")) {
                    globs.add(PathFacts.unquote(c.getArgs().get(i + 1)));
                }
            }
            if (globs.isEmpty()) {
                return foundUnder(c, ctx, starts, List.of());
            }
            return foundUnder(c, ctx, starts, globs) || regexFinds(c, ctx, starts, globs.stream().map(Credentials::globAsRegex).toList());
        }
        if (c.named("grep egrep fgrep") && namesOnly(c)) {
            // `grep -rl x ~ | xargs cat`: the names of every file under the home that holds x, keys among them
            List<String> pos = c.positionals(GREP_VALUE_OPTIONS);
            if (!pos.isEmpty() && !c.anyFlag("-e --regexp -f --file")) {
                pos = pos.subList(1, pos.size());
            }
            if (pos.isEmpty()) {
                return false; // standard input, or the working folder (-r): the project
            }
            String include = PathFacts.unquote(c.valueOf("--include"));
            return foundUnder(c, ctx, folders(pos), include.isEmpty() ? List.of() : List.of(include));
        }
        String valueOptions = GREP_LIKE_VALUE_OPTIONS.get(name);
        boolean gitGrep = name.equals("git") && "grep".equals(c.getGitSub());
        if (valueOptions != null || gitGrep) {
            return grepLikeListsCredentialFiles(c, ctx, gitGrep ? GREP_VALUE_OPTIONS + " --max-depth -O --open-files-in-pager --threads" : valueOptions, gitGrep);
        }
        if (name.equals("ls")) {
            List<String> starts = folders(c.getOperands());
            return starts.stream().anyMatch(s -> Cmd.namesCredentialStore(s) || PathFacts.isCredentialFolder(s)
                    // a glob in a credential folder of any home matching a key or store there (`ls /root/.ssh/*`)
                    || s.lastIndexOf('/') > 0 && PathFacts.isCredentialFolder(s.substring(0, s.lastIndexOf('/')))
                        && finds(compiled(List.of(globAsRegex(s.substring(s.lastIndexOf('/') + 1)))), samplesIn(s.substring(0, s.lastIndexOf('/')))));
        }
        if (name.equals("compgen")) {
            // bash's completion builtin prints the file names a word completes to (-f WORD, -A file
            // WORD: those starting with WORD) or a glob matches (-G GLOB), one a line, as ls does
            // (`cat $(compgen -f ~/.ssh/)`, `compgen -G '~/.aws/*' | xargs cat`); -c, -A command list no file
            List<String> args = c.getArgs();
            List<String> globs = new ArrayList<>();
            boolean files = false;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("-G") && i + 1 < args.size()) {
                    globs.add(PathFacts.unquote(args.get(++i)));
                } else if (a.equals("-A") && i + 1 < args.size()) {
                    files |= Regex.matches(PathFacts.unquote(args.get(++i)), "file|directory");
                } else if (Regex.matches(a, "-[a-zA-Z]*f[a-zA-Z]*")) {
                    files = true;
                } else if (Regex.matches(a, "-[WXPSFCo]") && i + 1 < args.size()) {
                    i++;
                }
            }
            List<String> ops = Cmd.positionalsOf(args, "-G -A -W -X -P -S -F -C -o");
            if (files && !ops.isEmpty()) {
                String w = folders(List.of(ops.get(ops.size() - 1))).get(0);
                // `-f ~/.ssh/` completes inside the folder; `-f ~/.ssh/id` to the names starting with id
                globs.add(PathFacts.unquote(ops.get(ops.size() - 1)).endsWith("/") ? w + "/*" : w + "*");
            }
            return globs.stream().anyMatch(s -> Cmd.namesCredentialStore(s)
                    || s.lastIndexOf('/') > 0 && PathFacts.isCredentialFolder(s.substring(0, s.lastIndexOf('/')))
                        && finds(compiled(List.of(globAsRegex(s.substring(s.lastIndexOf('/') + 1)))), samplesIn(s.substring(0, s.lastIndexOf('/')))));
        }
        if (c.named("echo printf")) {
            // the shell expands the glob and echo prints the names, as ls does (`cat $(echo ~/.ssh/id_*)`,
            // `printf '%s\n' ~/.aws/* | xargs cat`); a folder alone prints only its own name
            List<String> ops = c.getOperands();
            List<String> starts = folders(name.equals("printf") && !ops.isEmpty() ? ops.subList(1, ops.size()) : ops);
            return starts.stream().anyMatch(s -> Cmd.namesCredentialStore(s)
                    || s.lastIndexOf('/') > 0 && Regex.matches(s.substring(s.lastIndexOf('/') + 1), ".*[*?\\[].*")
                        && PathFacts.isCredentialFolder(s.substring(0, s.lastIndexOf('/')))
                        && finds(compiled(List.of(globAsRegex(s.substring(s.lastIndexOf('/') + 1)))), samplesIn(s.substring(0, s.lastIndexOf('/')))));
        }
        if (c.named("locate plocate mlocate slocate")) {
            // the whole file system's index: any key or secret name it is asked for is outside the project
            List<String> patterns = c.positionals("-d --database -l --limit -n");
            if (c.anyFlag("-r --regex --regexp")) {
                String r = PathFacts.unquote(c.valueOf("-r --regex --regexp"));
                return matchesSecretSample(List.of(r.isEmpty() && !patterns.isEmpty() ? PathFacts.unquote(patterns.get(0)) : r), true);
            }
            return patterns.stream().map(PathFacts::unquote).anyMatch(p -> PathFacts.isSecret(p) || PathFacts.isPrivateKeyName(p)
                    || PathFacts.isCredentialStore(p)
                    // a pattern without glob characters is a substring of the path (`locate .ssh/id`)
                    || matchesSecretSample(List.of(Regex.matches(p, ".*[*?\\[].*") ? globAsRegex(p) : java.util.regex.Pattern.quote(p)), true));
        }
        return false;
    }

    /**
     * A grep-like searcher that prints file names ({@code -l}, {@code -L}, {@code --name-only}; ack's
     * {@code -f} every file it would search; ag's, ack's and pt's {@code -g REGEX} the files whose
     * names match) from folders that hold credentials: {@code ag -l password ~/.config},
     * {@code ugrep -rl '' ~/.ssh}, {@code git grep -l token -- ~/.ssh} (outside a repository git grep
     * searches the folders named, as with {@code --no-index}). The files a later reader is handed are
     * then credential files, as for grep ({@link #listsCredentialFiles}).
     */
    private static boolean grepLikeListsCredentialFiles(Cmd c, Ctx ctx, String valueOptions, boolean gitGrep) {
        List<String> args = c.getArgs();
        if (gitGrep) {
            args = args.subList(args.indexOf("grep") + 1, args.size());
        }
        boolean names = false;
        boolean everyFile = false;
        String nameRegex = "";
        boolean patternGiven = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            // -l, -L (alone or in a cluster: -rl), --files-with-matches, --files-without-match(es), --name-only
            if (Regex.matches(a, "-[A-Za-z]*[lL][A-Za-z]*|--files-with(out)?-match(es)?|--name-only")) {
                names = true;
            }
            if (!gitGrep && c.getName().equals("ack") && (a.equals("-f") || Regex.matches(a, "-[A-Za-z]*f"))) {
                names = true;
                everyFile = true;
            }
            if (c.named("ag ack pt") && a.equals("-g") && i + 1 < args.size()) {
                names = true;
                nameRegex = PathFacts.unquote(args.get(i + 1));
            }
            if (a.equals("-e") || a.equals("--regexp") || a.startsWith("--regexp=") || a.equals("--match")) {
                patternGiven = true;
            }
        }
        if (!names) {
            return false;
        }
        List<String> pos = Cmd.positionalsOf(args, valueOptions);
        if (!everyFile && nameRegex.isEmpty() && !patternGiven && !pos.isEmpty()) {
            pos = pos.subList(1, pos.size()); // the pattern
        }
        if (pos.isEmpty()) {
            return false; // the working folder: the project
        }
        List<String> starts = folders(pos);
        return nameRegex.isEmpty() ? foundUnder(c, ctx, starts, List.of()) : regexFinds(c, ctx, starts, List.of(nameRegex));
    }

    /**
     * True when {@code reader} is handed the names {@code lister} prints by a substitution rather
     * than a pipe: in its own words ({@code cat $(ls ~/.ssh/*)}, {@code cat `find ~/.aws -type f`},
     * {@code sudo cat $(…)}, whose substitution belongs to the outermost wrapper, its launcher), or
     * as the loop variable of a loop over them (below). The xargs or parallel that runs a reader is
     * matched on its own ({@link #handsNamesSubstitutedFrom}).
     * WHY: the pipe form ({@code ls ~/.ssh/* | xargs cat}) is read as lister then reader
     * (SW4115/SW4116/SW4118); the same names spliced in by {@code $(…)} or {@code <(…)} reach the same
     * reader. A process substitution in the reader's own words ({@code cat <(ls ~/.ssh)}) hands it the
     * listing as a file, not the files listed, so only an xargs or parallel reads through one.
     */
    /**
     * True when {@code host} is an xargs or parallel handed the names {@code lister} prints by a
     * substitution in its own words or redirections ({@code xargs cat < <(ls ~/.ssh/id_*)}, {@code
     * xargs -a <(find ~/.aws -type f) cat}, {@code parallel cat ::: $(ls ~/.ssh/id_*)}); the reader it
     * runs is its child. WHY the launcher: behind a wrapper ({@code nice xargs …}, {@code timeout 5
     * parallel …}, {@code (exec xargs …)}) the substitution belongs to the outermost wrapper's segment,
     * which is the host's launcher; without one the launcher is the host itself.
     */
    static boolean handsNamesSubstitutedFrom(Cmd host, Cmd lister) {
        String p = lister.getProvenance();
        return host.named("xargs parallel") && host.getLauncher() == lister.getParent()
                && (p.equals("COMMAND_SUBSTITUTION") || p.equals("BACKTICK") || p.equals("PROCESS_SUBSTITUTION"));
    }

    static boolean readsNamesSubstitutedFrom(Cmd reader, Cmd lister) {
        String p = lister.getProvenance();
        boolean command = p.equals("COMMAND_SUBSTITUTION") || p.equals("BACKTICK");
        if (!command && !p.equals("PROCESS_SUBSTITUTION")) {
            return false;
        }
        if (command && reader.getLauncher() == lister.getParent()) {
            return true;
        }
        // a loop over the names, reading a variable in its body: `for f in $(ls ~/.ssh/id_*); do cat "$f"; done`
        // (the body's command carries the loop's split-list wrapper) or `while read f; do cat "$f"; done
        // < <(find ~/.ssh -type f)` (the body's commands carry the loop's input)
        if (reader.getParent() != lister.getParent() || reader.getId() < lister.getId() || !reader.getProvenance().equals("COMPOUND")) {
            return false;
        }
        boolean readsVariable = reader.getOperands().stream().anyMatch(o -> o.contains("$"));
        if (command) {
            return reader.getWrappers().stream().anyMatch(w -> w.startsWith("split-list-loop:")) && readsVariable;
        }
        return readsVariable && reader.getRedirectReads().stream().anyMatch(r -> r.startsWith("<("));
    }

    /**
     * Lines that hold a secret: a password, token or key assignment, a PEM private key's header, an
     * AWS key id, a bearer header. A content search whose pattern finds one of them hunts secrets.
     */
    private static final List<String> SECRET_LINES = List.of("password=hunter2", "db_passwd: x", "pwd = x", "client_secret: x",
            "AWS_SECRET_ACCESS_KEY=x", "aws_secret_access_key = x", "api_key: x", "apikey=x", "API-KEY: x", "token: x", "GITHUB_TOKEN=ghp_x",
            "Authorization: Bearer x", "-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----",
            "AKIAIOSFODNN7EXAMPLE", "credentials: x", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "xoxb-1234-abcd", "sk-proj-abc123");

    /** The words one of which a secret hunt's pattern spells (so that {@code e} or {@code .} finding a line above is none). */
    private static final String SECRET_MARKER_WORDS = "pass|pwd|secret|token|key|akia|private|credential|auth|bearer|ghp_|xox|sk-";

    /**
     * True for a content search that prints the names of the files holding a secret-looking word
     * ({@code grep -rl password .}, {@code grep -rl 'BEGIN .*PRIVATE KEY' .}, {@code rg -l -i
     * 'api[_-]?key'}, {@code git grep -l AKIA}): the files a later {@code xargs cat} reads were chosen
     * for the secret they hold. Names alone are no read, and the project's own files read after such a
     * search stay everyday; only a sender after the reader makes it exfiltration (SW4118, SW4006).
     */
    static boolean listsSecretHoldingFiles(Cmd c) {
        List<String> args = c.getArgs();
        String valueOptions = GREP_VALUE_OPTIONS;
        if (c.getName().equals("rg")) {
            valueOptions = RG_VALUE_OPTIONS;
        } else if (c.getName().equals("git") && "grep".equals(c.getGitSub())) {
            args = args.subList(args.indexOf("grep") + 1, args.size());
            valueOptions = GREP_VALUE_OPTIONS + " --max-depth -O --open-files-in-pager";
        } else if (!c.named("grep egrep fgrep")) {
            return false;
        }
        if (!c.anyFlag("-l --files-with-matches --name-only")) {
            return false;
        }
        List<String> patterns = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("-e") || a.equals("--regexp")) && i + 1 < args.size()) {
                patterns.add(PathFacts.unquote(args.get(++i)));
            } else if (a.startsWith("--regexp=")) {
                patterns.add(PathFacts.unquote(a.substring(9)));
            }
        }
        if (patterns.isEmpty()) {
            List<String> pos = Cmd.positionalsOf(args, valueOptions);
            if (!pos.isEmpty()) {
                patterns.add(PathFacts.unquote(pos.get(0)));
            }
        }
        boolean fixed = c.anyFlag("-F --fixed-strings") || c.getName().equals("fgrep");
        for (String p : patterns) {
            if (!Regex.find(p.toLowerCase(java.util.Locale.ROOT), SECRET_MARKER_WORDS)) {
                continue;
            }
            // grep's basic syntax spells alternation and groups \| \( \)
            List<java.util.regex.Pattern> ps = compiled(fixed ? List.of(java.util.regex.Pattern.quote(p))
                    : List.of(p, p.replace("\\|", "|").replace("\\(", "(").replace("\\)", ")")));
            if (ps.isEmpty() || ps.stream().anyMatch(x -> SECRET_LINES.stream().anyMatch(l -> x.matcher(l).find()))) {
                return true;
            }
        }
        return false;
    }

    /** grep's and rg's options that print only names: of the files that match, or that do not. */
    private static boolean namesOnly(Cmd c) {
        String m = searchOutput(c);
        return m.equals("names") || m.equals("files");
    }

    /**
     * What a grep or rg prints, read from its words as the tool parses them: {@code "names"} (-l,
     * -L, grep's), {@code "counts"} (-c, --count-matches), {@code "quiet"} (-q), {@code "files"}
     * (rg --files, which no search option overrides) or {@code "content"}. An option's value is no
     * option ({@code grep -r -e -l -e '' ~/.ssh}, {@code grep --exclude -l}), nor is a word after
     * {@code --}; ripgrep takes the last output mode given ({@code rg -l --json} prints the
     * content as JSON; --vimgrep too, read so to fail closed). Any other tool: {@code "content"}.
     */
    static String searchOutput(Cmd c) {
        boolean rg = c.getName().equals("rg");
        if (!rg && !c.named("grep egrep fgrep")) {
            return "content";
        }
        String shortValues = rg ? "ABCefgjmMrtTdE" : "efmABCdD";
        java.util.Set<String> longValues = new java.util.HashSet<>(java.util.Arrays.asList(Words.of(rg ? RG_VALUE_OPTIONS + RG_MORE_VALUE_OPTIONS : GREP_VALUE_OPTIONS + " --group-separator --binary-files")));
        String mode = "content";
        boolean files = false;
        boolean quiet = false;
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--")) {
                String opt = a.indexOf('=') > 0 ? a.substring(0, a.indexOf('=')) : a;
                // (grep's --color takes its value only after `=`)
                if (a.indexOf('=') < 0 && (rg || !a.equals("--color") && !a.equals("--colour"))
                        && longValues.stream().anyMatch(v -> v.startsWith("--") && v.startsWith(opt))) {
                    i++; // the option (or its abbreviation, to getopt_long) takes the next word
                    continue;
                }
                switch (opt) {
                    case "--files-with-matches", "--files-without-match" -> mode = "names";
                    case "--count", "--count-matches" -> mode = rg || !mode.equals("names") ? "counts" : mode;
                    case "--quiet", "--silent" -> quiet = true;
                    case "--files" -> files = files || rg;
                    case "--json", "--vimgrep" -> mode = rg ? "content" : mode;
                    default -> {
                    }
                }
                continue;
            }
            if (!a.startsWith("-") || a.length() < 2) {
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char ch = a.charAt(k);
                if (shortValues.indexOf(ch) >= 0) {
                    if (k == a.length() - 1) {
                        i++; // the value is the next word
                    }
                    break; // or the rest of this one
                }
                switch (ch) {
                    case 'l' -> mode = "names";
                    case 'L' -> mode = rg ? mode : "names"; // rg's -L follows links
                    case 'c' -> mode = rg || !mode.equals("names") ? "counts" : mode;
                    case 'q' -> quiet = true;
                    default -> {
                    }
                }
            }
        }
        return files ? "files" : !mode.equals("content") ? mode : quiet ? "quiet" : "content";
    }

    /** grep's options that take a value (the pattern and paths are its other words). */
    private static final String GREP_VALUE_OPTIONS = "-e --regexp -f --file -A -B -C -m --max-count -d --directories -D --devices"
            + " --include --exclude --exclude-dir --exclude-from --label --color --colour --context --after-context --before-context";

    /**
     * The searchers like grep beside grep and rg, with their options that take a value: ugrep (and
     * its {@code ug}), the silver searcher {@code ag}, {@code ack} and the platinum searcher
     * {@code pt}. All but ugrep search folders recursively by default.
     */
    private static final Map<String, String> GREP_LIKE_VALUE_OPTIONS = Map.of(
            "ugrep", GREP_VALUE_OPTIONS + " -g --glob -t --file-type -O --file-extensions -M --file-magic -J --jobs --format --depth --max-files",
            "ug", GREP_VALUE_OPTIONS + " -g --glob -t --file-type -O --file-extensions -M --file-magic -J --jobs --format --depth --max-files",
            "ag", "-A -B -C -G --file-search-regex -g -m --max-count --ignore --ignore-dir -p --path-to-ignore --depth --pager -W --width",
            "ack", "-A -B -C -m --max-count --type -t --ignore-dir --ignore-file --output --match -g --files-from",
            "pt", "-A -B -C -G --file-search-regexp -g --depth --ignore --output-encode");

    /** rg's options that take a value. */
    private static final String RG_VALUE_OPTIONS = "-e --regexp -f --file -g --glob --iglob -t --type -T --type-not -A -B -C -m -M -j"
            + " --max-count --max-columns --threads --type-add --pre --pre-glob --ignore-file --max-depth -d --max-filesize -E --encoding"
            + " -r --replace --context --after-context --before-context --sort --sortr --color --colors --path-separator";

    /** rg's other options that take a value, which {@link #searchOutput} must not read as options. */
    private static final String RG_MORE_VALUE_OPTIONS = " --context-separator --field-context-separator --field-match-separator"
            + " --dfa-size-limit --regex-size-limit --engine --hostname-bin --hyperlink-format --generate --type-clear"
            + " --max-columns --replace --ignore-file";

    /** fd's options that take a value (the pattern and paths are its other words). */
    private static final String FD_VALUE_OPTIONS = "-e --extension -t --type -E --exclude -d --max-depth --min-depth --exact-depth"
            + " -S --size -c --color -j --threads --changed-within --changed-before -o --owner --base-directory --path-separator"
            + " --max-results --ignore-file --search-path --format";

    /**
     * fd's listing: its pattern is a regular expression searched in each name ({@code fd pub ~/.ssh}
     * lists {@code id_rsa.pub}, {@code fd id_ ~} every key), a glob with {@code -g}, and {@code -e}
     * picks extensions.
     */
    private static boolean fdListsCredentialFiles(Cmd c, Ctx ctx) {
        List<String> words = new ArrayList<>();
        for (String a : c.getArgs()) {
            if (Words.setOf("-x --exec -X --exec-batch").contains(a)) {
                break;
            }
            words.add(a);
        }
        List<String> pos = Cmd.positionalsOf(words, FD_VALUE_OPTIONS);
        String pattern = pos.isEmpty() ? "" : PathFacts.unquote(pos.get(0));
        List<String> picked = new ArrayList<>();
        if (!pattern.isEmpty()) {
            picked.add(pattern);
        }
        boolean extensions = false;
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("-e") || words.get(i).equals("--extension")) {
                picked.add("x." + PathFacts.unquote(words.get(i + 1)));
                extensions = true;
            }
        }
        List<String> starts = new ArrayList<>(pos.size() > 1 ? folders(pos.subList(1, pos.size())) : List.of());
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("--search-path")) {
                starts.add(PathFacts.unquote(words.get(i + 1)).replaceAll("(?<=.)/+$", ""));
            }
        }
        if (starts.isEmpty()) {
            starts.add(".");
        }
        if (foundUnder(c, ctx, starts, picked)) {
            return true;
        }
        if (extensions || pattern.isEmpty()) {
            return false;
        }
        boolean glob = Words.setOf("-g --glob").stream().anyMatch(words::contains);
        return regexFinds(c, ctx, starts, List.of(glob ? globAsRegex(pattern) : pattern));
    }

    /** A glob as a regular expression searched in a name or path: the whole last name must match. */
    private static String globAsRegex(String glob) {
        return "(^|/)" + PathFacts.globRegex(glob).pattern() + "$";
    }

    /**
     * Credential files of a home, as paths a search walks: a name pattern that finds one of them (or
     * its last name) from a start holding them reaches the user's keys and tokens.
     */
    private static final List<String> HOME_SECRET_SAMPLES = List.of("/home/u/.ssh/id_rsa", "/home/u/.ssh/id_ed25519", "/home/u/.ssh/id_ecdsa",
            "/home/u/.ssh/id_dsa", "/home/u/.aws/credentials", "/home/u/.aws/config", "/home/u/.kube/config", "/home/u/.docker/config.json",
            "/home/u/.azure/accessTokens.json", "/home/u/.azure/msal_token_cache.json", "/home/u/.gnupg/private-keys-v1.d/A1B2.key",
            "/home/u/.gnupg/secring.gpg", "/home/u/.password-store/mail.gpg", "/home/u/.config/gcloud/credentials.db",
            "/home/u/.config/gcloud/application_default_credentials.json", "/home/u/.config/gh/hosts.yml", "/home/u/.netrc",
            "/home/u/.git-credentials", "/home/u/.pgpass", "/home/u/.vault-token", "/home/u/.npmrc", "/home/u/.pypirc",
            "/home/u/.cargo/credentials.toml", "/home/u/.bash_history");

    /** The samples inside a home's credential folder of the same name ({@code /root/.ssh}: the ssh keys). */
    private static List<String> samplesIn(String folder) {
        String base = "/" + folder.substring(folder.lastIndexOf('/') + 1) + "/";
        return HOME_SECRET_SAMPLES.stream().filter(s -> s.contains(base)).toList();
    }

    /** Private keys and secrets by name, wherever they lie: a pattern finding one outside the project finds a key. */
    private static final List<String> KEY_SAMPLES = List.of("/srv/tls/server.key", "/srv/tls/privkey.pem", "/srv/tls/client.p12",
            "/srv/tls/keystore.jks", "/srv/app/.env", "/srv/app/id_rsa", "/etc/shadow", "/etc/ssl/private/site.key");

    /** Names that any pattern matching every name matches: one letter of each case, a digit, an underscore. */
    private static final List<String> ANY_NAMES = List.of("a", "Z", "1", "_");

    /**
     * Whether a search from the start folders with a regular expression for the names (fd's pattern,
     * find's -regex, a glob made one) reaches a credential: every name picked is {@link #foundUnder};
     * otherwise a start that is a credential folder or store (any pattern may match what is there), a
     * start holding the home's credential folders with a pattern that finds one of their files, or a
     * key's name found outside the project. An unreadable pattern may match anything.
     */
    private static boolean regexFinds(Cmd c, Ctx ctx, List<String> starts, List<String> regexes) {
        List<java.util.regex.Pattern> ps = compiled(regexes);
        if (ps.isEmpty() || ps.stream().anyMatch(p -> ANY_NAMES.stream().allMatch(n -> p.matcher(n).find()))) {
            return foundUnder(c, ctx, starts, List.of());
        }
        for (String start : starts) {
            if (Cmd.namesCredentialStore(start) || PathFacts.isCredentialFolder(start)) {
                return true;
            }
            if (c.allInsideProject(List.of(start), ctx, false)) {
                continue;
            }
            if (PathFacts.holdsCredentialFolders(start) && finds(ps, HOME_SECRET_SAMPLES) || finds(ps, KEY_SAMPLES)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a regular expression finds a secret sample path of a home or a key anywhere ({@code locate -r}). */
    private static boolean matchesSecretSample(List<String> regexes, boolean anywhere) {
        List<java.util.regex.Pattern> ps = compiled(regexes);
        return ps.isEmpty() || finds(ps, HOME_SECRET_SAMPLES) || anywhere && finds(ps, KEY_SAMPLES);
    }

    /** Whether a pattern finds a sample path or its last name. */
    private static boolean finds(List<java.util.regex.Pattern> ps, List<String> samples) {
        for (java.util.regex.Pattern p : ps) {
            for (String s : samples) {
                if (p.matcher(s).find() || p.matcher(s.substring(s.lastIndexOf('/') + 1)).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** POSIX bracket classes as Java writes them ({@code [[:alnum:]]}). */
    private static final Map<String, String> POSIX_CLASSES = Map.of("alnum", "\\p{Alnum}", "alpha", "\\p{Alpha}", "digit", "\\d",
            "lower", "\\p{Lower}", "upper", "\\p{Upper}", "space", "\\s", "punct", "\\p{Punct}", "xdigit", "\\p{XDigit}", "word", "\\w");

    /**
     * The patterns compiled case-insensitively (stricter than fd's smart case and find's -regex),
     * POSIX classes translated; empty when none compiles, which the callers read as "may match anything".
     */
    private static List<java.util.regex.Pattern> compiled(List<String> regexes) {
        List<java.util.regex.Pattern> out = new ArrayList<>();
        for (String r : regexes) {
            java.util.regex.Matcher m = Regex.pattern("\\[:([a-z]+):\\]").matcher(r);
            StringBuilder sb = new StringBuilder();
            boolean unknown = false;
            while (m.find()) {
                String cls = POSIX_CLASSES.get(m.group(1));
                unknown |= cls == null;
                m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(cls == null ? "" : cls));
            }
            m.appendTail(sb);
            if (unknown) {
                return List.of();
            }
            try {
                out.add(java.util.regex.Pattern.compile("(?i)" + sb));
            } catch (java.util.regex.PatternSyntaxException e) {
                // another dialect's spelling: tried as the next variant, or unreadable
            }
        }
        return out;
    }

    /** Start folders as the searches name them: unquoted, without trailing slashes (the root stays {@code /}). */
    /** Get-ChildItem's parameters that take a value (lower case, no dash): skipped when looking for the positional path and filter. */
    private static final List<String> GCI_VALUED = List.of("path", "literalpath", "filter", "include", "exclude", "depth",
            "attributes", "pipelinevariable", "outvariable", "erroraction", "warningaction", "pv", "ov", "ea", "wa");

    /**
     * {@code Get-ChildItem -Recurse} read as {@code find}: its start (-Path, -LiteralPath or the first
     * positional word, the working folder when none) and its name pattern (-Filter, -Include or the
     * second positional word). True when it lists every file of a folder that is or holds a
     * credential folder outside the project, or names keys or secrets there ({@code Get-ChildItem
     * -Path $HOME -Filter id_* -Recurse} finds ~/.ssh/id_rsa, as {@code find ~ -name 'id_*'} does).
     */
    private static boolean psListsCredentialFiles(Cmd c, Ctx ctx) {
        String start = c.psNamedValue("path", "literalpath");
        String picked = c.psNamedValue("filter");
        picked = picked.isEmpty() ? c.psNamedValue("include") : picked;
        List<String> positional = new ArrayList<>();
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                String p = a.substring(1).toLowerCase(java.util.Locale.ROOT);
                boolean valued = a.indexOf(':') < 0 && p.length() >= 2 && GCI_VALUED.stream().anyMatch(v -> v.startsWith(p));
                i += valued ? 1 : 0;
                continue;
            }
            positional.add(a);
        }
        start = !start.isEmpty() ? start : positional.isEmpty() ? "." : positional.get(0);
        picked = !picked.isEmpty() ? picked : positional.size() > 1 ? positional.get(1) : "";
        List<String> starts = folders(List.of(PathFacts.fromWindows(PathFacts.unquote(start))));
        picked = PathFacts.unquote(picked);
        if (foundUnder(c, ctx, starts, picked.isEmpty() ? List.of() : List.of(picked))) {
            return true;
        }
        return !picked.isEmpty() && starts.stream().anyMatch(s -> PathFacts.holdsCredentialFolders(s) && !c.allInsideProject(List.of(s), ctx, false))
                && finds(compiled(List.of(globAsRegex(picked))), HOME_SECRET_SAMPLES);
    }

    private static List<String> folders(List<String> words) {
        return words.stream().map(s -> PathFacts.unquote(s).replaceAll("(?<=.)/+$", "")).toList();
    }

    /**
     * The names a credential store has inside a tool's folder ({@code ~/.config/gh/hosts.yml},
     * {@code ~/.kube/config}, {@code ~/.aws/credentials}): a search of every file in a folder that
     * holds one of them ({@code find ~/.config/gh -type f}) finds it.
     */
    private static final List<String> STORE_FILE_NAMES = List.of("hosts.yml", "credentials", "credentials.toml", "config", "config.json",
            "config.yml", "auth.json", "access-token");

    /**
     * Whether a search from the start folders for the picked names (a glob or fd's pattern; none
     * for every file) reaches a credential: a start that is or names a credential store or folder,
     * a start holding the home's credential folders with every file picked, a picked store
     * ({@code start/.ssh/id_rsa}), or a key or secret name picked outside the project.
     */
    private static boolean foundUnder(Cmd c, Ctx ctx, List<String> starts, List<String> picked) {
        boolean everyFile = picked.isEmpty() || picked.stream().allMatch(p -> p.equals("*") || p.equals(".") || p.equals("x.*"));
        for (String start : starts) {
            // every file of a folder outside the project that is, holds or keeps a credential store
            if (Cmd.namesCredentialStore(start) || everyFile && !c.allInsideProject(List.of(start), ctx, false)
                    && (PathFacts.isCredentialFolder(start) || PathFacts.holdsCredentialFolders(start)
                        || STORE_FILE_NAMES.stream().anyMatch(f -> Cmd.namesCredentialStore(start + "/" + f)))) {
                return true;
            }
            for (String p : picked) {
                if (Cmd.namesCredentialStore(start + "/" + p)) {
                    return true;
                }
            }
        }
        boolean secretName = picked.stream().anyMatch(p -> PathFacts.isPrivateKeyName(p) || PathFacts.isSecret(p));
        return secretName && !c.allInsideProject(starts, ctx, false);
    }

    /**
     * True for a container image build handed a credential file of the user's as a build secret or
     * ssh key ({@code docker build --secret id=aws,src=$HOME/.aws/credentials .},
     * {@code docker buildx build --ssh default=~/.ssh/id_rsa .}, {@code podman build --secret …},
     * {@code buildah bud --secret …}): the project's Dockerfile decides what its {@code RUN} steps do
     * with it, and one line ({@code RUN --mount=type=secret,id=aws curl -d @/run/secrets/aws …}) sends
     * it. A secret file inside the project ({@code src=.npmrc}) and the agent socket
     * ({@code --ssh default}, {@code default=$SSH_AUTH_SOCK}) are the everyday use.
     */
    static boolean buildGetsCredentialFile(Cmd c, Ctx ctx) {
        boolean build = c.named("docker podman nerdctl depot") && c.anyArg("build bud") || c.named("buildah") && c.sub("bud build")
                || c.named("buildctl") && c.sub("build");
        if (!build) {
            return false;
        }
        List<String> args = c.getArgs();
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String value;
            boolean ssh;
            if (Regex.matches(a, "--(secret|ssh)=.*")) {
                value = a.substring(a.indexOf('=') + 1);
                ssh = a.startsWith("--ssh");
            } else if ((a.equals("--secret") || a.equals("--ssh")) && i + 1 < args.size()) {
                value = args.get(++i);
                ssh = a.equals("--ssh");
            } else {
                continue;
            }
            value = PathFacts.unquote(value);
            if (ssh) {
                // --ssh ID=PATH[,PATH]: a key file (an agent socket is no file to read)
                int eq = value.indexOf('=');
                if (eq > 0) {
                    files.addAll(List.of(value.substring(eq + 1).split(",")));
                }
            } else {
                for (String part : value.split(",")) {
                    if (Regex.matches(part, "(src|source)=.+")) {
                        files.add(part.substring(part.indexOf('=') + 1));
                    }
                }
            }
        }
        for (String f : files) {
            if (Cmd.namesCredentialStore(f) || PathFacts.isCredentialFolder(f)
                    || (PathFacts.isPrivateKeyName(f) || PathFacts.isSecret(f)) && !c.allInsideProject(List.of(f), ctx, false)) {
                return true;
            }
        }
        return false;
    }
}
