package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ShortOptions;
import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where a download client's bytes come from when its command line shows no {@code https://}:
 * a URL without a scheme ({@code curl -o tool example.com/tool}: curl, wget, HTTPie, xh and
 * PowerShell's web cmdlets take it as {@code http://}), a URL list or config read from a file
 * ({@code wget -i urls.txt}, {@code curl -K fetch.cfg}, {@code aria2c -i list.txt}), and curl told
 * to accept plain http itself ({@code --proto =http}, {@code --proto-redir =http}). For
 * {@link TlsTrust#plainRemoteDownload}: SW4119 asks when such bytes are stored as a program.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: only a client's operands (and the value
 * of {@code --url}/{@code -Uri}) are read as URLs, never the value of an option ({@code -T
 * notes.txt}, {@code -d @body.json}, {@code -o page.html}); a loopback, private or local host,
 * and a computed word ({@code "$URL"}, {@code $BASE/tool}, whose scheme is unknown), are left out.
 */
final class DownloadSources {

    private DownloadSources() {
    }

    /** curl's long options that take the next word as their value (a file, a header, a number): never a URL. */
    private static final Set<String> CURL_LONG_VALUES = Words.setOf("--data --data-binary --data-raw --data-urlencode --data-ascii --json"
            + " --form --form-string --header --proxy-header --user --proxy-user --request --output --output-dir --upload-file --config"
            + " --cookie --cookie-jar --user-agent --referer --max-time --connect-timeout --retry --retry-delay --retry-max-time --proto"
            + " --proto-redir --proto-default --cacert --capath --cert --key --cert-type --key-type --pass --resolve --connect-to --proxy"
            + " --preproxy --interface --write-out --dump-header --trace --trace-ascii --stderr --limit-rate --max-filesize --range"
            + " --continue-at --oauth2-bearer --unix-socket --abstract-unix-socket --variable --ciphers --tls-max --doh-url --dns-servers"
            + " --local-port --max-redirs --noproxy --pinnedpubkey --quote --ftp-port --mail-from --mail-rcpt --netrc-file --libcurl"
            + " --aws-sigv4 --etag-save --etag-compare --create-file-mode --parallel-max --rate --time-cond --crlfile --engine");

    /** wget's short options that take a value. */
    private static final String WGET_VALUE_LETTERS = "eoaiBtOTwQPUlARDXI";

    /** wget's long options that may take the next word as their value. */
    private static final Set<String> WGET_LONG_VALUES = Words.setOf("--output-document --output-file --append-output --input-file"
            + " --directory-prefix --header --user --password --http-user --http-password --user-agent --referer --post-data --post-file"
            + " --body-data --body-file --method --load-cookies --save-cookies --ca-certificate --ca-directory --certificate --private-key"
            + " --tries --timeout --wait --level --accept --reject --domains --exclude-domains --exclude-directories --include-directories"
            + " --execute --config --base --limit-rate --quota --restrict-file-names --default-page --bind-address --cut-dirs");

    /** HTTPie's and xh's options that take a value. */
    private static final Set<String> HTTPIE_VALUES = Words.setOf("-o --output -a --auth -A --auth-type --session --session-read-only"
            + " --verify --cert --cert-key --proxy --timeout --pretty --style -s -p --print --format-options --default-scheme --max-redirects");

    /** PowerShell web cmdlet parameters that take a value other than the URL (lower case, full names). */
    private static final String[] PS_VALUE_PARAMETERS = Words.of("outfile infile body headers contenttype useragent method timeoutsec"
            + " sessionvariable websession form credential certificate certificatethumbprint maximumredirection maximumretrycount"
            + " retryintervalsec proxy proxycredential transferencoding sslprotocol authentication token custommethod pipelinevariable"
            + " outvariable errorvariable connectiontimeoutseconds operationtimeoutseconds responseheadersvariable statuscodevariable");

    /** PowerShell web cmdlet switches (lower case): an abbreviation that may be one of them takes no value. */
    private static final String[] PS_SWITCHES = Words.of("usebasicparsing usedefaultcredentials skipcertificatecheck passthru"
            + " disablekeepalive resume skipheadervalidation skiphttperrorcheck allowunencryptedauthentication allowinsecureredirect"
            + " noproxy preserveauthorizationonredirect proxyusedefaultcredentials preservehttpmethodonredirect");

    /**
     * A URL with no scheme to a host beyond the local network: a dotted name ending in a
     * letter label, or a dotted IPv4 address, with an optional user part, port and path.
     */
    private static final String SCHEMELESS_REMOTE = "(?i)([^/?#\\s@:]+(:[^/?#\\s@]*)?@)?"
            + "(?!(" + TlsTrust.LOCAL_NETWORK_HOST + ")([:/?#]|$))"
            + "(([a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\\.)+[a-z][a-z0-9-]*[a-z0-9]|\\d{1,3}(\\.\\d{1,3}){3})\\.?(:\\d+)?([/?#].*)?";

    /**
     * True when a download client fetches from a source the checker cannot show to be https: a
     * scheme-less URL to a remote host, a URL list or config file, or curl's protocol switches
     * allowing plain http.
     */
    static boolean unknownOrPlainSource(Cmd c) {
        return readsUrlsFromFile(c) || allowsPlainProtocol(c) || urlOperands(c).stream().anyMatch(DownloadSources::schemelessRemote);
    }

    /** True for an unquoted literal word that a client takes as {@code http://WORD} and whose host is not local. */
    static boolean schemelessRemote(String word) {
        String w = PathFacts.unquote(word);
        if (w.isEmpty() || w.contains("://") || w.indexOf('$') >= 0 || w.indexOf('`') >= 0 || w.startsWith("@") || w.startsWith("-")) {
            return false;
        }
        return Regex.matches(w, SCHEMELESS_REMOTE);
    }

    /**
     * The URL list or config comes from a file: {@code wget -i FILE} (also {@code -i -},
     * {@code --input-file=}), {@code aria2c -i FILE}, {@code curl -K FILE} (any place: a config in
     * the project may still say {@code url = http://…}); what it names is unknown.
     */
    private static boolean readsUrlsFromFile(Cmd c) {
        if (c.named("wget wget2 aria2c")) {
            return c.anyFlag("-i --input-file") || c.argMatches("--input-file=.*|-i.+");
        }
        return c.named("curl curlie") && !HttpRequests.curlConfig(c).isEmpty();
    }

    /**
     * curl told which protocols it may use or follow a redirect to, and plain http or ftp is among
     * them ({@code --proto =http}, {@code --proto-redir =http,https}, {@code all}). A bare
     * {@code -L} is no such switch: a server trusted over TLS that redirects to plain http chose
     * that path itself, the same trust as any other file it serves.
     */
    private static boolean allowsPlainProtocol(Cmd c) {
        if (!c.named("curl curlie")) {
            return false;
        }
        String v = PathFacts.unquote(c.valueOf("--proto --proto-redir"));
        return !v.isEmpty() && Regex.find(v.toLowerCase(java.util.Locale.ROOT), "(^|[=+,])(http|ftp|tftp|all)(,|$)");
    }

    /**
     * The words a download client takes as URLs: its operands ({@link Cmd#positionalsOf}, skipping
     * the value of each option that takes one), and {@code --url}/{@code -Uri}'s values.
     */
    static List<String> urlOperands(Cmd c) {
        boolean curl = c.named("curl curlie");
        boolean wget = c.named("wget wget2");
        boolean httpie = c.named("http https xh xhs");
        boolean ps = c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm");
        if (!curl && !wget && !httpie && !ps) {
            return List.of();
        }
        // the URL options: curl's --url V and --url=V, PowerShell's -Uri V (any prefix, any case)
        OptionSpec url = curl ? OptionSpec.named("--url") : OptionSpec.nextWord(w -> ps && Regex.matches(w.toLowerCase(Locale.ROOT), "-u(r|ri)?"));
        OptionSpec values = OptionSpec.nextWord(w -> url.takesNext(w)
                || ps && psTakesValue(w.toLowerCase(Locale.ROOT))
                || httpie && HTTPIE_VALUES.contains(w)
                || curl && (CURL_LONG_VALUES.contains(w) || ShortOptions.takesNextWord(w, Cmd.CURL_VALUE_LETTERS))
                || wget && (WGET_LONG_VALUES.contains(w) || ShortOptions.takesNextWord(w, WGET_VALUE_LETTERS)));
        List<String> out = new ArrayList<>(Cmd.positionalsOf(c.getArgs(), values));
        out.addAll(Cmd.valuesOf(c.getArgs(), url));
        return out;
    }

    /**
     * True for a PowerShell parameter word ({@code -OutFile}, {@code -o}) that takes the next word
     * as a value other than the URL: a prefix of a value parameter and of no switch ({@code -o} is
     * -OutFile; {@code -Us} may be -UseBasicParsing, so the next word is still read as a URL).
     * {@code -Param:value} carries its value itself.
     */
    private static boolean psTakesValue(String lower) {
        String p = lower.substring(1);
        if (p.isEmpty() || p.contains(":")) {
            return false;
        }
        for (String s : PS_SWITCHES) {
            if (s.startsWith(p)) {
                return false;
            }
        }
        for (String v : PS_VALUE_PARAMETERS) {
            if (v.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
