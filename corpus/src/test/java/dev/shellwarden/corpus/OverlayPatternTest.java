package dev.shellwarden.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.config.ConfigException;
import dev.shellwarden.checker.config.ConfigReader;
import dev.shellwarden.engine.CommandDecision;
import org.junit.jupiter.api.Test;

/** The config overlay's argv-prefix patterns and rule switches, through the real checker and rules. */
class OverlayPatternTest {

    private static CommandDecision decide(String config, String command) {
        CheckerConfig cfg = ConfigReader.parse(config);
        return new Checker(Corpus.ENGINE, cfg).decide(command, Case.DEFAULT_PROJECT, Case.DEFAULT_PROJECT);
    }

    private static String verdict(String config, String command) {
        CommandDecision d = decide(config, command);
        return d.verdict().wire() + " " + d.rule().id();
    }

    @Test
    void allowPatternMakesHardRunAnUnflaggedCommand() {
        String cfg = "{ \"mode\": \"hard\", \"allow\": [\"make deploy-preview\"] }";
        assertEquals("allow SW0006", verdict(cfg, "make deploy-preview"));
        assertEquals("ask SW0002", verdict(cfg, "make deploy-production"));
    }

    @Test
    void wildcardMatchesOneWordAndTheCommandByBaseName() {
        String cfg = "{ \"mode\": \"hard\", \"allow\": [\"./tool * --offline\"] }";
        assertEquals("allow SW0006", verdict(cfg, "./tool sync --offline"));
        assertEquals("ask SW0002", verdict(cfg, "./tool sync"));
        assertEquals("allow SW0006", verdict("{ \"mode\": \"hard\", \"allow\": [\"terraform fmt\"] }", "/usr/local/bin/terraform fmt -check"));
    }

    @Test
    void allowPatternNeverLoosensAFloorRuleOrAnotherRule() {
        assertEquals("deny SW2001", verdict("{ \"allow\": [\"rm\"] }", "rm -rf /"));
        assertEquals("deny SW7001", verdict("{ \"allow\": [\"npm run dev\"] }", "npm run dev"));
    }

    @Test
    void askAndDenyPatternsTightenLoose() {
        assertEquals("deny SW0008", verdict("{ \"deny\": [\"npm publish\"] }", "npm publish --access public"));
        assertEquals("ask SW0007", verdict("{ \"ask\": [\"terraform apply\"] }", "cd infra && terraform apply"));
        assertEquals("allow SW0001", verdict("{ \"deny\": [\"npm publish\"] }", "npm pack"));
    }

    @Test
    void aDynamicWordMatchesOnlyTheWildcard() {
        String cfg = "{ \"mode\": \"hard\", \"allow\": [\"git checkout main\"] }";
        assertEquals("ask SW0002", verdict(cfg, "git checkout $BRANCH"));
    }

    @Test
    void ruleSwitchesCannotLoosenTheFloor() {
        assertEquals("deny SW2001", verdict("{ \"rules\": { \"SW2001\": \"off\" } }", "rm -rf /"));
        assertEquals("allow SW0001", verdict("{ \"rules\": { \"SW3001\": \"off\" } }", "git reset --hard"));
        assertEquals("ask SW7001", verdict("{ \"rules\": { \"SW7001\": \"ask\" } }", "npm run dev"));
    }

    @Test
    void badPatternsAreConfigErrors() {
        assertThrows(ConfigException.class, () -> ConfigReader.parse("{ \"allow\": \"make\" }"));
        assertThrows(ConfigException.class, () -> ConfigReader.parse("{ \"deny\": [\"  \"] }"));
        assertThrows(ConfigException.class, () -> ConfigReader.parse("{ \"ask\": [1] }"));
    }
}
