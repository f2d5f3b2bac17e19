package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ContainerRun;
import dev.shellwarden.grammar.Durations;
import dev.shellwarden.grammar.Regex;
import java.util.List;

/**
 * Commands that run in the foreground until stopped, so that an agent waiting for them waits until
 * its own timeout: development servers and watchers (package scripts named like {@code dev} or
 * {@code start}, framework servers, monorepo task runners, containers that publish a port),
 * samplers given an interval and no count ({@code vmstat 1}, {@code perf record -a}), tunnels and
 * port forwards. The slow-command rules (SW7xxx) read these through {@link Cmd#isDevServer},
 * {@link Cmd#isSamplesForever}, {@link Cmd#isPerfSamplesForever} and {@link Cmd#isTunnel}.
 *
 * <p>Each predicate reads only the {@link Cmd} it is given. INVARIANT: they say what the command
 * does in the foreground, not whether it may run: whether it is detached ({@code &} with output to
 * a file, the client's background, {@code docker run -d}) or bounded by {@code timeout} is left
 * to the rules ({@code !detached}, {@code !wrappedBy("timeout")}).
 */
final class LongRunning {

    private LongRunning() {
    }

    /**
     * Package-script and task names that by convention start something that runs until stopped
     * (`dev`, `start:api`, `serve-docs`): read for npm/yarn/pnpm/bun scripts, deno tasks and the
     * monorepo task runners alike.
     */
    private static final String DEV_SCRIPT = "(dev|start|serve|server|preview|develop|storybook)([:-].*)?";

    /**
     * Recipe names of make, just and go-task that start a server: the exact names only. `dev`,
     * `start` and `develop` are left out: in recipe files they as often install development
     * dependencies, start detached containers or make an editable install, and finish.
     */
    private static final String DEV_RECIPE = "serve|server|devserver|dev-server|runserver|run-server|storybook";

    /**
     * Official images whose default command is a server that stays up until stopped (databases,
     * brokers, web servers, caches): run in the foreground without a command, they never return.
     */
    private static final java.util.Set<String> SERVICE_IMAGES = java.util.Set.of("nginx", "httpd", "caddy", "traefik", "haproxy",
            "postgres", "mysql", "mariadb", "mongo", "redis", "valkey", "memcached", "rabbitmq", "elasticsearch", "opensearch",
            "cassandra", "couchdb", "neo4j", "influxdb", "clickhouse-server", "minio", "localstack", "grafana", "prometheus",
            "jenkins", "registry", "vault", "consul", "kafka", "zookeeper", "nats", "keycloak", "mailhog", "mailpit", "adminer",
            "pgadmin4", "wordpress", "ghost", "tomcat", "jetty", "sonarqube", "gitea", "mosquitto", "etcd", "temporal", "jaeger",
            "all-in-one", "azurite", "dynamodb-local", "mssql-server", "standalone-chrome");

    /** turbo's own commands, which are no task names (`turbo prune web`, `turbo watch dev` is SW7002's). */
    private static final String TURBO_COMMANDS = "prune|login|logout|link|unlink|gen|generate|daemon|ls|query|info|telemetry|scan"
            + "|bin|boundaries|completion|docs|devtools|watch|--version|-v|--help|-h";

    /** Laravel's commands that serve or work a queue until stopped. */
    private static final String ARTISAN_SERVER = "serve|s|server|queue:work|queue:listen|horizon|reverb:start|octane:start"
            + "|octane:frankenphp|schedule:work|pail";

    /** True for a development server or other foreground process that runs until stopped. */
    static boolean isDevServer(Cmd c) {
        List<String> p = c.positionals("-p --port -H --host -b --bind -w --workers -c --config -f --file --prefix -C --cwd --filter -F --env-file -e");
        String tool = c.getName();
        if (c.named("npx pnpx bunx") || (c.named("pnpm yarn") && !p.isEmpty() && p.get(0).equals("dlx"))) {
            int k = p.isEmpty() || !p.get(0).equals("dlx") ? 0 : 1;
            if (p.size() <= k) {
                return false;
            }
            tool = Cmd.programName(p.get(k));
            p = p.subList(k + 1, p.size());
        }
        String first = p.isEmpty() ? "" : p.get(0);
        String second = p.size() > 1 ? p.get(1) : "";
        switch (tool) {
            case "npm", "yarn", "pnpm", "bun" -> {
                // `yarn hardhat node`, `pnpm anvil`: a package's program run by name
                if (!tool.equals("npm") && (first.equals("hardhat") && p.contains("node")
                        || Regex.matches(first, "anvil|ganache(-cli)?|azurite(-blob|-queue|-table)?"))) {
                    return true;
                }
                if (tool.equals("yarn") && (first.equals("workspace") || first.equals("workspaces") && second.equals("foreach"))) {
                    // `yarn workspace web dev`, `yarn workspaces foreach -A run dev`: the script
                    // follows the workspace's name or the foreach, with or without `run`
                    List<String> rest = p.subList(2, p.size());
                    String word = rest.isEmpty() ? "" : rest.get(0);
                    String task = word.equals("run") && rest.size() > 1 ? rest.get(1) : word;
                    return Regex.matches(task, DEV_SCRIPT);
                }
                String script = first.equals("run") || first.equals("run-script") ? second : first;
                if (tool.equals("npm") && !first.equals("run") && !first.equals("run-script") && !first.equals("start")) {
                    return false;
                }
                return Regex.matches(script, DEV_SCRIPT);
            }
            // monorepo task runners: `lerna run dev`, `turbo dev`, `turbo run build dev`,
            // `nx serve web`, `nx run web:serve`, `nx run-many -t serve`, `moon run web:dev`
            case "lerna" -> {
                return first.equals("run") && Regex.matches(second, DEV_SCRIPT);
            }
            // npm-run-all (run-p in parallel, run-s in sequence) runs each script named, glob
            // patterns too (`dev:*`): one dev server among them runs until stopped
            case "npm-run-all", "run-p", "run-s" -> {
                return c.positionals("--max-parallel --npm-path -l --print-label").stream()
                        .anyMatch(t -> Regex.matches(t.replace("'", "").replace("\"", ""), DEV_SCRIPT));
            }
            case "turbo" -> {
                // `turbo dev` is `turbo run dev`; turbo's own commands take no task names
                if (first.isEmpty() || Regex.matches(first, TURBO_COMMANDS)) {
                    return false;
                }
                List<String> tasks = first.equals("run") ? p.subList(1, p.size()) : p;
                return tasks.stream().anyMatch(t -> Regex.matches(t, DEV_SCRIPT));
            }
            case "nx", "moon" -> {
                // a target is `project:serve[:configuration]` after run (`nx web:serve` too), the
                // first word in nx's inferred form (`nx serve web`), or listed after -t/--targets
                // for run-many and affected (`-t build,serve`)
                String target = first.equals("run") ? second : first;
                String task = target.contains(":") ? target.split(":", -1)[1] : tool.equals("nx") ? target : "";
                boolean many = first.equals("run-many") || first.equals("affected");
                // `nx graph` serves the project graph in a browser until stopped unless it writes a file
                // or prints (--file, --print); a bare --graph on run, run-many or affected does the same
                if (tool.equals("nx") && (Regex.matches(first, "graph|dep-graph|affected:graph") && !c.anyFlag("--file --print")
                        && !c.argStartsWith("--file=") || c.argMatches("--graph(=true)?"))) {
                    return true;
                }
                return Regex.matches(task, DEV_SCRIPT)
                        || many && List.of(c.valueOf("-t --target --targets").split(",")).stream().anyMatch(t -> Regex.matches(t, DEV_SCRIPT));
            }
            case "vite" -> {
                return first.isEmpty() || Regex.matches(first, "dev|serve|preview") || first.startsWith(".") || first.startsWith("/");
            }
            case "next", "nuxt", "nuxi", "astro", "remix", "gatsby", "expo", "storybook", "wrangler", "netlify", "vercel", "sail" -> {
                // expo run:ios / run:android build, install and then serve the bundle until stopped
                return Regex.matches(first, "dev|start|develop|preview|serve") || first.equals("pages") && second.equals("dev")
                        || tool.equals("expo") && Regex.matches(first, "run:(ios|android)") && !c.anyFlag("--no-bundler");
            }
            // web servers, model servers, service agents and brokers that stay in the foreground
            // unless told to detach (each one's own daemon flag)
            case "nginx" -> {
                // nginx daemonizes by default; `-g 'daemon off;'` keeps it in the foreground
                return Regex.matches(c.valueOf("-g"), "(?s).*daemon\\s+off.*");
            }
            case "colima" -> {
                return first.equals("start") && c.anyFlag("-f --foreground");
            }
            case "apachectl", "apache2ctl", "httpd" -> {
                // Apache daemonizes unless told -D FOREGROUND (or -X, the single-process debug mode)
                return c.anyArg("FOREGROUND -DFOREGROUND") && (c.anyFlag("-D") || c.anyArg("-DFOREGROUND")) || c.anyFlag("-X");
            }
            case "serverless", "sls" -> {
                // the serverless-offline plugin serves the functions locally until stopped
                return first.equals("offline") && (second.isEmpty() || second.equals("start"));
            }
            case "caddy" -> {
                return Regex.matches(first, "run|file-server|reverse-proxy|respond");
            }
            case "traefik" -> {
                return !Regex.matches(first, "version|healthcheck") && !c.anyFlag("--help -h --version");
            }
            case "minio", "vault" -> {
                return first.equals("server");
            }
            case "ollama", "vllm", "ionic", "panel", "bokeh" -> {
                return first.equals("serve");
            }
            case "consul", "nomad" -> {
                return first.equals("agent");
            }
            case "temporal" -> {
                return first.equals("server") && second.startsWith("start");
            }
            case "supabase" -> {
                return first.equals("functions") && second.equals("serve");
            }
            case "ray" -> {
                return first.equals("start") && c.anyFlag("--block");
            }
            case "dask" -> {
                return Regex.matches(first, "scheduler|worker");
            }
            case "code-server", "rackup", "puma", "unicorn", "granian", "daphne", "waitress-serve", "sphinx-autobuild", "voila",
                    "etcd", "elasticsearch", "rabbitmq-server", "kafka-server-start", "kafka-server-start.sh", "zookeeper-server-start",
                    "zookeeper-server-start.sh", "dask-scheduler", "dask-worker", "hivemind" -> {
                return !c.anyFlag("--version -v -V --help -h -d -D --daemon -daemon -detached --daemonize");
            }
            // static-site and documentation servers
            case "zola", "mdbook", "trunk" -> {
                return Regex.matches(first, "serve|watch");
            }
            case "eleventy" -> {
                return c.anyFlag("--serve --watch");
            }
            case "docusaurus" -> {
                return Regex.matches(first, "start|serve");
            }
            case "quarto" -> {
                return Regex.matches(first, "preview|serve");
            }
            case "hexo" -> {
                return Regex.matches(first, "server|s");
            }
            case "litestar", "shiny" -> {
                return first.equals("run");
            }
            // Procfile runners start every process of the Procfile (a web server among them)
            case "foreman", "overmind", "honcho" -> {
                return Regex.matches(first, "start|s");
            }
            // Rails' bin/dev starts the Procfile.dev processes (foreman start, or bin/rails server
            // alone); bin/jobs starts the Solid Queue supervisor (`start`, its default): both run
            // until stopped. Read by the project's bin/ path: a program named `dev` elsewhere is no
            // such launcher (and `jobs` is the shell's builtin)
            case "dev" -> {
                return Regex.matches(c.getPath(), "(\\./)?bin/dev") && !c.anyFlag("-h --help");
            }
            case "jobs" -> {
                return Regex.matches(c.getPath(), "(\\./)?bin/jobs") && (first.isEmpty() || first.equals("start")) && !c.anyFlag("-h --help");
            }
            case "symfony" -> {
                return Regex.matches(first, "serve|server:start|local:server:start") && !c.anyFlag("-d --daemon");
            }
            case "wp" -> {
                return first.equals("server");
            }
            case "func", "swa" -> {
                return first.equals("start");
            }
            case "heroku" -> {
                return first.equals("local");
            }
            case "shopify" -> {
                return Regex.matches(first, "app|theme|hydrogen") && second.equals("dev");
            }
            case "tauri", "electron-forge" -> {
                return Regex.matches(first, "dev|start");
            }
            case "cargo" -> {
                return first.equals("leptos") && Regex.matches(second, "watch|serve") || first.equals("tauri") && second.equals("dev");
            }
            // skaffold and tilt rebuild and redeploy on every change until stopped (okteto up syncs until stopped)
            case "skaffold", "tilt", "devspace", "garden", "okteto" -> {
                return Regex.matches(first, "dev|debug|up");
            }
            // gin (codegangsta's live reloader) serves and rebuilds until stopped
            case "gin" -> {
                return first.equals("run") || first.isEmpty() && !c.anyFlag("-h --help -v --version");
            }
            case "ng", "ember", "webpack", "vue-cli-service", "mkdocs", "jekyll" -> {
                return Regex.matches(first, "serve|s|server");
            }
            case "artisan" -> {
                return Regex.matches(first, ARTISAN_SERVER);
            }
            case "ruby" -> {
                // ruby -run -e httpd: un.rb's web server
                return c.getArgs().contains("-run") && c.argMatches("(-e)?httpd");
            }
            case "gradle", "gradlew" -> {
                return c.argMatches("(:?[\\w-]+:)*(bootRun|quarkusDev|appRun|jettyRun|tomcatRun|appengineRun)");
            }
            case "mvn", "mvnw" -> {
                return c.argMatches("(spring-boot|jetty|quarkus|tomcat7?|liberty|wildfly|appengine):(run|dev|run-war|devserver)");
            }
            case "redis-server", "valkey-server" -> {
                return !(c.getArgs().contains("--daemonize") && c.getArgs().contains("yes")) && !c.anyFlag("-v --version -h --help --test-memory");
            }
            case "postgres", "postmaster" -> {
                return !c.anyFlag("-V --version -C --describe-config -? --help --single");
            }
            case "mongod" -> {
                return !c.anyFlag("--fork --version --help -h");
            }
            case "mysqld", "mariadbd", "mysqld_safe" -> {
                return !c.anyFlag("--daemonize --version -V --help -? --initialize --initialize-insecure --verbose --print-defaults --validate-config");
            }
            case "memcached" -> {
                return !c.anyFlag("-d --daemon -h --help -V --version");
            }
            case "tensorboard", "json-server", "sidekiq", "dramatiq", "huey_consumer", "rqworker" -> {
                return !c.anyFlag("--version -v -V --help -h");
            }
            case "mitmdump", "mitmweb" -> {
                // -n / --no-server: replay or convert a flow file, then exit
                return !c.anyFlag("--version --help -h -n --no-server") && !c.argMatches("-n[a-z]+");
            }
            case "celery" -> {
                return c.argMatches("worker|beat|flower|events");
            }
            case "rq" -> {
                return first.equals("worker");
            }
            case "react-native", "metro" -> {
                return first.equals("start");
            }
            case "prisma", "drizzle-kit" -> {
                return first.equals("studio");
            }
            case "mix" -> {
                return first.equals("phx.server");
            }
            case "browser-sync" -> {
                return first.equals("start");
            }
            case "cypress" -> {
                // the interactive runner is a window that stays open; `cypress run` runs the specs once
                return first.equals("open");
            }
            case "make", "gmake", "just", "task", "go-task" -> {
                // `make serve`, `just serve`, `task runserver`; a variable (`make PORT=8080 serve`) is no recipe
                return p.stream().anyMatch(t -> !t.contains("=") && Regex.matches(t, DEV_RECIPE));
            }
            case "playwright" -> {
                // the UI mode and the report server stay up until stopped
                return first.equals("show-report") || first.equals("test") && c.anyFlag("--ui --ui-port --ui-host");
            }
            case "iex" -> {
                return c.getArgs().contains("phx.server");
            }
            case "deno" -> {
                return first.equals("serve") || first.equals("task") && Regex.matches(second, DEV_SCRIPT);
            }
            case "hugo" -> {
                // -h is hugo's help (its host option is --bind)
                return Regex.matches(first, "server|serve") && !c.anyFlag("-h");
            }
            case "react-scripts" -> {
                return first.equals("start");
            }
            case "parcel" -> {
                return !first.equals("build");
            }
            case "firebase" -> {
                return Regex.matches(first, "serve|emulators:start");
            }
            case "streamlit" -> {
                return first.equals("run");
            }
            case "jupyter" -> {
                // `jupyter notebook list`, `jupyter lab build`, `jupyter server stop 8888` print or change and return
                return Regex.matches(first, "notebook|lab|server")
                        && !Regex.matches(second, "list|stop|password|build|clean|path|paths|workspace|workspaces|extension|labextension");
            }
            case "flask", "fastapi" -> {
                // flask's global --app/-A and --env-file come before the command
                List<String> q = c.positionals("--app -A --env-file -e");
                return !q.isEmpty() && Regex.matches(q.get(0), "run|dev");
            }
            // local chains, cloud emulators and model UIs that serve until stopped
            case "anvil", "ganache", "ganache-cli", "azurite", "azurite-blob", "azurite-queue", "azurite-table", "functions-framework", "gradio" -> {
                return !c.anyFlag("--version -v -V --help -h");
            }
            case "hardhat" -> {
                // global options with values come first (`hardhat --network hardhat node`)
                return p.contains("node");
            }
            case "mlflow" -> {
                return Regex.matches(first, "ui|server");
            }
            case "sam" -> {
                return first.equals("local") && Regex.matches(second, "start-api|start-lambda");
            }
            case "localstack" -> {
                // -d before `start` is the global --debug; only start's own -d detaches
                int at = c.getArgs().indexOf("start");
                return first.equals("start") && (at < 0 || !c.getArgs().subList(at + 1, c.getArgs().size()).stream().anyMatch(a -> a.equals("--detached")
                        || Regex.matches(a, "-[a-zA-Z]*d[a-zA-Z]*")));
            }
            case "rails" -> {
                // -h is rails server's help (its host option is -b)
                return Regex.matches(first, "s|server") && !c.anyFlag("-h");
            }
            case "bundle" -> {
                return p.contains("rails") && (p.contains("s") || p.contains("server")) || p.contains("jekyll") && p.contains("serve");
            }
            case "php" -> {
                // Symfony's console server:run (before the symfony CLI) serves in the foreground
                return c.anyFlag("-S") || p.size() >= 2 && p.get(0).endsWith("console") && p.get(1).equals("server:run")
                        || p.contains("artisan") && p.size() > p.indexOf("artisan") + 1
                        && Regex.matches(p.get(p.indexOf("artisan") + 1), ARTISAN_SERVER);
            }
            case "python", "python3" -> {
                String m = c.valueOf("-m");
                return Regex.matches(m, "http\\.server|SimpleHTTPServer|uvicorn|flask|streamlit|jupyter|jupyterlab|notebook|gunicorn|hypercorn|mkdocs|pydoc")
                        && !(m.equals("flask") && !c.getArgs().contains("run")) && !(m.equals("mkdocs") && !c.getArgs().contains("serve"))
                        && !(m.equals("pydoc") && !c.anyFlag("-p -b"))
                        || p.size() >= 2 && p.get(0).endsWith("manage.py") && p.get(1).equals("runserver");
            }
            case "manage.py" -> {
                return first.equals("runserver");
            }
            // gunicorn's --check-config and --print-config load the app and its settings, then exit
            case "gunicorn" -> {
                return !c.anyFlag("--check-config --print-config");
            }
            case "uvicorn", "hypercorn", "http-server", "live-server", "serve", "nodemon", "webpack-dev-server",
                    "shakapacker-dev-server", "webpacker-dev-server" -> {
                return true;
            }
            // air's -v prints its version and exits
            case "air" -> {
                return !c.anyFlag("-v");
            }
            case "dotnet" -> {
                // `dotnet run --urls URL` (ASP.NET's option, before or after `--`) serves on it
                return first.equals("watch") || first.equals("run") && c.argMatches("--urls(=.*)?") && !c.anyFlag("-h --help");
            }
            // newer stacks' dev servers and sync loops: Rspack/Rsbuild, Dioxus, Chainlit, marimo's
            // notebook server, LangGraph's local API, Mintlify, Convex, SST, Trigger.dev, Inngest;
            // their build, deploy and export commands return
            case "rspack", "rsbuild" -> {
                return Regex.matches(first, "serve|dev|preview");
            }
            case "dx" -> {
                return first.equals("serve");
            }
            case "chainlit" -> {
                return first.equals("run");
            }
            case "marimo" -> {
                return Regex.matches(first, "edit|run|tutorial|new");
            }
            case "langgraph", "mintlify", "mint", "convex", "sst", "trigger.dev", "inngest-cli", "inngest" -> {
                return first.equals("dev");
            }
            case "docker", "podman", "docker-compose", "podman-compose" -> {
                boolean compose = tool.endsWith("-compose") || first.equals("compose");
                // a container that publishes a port and runs its image's own command is a service: in
                // the foreground it runs until stopped (a command given is its own segment)
                // (detached runs are spared by the rule's !detached)
                if (compose) {
                    return c.getArgs().contains("up") && !c.anyFlag("-d --detach --abort-on-container-exit --exit-code-from") && !c.dryRunBy("--dry-run")
                            || c.getArgs().contains("watch");
                }
                ContainerRun run = ContainerRun.of(c.argvWords);
                if (run == null || !c.containerSubcommand().equals("run") || run.certain().stream().anyMatch(Cmd::isDetachOption)) {
                    return false;
                }
                // ... and so is a server image's own command, port published or not (`docker run nginx`)
                List<String> images = ContainerRun.defaultCommandImages(c.argvWords);
                return !images.isEmpty() && (run.publishesPort() || images.stream().anyMatch(SERVICE_IMAGES::contains));
            }
            default -> {
                return false;
            }
        }
    }

    /**
     * The last folder or project file name of a .NET project that by the templates' naming is a
     * web app, API or worker ({@code src/Web}, {@code Shop.Api}, {@code Shop.AppHost/Shop.AppHost.csproj},
     * {@code Orders.Worker}): {@code dotnet new web|webapi|mvc|blazor|grpc|worker|aspire} projects,
     * which serve or work until stopped. A console app ({@code src/Tools.Seed}, {@code src/Cli}) exits.
     */
    private static final String WEB_PROJECT = "(?i)(.*[._-])?(web|webapi|api|server|host|apphost|site|portal|gateway|blazor|mvc|grpc"
            + "|frontend|backend|service|worker)(\\.(cs|fs|vb)proj)?";

    /**
     * True for {@code dotnet run} of a project named like a web app, API or worker
     * ({@code dotnet run --project src/Web}): it most likely serves until stopped, but the project
     * file (its {@code Sdk="Microsoft.NET.Sdk.Web"}) is not read here, so it asks (SW7022) rather
     * than denies. A bare {@code dotnet run} names no project and stays allowed: most runs in a
     * project are its console tools.
     */
    static boolean isDotnetRunWebProject(Cmd c) {
        // (`dotnet run -- --help`: the app is asked for its usage, which it prints and exits)
        if (!c.nameIs("dotnet") || c.anyFlag("-h --help") || !c.subAt(0, "run")
                || c.getArgs().stream().anyMatch(a -> a.equals("--help") || a.equals("-h") || a.equals("--version"))) {
            return false;
        }
        String project = PathFacts.unquote(c.valueOf("--project -p"));
        if (!project.isEmpty()) {
            return namesWebProject(project);
        }
        // no --project: dotnet runs the project of the folder it runs in, which a cd (or pushd) of
        // this command may name (`cd src/Web && dotnet run`); the letter's own folder is not read,
        // as a bare `dotnet run` stays allowed
        return c.cwds().stream().anyMatch(d -> !d.equals(WorkingDirs.UNKNOWN) && namesWebProject(d));
    }

    /** True when a project path's last folder or file name is a web app's, API's or worker's ({@link #WEB_PROJECT}). */
    private static boolean namesWebProject(String path) {
        String p = path.replace('\\', '/').replaceAll("/+$", "");
        String last = p.substring(p.lastIndexOf('/') + 1);
        return !last.isEmpty() && Regex.matches(last, WEB_PROJECT);
    }

    /**
     * True for a build tool told to rebuild on every change until stopped: sbt's {@code ~} prefix
     * on a task, in any word or any part of a {@code ;} sequence, quoted or not ({@code sbt
     * ~compile}, {@code sbt '~testQuick'}, {@code sbt "~ test"}, {@code sbt ";clean;~test"}; also
     * the thin client {@code sbtn}), and mill's {@code -w}/{@code --watch}. The words are read as
     * written: a quoted {@code '~x'} is no home folder, and its {@code ~} is sbt's all the same.
     */
    static boolean isBuildWatch(Cmd c) {
        if (c.named("sbt sbtn") && !c.anyFlag("-h --help")) {
            for (int i = 1; i < c.argvWords.size(); i++) {
                for (String part : c.argvWords.get(i).text().split(";")) {
                    if (part.strip().startsWith("~")) {
                        return true;
                    }
                }
            }
        }
        return c.nameIs("mill") && c.anyFlag("-w --watch");
    }

    /**
     * True for a sysstat-style sampler given an interval and no count ({@code vmstat 1},
     * {@code iostat -x 2}, {@code sar 1}): it prints a report every interval until stopped;
     * {@code vmstat 1 5} stops after five.
     */
    static boolean isSamplesForever(Cmd c) {
        // vmstat's -n and -w take no value (only -S and -p do); sysstat's -n, -P, -p… do
        List<String> p = c.positionals(c.getName().equals("vmstat") ? "-S --unit -p --partition -c" : "-p -P -I -o -f -s -e -i -j -g -N -C -G -T -n -m -S --dec");
        if (c.anyFlag("--help -V --version") || p.isEmpty() || !Regex.matches(p.get(p.size() - 1), "[0-9]+")) {
            return false;
        }
        long numbers = p.stream().filter(a -> Regex.matches(a, "[0-9]+")).count();
        if (numbers == 1) {
            return true;
        }
        if (numbers >= 2 && Regex.matches(p.get(p.size() - 2), "[0-9]+") && (p.get(p.size() - 1).length() > 9 || p.get(p.size() - 2).length() > 9)) {
            return !p.get(p.size() - 1).equals("1"); // one report comes at once, whatever the interval
        }
        if (numbers >= 2 && Regex.matches(p.get(p.size() - 2), "[0-9]+")) {
            long interval = Long.parseLong(p.get(p.size() - 2));
            long count = Long.parseLong(p.get(p.size() - 1));
            // a count of 0 is read as no count by sysstat's tools (procps vmstat prints once); a count
            // that runs for more than ten minutes is no bound the agent can wait out
            return !c.getName().equals("vmstat") && count == 0 || interval * count > 600;
        }
        return false;
    }

    /**
     * True for a ping that runs until stopped: no count or deadline, a count of 0 (busybox's
     * ping, as in Alpine images, reads it as no count), a deadline of 0 (iputils: none), or a count
     * or deadline that runs for over ten minutes ({@code ping -c 99999999}; count times the {@code -i}
     * interval, one second by default). Windows' ping ({@code -n}, {@code /n}) stops after four
     * unless told {@code -t} or a long count. A computed value is read as a bound.
     */
    static boolean isPingUnbounded(Cmd c, boolean powershell) {
        String windowsCount = "";
        List<String> args = c.getArgs();
        for (int k = 0; k + 1 < args.size(); k++) {
            if (Regex.matches(args.get(k), "(?i)[-/]n") && Regex.matches(args.get(k + 1), "[0-9]+")) {
                windowsCount = args.get(k + 1);
            }
        }
        if (powershell) {
            return c.anyArg("-t /t -T /T") || longerThan(windowsCount, 1, 600);
        }
        String count = c.valueOf("-c --count");
        String deadline = c.valueOf("-w --deadline");
        if (count.isEmpty() && deadline.isEmpty()) {
            if (!windowsCount.isEmpty()) {
                // Windows' ping from Git Bash (`ping -n 4 host`)
                return c.anyArg("-t /t") || longerThan(windowsCount, 1, 600);
            }
            return !c.anyFlag("-c -w --count --deadline -n");
        }
        if (!deadline.isEmpty() && Regex.matches(deadline, "[0-9]+") && !deadline.matches("0+")) {
            return longerThan(deadline, 1, 600);
        }
        if (count.isEmpty()) {
            return deadline.matches("0+");
        }
        double interval = 1;
        String i = c.valueOf("-i --interval");
        if (Regex.matches(i, "[0-9]*\\.?[0-9]+")) {
            interval = Double.parseDouble(i);
        }
        return count.matches("0+") || longerThan(count, interval, 600);
    }

    /** Interactive editors: one set in $EDITOR or $GIT_EDITOR still waits for keystrokes. */
    private static final java.util.Set<String> INTERACTIVE_EDITORS = java.util.Set.of("vim", "vi", "nvim", "nano", "pico", "micro",
            "joe", "jed", "ne", "emacs", "emacsclient", "kak", "hx", "helix", "mcedit", "code", "code-insiders", "subl", "mate",
            "gedit", "kate", "gvim", "mvim", "zed", "cursor", "notepad", "notepad++");

    /**
     * True when the command sets git's editor for its one run ({@code GIT_EDITOR}, {@code GIT_SEQUENCE_EDITOR},
     * {@code EDITOR}, {@code VISUAL}) and every one it sets is a program that needs no keystrokes
     * ({@code GIT_EDITOR=true}, {@code GIT_SEQUENCE_EDITOR="sed -i …"}), not {@code EDITOR=vim}.
     */
    static boolean assignsBatchEditor(Cmd c) {
        boolean any = false;
        for (String v : List.of("GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "EDITOR", "VISUAL")) {
            if (!c.assigns(v)) {
                continue;
            }
            any = true;
            String value = c.assigned(v).replaceAll("^['\"]|['\"]$", "").trim();
            String first = value.isEmpty() ? "" : value.split("\\s+")[0];
            if (INTERACTIVE_EDITORS.contains(first.substring(first.lastIndexOf('/') + 1))) {
                return false;
            }
        }
        return any;
    }

    /** Filters that end only at the end of their input, whatever it holds. */
    private static final java.util.Set<String> READS_TO_END = java.util.Set.of("grep", "egrep", "fgrep", "rg", "ag", "ack",
            "cut", "tr", "tee", "cat", "sort", "uniq", "wc", "nl", "column", "jq", "ccze", "lnav", "awk", "gawk", "mawk", "sed");

    /**
     * True for a filter that reads its input to the end ({@code grep ERROR}, {@code tee x.log},
     * {@code jq .}): a stream that never ends keeps it running. Not for one that can stop first:
     * {@code grep -m 1}, {@code grep -q}, {@code grep -l}, awk with an {@code exit}, sed with a
     * {@code q} anywhere in its words.
     */
    static boolean readsToEnd(Cmd c) {
        String n = c.getName();
        if (!READS_TO_END.contains(n) || c.isDynamicArgs()) {
            return false;
        }
        if (Regex.matches(n, "grep|egrep|fgrep|rg|ag|ack")) {
            return !c.anyFlag("-m --max-count -q --quiet --silent -l --files-with-matches -L --files-without-match")
                    && !c.argMatches("--max-count=.*|-[a-zA-Z]*m[0-9]*");
        }
        if (Regex.matches(n, "awk|gawk|mawk")) {
            return c.getArgs().stream().noneMatch(a -> a.contains("exit"));
        }
        if (n.equals("sed")) {
            return c.getArgs().stream().noneMatch(a -> a.contains("q") || a.contains("Q"));
        }
        return true;
    }

    /** True when the literal whole number {@code n} times {@code unit} seconds is over {@code limit}. */
    private static boolean longerThan(String n, double unit, double limit) {
        return Regex.matches(n, "[0-9]{1,18}") && Long.parseLong(n) * unit > limit;
    }

    /**
     * True for {@code perf record}, {@code perf trace} or {@code perf stat} with no program to run
     * ({@code perf record -a}, {@code perf stat -p PID}): it samples until stopped.
     */
    static boolean isPerfSamplesForever(Cmd c) {
        if (!c.getName().equals("perf") || c.anyFlag("-h --help") || !c.sub("record trace stat")) {
            return false;
        }
        List<String> p = c.positionals("-p --pid -t --tid -e --event -F --freq -o --output -c --count -C --cpu -u --uid -m --mmap-pages"
                + " -G --cgroup -I --interval-print -r --repeat -x --field-separator -j --branch-filter --filter --switch-output"
                + " --call-graph -D --delay -i --input --duration --max-size --aux-sample --affinity --control --clockid -k");
        return p.size() == 1 && !c.getArgs().contains("--") && !c.anyFlagOrAbbreviation("--timeout");
    }

    /**
     * True for {@code kubectl wait} (or {@code oc wait}) with a negative {@code --timeout}
     * ({@code --timeout=-1s}, {@code --timeout -1}): kubectl reads it as a week, so a condition
     * that never comes holds the agent until its own timeout. The default (30s) and a positive
     * bound end.
     */
    static boolean isWaitsForever(Cmd c) {
        if (c.anyFlag("-h --help")) {
            return false;
        }
        if (c.named("kubectl oc") && c.sub("wait")) {
            // 30s by default; a negative value is read as a week
            return timeoutUnbounded(c, false, s -> s < 0);
        }
        // (the Argo Rollouts plugin's `kubectl argo rollouts status NAME` watches too, its --timeout
        // 0s by default: "zero means wait forever")
        if (c.named("kubectl oc") && rolloutStatus(c)) {
            // watches until the rollout is done (--watch=true, --timeout=0s "never"): a stuck
            // StatefulSet or DaemonSet never ends, a Deployment only at its progress deadline
            // (10 minutes by default); --watch=false prints the status once
            // kubectl is cobra/pflag: --watch=false in strconv.ParseBool spellings
            return !FlagValues.GO.endsFalse(c, "-w --watch") && timeoutUnbounded(c, true, s -> s <= 0);
        }
        if (c.nameIs("argocd") && c.subAt(0, "app") && c.subAt(1, "wait")) {
            // --timeout is seconds, 0 (the default) for none
            return timeoutUnbounded(c, true, s -> s <= 0);
        }
        return watchesCiRun(c);
    }

    /**
     * True for a CI client (gh and glab: cobra/pflag, {@link FlagValues#GO}) told to wait for a whole run or pipeline: {@code gh run watch} (its only
     * bound is the run's end; it has no timeout option), {@code gh pr checks --watch},
     * {@code glab ci status --live} ({@code glab pipeline} is the same command). A queued or stuck
     * run holds the agent for as long as the CI service lets it; the bounded forms are the same
     * command under {@code timeout} or the one-shot view ({@code gh run view}, {@code gh pr checks}).
     */
    private static boolean watchesCiRun(Cmd c) {
        if (c.nameIs("gh")) {
            return c.subAt(0, "run") && c.subAt(1, "watch")
                    || c.subAt(0, "pr") && c.subAt(1, "checks") && c.anyFlag("--watch") && !FlagValues.GO.endsFalse(c, "--watch");
        }
        return c.nameIs("glab") && c.subAt(0, "ci pipe pipeline") && c.subAt(1, "status") && c.anyFlag("-l --live")
                && !FlagValues.GO.endsFalse(c, "-l --live");
    }

    /**
     * True when the {@code --timeout} a waiting tool reads leaves it without a bound: the one
     * reading of every wait here. With no value the tool's default decides ({@code
     * defaultUnbounded}). The values ({@code --timeout=V} or {@code --timeout V}) are read as Go
     * durations ({@link Durations#goSeconds}); the flag libraries keep the last one, and a wait
     * with several values and any unbounded one counts as unbounded whichever comes last, so
     * {@code --timeout=30s --timeout=-1s} is caught without relying on the order. A value that
     * cannot be read (a variable, {@code --timeout=$T}) counts as no bound: it may well be 0 (fail closed);
     * so does one longer than {@link Durations#LONGEST_BOUND_SECONDS}, as for {@code timeout N}.
     * The values are {@link Cmd#valuesOfPastOptionEnd}'s: a {@code --timeout=-1s} after {@code --} is an operand
     * (kubectl fails on it as a resource name) unless the {@code --} may be an option's value ({@code --cache-dir --}), and a bare trailing {@code --timeout} gives none, so
     * the default decides (pflag errors out there, so nothing waits; an unbounded default still asks).
     */
    private static boolean timeoutUnbounded(Cmd c, boolean defaultUnbounded, java.util.function.DoublePredicate unbounded) {
        List<String> values = c.valuesOfPastOptionEnd("--timeout");
        for (String v : values) {
            double s = Durations.goSeconds(v);
            if (Double.isNaN(s) || s > Durations.LONGEST_BOUND_SECONDS || unbounded.test(s)) {
                return true;
            }
        }
        return values.isEmpty() && defaultUnbounded;
    }

    /**
     * True when a PowerShell {@code -Timeout} (any unambiguous prefix, {@code -Timeout 60} or
     * {@code -Timeout:60}) bounds a wait: {@code Wait-Job} and {@code Wait-Event} read a negative
     * value ({@code -Timeout:-1}, their default) as waiting for ever, so it is no bound; nor is one
     * longer than {@link Durations#LONGEST_BOUND_SECONDS} ({@code -Timeout 7200}, or
     * {@code $t = 7200; … -Timeout $t}, which the grammar reads through), as for {@code timeout N},
     * nor one the command does not show ({@code -Timeout $env:T}), as bash's {@code --timeout=$T}.
     */
    static boolean psTimeoutBounds(Cmd c) {
        // psNamedValue reads -Timeout: -1 (a colon, then the value as the next word) as -1 too
        String value = PathFacts.unquote(c.psNamedValue("timeout")).trim();
        double seconds = Durations.psNumber(value);
        return !Double.isNaN(seconds) && seconds >= 0 && seconds <= Durations.LONGEST_BOUND_SECONDS;
    }

    /**
     * {@code kubectl rollout status}: the word {@code status} after {@code rollout}, wherever the
     * global options put them ({@code kubectl -n prod rollout status deploy/web}); also the Argo
     * Rollouts plugin's {@code kubectl argo rollouts status NAME}, which watches with a --timeout
     * of 0s by default ("zero means wait forever").
     */
    private static boolean rolloutStatus(Cmd c) {
        List<String> args = c.getArgs();
        int rollout = args.indexOf("rollout");
        int rollouts = args.indexOf("rollouts");
        return rollout >= 0 && args.subList(rollout + 1, args.size()).contains("status")
                || rollouts > 0 && args.subList(0, rollouts).contains("argo") && args.subList(rollouts + 1, args.size()).contains("status");
    }

    /**
     * True when the command opens a tunnel or port forward that lasts until stopped:
     * {@code kubectl port-forward}, {@code kubectl proxy}, {@code minikube tunnel}, {@code ssh -N}
     * without {@code -f}, {@code autossh}, {@code ngrok http}, {@code cloudflared tunnel --url}.
     */
    static boolean isTunnel(Cmd c) {
        List<String> p = c.positionals("-n --namespace --context --kubeconfig -p --port --address");
        String first = p.isEmpty() ? "" : p.get(0);
        return switch (c.getName()) {
            case "kubectl", "oc" -> Regex.matches(first, "port-forward|proxy");
            case "minikube" -> Regex.matches(first, "tunnel|dashboard|mount");
            case "ssh", "autossh" -> c.anyFlag("-N") && !c.anyFlag("-f -O -G -V");
            case "ngrok" -> Regex.matches(first, "http|tcp|tls|start|tunnel");
            case "cloudflared" -> first.equals("tunnel") && (c.anyFlag("--url") || p.contains("run"));
            // Microsoft's dev tunnel hosts the port until stopped (`devtunnel host -p 8080`)
            case "devtunnel" -> first.equals("host") && !c.anyFlag("-h --help");
            // Stripe's webhook forwarder and localtunnel stay in the foreground until stopped
            case "stripe" -> first.equals("listen") && !c.anyFlag("-h --help");
            case "lt", "localtunnel" -> c.anyFlag("-p --port") && !c.anyFlag("-h --help --version");
            // tailscale serve and funnel with a target stay in the foreground unless --bg (since 1.52)
            case "tailscale" -> c.tailscaleServesPort() && !c.anyFlag("--bg") && !c.argMatches("--bg=(true|1)");
            // an IAP tunnel listens on a local port until stopped; with --listen-on-stdin it carries
            // its standard input instead (an ssh ProxyCommand) and ends with it
            case "gcloud" -> c.getArgs().contains("start-iap-tunnel") && !c.anyFlag("--listen-on-stdin")
                    || c.getArgs().contains("ssh") && c.anyFlag("-N");
            case "aws" -> c.getArgs().contains("start-session") && c.argFind("PortForwarding");
            default -> false;
        };
    }
}
