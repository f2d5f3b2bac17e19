package dev.shellwarden.checker.policy;

import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.config.ConfigException;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.checker.config.PolicyRef;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.grammar.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A precompiled policy: the author's rules as Drools executable-model classes, written by
 * {@code shell-warden compile}, joined to the built-in rules in one KieBase. A check never compiles
 * DRL; it defines the bundle's classes from the verified bytes and instantiates the listed models.
 *
 * <p>The file is a jar (zip):
 * <pre>
 * META-INF/shell-warden/bundle.properties   format, versions, built-in rule-set hash, rule ids
 * META-INF/shell-warden/models              the generated model classes, one per line
 * META-INF/shell-warden/cases/…​.cases       the author's examples
 * com/example/…​.class                       the generated classes
 * </pre>
 */
public final class PolicyBundle {

    /** The bundle's properties entry. */
    public static final String PROPERTIES = "META-INF/shell-warden/bundle.properties";
    /** The list of model classes. */
    public static final String MODELS = "META-INF/shell-warden/models";
    /** Folder of the author's example cases. */
    public static final String CASES = "META-INF/shell-warden/cases/";
    /** The bundle format this executable reads and writes. */
    public static final String FORMAT = "1";
    /** Largest bundle file read, in bytes. */
    public static final int MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

    private final String label;
    private final Map<String, byte[]> classes;
    private final List<String> models;
    private final Properties properties;
    private final Map<String, String> cases;

    /** A bundle from its parts; {@code label} names it in messages. */
    public PolicyBundle(String label, Map<String, byte[]> classes, List<String> models, Properties properties,
            Map<String, String> cases) {
        this.label = label;
        this.classes = Map.copyOf(classes);
        this.models = List.copyOf(models);
        this.properties = properties;
        this.cases = new TreeMap<>(cases);
    }

    /**
     * Reads the bundle a config names, refusing it unless its bytes have the configured sha256.
     *
     * @throws ConfigException when the file is missing, too large, altered or malformed
     */
    public static PolicyBundle load(PolicyRef ref) {
        byte[] bytes;
        try {
            if (Files.size(ref.path()) > MAX_BUNDLE_BYTES) {
                throw new ConfigException("policy bundle " + ref.path() + " exceeds " + MAX_BUNDLE_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(ref.path());
        } catch (IOException e) {
            throw new ConfigException("cannot read policy bundle " + ref.path() + ": " + ConfigReader.describe(e));
        }
        String actual = sha256(bytes);
        if (!actual.equals(ref.sha256())) {
            throw new ConfigException("policy bundle " + ref.path() + " has sha256 " + actual
                    + " but the config expects " + ref.sha256()
                    + ": recompile it or update policy.sha256 to the value `shell-warden compile` printed");
        }
        return read(bytes, ref.path().toString());
    }

    /** Parses bundle bytes (already verified). */
    public static PolicyBundle read(byte[] bytes, String label) {
        Map<String, byte[]> classes = new HashMap<>();
        Map<String, String> cases = new HashMap<>();
        List<String> models = new ArrayList<>();
        Properties props = null;
        long total = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
            ZipEntry e;
            while ((e = zip.getNextEntry()) != null) {
                String name = e.getName();
                if (e.isDirectory()) {
                    continue;
                }
                byte[] content = readEntry(zip);
                // INVARIANT: a small file cannot expand without bound in memory (zip bomb).
                total += content.length;
                if (total > MAX_BUNDLE_BYTES) {
                    throw new IOException("contents exceed " + MAX_BUNDLE_BYTES + " bytes");
                }
                if (name.endsWith(".class")) {
                    classes.put(name.substring(0, name.length() - 6).replace('/', '.'), content);
                } else if (name.equals(MODELS)) {
                    for (String line : new String(content, StandardCharsets.UTF_8).split("\n")) {
                        if (!line.isBlank()) {
                            models.add(line.trim());
                        }
                    }
                } else if (name.equals(PROPERTIES)) {
                    props = new Properties();
                    props.load(new StringReader(new String(content, StandardCharsets.UTF_8)));
                } else if (name.startsWith(CASES) && name.endsWith(".cases")) {
                    cases.put(name.substring(CASES.length()), new String(content, StandardCharsets.UTF_8));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("policy bundle " + label + " is not a readable bundle: " + Json.oneLine(e.toString()));
        }
        if (props == null || models.isEmpty()) {
            throw new ConfigException("policy bundle " + label + " is not a shell-warden bundle (no "
                    + (props == null ? PROPERTIES : MODELS) + "): write it with `shell-warden compile`");
        }
        if (!FORMAT.equals(props.getProperty("format"))) {
            throw new ConfigException("policy bundle " + label + " has format " + props.getProperty("format")
                    + ", this shell-warden reads format " + FORMAT + ": recompile it with `shell-warden compile`");
        }
        return new PolicyBundle(label, classes, models, props, cases);
    }

    private static byte[] readEntry(InputStream in) throws IOException {
        byte[] b = in.readNBytes(MAX_BUNDLE_BYTES + 1);
        if (b.length > MAX_BUNDLE_BYTES) {
            throw new IOException("entry exceeds " + MAX_BUNDLE_BYTES + " bytes");
        }
        return b;
    }

    /**
     * The rule book for a config: the built-in rules, plus its policy bundle's when it names one.
     *
     * @throws ConfigException when the bundle cannot be read, verified or loaded
     */
    public static RuleBook ruleBook(CheckerConfig config, ClassLoader loader) {
        if (config.policy().isEmpty()) {
            return RuleBook.builtIn(loader);
        }
        return load(config.policy().get()).ruleBook(loader);
    }

    /**
     * One rule book of the built-in rules and this bundle's, through a loader on top of
     * {@code parent}.
     *
     * @throws ConfigException when the classes do not load (compiled by another shell-warden) or
     *                         a rule id is used twice
     */
    public RuleBook ruleBook(ClassLoader parent) {
        RuleBook book;
        try {
            book = RuleBook.fromModels(new BundleClassLoader(classes, parent),
                    List.of(RuleBook.BUILT_IN_MODEL_LIST), models);
        } catch (IllegalStateException | LinkageError | ClassCastException e) {
            throw new ConfigException("policy bundle " + label + " cannot be loaded (" + Json.oneLine(e.getMessage())
                    + "): recompile it with this shell-warden's `compile`");
        }
        Map<String, String> ids = new HashMap<>();
        for (RuleInfo r : book.rulesByName().values()) {
            String other = ids.put(r.id(), r.name());
            if (other != null) {
                throw new ConfigException("policy bundle " + label + ": rule id " + r.id() + " is used by both `"
                        + other + "` and `" + r.name() + "`: give the author rule another id and recompile");
            }
        }
        return book;
    }

    /** The model classes the bundle lists. */
    public List<String> models() {
        return models;
    }

    /** A property of the bundle ({@code builtin.sha256}, {@code rules}…), or empty. */
    public String property(String key) {
        return properties.getProperty(key, "");
    }

    /** The author's example cases, by path relative to the rules folder. */
    public Map<String, String> cases() {
        return cases;
    }

    /** Where the bundle came from, for messages. */
    public String label() {
        return label;
    }

    /** The lower-case hex sha256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }
}
