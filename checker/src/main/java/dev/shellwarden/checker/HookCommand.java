package dev.shellwarden.checker;

import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.hook.CommandJudge;
import dev.shellwarden.hook.ShellCall;
import dev.shellwarden.hook.Decision;
import dev.shellwarden.hook.HookOutcome;
import dev.shellwarden.hook.HookProtocol;
import dev.shellwarden.hook.HookRunner;
import dev.shellwarden.hook.Judgement;
import dev.shellwarden.hook.claude.ClaudeCodeHook;
import dev.shellwarden.hook.codex.CodexProtocol;
import dev.shellwarden.hook.copilot.CopilotCliProtocol;
import dev.shellwarden.hook.gemini.GeminiCliProtocol;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code shell-warden hook AGENT [--config FILE] [--project-dir DIR] [--deadline-ms N] [--defer-allow] [--ask-as-deny]}:
 * the checker as an agent client's hook, judging in-process with the same engine, built-in rules
 * and config as the letter check. Agents: {@code claude-code}, {@code gemini-cli}, {@code codex}
 * (OpenAI's Codex CLI), {@code copilot-cli}.
 *
 * <p>Only {@link Main} refers to this class, and only when the first argument is {@code hook}, so
 * the letter check never loads it. INVARIANT: a bad command line, an unreadable config or an
 * engine that fails to start ends as exit 2 with one stderr line, which every supported client treats as a
 * refusal: a broken hook installation blocks commands instead of letting them through.
 */
public final class HookCommand {

    /** The agent name of the Claude Code adapter. */
    public static final String CLAUDE_CODE = "claude-code";
    /** The agent name of the Gemini CLI adapter. */
    public static final String GEMINI_CLI = "gemini-cli";
    /** The agent name of the Codex CLI adapter. */
    public static final String CODEX = "codex";
    /** The agent name of the GitHub Copilot CLI adapter. */
    public static final String COPILOT_CLI = "copilot-cli";

    private static final String USAGE = "usage: shell-warden hook claude-code|gemini-cli|codex|copilot-cli [--config FILE] [--project-dir DIR] [--deadline-ms N] [--defer-allow] [--ask-as-deny] < hook-input.json";
    private static final long MIN_DEADLINE_MS = 100;
    private static final long MAX_DEADLINE_MS = 600_000;

    private HookCommand() {
    }

    /**
     * The process entry for {@code shell-warden hook ARGS…}: runs, flushes, and ends the JVM.
     * Never returns.
     *
     * <p>WHY halt and not exit: the answer is complete once flushed; a shutdown hook that blocked
     * (or a judge thread still running) would keep the process alive until Claude Code's timeout,
     * and a timed-out hook lets the command run whatever it printed.
     */
    static void main(String[] args, PrintStream stdout, PrintStream stderr) {
        int status;
        try {
            status = run(args, System.in, stdout, stderr);
        } catch (Throwable t) {
            // run() does not throw; this is the last line of defence, e.g. an OutOfMemoryError.
            status = HookOutcome.EXIT_REFUSE;
            stderr.println("shell-warden: internal error in the hook; ask the user to run the command themselves");
        }
        stdout.flush();
        stderr.flush();
        Runtime.getRuntime().halt(status);
    }

    /** Runs {@code shell-warden hook ARGS…} (args after {@code hook}); returns the exit status. */
    public static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        ColdStart.beforeDrools();
        Options opts;
        try {
            opts = Options.parse(args);
        } catch (IllegalArgumentException e) {
            return HookOutcome.refuse("shell-warden hook: " + e.getMessage() + "; " + USAGE).emit(out, err);
        }
        if (opts.help()) {
            // Usage goes to stderr with exit 2, not stdout with exit 0: a hook configured with
            // --help by mistake must block commands, and Claude Code runs them after any exit-0
            // output that is not its JSON.
            return HookOutcome.refuse(USAGE).emit(out, err);
        }
        EngineJudge judge = new EngineJudge(opts.config(), opts.projectDir());
        // The rule base builds from now on (EngineJudge); the one-time initialisers run beside it
        // on a third thread rather than here, so the adapter's deadline clock is not touched.
        Thread warm = new Thread(ColdStart::aheadOfTheRuleBase, "shell-warden-warm-up");
        warm.setDaemon(true);
        warm.start();
        HookProtocol protocol = switch (opts.agent()) {
            case GEMINI_CLI -> GeminiCliProtocol.INSTANCE;
            // Codex starts the hook in the session's directory: the project unless --project-dir says otherwise.
            case CODEX -> new CodexProtocol(opts.projectDir() != null ? opts.projectDir() : System.getProperty("user.dir"));
            case COPILOT_CLI -> CopilotCliProtocol.INSTANCE;
            default -> ClaudeCodeHook.PROTOCOL;
        };
        return new HookRunner(protocol, judge, opts.deadline(), opts.deferAllow(), opts.askAsDeny()).run(in, out, err);
    }

    /** Runs the Claude Code adapter over any judge (tests inject failing judges here). */
    static int runClaudeCode(CommandJudge judge, Duration deadline, InputStream in, OutputStream out, PrintStream err) {
        return new ClaudeCodeHook(judge, deadline).run(in, out, err);
    }

    /** The parsed command line. */
    record Options(String agent, Path config, String projectDir, Duration deadline, boolean deferAllow, boolean askAsDeny,
            boolean help) {

        static Options parse(String[] args) {
            if (args.length == 0) {
                throw new IllegalArgumentException("missing the agent name");
            }
            if (args[0].equals("-h") || args[0].equals("--help")) {
                return new Options(null, null, null, HookRunner.DEFAULT_DEADLINE, false, false, true);
            }
            String agent = args[0];
            if (!agent.equals(CLAUDE_CODE) && !agent.equals(GEMINI_CLI) && !agent.equals(CODEX) && !agent.equals(COPILOT_CLI)) {
                throw new IllegalArgumentException("unknown agent `" + agent + "` (known: " + CLAUDE_CODE + ", " + GEMINI_CLI
                        + ", " + CODEX + ", " + COPILOT_CLI + ")");
            }
            Path config = null;
            Duration deadline = HookRunner.DEFAULT_DEADLINE;
            boolean deferAllow = false;
            boolean askAsDeny = false;
            String projectDir = null;
            for (int i = 1; i < args.length; i++) {
                switch (args[i]) {
                    case "--config" -> {
                        if (i + 1 >= args.length || config != null) {
                            throw new IllegalArgumentException("--config needs exactly one file");
                        }
                        config = Path.of(args[++i]);
                    }
                    case "--deadline-ms" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("--deadline-ms needs a number");
                        }
                        deadline = Duration.ofMillis(deadlineMs(args[++i]));
                    }
                    case "--project-dir" -> {
                        // Given as "$CLAUDE_PROJECT_DIR" in the hook command: empty when the
                        // client did not set it, which must not silently fall back to the cwd.
                        if (i + 1 >= args.length || !args[i + 1].startsWith("/")) {
                            throw new IllegalArgumentException("--project-dir needs an absolute directory");
                        }
                        projectDir = args[++i];
                    }
                    case "--defer-allow" -> deferAllow = true;
                    case "--ask-as-deny" -> askAsDeny = true;
                    case "-h", "--help" -> {
                        return new Options(agent, null, null, deadline, false, false, true);
                    }
                    default -> throw new IllegalArgumentException("unknown argument `" + args[i] + "`");
                }
            }
            return new Options(agent, config, projectDir, deadline, deferAllow, askAsDeny, false);
        }

        private static long deadlineMs(String s) {
            long ms;
            try {
                ms = Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--deadline-ms must be a number, got `" + s + "`");
            }
            if (ms < MIN_DEADLINE_MS || ms > MAX_DEADLINE_MS) {
                throw new IllegalArgumentException("--deadline-ms must be in " + MIN_DEADLINE_MS + ".." + MAX_DEADLINE_MS);
            }
            return ms;
        }
    }

    /**
     * The judge over the real engine. The config is read and the rules are loaded on a second
     * thread from construction on, while the adapter reads its input; the first call waits for
     * them inside the adapter's deadline, so a slow start still cannot outlast Claude Code's
     * timeout (which would let the command run).
     */
    static final class EngineJudge implements CommandJudge {

        private final String projectDir;
        /** Config and rule base, built on a second thread from construction on (see Preload). */
        private final Preload<Checker> checker;

        /**
         * A judge with the config at {@code configPath} (the defaults when null) and the project
         * directory {@code projectDir} (when null, each command's cwd is taken as the project).
         * Starts reading the config and building the rule base at once; a failure of either
         * surfaces in the first {@link #judge} call.
         */
        EngineJudge(Path configPath, String projectDir) {
            this.projectDir = projectDir;
            this.checker = Preload.start("shell-warden-rulebook", () -> {
                CheckerConfig cfg = configPath == null ? CheckerConfig.DEFAULTS : ConfigReader.read(configPath);
                // The config's policy bundle, if any, joins the built-in rules exactly as in the letter check.
                return new Checker(new Engine(PolicyBundle.ruleBook(cfg, HookCommand.class.getClassLoader())), cfg);
            });
        }

        /** The project directory a command running in {@code cwd} is judged against. */
        String projectDirFor(String cwd) {
            return projectDir != null ? projectDir : cwd;
        }

        @Override
        public Judgement judge(ShellCall call) {
            // Claude Code runs Bash in the session's cwd; without --project-dir that is also taken
            // as the project (a `cd` elsewhere in an earlier call moves it: see the README). Gemini
            // CLI reports its session directory apart from the cwd a dir_path call runs in; Codex's
            // is the directory it starts the hook in (the cwd is the model's workdir).
            String project = projectDir != null ? projectDir : call.project().orElse(call.cwd());
            Checker c = checker.get();
            String shell = c.shell().name().toLowerCase(java.util.Locale.ROOT);
            if (!call.dialect().wire().equals(shell)) {
                // Copilot CLI has a bash and a powershell tool; the config reads one language only.
                return new Judgement(Decision.DENY, "", "this " + call.dialect().wire() + " command cannot be checked by a"
                        + " shell-warden configured for " + shell + ": run it with the " + shell + " tool, or install the hook"
                        + " for " + call.dialect().wire() + " with a config holding \"shell\": \"" + call.dialect().wire() + "\"");
            }
            CommandDecision d = c.decide(call.command(), project, call.cwd(), call.background());
            return new Judgement(decision(d.verdict()), d.rule().id(), d.message());
        }

        private static Decision decision(dev.shellwarden.engine.Verdict v) {
            return switch (v) {
                case ALLOW -> Decision.ALLOW;
                case ASK -> Decision.ASK;
                case DENY -> Decision.DENY;
            };
        }
    }
}
