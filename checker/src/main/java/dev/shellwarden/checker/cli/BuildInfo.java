package dev.shellwarden.checker.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * What the build recorded about this executable ({@code META-INF/shell-warden/build.properties},
 * written by {@link BuildStamp}): its version and the sha256 of the built-in rule set. Read, never
 * computed, at run time.
 */
public final class BuildInfo implements CommandLine.IVersionProvider {

    /** Where the build writes its stamp. */
    public static final String RESOURCE = "META-INF/shell-warden/build.properties";

    private static final Properties PROPS = load();

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** The executable's version, or {@code unknown}. */
    public static String version() {
        return PROPS.getProperty("version", "unknown");
    }

    /** The sha256 of the built-in rule set (its DRL sources), or {@code unknown}. */
    public static String rulesSha256() {
        return PROPS.getProperty("rules.sha256", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"shell-warden " + version(), "built-in rules sha256 " + rulesSha256()};
    }
}
