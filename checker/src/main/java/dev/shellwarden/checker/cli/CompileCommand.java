package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseFile;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Overlay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code shell-warden compile}: validates an author's rules folder (DRL errors and missing metadata
 * as {@code file:line:col: message}), runs the folder's own examples against the built-in rules plus
 * the new ones, and only then writes a precompiled bundle (executable model) for the config's
 * {@code "policy"} entry. Prints the bundle's sha256 and the config entry to paste.
 */
@Command(name = "compile", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        description = {"Validate your rules, run their examples and write a precompiled policy bundle.",
            "Exit 0 when written, 1 when an example fails, 2 on errors in the rules (nothing is written then)."})
final class CompileCommand implements Callable<Integer> {

    private final Cli.Io io;

    @Option(names = "--rules", required = true, paramLabel = "DIR", description = "folder of your .drl rules and their .cases")
    private Path rules;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the bundle to write")
    private Path out;

    CompileCommand(Cli.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        Path parent = out.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new Cli.UsageError("cannot write " + out + ": no folder " + parent);
        }
        if (Files.isDirectory(out)) {
            throw new Cli.UsageError("cannot write " + out + ": it is a folder; name the bundle file, e.g. " + out.resolve("policy.swb"));
        }
        PolicyCompiler.Result r = PolicyOptions.compile(rules, io.err());
        PolicyBundle bundle = new PolicyBundle(rules.toString(), r.classes(), r.models(), new Properties(), r.cases());
        Engine engine = new Engine(bundle.ruleBook(CompileCommand.class.getClassLoader()));
        List<Case> cases = new ArrayList<>();
        for (Map.Entry<String, String> e : r.cases().entrySet()) {
            cases.addAll(CaseFile.parse(e.getValue(), rules.resolve(e.getKey()).toString()));
        }
        for (PolicyCompiler.AuthorRule rule : r.rules()) {
            boolean shown = cases.stream().anyMatch(c -> c.decidingRule().map(rule.id()::equals).orElse(false));
            if (rule.decides() && !shown) {
                io.err().println(rule.file() + ":" + rule.line() + ":1: warning: rule \"" + rule.name()
                        + "\" has no example where it decides: add a case `--- <verdict> " + rule.id() + "` to a .cases file");
            }
            boolean nearMiss = cases.stream().anyMatch(c -> c.notFired().contains(rule.id()));
            if (rule.decides() && !nearMiss) {
                io.err().println(rule.file() + ":" + rule.line() + ":1: warning: rule \"" + rule.name()
                        + "\" has no near miss: add a case `--- allow !" + rule.id() + "` it must not fire on");
            }
        }
        CaseReport report = CaseReport.run(engine, Overlay.NONE, cases, io.err());
        if (report.failed() > 0) {
            io.err().println(report.summary() + ": examples fail, " + out + " not written");
            return Cli.EXIT_FAILED;
        }
        Map<String, String> props = new TreeMap<>();
        props.put("shell-warden.version", BuildInfo.version());
        props.put("builtin.rules.sha256", BuildInfo.rulesSha256());
        props.put("rules", String.join(",", r.rules().stream().map(PolicyCompiler.AuthorRule::id).sorted().toList()));
        byte[] bytes = BundleWriter.bytes(r, props);
        BundleWriter.write(bytes, out);
        String sha = PolicyBundle.sha256(bytes);
        io.out().println("wrote " + out + ": " + r.rules().size() + (r.rules().size() == 1 ? " rule" : " rules")
                + ", " + report.passed() + " examples passed");
        io.out().println("sha256 " + sha);
        io.out().println("config: \"policy\": {\"path\": \"" + out.toString().replace("\\", "\\\\").replace("\"", "\\\"")
                + "\", \"sha256\": \"" + sha + "\"}");
        return 0;
    }
}
