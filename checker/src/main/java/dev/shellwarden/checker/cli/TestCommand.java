package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseFile;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shell-warden test}: runs example cases (the corpus {@code .cases} format) against the
 * built-in rules plus the author's, like {@code opa test}. Prints each failure with the expected and
 * actual verdict and rule, ends with {@code N passed, N failed}, exits 1 on any failure.
 */
@Command(name = "test", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        description = {"Run example cases against the built-in rules plus yours.",
            "Cases come from CASES (files or folders of .cases), else from the --rules folder, else from the"
                + " config's policy bundle. Exit 0 when all pass, 1 when any fails, 2 on bad input."})
final class TestCommand implements Callable<Integer> {

    private final Cli.Io io;

    @Mixin
    private PolicyOptions policy = new PolicyOptions();

    @Option(names = {"-v", "--verbose"}, description = "also list the cases that pass")
    private boolean verbose;

    @Parameters(paramLabel = "CASES", arity = "0..*", description = ".cases files or folders holding them")
    private List<Path> cases = new ArrayList<>();

    TestCommand(Cli.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        CheckerConfig cfg = policy.config(io.err());
        Engine engine = new Engine(policy.ruleBook(io.err()));
        List<Case> all = new ArrayList<>();
        if (!cases.isEmpty()) {
            for (Path p : cases) {
                if (Files.isDirectory(p)) {
                    all.addAll(CaseFile.readTree(p));
                } else if (Files.isRegularFile(p)) {
                    all.addAll(CaseFile.read(p, p.toString()));
                } else {
                    throw new Cli.UsageError("no such cases file or folder: " + p);
                }
            }
        } else if (policy.bundle() != null) {
            PolicyBundle b = policy.bundle();
            String base = policy.rules != null ? policy.rules.toString() : b.label();
            for (Map.Entry<String, String> e : b.cases().entrySet()) {
                all.addAll(CaseFile.parse(e.getValue(), base + "/" + e.getKey()));
            }
        }
        if (all.isEmpty()) {
            throw new Cli.UsageError("no cases to run: name .cases files or folders, or a --rules folder holding .cases");
        }
        CaseReport report = CaseReport.run(engine, cfg.overlay(), all, io.out(), verbose);
        io.out().println(report.summary());
        return report.failed() == 0 ? 0 : Cli.EXIT_FAILED;
    }
}
