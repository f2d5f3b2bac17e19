package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.CommandSettings;
import dev.shellwarden.grammar.Launchers;
import dev.shellwarden.grammar.ProgramOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Coding-agent CLIs, and what on their command line or in their environment starts them with
 * their own permission checks off: the guarded agent can run a second agent from the shell, and
 * every command that one runs unasked escapes shell-warden (rule SW8011).
 *
 * <p>ONE table, a row per client: the names it runs under (its program, its registry package,
 * scoped or not), the options that switch every check off, the option values that do, the
 * options whose values pre-approve tools (an allow-list), the name of its shell tool in that
 * list, and the environment variables that switch checks off. An author adds a client in one row.
 *
 * <p>How the program is found is the grammar's: a package runner ({@code npx}, {@code bunx},
 * {@code pnpm dlx}, {@code yarn dlx}, {@code npm exec}, {@code uvx}, {@code pipx run}) is unwrapped
 * there and its package word is this command's program word; here only a version suffix
 * ({@code @latest}) is dropped and a script run by node or bun from {@code node_modules} is named
 * by its package or its {@code .bin} name.
 *
 * <p>What counts: a switch on the client's command line (abbreviated too where the client reads
 * its options with argparse), a stored setting the client's own command writes (plandex
 * set-auto), a switch variable set as the prefix of any command or exported for every later
 * run, or written into a file a later start reads ({@code GOOSE_MODE=auto >> .env}), and a
 * script, alias or task file written with a client and its switch on one line. An alias or
 * function that holds a launch is the grammar's: it hands the body to the rules as a segment.
 * A client started under the user's own configuration (goose's configured GOOSE_MODE,
 * OpenCode's opencode.json) is the user's choice and is not read here; the configuration files
 * themselves are {@link PathFacts#isSelfProtected}, and a client's own commands that change them
 * ({@code claude mcp add}) are {@link #changesSettings}.
 */
public final class AgentLaunches {

    private AgentLaunches() {
    }

    /**
     * One client, built in one chained row: the names it runs under, then what switches its
     * checks off. Filled once while the table is built, read only after.
     */
    private static final class Client {
        /** Program and package names it runs under. */
        private final Set<String> programs;
        /** Options that switch every check off. */
        private final Set<String> offFlags = new HashSet<>();
        /** Options whose value (case-insensitive) switches every check off. */
        private final Map<String, String> offValues = new HashMap<>();
        /** Options whose values pre-approve tools without asking. */
        private final Set<String> grants = new HashSet<>();
        /** The names of its shell tool in those values. */
        private final Set<String> shellTools = new HashSet<>();
        /** Variables whose value (whole, case-insensitive) switches every check off. */
        private final Map<String, Pattern> env = new HashMap<>();
        /** True when it reads its options with Python's argparse, which takes any unambiguous abbreviation. */
        private boolean abbreviates;
        /** True when, started with no words at all, it opens its terminal UI and waits for a prompt ({@link #opensSession}). */
        private boolean terminalUi;
        /**
         * Its subcommands that run and exit ({@code claude mcp}, {@code codex exec}), or null when
         * an operand is not read: with a table, a first operand that is none of them is the
         * prompt (or project folder) its terminal UI opens with ({@code claude 'fix the tests'}).
         */
        private Set<String> subcommands;
        /** Its subcommands that open the terminal UI ({@code codex resume}, {@code opencode attach}). */
        private Set<String> sessionCommands = Set.of();
        /** Second words after a session subcommand that run and exit instead ({@code goose session list}). */
        private Set<String> sessionExits = Set.of();
        /** False when, started with no words, it does not open its UI (or its name is shared: {@code q}, harelba's SQL tool). */
        private boolean bareOpens = true;
        /**
         * Its options that print and exit or run one prompt and exit, space-separated: per client,
         * since one letter means different things ({@code claude -p} prints, {@code codex -p} is
         * {@code --profile}, which opens the UI like any other setting).
         */
        private String oneShot = ONE_SHOT_OPTIONS;
        /** Its options that take the next word as their value, skipped when the first operand is read, space-separated. */
        private String valued = "";
        /** Its options that open the terminal UI with a prompt ({@code gemini -i}, {@code opencode --prompt}), space-separated. */
        private String sessionOptions = "";
        /** A reading the columns cannot express (codex's two options, plandex's stored autonomy), or null. */
        private Predicate<Cmd> extra;
        /**
         * Its own commands that change its settings beyond {@code mcp add|remove…}, which every
         * client reads ({@link #changesSettings}), or null.
         */
        private Predicate<Cmd> settings;

        private Client(String programs) {
            this.programs = Set.of(programs.split(" "));
        }

        private Client off(String spaceSeparated) {
            offFlags.addAll(List.of(spaceSeparated.split(" ")));
            return this;
        }

        private Client value(String option, String value) {
            offValues.put(option, value);
            return this;
        }

        private Client grants(String options, String shellToolNames) {
            grants.addAll(List.of(options.split(" ")));
            shellTools.addAll(List.of(shellToolNames.split(" ")));
            return this;
        }

        private Client env(String variable, Pattern value) {
            env.put(variable, value);
            return this;
        }

        private Client argparse() {
            abbreviates = true;
            return this;
        }

        private Client tui() {
            terminalUi = true;
            return this;
        }

        /** {@link #tui()}, and an operand that is none of {@code exiting} (nor of {@code opening}) is its prompt. */
        private Client tui(String exiting, String opening) {
            terminalUi = true;
            subcommands = Words.setOf(exiting);
            sessionCommands = opening.isEmpty() ? Set.of() : Words.setOf(opening);
            return this;
        }

        /**
         * A client whose chat opens under a subcommand ({@code goose session}, {@code q chat}),
         * where other operands are read as nothing: {@code opening} open it unless their next word
         * is one of {@code exits} ({@code goose session list}); {@code bare} says whether the
         * program alone opens it too.
         */
        private Client chat(String opening, String exits, boolean bare) {
            terminalUi = true;
            sessionCommands = Words.setOf(opening);
            sessionExits = exits.isEmpty() ? Set.of() : Words.setOf(exits);
            bareOpens = bare;
            return this;
        }

        /** Replaces the shared one-shot options ({@link #ONE_SHOT_OPTIONS}) with the client's own. */
        private Client oneShot(String spaceSeparated) {
            oneShot = spaceSeparated;
            return this;
        }

        /** Options that take a value ({@code codex -c model=o3 exec …}: {@code model=o3} is no prompt). */
        private Client valued(String spaceSeparated) {
            valued = spaceSeparated;
            return this;
        }

        /** Options that open the terminal UI with a prompt, where an operand alone runs one-shot. */
        private Client sessionOptions(String spaceSeparated) {
            sessionOptions = spaceSeparated;
            return this;
        }

        private Client extra(Predicate<Cmd> reading) {
            extra = reading;
            return this;
        }

        private Client settings(Predicate<Cmd> reading) {
            settings = reading;
            return this;
        }
    }

    private static Client client(String programs) {
        return new Client(programs);
    }

    /** OpenCode's permission object (or its shorthand) allowing every tool or the shell. */
    private static final Pattern OPENCODE_ALLOW_ALL = Pattern.compile("(?s)\\s*\"?allow\"?\\s*|.*\"(\\*|bash)\"\\s*:\\s*\"allow\".*");

    /** A variable's value that switches a thing on: anything but false, 0 or empty. */
    private static final Pattern TRUTHY = Pattern.compile("(?i)(?!false$|0$).+");

    /** Plugin subcommands of Claude Code that install or switch on plugins, which carry hooks and MCP servers. */
    private static final String CLAUDE_PLUGIN_CHANGES = "install i add enable update";

    private static final List<Client> CLIENTS = List.of(
            // Claude Code: bypass mode by flag or mode; --allowedTools Bash pre-approves every command.
            // Settings: plugins carry hooks and MCP servers; --mcp-config, --settings and --plugin-dir
            // hand a session servers, hooks and plugins from a file for this run
            // (`claude "query"` starts the REPL with that prompt: code.claude.com/docs cli-reference)
            client("claude claude-code @anthropic-ai/claude-code")
                    .tui("mcp config doctor update upgrade install migrate-installer setup-token plugin plugins help", "")
                    .valued("--model --fallback-model --permission-mode --allowedTools --allowed-tools --disallowedTools --disallowed-tools "
                            + "--tools --add-dir --mcp-config --settings --setting-sources --plugin-dir --system-prompt --append-system-prompt "
                            + "--output-format --input-format --max-turns --agent --agents --session-id --permission-prompt-tool -n --name "
                            + "--effort --json-schema --max-budget-usd")
                    .off("--dangerously-skip-permissions")
                    .value("--permission-mode", "bypassPermissions").grants("--allowedTools --allowed-tools", "Bash")
                    .settings(c -> wordPair(c, "mcp", "add-from-claude-desktop reset-project-choices") || wordPair(c, "config", "set add remove")
                            || wordPair(c, "plugin", CLAUDE_PLUGIN_CHANGES) || wordPair(c, "plugins", CLAUDE_PLUGIN_CHANGES)
                            || wordPair(c, "marketplace", "add update") || c.anyFlagOrAbbreviation("--mcp-config --settings --plugin-dir")
                            // --setting-sources without `user` leaves out ~/.claude/settings.json, where the guard's hook is installed
                            || c.anyFlagOrAbbreviation("--setting-sources") && !Pattern.compile("\\buser\\b").matcher(c.valueOf("--setting-sources")).find()),
            // codex's -c/--config overrides set servers and the notify program for the run
            // (`codex "prompt"` opens the TUI with it, as do resume and fork; exec is its one-shot form)
            client("codex @openai/codex")
                    .tui("exec e review login logout mcp mcp-server app-server app completion sandbox debug apply a cloud features "
                            + "feedback archive delete update doctor execpolicy generate-ts help", "resume fork")
                    .valued("-c --config -m --model -p --profile -s --sandbox -a --ask-for-approval -C --cd -i --image --enable --disable "
                            + "--add-dir --local-provider")
                    // no one-shot option: -p is --profile (developers.openai.com/codex/cli/reference), only exec runs one
                    .oneShot("")
                    .off("--dangerously-bypass-approvals-and-sandbox --yolo")
                    .extra(AgentLaunches::codexUnsandboxedUnasked)
                    .settings(c -> c.argFind("^(mcp_servers|notify|hooks)|^-c(mcp_servers|notify)|^--config=(mcp_servers|notify)")),
            // Gemini CLI and its fork Qwen Code: yolo; --allowed-tools run_shell_command skips the shell's confirmation
            // (a positional query runs headless and exits; -i/--prompt-interactive keeps the session open)
            client("gemini gemini-cli @google/gemini-cli").tui().sessionOptions("-i --prompt-interactive")
                    .off("--yolo -y").value("--approval-mode", "yolo")
                    .grants("--allowed-tools", "run_shell_command ShellTool")
                    .settings(c -> wordPair(c, "extensions", "install link update enable")),
            client("qwen qwen-code @qwen-code/qwen-code").tui().sessionOptions("-i --prompt-interactive").off("--yolo -y").value("--approval-mode", "yolo")
                    .grants("--allowed-tools", "run_shell_command ShellTool"),
            // OpenCode: --auto approves what would ask; OPENCODE_PERMISSION may allow everything (sandvault PR#111)
            // (`opencode [project]`: an operand that is no subcommand is the folder its TUI opens in; --prompt opens it with one)
            client("opencode opencode-ai")
                    .tui("run serve web auth agent models mcp session stats export import github pr acp upgrade uninstall debug "
                            + "completion generate help", "attach mini")
                    .valued("-m --model -s --session --agent --port --hostname --prompt --log-level")
                    .sessionOptions("--prompt").off("--dangerously-skip-permissions --auto").env("OPENCODE_PERMISSION", OPENCODE_ALLOW_ALL),
            // Cursor's CLI: -f/--force allows commands unless denied, --yolo is its alias
            // (`cursor-agent "prompt"` starts the interactive agent with it; -p prints)
            client("cursor-agent")
                    .tui("login logout status whoami about models mcp update upgrade create-chat install-shell-integration "
                            + "uninstall-shell-integration help", "agent ls resume")
                    .valued("--model --api-key -H --header --output-format --mode --sandbox --resume --workspace")
                    .off("--force -f --yolo --dangerously-allow-all"),
            // (-x/--execute sends one message, prints the answer and exits, the prompt may come piped: ampcode.com manual)
            client("amp @sourcegraph/amp").tui().oneShot(AgentLaunches.ONE_SHOT_OPTIONS + " -x --execute").off("--dangerously-allow-all --force"),
            // GitHub Copilot CLI: every tool, or the bare shell tool (--allow-tool shell), without confirmation
            // (-i/--interactive starts the interactive session with a prompt; -p runs one and exits)
            client("copilot @github/copilot").tui().sessionOptions("-i --interactive").off("--allow-all-tools --allow-all --yolo").grants("--allow-tool", "shell")
                    .env("COPILOT_ALLOW_ALL", TRUTHY),
            // goose: GOOSE_MODE=auto approves every tool (so does its default mode: SW8017 asks when none is set)
            // (`goose session` starts an interactive session, named, resumed or not; its list, remove, export and
            // diagnostics exit; `goose run -t` runs one: block.github.io/goose CLI commands. Bare goose is not read)
            client("goose").chat("session", "list ls remove rm export diagnostics clear", false)
                    .valued("-n --name -i --id --session-id --path --with-extension --with-remote-extension "
                            + "--with-streamable-http-extension --with-builtin")
                    .env("GOOSE_MODE", Pattern.compile("(?i)auto")),
            // Amazon Q Developer CLI and its successor Kiro CLI: trust every tool, or the shell tool
            // (`q chat [INPUT]` is interactive unless --no-interactive: docs.aws.amazon.com qdeveloper-ug
            // command-line-reference; bare `q` is also harelba's SQL tool and `kiro` the IDE's launcher, so only chat is read)
            client("q kiro-cli kiro").chat("chat", "", false).oneShot("--no-interactive -h --help -V --version")
                    .valued("--agent --model --trust-tools --profile")
                    .off("--trust-all-tools").grants("--trust-tools", "execute_bash execute_cmd shell"),
            // (bare crush opens its TUI, -c/--cwd in another folder; `crush run` runs one prompt)
            client("crush @charmland/crush").tui().valued("-c --cwd -D --data-dir").off("--yolo -y"),
            client("cline").off("--yolo -y"),
            // Continue's cn: --allow Bash (or *) runs every command unasked
            client("cn @continuedev/cli").tui().grants("--allow", "Bash"),
            // OpenHands: --always-approve, and --headless which always approves
            client("openhands openhands-ai").tui().off("--always-approve --headless").argparse(),
            client("kilo kilocode @kilocode/cli").tui().off("--auto --yolo"),
            // Plandex's full autonomy runs the commands it writes without confirmation, by flag or stored
            client("plandex pdx").tui().off("--full").extra(AgentLaunches::plandexStoresFullAutonomy),
            // Factory's droid exec: autonomy high runs high-risk commands unasked
            client("droid").tui().value("--auto", "high"),
            // xAI's grok CLI: --always-approve approves every tool call (docs.x.ai, Permissions)
            client("grok").tui().off("--always-approve"),
            // Augment's auggie: no switch known here; its MCP servers (auggie mcp add) are its settings
            client("auggie @augmentcode/auggie").tui(),
            // editors whose agents start the MCP servers the editor's --add-mcp stores
            client("code code-insiders cursor windsurf codium").settings(c -> c.anyFlagOrAbbreviation("--add-mcp")));

    /** Subcommands of a client's {@code mcp} command that change the servers it starts by itself. */
    private static final String MCP_CHANGES = "add add-json remove rm delete enable disable install set";

    /** Every client by each of its names. */
    private static final Map<String, Client> BY_PROGRAM = byProgram();

    /** Every variable of the table, for an export that holds for every later run. */
    private static final Map<String, Pattern> SWITCH_VARIABLES = switchVariables();

    /** Runtimes that run a client's script from {@code node_modules}. */
    private static final Set<String> SCRIPT_RUNTIMES = Set.of("node", "nodejs", "bun");

    /**
     * Programs that, allowed in a client's shell allow-list, allow everything all the same: they
     * run any command they are given ({@code env}, {@code xargs}, {@code sudo}, {@code find -exec})
     * or destroy any file ({@code rm}, {@code dd}). Shells and interpreters are read from
     * {@link Cmd#isShellName} and {@link Cmd#isInterpreterName}.
     */
    private static final Set<String> RUNS_OR_DESTROYS_ANYTHING = Set.of("env", "xargs", "sudo", "doas", "su", "nohup", "timeout",
            "nice", "exec", "eval", "command", "builtin", "time", "watch", "parallel", "script", "setsid", "stdbuf", "find",
            "rm", "rmdir", "shred", "dd", "mkfs", "truncate", "unlink", "npx", "bunx", "uvx", "make");

    private static Map<String, Client> byProgram() {
        Map<String, Client> m = new HashMap<>();
        for (Client c : CLIENTS) {
            for (String p : c.programs) {
                m.put(p, c);
            }
        }
        return Map.copyOf(m);
    }

    private static Map<String, Pattern> switchVariables() {
        Map<String, Pattern> m = new HashMap<>();
        for (Client c : CLIENTS) {
            m.putAll(c.env);
        }
        return Map.copyOf(m);
    }

    /**
     * True when the command starts a coding agent with its permission checks off, or sets a
     * variable that switches them off: as a prefix of any command (whatever it starts inherits
     * it: {@code COPILOT_ALLOW_ALL=1 npx @github/copilot}) or exported for every later run, or
     * writes such a setting or launch into a file ({@link #writesSwitch}, {@link #writesUnguardedLaunch}).
     */
    static boolean unguarded(Cmd c) {
        if (setsSwitch(c) || writesSwitch(c) || writesUnguardedLaunch(c)) {
            return true;
        }
        Client k = clientOf(c);
        if (k == null) {
            return false;
        }
        for (String f : k.offFlags) {
            if (c.flag(f)) {
                return true;
            }
        }
        if (k.abbreviates && c.anyFlagOrAbbreviation(String.join(" ", k.offFlags))) {
            return true;
        }
        for (Map.Entry<String, String> e : k.offValues.entrySet()) {
            if (c.valueOf(e.getKey()).equalsIgnoreCase(e.getValue())) {
                return true;
            }
        }
        return grantsShell(c, k) || k.extra != null && k.extra.test(c);
    }

    /**
     * The options that print and exit or run one prompt and exit ({@code claude -p}, {@code gemini --prompt},
     * {@code --version}) of a client whose row gives none of its own ({@link Client#oneShot}).
     */
    private static final String ONE_SHOT_OPTIONS = "-p --print --prompt --headless -h --help -v -V --version";

    /**
     * True when a coding agent is started with no words at all but options ({@code claude},
     * {@code codex}, {@code gemini}, {@code opencode}, {@code claude --continue}): it opens its
     * terminal UI and waits for a prompt typed into it, which the agent running it cannot answer,
     * and whatever is typed there later runs unseen by this policy (SW7012, as a bare REPL). Its
     * one-shot forms ({@code claude -p '…'}, {@code codex exec '…'}, {@code gemini -p '…'},
     * {@code opencode run '…'}) and subcommands ({@code claude mcp list}) have a word or a
     * one-shot option and are judged by the nested-agent rules instead. Where the table gives a
     * client's subcommands, a first operand that is none of them (option values skipped) is the
     * prompt its UI opens with ({@code claude 'fix the tests'}, {@code codex 'x'}, opencode's
     * project folder), and some subcommands open the UI ({@code codex resume}); where an operand
     * runs one-shot ({@code gemini 'x'}), only the client's session options open it ({@code gemini -i 'x'}).
     */
    static boolean opensSession(Cmd c) {
        Client k = clientOf(c);
        if (k == null || !k.terminalUi || c.anyFlag(INFO_OPTIONS)) {
            return false;
        }
        // an option that opens the UI with a prompt (`gemini -i 'x'`, `opencode --prompt 'x'`) wins over the operand
        if (!k.sessionOptions.isEmpty() && (c.anyFlag(k.sessionOptions)
                || Words.setOf(k.sessionOptions).stream().anyMatch(o -> o.startsWith("--") && c.argStartsWith(o + "=")))) {
            return true;
        }
        if (!k.oneShot.isEmpty() && (c.anyFlag(k.oneShot)
                || Words.setOf(k.oneShot).stream().anyMatch(o -> o.startsWith("--") && c.argStartsWith(o + "=")))) {
            return false;
        }
        List<String> operands = c.positionals(k.valued);
        if (SCRIPT_RUNTIMES.contains(c.getName()) && !operands.isEmpty()) {
            operands = operands.subList(1, operands.size()); // `node …/cli.js`: the script is no operand of the client
        }
        if (operands.isEmpty()) {
            return k.bareOpens;
        }
        // with the client's subcommand table, a first operand that is no subcommand is its prompt (or
        // project folder): `claude 'fix the tests'` opens the TUI with it; `claude mcp list` runs and exits
        String first = operands.get(0);
        if (k.sessionCommands.contains(first)) {
            return operands.size() < 2 || !k.sessionExits.contains(operands.get(1));
        }
        return k.subcommands != null && !k.subcommands.contains(first);
    }

    /** Options that print and exit whatever else is given. */
    private static final String INFO_OPTIONS = "-h --help -v -V --version";

    /**
     * True for a client's own command that changes its MCP servers, extensions or settings
     * ({@code claude mcp add}, {@code claude config set}, {@code codex mcp add}, {@code gemini
     * extensions install}, {@code code --add-mcp}), also by its package name or script
     * ({@code npx @anthropic-ai/claude-code mcp add}): the files it writes are the protected ones
     * ({@link PathFacts#isSelfProtected}), and a server added there is a program the client starts
     * by itself. Listing and showing ({@code claude mcp list}) change nothing.
     */
    static boolean changesSettings(Cmd c) {
        Client k = clientOf(c);
        return k != null && (wordPair(c, "mcp", MCP_CHANGES) || k.settings != null && k.settings.test(c));
    }

    /** The editor settings files that hold an editor agent's approvals: the folder's, a workspace's and the user's. */
    private static final Pattern EDITOR_SETTINGS = Pattern.compile(
            "(?i)(.*/)?\\.vscode/settings\\.json|(.*/)?[^/]+\\.code-workspace|(.*/)?(Code|Code - Insiders|VSCodium|Cursor|Windsurf)/User/settings\\.json");

    /**
     * The editor agents' approval settings: VS Code's chat tools and terminal auto-approval
     * ({@code chat.tools.autoApprove}, {@code chat.tools.global.autoApprove},
     * {@code chat.tools.terminal.autoApprove}, the older {@code chat.agent.terminal.allowList}) and
     * Cline's, Roo's and Kilo's command allow-lists, and Amp's allow-all and command allow-list
     * (Amp reads the editor's settings): a line there lets the editor's agent run commands
     * without asking.
     */
    private static final Pattern EDITOR_APPROVAL_KEY = Pattern.compile(
            "(?i)chat\\.tools\\.([a-z]+\\.)?autoApprove|chat\\.agent\\.terminal\\.(allowList|autoApprove)"
            + "|copilot\\.chat\\.agent\\.terminal\\.allowList|(roo-cline|kilo-code|cline)\\.allowedCommands"
            // Amp reads its settings from the editor's too: allow everything, or commands by pattern
            + "|amp\\.dangerouslyAllowAll|amp\\.commands\\.allowlist|amp\\.permissions");

    /**
     * True when the command writes an editor's settings ({@code .vscode/settings.json}, a
     * {@code .code-workspace}, the user's {@code Code/User/settings.json}) with text that names an
     * editor agent's approval setting, in its own words or on its standard input: the folder's
     * settings are otherwise the project's (formatters, rulers) and stay writable.
     */
    static boolean writesEditorAutoApproval(Cmd c) {
        return c.getWriteTargets().stream().anyMatch(f -> EDITOR_SETTINGS.matcher(PathFacts.unquote(f)).matches())
                && c.argFind(EDITOR_APPROVAL_KEY.pattern());
    }

    /**
     * Claude Code's slash commands and skills, the project's and the user's: their front matter's
     * {@code allowed-tools} pre-approves those tools while the command or skill runs, and the model
     * invokes both by itself (the SlashCommand and Skill tools).
     */
    private static final Pattern CLAUDE_TOOL_FILES = Pattern.compile("(?i)(.*/)?\\.claude/(commands|skills)/.+");

    /** An {@code allowed-tools:} line's value, up to a newline or a printf-style {@code \n}; a YAML list's brackets are left to {@link #toolSpecs}' callers. */
    private static final Pattern ALLOWED_TOOLS = Pattern.compile("(?i)allowed-tools[ \\t]*:[ \\t]*(.*?)[ \\t]*(?:\\\\n|\\n|$)");

    /**
     * True when the command writes, as visible text, a Claude Code command or skill whose
     * {@code allowed-tools} grants the shell tool as broadly as {@code --allowedTools Bash} would
     * ({@link #broadShellGrant}: {@code Bash}, {@code Bash(*)}, {@code Bash(sh:*)}): the model can
     * then run any command unasked by invoking it. Narrow grants ({@code Bash(git status)},
     * {@code Read, Grep}) and files without the key stay writable; copied or downloaded files are
     * SW8018's (their text is not seen).
     */
    static boolean writesBroadToolGrant(Cmd c) {
        if (c.getWriteTargets().stream().noneMatch(f -> CLAUDE_TOOL_FILES.matcher(PathFacts.unquote(f).replace('\\', '/')).matches())) {
            return false;
        }
        List<String> texts = new ArrayList<>(c.getArgs());
        // `printf '%s\n' 'allowed-tools:' '  - Bash'`: each word a line of the file
        texts.add(String.join("\n", c.getArgs()));
        if (c.isHasStdinText()) {
            texts.add(c.getStdin());
        }
        for (String t : texts) {
            java.util.regex.Matcher m = ALLOWED_TOOLS.matcher(t);
            while (m.find()) {
                String value = m.group(1).replaceAll("^\\[|\\]$", "");
                List<String> specs = value.isEmpty() ? blockListItems(t, m.end()) : toolSpecs(value);
                for (String spec : specs) {
                    if (broadShellGrant(spec, Set.of("Bash"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * True when some positional word is {@code first} and the next one is among the space-separated
     * words. Options before the pair may take values this does not know, so the pair is looked for
     * anywhere: a deny rule reads it, and reading too much only asks more.
     */
    private static boolean wordPair(Cmd c, String first, String spaceSeparated) {
        List<String> p = c.positionals("");
        for (int i = 0; i + 1 < p.size(); i++) {
            if (p.get(i).equals(first) && Words.setOf(spaceSeparated).contains(p.get(i + 1))) {
                return true;
            }
        }
        return false;
    }

    /** The client the command runs, or null. */
    private static Client clientOf(Cmd c) {
        Client byName = BY_PROGRAM.get(c.getName());
        if (byName != null) {
            return byName;
        }
        String word = c.getPath();
        if (SCRIPT_RUNTIMES.contains(c.getName())) {
            List<String> p = c.positionals("");
            word = p.isEmpty() ? "" : p.get(0);
        }
        String key = packageKey(word);
        Client byPackage = BY_PROGRAM.get(key);
        if (byPackage != null) {
            return byPackage;
        }
        // read for every segment (twice: unguarded and changesSettings): the regex only for a script name
        String base = Cmd.basename(key);
        return BY_PROGRAM.get(base.endsWith("js") ? JS_SUFFIX.matcher(base).replaceFirst("") : base);
    }

    /** A script's JavaScript suffix ({@code cli.js}, {@code cli.mjs}), compiled once: clientOf runs for every segment. */
    private static final Pattern JS_SUFFIX = Pattern.compile("\\.(c|m)?js$");

    /**
     * The package a program word names: {@code @scope/name@1.2} gives {@code @scope/name},
     * {@code name@latest} gives {@code name}, and a path into {@code node_modules} gives the
     * package there ({@code node_modules/@scope/name/cli.js}) or its {@code .bin} name.
     */
    static String packageKey(String word) {
        String w = word.replace('\\', '/');
        int nm = w.lastIndexOf("node_modules/");
        if (nm >= 0) {
            String[] parts = w.substring(nm + "node_modules/".length()).split("/");
            if (parts[0].equals(".bin") && parts.length > 1) {
                return parts[1];
            }
            return parts[0].startsWith("@") && parts.length > 1 ? parts[0] + "/" + parts[1] : parts[0];
        }
        int version = w.indexOf('@', w.startsWith("@") ? 1 : 0);
        return version > 0 ? w.substring(0, version) : w;
    }

    /**
     * True when the command sets one of the table's variables to a value that switches checks
     * off ({@link #variableSettings}).
     */
    private static boolean setsSwitch(Cmd c) {
        for (String s : variableSettings(c)) {
            int eq = s.indexOf('=');
            if (eq > 0 && isSwitchValue(s.substring(0, eq), s.substring(eq + 1))) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code value} of the table's variable {@code name} (any case) switches checks off. */
    private static boolean isSwitchValue(String name, String value) {
        for (Map.Entry<String, Pattern> e : SWITCH_VARIABLES.entrySet()) {
            if (name.equalsIgnoreCase(e.getKey()) && e.getValue().matcher(value).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Files whose text runs later as commands: shell and PowerShell scripts, batch files, alias
     * files ({@code .bash_aliases}, {@code .aliases}), task files. Shell start-up files are SW8001's.
     */
    private static final Pattern SCRIPT_FILE = Pattern.compile("(?i)(.*[/\\\\])?([^/\\\\]*\\.(sh|bash|zsh|ksh|fish|ps1|psm1|bat|cmd|command)"
            + "|\\.?[a-z_]*aliases|makefile|gnumakefile|justfile|taskfile\\.ya?ml|package\\.json)");

    /**
     * What separates the words of a written line when it is read for a launch: blanks, quotes,
     * {@code =}, operators, and printf's escapes for a line break or tab ({@code '\tcodex --yolo\n'}).
     */
    private static final Pattern LAUNCH_WORD_BREAK = Pattern.compile("([\\s'\"=;()|&{}`]|\\\\[nrt])+");

    /**
     * True when the command writes a script, an alias file or a task file ({@link #SCRIPT_FILE},
     * or any file whose text starts with {@code #!}) whose literal text holds, on one line, a
     * client of the table followed by one of its switches ({@code claude
     * --dangerously-skip-permissions}, {@code alias cx="codex --yolo"}, {@code --approval-mode
     * yolo}): the file starts the client unguarded whenever it runs, long after this write was
     * judged. The line is read word by word, not parsed: a switch after the client's name on the
     * same line counts (reading too much only denies more); allow-lists are not read here.
     */
    private static boolean writesUnguardedLaunch(Cmd c) {
        List<String> texts = writtenTexts(c);
        boolean script = texts.stream().anyMatch(t -> t.startsWith("#!"));
        // read for every segment: the write targets only when some word could hold an option
        if (!script && texts.stream().noneMatch(t -> t.indexOf('-') >= 0)) {
            return false;
        }
        for (String target : c.getWriteTargets()) {
            script |= SCRIPT_FILE.matcher(target).matches();
        }
        if (!script) {
            return false;
        }
        for (String t : texts) {
            for (String line : t.split("\\R")) {
                if (lineLaunchesUnguarded(LAUNCH_WORD_BREAK.split(line))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when some word names a client and a later word is one of its switches (an option, or an option and its value). */
    private static boolean lineLaunchesUnguarded(String[] words) {
        for (int i = 0; i < words.length; i++) {
            Client k = BY_PROGRAM.get(packageKey(Cmd.basename(words[i])));
            if (k == null) {
                continue;
            }
            for (int j = i + 1; j < words.length; j++) {
                String v = k.offValues.get(words[j]);
                if (k.offFlags.contains(words[j]) || v != null && j + 1 < words.length && v.equalsIgnoreCase(words[j + 1])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The table's variable names as a regex alternation. */
    private static final String SWITCH_NAMES = String.join("|", SWITCH_VARIABLES.keySet());

    /**
     * A switch variable given a value in written text: {@code NAME=V}, {@code export NAME=V},
     * {@code $env:NAME = 'V'}, YAML's {@code NAME: V} (goose's config.yaml keys are its variables'
     * names); group 1 the name, group 2 the value, quoted or one bare word. Not a reference ({@code $NAME}).
     */
    private static final Pattern WRITTEN_ASSIGNMENT = Pattern.compile(
            "(?i)(?<![A-Za-z0-9_$])(" + SWITCH_NAMES + ")\\s*[=:]\\s*(\"[^\"\\n]*\"|'[^'\\n]*'|[^\\s;'\"\\\\]*)");

    /** fish's {@code set -gx NAME V} and Windows' {@code setx NAME V} in written text: group 1 the name, group 2 the value. */
    private static final Pattern WRITTEN_SETTER = Pattern.compile(
            "(?i)\\b(?:setx|set\\s+-[A-Za-z]+)\\s+(" + SWITCH_NAMES + ")\\s+(\"[^\"\\n]*\"|'[^'\\n]*'|[^\\s;'\"\\\\]*)");

    /**
     * True when the command writes a file ({@code >> .env}, {@code tee -a}, {@code Add-Content})
     * whose literal text sets a switch variable to a value that switches checks off:
     * {@code GOOSE_MODE=auto} in a {@code .env} that dotenv loaders and direnv's {@code dotenv}
     * export, {@code export GOOSE_MODE=auto} in a profile, {@code GOOSE_MODE: auto} in goose's
     * config.yaml, {@code set -gx} in fish's config. The client started later from that
     * environment runs every tool unasked, as with the variable exported now. The text read is
     * the command's words and its heredoc or here-string; {@code GOOSE_MODE=approve} is no switch.
     */
    private static boolean writesSwitch(Cmd c) {
        // read for every segment: the words are only matched, and the write targets only read,
        // when one names a variable of the table (each has an underscore)
        List<String> texts = writtenTexts(c);
        if (texts.stream().noneMatch(AgentLaunches::namesSwitchVariable) || c.getWriteTargets().isEmpty()) {
            return false;
        }
        for (String t : texts) {
            for (Pattern p : List.of(WRITTEN_ASSIGNMENT, WRITTEN_SETTER)) {
                java.util.regex.Matcher m = p.matcher(t);
                while (m.find()) {
                    String v = m.group(2);
                    boolean quoted = v.length() > 1 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0);
                    if (isSwitchValue(m.group(1), quoted ? v.substring(1, v.length() - 1) : v)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** True when the text names a variable of the table, in any case. */
    private static boolean namesSwitchVariable(String text) {
        if (text.indexOf('_') < 0) {
            return false;
        }
        String upper = text.toUpperCase(Locale.ROOT);
        return SWITCH_VARIABLES.keySet().stream().anyMatch(upper::contains);
    }

    /** The literal text a command may write: its words, and its heredoc or here-string. */
    private static List<String> writtenTexts(Cmd c) {
        if (!c.isHasStdinText()) {
            return c.getArgs();
        }
        List<String> texts = new ArrayList<>(c.getArgs());
        texts.add(c.getStdin());
        return texts;
    }

    /**
     * The variables the command sets, as {@code NAME=VALUE}: a prefix assignment
     * ({@code GOOSE_MODE=auto goose run}, also before a runner, whose child inherits it),
     * PowerShell's {@code $env:NAME = …}, {@code export}, {@code declare -x}, {@code typeset -x},
     * and the setters that keep it for later sessions: Windows' {@code setx NAME VALUE}, macOS'
     * {@code launchctl setenv NAME VALUE}, fish's {@code set -x NAME VALUE},
     * {@code systemctl --user set-environment NAME=VALUE} and PowerShell's
     * {@code Set-Item Env:NAME VALUE}.
     */
    private static List<String> variableSettings(Cmd c) {
        List<String> out = new ArrayList<>();
        for (String a : c.getAssignments()) {
            out.add(a.regionMatches(true, 0, "$env:", 0, 5) ? a.substring(5) : a);
        }
        String name = c.getName().toLowerCase(Locale.ROOT);
        // read for every segment: the positional words only for the setters that need them
        switch (name) {
            case "export", "declare", "typeset", "local" -> {
                if (name.equals("export") || c.flag("-x")) {
                    out.addAll(c.getArgs());
                }
            }
            case "systemctl" -> out.addAll(c.positionals(""));
            case "setx" -> pair(out, c.positionals(""), 0);
            case "launchctl" -> {
                List<String> p = c.positionals("");
                pair(out, p, p.contains("setenv") ? p.indexOf("setenv") + 1 : -1);
            }
            case "set" -> {
                if (c.flag("-x") || c.flag("--export")) {
                    pair(out, c.positionals(""), 0);
                }
            }
            case "set-item", "si", "new-item", "ni" -> {
                List<String> p = c.positionals("");
                if (!p.isEmpty() && p.get(0).regionMatches(true, 0, "env:", 0, 4)) {
                    String value = c.valueOf("-Value -value");
                    out.add(p.get(0).substring(4) + "=" + (value.isEmpty() && p.size() > 1 ? p.get(1) : value));
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** Adds {@code NAME=VALUE} read from two positional words from {@code at}, when there are two. */
    private static void pair(List<String> out, List<String> positionals, int at) {
        if (at >= 0 && at + 1 < positionals.size()) {
            out.add(positionals.get(at) + "=" + positionals.get(at + 1));
        }
    }

    /**
     * True when an allow-list option pre-approves the client's shell tool for every command:
     * the tool bare ({@code Bash}, {@code shell}), with a pattern that matches everything
     * ({@code Bash(*)}, {@code Bash(:*)}), every tool ({@code *}), or one program that runs or
     * destroys anything ({@code shell(bash)}, {@code Bash(python3:*)}, {@code shell(rm)}), or with
     * any words one whose own words run any program ({@code Bash(git:*)}, {@code shell(npm)},
     * {@code Bash(uv *)}). A narrow allowance ({@code Bash(git status)}, {@code Bash(git diff:*)},
     * {@code Bash(ls:*)}, {@code Read,Edit}) is no switch.
     */
    private static boolean grantsShell(Cmd c, Client k) {
        if (k.grants.isEmpty()) {
            return false;
        }
        for (String value : grantValues(c, k.grants)) {
            for (String spec : toolSpecs(value)) {
                if (broadShellGrant(spec, k.shellTools)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The values of the allow-list options: {@code --opt=V}, and every word after {@code --opt}
     * up to the next option (Claude Code's list option takes several words; reading a prompt
     * as a tool name too only denies more).
     */
    private static List<String> grantValues(Cmd c, Set<String> options) {
        List<String> out = new ArrayList<>();
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0 && options.contains(a.substring(0, eq))) {
                out.add(a.substring(eq + 1));
            } else if (options.contains(a)) {
                for (int j = i + 1; j < args.size() && !args.get(j).startsWith("-"); j++) {
                    out.add(args.get(j));
                }
            }
        }
        return out;
    }

    /**
     * The variables naming the folder or file a coding agent reads its permission settings from
     * instead of the user's (Claude Code, Codex, OpenCode, Gemini CLI; a home or config home holds
     * them all). SW4014 asks for any of them; this reads where they point.
     */
    private static final Pattern SETTINGS_HOME_VARIABLE = Pattern.compile(
            "(CLAUDE_CONFIG_DIR|CODEX_HOME|OPENCODE_CONFIG|OPENCODE_CONFIG_DIR|XDG_CONFIG_HOME|HOME"
                    + "|GEMINI_CLI_SYSTEM_SETTINGS_PATH|GEMINI_CLI_SYSTEM_DEFAULTS_PATH)=(.+)");

    /**
     * Settings text that lets an agent run any command unasked: a broad shell grant in a JSON
     * string ({@link #broadShellGrant}, read separately), bypass mode, OpenCode's allow-all
     * permission, Codex's never-ask approval or unsandboxed mode, Gemini CLI's yolo mode,
     * auto-accept or shell tool allowed.
     */
    private static final Pattern BROAD_SETTINGS = Pattern.compile("(?i)bypassPermissions|dangerously-?skip-?permissions"
            + "|skipDangerousModePermissionPrompt|\"permission\"\\s*:\\s*\"allow\"|\"(\\*|bash)\"\\s*:\\s*\"allow\""
            + "|approval_policy\\s*=\\s*\"?never|danger-full-access|\"yolo\"|autoAccept\"?\\s*:\\s*true"
            + "|\"allowed\"\\s*:\\s*\\[[^\\]]*(run_shell_command|ShellTool)");

    /** A JSON string's text ({@code "Bash(*)"}), read as a tool specification. */
    private static final Pattern JSON_STRING = Pattern.compile("\"([^\"\\\\]{1,200})\"");

    /** True when the command starts a client of the table, by name, package or script. */
    static boolean launchesAgent(Cmd c) {
        return clientOf(c) != null;
    }

    /**
     * The folders or files the agent {@code launch} reads its settings from, as {@code setter}'s
     * words name them ({@link #SETTINGS_HOME_VARIABLE}): the launch's own prefixes and env words,
     * or an earlier export, declare or typeset; empty when {@code launch} starts no known agent.
     */
    static List<String> settingsHomesFor(Cmd setter, Cmd launch) {
        if (clientOf(launch) == null || setter != launch && !setter.named("export declare typeset")) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String w : setter.assignmentWords()) {
            java.util.regex.Matcher m = SETTINGS_HOME_VARIABLE.matcher(PathFacts.unquote(w));
            if (m.matches()) {
                String home = PathFacts.unquote(m.group(2)).replaceAll("/+$", "");
                if (!home.isEmpty()) {
                    out.add(home);
                }
            }
        }
        return out;
    }

    /**
     * True when {@code c} writes, as visible text, a file inside (or named by) a settings home
     * {@code setter} gives the agent {@code launch} ({@link #settingsHomesFor}) holding settings that
     * let it run any command unasked ({@link #BROAD_SETTINGS}, a broad {@code Bash} grant). WHY
     * (left38): a launch under another settings home only asked (SW4014), though the command had
     * just filled that home with a bypass; a launch on a home the command did not write still asks.
     */
    static boolean writesBroadSettingsFor(Cmd c, Cmd setter, Cmd launch) {
        List<String> homes = settingsHomesFor(setter, launch);
        if (homes.isEmpty() || c.getWriteTargets().stream().map(f -> PathFacts.unquote(f).replace('\\', '/'))
                .noneMatch(f -> homes.stream().anyMatch(h -> f.equals(h) || f.startsWith(h + "/")))) {
            return false;
        }
        List<String> texts = new ArrayList<>(c.getArgs());
        if (c.isHasStdinText()) {
            texts.add(c.getStdin());
        }
        for (String t : texts) {
            if (BROAD_SETTINGS.matcher(t).find()) {
                return true;
            }
            java.util.regex.Matcher s = JSON_STRING.matcher(t);
            while (s.find()) {
                if (s.group(1).startsWith("Bash") && broadShellGrant(s.group(1), Set.of("Bash"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A line break of a written file: a newline or a printf-style {@code \n}. */
    private static final Pattern LINE_BREAK = Pattern.compile("\\\\n|\\n");
    /** One item of a YAML block sequence ({@code   - Bash}, {@code - "Bash(*)"}), its comment left out. */
    private static final Pattern BLOCK_ITEM = Pattern.compile("\\s*-\\s+(.*?)(?:\\s+#.*)?\\s*");

    /**
     * The items of the YAML block sequence that starts at {@code from} ({@code allowed-tools:}
     * with nothing after it, then one {@code - TOOL} per line), up to the first line that is no
     * item; blank lines are skipped, as YAML does. WHY (left38): the inline forms were read, the
     * block list ({@code allowed-tools:}, {@code   - Bash}) was not, so the same grant was written unasked.
     */
    static List<String> blockListItems(String t, int from) {
        List<String> out = new ArrayList<>();
        for (String line : LINE_BREAK.split(t.substring(from), -1)) {
            if (line.isBlank()) {
                continue;
            }
            java.util.regex.Matcher item = BLOCK_ITEM.matcher(line);
            if (!item.matches()) {
                break;
            }
            out.add(item.group(1));
        }
        return out;
    }

    /** The tool specifications of one value: separated by commas or blanks outside parentheses. */
    static List<String> toolSpecs(String value) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        for (char ch : value.toCharArray()) {
            if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth = Math.max(0, depth - 1);
            }
            if (depth == 0 && (ch == ',' || Character.isWhitespace(ch))) {
                if (!cur.isEmpty()) {
                    out.add(cur.toString());
                }
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }

    /** True when one tool specification allows every shell command (see {@link #grantsShell}). */
    static boolean broadShellGrant(String spec, Set<String> shellTools) {
        String s = spec.replaceAll("[\"']", "").trim();
        int open = s.indexOf('(');
        String tool = open < 0 ? s : s.substring(0, open).trim();
        if (tool.equals("*")) {
            return true;
        }
        boolean shell = shellTools.stream().anyMatch(t -> t.equalsIgnoreCase(tool));
        if (!shell) {
            return false;
        }
        if (open < 0) {
            return true;
        }
        String pattern = s.substring(open + 1, s.endsWith(")") ? s.length() - 1 : s.length()).trim();
        String[] programAndRest = pattern.split("[\\s:]", 2);
        String program = programAndRest[0];
        if (program.isEmpty() || program.contains("*")) {
            return true;
        }
        String name = Cmd.basename(program).toLowerCase(Locale.ROOT);
        if (Cmd.isShellName(name) || Cmd.isInterpreterName(name) || RUNS_OR_DESTROYS_ANYTHING.contains(name)) {
            return true;
        }
        // the program with any words after it: its options or subcommands reach any program
        String rest = programAndRest.length > 1 ? pattern.substring(program.length()) : "";
        return ANY_WORDS.matcher(rest).matches() && runsProgramsByItsWords(name);
    }

    /** What follows the program in a grant that allows it with any words: nothing, {@code :*}, {@code  *}, {@code *}. */
    private static final Pattern ANY_WORDS = Pattern.compile("\\s*:?\\s*\\*?\\s*");

    /**
     * True for a program whose own words can make it run any other: settings that store a command
     * line ({@code git -c core.pager=…}, {@code git config alias.x '!…'}, {@code npm pkg set
     * scripts}: {@link CommandSettings#storesCommands}), a subcommand that runs a program
     * ({@code uv run}, {@code pnpm dlx}, {@code yarn dlx}: {@link Launchers#isToolRunner}), an
     * option that names one ({@code tar --to-command}, {@code rsync -e}, {@code docker}'s config:
     * {@link ProgramOptions#namesPrograms}). The grammar's tables, read, not copied.
     */
    private static boolean runsProgramsByItsWords(String name) {
        return CommandSettings.storesCommands(name) || Launchers.isToolRunner(name) || ProgramOptions.namesPrograms(name);
    }

    /**
     * codex with no sandbox and no approvals in two options: {@code -s danger-full-access} (or
     * the {@code sandbox_mode} config override) with {@code exec}, which never asks, or with
     * approvals set to never.
     */
    private static boolean codexUnsandboxedUnasked(Cmd c) {
        boolean unsandboxed = c.valueOf("-s --sandbox").equals("danger-full-access")
                || c.argMatches("(-c|--config=)?sandbox_mode=[\"']?danger-full-access[\"']?");
        boolean unasked = c.anyArg("exec e") || c.valueOf("-a --ask-for-approval").equals("never")
                || c.argMatches("(-c|--config=)?approval_policy=[\"']?never[\"']?");
        return unsandboxed && unasked;
    }

    /**
     * plandex storing full autonomy for the plan or as the default for new plans
     * ({@code plandex set-auto full}, {@code set-auto default full}, {@code set-config auto-exec
     * true}, {@code set-config auto-mode full}): every later {@code plandex tell} runs its commands unasked.
     */
    private static boolean plandexStoresFullAutonomy(Cmd c) {
        List<String> p = c.positionals("");
        if (p.contains("set-auto")) {
            return p.contains("full");
        }
        return p.contains("set-config") && (p.contains("auto-mode") && p.contains("full")
                || (p.contains("auto-exec") || p.contains("auto-debug")) && p.contains("true"));
    }
}
