package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.Names;
import dev.shellwarden.grammar.json.Json;
import dev.shellwarden.grammar.json.JsonSyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a tool runs from files whose text the same command line wrote: a Makefile's recipes for
 * {@code make}, a justfile's for {@code just}, a Taskfile's {@code cmds} for {@code task},
 * {@code tox.ini}'s {@code commands}, {@code .pre-commit-config.yaml}'s {@code entry}, the
 * {@code scripts} of {@code package.json}/{@code composer.json} and {@code deno.json}'s
 * {@code tasks}, the code of {@code setup.py}, of every python module for a python tool ({@code conftest.py},
 * test files, a package's {@code __init__.py}, a plugin), {@code noxfile.py}, lint-staged's command lines,
 * a Rakefile, a Vagrantfile, Gradle build and init scripts, {@code pom.xml}'s exec plugin,
 * {@code build.rs} and {@code .cargo/config.toml}'s runners, the git settings of a written
 * {@code .git/config}, the code a package manager's own config makes it load ({@link #packageManagerLoads}),
 * and a script run by its interpreter or its path ({@code python3 x.py}, {@code node x.js},
 * {@code ./x.py} with its {@code #!} line).
 *
 * <p>WHY: {@code printf 'all:\n\trm -rf ~\n' > Makefile && make} runs {@code rm -rf ~} as surely as
 * typing it; the write-then-run rules (SW4005, SW4023) only ask, since the file's text is judged as
 * data (unless the whole text is known and judged as the run's: {@code SplitResult.wholeWrites}). The splitter hands each command line found here to the rules as a payload segment of the
 * tool's segment (as it does for {@code sh x.sh} after writing {@code x.sh}), and code of an
 * interpreter as that interpreter's inline code ({@code python3 -c TEXT}), so the floor and the
 * interpreter rules read it now.
 *
 * <p>INVARIANT: only adds segments, from text known exactly (literal echo/printf/heredoc writes);
 * a text that cannot be read gives nothing and the write-then-run rules still ask.
 */
public final class WrittenFiles {

    private WrittenFiles() {
    }

    /** The interpreter's inline-code form for a script's language, or null. */
    static String inlineForm(String language, String text) {
        return switch (language) {
            case "python" -> "python3 -c " + Word.singleQuoted(text);
            case "node" -> "node -e " + Word.singleQuoted(text);
            case "ruby" -> "ruby -e " + Word.singleQuoted(text);
            case "perl" -> "perl -e " + Word.singleQuoted(text);
            case "php" -> "php -r " + Word.singleQuoted(text.replaceFirst("^\\s*<\\?(php)?", "").replaceFirst("\\?>\\s*$", ""));
            case "lua" -> "lua -e " + Word.singleQuoted(text);
            default -> null;
        };
    }

    /** The language of a script by its {@code #!} line, then by its name's extension; "sh" for a shell, null when unknown. */
    static String language(String path, String text) {
        String first = text.lines().findFirst().orElse("");
        if (first.startsWith("#!")) {
            String[] words = first.substring(2).trim().split("\\s+");
            String prog = words.length == 0 ? "" : words[0].substring(words[0].lastIndexOf('/') + 1);
            if (prog.equals("env")) {
                prog = "";
                for (int i = 1; i < words.length; i++) {
                    if (!words[i].startsWith("-") && !words[i].contains("=")) {
                        prog = words[i].substring(words[i].lastIndexOf('/') + 1);
                        break;
                    }
                }
            }
            String l = byProgram(prog);
            if (l != null) {
                return l;
            }
            return Wrappers.SHELLS.contains(prog) ? "sh" : null;
        }
        String base = path.substring(path.lastIndexOf('/') + 1);
        if (base.matches(".*\\.(py|pyw)")) {
            return "python";
        }
        if (base.matches(".*\\.(js|mjs|cjs|ts|mts|cts)")) {
            return "node";
        }
        if (base.matches(".*\\.rb") || base.equals("Rakefile") || base.equals("Vagrantfile") || base.equals("Gemfile")) {
            return "ruby";
        }
        if (base.matches(".*\\.(pl|pm)")) {
            return "perl";
        }
        if (base.endsWith(".php")) {
            return "php";
        }
        if (base.endsWith(".lua")) {
            return "lua";
        }
        if (base.matches(".*\\.(go|rs|gradle|kts|groovy|java)")) {
            return "code";
        }
        // no #! line: the kernel refuses it and the shell runs it as a shell script
        return "sh";
    }

    /** The language an interpreter's name runs, or null. */
    static String byProgram(String prog) {
        if (Names.versioned(prog, "python") || Names.versioned(prog, "pypy") || prog.equals("uv")) {
            return "python";
        }
        if (Wrappers.NODE_LIKE.contains(prog) || prog.equals("deno") || prog.equals("bun")) {
            return "node";
        }
        if (Names.versioned(prog, "ruby")) {
            return "ruby";
        }
        if (Names.versioned(prog, "perl")) {
            return "perl";
        }
        if (Names.versioned(prog, "php")) {
            return "php";
        }
        if (Names.versioned(prog, "lua") || prog.equals("luajit")) {
            return "lua";
        }
        return null;
    }

    /**
     * The command lines running a script of {@code language} with text {@code text} hands to the
     * rules: the shell text itself, the interpreter's inline-code form, or for compiled and
     * build languages the command lines their process calls name.
     */
    static List<String> scriptRuns(String language, String text) {
        if (language == null) {
            return List.of();
        }
        if (language.equals("sh")) {
            return List.of(text);
        }
        String inline = inlineForm(language, text);
        if (inline != null) {
            return List.of(inline);
        }
        return codeCommands(text);
    }

    /** {@code "…"} or {@code '…'} with escapes, as InlineCode reads strings. */
    private static final String STR = "(\"(?:[^\"\\\\]|\\\\.){0,2000}\"|'(?:[^'\\\\]|\\\\.){0,2000}')";
    /**
     * Go's {@code exec.Command("sh", "-c", "…")}, Rust's {@code Command::new("sh")}, Gradle's {@code commandLine "sh", "-c", "…"},
     * Elixir's {@code System.cmd("sh", ["-c", "…"])} (mix.exs).
     */
    private static final Pattern ARGV_CALL = Pattern.compile("(?:\\bexec\\.Command(?:Context\\s*\\([^,]{1,200},)?|\\bCommand::new|\\bcommandLine|\\bProcessBuilder|\\bSystem\\.cmd)\\s*\\(?\\s*(?:\\[\\s*|listOf\\s*\\(\\s*|List\\.of\\s*\\(\\s*)?" + STR);
    private static final Pattern NEXT = Pattern.compile("\\s*,\\s*(?:\\[\\s*)?" + STR);
    private static final Pattern STRING = Pattern.compile(STR);
    /** Rust's builder: {@code .arg("x")}, {@code .args(["a", "b"])}, {@code .args(&["a"])}. */
    private static final Pattern RUST_ARG = Pattern.compile("\\s*\\)?\\s*\\.\\s*arg\\s*\\(\\s*" + STR + "\\s*\\)|\\s*\\)?\\s*\\.\\s*args\\s*\\(\\s*&?\\s*(?:vec!\\s*)?\\[\\s*" + STR);
    /** Groovy's {@code "…".execute()}, Scala's {@code "…".!} and {@code "…".!!} (build.sbt), Rake's and Fastlane's {@code sh "…"}/{@code sh("…")}. */
    private static final Pattern EXECUTE = Pattern.compile(STR + "\\s*\\.\\s*(?:execute\\s*\\(|!!?(?![=!]))|(?:^|[\\s;{(])sh\\s*\\(?\\s*" + STR);

    /** The literal command lines in code of any language: InlineCode's calls plus argument-list process calls. */
    static List<String> codeCommands(String text) {
        List<String> out = new ArrayList<>(InlineCode.commands(text));
        Matcher m = ARGV_CALL.matcher(text);
        while (m.find()) {
            List<String> argv = new ArrayList<>();
            argv.add(InlineCode.unquote(m.group(1)));
            int at = m.end();
            while (true) {
                Matcher n = NEXT.matcher(text).region(at, text.length());
                Matcher r = RUST_ARG.matcher(text).region(at, text.length());
                if (n.lookingAt()) {
                    argv.add(InlineCode.unquote(n.group(1)));
                    at = n.end();
                } else if (r.lookingAt()) {
                    argv.add(InlineCode.unquote(r.group(1) != null ? r.group(1) : r.group(2)));
                    at = r.end();
                } else {
                    break;
                }
            }
            out.add(String.join(" ", argv.stream().map(Word::singleQuoted).toList()));
        }
        Matcher e = EXECUTE.matcher(text);
        while (e.find()) {
            out.add(InlineCode.unquote(e.group(1) != null ? e.group(1) : e.group(2)));
        }
        return out;
    }

    // ---- build and task files

    /** A Makefile's recipe lines (tab-led, or after {@code ;} on a rule line) and {@code $(shell …)} calls. */
    static List<String> makeCommands(String text) {
        List<String> out = new ArrayList<>();
        String joined = text.replace("\\\n", " ");
        for (String line : joined.split("\n")) {
            if (line.startsWith("\t")) {
                out.add(recipe(line.substring(1)));
            } else if (!line.trim().startsWith("#")) {
                Matcher m = RULE_RECIPE.matcher(line);
                if (m.matches()) {
                    out.add(recipe(m.group(1)));
                }
            }
        }
        Matcher s = MAKE_SHELL.matcher(joined);
        while (s.find()) {
            int depth = 1;
            int i = s.end();
            while (i < joined.length() && depth > 0) {
                char c = joined.charAt(i);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                i++;
            }
            out.add(joined.substring(s.end(), depth == 0 ? i - 1 : i));
        }
        return out;
    }

    private static final Pattern RULE_RECIPE = Pattern.compile("[^=:#\\t][^=#]*?:(?![=:])[^=;]*;(.*)");
    private static final Pattern MAKE_SHELL = Pattern.compile("\\$[({]shell\\s+");

    /** A recipe line without make's prefixes ({@code @}, {@code -}, {@code +}) and with {@code $$} as {@code $}. */
    private static String recipe(String line) {
        return line.replaceFirst("^\\s*[@+-]*", "").replace("$$", "$");
    }

    /** A justfile's recipe lines: the indented lines under a recipe header. */
    static List<String> justCommands(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.replace("\\\n", " ").split("\n")) {
            if (!line.isBlank() && Character.isWhitespace(line.charAt(0)) && !line.trim().startsWith("#")) {
                out.add(recipe(line.trim()));
            }
        }
        return out;
    }

    private static final Pattern YAML_ITEM = Pattern.compile("(\\s*)-\\s+(?:cmd:\\s*)?(.*)");
    private static final Pattern YAML_KEY = Pattern.compile("(\\s*)(?:-\\s+)?([\\w-]+):\\s*(.*)");

    /**
     * The values of YAML keys {@code keys} (scalars, and the items of a list under the key), as
     * command lines; flow and block scalars ({@code |}, {@code >}) are read line by line.
     */
    static List<String> yamlValues(String text, Set<String> keys) {
        List<String> out = new ArrayList<>();
        int listIndent = -1;
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.trim().startsWith("#")) {
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            if (listIndent >= 0 && indent > listIndent) {
                Matcher item = YAML_ITEM.matcher(line);
                Matcher key = YAML_KEY.matcher(line);
                if (key.matches() && !line.trim().startsWith("- ")) {
                    if (keys.contains(key.group(2)) || key.group(2).equals("cmd")) {
                        addScalar(out, key.group(3));
                    }
                } else if (item.matches()) {
                    addScalar(out, item.group(2));
                } else {
                    addScalar(out, line.trim());
                }
                continue;
            }
            listIndent = -1;
            Matcher key = YAML_KEY.matcher(line);
            if (key.matches() && keys.contains(key.group(2))) {
                String v = key.group(3).trim();
                if (v.isEmpty() || v.equals("|") || v.equals(">") || v.matches("[|>][-+]?")) {
                    listIndent = indent + (line.trim().startsWith("- ") ? 2 : 0);
                } else {
                    addScalar(out, v);
                }
            }
        }
        return out;
    }

    private static void addScalar(List<String> out, String raw) {
        String v = raw.trim();
        if (v.isEmpty()) {
            return;
        }
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) {
            v = v.substring(1, v.length() - 1).replace("''", "'");
        } else if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
            v = v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        } else if (v.startsWith("[")) {
            // a flow list: ["sh", "-c", "…"]
            List<String> words = new ArrayList<>();
            Matcher m = STRING.matcher(v);
            while (m.find()) {
                words.add(Word.singleQuoted(InlineCode.unquote(m.group(1))));
            }
            if (!words.isEmpty()) {
                out.add(String.join(" ", words));
            }
            return;
        }
        out.add(v);
    }

    /** An INI file's values of keys {@code keys}, with their indented continuation lines (tox). */
    static List<String> iniValues(String text, Set<String> keys) {
        List<String> out = new ArrayList<>();
        boolean inValue = false;
        for (String line : text.split("\n")) {
            if (inValue && !line.isBlank() && Character.isWhitespace(line.charAt(0))) {
                out.add(line.trim().replaceFirst("^-\\s*", ""));
                continue;
            }
            inValue = false;
            int eq = line.indexOf('=');
            if (eq > 0 && keys.contains(line.substring(0, eq).trim())) {
                inValue = true;
                String v = line.substring(eq + 1).trim();
                if (!v.isEmpty()) {
                    out.add(v.replaceFirst("^-\\s*", ""));
                }
            }
        }
        return out;
    }

    /**
     * The string values under {@code keys} (a path of nested objects: {@code "scripts"},
     * {@code "husky", "hooks"}) of a JSON object (strings, lists of strings, {@code {"command": …}}).
     */
    static List<String> jsonScripts(String text, String... keys) {
        // EDITOR: a repeated key keeps its last value, as JSON.parse (npm) and deno's reader do;
        // comments only in deno.jsonc, harmless to accept elsewhere since this only adds segments
        Object root;
        try {
            root = Json.parse(Json.Dialect.EDITOR, text);
        } catch (JsonSyntaxException e) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Object at = root;
        for (String key : keys) {
            at = at instanceof Map<?, ?> m ? m.get(key) : null;
        }
        if (at instanceof Map<?, ?> scripts) {
            for (Object v : scripts.values()) {
                jsonCommand(v, out);
            }
        }
        return out;
    }

    private static void jsonCommand(Object v, List<String> out) {
        if (v instanceof String s) {
            // composer's "@php …" and "@putenv" are its own; "@other" names another script
            out.add(s.startsWith("@php ") ? "php " + s.substring(5) : s);
        } else if (v instanceof List<?> l) {
            l.forEach(x -> jsonCommand(x, out));
        } else if (v instanceof Map<?, ?> m && m.get("command") instanceof String s) {
            out.add(s);
        }
    }

    /** A pom's exec plugin: {@code <executable>} with its {@code <argument>}s, and {@code <commandlineArgs>}. */
    static List<String> pomCommands(String text) {
        List<String> out = new ArrayList<>();
        Matcher exe = Regex.pattern("<executable>([^<]*)</executable>").matcher(text);
        while (exe.find()) {
            List<String> argv = new ArrayList<>(List.of(Word.singleQuoted(xml(exe.group(1)))));
            int end = text.indexOf("</configuration>", exe.end());
            int start = text.lastIndexOf("<configuration>", exe.start());
            String conf = text.substring(Math.max(0, start), end < 0 ? text.length() : end);
            Matcher arg = Regex.pattern("<argument>([^<]*)</argument>").matcher(conf);
            while (arg.find()) {
                argv.add(Word.singleQuoted(xml(arg.group(1))));
            }
            Matcher line = Regex.pattern("<commandlineArgs>([^<]*)</commandlineArgs>").matcher(conf);
            while (line.find()) {
                argv.add(xml(line.group(1)));
            }
            out.add(String.join(" ", argv));
        }
        return out;
    }

    private static String xml(String s) {
        return s.trim().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&");
    }

    /**
     * {@code .cargo/config.toml}'s {@code runner}, {@code rustc-wrapper}, {@code rustc-workspace-wrapper}
     * and {@code linker} values, and a {@code -C linker=PROG} in {@code rustflags}: programs cargo
     * starts on a build.
     */
    static List<String> cargoConfigCommands(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = Regex.pattern("(?m)^\\s*(?:runner|rustc-wrapper|rustc-workspace-wrapper|rustc|linker)\\s*=\\s*(.+)$").matcher(text);
        while (m.find()) {
            addScalar(out, m.group(1));
        }
        Matcher f = Regex.pattern("(?m)^\\s*rustflags\\s*=\\s*(.+)$").matcher(text);
        while (f.find()) {
            Matcher l = Regex.pattern("linker=([^\"'\\s,\\]]+)").matcher(f.group(1));
            while (l.find()) {
                out.add(Word.singleQuoted(l.group(1)));
            }
        }
        return out;
    }

    /**
     * The command lines of a git configuration file's text ({@code [alias] x = !…},
     * {@code [core] fsmonitor = …}, {@code [diff "x"] textconv = …}), read through
     * {@link CommandSettings#gitCommand}.
     */
    static List<String> gitConfigCommands(String text) {
        List<String> out = new ArrayList<>();
        String section = "";
        for (String line : text.replace("\\\n", " ").split("\n")) {
            Matcher h = GIT_SECTION.matcher(line);
            String rest = line;
            if (h.matches()) {
                section = h.group(1) + (h.group(2) != null ? "." + h.group(2) : "");
                rest = h.group(3);
            }
            int eq = rest.indexOf('=');
            if (eq > 0 && !section.isEmpty()) {
                String key = section + "." + rest.substring(0, eq).trim();
                String value = rest.substring(eq + 1).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                String command = CommandSettings.gitCommand(key, value);
                if (command != null) {
                    out.add(command);
                }
            }
        }
        return out;
    }

    /** A git configuration section header, {@code [core]} or {@code [diff "x"]}, and what follows it on the line. */
    private static final Pattern GIT_SECTION = Pattern.compile("\\s*\\[\\s*([\\w.-]+)(?:\\s+\"([^\"]*)\")?\\s*\\]\\s*(.*)");

    private static final Pattern HOOK_MANAGER_CONFIG = Pattern.compile("(.*/)?(\\.?lefthook(-local)?\\.ya?ml|\\.pre-commit-config\\.ya?ml|package\\.json)");

    /** Whether {@code path} is a hook manager's config (lefthook, pre-commit, simple-git-hooks in package.json). */
    static boolean isHookManagerConfig(String path) {
        return HOOK_MANAGER_CONFIG.matcher(path).matches();
    }

    /**
     * The command lines a hook manager's config makes git's hooks run: lefthook's {@code run:},
     * pre-commit's {@code entry:} (with {@code repo: local} the whole command; otherwise the
     * hook's own program, a word), the {@code simple-git-hooks} and husky v4's
     * {@code "husky": {"hooks": …}} of {@code package.json}.
     * Like a {@code .husky/} hook they run on a later commit, so they are judged when written.
     */
    static List<String> hookManagerCommands(String path, String text) {
        String base = path.substring(path.lastIndexOf('/') + 1);
        if (base.equals("package.json")) {
            List<String> out = new ArrayList<>(jsonScripts(text, "simple-git-hooks"));
            out.addAll(jsonScripts(text, "husky", "hooks"));
            return out;
        }
        return yamlValues(text, Set.of(base.contains("lefthook") ? "run" : "entry"));
    }

    private static final Pattern CI_CONFIG = Pattern.compile("(?i)(.*/)?(\\.github/workflows/[^/]+\\.ya?ml|\\.gitlab-ci\\.ya?ml"
            + "|\\.circleci/config\\.ya?ml|Jenkinsfile|azure-pipelines\\.ya?ml|bitbucket-pipelines\\.ya?ml)");
    /** A CI expression that expands to a repository secret, or to all of them. */
    private static final Pattern CI_SECRET = Pattern.compile("\\$\\{\\{\\s*(?:toJSON\\s*\\(\\s*secrets\\s*\\)|secrets\\s*(?:\\.\\s*[\\w-]+|\\[[^\\]]*\\]))\\s*\\}\\}");
    private static final Pattern CI_SENDER = Pattern.compile("\\b(curl|wget|nc|ncat|socat|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\\b");
    private static final Pattern CI_STEP_PREFIX = Pattern.compile("^\\s*(?:-\\s+)?(?:(?:run|script|command|sh|bash)\\s*:?\\s+)?");
    /**
     * A variable given secrets in a CI file: a step or job variable set to a secret expression
     * ({@code TOKEN: ${{ secrets.X }}}, {@code ALL: ${{ toJSON(secrets) }}}), a Jenkins binding
     * ({@code withCredentials([string(credentialsId: 'x', variable: 'T')])}, {@code usernameVariable},
     * {@code passwordVariable}, {@code keyFileVariable}), or a Jenkins {@code T = credentials('x')}
     * (which also sets {@code T_USR} and {@code T_PSW}): group 1, 2 or 3 its name.
     */
    private static final Pattern CI_SECRET_VAR = Pattern.compile("^\\s*(?:-\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*:\\s*[\"']?" + CI_SECRET.pattern()
            + "|\\b[a-zA-Z]*[vV]ariable\\s*:\\s*[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']"
            + "|\\b([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*credentials\\s*\\(");
    /**
     * Secrets a CI runner sets by itself: GitLab's job token, registry, deploy and dependency proxy
     * passwords and job JWTs; with the masked variables a project defines, named as secrets are
     * ({@link SecretNames}).
     */
    private static final Pattern CI_SECRET_NAME = Pattern.compile("CI_JOB_TOKEN|CI_REGISTRY_PASSWORD|CI_DEPLOY_PASSWORD"
            + "|CI_DEPENDENCY_PROXY_PASSWORD|CI_JOB_JWT\\w*|" + SecretNames.VARIABLE);
    /** A variable's expansion on a step line ({@code $T}, {@code ${T}}, {@code ${{ env.T }}}, Groovy's {@code ${env.T}}): group 1 or 2 its name. */
    private static final Pattern CI_VAR_USE = Pattern.compile("\\$\\{\\{\\s*env\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\}\\}|\\$\\{?(?:env\\.)?([A-Za-z_][A-Za-z0-9_]*)\\}?");
    /**
     * The CI service's own endpoints ({@code $CI_API_V4_URL}, {@code $CI_REGISTRY}, GitHub's
     * {@code $GITHUB_API_URL}, github.com, gitlab.com): a token sent there is its use.
     */
    private static final Pattern CI_OWN_URL = Pattern.compile("\\$\\{?(?:CI_API_V4_URL|CI_API_GRAPHQL_URL|CI_SERVER_URL|CI_PROJECT_URL|CI_REGISTRY"
            + "|CI_SERVER_HOST|GITHUB_API_URL|GITHUB_SERVER_URL)\\b|(?i:https?://(?:[\\w-]+\\.)*(?:github\\.com|githubusercontent\\.com|gitlab\\.com|ghcr\\.io)(?:[:/]|$))");
    /** Any literal URL on a step line. */
    private static final Pattern CI_ANY_URL = Pattern.compile("(?i)\\b(?:https?|wss?|ftp)://[^\\s\"']+");
    /** The runner's whole environment read on a step line ({@code env | curl -d @- …}, {@code "$(printenv)"}). */
    private static final Pattern CI_ENV_DUMP = Pattern.compile("(?:^|[|;&(`\\s])(?:env|printenv)\\s*(?:$|[|;&)`>])");

    /**
     * The step lines of a CI file written earlier ({@code .github/workflows/*.yml},
     * {@code .gitlab-ci.yml}, {@code Jenkinsfile}…) that hand the repository's secrets to a
     * network sender: a {@code ${{ secrets… }}} expression on the sender's line; a variable given
     * secrets ({@link #CI_SECRET_VAR}: {@code env: T: ${{ secrets.X }}}, Jenkins'
     * {@code withCredentials} and {@code credentials('…')}) or one the runner or the project keeps
     * secret ({@link #CI_SECRET_NAME}: {@code $CI_JOB_TOKEN}, a masked {@code $DEPLOY_TOKEN}) sent
     * there, unless every URL on the line is the CI service's own ({@code "$CI_API_V4_URL/…"});
     * or the runner's whole environment read there. Each expression or such variable is read as
     * the runner's environment ({@code $(env)}), so a body or URL send is denied and an
     * {@code Authorization:} header asks, as for the expression itself. A Jenkins
     * {@code sh '…'} step is read without its quotes. Pushed, the CI runner runs them with the
     * secrets; a secret passed to a step that sends nothing ({@code run: ./deploy.sh}) gives nothing.
     */
    static List<String> ciSecretSends(String path, String text) {
        List<String> out = new ArrayList<>();
        if (!CI_CONFIG.matcher(path).matches()) {
            return out;
        }
        Set<String> secretVars = new LinkedHashSet<>();
        for (String line : text.split("\n")) {
            Matcher v = CI_SECRET_VAR.matcher(line);
            while (v.find()) {
                String name = v.group(1) != null ? v.group(1) : v.group(2) != null ? v.group(2) : v.group(3);
                secretVars.add(name);
                if (v.group(3) != null) {
                    secretVars.add(name + "_USR");
                    secretVars.add(name + "_PSW");
                }
            }
        }
        for (String line : text.split("\n")) {
            if (!CI_SENDER.matcher(line).find()) {
                continue;
            }
            String step = CI_SECRET.matcher(ciStep(line)).replaceAll(Matcher.quoteReplacement("$(env)"));
            boolean ownService = CI_OWN_URL.matcher(step).find()
                    && CI_ANY_URL.matcher(step).results().allMatch(u -> CI_OWN_URL.matcher(u.group()).lookingAt());
            if (!ownService) {
                Matcher m = CI_VAR_USE.matcher(step);
                StringBuilder sb = new StringBuilder();
                while (m.find()) {
                    String name = m.group(1) != null ? m.group(1) : m.group(2);
                    boolean secret = secretVars.contains(name) || CI_SECRET_NAME.matcher(name).matches();
                    m.appendReplacement(sb, Matcher.quoteReplacement(secret ? "$(env)" : m.group()));
                }
                m.appendTail(sb);
                step = sb.toString();
            }
            if (step.contains("$(env)") || CI_ENV_DUMP.matcher(step).find()) {
                out.add(step);
            }
        }
        return out;
    }

    /** A Jenkins shell step's quoted script ({@code sh 'curl …'}, {@code sh "curl …"}). */
    private static final Pattern CI_QUOTED_STEP = Pattern.compile("\\s*(?:sh|bat|powershell|pwsh)\\s*\\(?\\s*(\"\"\"|'{3}|[\"'])(.*?)\\1\\s*\\)?\\s*");

    /** The command of one step line: its list marker and step key dropped, a Jenkins step's quotes removed. */
    private static String ciStep(String line) {
        Matcher q = CI_QUOTED_STEP.matcher(line);
        if (q.matches()) {
            return q.group(2);
        }
        return CI_STEP_PREFIX.matcher(line).replaceFirst("");
    }

    /** Whether {@code path} is a git configuration file git reads on every run. */
    static boolean isGitConfig(String path) {
        return GIT_CONFIG.matcher(path).matches();
    }

    private static final Pattern GIT_CONFIG = Pattern.compile("(.*/)?(\\.git/config|\\.gitconfig|\\.config/git/config)");

    /** The double-quoted strings of a sed or jq program ({@code "test": "CMD"} gives both words). */
    static List<String> quotedStrings(String program) {
        List<String> out = new ArrayList<>();
        Matcher m = Regex.pattern("\"((?:[^\"\\\\]|\\\\.){1,2000})\"").matcher(program);
        while (m.find()) {
            out.add(m.group(1).replaceAll("\\\\(.)", "$1"));
        }
        return out;
    }

    /** The package and build files whose scripts running {@code name} reads (for edits whose whole text is not known). */
    static List<String> manifestsRead(String name, List<String> args) {
        return switch (Names.canonicalCommand(name)) {
            case "npm", "pnpm", "yarn", "bun", "npx" -> List.of("package.json");
            case "composer" -> List.of("composer.json");
            case "deno" -> List.of("deno.json", "deno.jsonc");
            case "make", "gmake" -> List.of("Makefile", "makefile", "GNUmakefile");
            case "just" -> List.of("justfile", "Justfile", ".justfile");
            case "task" -> List.of("Taskfile.yml", "Taskfile.yaml");
            case "tox" -> List.of("tox.ini");
            case "pre-commit" -> List.of(".pre-commit-config.yaml");
            default -> List.of();
        };
    }

    // ---- which tool runs which file

    /** The written files a name pattern picks, by key. */
    private static List<Map.Entry<String, String>> files(Map<String, String> written, Pattern base) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (Map.Entry<String, String> e : written.entrySet()) {
            if (base.matcher(e.getKey().substring(e.getKey().lastIndexOf('/') + 1)).matches()) {
                out.add(e);
            }
        }
        return out;
    }

    private static String value(List<String> args, String... options) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            for (String o : options) {
                if (a.equals(o) && i + 1 < args.size()) {
                    return args.get(i + 1);
                }
                if (o.startsWith("--") && a.startsWith(o + "=")) {
                    return a.substring(o.length() + 1);
                }
                if (!o.startsWith("--") && a.startsWith(o) && a.length() > o.length()) {
                    return a.substring(o.length());
                }
            }
        }
        return null;
    }

    private static String text(Map<String, String> written, String path) {
        return path == null ? null : written.get(key(path));
    }

    /**
     * A written file's key, shared by the bash and PowerShell readers: the path as written with every
     * leading {@code ./} dropped ({@code /} separators; PowerShell turns its {@code \} into {@code /} first).
     */
    public static String key(String path) {
        String p = path;
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }

    /** A pattern that matches a whole line, so that the replacement is the line: {@code ^test:.*}, {@code ^.*$}. */
    private static final Pattern WHOLE_LINE = Pattern.compile("\\^.*\\.\\*\\$?|\\.\\*\\$?");

    /** The flags read here, sed's and perl's ({@code s}, {@code x}, {@code m}): the parse reads the command without them. */
    private static final Pattern S_FLAGS = Pattern.compile("[gimsxeIM0-9]*\\z");

    /**
     * The one {@code s} command a sed or perl program is, read by {@link SedScript#onlySubstitution}
     * (its flags cut off first, as perl's are not sed's): blanks around it and one {@code ;} after it
     * allowed, a delimiter that is no word character, blank or backslash; else null.
     */
    private static SedScript.Substitution onlySubstitution(String program) {
        String s = program.replaceFirst("^\\s+", "").replaceFirst("\\s+$", "");
        // with a ; delimiter a closing ; is the delimiter: try the program as it is first
        for (String candidate : s.endsWith(";") ? List.of(s, s.substring(0, s.length() - 1).replaceFirst("\\s+$", "")) : List.of(s)) {
            String body = S_FLAGS.matcher(candidate).replaceFirst("");
            SedScript.Substitution sub = body.startsWith("s") ? SedScript.onlySubstitution(body) : null;
            // the flags were cut off above: flags the parse still finds are sed's own p or w, never read here
            if (sub != null && sub.flags().isEmpty() && sub.written().equals(body) && String.valueOf(sub.delimiter()).matches("[^\\w\\s\\\\]")) {
                return sub;
            }
        }
        return null;
    }

    /**
     * The lines a literal {@code sed -i 's|^test:.*|test: ; CMD|' Makefile} (or {@code perl -pi -e})
     * puts into the file: the replacement of one {@code s} command whose pattern matches whole lines and whose
     * replacement refers to nothing matched ({@code &}, {@code \1}; for perl also no {@code $}/{@code @}),
     * ending in a newline; null when the edit's effect is not known from its text alone.
     */
    static String sedReplacements(String program, boolean perl) {
        SedScript.Substitution sub = onlySubstitution(program);
        if (sub == null || !WHOLE_LINE.matcher(sub.pattern()).matches()) {
            return null;
        }
        String repl = sub.replacement();
        if (repl.matches("(?s).*(?<!\\\\)(\\\\\\\\)*(&|\\\\[0-9]).*") || perl && repl.matches("(?s).*[$@].*")) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < repl.length(); i++) {
            char c = repl.charAt(i);
            if (c == '\\' && i + 1 < repl.length()) {
                char n = repl.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                b.append(c);
            }
        }
        return b.append('\n').toString();
    }

    /** lint-staged's JSON configs: its own file, or the {@code "lint-staged"} key of package.json. */
    private static final Pattern LINT_STAGED_CONFIG = Pattern.compile("(.*/)?(\\.lintstagedrc(\\.json)?|package\\.json)");

    /** A compose file by its default names. */
    private static final Pattern COMPOSE_FILE = Pattern.compile("(.*/)?(docker-)?compose(\\.[\\w-]+)?\\.ya?ml");

    /** The compose verbs that create or start the services' containers. */
    private static final Set<String> COMPOSE_VERBS = Set.of("up", "run", "create", "start", "restart", "watch");

    /**
     * {@code docker compose up} over a compose file the same text wrote: the host access its
     * services ask for, as one {@code docker run} that the container rules judge (every
     * {@code volumes:} source, a long-syntax {@code source:}, {@code privileged}, host
     * {@code pid}/{@code network_mode}). A coarse reading of all services at once: it only adds.
     */
    static String composeRun(String text) {
        StringBuilder line = new StringBuilder("docker run --rm");
        for (String v : yamlValues(text, Set.of("volumes", "source"))) {
            for (String one : v.split(" ")) {
                String mount = one.startsWith("'") ? InlineCode.unquote(one) : one;
                if (!mount.isBlank()) {
                    line.append(" -v ").append(Word.singleQuoted(mount.contains(":") ? mount : mount + ":/mnt"));
                }
            }
        }
        if (yamlValues(text, Set.of("privileged")).contains("true")) {
            line.append(" --privileged");
        }
        if (yamlValues(text, Set.of("pid")).contains("host")) {
            line.append(" --pid=host");
        }
        if (yamlValues(text, Set.of("network_mode")).contains("host")) {
            line.append(" --network=host");
        }
        return line.append(" compose-service true").toString();
    }

    /** Programs that start a Python interpreter. */
    private static final Pattern PYTHON_TOOLS = Pattern.compile("python[0-9.]*|pypy[0-9.]*|pytest|py\\.test|pip[0-9.]*|nox|tox|uv|uvx|poetry|pdm|hatch");

    /** A python module by its file name: what an interpreter imports from the path. */
    private static final Pattern PY_MODULE = Pattern.compile("[\\w.-]+\\.py");

    /**
     * The command lines that running {@code name} with {@code args} executes from the files
     * {@code written} (path as written → text), with {@code env} the command's assignments.
     */
    static List<String> commandsRun(String name, List<String> args, Map<String, String> env, Map<String, String> written) {
        Set<String> out = new LinkedHashSet<>();
        if (written.isEmpty()) {
            return List.of();
        }
        String sub = args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse("");
        // `PYTHONPATH=. python3 app.py`: site runs sitecustomize.py from the module path first
        String pythonPath = env.get("PYTHONPATH");
        if (pythonPath != null && PYTHON_TOOLS.matcher(Names.canonicalCommand(name)).matches()) {
            for (String folder : pythonPath.split(":")) {
                String prefix = folder.isEmpty() || folder.equals(".") || folder.equals("./") ? "" : folder.replaceAll("/+$", "") + "/";
                for (String n : List.of("sitecustomize.py", "usercustomize.py")) {
                    String t = text(written, prefix + n);
                    if (t != null) {
                        out.add(inlineForm("python", t));
                    }
                }
            }
        }
        // `python -m pytest`, `python3 -m pip install .`: the module's tool
        if (byProgram(name) != null && "python".equals(byProgram(name)) && args.size() >= 2 && args.get(0).equals("-m")) {
            String module = args.get(1);
            List<String> rest = args.subList(2, args.size());
            if (Set.of("pytest", "nox", "tox", "pip", "pdb").contains(module)) {
                return commandsRun(module, rest, env, written);
            }
            String t = text(written, module.replace('.', '/') + ".py");
            t = t != null ? t : text(written, module.replace('.', '/') + "/__main__.py");
            if (t != null) {
                out.add(inlineForm("python", t));
            }
            pythonFiles(written, PY_MODULE, out);
            return new ArrayList<>(out);
        }
        // `> mypkg/__init__.py && python -c 'import mypkg'`, `> evilplug.py && pytest -p evilplug`:
        // a module written in the same text is code the interpreter may import (its import
        // statements, pytest plugins, a src layout's package); reading it as inline code only
        // finds what the code itself runs, so harmless modules stay harmless
        if (PYTHON_TOOLS.matcher(Names.canonicalCommand(name)).matches()) {
            pythonFiles(written, PY_MODULE, out);
        }
        switch (Names.canonicalCommand(name)) {
            case "make", "gmake" -> {
                List<String> mk = new ArrayList<>();
                String dir = value(args, "-C", "--directory");
                String prefix = dir == null || dir.equals(".") ? "" : dir.replaceAll("/+$", "") + "/";
                String f = value(args, "-f", "--file", "--makefile");
                if (f != null) {
                    mk.add(text(written, prefix + f));
                } else {
                    for (String n : List.of("GNUmakefile", "makefile", "Makefile")) {
                        String t = text(written, prefix + n);
                        if (t != null) {
                            mk.add(t);
                            break;
                        }
                    }
                }
                String extra = env.get("MAKEFILES");
                if (extra != null) {
                    for (String m : extra.trim().split("\\s+")) {
                        mk.add(text(written, m));
                    }
                }
                mk.stream().filter(t -> t != null).forEach(t -> out.addAll(makeCommands(t)));
            }
            case "just" -> {
                String f = value(args, "-f", "--justfile");
                for (String n : f != null ? List.of(f) : List.of("justfile", "Justfile", ".justfile")) {
                    String t = text(written, n);
                    if (t != null) {
                        out.addAll(justCommands(t));
                    }
                }
            }
            case "task", "go-task" -> {
                String f = value(args, "-t", "--taskfile");
                for (String n : f != null ? List.of(f) : List.of("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml",
                        "Taskfile.dist.yml", "Taskfile.dist.yaml")) {
                    String t = text(written, n);
                    if (t != null) {
                        out.addAll(yamlValues(t, Set.of("cmds", "cmd")));
                    }
                }
            }
            case "tox" -> {
                String f = value(args, "-c", "--conf");
                String t = text(written, f != null ? f : "tox.ini");
                if (t != null) {
                    out.addAll(iniValues(t, Set.of("commands", "commands_pre", "commands_post")));
                }
            }
            case "pre-commit" -> {
                String f = value(args, "-c", "--config");
                String t = text(written, f != null ? f : ".pre-commit-config.yaml");
                if (t != null) {
                    out.addAll(yamlValues(t, Set.of("entry")));
                }
            }
            case "npm", "pnpm", "yarn", "bun", "npx" -> {
                String t = text(written, "package.json");
                if (t != null) {
                    out.addAll(jsonScripts(t, "scripts"));
                }
                packageManagerLoads(Names.canonicalCommand(name), args, written, out);
            }
            case "mise", "rtx" -> {
                // every mise verb trusts, or runs, the config's tasks, hooks and sourced env files
                for (Map.Entry<String, String> e : written.entrySet()) {
                    if (LaterFiles.isLaterFile(e.getKey()) && e.getKey().matches("(.*/)?[^/]*mise[^/]*(/[^/]+)*\\.toml|(.*/)?\\.mise/config\\.toml")) {
                        out.addAll(LaterFiles.miseCommands(e.getValue()));
                    }
                }
            }
            case "hg", "chg" -> {
                for (String n : List.of(".hg/hgrc", value(args, "-R", "--repository") + "/.hg/hgrc")) {
                    String t = text(written, n);
                    if (t != null) {
                        out.addAll(LaterFiles.hgHooks(t));
                    }
                }
            }
            // Bundler evaluates the Gemfile as Ruby; pry and irb load their rc files; gdb and lldb run their init files' commands
            case "bundle", "bundler" -> codeFiles(written, Regex.pattern("Gemfile"), "ruby", out);
            // more Ruby DSL files their tools evaluate: CocoaPods' Podfile, brew bundle's Brewfile,
            // fastlane's Fastfile, danger's Dangerfile; rspec loads the spec files and .rspec's --require files
            case "pod" -> codeFiles(written, Regex.pattern("Podfile"), "ruby", out);
            case "brew" -> {
                if (sub.equals("bundle")) {
                    codeFiles(written, Regex.pattern("Brewfile"), "ruby", out);
                }
            }
            case "fastlane" -> codeFiles(written, Regex.pattern("Fastfile|Appfile|Pluginfile"), "ruby", out);
            case "danger" -> codeFiles(written, Regex.pattern("Dangerfile"), "ruby", out);
            case "rspec" -> codeFiles(written, Regex.pattern(".*\\.rb"), "ruby", out);
            // sbt evaluates build.sbt and project/*.scala as Scala; mix evaluates mix.exs as Elixir
            case "sbt" -> codeFiles(written, Regex.pattern(".*\\.(sbt|scala)"), "code", out);
            case "mix" -> codeFiles(written, Regex.pattern(".*\\.exs?"), "code", out);
            case "pylint" -> {
                // init-hook is Python run before the checks; load-plugins names modules it imports
                List<String> plugins = new ArrayList<>();
                String opt = value(args, "--load-plugins");
                if (opt != null) {
                    plugins.add(opt);
                }
                for (Map.Entry<String, String> e : files(written, Regex.pattern("\\.?pylintrc|setup\\.cfg|tox\\.ini"))) {
                    for (String v : iniValues(e.getValue(), Set.of("init-hook"))) {
                        String code = v.trim();
                        boolean quoted = code.length() >= 2 && code.charAt(0) == code.charAt(code.length() - 1) && "\"'".indexOf(code.charAt(0)) >= 0;
                        out.add(inlineForm("python", quoted ? InlineCode.unquote(code) : code));
                    }
                    plugins.addAll(iniValues(e.getValue(), Set.of("load-plugins")));
                }
                pluginModules(plugins, written, out);
            }
            case "mypy", "dmypy" -> {
                // plugins = names modules (or files) mypy imports and runs
                List<String> plugins = new ArrayList<>();
                for (Map.Entry<String, String> e : files(written, Regex.pattern("\\.?mypy\\.ini|setup\\.cfg|pyproject\\.toml"))) {
                    plugins.addAll(iniValues(e.getValue(), Set.of("plugins")));
                }
                pluginModules(plugins, written, out);
            }
            case "pry", "irb" -> {
                String t = text(written, "." + Names.canonicalCommand(name) + "rc");
                if (t != null) {
                    out.addAll(scriptRuns("ruby", t));
                    out.addAll(codeCommands(t));
                }
            }
            case "gdb", "lldb" -> {
                String t = text(written, "." + Names.canonicalCommand(name) + "init");
                if (t != null) {
                    out.addAll(LaterFiles.debuggerCommands(t));
                }
            }
            case "pdb", "pdb3" -> {
                String t = text(written, ".pdbrc");
                if (t != null) {
                    out.add(inlineForm("python", LaterFiles.pdbCode(t)));
                }
            }
            case "direnv" -> {
                // `PATH_add bin` in a written .envrc: the programs written into bin/ run in the
                // place of the tools of the same name, from the next command on
                String envrc = text(written, ".envrc");
                if (envrc != null && (sub.equals("allow") || sub.equals("exec") || sub.equals("reload") || sub.equals("permit"))) {
                    Matcher m = Regex.pattern("(?m)^\\s*(?:PATH_add|path_add\\s+PATH)\\s+[\"']?([^\"'\\s]+)").matcher(envrc);
                    while (m.find()) {
                        String dir = m.group(1).replaceFirst("^\\./", "").replaceFirst("^\\$PWD/", "").replaceAll("/+$", "");
                        for (Map.Entry<String, String> e : written.entrySet()) {
                            if (e.getKey().startsWith(dir + "/") && e.getKey().indexOf('/', dir.length() + 1) < 0) {
                                String language = language(e.getKey(), e.getValue());
                                out.addAll(scriptRuns(language == null ? "sh" : language, e.getValue()));
                            }
                        }
                    }
                }
            }
            case "composer" -> {
                String t = text(written, "composer.json");
                if (t != null) {
                    out.addAll(jsonScripts(t, "scripts"));
                }
            }
            case "deno" -> {
                if (sub.equals("task")) {
                    for (String n : List.of("deno.json", "deno.jsonc")) {
                        String t = text(written, n);
                        if (t != null) {
                            out.addAll(jsonScripts(t, "tasks"));
                        }
                    }
                }
            }
            case "pip", "pip3", "easy_install" -> {
                if (sub.equals("install") || name.equals("easy_install")) {
                    pythonFiles(written, Regex.pattern("setup\\.py"), out);
                    requirementLines(args, written, out);
                }
            }
            case "rake" -> codeFiles(written, Regex.pattern("[Rr]akefile(\\.rb)?|.*\\.rake"), "ruby", out);
            case "vagrant" -> codeFiles(written, Regex.pattern("Vagrantfile"), "ruby", out);
            case "gradle", "gradlew" -> {
                for (Map.Entry<String, String> e : written.entrySet()) {
                    if (e.getKey().matches("(.*/)?(build|settings)\\.gradle(\\.kts)?|(.*/)?init\\.d/[^/]+|(.*/)?init\\.gradle(\\.kts)?")) {
                        out.addAll(codeCommands(e.getValue()));
                    } else if (e.getKey().matches("(.*/)?gradle\\.properties")) {
                        // the daemon's JVM options: an agent jar, a command on error
                        Matcher m = Regex.pattern("(?m)^\\s*org\\.gradle\\.jvmargs\\s*[=:]\\s*(.+)$").matcher(e.getValue());
                        while (m.find()) {
                            out.addAll(CommandSettings.codeCommands("GRADLE_OPTS=" + m.group(1)));
                        }
                    }
                }
            }
            case "mvn", "mvnw" -> {
                String t = text(written, value(args, "-f", "--file") != null ? value(args, "-f", "--file") : "pom.xml");
                if (t != null) {
                    out.addAll(pomCommands(t));
                }
                // .mvn/jvm.config: the JVM options of every build (an agent jar, a command on error)
                String jvm = text(written, ".mvn/jvm.config");
                if (jvm != null) {
                    out.addAll(CommandSettings.codeCommands("MAVEN_OPTS=" + jvm.replace('\n', ' ')));
                }
            }
            case "go" -> {
                if (sub.equals("run") || sub.equals("test") || sub.equals("generate")) {
                    for (String a : args) {
                        String t = a.endsWith(".go") ? text(written, a) : null;
                        if (t != null) {
                            out.addAll(codeCommands(t));
                        }
                    }
                    // a package pattern (`.`, `./...`, `./cmd/x`) or none: the written files may be in it
                    boolean packages = sub.equals("test") || sub.equals("generate")
                            || args.stream().anyMatch(a -> a.equals(".") || a.startsWith("./") && !a.endsWith(".go"));
                    if (packages) {
                        codeFiles(written, Regex.pattern(".*\\.go"), "code", out);
                    }
                    // `//go:generate CMD`: go generate runs each directive's command line
                    if (sub.equals("generate")) {
                        for (Map.Entry<String, String> e : files(written, Regex.pattern(".*\\.go"))) {
                            Matcher m = GO_GENERATE.matcher(e.getValue());
                            while (m.find()) {
                                out.add(m.group(1).trim());
                            }
                        }
                    }
                }
            }
            // cargo test, run and bench build and run the project's own code (tests, benches, main)
            case "cargo" -> {
                if (sub.equals("test") || sub.equals("t") || sub.equals("run") || sub.equals("r") || sub.equals("bench")) {
                    codeFiles(written, Regex.pattern(".*\\.rs"), "code", out);
                }
                cargoFiles(written, out);
            }
            case "docker", "podman", "docker-compose", "podman-compose" -> {
                boolean compose = name.endsWith("compose") || sub.equals("compose");
                if (compose && args.stream().anyMatch(a -> COMPOSE_VERBS.contains(a))) {
                    String f = value(args, "-f", "--file");
                    if (f != null && text(written, f) != null) {
                        out.add(composeRun(text(written, f)));
                    }
                    for (Map.Entry<String, String> e : written.entrySet()) {
                        if (f == null && COMPOSE_FILE.matcher(e.getKey()).matches()) {
                            out.add(composeRun(e.getValue()));
                        }
                    }
                }
            }
            case "uv" -> {
                if (sub.equals("run") && args.size() >= 2) {
                    String f = args.stream().skip(args.indexOf("run") + 1L).filter(a -> !a.startsWith("-")).findFirst().orElse("");
                    String t = f.endsWith(".py") ? text(written, f) : null;
                    if (t != null) {
                        out.add(inlineForm("python", t));
                    }
                }
            }
            default -> {
            }
        }
        // config files the tool imports as code (`> jest.config.js && npx jest`, `> tasks.py && invoke build`)
        String tool = ToolConfigFiles.toolOf(name, args);
        for (Map.Entry<String, String> e : written.entrySet()) {
            String language = tool.isEmpty() ? null : ToolConfigFiles.languageRun(tool, e.getKey().substring(e.getKey().lastIndexOf('/') + 1));
            if (language != null) {
                out.addAll(scriptRuns(language, e.getValue()));
                out.addAll(codeCommands(e.getValue()));
            }
        }
        // lint-staged runs the command lines its config maps file patterns to
        if (tool.equals("lint-staged")) {
            for (Map.Entry<String, String> e : written.entrySet()) {
                if (LINT_STAGED_CONFIG.matcher(e.getKey()).matches()) {
                    out.addAll(e.getKey().endsWith("package.json") ? jsonScripts(e.getValue(), "lint-staged") : jsonScripts(e.getValue()));
                }
            }
        }
        // a package runner's tool from the project's own bin folder (`npx eslint`, `uv run pytest`):
        // a file written there runs as that tool; without a #! line the shell runs it (ENOEXEC)
        String shim = binShim(Names.canonicalCommand(name), args);
        String shimText = text(written, shim);
        if (shimText != null) {
            String language = language(shim, shimText);
            out.addAll(scriptRuns(language == null ? "sh" : language, shimText));
        }
        // `npm test`, `npm run lint`, `yarn build`: the project's scripts call its bins by name, and a
        // script not shown may call any of them
        if (tool.equals("*")) {
            for (Map.Entry<String, String> e : written.entrySet()) {
                if (e.getKey().matches("(.*/)?node_modules/\\.bin/[^/]+")) {
                    String language = language(e.getKey(), e.getValue());
                    out.addAll(scriptRuns(language == null ? "sh" : language, e.getValue()));
                }
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The start-up files {@code name} reads from places its environment or options name: git's
     * global and system configuration ({@code GIT_CONFIG_GLOBAL}, {@code GIT_CONFIG_SYSTEM},
     * {@code GIT_CONFIG}, {@code $XDG_CONFIG_HOME/git/config}, {@code $HOME/.gitconfig}; a
     * {@code -c include.path=F} is SW4013's, which denies every include); zsh's
     * {@code $ZDOTDIR/.zshenv}, read by every zsh, and {@code .zshrc} for an interactive one.
     * Empty for other programs.
     */
    static List<String> startupFilesRead(String name, List<String> args, Map<String, String> env) {
        List<String> out = new ArrayList<>();
        switch (Names.canonicalCommand(name)) {
            case "git" -> {
                for (String v : List.of("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG")) {
                    if (env.containsKey(v)) {
                        out.add(env.get(v));
                    }
                }
                if (env.containsKey("XDG_CONFIG_HOME")) {
                    out.add(env.get("XDG_CONFIG_HOME").replaceAll("/+$", "") + "/git/config");
                }
                if (env.containsKey("HOME")) {
                    out.add(env.get("HOME").replaceAll("/+$", "") + "/.gitconfig");
                }
            }
            case "zsh" -> {
                String dir = env.get("ZDOTDIR");
                if (dir != null) {
                    out.add(dir.replaceAll("/+$", "") + "/.zshenv");
                    if (args.stream().anyMatch(a -> Regex.matches(a, "-[a-zA-Z]*i[a-zA-Z]*|--interactive"))) {
                        out.add(dir.replaceAll("/+$", "") + "/.zshrc");
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** Options of the package runners that take a value (the package to fetch, a command, a workspace, a cache). */
    private static final Set<String> RUNNER_VALUES = Set.of("-p", "--package", "-c", "--call", "--cache", "-w", "--workspace",
            "--with", "--python", "--project", "--directory", "-C", "--cwd", "--filter", "-F", "--env-file");

    /**
     * The project file a package runner starts for the tool it is given: {@code npx X},
     * {@code bunx X}, {@code npm exec X}, {@code pnpm exec X}, {@code yarn exec|run X},
     * {@code bun x|run X} run {@code node_modules/.bin/X}; {@code uv run X}, {@code poetry run X},
     * {@code pdm run X}, {@code pipenv run X}, {@code hatch run X}, {@code rye run X} run
     * {@code .venv/bin/X}. Null for other commands, or when the tool is not named.
     */
    static String binShim(String name, List<String> args) {
        boolean node = Set.of("npx", "bunx", "pnpx").contains(name);
        int from = 0;
        if (!node) {
            String verbs = switch (name) {
                case "npm" -> "exec x";
                case "pnpm" -> "exec";
                case "yarn" -> "exec run";
                case "bun" -> "x run";
                case "uv", "poetry", "pdm", "pipenv", "hatch", "rye" -> "run";
                default -> "";
            };
            int verb = -1;
            for (int i = 0; i < args.size() && verb < 0; i++) {
                if (!args.get(i).startsWith("-")) {
                    verb = List.of(verbs.split(" ")).contains(args.get(i)) ? i : args.size();
                } else if (RUNNER_VALUES.contains(args.get(i))) {
                    i++;
                }
            }
            if (verb < 0 || verb >= args.size()) {
                return null;
            }
            node = !Set.of("uv", "poetry", "pdm", "pipenv", "hatch", "rye").contains(name);
            from = verb + 1;
        }
        for (int i = from; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                continue;
            }
            if (a.startsWith("-")) {
                if (RUNNER_VALUES.contains(a)) {
                    i++;
                }
                continue;
            }
            // a path or a package spec (`npx ./x.js`, `npx pkg@1`, `uv run x.py`) is not a bin name
            return a.contains("/") || a.contains("@") || a.endsWith(".py") ? null
                    : (node ? "node_modules/.bin/" : ".venv/bin/") + a;
        }
        return null;
    }

    /**
     * The code a package manager loads from its own config files on every run, whatever the verb
     * ({@code pnpm install} as much as {@code pnpm test}): the files {@link #namedFiles} reads out
     * of {@code .npmrc} (every manager), {@code .yarnrc.yml}/{@code .yarnrc} (yarn) and
     * {@code bunfig.toml} (bun), and pnpm's {@code .pnpmfile.cjs} (or {@code --pnpmfile F}), whose
     * hooks run on install. WHY: {@code > .pnpmfile.cjs && pnpm install} runs the written code as
     * surely as {@code node -e}; it is handed to the rules as that inline code, and a file's
     * process calls as command lines; a shell or program file by its language.
     */
    static void packageManagerLoads(String manager, List<String> args, Map<String, String> written, Set<String> out) {
        List<String> configs = switch (manager) {
            case "yarn" -> List.of(".npmrc", ".yarnrc.yml", ".yarnrc");
            case "bun" -> List.of(".npmrc", "bunfig.toml", ".bunfig.toml");
            default -> List.of(".npmrc");
        };
        for (String config : configs) {
            String t = text(written, config);
            for (Named f : t == null ? List.<Named>of() : namedFiles(config, t)) {
                String code = text(written, f.file());
                if (code == null) {
                    continue;
                }
                if (f.program()) {
                    out.addAll(scriptRuns(language(f.file(), code), code));
                } else {
                    nodeCode(code, out);
                }
            }
        }
        if (manager.equals("pnpm")) {
            String f = value(args, "--pnpmfile", "--global-pnpmfile");
            for (String n : f != null ? List.of(f) : List.of(".pnpmfile.cjs", ".pnpmfile.mjs")) {
                nodeCode(text(written, n), out);
            }
        }
    }

    private static final Pattern PACKAGE_MANAGER_CONFIG = Pattern.compile("(.*/)?(\\.npmrc|\\.yarnrc|\\.yarnrc\\.yml|\\.?bunfig\\.toml)");

    /** Whether {@code path} is a package manager's config that may name programs ({@link #packageManagerPrograms}). */
    static boolean isPackageManagerConfig(String path) {
        return PACKAGE_MANAGER_CONFIG.matcher(path).matches();
    }

    /**
     * The programs and code files a package manager's config written into the project makes it
     * start on every later run ({@link #namedFiles}), each as a command word. WHY: like
     * {@code git config core.fsmonitor ./x} the setting runs a file nobody reviews later; SW8015
     * asks when the word is a file of the project. The code itself is read only when the same
     * command runs the manager ({@link #packageManagerLoads}).
     */
    static List<String> packageManagerPrograms(String path, String text) {
        return namedFiles(path.substring(path.lastIndexOf('/') + 1), text).stream().map(f -> Word.singleQuoted(f.file())).toList();
    }

    /** A file a package manager's config names: a program it starts ({@code script-shell}), or a module node loads. */
    private record Named(String file, boolean program) {
    }

    /** {@code .npmrc} keys whose value is a program npm starts. */
    private static final Set<String> NPMRC_PROGRAMS = Set.of("script-shell", "shell", "git", "editor", "browser", "viewer",
            "onload-script", "init-module");

    /**
     * The files config {@code base} with text {@code text} names: {@code .npmrc}'s
     * {@code script-shell}, {@code shell}, {@code git}, {@code editor}… and the modules of
     * {@code node-options} ({@code --require F}); yarn's {@code yarnPath}, {@code yarn-path} and
     * {@code plugins} ({@code - path: F} or {@code - F}); bun's {@code preload} (a string or a
     * list, at the top or under {@code [test]}/{@code [run]}).
     */
    private static List<Named> namedFiles(String base, String text) {
        List<Named> out = new ArrayList<>();
        switch (base) {
            case ".npmrc" -> {
                for (String line : text.split("\n")) {
                    int eq = line.indexOf('=');
                    String key = eq > 0 ? line.substring(0, eq).trim() : "";
                    String v = eq > 0 ? line.substring(eq + 1).trim() : "";
                    if (NPMRC_PROGRAMS.contains(key) && !v.isEmpty() && !v.equals("true") && !v.equals("false")) {
                        out.add(new Named(v, true));
                    } else if (key.equals("node-options")) {
                        Matcher m = Regex.pattern("(?:--require|-r|--import|--loader|--experimental-loader)[= ]+(\\S+)").matcher(v);
                        while (m.find()) {
                            out.add(new Named(m.group(1), false));
                        }
                    }
                }
            }
            case ".yarnrc.yml" -> {
                for (String v : yamlValues(text, Set.of("yarnPath", "plugins"))) {
                    out.add(new Named(v.replaceFirst("^path:\\s*", "").replaceAll("^[\"']|[\"']$", ""), false));
                }
            }
            case ".yarnrc" -> {
                Matcher m = Regex.pattern("(?m)^\\s*yarn-path\\s+[\"']?([^\"'\\s]+)").matcher(text);
                while (m.find()) {
                    out.add(new Named(m.group(1), false));
                }
            }
            case "bunfig.toml", ".bunfig.toml" -> {
                Matcher m = Regex.pattern("(?m)^\\s*preload\\s*=\\s*(.+)$").matcher(text);
                while (m.find()) {
                    Matcher f = STRING.matcher(m.group(1));
                    while (f.find()) {
                        out.add(new Named(InlineCode.unquote(f.group(1)), false));
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** A JavaScript file's text, when known, as node's inline code and the command lines of its process calls. */
    private static void nodeCode(String text, Set<String> out) {
        if (text != null) {
            out.addAll(scriptRuns("node", text));
            out.addAll(codeCommands(text));
        }
    }

    /**
     * The Python plugin modules a checker's settings name ({@code plugins = a, b.c}, a TOML list
     * {@code ["a"]}, a file {@code ./a.py}), each written module's text as python inline code.
     */
    private static void pluginModules(List<String> values, Map<String, String> written, Set<String> out) {
        for (String v : values) {
            for (String m : v.split("[,\\s\\[\\]\"']+")) {
                if (m.isEmpty()) {
                    continue;
                }
                String t = m.endsWith(".py") ? text(written, m) : text(written, m.replace('.', '/') + ".py");
                t = t != null ? t : text(written, m.replace('.', '/') + "/__init__.py");
                if (t != null) {
                    out.add(inlineForm("python", t));
                }
            }
        }
    }

    /** A {@code //go:generate} directive: group 1 the command line go generate runs. */
    private static final Pattern GO_GENERATE = Pattern.compile("(?m)^//go:generate\\s+(.+)$");

    /** Every cargo verb runs a written build.rs and the programs a written .cargo/config.toml names. */
    private static void cargoFiles(Map<String, String> written, Set<String> out) {
        for (Map.Entry<String, String> e : written.entrySet()) {
            if (e.getKey().matches("(.*/)?build\\.rs")) {
                out.addAll(codeCommands(e.getValue()));
            } else if (e.getKey().matches("(.*/)?\\.cargo/config(\\.toml)?")) {
                out.addAll(cargoConfigCommands(e.getValue()));
            }
        }
    }

    /**
     * {@code pip install -r F} (also {@code -c F}) over a requirements file the same text wrote: each
     * line is what pip installs, so each is handed to the rules as {@code pip install LINE}, where a
     * moved index, a git or URL source is judged as on the command line. WHY: {@code printf
     * 'git+https://…' > r.txt && pip install -r r.txt} runs that source's setup code unseen.
     */
    private static void requirementLines(List<String> args, Map<String, String> written, Set<String> out) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String f = null;
            if ((a.equals("-r") || a.equals("--requirement") || a.equals("-c") || a.equals("--constraint")) && i + 1 < args.size()) {
                f = args.get(i + 1);
            } else if (a.startsWith("--requirement=") || a.startsWith("--constraint=")) {
                f = a.substring(a.indexOf('=') + 1);
            } else if (a.startsWith("-r") && a.length() > 2) {
                f = a.substring(2);
            }
            String t = text(written, f);
            if (t != null) {
                for (String line : t.split("\n")) {
                    String l = line.replaceFirst("(^|\\s)#.*$", "").trim();
                    if (!l.isEmpty()) {
                        out.add("pip install " + l);
                    }
                }
            }
        }
    }

    private static void pythonFiles(Map<String, String> written, Pattern base, Set<String> out) {
        codeFiles(written, base, "python", out);
    }

    private static void codeFiles(Map<String, String> written, Pattern base, String language, Set<String> out) {
        for (Map.Entry<String, String> e : files(written, base)) {
            out.addAll(scriptRuns(language, e.getValue()));
            if (!language.equals("code")) {
                out.addAll(codeCommands(e.getValue()));
            }
        }
    }
}
