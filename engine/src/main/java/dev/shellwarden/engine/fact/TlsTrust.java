package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * Certificate checks weakened for a command or the session, for SW4119: a switch that turns a
 * client's check off ({@code NODE_TLS_REJECT_UNAUTHORIZED=0}, {@code GIT_SSL_NO_VERIFY=true},
 * {@code pip install --trusted-host H}, {@code git config http.sslVerify false}, {@code npm install
 * --strict-ssl=false}) or a certificate authority trusted from a file outside the project or in a temp
 * folder ({@code REQUESTS_CA_BUNDLE=/tmp/x.pem}, {@code export SSL_CERT_FILE=…},
 * {@code NODE_EXTRA_CA_CERTS=…}, {@code git config http.sslCAInfo …}). Either lets whoever sits on
 * the network path answer as the server: packages, clones and API answers become theirs.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: the system's own trust stores and a CA
 * file of the project ({@code ./certs/dev.pem}) are no weakening; {@code curl -k} to a local dev
 * server is not read here.
 */
final class TlsTrust {

    private TlsTrust() {
    }

    /** Settings that switch a client's certificate check off. */
    private static final String OFF_SWITCH = "(?i)(NODE_TLS_REJECT_UNAUTHORIZED=['\"]?0['\"]?|PYTHONHTTPSVERIFY=['\"]?0['\"]?"
            + "|GIT_SSL_NO_VERIFY=['\"]?(1|true|yes|on)['\"]?|npm_config_strict_ssl=['\"]?(false|0)['\"]?"
            + "|PIP_TRUSTED_HOST=.*\\S.*|UV_INSECURE_HOST=.*\\S.*|HTTPS?_INSECURE=['\"]?(1|true)['\"]?)";

    /** Settings naming the certificate authorities a client trusts. */
    private static final String CA_SETTING = "(REQUESTS_CA_BUNDLE|SSL_CERT_FILE|SSL_CERT_DIR|CURL_CA_BUNDLE|NODE_EXTRA_CA_CERTS|GIT_SSL_CAINFO"
            + "|GIT_SSL_CAPATH|PIP_CERT|AWS_CA_BUNDLE|(?i:npm_config_cafile)|HTTPLIB2_CA_CERTS|DENO_CERT)=(.*)";

    /** The system's trust stores, and certifi's bundle named by Python itself. */
    private static final String SYSTEM_STORE = "/etc/(ssl|pki|ca-certificates)/.*|/usr/(local/)?share/ca-certificates/.*|/usr/lib/ssl/.*"
            + "|/(usr/local|opt/homebrew)/etc/(openssl|ca-certificates)[^/]*/.*|/System/Library/.*"
            + "|\\$\\(\\s*python[0-9.]*\\s+-m\\s+certifi\\s*\\)";

    /** True when the command switches a certificate check off or trusts a CA file from outside the project. */
    static boolean weakensTlsChecks(Cmd c, Ctx ctx) {
        List<String> settings = new ArrayList<>(c.getAssignments());
        if (c.named("export declare typeset local readonly env")) {
            settings.addAll(c.getArgs());
        }
        for (String s : settings) {
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
            // `git config http.sslVerify false`, `git -c http.sslVerify=false clone URL`, `git config http.sslCAInfo /tmp/ca.pem`
            boolean config = "config".equals(c.getGitSub()) && !c.anyFlag("--get --get-all --get-regexp --unset --unset-all -l --list");
            // the user's and the system's settings are SW8008's (they stay for every later clone)
            if (config && !c.anyFlag("--global --system") && c.argMatches("(?i)['\"]?http\\.(.*\\.)?sslverify['\"]?") && c.argMatches("(?i)['\"]?(false|0|no|off)['\"]?")
                    || c.argMatches("(?i)['\"]?http\\.(.*\\.)?sslverify=(false|0|no|off)['\"]?")) {
                return true;
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
        // pip told to trust a host's plain or unchecked answers (also `python3 -m pip`), uv's equivalent
        boolean pip = Regex.matches(name, "pip[0-9.]*") || Regex.matches(name, "python[0-9.]*|py") && c.anyArg("pip pip3");
        if (pip && c.anyFlag("--trusted-host") || name.equals("uv") && c.anyFlag("--allow-insecure-host")) {
            return true;
        }
        if (c.named("npm pnpm yarn npx bun")) {
            return c.anyFlag("--no-strict-ssl") || c.argMatches("(?i)--strict-ssl=(false|0)")
                    // `npm config set strict-ssl false` is SW8008's; npm's `set` alias is not read there
                    || (c.getName().equals("npm") && c.sub("set") && c.argMatches("(?i)strict-ssl(=false)?") && c.argMatches("(?i)(strict-ssl=)?false"))
                    || c.sub("config c set") && c.argMatches("(?i)cafile(=.*)?") && untrustedCaFile(c, ctx, "cafile",
                            PathFacts.unquote(c.getLastArg().replaceFirst("(?i)^cafile=", "")));
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
