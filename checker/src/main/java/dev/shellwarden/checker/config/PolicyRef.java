package dev.shellwarden.checker.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The config's {@code "policy"} entry: a precompiled policy bundle (written by
 * {@code shell-warden compile}) and the sha256 it must have. The check refuses a bundle whose bytes
 * hash differently, so a swapped or half-written file can never change verdicts.
 *
 * @param path   the bundle file, absolute or resolved against the config file's folder
 * @param sha256 the expected sha256 of the file, 64 lower-case hex digits
 */
public record PolicyRef(Path path, String sha256) {

    /** Validates the fields. */
    public PolicyRef {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(sha256, "sha256");
        if (!sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("sha256 must be 64 lower-case hex digits");
        }
    }
}
