package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.BuiltinRules;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.json.Json;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shell-warden scan}: audits many commands at once (a history file, a log, JSONL) with one
 * engine, writing one JSON line per command ({@code cmd}, {@code verdict}, {@code ruleId},
 * {@code message}) and a summary by verdict and rule on stderr, with a progress bar when stderr is
 * a terminal.
 */
@Command(name = "scan", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        description = {"Judge many commands: one per line, JSONL with a `cmd` field (and optionally `shell`),"
                + " or a bash/zsh history file.",
            "Writes one JSON line per command on stdout and a summary on stderr."})
final class ScanCommand implements Callable<Integer> {

    private final Cli.Io io;

    @Mixin
    private PolicyOptions policy = new PolicyOptions();

    @Option(names = "--project", paramLabel = "DIR", description = "the project directory the commands ran in (default: the working directory)")
    private String project;

    @Parameters(paramLabel = "FILE", arity = "0..1", defaultValue = "-", description = "the commands; - or nothing for stdin")
    private String file;

    ScanCommand(Cli.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        CheckerConfig cfg = policy.config(io.err());
        Engine engine = new Engine(policy.ruleBook(io.err()));
        // One engine for every command; a JSONL line's "shell" field picks the parser.
        Map<String, Checker> checkers = Map.of(
                "", new Checker(engine, cfg),
                "bash", new Checker(engine, cfg.withShell(dev.shellwarden.grammar.Shell.BASH)),
                "powershell", new Checker(engine, cfg.withShell(dev.shellwarden.grammar.Shell.POWERSHELL)));
        String projectDir = project != null ? project : Path.of("").toAbsolutePath().toString();
        CommandSource.Result input;
        if (file.equals("-")) {
            input = CommandSource.read(new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8)), "stdin");
        } else {
            Path p = Path.of(file);
            if (!Files.isRegularFile(p)) {
                throw new Cli.UsageError("no such file: " + file);
            }
            try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                input = CommandSource.read(r, file);
            }
        }
        for (String w : input.warnings()) {
            io.err().println("shell-warden scan: warning: " + w);
        }
        Progress progress = new Progress(io.err(), input.entries().size(), Terminal.isTty(2));
        Map<Verdict, Integer> byVerdict = new EnumMap<>(Verdict.class);
        Map<String, Integer> byRule = new HashMap<>();
        Map<String, RuleInfo> rules = new HashMap<>();
        long start = System.nanoTime();
        Writer w = new BufferedWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), 1 << 16);
        int done = 0;
        for (CommandSource.Entry e : input.entries()) {
            Verdict verdict;
            RuleInfo rule;
            try {
                CommandDecision d = checkers.get(e.shell()).decide(e.cmd(), projectDir, projectDir);
                verdict = d.verdict();
                rule = d.rule();
            } catch (RuntimeException | StackOverflowError ex) {
                // Fail closed: a command the checker cannot judge is reported as asked about.
                verdict = Verdict.ASK;
                rule = BuiltinRules.forOpaque(dev.shellwarden.grammar.OpaqueReason.INTERNAL_ERROR);
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("cmd", e.cmd());
            row.put("verdict", verdict.wire());
            row.put("ruleId", rule.id());
            row.put("message", rule.message());
            w.write(Json.write(row));
            w.write('\n');
            byVerdict.merge(verdict, 1, Integer::sum);
            byRule.merge(rule.id(), 1, Integer::sum);
            rules.putIfAbsent(rule.id(), rule);
            progress.step(++done);
        }
        w.flush();
        progress.finish();
        summary(io.err(), done, (System.nanoTime() - start) / 1e9, byVerdict, byRule, rules);
        return 0;
    }

    private static void summary(PrintStream err, int n, double seconds, Map<Verdict, Integer> byVerdict,
            Map<String, Integer> byRule, Map<String, RuleInfo> rules) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(java.util.Locale.ROOT, "scanned %d commands in %.1f s:", n, seconds));
        for (Verdict v : Verdict.values()) {
            b.append(' ').append(v.wire()).append(' ').append(byVerdict.getOrDefault(v, 0));
            if (v != Verdict.DENY) {
                b.append(',');
            }
        }
        err.println(b);
        byRule.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> {
                    RuleInfo r = rules.get(e.getKey());
                    err.printf(java.util.Locale.ROOT, "  %7d  %s%n", e.getValue(), r.name());
                });
    }

    /** A one-line progress bar on a terminal; silent otherwise. */
    private static final class Progress {
        private static final int WIDTH = 30;
        private final PrintStream err;
        private final int total;
        private final boolean on;
        private long lastDraw;

        Progress(PrintStream err, int total, boolean on) {
            this.err = err;
            this.total = total;
            this.on = on && total > 0;
        }

        void step(int done) {
            long now = System.nanoTime();
            if (!on || done != total && now - lastDraw < 100_000_000L) {
                return;
            }
            lastDraw = now;
            int filled = (int) ((long) WIDTH * done / total);
            err.print("\r[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total);
            err.flush();
        }

        void finish() {
            if (on) {
                err.print("\r" + " ".repeat(WIDTH + 25) + "\r");
                err.flush();
            }
        }
    }
}
