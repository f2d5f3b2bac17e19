package dev.shellwarden.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.drools.core.impl.RuleBaseFactory;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.KieBaseConfiguration;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;

/**
 * A loaded rule set: the KieBase built directly from precompiled executable-model classes, and
 * every rule's metadata.
 *
 * <p>WHY no KieContainer: a container scans the classpath and parses kmodule.xml (0.5–2 s); the
 * build already wrote the list of generated model classes, so they are instantiated directly. No
 * DRL is ever compiled here.
 */
public final class RuleBook {

    /** Where kie-maven-plugin lists the model classes of the built-in rules. */
    public static final String BUILT_IN_MODEL_LIST =
            "META-INF/kie/dev.shellwarden/shell-warden-rules/drools-model";

    private final KieBase kieBase;
    private final Map<String, RuleInfo> byName;

    private RuleBook(KieBase kieBase) {
        this.kieBase = kieBase;
        Map<String, RuleInfo> infos = new LinkedHashMap<>();
        List<Rule> rules = new ArrayList<>();
        for (KiePackage p : kieBase.getKiePackages()) {
            rules.addAll(p.getRules());
        }
        rules.sort((a, b) -> a.getName().compareTo(b.getName()));
        for (Rule r : rules) {
            infos.put(r.getName(), RuleInfo.fromMetadata(r.getName(), r.getMetaData()));
        }
        this.byName = Collections.unmodifiableMap(infos);
    }

    /** A rule book over an already built KieBase (tests, tools). */
    public static RuleBook of(KieBase kieBase) {
        return new RuleBook(kieBase);
    }

    /** The built-in rules, from the classpath of {@code loader}. */
    public static RuleBook builtIn(ClassLoader loader) {
        return fromModelLists(loader, List.of(BUILT_IN_MODEL_LIST));
    }

    /**
     * Builds one rule book from the model classes listed in each resource of {@code lists} (every
     * copy found on the class path of {@code loader}).
     *
     * @throws IllegalStateException when a list is missing or a class cannot be loaded
     */
    public static RuleBook fromModelLists(ClassLoader loader, List<String> lists) {
        return fromModels(loader, lists, List.of());
    }

    /**
     * Builds one rule book from the model classes listed in each resource of {@code lists} plus the
     * model classes named in {@code extraModels} (a policy bundle's), all loaded through
     * {@code loader}: one KieBase, so author rules see the built-in rules' categories.
     *
     * @throws IllegalStateException when a list is missing or a class cannot be loaded
     */
    public static RuleBook fromModels(ClassLoader loader, List<String> lists, List<String> extraModels) {
        List<Model> models = new ArrayList<>();
        for (String list : lists) {
            List<String> classNames = readModelList(loader, list);
            if (classNames.isEmpty()) {
                throw new IllegalStateException("no rule model listed at " + list);
            }
            for (String className : classNames) {
                models.add(instantiate(loader, className));
            }
        }
        for (String className : extraModels) {
            models.add(instantiate(loader, className));
        }
        // WHY an explicit configuration: the no-configuration overload asks KieServices.get() for
        // one, which sweeps the class path with ServiceLoader (drools-compiler's KieServicesImpl).
        KieBaseConfiguration conf = RuleBaseFactory.newKnowledgeBaseConfiguration(null, loader);
        return new RuleBook(KieBaseBuilder.createKieBaseFromModel(models, conf, new RuleModelOptions(loader)));
    }

    /**
     * One metadata attribute of a rule, unquoted ({@code alternative}, {@code rationale},
     * {@code shell}…), or empty.
     */
    public String metadata(String ruleName, String key) {
        for (KiePackage p : kieBase.getKiePackages()) {
            Rule r = p.getRules().stream().filter(x -> x.getName().equals(ruleName)).findFirst().orElse(null);
            if (r != null) {
                return RuleInfo.text(r.getMetaData().get(key));
            }
        }
        return "";
    }

    private static List<String> readModelList(ClassLoader loader, String resource) {
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> urls = loader.getResources(resource);
            while (urls.hasMoreElements()) {
                try (InputStream in = urls.nextElement().openStream();
                        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        // The first line is a version header ("Drools-Model-Version:10.2.0").
                        if (!line.isBlank() && line.indexOf(':') < 0) {
                            names.add(line.trim());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + ": " + e.getMessage(), e);
        }
        return names;
    }

    private static Model instantiate(ClassLoader loader, String className) {
        try {
            return (Model) Class.forName(className, true, loader).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot load rule model " + className + ": " + e, e);
        }
    }

    /** The KieBase to open sessions on. */
    public KieBase kieBase() {
        return kieBase;
    }

    /** Every rule's metadata, by DRL rule name, sorted by name. */
    public Map<String, RuleInfo> rulesByName() {
        return byName;
    }

    /** The metadata of a rule by DRL name, or null. */
    public RuleInfo rule(String name) {
        return byName.get(name);
    }
}
