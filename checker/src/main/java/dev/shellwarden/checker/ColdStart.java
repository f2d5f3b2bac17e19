package dev.shellwarden.checker;

/**
 * One-time JVM and library initialisations of a cold check, done where they cost least.
 *
 * <p>WHY: a check is one short-lived process, and profiling a cold one-command check
 * (async-profiler, Java 25 with the AOT cache) showed one-time static initialisers on the rule
 * base's critical path that have nothing to do with the rules: the first {@code not} pattern of
 * the rule model asks {@code UUID.randomUUID()} for an id, which loads the JDK's security
 * providers (~12 ms of CPU), and Drools' {@code OpenBitSet} (pattern masks of fact types with
 * over 62 properties, as {@code Cmd} has) reflects on {@code sun.misc.Unsafe} in its static
 * initialiser: the first reflective call of a JDK method parses its annotations and spins
 * annotation proxy classes (~17 ms). The rule base is built on a second thread (Preload); another
 * thread is idle while it starts, so it runs these initialisers and the builder later finds them
 * done.
 *
 * <p>INVARIANT: nothing here changes a result. Each step only initialises a class or a JDK
 * singleton the check would initialise anyway; a step that fails (a library changed) is skipped,
 * and the builder then pays for it itself.
 */
final class ColdStart {

    private ColdStart() {
    }

    /** Before any library is touched: settings that decide how libraries start. */
    static void beforeDrools() {
        // slf4j 2 otherwise sweeps the class path with ServiceLoader for a logging provider; the
        // jar carries only slf4j-nop, so name it. An explicit setting from the command line wins.
        // It reports that choice on stderr at INFO level, hence the verbosity.
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "org.slf4j.nop.NOPServiceProvider");
            if (System.getProperty("slf4j.internal.verbosity") == null) {
                System.setProperty("slf4j.internal.verbosity", "WARN");
            }
        }
    }

    /** Drools' bit set for pattern masks of fact types with over 62 properties. */
    private static final String DROOLS_OPEN_BIT_SET = "org.drools.util.bitmask.OpenBitSet";

    /** Off the rule base's thread, right after it started, in the order the builder needs them. */
    static void aheadOfTheRuleBase() {
        // The UUID holder's SecureRandom; the id drawn here is thrown away.
        java.util.UUID.randomUUID();
        try {
            Class.forName(DROOLS_OPEN_BIT_SET, true, ColdStart.class.getClassLoader());
        } catch (ReflectiveOperationException | LinkageError e) {
            // skipped: the rule base initialises it itself if it needs it
        }
    }
}
