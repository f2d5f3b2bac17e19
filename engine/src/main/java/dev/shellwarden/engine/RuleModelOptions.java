package dev.shellwarden.engine;

import org.kie.api.conf.ConfigurationKey;
import org.kie.api.conf.OptionKey;
import org.kie.internal.builder.KnowledgeBuilderConfiguration;
import org.kie.internal.builder.conf.KnowledgeBuilderOption;
import org.kie.internal.builder.conf.MultiValueKieBuilderOption;
import org.kie.internal.builder.conf.PropertySpecificOption;
import org.kie.internal.builder.conf.SingleValueKieBuilderOption;

/**
 * The one builder option that turning executable-model classes into packages asks for: property
 * reactivity, {@code ALLOWED} as in the rules' {@code kmodule.xml}.
 *
 * <p>WHY: given no builder configuration, drools-model-compiler's {@code KiePackagesBuilder}
 * declares every fact type property-reactive ({@code ALWAYS}), whatever the model was compiled
 * with, and the Rete build then reflects over {@code Cmd}'s ~60 properties and their annotations
 * for every alpha and beta node (~10 ms of the rule base's CPU in a cold check). The rules never
 * {@code modify} a fact, so the masks are never used. A real {@code KnowledgeBuilderConfiguration}
 * lives in drools-compiler and is found through {@code KieServices} (a class-path sweep), which a
 * check never loads; this answers the single option {@code KiePackagesBuilder} reads.
 *
 * <p>INVARIANT: any other question fails loudly (an upgraded Drools asking more), so a silent
 * default can never stand in for a setting.
 */
final class RuleModelOptions implements KnowledgeBuilderConfiguration {

    private final ClassLoader loader;

    RuleModelOptions(ClassLoader loader) {
        this.loader = loader;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <C extends SingleValueKieBuilderOption> C getOption(OptionKey<C> key) {
        if (PropertySpecificOption.KEY.equals(key)) {
            return (C) PropertySpecificOption.ALLOWED;
        }
        throw new UnsupportedOperationException("rule model option not set here: " + key);
    }

    @Override
    public ClassLoader getClassLoader() {
        return loader;
    }

    @Override
    public void makeImmutable() {
        // already immutable
    }

    @Override
    public <C extends KnowledgeBuilderOption> void setOption(C option) {
        throw new UnsupportedOperationException("rule model options are fixed");
    }

    @Override
    public <X extends org.kie.api.conf.OptionsConfiguration<KnowledgeBuilderOption, SingleValueKieBuilderOption,
            MultiValueKieBuilderOption>> X as(ConfigurationKey<X> key) {
        throw new UnsupportedOperationException("rule model options have no other view: " + key);
    }

    @Override
    public boolean setProperty(String name, String value) {
        throw new UnsupportedOperationException("rule model options are fixed");
    }

    @Override
    public String getProperty(String name) {
        throw new UnsupportedOperationException("rule model option not set here: " + name);
    }
}
