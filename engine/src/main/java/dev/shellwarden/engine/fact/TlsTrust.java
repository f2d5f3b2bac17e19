package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;

/**
 * Certificate checks weakened for a command or the session, for SW4119: a setting that turns a
 * client's check off ({@code NODE_TLS_REJECT_UNAUTHORIZED=0}, {@code GIT_SSL_NO_VERIFY=true},
 * {@code git config http.sslVerify false}, PowerShell's
 * {@code [Net.ServicePointManager]::ServerCertificateValidationCallback = {$true}}), a tool's own
 * switch where what it takes in is installed or run or what it sends is a credential
 * ({@code pip install --trusted-host H}, {@code npm install --strict-ssl=false}, {@code helm
 * --insecure-skip-tls-verify}, {@code kubectl --insecure-skip-tls-verify}, {@code docker
 * --tlsverify=false}, {@code conda install --insecure}, {@code deno run
 * --unsafely-ignore-certificate-errors}), a download client's switch ({@code curl -k},
 * {@code wget --no-check-certificate}, {@code Invoke-WebRequest -SkipCertificateCheck}) when it
 * stores a program, script or package or sends a credential to another machine, or a certificate
 * authority trusted from a file outside the project or in a temp folder
 * ({@code REQUESTS_CA_BUNDLE=/tmp/x.pem}, {@code NODE_EXTRA_CA_CERTS=…}, {@code git config
 * http.sslCAInfo …}). Either lets whoever sits on the network path answer as the server: packages,
 * clones, scripts and API answers become theirs, and the credentials sent go to them.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: the system's own trust stores and a CA
 * file of the project ({@code ./certs/dev.pem}) are no weakening; {@code curl -k} to a local dev
 * server, and an unchecked download that only stores data ({@code curl -k -o page.html URL}), are
 * not read here (a download piped to a shell or run in the same command is SW4001/SW4004's deny).
 */
final class TlsTrust {

    private TlsTrust() {
    }

    /** Settings that switch a client's certificate check off (variables, and PowerShell's .NET and default-parameter settings). */
    private static final String OFF_SWITCH = "(?i)(NODE_TLS_REJECT_UNAUTHORIZED=['\"]?0['\"]?|PYTHONHTTPSVERIFY=['\"]?0['\"]?"
            // git switches the check off when GIT_SSL_NO_VERIFY is set at all, to any value (`GIT_SSL_NO_VERIFY= git clone`)
            + "|GIT_SSL_NO_VERIFY=.*|npm_config_strict_ssl=['\"]?(false|0)['\"]?"
            + "|YARN_ENABLE_STRICT_SSL=['\"]?(false|0)['\"]?|CONDA_SSL_VERIFY=['\"]?(false|0|no)['\"]?"
            + "|VAULT_SKIP_VERIFY=['\"]?(1|true|yes|on)['\"]?|AZURE_CLI_DISABLE_CONNECTION_VERIFICATION=.*\\S.*"
            + "|PIP_TRUSTED_HOST=.*\\S.*|UV_INSECURE_HOST=.*\\S.*|HTTPS?_INSECURE=['\"]?(1|true)['\"]?"
            // `[Net.ServicePointManager]::ServerCertificateValidationCallback = {$true}`, `$h.ServerCertificateCustomValidationCallback = …`
            + "|(?s).*(ServerCertificate(Custom)?ValidationCallback|::CertificatePolicy|RemoteCertificateValidationCallback)\\s*=(?!\\s*\\$null\\s*$).*"
            // `$PSDefaultParameterValues['Invoke-WebRequest:SkipCertificateCheck'] = $true`
            + "|(?s)\\$PSDefaultParameterValues\\[.*SkipCertificateCheck.*\\]\\s*=(?!\\s*\\$false\\s*$).*)";

    /** Settings naming the certificate authorities a client trusts. */
    private static final String CA_SETTING = "(REQUESTS_CA_BUNDLE|SSL_CERT_FILE|SSL_CERT_DIR|CURL_CA_BUNDLE|NODE_EXTRA_CA_CERTS|GIT_SSL_CAINFO"
            + "|GIT_SSL_CAPATH|PIP_CERT|AWS_CA_BUNDLE|(?i:npm_config_cafile)|HTTPLIB2_CA_CERTS|DENO_CERT)=(.*)";

    /** The system's trust stores, and certifi's bundle named by Python itself. */
    private static final String SYSTEM_STORE = "/etc/(ssl|pki|ca-certificates)/.*|/usr/(local/)?share/ca-certificates/.*|/usr/lib/ssl/.*"
            + "|/(usr/local|opt/homebrew)/etc/(openssl|ca-certificates)[^/]*/.*|/System/Library/.*"
            + "|\\$\\(\\s*python[0-9.]*\\s+-m\\s+certifi\\s*\\)";

    /** A value that leaves a check on. */
    private static final String ON = "(?i)['\"]?(true|1|yes|on)['\"]?";

    /** A value that switches a check off. */
    private static final String OFF = "(?i)['\"]?(false|0|no|off)['\"]?";

    /**
     * Files a download stores that are run, installed or loaded rather than read: scripts,
     * programs, installers and packages by their extension, and anything saved into a {@code bin}
     * folder.
     */
    private static final String RUNNABLE_FILE = "(?i).*\\.(sh|bash|zsh|ksh|fish|command|py|pyz|pl|rb|php|js|mjs|cjs|ps1|psm1|psd1|bat|cmd|vbs"
            + "|exe|msi|msix|appx|appxbundle|dll|so|dylib|deb|rpm|apk|pkg|dmg|appimage|jar|war|whl|egg|gem|nupkg|vsix|xpi|crx|run|bin|snap"
            + "|flatpakref)['\"]?|(?i)(.*/)?s?bin/[^/]+";

    /** Request words that send a credential: an authorization, cookie, token or key header, also as a PowerShell hashtable entry. */
    private static final String CREDENTIAL_HEADER = "^['\"]?((proxy-)?authorization|cookie|x-api-key|api-key|apikey|x-auth-token|private-token"
            + "|x-[a-z-]*(token|key|secret))\\s*:|\\b(proxy-)?authorization['\"]?\\s*=";

    /** A URL naming another machine than this one. */
    private static final String REMOTE_URL = "(?<![\\w.-])[a-z][a-z0-9+.-]*://(?!([\\w.-]+@)?(" + Cmd.LOOPBACK_HOST + ")([:/?#'\"]|$))";

    /**
     * A host on this machine or the local network, where no stranger sits on the path: loopback,
     * the private and link-local IPv4 ranges, unique-local and link-local IPv6, mDNS and the
     * reserved local suffixes ({@code printer.local}, {@code svc.cluster.local}, {@code
     * host.docker.internal}, {@code nas.lan}, {@code x.home.arpa}), and a name of one label
     * ({@code http://web:8080/}: a compose service or an intranet host).
     */
    static final String LOCAL_NETWORK_HOST = Cmd.LOOPBACK_HOST + "|0\\.0\\.0\\.0|10(\\.\\d{1,3}){3}|192\\.168(\\.\\d{1,3}){2}"
            + "|172\\.(1[6-9]|2\\d|3[01])(\\.\\d{1,3}){2}|169\\.254(\\.\\d{1,3}){2}|\\[f[cde][0-9a-f]*:[0-9a-f:.%\\w]*\\]"
            + "|([\\w-]+\\.)*[\\w-]+\\.(local|localhost|internal|lan|home\\.arpa|test)"
            // one label, but not a number: `http://134744072/` and `http://0x08080808/` are IPv4
            // addresses written as one integer (8.8.8.8), which may be any machine
            + "|(?!(?i:0x[0-9a-f]+|[0-9]+)([:/?#'\"]|$))[a-z0-9_-]+";

    /**
     * A plain URL to a host beyond the local network: {@code http://}, {@code ftp://} and
     * {@code tftp://} carry no certificate, so anyone on the path may swap the answer. A host
     * computed at run time ({@code http://$HOST/x}) may be any machine.
     */
    // the user part stops at the first `/?#\`: in `http://evil.example#@127.0.0.1/` curl fetches
    // evil.example (the rest is a fragment), so the `@` there introduces no host
    private static final String PLAIN_REMOTE_URL = "(?<![\\w.-])(http|ftp|tftp)://(?!([^/?#\\\\@\\s]+@)?(" + LOCAL_NETWORK_HOST
            + ")([:/?#'\"]|$))";

    /**
     * True for a download client fetching a plain {@code http://} or {@code ftp://} URL from
     * beyond the local network ({@code curl -o tool http://x.example/tool}): as unchecked as
     * {@code curl -k}, so SW4119 asks when the bytes are stored as a program. A loopback, private
     * or {@code .local} host, and an {@code https://} URL, are not read here. A source the command
     * line does not show to be https counts the same way ({@link DownloadSources}): a scheme-less
     * URL ({@code curl -o tool example.com/tool}, taken as http), a URL list or config read from a
     * file ({@code wget -i urls.txt}, {@code curl -K fetch.cfg}), curl's {@code --proto}/{@code
     * --proto-redir} allowing plain http.
     */
    static boolean plainRemoteDownload(Cmd c) {
        return (c.named("curl curlie wget wget2 aria2c http https xh xhs") || c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm"))
                && (c.requestWordFind(PLAIN_REMOTE_URL) || DownloadSources.unknownOrPlainSource(c));
    }

    /** A word naming this machine: {@code localhost:8443/x}, {@code https://127.0.0.1/…}, {@code [::1]}. */
    private static final String LOOPBACK_NAME = "^['\"]?([a-z][a-z0-9+.-]*://)?([\\w.-]+@)?(" + Cmd.LOOPBACK_HOST + ")([:/?#'\"]|$)";

    /** True when the command switches a certificate check off or trusts a CA file from outside the project. */
    static boolean weakensTlsChecks(Cmd c, Ctx ctx) {
        for (String s : c.assignmentWords()) {
            if (Regex.matches(s, OFF_SWITCH)) {
                return true;
            }
            java.util.regex.Matcher m = Regex.pattern(CA_SETTING).matcher(s);
            if (m.matches() && untrustedCaFile(c, ctx, m.group(1), PathFacts.unquote(m.group(2)))) {
                return true;
            }
        }
        String name = c.getName();
        if (name.equals("git")) {
            return gitChecksOff(c, ctx);
        }
        if (uncheckedRemoteDownload(c, ctx)) {
            // the bytes are run, installed or loaded later, or a credential goes to whoever answers
            return writesRunnableFile(c) || sendsCredential(c);
        }
        // pip told to trust a host's plain or unchecked answers (also `python3 -m pip`), uv's equivalent
        boolean pip = Regex.matches(name, "pip[0-9.]*") || Regex.matches(name, "python[0-9.]*|py") && c.anyArg("pip pip3");
        if (pip && c.anyFlag("--trusted-host") || name.equals("uv") && c.anyFlag("--allow-insecure-host")) {
            return true;
        }
        // pip's, npm's and yarn's CA file for this one install (`pip install --cert /tmp/ca.pem x`)
        if ((pip || name.equals("uv")) && caOptionOutside(c, ctx, "--cert") || c.named("npm pnpm yarn npx bun") && caOptionOutside(c, ctx, "--cafile")) {
            return true;
        }
        if (c.named("npm pnpm yarn npx bun")) {
            return c.anyFlag("--no-strict-ssl") || c.argMatches("(?i)--strict-ssl=(false|0)") || flagThenValue(c, "--strict-ssl", OFF)
                    // `npm config set strict-ssl false` is SW8008's; npm's `set` alias is not read there
                    || (c.getName().equals("npm") && c.sub("set") && c.argMatches("(?i)strict-ssl(=false)?") && c.argMatches("(?i)(strict-ssl=)?false"))
                    || c.sub("config c set") && c.argMatches("(?i)cafile(=.*)?") && untrustedCaFile(c, ctx, "cafile",
                            PathFacts.unquote(c.getLastArg().replaceFirst("(?i)^cafile=", "")));
        }
        return toolChecksOff(c) || psTrustsAll(c);
    }

    /**
     * A download from another machine whose answer is not checked: the client's switch
     * ({@link #uncheckedDownload}), or a CA file or a config from outside the project ({@code curl
     * --cacert /tmp/ca.pem}, {@code curl -sK /tmp/cfg}, whose {@code insecure} line the checker
     * cannot see, {@code wget --ca-certificate=/tmp/x}, {@code wget --config=/tmp/rc}). A loopback
     * server has no one on the path (a computed URL may be any machine).
     */
    static boolean uncheckedRemoteDownload(Cmd c, Ctx ctx) {
        if (!uncheckedDownload(c) && !trustFromOutside(c, ctx)) {
            return false;
        }
        return c.requestWordFind(REMOTE_URL) || !c.requestWordFind(LOOPBACK_NAME);
    }

    /**
     * True when a file the command writes is run, installed or loaded rather than read: a script,
     * program or package by name, or a file in a {@code bin} folder. Read for the download itself
     * ({@code curl -k -o tool.sh URL}, {@code curl -k URL > tool.sh}) and for a later stage of its
     * pipeline that stores its bytes ({@code | tee install.sh}, {@code | dd of=x.sh}, {@code | sponge x.py}):
     * one reading of where the download's bytes are saved.
     */
    static boolean writesRunnableFile(Cmd c) {
        if (installsProgram(c)) {
            return true;
        }
        return storedTargets(c).stream().anyMatch(f -> Regex.matches(f, RUNNABLE_FILE) || withoutExtension(f));
    }

    /**
     * The files that can hold what the command prints or fetches: its write targets without the
     * redirections of another descriptor than standard output ({@code curl -k URL 2> log} stores
     * the progress and errors there, the download goes to the agent; {@code 2>&1 > tool} is a
     * write of standard output and stays).
     */
    private static List<String> storedTargets(Cmd c) {
        List<String> out = new java.util.ArrayList<>(c.getWriteTargets());
        for (String t : c.getOtherFdWrites()) {
            out.remove(t);
        }
        return out;
    }

    /**
     * A name with no extension ({@code tool}, {@code ./bin/x}, {@code .profile}): Unix programs
     * carry none, so bytes stored under such a name may be one ({@code curl -k URL | dd of=./tool}).
     * Data and documents carry theirs ({@code page.html}, {@code out.json}); devices, folders,
     * computed names and standard output are not read.
     */
    private static boolean withoutExtension(String target) {
        String f = PathFacts.unquote(target);
        if (f.isEmpty() || f.equals("-") || f.endsWith("/") || f.startsWith("/dev/") || f.startsWith("/proc/")
                || Cmd.isComputedPath(f) || Regex.find(f, "[*?\\[\\\\:&]")) {
            return false;
        }
        String base = f.substring(f.lastIndexOf('/') + 1).replaceFirst("^\\.+", "");
        return !base.isEmpty() && base.indexOf('.') < 0;
    }

    /**
     * True for {@code install} copying files (not {@code -d}) with its default mode 755 or a
     * {@code -m}/{@code --mode} that sets an execute bit: every file it stores is a program
     * ({@code curl -k URL | install -m 755 /dev/stdin ./b}).
     */
    private static boolean installsProgram(Cmd c) {
        if (!c.getName().equals("install") || c.anyFlag("-d --directory") || c.getWriteTargets().isEmpty()) {
            return false;
        }
        String mode = c.valueOf("-m --mode");
        return mode.isEmpty() || setsExecuteBit(PathFacts.unquote(mode));
    }

    /** True when a chmod or install mode sets an execute bit: octal with an odd digit among the last three, or a symbolic {@code +x}/{@code =rwx} clause. */
    static boolean setsExecuteBit(String mode) {
        if (Regex.matches(mode, "[0-7]{1,4}")) {
            String bits = mode.length() > 3 ? mode.substring(mode.length() - 3) : mode;
            return bits.chars().anyMatch(d -> (d - '0') % 2 == 1);
        }
        for (String clause : mode.split(",")) {
            if (Regex.matches(clause, "[ugoa]*([-+=][rwxXst]*)*") && Regex.find(clause, "[+=][rwst]*[xX]")) {
                return true;
            }
        }
        return false;
    }

    /** The options naming the CA file or folder npm, yarn, curl and wget trust (pip's is --cert). */
    private static final String CA_OPTIONS = "--cafile --cacert --capath --proxy-cacert --ca-certificate --ca-directory";

    /**
     * True when the command names the CA file a client trusts, wherever it is: a CA setting
     * ({@code REQUESTS_CA_BUNDLE=ca.pem}), {@code pip --cert}, {@code npm --cafile}, {@code curl
     * --cacert}, {@code wget --ca-certificate}, git's {@code http.sslCAInfo}. SW4119 joins it to an
     * earlier segment that downloaded the file ({@code curl -o ca.pem URL && pip install --cert
     * ca.pem x}): a CA the network path chose trusts whatever it serves.
     */
    static boolean namesCaFile(Cmd c) {
        for (String s : c.assignmentWords()) {
            java.util.regex.Matcher m = Regex.pattern(CA_SETTING).matcher(s);
            if (m.matches() && !m.group(2).isEmpty()) {
                return true;
            }
        }
        boolean pip = Regex.matches(c.getName(), "pip[0-9.]*|uv") || Regex.matches(c.getName(), "python[0-9.]*|py") && c.anyArg("pip pip3");
        if (pip && !c.valueOf("--cert").isEmpty()) {
            return true;
        }
        if (c.named("npm pnpm yarn npx bun curl curlie wget wget2") && !c.valueOf(CA_OPTIONS).isEmpty()) {
            return true;
        }
        return c.getName().equals("git") && c.argFind("http\\.(.*\\.)?sslca(info|path)");
    }

    /**
     * The files a CA setting given as an assignment names ({@code NODE_EXTRA_CA_CERTS=x.pem npm i},
     * {@code env SSL_CERT_FILE=ca.pem curl URL}, {@code export REQUESTS_CA_BUNDLE=ca.pem}), quotes
     * removed: the client reads each as its trust store, as it reads {@code --cafile x.pem}.
     */
    static List<String> assignedCaFiles(Cmd c) {
        List<String> out = new java.util.ArrayList<>();
        for (String s : c.assignmentWords()) {
            java.util.regex.Matcher m = Regex.pattern(CA_SETTING).matcher(s);
            if (m.matches() && !m.group(2).isEmpty()) {
                out.add(PathFacts.unquote(m.group(2)));
            }
        }
        return out;
    }

    /** curl's and wget's own configuration files, which every later run reads. */
    private static final String CLIENT_CONFIG = "['\"]?(~|\\$\\{?(HOME|CURL_HOME|XDG_CONFIG_HOME)\\}?|/).*/(\\.curlrc|_curlrc|\\.wgetrc|(\\.config/|/etc/)(curlrc|wgetrc))['\"]?";

    /** A line of theirs that switches the certificate check off ({@code insecure}, {@code -k}, {@code check_certificate = off}). */
    private static final String UNCHECKED_LINE = "(^|[\\s'\"])(-k|--insecure|insecure|--proxy-insecure|proxy-insecure)([\\s'\"=:]|$)"
            + "|check[_-]?certificate\\s*=\\s*['\"]?(off|no|false|0|quiet)";

    /**
     * True when the command writes a line switching the check off into curl's or wget's own
     * configuration ({@code echo insecure >> ~/.curlrc}, {@code printf 'check_certificate = off'
     * > ~/.wgetrc}): every later curl or wget of the user downloads unchecked, as {@code git config
     * --global http.sslVerify false} does every later clone (SW8008).
     */
    static boolean writesUncheckedClientConfig(Cmd c) {
        return writesClientConfig(c) && (c.argFind(UNCHECKED_LINE) || Regex.find(c.getStdin(), UNCHECKED_LINE));
    }

    /** True when the command writes curl's or wget's own configuration file ({@code tee -a ~/.curlrc}, {@code >> ~/.wgetrc}). */
    static boolean writesClientConfig(Cmd c) {
        return c.getWriteTargets().stream().anyMatch(f -> Regex.matches(f, CLIENT_CONFIG));
    }

    /**
     * True for an echo or printf whose words print a line switching the check off ({@code echo
     * insecure}, {@code printf 'check_certificate = off\n'}): piped into a writer of the client's
     * configuration ({@code echo insecure | tee -a ~/.curlrc}) it is that writer's content (SW8008).
     */
    static boolean printsUncheckedLine(Cmd c) {
        return c.named("echo printf") && c.argFind(UNCHECKED_LINE);
    }

    /** curl's and wget's CA file, CA folder or config named from outside the project (see {@link #uncheckedRemoteDownload}). */
    private static boolean trustFromOutside(Cmd c, Ctx ctx) {
        if (c.named("curl curlie")) {
            String k = HttpRequests.curlConfig(c);
            return caOptionOutside(c, ctx, "--cacert") || caOptionOutside(c, ctx, "--capath") || caOptionOutside(c, ctx, "--proxy-cacert")
                    || !k.isEmpty() && (k.equals("-") || untrustedCaFile(c, ctx, "-K", k));
        }
        if (c.named("wget wget2")) {
            return caOptionOutside(c, ctx, "--ca-certificate") || caOptionOutside(c, ctx, "--ca-directory") || caOptionOutside(c, ctx, "--config");
        }
        return false;
    }

    /** True when {@code option} names a CA file (or a config) neither the system's nor the project's ({@link #untrustedCaFile}). */
    private static boolean caOptionOutside(Cmd c, Ctx ctx, String option) {
        String v = PathFacts.unquote(c.valueOf(option));
        return !v.isEmpty() && untrustedCaFile(c, ctx, option, v);
    }

    /**
     * PowerShell making every certificate pass where the assignment's target is not kept: {@code
     * [Net.ServicePointManager]::CertificatePolicy = New-Object TrustAllCertsPolicy} (the splitter
     * keeps the right-hand command), an {@code Add-Type} defining an {@code ICertificatePolicy} or a
     * validation callback, .NET's {@code DangerousAcceptAnyServerCertificateValidator}.
     */
    private static boolean psTrustsAll(Cmd c) {
        if (c.nameIs("New-Object") && c.argFind("trustall|acceptall")) {
            return true;
        }
        if (c.nameIs("Add-Type") && c.argFind("ICertificatePolicy|CertificateValidationCallback")) {
            return true;
        }
        return c.argFind("DangerousAcceptAnyServerCertificateValidator|ServerCertificate(Custom)?ValidationCallback\\s*=\\s*\\{?\\s*\\$true");
    }

    /**
     * git's check switched off for one command ({@code git -c http.sslVerify=false clone URL}) or in
     * the repository's configuration ({@code git config http.sslVerify false}, any option order,
     * {@code git config set}, a per-URL key), or a CA file from outside the project
     * ({@code git config http.sslCAInfo /tmp/ca.pem}). The user's and the system's settings are
     * SW8008's (they stay for every later clone).
     */
    private static boolean gitChecksOff(Cmd c, Ctx ctx) {
        if (c.argMatches("(?i)['\"]?http\\.(.*\\.)?sslverify=(false|0|no|off)['\"]?")) {
            return true;
        }
        boolean config = "config".equals(c.getGitSub()) && !c.anyFlag("--get --get-all --get-regexp --unset --unset-all -l --list");
        if (config && !c.anyFlag("--global --system")) {
            // [config, KEY, VALUE…]: the value is the word after the key (an operand before `config`, as `--namespace x`, only shifts both)
            List<String> p = GitPrograms.gitConfigOperands(c);
            for (int i = 1; i + 1 < p.size(); i++) {
                if (Regex.matches(p.get(i), "(?i)['\"]?http\\.(.*\\.)?sslverify['\"]?") && Regex.matches(p.get(i + 1), OFF)) {
                    return true;
                }
            }
        }
        if (config && c.argMatches("(?i)['\"]?http\\.(.*\\.)?sslca(info|path)['\"]?")) {
            return untrustedCaFile(c, ctx, "GIT_SSL_CAINFO", PathFacts.unquote(c.getLastArg()));
        }
        java.util.regex.Matcher m = Regex.pattern("(?i)['\"]?http\\.(?:.*\\.)?sslca(?:info|path)=(.*?)['\"]?").matcher("");
        for (String a : c.getArgs()) {
            if (m.reset(a).matches() && untrustedCaFile(c, ctx, "GIT_SSL_CAINFO", PathFacts.unquote(m.group(1)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A download client told not to check the server's certificate: {@code curl -k} (alone, in a
     * cluster as {@code -ksSL}, {@code --insecure}, {@code --proxy-insecure}), {@code wget
     * --no-check-certificate}, {@code aria2c --check-certificate=false}, HTTPie's
     * {@code --verify=no}, {@code Invoke-WebRequest -SkipCertificateCheck} in any abbreviation.
     */
    static boolean uncheckedDownload(Cmd c) {
        if (c.named("curl curlie")) {
            if (c.anyFlag("--insecure --proxy-insecure --doh-insecure")) {
                return true;
            }
            // also in a cluster whose letters before k take no value (`-ksSL`; `-Hk` is the header "k")
            return c.getArgs().stream().anyMatch(a -> Cmd.curlClusterLetter(a, 'k') > 0);
        }
        if (c.named("wget wget2")) {
            // also a wgetrc command given by -e/--execute (`-e check_certificate=off`, `--execute=checkcertificate=no`)
            return c.anyFlag("--no-check-certificate") || c.argMatches("(?i)--check-certificate=(off|no|false|0|quiet)")
                    || c.argMatches("(?i)(-e|--execute=?)?check[_-]?certificate\\s*=\\s*['\"]?(off|no|false|0|quiet)['\"]?");
        }
        if (c.named("aria2c")) {
            return c.argMatches("(?i)--check-certificate=(false|0)");
        }
        if (c.named("http https xh xhs")) {
            return c.argMatches("(?i)--verify=(no|false|0)") || c.named("xh xhs") && c.anyFlag("-k --ignore-certificate");
        }
        return c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm") && c.psParam("SkipCertificateCheck", 5);
    }

    /**
     * True when an HTTP client sends a credential: a user and password ({@code -u}, {@code --user},
     * wget's {@code --password}), a netrc entry, a bearer token, an authorization, cookie or key
     * header, PowerShell's {@code -Credential}, {@code -Token} or an {@code Authorization} entry.
     */
    private static boolean sendsCredential(Cmd c) {
        if (c.named("curl curlie") && c.anyFlag("-u --user -n --netrc --netrc-file --netrc-optional --oauth2-bearer --aws-sigv4 -b --cookie")) {
            return true;
        }
        if (c.named("wget wget2") && c.anyFlag("--user --password --http-user --http-password --load-cookies")) {
            return true;
        }
        if (c.named("http https xh xhs") && c.anyFlag("-a --auth -A")) {
            return true;
        }
        if (c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm") && (c.psParam("Credential", 3) || c.psParam("Token", 3) || c.psParam("Authentication", 4))) {
            return true;
        }
        return c.argFind(CREDENTIAL_HEADER);
    }

    /**
     * Other tools' own switches: what they take in is installed or run, or what they send is the
     * user's credential for a cluster, an engine or a cloud ({@code helm repo add --insecure-skip-tls-verify},
     * {@code kubectl --insecure-skip-tls-verify}, {@code docker --tlsverify=false}, {@code podman pull
     * --tls-verify=false}, {@code conda install --insecure}, {@code apt-get -o
     * Acquire::https::Verify-Peer=false}, {@code aws --no-verify-ssl}, {@code deno run
     * --unsafely-ignore-certificate-errors}, {@code composer config secure-http false}, maven's
     * {@code -Dmaven.wagon.http.ssl.insecure=true}).
     */
    private static boolean toolChecksOff(Cmd c) {
        // the Kubernetes tools, docker, podman/buildah/skopeo and vault are Go (pflag or the flag
        // package): a boolean set false in strconv.ParseBool spellings (FlagValues.GO)
        switch (c.getName()) {
            case "kubectl", "oc", "helm", "k9s", "kubectx", "flux", "argocd", "istioctl", "kustomize", "minikube", "kubeadm" -> {
                return c.anyFlag("--insecure-skip-tls-verify --kube-insecure-skip-tls-verify") && !FlagValues.GO.endsFalse(c, "--insecure-skip-tls-verify --kube-insecure-skip-tls-verify")
                        || c.getName().equals("argocd") && c.anyFlag("--insecure");
            }
            case "docker", "docker-compose" -> {
                return FlagValues.GO.setFalse(c, "--tlsverify");
            }
            case "podman", "buildah", "skopeo" -> {
                return FlagValues.GO.setFalse(c, "--tls-verify --src-tls-verify --dest-tls-verify") || flagThenValue(c, "--tls-verify", OFF);
            }
            case "crane", "oras", "regctl", "cosign" -> {
                return c.anyFlag("--insecure --allow-insecure --plain-http");
            }
            case "conda", "mamba", "micromamba" -> {
                return c.anyFlag("--insecure") || c.subMatches(1, "install|create|update|upgrade|env") && c.anyFlag("-k")
                        || c.sub("config") && c.argMatches("(?i)ssl_verify") && c.argMatches(OFF);
            }
            case "apt", "apt-get", "aptitude" -> {
                return c.argFind("acquire::https?::(\\S+::)?verify-(peer|host)\\s*=?\\s*['\"]?(false|0|no)");
            }
            case "aws" -> {
                return c.anyFlag("--no-verify-ssl");
            }
            case "gcloud" -> {
                return c.argMatches("(?i)auth/disable_ssl_validation") && c.argMatches(ON);
            }
            case "vault" -> {
                return c.anyFlag("-tls-skip-verify --tls-skip-verify") && !FlagValues.GO.endsFalse(c, "-tls-skip-verify --tls-skip-verify");
            }
            case "deno" -> {
                return c.anyFlag("--unsafely-ignore-certificate-errors");
            }
            case "composer" -> {
                return c.sub("config") && (c.anyArg("secure-http") && c.argMatches(OFF) || c.anyArg("disable-tls") && c.argMatches(ON));
            }
            case "mvn", "mvnw", "./mvnw" -> {
                return c.argFind("^-Dmaven\\.wagon\\.http\\.ssl\\.(insecure|allowall)=true|^-Daether\\.connector\\.https\\.securityMode=insecure");
            }
            case "ansible-galaxy" -> {
                return c.anyFlag("--ignore-certs -c");
            }
            default -> {
                return false;
            }
        }
    }

    /** True when {@code option} is given and the word after it matches {@code value} ({@code npm install --strict-ssl false}). */
    private static boolean flagThenValue(Cmd c, String option, String value) {
        List<String> a = c.getArgs();
        for (int i = 0; i + 1 < a.size(); i++) {
            if (a.get(i).equals(option) && Regex.matches(a.get(i + 1), value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a CA file a client is told to trust that is neither the system's store nor the
     * project's: a temp file, a download, another folder. An empty {@code REQUESTS_CA_BUNDLE} or
     * {@code CURL_CA_BUNDLE} switches Python requests' verification off.
     */
    private static boolean untrustedCaFile(Cmd c, Ctx ctx, String setting, String value) {
        if (value.isEmpty()) {
            return setting.equals("REQUESTS_CA_BUNDLE") || setting.equals("CURL_CA_BUNDLE");
        }
        if (Regex.matches(value, SYSTEM_STORE)) {
            return false;
        }
        return !c.allInsideProject(List.of(value), ctx, false);
    }
}
