package dev.shellwarden.checker.config;

import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.grammar.Shell;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The checker's configuration, read from a JSONC file or the built-in defaults.
 *
 * @param mode     LOOSE or HARD
 * @param shell    how a command's {@code raw} is parsed
 * @param overlay  rule verdict changes
 * @param policy   a precompiled policy bundle whose rules join the built-in ones, if any
 * @param warnings non-fatal problems found while reading (unknown keys…), one line each
 */
public record CheckerConfig(Mode mode, Shell shell, Overlay overlay, Optional<PolicyRef> policy,
        List<String> warnings) {

    /** The built-in defaults: LOOSE, bash, no overlay, no policy bundle. */
    public static final CheckerConfig DEFAULTS = new CheckerConfig(Mode.LOOSE, Shell.BASH, Overlay.NONE, List.of());

    /** Freezes the list. */
    public CheckerConfig {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(shell, "shell");
        Objects.requireNonNull(overlay, "overlay");
        Objects.requireNonNull(policy, "policy");
        warnings = List.copyOf(warnings);
    }

    /** A config without a policy bundle. */
    public CheckerConfig(Mode mode, Shell shell, Overlay overlay, List<String> warnings) {
        this(mode, shell, overlay, Optional.empty(), warnings);
    }

    /** This config in another mode. */
    public CheckerConfig withMode(Mode m) {
        return new CheckerConfig(m, shell, overlay, policy, warnings);
    }

    /** This config with another shell. */
    public CheckerConfig withShell(Shell s) {
        return new CheckerConfig(mode, s, overlay, policy, warnings);
    }
}
