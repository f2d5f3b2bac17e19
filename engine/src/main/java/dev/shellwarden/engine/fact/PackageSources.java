package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ProgramOptions;
import dev.shellwarden.grammar.Regex;
import java.util.List;

/**
 * Where a package manager takes a package from, for {@link Cmd#isInstallsFromUnreviewedSource}: a
 * URL, a git remote, a forge shorthand or a custom index instead of its registry, on the command
 * line ({@code pip install git+https://…}, {@code npm i https://…/x.tgz}, {@code cargo install --git
 * URL}, {@code brew install user/tap/formula}) or in the environment ({@code PIP_INDEX_URL=…},
 * {@code GOPROXY=…}), and Nix's flake references, search paths and expressions from outside the
 * registry and the project. Install scripts and build steps of such a package run at once and no
 * registry vouches for the name.
 *
 * <p>It reads only the {@link Cmd} it is given. INVARIANT: the registries' own addresses
 * ({@code pypi.org}, {@code registry.npmjs.org}…) are no unreviewed source; the words of the
 * program a runner starts after the package are not read as sources.
 */
final class PackageSources {

    private PackageSources() {
    }

    /** Options of package managers that name where a package comes from. */
    private static final String SOURCE_OPTIONS = "--from --spec --git --index-url -i --extra-index-url --source --registry --index --add-source -s"
            + " -f --find-links --config.registry";

    /**
     * Go told to fetch modules over plain HTTP or unchecked TLS ({@code GOINSECURE=*}, {@code
     * GOFLAGS=-insecure}), or to skip the checksum database for every module ({@code GOSUMDB=off},
     * {@code GONOSUMDB=*}, {@code GOPRIVATE=*}, {@code GONOSUMCHECK=1}): then no record vouches
     * that the code fetched is the code published. A private pattern ({@code
     * GOPRIVATE=github.com/myorg}) is everyday.
     */
    private static final String GO_INSECURE = "(?s)GOINSECURE=.*\\S.*|(?s)GOFLAGS=.*-insecure\\b.*|GOSUMDB=['\"]?off['\"]?"
            + "|GONOSUMCHECK=['\"]?(1|true|on)['\"]?|(GONOSUMDB|GOPRIVATE|GONOPROXY)=['\"]?([^'\"]*,)?\\*(,[^'\"]*)?['\"]?";

    /**
     * R and Julia code on the command line that installs or runs a package or script from a
     * repository or URL ({@code remotes::install_github("u/r")}, {@code devtools::source_url(URL)},
     * {@code Pkg.add(url="…")}): the R and Julia forms of {@code pip install git+…}.
     */
    private static final String INLINE_REMOTE_PACKAGE = "\\binstall_(github|gitlab|bitbucket|git|url|svn|remote|local)\\s*\\("
            + "|\\bsource_(url|gist)\\s*\\(|\\bPkg\\s*\\.\\s*(add|develop)\\s*\\(\\s*(url\\s*=|PackageSpec\\s*\\(\\s*url\\s*=)"
            + "|\\bpkg\\s*\"\\s*(add|dev(elop)?)\\s+(https?|git)[:@]";

    /** conda's own channel hosts: a channel named by these URLs is the registry. */
    private static final String CONDA_REGISTRY = "https://(conda\\.anaconda\\.org|repo\\.anaconda\\.com)(/.*)?";

    /** Package sources that are not a registry: a URL, a git remote or a forge shorthand. */
    private static final String UNREVIEWED_SOURCE = "(git\\+[a-z]+|git|https?|ftp)://.*|(github|gitlab|bitbucket|gist):.*|git@.*:.*";

    /**
     * npm's, pnpm's, yarn's and bun's GitHub shorthand: {@code owner/repo} (optionally {@code #ref})
     * names a repository whose install scripts run, as {@code github:owner/repo} does. A scope starts
     * with {@code @}, a folder with {@code .}, {@code /} or {@code ~}, and a tarball ends in .tgz or
     * .tar, so none of them matches.
     */
    private static final String NODE_GITHUB_SHORTHAND = "(?![.~/@])[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(#\\S*)?(?<!\\.tgz|\\.tar|\\.tar\\.gz)";

    /** Options of node's package managers that take a value next to the packages (a workspace filter is no package). */
    private static final String NODE_VALUE_OPTIONS = " --filter -F --prefix -C --dir --tag --cwd --cafile --ca --cert --key --cache"
            + " --userconfig --globalconfig --otp --before --omit --include --install-strategy --loglevel --script-shell --proxy"
            + " --https-proxy --modules-folder --cache-folder --mutex --network-concurrency --network-timeout";

    /**
     * True when a package manager installs or runs a package from a URL, a git remote or a custom
     * index instead of its registry: {@code npm install https://…/x.tgz}, {@code pip install
     * git+https://…}, {@code pip install -i URL}, {@code uvx --from git+…}, {@code cargo install
     * --git URL}, {@code gem install --source URL}, {@code deno run https://…}. Install scripts and
     * build steps of that package run at once, and no registry vouches for the name.
     */
    static boolean isInstallsFromUnreviewedSource(Cmd c) {
        if (c.named("nix nix-shell nix-build nix-env")) {
            return nixFromUnreviewedSource(c);
        }
        // `export NIX_PATH=nixpkgs=URL` for the nix commands after it
        if (c.named(Cmd.DECLARERS + " env") && c.assignmentWords().stream().anyMatch(PackageSources::nixPathUnreviewed)) {
            return true;
        }
        boolean installs = switch (c.getName()) {
            case "npm", "pnpm", "yarn", "bun" -> c.subMatches(1, "install|i|add|ci|isntall|in|update|up|upgrade|global|exec|dlx|x");
            case "pip", "pip3", "pipx", "uv", "pdm", "poetry", "gem", "cargo", "deno" ->
                    c.subMatches(2, "install|add|run|tool|pip|sync|update|upgrade");
            case "npx", "pnpx", "bunx", "uvx", "jbang", "groovy" -> true;
            // Go fetches modules through GOPROXY (an environment source only, below)
            // GOINSECURE fetches the modules it names over plain HTTP or unchecked TLS, where anyone on the path may answer
            case "go" -> c.subMatches(1, "get|install|run|build|test|mod|generate|list") && (c.getAssignments().stream().anyMatch(x -> x.startsWith("GOPROXY="))
                    || c.getAssignments().stream().anyMatch(x -> Regex.matches(x, GO_INSECURE)));
            // a formula from a third-party tap
            case "brew" -> c.subMatches(1, "install|reinstall|upgrade|tap");
            // ansible-pull always clones a repository and runs its playbook on this machine
            case "ansible-pull" -> true;
            // roles and collections, hooks tried from a repository, version-manager plugins (their
            // scripts run on install), .NET tools and packages, Scala scripts and gists
            case "ansible-galaxy" -> c.subMatches(2, "install");
            case "pre-commit" -> c.subMatches(1, "try-repo");
            case "asdf" -> c.subMatches(2, "add|plugin-add");
            case "dotnet" -> c.subMatches(2, "install|update|add|restore|package");
            case "scala-cli", "scala" -> c.subMatches(1, "run|shebang");
            // R and Julia code given on the command line (read below)
            case "Rscript", "R", "julia" -> c.argFind(INLINE_REMOTE_PACKAGE);
            // a custom channel named by URL (`conda install -c http://…/channel x`)
            case "conda", "mamba", "micromamba" -> c.subMatches(2, "install|create|update|upgrade|env")
                    && Regex.matches(PathFacts.unquote(c.valueOf("-c --channel")), UNREVIEWED_SOURCE)
                    && !Regex.matches(PathFacts.unquote(c.valueOf("-c --channel")), CONDA_REGISTRY);
            // a box from a URL (`vagrant init NAME URL`, `vagrant box add URL`): its image boots with the project mounted
            case "vagrant" -> c.subMatches(1, "init|box");
            // a gh extension is any repository's program, run as `gh NAME` (no registry reviews it)
            case "gh" -> c.subAt(0, "extension extensions ext");
            // `python3 -m pip install URL` is pip
            default -> Regex.matches(c.getName(), "pip[0-9.]+") || Regex.matches(c.getName(), "python[0-9.]*|py") && c.getArgs().size() > 2
                    && c.getArgs().get(0).equals("-m") && Regex.matches(c.getArgs().get(1), "pip[0-9.]*") && c.subMatches(3, "install|download|wheel");
        };
        if (!installs) {
            return false;
        }
        if (c.getName().equals("go") && c.getAssignments().stream().anyMatch(x -> Regex.matches(x, GO_INSECURE))) {
            return true;
        }
        // node's package managers with TLS checks off: any answer from the path is installed
        if (c.named("npm pnpm yarn bun npx pnpx bunx")
                && c.getAssignments().stream().anyMatch(x -> Regex.matches(x, "NODE_TLS_REJECT_UNAUTHORIZED=['\"]?0['\"]?|(?i)npm_config_strict_ssl=['\"]?false['\"]?"))) {
            return true;
        }
        if (c.named("Rscript R julia conda mamba micromamba")) {
            return true; // the case above read the code or the channel
        }
        if (c.getName().equals("ansible-pull")) {
            return !c.anyFlag("-h --help");
        }
        if (c.getName().equals("gh")) {
            // `gh extension install OWNER/REPO` or a URL; `.` (the extension being written here) is local
            List<String> ops = c.positionals("--pin");
            return ops.size() > 2 && ops.get(1).equals("install") && !c.anyFlag("-h --help")
                    && ops.stream().skip(2).anyMatch(op -> !op.equals(".") && !op.startsWith("./"));
        }
        if (c.getName().equals("brew")) {
            // user/tap/formula and `brew tap user/repo` name a GitHub repository of formulae, whose
            // install steps are Ruby code; homebrew/… are Homebrew's own
            return c.positionals("").stream().skip(1)
                    .anyMatch(op -> Regex.matches(op, UNREVIEWED_SOURCE) || !op.startsWith("homebrew/")
                            && (Regex.matches(op, "[^/\\s]+/[^/\\s]+/[^/\\s]+") || c.sub("tap") && Regex.matches(op, "[^/\\s]+/[^/\\s]+")));
        }
        // the same sources set in the environment: PIP_INDEX_URL=… pip install x, npm_config_registry=… npm i
        for (String a : c.getAssignments()) {
            java.util.regex.Matcher m = Regex.pattern("(?i)(PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|UV_INDEX_URL|UV_EXTRA_INDEX_URL"
                    + "|UV_INDEX|UV_DEFAULT_INDEX|UV_FIND_LINKS|NPM_CONFIG_REGISTRY|YARN_REGISTRY|YARN_NPM_REGISTRY_SERVER|COREPACK_NPM_REGISTRY|BUN_CONFIG_REGISTRY|GOPROXY)=(.*)").matcher(a);
            if (m.matches() && Regex.matches(m.group(2).trim(), UNREVIEWED_SOURCE)
                    && !Regex.matches(m.group(2).trim(), "https://(pypi\\.org|registry\\.npmjs\\.org|registry\\.yarnpkg\\.com|proxy\\.golang\\.org)(/[^,|]*)?([,|](direct|off))?")) {
                return true;
            }
        }
        if (!c.valueOf(SOURCE_OPTIONS).isEmpty()) {
            String v = c.valueOf(SOURCE_OPTIONS);
            // -i is a plain flag to some of them (npm i is the subcommand, pnpm -i…): only a URL value counts
            if (Regex.matches(v, UNREVIEWED_SOURCE) && !Regex.matches(v, "https://(pypi\\.org|registry\\.npmjs\\.org|registry\\.yarnpkg\\.com|rubygems\\.org|api\\.nuget\\.org)(/.*)?")) {
                return true;
            }
        }
        // the package a runner is told to take (`npx --package=git+https://…`, `npm exec -p URL -- x`)
        // and pip's editable install (`pip install -e git+http://…#egg=x`) name a source as an operand does
        String named = c.named("npx pnpx npm pnpm yarn bun bunx") ? c.valueOf("-p --package")
                : c.named("npm pnpm yarn bun") ? "" : c.valueOf("-e --editable");
        if (Regex.matches(PathFacts.unquote(named), UNREVIEWED_SOURCE)) {
            return true;
        }
        // a runner's arguments after the package belong to the program it runs (`pipx run pkg URL`)
        boolean node = c.named("npm pnpm yarn bun npx pnpx bunx");
        List<String> sources = c.positionals(SOURCE_OPTIONS + " -p --package -w --workspace -r --requirement -c --constraint -e --editable"
                + (node ? NODE_VALUE_OPTIONS : ""));
        if (c.named("npx pnpx bunx uvx jbang groovy") || c.sub("run exec dlx x")) {
            int first = c.named("npx pnpx bunx uvx jbang groovy") ? 0 : 1;
            sources = sources.size() > first ? sources.subList(first, first + 1) : List.of();
        }
        for (String op : sources) {
            if (Regex.matches(op, UNREVIEWED_SOURCE) || Regex.matches(op, "[A-Za-z0-9_.-]+\\s*@\\s*(git\\+|https?://|file:).*")
                    || node && Regex.matches(PathFacts.unquote(op), NODE_GITHUB_SHORTHAND)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Nix sources that are neither the registry ({@code nixpkgs#x}, {@code channel:}) nor the
     * project: the package managers' URLs and forge shorthands, and Nix's own fetcher schemes
     * ({@code sourcehut:}, {@code tarball+https:}, {@code file+https:}, {@code hg+https:}).
     */
    private static final String NIX_SOURCE = UNREVIEWED_SOURCE + "|(sourcehut|tarball\\+[a-z]+|file\\+[a-z]+|hg\\+[a-z]+):.*";

    /**
     * True when nix builds, runs, enters or installs code from an address no registry vouches for:
     * a flake reference from a forge, a URL or a folder outside the project ({@code nix run
     * github:o/r}, {@code nix run path:/tmp/x}), an input replaced by one ({@code --override-input
     * nixpkgs github:…}, {@code --inputs-from}), an expression from a URL ({@code nix-env -if URL},
     * {@code nix-build URL}), or a search path naming one ({@code -I nixpkgs=URL},
     * {@code NIX_PATH=nixpkgs=URL}). The words of the program nix runs ({@code nix run R -- …},
     * {@code nix shell R -c …}, {@code nix-shell --run …}) are not sources.
     */
    private static boolean nixFromUnreviewedSource(Cmd c) {
        for (String a : c.getAssignments()) {
            if (nixPathUnreviewed(a)) {
                return true;
            }
        }
        boolean modern = c.getName().equals("nix");
        if (modern && !c.subMatches(1, "run|shell|develop|profile|build|bundle|print-dev-env")) {
            return false;
        }
        for (int i = 0; i < c.getArgs().size(); i++) {
            String a = c.getArgs().get(i);
            String next = i + 1 < c.getArgs().size() ? c.getArgs().get(i + 1) : "";
            if (a.equals("--") || modern && (a.equals("-c") || a.equals("--command"))) {
                break;
            }
            if (a.equals("--run") || a.equals("--command") || a.equals("--arg") || a.equals("--argstr") || a.equals("--option")) {
                i += a.startsWith("--arg") || a.equals("--option") ? 2 : 1; // NAME VALUE, or the shell command
                continue;
            }
            if (a.equals("-I") || a.equals("--include")) {
                if (nixSearchPathUnreviewed(next)) {
                    return true;
                }
                i++;
            } else if (a.startsWith("-I") && a.length() > 2 && nixSearchPathUnreviewed(a.substring(2))) {
                return true;
            } else if (a.equals("--override-input") && i + 2 < c.getArgs().size()) {
                if (nixRefUnreviewed(c.getArgs().get(i + 2))) {
                    return true;
                }
                i += 2;
            } else if (a.equals("--inputs-from") || a.equals("--file") || a.equals("-f") || !modern && Regex.matches(a, "-[A-Za-z]*f")) {
                if (nixRefUnreviewed(next)) {
                    return true;
                }
                i++;
            } else if (!a.startsWith("-") && nixRefUnreviewed(a)) {
                return true;
            }
        }
        return false;
    }

    /** An assignment {@code NIX_PATH=…} with an entry naming an address or a folder outside the project. */
    private static boolean nixPathUnreviewed(String assignment) {
        return assignment.startsWith("NIX_PATH=")
                && java.util.Arrays.stream(assignment.substring(9).split(":(?![/])")).anyMatch(PackageSources::nixSearchPathUnreviewed);
    }

    /** A {@code -I}/{@code NIX_PATH} entry ({@code nixpkgs=URL} or a bare path) naming an address or a folder outside the project. */
    private static boolean nixSearchPathUnreviewed(String entry) {
        String v = Regex.matches(entry, "[A-Za-z0-9_.-]+=.*") ? entry.substring(entry.indexOf('=') + 1) : entry;
        return !v.startsWith("channel:") && !v.startsWith("flake:nixpkgs") && nixRefUnreviewed(v);
    }

    /** A flake reference or expression path that is a forge, a URL, or a folder outside the project ({@code path:/tmp/x#app}). */
    private static boolean nixRefUnreviewed(String ref) {
        if (Regex.matches(ref, NIX_SOURCE)) {
            return true;
        }
        String path = ref.replaceFirst("^path:", "").replaceFirst("#.*$", "").replaceFirst("\\?.*$", "");
        return (ref.startsWith("path:") || path.startsWith("/") || path.startsWith("~") || path.startsWith("..")) && ProgramOptions.outside(path);
    }
}
