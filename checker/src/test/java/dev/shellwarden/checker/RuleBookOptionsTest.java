package dev.shellwarden.checker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.fact.Cmd;
import org.drools.base.definitions.InternalKnowledgePackage;
import org.drools.base.rule.TypeDeclaration;
import org.junit.jupiter.api.Test;
import org.kie.api.definition.KiePackage;

/**
 * The built-in rule base is built as the rules were compiled: no fact type is property-reactive
 * (kmodule.xml's ALLOWED, none asks), so the Rete build spends nothing on reactivity masks.
 */
class RuleBookOptionsTest {

    @Test
    void factTypesAreNotPropertyReactive() {
        RuleBook book = RuleBook.builtIn(RuleBookOptionsTest.class.getClassLoader());
        boolean cmdDeclared = false;
        for (KiePackage p : book.kieBase().getKiePackages()) {
            for (TypeDeclaration t : ((InternalKnowledgePackage) p).getTypeDeclarations().values()) {
                assertFalse(t.isPropertyReactive(), t.getTypeClassName() + " is property-reactive");
                cmdDeclared |= t.getTypeClass() == Cmd.class;
            }
        }
        assertTrue(cmdDeclared, "no type declaration for Cmd: the test reads nothing");
    }
}
