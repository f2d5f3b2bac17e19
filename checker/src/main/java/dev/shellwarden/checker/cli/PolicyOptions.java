package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.checker.policy.PolicyBundle;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.RuleInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The options that choose the rules a subcommand judges with: a config (mode, shell, overlay, a
 * compiled policy bundle) and, for authors at work, a folder of uncompiled rules compiled in
 * memory on the spot.
 */
final class PolicyOptions {

    @Option(names = "--config", paramLabel = "FILE", description = "config file (mode, shell, rules, policy bundle)")
    Path config;

    @Option(names = "--rules", paramLabel = "DIR",
            description = "a folder of your .drl rules (and .cases), compiled in memory and added to the built-in rules")
    Path rules;

    private CheckerConfig cfg;
    private PolicyBundle bundle;

    /** The config: the file's, or the built-in defaults. Warnings go to {@code err}. */
    CheckerConfig config(PrintStream err) {
        if (cfg == null) {
            cfg = config == null ? CheckerConfig.DEFAULTS : ConfigReader.read(config);
            for (String w : cfg.warnings()) {
                err.println("shell-warden: warning: " + w);
            }
        }
        return cfg;
    }

    /**
     * The rule book: the built-in rules plus either the config's bundle or the rules folder compiled now.
     *
     * @throws Cli.UsageError when the rules folder does not compile (the diagnostics go to
     *                        {@code err} first)
     */
    RuleBook ruleBook(PrintStream err) throws IOException {
        CheckerConfig c = config(err);
        ClassLoader loader = PolicyOptions.class.getClassLoader();
        if (rules == null) {
            if (c.policy().isPresent()) {
                bundle = PolicyBundle.load(c.policy().get());
                return bundle.ruleBook(loader);
            }
            return RuleBook.builtIn(loader);
        }
        if (c.policy().isPresent()) {
            throw new Cli.UsageError("--rules and a config with a policy bundle cannot be combined: drop one");
        }
        bundle = compileInMemory(rules, err);
        return bundle.ruleBook(loader);
    }

    /** The bundle in use after {@link #ruleBook}, or null. */
    PolicyBundle bundle() {
        return bundle;
    }

    /** Compiles a rules folder into an in-memory bundle, printing diagnostics to {@code err}. */
    static PolicyBundle compileInMemory(Path dir, PrintStream err) throws IOException {
        PolicyCompiler.Result r = compile(dir, err);
        return new PolicyBundle(dir.toString(), r.classes(), r.models(), new Properties(), r.cases());
    }

    /** Compiles a rules folder, printing every diagnostic; throws when there are errors. */
    static PolicyCompiler.Result compile(Path dir, PrintStream err) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new Cli.UsageError("no rules folder " + dir);
        }
        PolicyCompiler.Result r = PolicyCompiler.compile(dir, builtInIds());
        for (Diagnostic d : r.errors()) {
            err.println(d);
        }
        for (Diagnostic d : r.warnings()) {
            err.println(d.file() + ":" + d.line() + ":" + d.column() + ": warning: " + d.message());
        }
        if (!r.ok()) {
            throw new Cli.UsageError(r.errors().size() + (r.errors().size() == 1 ? " error" : " errors")
                    + " in " + dir + ": nothing written");
        }
        return r;
    }

    /** The ids of the executable's own rules (DRL and engine). */
    static Set<String> builtInIds() {
        Set<String> ids = new HashSet<>();
        for (RuleInfo r : RuleBook.builtIn(PolicyOptions.class.getClassLoader()).rulesByName().values()) {
            ids.add(r.id());
        }
        for (RuleInfo r : dev.shellwarden.engine.BuiltinRules.all()) {
            ids.add(r.id());
        }
        return ids;
    }
}
