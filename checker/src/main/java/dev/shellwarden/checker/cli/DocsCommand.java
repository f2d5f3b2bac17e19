package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.cases.CaseFile;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.engine.RuleBook;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code shell-warden docs}: writes {@code docs/rules.md} from the rules' metadata and the example
 * cases (the corpus's {@code rules/} folder, plus a policy's own cases with {@code --rules} or a
 * config bundle). Run from the repository root it regenerates the committed file.
 */
@Command(name = "docs", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        description = {"Write the rules reference (one section per rule) from the rules' metadata and the corpus.",
            "From the repository root: " + RulesDoc.REGENERATE})
final class DocsCommand implements Callable<Integer> {

    private final Cli.Io io;

    @Mixin
    private PolicyOptions policy = new PolicyOptions();

    @Option(names = "--corpus", paramLabel = "DIR", description = "the corpus folder; its rules/*.cases give the examples (default: corpus, when it exists)")
    private Path corpus;

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "docs/rules.md", description = "where to write; - for stdout (default: ${DEFAULT-VALUE})")
    private String out;

    DocsCommand(Cli.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        RuleBook book = policy.ruleBook(io.err());
        List<Case> cases = new ArrayList<>();
        Path dir = corpus != null ? corpus : Path.of("corpus");
        if (corpus != null && !Files.isDirectory(dir)) {
            throw new Cli.UsageError("no corpus folder " + corpus);
        }
        if (Files.isDirectory(dir.resolve("rules"))) {
            cases.addAll(CaseFile.readTree(dir.resolve("rules")));
        }
        PolicyBundle b = policy.bundle();
        if (b != null) {
            for (Map.Entry<String, String> e : b.cases().entrySet()) {
                cases.addAll(CaseFile.parse(e.getValue(), b.label() + "/" + e.getKey()));
            }
        }
        String text = RulesDoc.render(book, cases);
        if (out.equals("-")) {
            io.out().print(text);
            return 0;
        }
        Path target = Path.of(out);
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new Cli.UsageError("cannot write " + out + ": no folder " + parent);
        }
        Files.writeString(target, text, StandardCharsets.UTF_8);
        io.err().println("wrote " + out + " (" + book.rulesByName().size() + " DRL rules)");
        return 0;
    }
}
