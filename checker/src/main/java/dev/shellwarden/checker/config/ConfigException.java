package dev.shellwarden.checker.config;

/** The config cannot be used; the checker exits 2 with this one-line message. */
public final class ConfigException extends RuntimeException {

    /** A problem described in one line. */
    public ConfigException(String message) {
        super(message, null, false, false);
    }
}
