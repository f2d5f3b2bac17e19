package dev.shellwarden.bench;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.RuleBook;

/** One warm checker, built the way the executable builds it, shared by the benchmarks. */
final class WarmPath {

    /** The project directory of every benchmark letter. */
    static final String PROJECT = "/home/dev/project";

    private WarmPath() {
    }

    /** A checker over the built-in rules with the default config. */
    static Checker checker() {
        return new Checker(new Engine(RuleBook.builtIn(WarmPath.class.getClassLoader())), CheckerConfig.DEFAULTS);
    }
}
