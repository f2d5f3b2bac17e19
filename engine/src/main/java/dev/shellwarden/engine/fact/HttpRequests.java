package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.Word;
import java.util.List;
import java.util.Set;

/**
 * What an HTTP client puts into its request or takes from files: curl's, wget's, HTTPie's and
 * PowerShell's options read by value (separate, attached or after {@code =}), a computed file
 * uploaded ({@code curl -T "$(ls …)"}, {@code -F file=@$X}), a computed header, cookie, agent or
 * referer, a computed {@code Authorization} header (a token used, which SW4050 follows to its
 * host), headers or cookies read from a file or standard input, and curl's {@code -K} config file,
 * which decides everything curl sends. The exfiltration rules read these through
 * {@link Cmd#isSendsComputedRequestPart}, {@link Cmd#isUploadsComputedFile},
 * {@link Cmd#isAuthorizationComputed} and their siblings.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: an option value is read unquoted and in
 * every spelling the client accepts, up to {@code --}; a config curl reads from standard input, a
 * computed name or outside the project is unseen and counts.
 */
final class HttpRequests {

    private HttpRequests() {
    }

    /**
     * True when curl reads or writes a file through a header or output-format option: {@code -H
     * @FILE} sends a file's lines as headers, {@code -w @FILE} prints a file, and {@code -w
     * '%output{FILE}…'} (curl 8.3) writes or appends ({@code >>FILE}) the rest of the format to a
     * file.
     */
    static boolean isCurlOptionFiles(Cmd c) {
        return curlOptionValue(c, "-H --header -w --write-out", v -> v.startsWith("@") || v.contains("%output{"));
    }

    /**
     * True when curl names an output file ({@code -o}, {@code --output}) other than {@code
     * /dev/null}: {@code curl -s -o /dev/null -w '%{http_code}' URL} prints only the status, while
     * any other value writes the response to a file.
     */
    static boolean isCurlKeepsOutput(Cmd c) {
        return curlOptionValue(c, "-o --output", v -> !v.equals("/dev/null"));
    }

    /** True when a value of one of curl's space-separated options (separate, attached or after {@code =}, before {@code --}) passes {@code test}, unquoted. */
    private static boolean curlOptionValue(Cmd c, String options, java.util.function.Predicate<String> test) {
        return optionValueMatches(c, options, true, true, test);
    }

    /**
     * True when a value of one of the space-separated options passes {@code test}, unquoted: the
     * next word ({@code -H v}), after {@code =} for long options ({@code --header=v}), and when
     * {@code attachedShort} glued to a short option ({@code -Hv}, curl's reading; wget's short
     * options take no attached values we read). When {@code stopAtEnd} the scan ends at {@code --}
     * (the words after it are operands); without it they are read too, since curl resolves a
     * substitution after {@code --} as a URL and its output still reaches the server.
     */
    private static boolean optionValueMatches(Cmd c, String options, boolean attachedShort, boolean stopAtEnd,
            java.util.function.Predicate<String> test) {
        String[] opts = Words.of(options);
        for (int i = 0; i < c.getArgs().size() && !(stopAtEnd && c.getArgs().get(i).equals("--")); i++) {
            String a = c.getArgs().get(i);
            for (String o : opts) {
                String v = a.equals(o) && i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1)
                        : o.startsWith("--") && a.startsWith(o + "=") ? a.substring(o.length() + 1)
                        : attachedShort && !o.startsWith("--") && a.startsWith(o) && a.length() > 2 ? a.substring(2) : null;
                if (v != null && test.test(PathFacts.unquote(v))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True when an HTTP client sends an {@code Authorization} (or {@code Proxy-Authorization})
     * header whose value is computed: a command's output or a variable ({@code curl -H
     * "Authorization: Bearer $(gh auth token)"}, {@code wget --header="Authorization: token $T"},
     * HTTPie's {@code Authorization:Bearer$(…)} item). Such a header is how a token is used, so it is
     * no {@code net.send} ({@link #isSendsComputedRequestPart}); SW4050 checks where it goes.
     * A URL of any program with computed user-info ({@code git ls-remote "https://x:$(gh auth
     * token)@host/r"}) is the same credential in another place: git and the HTTP clients send it
     * as Basic authorization to that host.
     */
    static boolean isAuthorizationComputed(Cmd c) {
        java.util.function.Predicate<String> computed = v -> v.indexOf('$') >= 0 || v.contains("`");
        java.util.function.Predicate<String> auth = v -> Regex.matches(v, AUTHORIZATION_HEADER) && computed.test(v);
        if (c.getArgs().stream().map(PathFacts::unquote).anyMatch(a -> Regex.matches(a, URL_COMPUTED_USERINFO))) {
            return true;
        }
        if (c.named("curl wget")) {
            // and the options that carry a credential themselves: curl -u USER:PASS, --oauth2-bearer TOKEN,
            // wget --password / --http-password
            return optionValueMatches(c, "-H --header", c.getName().equals("curl"), false, auth)
                    || optionValueMatches(c, c.getName().equals("curl") ? "-u --user --oauth2-bearer -U --proxy-user" : "--password --http-password --proxy-password",
                            c.getName().equals("curl"), false, computed);
        }
        if (c.nameIs("Invoke-WebRequest Invoke-RestMethod iwr irm")) {
            // -Headers @{Authorization = "Bearer $(gh auth token)"} (or a header table built at run time)
            return c.getArgs().stream().anyMatch(a -> Regex.matches(a, "(?is).*authorization.*") && computed.test(a));
        }
        return c.named(HEADER_ITEM_CLIENTS) && c.getArgs().stream().map(PathFacts::unquote).anyMatch(auth);
    }

    /**
     * curl's {@code -K}/{@code --config} file, unquoted, or empty: the file names URLs, data and
     * files to upload, so it decides what curl sends ({@code -} reads it from standard input).
     */
    static String curlConfig(Cmd c) {
        if (!c.getName().equals("curl")) {
            return "";
        }
        String k = c.valueOf("-K --config");
        // also at the end of a short-option cluster: `curl -sK /tmp/cfg`
        return PathFacts.unquote(k.isEmpty() ? Cmd.curlClusterValue(c.getArgs(), 'K') : k);
    }

    /** True for {@code curl -K -}: the options, uploads included, come from standard input. */
    static boolean isCurlConfigFromStdin(Cmd c) {
        return curlConfig(c).equals("-");
    }

    /**
     * True when curl reads a config the checker cannot read here: from standard input, from a
     * computed name, or from a file outside the project ({@code curl -K /tmp/cfg}). A config in
     * the project ({@code curl -K ./api.curlrc}) is the project's own and is read like any file.
     */
    static boolean curlConfigUnseen(Cmd c, Ctx ctx) {
        String k = curlConfig(c);
        if (k.isEmpty()) {
            return false;
        }
        return k.equals("-") || !Regex.matches(k, "[A-Za-z0-9_./~-]+") || !c.allInsideProject(List.of(k), ctx, false);
    }

    /** curl's options whose value names a file it sends: {@code @FILE} (or {@code <FILE} in a form field). */
    private static final Set<String> CURL_FILE_DATA = Set.of("-d", "--data", "--data-binary", "--data-urlencode", "--json", "-F",
            "--form", "--form-string");

    /**
     * True when an HTTP client sends a file whose name is only known at run time:
     * {@code curl -T "$F" URL}, {@code curl -d @"$BODY"}, {@code curl -F f=@$1},
     * {@code wget --post-file="$F"}, {@code http URL f@$F}. The secret and exfiltration rules read
     * file names; a computed one may be any file, a credential included.
     */
    static boolean isUploadsComputedFile(Cmd c) {
        if (c.named("Invoke-WebRequest Invoke-RestMethod Start-BitsTransfer")) {
            return psUploadsComputedFile(c);
        }
        if (!c.named("curl wget wget2 http https xh xhs")) {
            return false;
        }
        for (int i = 1; i < c.argvWords.size(); i++) {
            Word w = c.argvWords.get(i);
            String t = w.text();
            Word next = i + 1 < c.argvWords.size() ? c.argvWords.get(i + 1) : null;
            if (c.getName().startsWith("curl")) {
                if ((t.equals("-T") || t.equals("--upload-file")) && next != null && !next.literal()) {
                    return true;
                }
                if (t.startsWith("--upload-file=") && !w.literal() || t.startsWith("-T") && t.length() > 2 && !w.literal()) {
                    return true;
                }
                if (CURL_FILE_DATA.contains(t) && next != null && !next.literal() && Regex.find(next.text(), "(^|=)[@<]\\$")) {
                    return true;
                }
                if (!w.literal() && t.startsWith("-") && CURL_FILE_DATA.stream().anyMatch(o -> t.startsWith(o + "=") || o.length() == 2 && t.startsWith(o))
                        && Regex.find(t, "[=@<]\\$|^-[dF][@<]?\\$")) {
                    return true;
                }
            } else if (c.getName().startsWith("wget")) {
                if ((t.equals("--post-file") || t.equals("--body-file")) && next != null && !next.literal()
                        || (t.startsWith("--post-file=") || t.startsWith("--body-file=")) && !w.literal()) {
                    return true;
                }
            } else if (!w.literal() && Regex.find(t, "^[A-Za-z0-9_.-]+@\\$|^@\\$")) {
                return true; // httpie / xh: field@FILE, @FILE body
            }
        }
        return false;
    }

    /** A PowerShell value that reads a file named by a variable: {@code (Get-Content $f)}, {@code @{f = Get-Item $p}}, {@code [IO.File]::ReadAllBytes($f)}. */
    private static final String PS_READS_COMPUTED_FILE = "(?i)(\\b(get-content|gc|cat|type|get-item|gi)\\b|readall(bytes|text|lines)|openread)[^)}]*\\$";

    /**
     * PowerShell's forms of {@link #isUploadsComputedFile}: {@code Invoke-WebRequest}/{@code
     * Invoke-RestMethod} with {@code -InFile $f}, or a {@code -Body}/{@code -Form} value that reads a
     * file named by a variable ({@code -Body (Get-Content $f)}); {@code Start-BitsTransfer
     * -TransferType Upload} of a computed {@code -Source}. Parameters in any unambiguous prefix.
     */
    private static boolean psUploadsComputedFile(Cmd c) {
        boolean bits = c.getName().equals("Start-BitsTransfer");
        boolean upload = false;
        boolean computedSource = false;
        for (int i = 1; i + 1 < c.argvWords.size(); i++) {
            Word w = c.argvWords.get(i);
            String p = w.text().toLowerCase(java.util.Locale.ROOT);
            p = p.endsWith(":") ? p.substring(0, p.length() - 1) : p;
            Word next = c.argvWords.get(i + 1);
            if (!w.literal() || !p.startsWith("-") || p.length() < 3) {
                continue;
            }
            if (bits) {
                upload |= "-transfertype".startsWith(p) && next.text().toLowerCase(java.util.Locale.ROOT).startsWith("upload");
                computedSource |= "-source".startsWith(p) && !next.literal();
            } else if (!next.literal() && (p.length() >= 4 && "-infile".startsWith(p)
                    || ("-body".startsWith(p) || "-form".startsWith(p)) && Regex.find(next.text(), PS_READS_COMPUTED_FILE))) {
                return true;
            }
        }
        return upload && computedSource;
    }

    /**
     * True for curl reading request headers or cookies from a file or standard input
     * ({@code -H @-}, {@code --header=@h.txt}, {@code -H@/tmp/t}, {@code -b @-}): the file's lines
     * go out with the request as a body would ({@code gcloud auth print-access-token | curl -H @- URL}).
     */
    static boolean isCurlHeadersFromFile(Cmd c) {
        return c.getName().equals("curl") && curlOptionValue(c, "-H --header -b --cookie", v -> v.startsWith("@"));
    }

    /**
     * curl's and wget's options whose value travels to the server as written: headers, cookies,
     * agent, referer, and curl's {@code --url-query} (a query part appended to the URL, so
     * {@code --url-query "t=$(gh auth token)"} sends what a built URL would).
     * (-u/--user and wget's passwords are credentials used, like Authorization.)
     */
    private static final String REQUEST_PART_OPTIONS = "-H --header -A --user-agent -U -e --referer -b --cookie --url-query";

    /** An {@code Authorization:} or {@code Proxy-Authorization:} header as written, unquoted. */
    private static final String AUTHORIZATION_HEADER = "(?is)\\s*(proxy-)?authorization\\s*:.*";

    /**
     * A URL whose user-info part (before the {@code @} of the authority) is computed, unquoted:
     * {@code https://x:$(gh auth token)@host/r}, {@code https://oauth2:$T@host}. The substitution
     * may hold blanks, never a {@code /} before the {@code @}.
     */
    private static final String URL_COMPUTED_USERINFO = "(?is)[a-z][a-z0-9+.-]*://[^/@]*[$`][^/]*@.*";

    /** HTTP clients that take headers as {@code Name:value} items (HTTPie and its kin). */
    static final String HEADER_ITEM_CLIENTS = "http https xh xhs curlie httpie";

    /**
     * True when a URL client puts a command's output into a part of the request that reaches the
     * server: a header, cookie, user agent, referer or user (curl -H "X: $(cat .env | base64)",
     * wget --header="X: $(…)", HTTPie's and xh's {@code Name:value} items). WHY: like a URL or a
     * body built from output, the server receives it; with a secret read that is exfiltration
     * (SW4006). An {@code Authorization:} header is how a token is used against its own service
     * ({@code curl -H "Authorization: Bearer $(gh auth token)" https://api.github.com/user}) and is
     * left to the token rules.
     */
    static boolean isSendsComputedRequestPart(Cmd c) {
        boolean items = c.named(HEADER_ITEM_CLIENTS);
        if (!items && !c.named("curl wget")) {
            return false;
        }
        java.util.function.Predicate<String> computed = v -> (v.contains("$(") || v.contains("`"))
                && !Regex.matches(v, AUTHORIZATION_HEADER);
        if (optionValueMatches(c, REQUEST_PART_OPTIONS, c.getName().equals("curl"), false, computed)) {
            return true;
        }
        // HTTPie's and xh's header items (Name:value), not URLs (scheme://)
        return items && c.getArgs().stream().map(PathFacts::unquote)
                .anyMatch(a -> !a.startsWith("-") && Regex.matches(a, "[A-Za-z0-9_-]+:[^/].*") && computed.test(a));
    }
}
