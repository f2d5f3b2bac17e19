package dev.shellwarden.hook;

/**
 * Judges one shell command. The checker implements it with its rule engine; adapters only
 * translate an agent client's hook protocol to and from it.
 *
 * <p>INVARIANT for callers: anything but a returned non-null {@link Judgement} (an exception, an
 * error, a null, no answer in time) means "could not decide" and must end as a refusal, never as
 * a run.
 */
@FunctionalInterface
public interface CommandJudge {

    /**
     * Judges {@code call}: its command as it would run in the absolute directory {@code call.cwd()}
     * (the judge decides which project directory that belongs to), in the foreground or in the
     * client's background.
     *
     * @throws Exception when it cannot decide (bad configuration, internal error…)
     */
    Judgement judge(ShellCall call) throws Exception;
}
