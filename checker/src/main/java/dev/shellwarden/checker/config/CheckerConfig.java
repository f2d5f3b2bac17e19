package dev.shellwarden.checker.config;

import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.grammar.Shell;
import java.util.List;
import java.util.Objects;

/**
 * The checker's configuration, read from a JSONC file or the built-in defaults.
 *
 * @param mode     LOOSE or HARD
 * @param shell    how a command's {@code raw} is parsed
 * @param overlay  rule verdict changes
 * @param warnings non-fatal problems found while reading (unknown keys…), one line each
 */
public record CheckerConfig(Mode mode, Shell shell, Overlay overlay, List<String> warnings) {

    /** The built-in defaults: LOOSE, bash, no overlay. */
    public static final CheckerConfig DEFAULTS = new CheckerConfig(Mode.LOOSE, Shell.BASH, Overlay.NONE, List.of());

    /** Freezes the list. */
    public CheckerConfig {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(shell, "shell");
        Objects.requireNonNull(overlay, "overlay");
        warnings = List.copyOf(warnings);
    }
}
